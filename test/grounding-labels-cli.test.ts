/**
 * `--page-timeout` (issue 15, item 8): a page that needs longer than the bound fails as a sample with
 * reason `timeout` (a clear rejects line naming the page, nothing else lost); a bad value is a usage error.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'uisynth.js');
const cli = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 300_000, cwd: ROOT });

describe('grounding --page-timeout', () => {
  it('rejects a value that is not a positive number of seconds', () => {
    const out = mkdtempSync(join(tmpdir(), 'uisynth-pt-'));
    const r = cli('grounding', '--pages', 'test/fixtures/pages-slow/*.html', '--out', out, '--page-timeout', '0', '--quiet');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/--page-timeout/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('a page slower than the bound fails as a sample with reason timeout, naming the page', () => {
    const out = mkdtempSync(join(tmpdir(), 'uisynth-pt-'));
    const r = cli('grounding', '--pages', 'test/fixtures/pages-slow/*.html', '--out', out, '--page-timeout', '1', '--quiet', '--concurrency', '1');
    expect(r.status, r.stderr).toBe(4);
    const rejects = readdirSync(out).filter((f) => f.endsWith('.rejects.jsonl'));
    expect(rejects.length).toBe(1);
    const rows = readFileSync(join(out, rejects[0]!), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { reason: string; error?: string; message?: string });
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows[0])).toMatch(/busy-load\.html/);
    // the load event never comes within 1 s: reason `timeout` (as --help says), with what to do
    expect(rows.map((x) => x.reason)).toEqual(rows.map(() => 'timeout'));
    expect(rows[0]!.message).toMatch(/did not finish loading within 1 s .*raise --page-timeout/);
  });
});
