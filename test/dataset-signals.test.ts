/**
 * Stopping a run by signal (issue 16 item 5): Ctrl-C in a terminal (SIGINT to the whole process group,
 * Chromium included), a scheduler's preemption (SIGTERM to uisynth) — one line, exit 128 + signal number,
 * every complete shard kept, the shard in progress NOT sealed, and the same command run again completes
 * the dataset byte-identical to an uninterrupted run. Before: the browser was closed first, the samples in
 * flight failed as `capture_failed`, their shard was sealed with those rejects and a rerun skipped it
 * (SIGINT), or the signal was ignored and the run went on (SIGTERM).
 *
 * The two signals stop one directory in turn: SIGINT stops the first run once it sealed shard 0, the same
 * command resumes and SIGTERM stops it once it sealed shard 1 (shard 2's samples in flight), and the last
 * rerun completes. Each stop is checked as when each signal had its own directory (exit code, its one line,
 * every sealed shard whole and without rejects), the end result against the uninterrupted run. The run that
 * SIGTERM stops is the rerun after SIGINT: 3 runs besides the reference instead of 4, and about 8 generated pages
 * instead of about 14 (each run a Chromium start, each page about 1.4 CPU s).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treeHashes } from './dataset-fixtures.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'uisynth.js');
const ARGS = ['grounding', '--count', '6', '--shard-size', '2', '--seed', '5', '--quiet', '--concurrency', '2'];
let dir: string;
let ref: Record<string, string>;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'uisynth-signals-'));
  const r = spawnSync(process.execPath, [BIN, ...ARGS, '--out', join(dir, 'ref')], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  ref = treeHashes(join(dir, 'ref'));
}, 900_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Start a run in its own process group (as a shell starts a job), stop it once shard `shard` is sealed. */
async function interrupted(out: string, signal: 'SIGINT' | 'SIGTERM', group: boolean, shard: number): Promise<{ code: number | null; err: string }> {
  const p: ChildProcess = spawn(process.execPath, [BIN, ...ARGS, '--out', out], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let err = '';
  p.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const code = new Promise<number | null>((r) => p.once('exit', (c) => r(c)));
  const sealed = join(out, `shard-0000${shard}.meta.json`);
  while (p.exitCode === null && !existsSync(sealed)) await new Promise((r) => setTimeout(r, 25));
  if (p.exitCode === null) process.kill(group ? -p.pid! : p.pid!, signal);
  return { code: await code, err };
}

/** The run stopped at once with one line; at least `minSealed` shards are sealed (not all 3), each whole and without rejects. */
function expectStopped(out: string, r: { code: number | null; err: string }, signal: 'SIGINT' | 'SIGTERM', exit: number, minSealed: number): void {
  expect(r.code, r.err).toBe(exit);
  expect(r.err).not.toMatch(/\n\s+at /);
  expect(r.err.trim().split('\n'), r.err).toEqual([`uisynth: stopped by ${signal}; complete shards are kept, the shard in progress is not sealed: run the same command again to resume`]);
  // every sealed shard holds all its records and no rejects
  const sealed = readdirSync(out).filter((f) => f.endsWith('.meta.json'));
  expect(sealed.length, signal).toBeGreaterThanOrEqual(minSealed);
  expect(sealed.length, signal).toBeLessThan(3);
  for (const f of sealed) {
    const m = JSON.parse(readFileSync(join(out, f), 'utf8')) as { records: number; rejects: Record<string, number> };
    expect(m.rejects, `${signal}: ${f}`).toEqual({});
    expect(m.records, `${signal}: ${f}`).toBe(2);
  }
}

describe('SIGINT to the process group (exit 130), then SIGTERM to uisynth alone (exit 143) as the same command resumes', () => {
  it('each stops at once with one line; no shard is sealed with samples that failed because of it; a rerun completes byte-identical', async () => {
    const out = join(dir, 'stopped');
    expectStopped(out, await interrupted(out, 'SIGINT', true, 0), 'SIGINT', 130, 1);
    expectStopped(out, await interrupted(out, 'SIGTERM', false, 1), 'SIGTERM', 143, 2);
    const again = spawnSync(process.execPath, [BIN, ...ARGS, '--out', out], { encoding: 'utf8' });
    expect(again.status, again.stderr).toBe(0);
    expect(treeHashes(out)).toEqual(ref);
  }, 900_000);
});
