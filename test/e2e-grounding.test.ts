/**
 * End-to-end oracle on what the CLI writes to disk (issue 2 "Done when"): generate a grounding batch and
 * a `--pages` batch with the real CLI, then for every accepted target in every record, re-render the same
 * page in a fresh browser context and do a real mouse click at the recorded point (image px / dpr): it
 * must land on the recorded element (capture-phase listener, composedPath; test/oracle.ts). Also: the
 * re-render is pixel-identical to the saved PNG, a rerun gives byte-identical JSONL lines and PNGs, and
 * fixture elements marked `data-expect="accept"` are targets while `reject` ones never are.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type PageOptions, type PageSource } from '../renderers/browser.js';
import { usePool } from './browser-pool.js';
import { sampleScenario } from '../generators/grounding/index.js';
import type { GroundingRecord } from '../core/schema.js';
import type { CaptureResult } from '../hittest/capture.js';
import { runOracle } from './oracle.js';
import { GENERATED_ALL_LOCALES, cliInBackground, sharedRun } from './shared-runs.js';

const ROOT = resolve(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'uisynth.js');
const cli = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 300_000, cwd: ROOT });
const records = (dir: string): GroundingRecord[] =>
  readFileSync(join(dir, 'shard-00000.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as GroundingRecord);

const pool = usePool();
let tmp: string;
beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'uisynth-e2e-'));
});

async function oracle(rec: GroundingRecord, source: PageSource, opts: PageOptions, dir: string) {
  const cap = { png: readFileSync(join(dir, rec.image.path)), dpr: rec.context.dpr, targets: rec.targets, rejectedTargets: [] } as unknown as CaptureResult;
  return runOracle(pool(), source, opts, cap);
}

describe('generated batch written by `uisynth grounding`', () => {
  it('every accepted target is hit by a real click; re-render is pixel-identical; rerun is byte-identical', async () => {
    // the batch: the 7-page all-locale run that test/grounding-coverage.test.ts and
    // test/grounding-container-queries.test.ts also check (made once per vitest run; the family of
    // index i does not depend on the seed, so these are the families a 6-page run of any seed has, and
    // one more)
    const batch = sharedRun(GENERATED_ALL_LOCALES);
    const b = join(tmp, 'gb');
    // the rerun makes the first 3 of the 7 records (a record is a pure function of seed and index, not of
    // --count): in another process, their JSONL lines and PNGs are byte-identical to the first run's.
    // (test/dataset-signals.test.ts compares whole generated datasets across processes at --concurrency 2.)
    const count = GENERATED_ALL_LOCALES.indexOf('--count');
    const rerun = cliInBackground(...GENERATED_ALL_LOCALES.map((x, i) => (i === count + 1 ? '3' : x)), '--out', b);
    batch.catch(() => undefined); // (read below, once the rerun has ended: no run is left behind)
    const r = await rerun;
    const a = await batch;
    expect(r.status, r.stderr).toBe(0);
    const linesA = readFileSync(join(a, 'shard-00000.jsonl'), 'utf8').split('\n');
    expect(readFileSync(join(b, 'shard-00000.jsonl'), 'utf8')).toBe(`${linesA.slice(0, 3).join('\n')}\n`);
    for (const rec of records(b)) expect(readFileSync(join(b, rec.image.path)).equals(readFileSync(join(a, rec.image.path))), rec.image.path).toBe(true);
    const manifest = JSON.parse(readFileSync(join(a, 'manifest.json'), 'utf8'));
    const recs = records(a);
    // seven different families from at least four platforms (the family schedule interleaves platforms)
    expect(recs.length).toBe(7);
    expect(new Set(recs.map((r) => r.context.scenario)).size).toBe(7);
    expect(new Set(recs.map((r) => r.platform)).size).toBeGreaterThanOrEqual(4);
    let clicks = 0;
    for (const rec of recs) {
      const s = sampleScenario(manifest.config, rec.seed, rec.index);
      const opts: PageOptions = { viewport: s.viewport, dpr: s.dpr, mobile: s.mobile, touch: s.touch, colorScheme: s.theme, locale: s.locale };
      expect(opts.viewport).toEqual(rec.context.viewport);
      const o = await oracle(rec, { html: s.html }, opts, a);
      expect(o.badSelectors, rec.id).toEqual([]);
      expect(o.clicks.misses, rec.id).toEqual([]);
      expect(o.clicks.hits).toBe(rec.targets.length);
      expect(o.rerenderDiffPixels, `${rec.id} re-render`).toBe(0);
      clicks += o.clicks.hits;
    }
    expect(clicks).toBeGreaterThan(200);
  });
});

describe('`uisynth grounding --pages` on fixture pages with known verdicts', () => {
  it('dpr 2: clicks land, accept-marked elements are targets, reject-marked never are', async () => {
    // one scale factor, the one where image px and CSS px differ: test/hittest.test.ts runs every fixture
    // page at dpr 1 and 2 through the same oracle, and test/grounding-labels.test.ts runs `--pages` at the
    // default dpr 1 through it
    const dpr = 2;
    const out = join(tmp, `pages${dpr}`);
    // a representative subset of the fixture pages
    const glob = 'test/fixtures/pages/{basic,modal,fixed-header,overflow,opacity,visibility,shadow,iframe,label,text,zoom,viewport-edge}.html';
    const r = cli('grounding', '--pages', glob, '--viewport', '800x600', '--dpr', String(dpr), '--out', out, '--quiet', '--concurrency', '1');
    expect(r.status, r.stderr).toBe(0);
    const recs = records(out);
    expect(recs.length).toBe(12);
    let clicks = 0;
    for (const rec of recs) {
      expect(rec.context.page).toMatch(/^test\/fixtures\/pages\/.+\.html$/);
      expect(rec.image.width).toBe(800 * dpr);
      for (const t of rec.targets) expect(t.dom.selector.length).toBeGreaterThan(0);
      const opts: PageOptions = { viewport: { width: 800, height: 600 }, dpr, mobile: false, touch: false, colorScheme: 'light', locale: 'en-US' };
      const o = await oracle(rec, { file: join(ROOT, rec.context.page!) }, opts, out);
      expect(o.badSelectors, rec.context.page!).toEqual([]);
      expect(o.clicks.misses, rec.context.page!).toEqual([]);
      for (const v of o.verdicts) {
        if (v.expect === 'accept') expect(v.got, `${rec.context.page} ${v.k}`).toBe('accept');
        else expect(v.got, `${rec.context.page} ${v.k}`).not.toBe('accept');
      }
      clicks += o.clicks.hits;
    }
    expect(clicks).toBeGreaterThan(60);
  });
});

describe('`uisynth grounding` acceptance flags (issue 3)', () => {
  it('change the policy, are recorded in the manifest, and the rejection counts follow', () => {
    const base = join(tmp, 'pol-default');
    const loose = join(tmp, 'pol-loose');
    const page = 'test/fixtures/pages/pe-overlays.html';
    expect(cli('grounding', '--pages', page, '--viewport', '800x600', '--out', base, '--quiet').status).toBe(0);
    const r = cli('grounding', '--pages', page, '--viewport', '800x600', '--out', loose, '--quiet', '--min-painted', '0', '--min-painted-px', '0', '--min-points', '6');
    expect(r.status, r.stderr).toBe(0);
    const mb = JSON.parse(readFileSync(join(base, 'manifest.json'), 'utf8'));
    const ml = JSON.parse(readFileSync(join(loose, 'manifest.json'), 'utf8'));
    expect(mb.config.policy).toBeUndefined();
    expect(ml.config.policy).toEqual({ minPointsOk: 6, minPaintedDiff: 0, minPaintedPx: 0 });
    expect(mb.stats.hittest_rejected.not_painted).toBeGreaterThanOrEqual(5);
    expect(ml.stats.hittest_rejected.not_painted ?? 0).toBe(0);
    expect(records(loose)[0]!.targets.length).toBeGreaterThan(records(base)[0]!.targets.length);
    const bad = cli('grounding', '--pages', page, '--out', join(tmp, 'pol-bad'), '--min-points', '12');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--min-points');
  });
});
