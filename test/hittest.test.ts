/**
 * Hit-test suite against fixture pages with known verdicts, checked by independent oracles
 * (test/oracle.ts): a real mouse click at every accepted target's recorded point must land on the
 * recorded element (100%), every `data-expect` element gets its expected verdict at DPR 1 and 2,
 * and hiding a target changes pixels only inside its recorded box.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserPool, type PageOptions } from '../renderers/browser.js';
import { captureAndHitTest, type CaptureResult } from '../hittest/capture.js';
import { Target } from '../core/schema.js';
import { pointInBox } from '../core/geometry.js';
import { runOracle, type OracleReport } from './oracle.js';

const DIR = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'pages');
const FIXTURES = readdirSync(DIR)
  .filter((f) => f.endsWith('.html') && !f.startsWith('_'))
  .sort();
const opts = (dpr: number): PageOptions => ({
  viewport: { width: 800, height: 600 },
  dpr,
  mobile: false,
  touch: false,
  colorScheme: 'light',
  locale: 'en-US',
});

let pool: BrowserPool;
const verdictsByDpr = new Map<number, Map<string, string>>();
const stats = { clicks: 0, hits: 0, pages: 0, captureMs: 0, painted: 0 };

beforeAll(async () => {
  pool = await BrowserPool.launch({ concurrency: 1 });
}, 60_000);
afterAll(async () => {
  await pool?.close();
  if (stats.pages) {
    console.log(
      `[hittest] ${stats.pages} captures, oracle clicks ${stats.hits}/${stats.clicks}, painted checks ${stats.painted}, ` +
        `capture ${(stats.captureMs / stats.pages).toFixed(0)} ms/page (${pool?.version})`,
    );
  }
});

function checkInvariants(r: CaptureResult, dpr: number): void {
  expect(r.width).toBe(800 * dpr);
  expect(r.height).toBe(600 * dpr);
  expect(r.dpr).toBe(dpr);
  expect(r.candidates).toBe(r.targets.length + r.rejectedTargets.length);
  expect(Object.values(r.rejected).reduce((a, b) => a + b, 0)).toBe(r.rejectedTargets.length);
  r.targets.forEach((t, i) => {
    expect(() => Target.parse(t)).not.toThrow();
    expect(t.tid).toBe(`t${i}`);
    expect(pointInBox(t.point, t.bbox)).toBe(true);
    expect(t.bbox[0]).toBeGreaterThanOrEqual(0);
    expect(t.bbox[1]).toBeGreaterThanOrEqual(0);
    expect(t.bbox[2]).toBeLessThanOrEqual(r.width);
    expect(t.bbox[3]).toBeLessThanOrEqual(r.height);
    expect(t.checks.points).toHaveLength(9);
    expect(t.checks.accepted).toBe(true);
    expect(t.checks.center_ok).toBe(true);
    expect(t.checks.points_ok).toBeGreaterThanOrEqual(7);
    // the recorded point is one of the grid points that passed
    expect(t.checks.points.some((p) => p.ok && p.point[0] === t.point[0] && p.point[1] === t.point[1])).toBe(true);
    // bbox is bbox_css x dpr rounded outwards
    expect(t.bbox[0]).toBe(Math.floor(t.bbox_css[0] * dpr + 1e-6));
    expect(t.bbox[3]).toBe(Math.min(r.height, Math.ceil(t.bbox_css[3] * dpr - 1e-6)));
  });
  for (const s of r.pageTexts) expect(s).toBe(s.toLowerCase());
}

function checkOracle(name: string, r: CaptureResult, o: OracleReport, dpr: number): void {
  expect(o.badSelectors, 'selectors must resolve to exactly one element').toEqual([]);
  expect(o.clicks.misses, 'every accepted target is hit by a real click').toEqual([]);
  expect(o.clicks.hits).toBe(r.targets.length);
  expect(o.rerenderDiffPixels, 're-rendering gives the same pixels').toBe(0);
  const wrong = o.verdicts.filter((v) => v.got !== v.expect);
  expect(wrong, `${name} @${dpr}x verdicts`).toEqual([]);
  expect(o.verdicts.length).toBeGreaterThan(0);
  verdictsByDpr.set(dpr, verdictsByDpr.get(dpr) ?? new Map());
  for (const v of o.verdicts) verdictsByDpr.get(dpr)!.set(`${name}:${v.k}`, `${v.got}:${v.reason ?? ''}`);
  for (const p of o.painted) {
    const where = `${name} ${p.tid} (${p.k ?? '-'}) box ${JSON.stringify(p.box)} changed ${JSON.stringify(p.changedBox)}`;
    expect(p.changed, `${where}: hiding the target changes pixels`).toBeGreaterThan(0);
    expect(p.inside, `${where}: changed pixels inside the box`).toBeGreaterThanOrEqual(0.99);
    if (!p.focused) expect(p.spanX, `${where}: box not much wider than the element's pixels`).toBeGreaterThanOrEqual(0.5);
  }
  stats.clicks += o.clicks.checked;
  stats.hits += o.clicks.hits;
  stats.painted += o.painted.length;
}

describe.each([1, 2])('fixture pages at dpr %d', (dpr) => {
  it.each(FIXTURES)('%s', async (name) => {
    const file = join(DIR, name);
    const t0 = performance.now();
    const r = await captureAndHitTest(pool, { file }, opts(dpr));
    stats.captureMs += performance.now() - t0;
    stats.pages++;
    checkInvariants(r, dpr);
    const o = await runOracle(pool, { file }, opts(dpr), r, { painted: dpr === 1 });
    checkOracle(name, r, o, dpr);
  }, 60_000);
});

describe('cross-dpr', () => {
  it('verdicts and rejection reasons are the same at dpr 1 and 2', () => {
    const a = verdictsByDpr.get(1);
    const b = verdictsByDpr.get(2);
    expect(a && b).toBeTruthy();
    expect(Object.fromEntries(b!)).toEqual(Object.fromEntries(a!));
  });
});
