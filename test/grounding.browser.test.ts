/**
 * Grounding generator on real Chromium: every family × locale is rendered and hit-tested by the real
 * capture (`hittest/capture.ts`); the queries written for the accepted targets are checked against
 * the targets (each resolves to exactly one, by the writer's rules and by an independent label count),
 * negatives against `pageTexts`, and the record against the schema. Same seed/index twice gives the
 * same record.
 */
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Rng, recordId, sampleSeed } from '../core/rng.js';
import { GroundingRecord } from '../core/schema.js';
import { usePool } from './browser-pool.js';
import { captureAndHitTest, type CaptureResult } from '../hittest/capture.js';
import { GROUNDING_FAMILIES, groundingFromPage, groundingSample, type GroundingConfig } from '../generators/grounding/index.js';
import { sampleScenario, type Scenario } from '../generators/grounding/scenarios.js';
import { iconCounts, resolveQuery, roleClass, toRecordQueries, writeQueries, type WrittenQuery } from '../generators/grounding/queries.js';
import { INTERACTIVE_ROLES } from '../generators/grounding/phrases.js';

const SEED = 424242;
const pool = usePool();

interface Case {
  fam: string;
  locale: 'en-US' | 'zh-CN';
  theme: 'light' | 'dark';
  cfg: GroundingConfig;
}
/** The three hand-written families in both of their locales (every family is covered by grounding-families.browser.test.ts). */
const LEGACY = ['desktop.macos.mail', 'mobile.android.settings', 'web.shop'];
const CASES: Case[] = GROUNDING_FAMILIES.filter((f) => LEGACY.includes(f)).flatMap((fam, i) =>
  (['en-US', 'zh-CN'] as const).map((locale, j) => {
    const theme = (i + j) % 2 ? 'dark' : 'light';
    return { fam, locale, theme, cfg: { families: [fam], locales: [locale], themes: [theme] } } as Case;
  }),
);

const low = (s: string): string => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** Same steps as `groundingSample`, keeping the capture and the query specs for inspection. */
async function run(c: Case, index: number): Promise<{ sc: Scenario; cap: CaptureResult; qs: WrittenQuery[] }> {
  const sc = sampleScenario(c.cfg, SEED, index);
  const cap = await captureAndHitTest(pool(), { html: sc.html }, { viewport: sc.viewport, dpr: sc.dpr, mobile: sc.mobile, touch: sc.touch, colorScheme: sc.theme, locale: sc.locale });
  const qs = writeQueries({
    targets: cap.targets,
    locale: sc.locale,
    recordId: recordId('grounding', SEED, index),
    rng: new Rng(sampleSeed('grounding', SEED, index, 'queries')),
    pageTexts: cap.pageTexts,
    rejectedTargets: cap.rejectedTargets,
    textRuns: cap.textRuns,
    unpainted: cap.unpainted,
    hints: sc.hints,
    family: sc.family,
    iconCounts: iconCounts(sc.html),
  });
  return { sc, cap, qs };
}
/** {@link run} of each case at index 0, made once: the family tests inspect it and `groundingSample` is compared with it. */
const runs = new Map<Case, ReturnType<typeof run>>();
const run0 = (c: Case): ReturnType<typeof run> => runs.get(c) ?? runs.set(c, run(c, 0)).get(c)!;

describe.each(CASES.map((c) => [`${c.fam} ${c.locale} ${c.theme}`, c] as const))('grounding on Chromium: %s', (_name, c) => {
  let r: Awaited<ReturnType<typeof run>>;
  beforeAll(async () => {
    r = await run0(c);
  });

  it('renders with fonts and icons only from the asset server, and accepts many targets', () => {
    expect(r.cap.warnings.filter((w) => /blocked request|not provided by @font-face|font/i.test(w)), r.cap.warnings.join('\n')).toEqual([]);
    expect(r.cap.targets.length).toBeGreaterThan(15);
    expect(r.cap.width).toBe(r.sc.viewport.width * r.sc.dpr);
    expect(r.cap.targets.some((t) => t.icon !== null)).toBe(true);
  });

  it('every positive query resolves to exactly its own target', () => {
    const positives = r.qs.filter((q) => q.tid !== null);
    expect(positives.length).toBeGreaterThan(30);
    for (const q of positives) {
      const hit = resolveQuery(q.spec, r.cap.targets, { locale: r.sc.locale, hints: r.sc.hints });
      expect(hit.map((t) => t.tid), `${q.style}: ${q.text}`).toEqual([q.tid]);
    }
  });

  it('label queries are unique by an independent count over names and texts', () => {
    for (const q of r.qs) {
      if (q.spec.kind !== 'text') continue;
      const { label, roleClass: rc } = q.spec;
      const same = r.cap.targets.filter((t) => (rc === null || roleClass(t.role) === rc) && (low(t.text) === low(label) || low(t.name) === low(label)));
      expect(same.map((t) => t.tid), q.text).toEqual([q.tid]);
    }
  });

  it('negatives are ~10%, refer to nothing and name nothing visible', () => {
    const neg = r.qs.filter((q) => q.style === 'negative');
    expect(neg.length / r.qs.length).toBeGreaterThan(0.04);
    expect(neg.length / r.qs.length).toBeLessThan(0.16);
    for (const q of neg) {
      expect(q.tid).toBeNull();
      const label = low((q.spec as { label: string }).label);
      expect(r.cap.pageTexts.some((p) => p.includes(label)), label).toBe(false);
    }
  });

  it('writes ≥3 query styles for most controls, in the page locale', () => {
    const controls = r.cap.targets.filter((t) => INTERACTIVE_ROLES.has(t.role));
    const withThree = controls.filter((t) => new Set(r.qs.filter((q) => q.tid === t.tid).map((q) => q.style)).size >= 3);
    expect(withThree.length / controls.length).toBeGreaterThan(0.75);
    const styles = new Set(r.qs.map((q) => q.style));
    for (const s of ['text', 'functional', 'spatial', 'positional', 'icon', 'negative']) expect(styles, s).toContain(s);
    expect(r.qs.filter((q) => q.locale === c.locale).length / r.qs.length).toBeGreaterThan(0.85);
  });
});

