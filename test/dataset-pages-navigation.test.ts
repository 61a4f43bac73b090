/**
 * `--pages` pages that navigate away while loading (issue 16, item 3): a script setting `location.href`, a
 * zero-delay meta refresh and a load handler each show another document (target.html) than the file named,
 * so their samples are rejected with reason `navigated` and never labelled with target.html's screenshot and
 * targets under their own name. A meta refresh is decided by the page clock, not by real time
 * (renderers/meta-refresh.ts): one second after load falls within the 1.5 s of page time before capture
 * (`navigated` in every run; on real time it was a record in some runs), two seconds does not (labelled as
 * it is). A client-side router changing the URL within the document is not a navigation and is labelled;
 * target.html itself is labelled under its own name. One CLI run, seven pages.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'uisynth.js');
const cli = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', cwd: ROOT });

interface Row {
  context: { page: string };
  targets: Array<{ name: string }>;
}

describe('grounding --pages: a page that navigates away', () => {
  it('is rejected as `navigated` (naming both URLs); same-document URL changes and the target page are labelled', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'uisynth-nav-')), 'ds');
    const r = cli('grounding', '--pages', 'test/fixtures/pages-navigate/*.html', '--out', out, '--quiet', '--concurrency', '1');
    expect(r.status, r.stderr).toBe(0);
    // files in sorted order: history-route 0, load-handler 1, meta-refresh-1s 2, meta-refresh-2s 3,
    // meta-refresh 4, script-location 5, target 6
    const rejects = readFileSync(join(out, 'shard-00000.rejects.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { index: number; reason: string; message: string });
    expect(rejects.map((x) => [x.index, x.reason])).toEqual([
      [1, 'navigated'],
      [2, 'navigated'],
      [4, 'navigated'],
      [5, 'navigated'],
    ]);
    for (const [x, file] of rejects.map((x, i) => [x, ['load-handler', 'meta-refresh-1s', 'meta-refresh', 'script-location'][i]] as const))
      expect(x.message).toMatch(new RegExp(`${file}\\.html: page navigated away while loading \\(http://uisynth\\.local/user/${file}\\.html -> http://uisynth\\.local/user/target\\.html\\)`));
    const rows = readFileSync(join(out, 'shard-00000.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Row);
    expect(rejects[1]!.message).toContain('its meta refresh fires 1 s after load');
    expect(rows.map((x) => basename(x.context.page))).toEqual(['history-route.html', 'meta-refresh-2s.html', 'target.html']);
    // each record carries its own page's controls: the router page's button, the target page's link and button
    expect(rows[0]!.targets.map((t) => t.name)).toContain('Save draft');
    expect(rows[0]!.targets.map((t) => t.name)).not.toContain('Target button');
    expect(rows[1]!.targets.map((t) => t.name)).toContain('Still here');
    expect(rows[1]!.targets.map((t) => t.name)).not.toContain('Target button');
    expect(rows[2]!.targets.map((t) => t.name)).toEqual(expect.arrayContaining(['Target link', 'Target button']));
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { records: number; rejects: Record<string, number> };
    expect(manifest.records).toBe(3);
    expect(manifest.rejects).toEqual({ navigated: 4 });
    expect(cli('validate', out).status).toBe(0);
  });
});
