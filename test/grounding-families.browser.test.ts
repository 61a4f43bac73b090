/**
 * Every scenario family on real Chromium (issue 4 "Done when"): one page per family (rotating over the
 * family's locales and both themes, on its smallest device at comfortable density so the suite stays
 * fast) is captured and
 * hit-tested, then
 * - the click oracle (test/oracle.ts) does a real mouse click at every accepted target's recorded point
 *   in a fresh render: 100% must land on the recorded element;
 * - every positive query resolves to exactly its own target, every negative to none, and no negative
 *   names a text visible on the page;
 * - queries cover at least six styles over the suite, and each page has queries in its own locale.
 * Pages are captured two at a time (the CI machine has two cores).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Rng, recordId, sampleSeed } from '../core/rng.js';
import type { PageOptions } from '../renderers/browser.js';
import { usePool } from './browser-pool.js';
import { captureAndHitTest, type CaptureResult } from '../hittest/capture.js';
import { GROUNDING_FAMILIES } from '../generators/grounding/index.js';
import { sampleScenario, scenarioIndex, type Scenario } from '../generators/grounding/scenarios.js';
import { resolveQuery, writeQueries, type WrittenQuery } from '../generators/grounding/queries.js';
import { runOracle, type OracleReport } from './oracle.js';

const SEED = 90210;
const DEFS = scenarioIndex();
const low = (s: string): string => s.replace(/\s+/g, ' ').trim().toLowerCase();

interface Run {
  fam: string;
  sc: Scenario;
  cap: CaptureResult;
  qs: WrittenQuery[];
  oracle: OracleReport;
  ms: number;
}
const runs = new Map<string, Run>();
const pool = usePool({ concurrency: 2 });

beforeAll(async () => {
  const todo = [...GROUNDING_FAMILIES];
  const work = async (): Promise<void> => {
    for (let fam = todo.shift(); fam; fam = todo.shift()) {
      const i = GROUNDING_FAMILIES.indexOf(fam);
      const def = DEFS.get(fam)!;
      const locale = def.locales[i % def.locales.length]!;
      const t0 = performance.now();
      const sc = sampleScenario({ families: [fam], locales: [locale], themes: [i % 2 ? 'dark' : 'light'] }, SEED, i, { smallestDevice: true, state: 'default', density: 'comfortable' });
      const opts: PageOptions = { viewport: sc.viewport, dpr: sc.dpr, mobile: sc.mobile, touch: sc.touch, colorScheme: sc.theme, locale: sc.locale };
      const cap = await captureAndHitTest(pool(), { html: sc.html }, opts);
      const qs = writeQueries({
        targets: cap.targets, locale: sc.locale, recordId: recordId('grounding', SEED, i), rng: new Rng(sampleSeed('grounding', SEED, i, 'queries')),
        pageTexts: cap.pageTexts, rejectedTargets: cap.rejectedTargets, textRuns: cap.textRuns, unpainted: cap.unpainted, hints: sc.hints, family: sc.family, negatives: sc.negatives,
      });
      // clicks only: nothing here is asserted on the re-render's pixels (test/hittest.test.ts and
      // test/e2e-grounding.test.ts check those), so its screenshot is not taken
      const oracle = await runOracle(pool(), { html: sc.html }, opts, cap, { rerender: false });
      runs.set(fam, { fam, sc, cap, qs, oracle, ms: performance.now() - t0 });
    }
  };
  await Promise.all([work(), work()]);
});

describe.each(GROUNDING_FAMILIES.map((f) => [f]))('family %s on Chromium', (fam) => {
  it('renders with embedded fonts only and accepts targets', () => {
    const r = runs.get(fam)!;
    expect(r.cap.warnings.filter((w) => /blocked request|not provided by @font-face|font/i.test(w)), r.cap.warnings.join('\n')).toEqual([]);
    expect(r.cap.targets.length).toBeGreaterThan(8);
    expect(r.cap.width).toBe(Math.round(r.sc.viewport.width * r.sc.dpr));
  });

  it('a real click at every accepted target lands on it (click oracle, 100%)', () => {
    const r = runs.get(fam)!;
    expect(r.oracle.badSelectors).toEqual([]);
    expect(r.oracle.clicks.misses).toEqual([]);
    expect(r.oracle.clicks.hits).toBe(r.cap.targets.length);
  });

  it('every positive query resolves to exactly its target; negatives to none and name nothing visible', () => {
    const r = runs.get(fam)!;
    const pos = r.qs.filter((q) => q.tid !== null);
    expect(pos.length).toBeGreaterThan(10);
    for (const q of r.qs) {
      const hit = resolveQuery(q.spec, r.cap.targets, { locale: r.sc.locale, hints: r.sc.hints });
      expect(hit.map((t) => t.tid), `${q.style} (${q.locale}): ${q.text}`).toEqual(q.tid === null ? [] : [q.tid]);
    }
    const neg = r.qs.filter((q) => q.style === 'negative');
    expect(neg.length).toBeGreaterThan(0);
    for (const q of neg) {
      const label = low((q.spec as { label: string }).label);
      expect(r.cap.pageTexts.some((p) => p.includes(label)), `${fam}: negative "${label}" is on the page`).toBe(false);
    }
    expect(r.qs.filter((q) => q.locale === r.sc.locale).length / r.qs.length).toBeGreaterThan(0.5);
  });
});

describe('all families together', () => {
  it('write at least six query styles, in every page locale, about 10% negatives', () => {
    const all = [...runs.values()];
    expect(all.length).toBe(GROUNDING_FAMILIES.length);
    const qs = all.flatMap((r) => r.qs);
    const styles = new Set(qs.map((q) => q.style));
    for (const s of ['text', 'functional', 'spatial', 'icon', 'positional', 'state', 'container', 'negative']) expect(styles, s).toContain(s);
    const neg = qs.filter((q) => q.style === 'negative').length / qs.length;
    expect(neg).toBeGreaterThan(0.06);
    expect(neg).toBeLessThan(0.14);
    expect(new Set(all.map((r) => r.sc.locale)).size).toBe(7);
    const clicks = all.reduce((a, r) => a + r.oracle.clicks.hits, 0);
    const total = all.reduce((a, r) => a + r.cap.targets.length, 0);
    expect(clicks).toBe(total);
    process.stdout.write(`families: ${all.length}, targets clicked: ${clicks}/${total}, queries: ${qs.length}, slowest: ${all.sort((a, b) => b.ms - a.ms).slice(0, 3).map((r) => `${r.fam} ${Math.round(r.ms)} ms`).join(', ')}\n`);
  });
});