describe('groundingSample', () => {
  it('returns a schema-valid record equal to the inspected pipeline, byte-identical on a re-run', async () => {
    const c = CASES[1]!;
    const a = await groundingSample(pool(), c.cfg, SEED, 0);
    const b = await groundingSample(pool(), c.cfg, SEED, 0);
    expect(() => GroundingRecord.omit({ image: true }).parse(a.record)).not.toThrow();
    expect(JSON.stringify(b.record)).toBe(JSON.stringify(a.record));
    const r = await run0(c);
    expect(a.record.queries).toEqual(toRecordQueries(r.qs));
    expect(a.record).toMatchObject({
      id: recordId('grounding', SEED, 0),
      kind: 'grounding',
      platform: 'desktop.macos',
      locale: c.locale,
      context: { scenario: c.fam, theme: c.theme, page: null, viewport: r.sc.viewport, dpr: r.sc.dpr },
      hittest: { accepted: a.record.targets.length },
    });
    expect(a.png.subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('groundingFromPage (--pages)', () => {
  it.each(['basic.html', 'modal.html'])('annotates %s with resolvable queries; negatives only name unseen elements', async (f) => {
    const display = `test/fixtures/pages/${f}`;
    const file = resolve(display);
    const opts = { viewport: { width: 800, height: 600 }, dpr: 1, mobile: false, locale: 'en-US' };
    const { record, png } = await groundingFromPage(pool(), file, display, opts, SEED, 3);
    expect(() => GroundingRecord.omit({ image: true }).parse(record)).not.toThrow();
    expect(record).toMatchObject({ platform: 'web', context: { scenario: 'user.page', page: display, persona: null, viewport: opts.viewport, dpr: 1 } });
    expect(png.length).toBeGreaterThan(1000);
    // the same capture + writer, with specs: every positive resolves to exactly its target
    const cap = await captureAndHitTest(pool(), { file }, { ...opts, touch: false, colorScheme: 'light' });
    const qs = writeQueries({
      targets: cap.targets,
      locale: 'en-US',
      recordId: record.id,
      rng: new Rng(sampleSeed('grounding', SEED, 3, 'queries', display)),
      pageTexts: cap.pageTexts,
      rejectedTargets: cap.rejectedTargets,
      textRuns: cap.textRuns,
      unpainted: cap.unpainted,
      family: null,
      negativeSources: 'unseen',
    });
    expect(record.queries).toEqual(toRecordQueries(qs));
    // (modal.html: "Delete" is not quoted while the dimmed "Delete file" behind the backdrop and the
    // title "Delete this file?" show the word too — issue 15 item 3; the × button's name "Close dialog" is
    // not on screen, so no query quotes it — so 7 positives there)
    expect(qs.filter((q) => q.tid !== null).length).toBeGreaterThanOrEqual(7);
    expect(qs.filter((q) => q.text.includes('"Close dialog"'))).toEqual([]);
    for (const q of qs) {
      const hit = resolveQuery(q.spec, cap.targets, { locale: 'en-US' });
      expect(hit.map((t) => t.tid), q.text).toEqual(q.tid === null ? [] : [q.tid]);
    }
    const neg = qs.filter((q) => q.style === 'negative');
    const unseen = new Set(cap.rejectedTargets.filter((r) => r.unseen).map((r) => low(r.name)));
    for (const q of neg) {
      const label = low((q.spec as { label: string }).label);
      expect(cap.pageTexts.some((p) => p.includes(label))).toBe(false);
      expect(unseen.has(label), label).toBe(true);
    }
    // controls hidden behind the modal are never asked for as if visible
    if (f === 'modal.html') for (const q of qs) expect(q.text).not.toMatch(/"(Edit|Share|Help|Under dialog|Delete file)"/);
  });
});
