/**
 * `uisynth score` as the gallery's evaluation uses it (dataset/score.ts): per-item verdicts, breakdowns,
 * export sample ids (taken from a real `uisynth export` run), `--model-family`, the no-match error and the
 * implausible-coordinates warning. Runs the CLI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { writeCaptcha, writeGrounding } from './gallery-fixtures.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'uisynth.js');
const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 120_000 });
let base: string;
let gRecs: any[];
let cRecs: any[];
const G = () => join(base, 'g');
const C = () => join(base, 'c');
const jsonl = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'uisynth-gallery-score-'));
  gRecs = await writeGrounding(G());
  cRecs = await writeCaptcha(C(), 6);
});
afterAll(() => rm(base, { recursive: true, force: true }));

describe('score for evaluation', () => {
  it('--per-item writes one verdict per item with the reason; breakdowns add up', async () => {
    const pf = join(base, 'c-preds.jsonl');
    const preds = cRecs.map((r, i) => ({ id: r.id, output: i % 2 ? 'Click(point=(599, 399))' : r.solution.actions.map((a: any) => (a.type === 'click' ? `Click(point=(${a.point}))` : a.type === 'type' ? `Type(content='${a.text}')` : `Drag(start=(${a.start}), end=(${a.end}))`)).join('\n') }));
    await writeFile(pf, jsonl(preds.slice(0, 5))); // the last record has no prediction
    const pi = join(base, 'c-items.jsonl');
    const r = run('score', C(), '--predictions', pf, '--json', '--per-item', pi);
    expect(r.status, r.stderr).toBe(0);
    const rep = JSON.parse(r.stdout);
    const items = (await readFile(pi, 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    expect(items.map((i) => i.id)).toEqual(cRecs.map((x) => x.id));
    expect(items.map((i) => i.verdict)).toEqual(['pass', 'fail', 'pass', 'fail', 'pass', 'missing']);
    expect(items[1].reason).toBe('expected click + type, got 1 actions'); // record 1: text entry
    expect(items[3].reason).toBe('expected 2 click actions, got 1'); // record 3: click sequence of 2
    expect(items[5].reason).toBe('missing prediction');
    expect(items[0].actions).toEqual(cRecs[0].solution.actions);
    expect(rep).toMatchObject({ items: 6, correct: 3, missing: 1 });
    for (const key of ['by_type', 'by_platform', 'by_locale', 'by_family', 'by_style']) {
      const m = rep[key] as Record<string, { n: number; correct: number }>;
      expect(Object.values(m).reduce((a, t) => a + t.n, 0), key).toBe(6);
      expect(Object.values(m).reduce((a, t) => a + t.correct, 0), key).toBe(3);
    }
    for (const [plat, t] of Object.entries(rep.by_platform) as Array<[string, any]>)
      expect(t.n).toBe(cRecs.filter((x) => x.platform === plat).length);
  });

  it('accepts the sample ids of a real export and scores its gold answers 100%', async () => {
    const out = join(base, 'g-export');
    const e = run('export', G(), '--to', 'llamafactory', '--out', out, '--coords', 'norm1000');
    expect(e.status, e.stderr).toBe(0);
    const rows: any[] = [];
    for (const f of (await readdir(join(out, 'data'))).filter((x) => x.endsWith('.jsonl')))
      rows.push(...(await readFile(join(out, 'data', f), 'utf8')).trim().split('\n').map((l) => JSON.parse(l)));
    const nQueries = gRecs.reduce((a, r) => a + r.queries.length, 0);
    expect(rows.length).toBe(nQueries);
    const pf = join(base, 'g-export-preds.jsonl');
    await writeFile(pf, jsonl(rows.map((r) => ({ id: r.id, output: r.messages.at(-1).content }))));
    const r = run('score', G(), '--predictions', pf, '--coords', 'norm1000', '--json');
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ items: nQueries, correct: nQueries, missing: 0, unknown_predictions: 0 });
  });

  it('--model-family picks the convention; an explicit --coords wins', async () => {
    const pf = join(base, 'fam.jsonl');
    await writeFile(pf, jsonl([{ id: cRecs[0].id, output: 'Click(point=(1, 1))' }]));
    expect(JSON.parse(run('score', C(), '--predictions', pf, '--json', '--model-family', 'ui-tars').stdout).coords).toBe('norm1000-1000');
    expect(JSON.parse(run('score', C(), '--predictions', pf, '--json', '--model-family', 'ui-tars', '--coords', 'norm1').stdout).coords).toBe('norm1');
    const bad = run('score', C(), '--predictions', pf, '--model-family', 'gpt-9');
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('fails with one line when no prediction matches; warns when coordinates do not fit --coords', async () => {
    const pf = join(base, 'other.jsonl');
    await writeFile(pf, jsonl([{ id: 'someone-else-1', output: 'Click(point=(1, 1))' }]));
    const r = run('score', C(), '--predictions', pf);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/none of the 1 predictions matches an item/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    // absolute px on the 2400 px wide screenshot, read as the [0,999] grid
    const abs = join(base, 'abs.jsonl');
    await writeFile(abs, jsonl(gRecs.flatMap((rec) => rec.queries.filter((q: any) => q.tid).map((q: any) => ({ id: rec.id, qid: q.qid, output: `Click(point=(${rec.targets.find((t: any) => t.tid === q.tid).point}))` })))));
    const asGrid = run('score', G(), '--predictions', abs, '--coords', 'norm1000', '--json');
    expect(asGrid.status).toBe(0);
    expect(asGrid.stderr).toMatch(/warning: --coords norm1000: \d+% of predicted points lie outside its range \[0, 999\]/);
    expect(JSON.parse(asGrid.stdout).warnings).toHaveLength(1);
    const right = run('score', G(), '--predictions', abs, '--coords', 'abs', '--json');
    expect(right.stderr).toBe('');
    expect(JSON.parse(right.stdout).warnings).toEqual([]);
    // [0,1] predictions read as px
    const n1 = join(base, 'n1.jsonl');
    await writeFile(n1, jsonl(cRecs.map((rec) => ({ id: rec.id, output: `Click(point=(${rec.solution.actions_norm1[0].point ?? [0.5, 0.5]}))` }))));
    expect(run('score', C(), '--predictions', n1).stderr).toMatch(/look normalised \(try --coords norm1\)/);
  });
});
