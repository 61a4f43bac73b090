/**
 * Issue 15 item 11 (coverage): two query styles for targets that had few.
 * - Code editors: a text on the line its gutter numbers ("the text "fetchItems" on line 1", style
 *   `container`) and the text right beside another on that line ("the text immediately to the right of
 *   "fetchItems" on line 1", style `spatial`), in all 7 languages.
 * - Spatial queries anchored on an icon drawn once on the page ("the button immediately to the right of
 *   the scissors icon"): a toolbar of icon-only buttons has no text to stand beside.
 * Checked on a page built here and on generated pages by the independent oracle of
 * test/labels-oracle.ts (checkCodeLines, checkIconSpatial: its own DOM reading of gutter numbers, text
 * runs, icons and controls; both on one render of each page), which also rejects deliberately wrong
 * queries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserPool, type PageOptions } from '../renderers/browser.js';
import { captureAndHitTest, type CaptureResult } from '../hittest/capture.js';
import { iconCounts, resolveQuery, toRecordQueries, writeQueries, type WrittenQuery } from '../generators/grounding/queries.js';
import { GROUNDING_LOCALES, GROUNDING_THEMES, groundingSample, resolveFamilies, sampleScenario } from '../generators/grounding/index.js';
import { iconName } from '../generators/grounding/icon-names.js';
import { iconDescription } from '../generators/grounding/phrases.js';
import { Rng } from '../core/rng.js';
import type { GroundingRecord } from '../core/schema.js';
import { checkCodeLinesOn, checkIconSpatialOn, codeLineBesideOf, codeLineOf, iconAnchorOf, onOraclePage, type LabelProblem } from './labels-oracle.js';

const icon = (name: string, d: string): string => `<svg data-icon="${name}" viewBox="0 0 16 16" width="16" height="16"><path d="${d}" stroke="#222" stroke-width="2" fill="none"/></svg>`;
const tok = (c: string, t: string): string => `<span style="color:${c}">${t}</span>`;
/** A toolbar of icon-only buttons (scissors, copy, trash) and an editor of three numbered lines; a decorative star is drawn twice. */
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
body{font:14px/1.5 sans-serif;margin:16px} .bar{display:flex;gap:8px;margin-bottom:12px} .bar button{width:32px;height:32px;padding:0;display:grid;place-items:center}
.ed{display:grid;grid-template-columns:32px auto;font:14px/22px monospace;background:#fafafa;width:560px} .ln{color:#888;text-align:right;padding-right:8px} .code{white-space:pre}
.deco{margin-top:12px;display:flex;gap:60px}
</style></head><body>
<div class="bar" role="toolbar" aria-label="Edit">
<button type="button" aria-label="Cut">${icon('scissors', 'M3 3l10 10M13 3 3 13')}</button>
<button type="button" aria-label="Copy">${icon('copy', 'M4 4h8v8H4z')}</button>
<button type="button" aria-label="Delete">${icon('trash-2', 'M3 4h10M5 4v9h6V4')}</button>
</div>
<main class="ed" aria-label="app.ts">
<div class="ln">1</div><div class="code">${tok('#a0a', 'import')} ${tok('#000', '{')} ${tok('#05a', 'fetchItems')} ${tok('#000', '}')} ${tok('#a0a', 'from')} ${tok('#a50', "'./utils'")}${tok('#000', ';')}</div>
<div class="ln">2</div><div class="code">${tok('#a0a', 'if')} ${tok('#000', '(!user)')} ${tok('#a0a', 'return')} ${tok('#a50', "'none'")}${tok('#000', ';')}</div>
<div class="ln">3</div><div class="code">${tok('#a0a', 'return')} ${tok('#05a', 'fetchItems')}${tok('#000', '(')}${tok('#a50', "'user'")}${tok('#000', ');')}</div>
</main>
<div class="deco"><span>${icon('star', 'M8 2l2 5h4l-3 3 1 5-4-3-4 3 1-5-3-3h4z')}</span><span>${icon('star', 'M8 2l2 5h4l-3 3 1 5-4-3-4 3 1-5-3-3h4z')}</span></div>
</body></html>`;
const OPTS: PageOptions = { viewport: { width: 700, height: 320 }, dpr: 1, mobile: false, touch: false, colorScheme: 'light', locale: 'en-US' };

/** What an icon depicts in a record's language (the vocabulary tables the writer names icons with). */
const describer = (locale: string) => (name: string): string | null => {
  const l = locale.slice(0, 2);
  return l === 'en' ? iconDescription(name, 'en-US') : l === 'zh' ? iconDescription(name, 'zh-CN') : iconName(name, l as 'ja' | 'de' | 'es' | 'fr' | 'ar');
};

let pool: BrowserPool;
let cap: CaptureResult;
const write = (locale: string): WrittenQuery[] =>
  writeQueries({
    targets: cap.targets, locale, recordId: 'r', rng: new Rng('code-icon'), pageTexts: cap.pageTexts, rejectedTargets: cap.rejectedTargets,
    textRuns: cap.textRuns, unpainted: cap.unpainted, negativeSources: 'unseen', iconCounts: iconCounts(PAGE),
  });
const recordOf = (locale: string, qs: readonly WrittenQuery[]): GroundingRecord => ({ id: 'r', locale, targets: cap.targets, queries: toRecordQueries(qs) }) as unknown as GroundingRecord;
beforeAll(async () => {
  pool = await BrowserPool.launch({ concurrency: 1 });
  cap = await captureAndHitTest(pool, { html: PAGE }, OPTS);
});
afterAll(async () => {
  await pool?.close();
});

describe('code-line and icon-anchored queries (issue 15 item 11)', () => {
  it('names code texts by their line and the toolbar buttons by the icon beside them, in every language, each resolving to exactly its target', () => {
    const byText = (s: string) => cap.targets.filter((t) => t.text === s);
    // (lines 1 and 2 are items the hit test names by a text in them: "the text "from" in the item with "import"")
    const fetch3 = byText('fetchItems').sort((a, b) => a.bbox_css[1] - b.bbox_css[1])[1]!;
    const copy = cap.targets.find((t) => t.icon === 'copy')!;
    expect(fetch3).toBeDefined();
    expect(copy).toBeDefined();
    const expected: Record<string, string[]> = {
      'en-US': ['the text "fetchItems" on line 3', 'the text immediately to the right of "fetchItems" on line 3'],
      'zh-CN': ['第3行的文字“fetchItems”', '第3行“fetchItems”右边紧挨着的文字'],
      'ja-JP': ['3行目のテキスト「fetchItems」', '3行目の「fetchItems」のすぐ右のテキスト'],
      'de-DE': ['der Text „fetchItems“ in Zeile 3', 'der Text direkt rechts neben „fetchItems“ in Zeile 3'],
      'es-ES': ['el texto «fetchItems» de la línea 3', 'el texto justo a la derecha de «fetchItems» en la línea 3'],
      'fr-FR': ['le texte « fetchItems » à la ligne 3', 'le texte juste à droite de « fetchItems » à la ligne 3'],
      ar: ['النص "fetchItems" في السطر 3', 'النص الموجود مباشرة على يمين "fetchItems" في السطر 3'],
    };
    for (const locale of GROUNDING_LOCALES) {
      const qs = write(locale);
      const texts = qs.map((q) => q.text);
      // "fetchItems" is shown twice on screen: named by its line, not by its words alone
      expect(qs.some((q) => q.tid === fetch3.tid && q.style === 'text'), locale).toBe(false);
      // the "(" glued to it has no words of its own: named beside them
      expect(qs.some((q) => q.tid === byText('(')[0]!.tid && q.spec.kind === 'lineDir'), locale).toBe(true);
      for (const e of expected[locale]!) expect(texts, locale).toContain(e);
      for (const q of qs.filter((x) => x.spec.kind === 'line' || x.spec.kind === 'lineDir' || x.spec.kind === 'dirIcon')) {
        expect(resolveQuery(q.spec, cap.targets, { locale }).map((t) => t.tid), `${locale} ${q.text}`).toEqual([q.tid]);
      }
      // the copy button is beside the scissors and the trash can, each drawn once
      expect(qs.some((q) => q.tid === copy.tid && q.spec.kind === 'dirIcon'), locale).toBe(true);
      // the star is drawn twice (decoration, no target): never an anchor
      expect(qs.some((q) => q.spec.kind === 'dirIcon' && q.spec.icon === 'star'), locale).toBe(false);
    }
    expect(write('en-US').find((q) => q.tid === copy.tid && q.spec.kind === 'dirIcon')!.text).toMatch(/^the (button immediately|first button) to the (right of the scissors|left of the trash can) icon$/);
  });

  it('every such query passes the independent oracle in all 7 languages; the oracle rejects a wrong line, a wrong side and an icon drawn twice', async () => {
    let checked = 0;
    const problems: Array<LabelProblem & { locale: string }> = [];
    for (const locale of GROUNDING_LOCALES) {
      const rec = recordOf(locale, write(locale));
      // one render per locale for both checks (they only read the page)
      const [a, b] = await onOraclePage(pool, { html: PAGE }, { ...OPTS, locale }, async (read) => [await checkCodeLinesOn(read, rec), await checkIconSpatialOn(read, rec, describer(locale))]);
      checked += a.checked + b.checked;
      problems.push(...[...a.problems, ...b.problems].map((p) => ({ ...p, locale })));
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(7 * 8);
    // the parsers read what the writer wrote
    expect(codeLineOf('der Text „fetchItems“ in Zeile 1')).toEqual({ label: 'fetchItems', line: 1 });
    expect(codeLineBesideOf('第3行“fetchItems”左边紧挨着的文字')).toEqual({ anchor: 'fetchItems', line: 3, dir: 'left' });
    expect(iconAnchorOf('el primer botón a la izquierda del icono de papelera')).toBe('papelera');
    // deliberately wrong queries
    const qs = write('en-US');
    const fetch1 = cap.targets.filter((t) => t.text === 'fetchItems').sort((a, b) => a.bbox_css[1] - b.bbox_css[1])[0]!;
    const from = cap.targets.find((t) => t.text === 'from')!;
    const copy = cap.targets.find((t) => t.icon === 'copy')!;
    const wrong = (tid: string, text: string, style: 'container' | 'spatial') => ({ qid: `w-${text}`, text, locale: 'en-US', style, tid });
    const rec = {
      ...recordOf('en-US', qs),
      queries: [
        wrong(fetch1.tid, 'the text "fetchItems" on line 3', 'container'), // line 3 shows another "fetchItems"
        wrong(fetch1.tid, 'the text "return" on line 2', 'container'), // "return" on line 2 is another text
        wrong(from.tid, 'the text immediately to the left of "fetchItems" on line 1', 'spatial'), // "from" is right of it
        wrong(copy.tid, 'the button immediately to the right of the star icon', 'spatial'), // two stars
        wrong(copy.tid, 'the button immediately to the left of the scissors icon', 'spatial'), // nothing there
      ],
    } as unknown as GroundingRecord;
    const [a, b] = await onOraclePage(pool, { html: PAGE }, OPTS, async (read) => [await checkCodeLinesOn(read, rec), await checkIconSpatialOn(read, rec, describer('en-US'))]);
    expect(a.problems.map((p) => p.kind)).toEqual(['container_mismatch', 'container_mismatch', 'spatial_not_nearest']);
    expect(b.problems.map((p) => p.kind)).toEqual(['anchor_not_unique', 'spatial_not_nearest']);
  });

  it('on generated pages (a code editor, a toolbar of icon buttons, a dock), every icon-anchored query passes the oracle', async () => {
    // seed 1: 30 = desktop.macos.ide (en-US), 20 = desktop.macos.pages (en-US, formatting toolbar and dock), 31 = es-ES
    const cfg = { families: resolveFamilies('all'), locales: [...GROUNDING_LOCALES], themes: [...GROUNDING_THEMES] };
    let code = 0;
    let icons = 0;
    const problems: LabelProblem[] = [];
    for (const index of [30, 20, 31]) {
      const sc = sampleScenario(cfg, 1, index);
      const { record } = await groundingSample(pool, cfg, 1, index);
      const opts = { viewport: sc.viewport, dpr: sc.dpr, mobile: sc.mobile, touch: sc.touch, colorScheme: sc.theme, locale: sc.locale };
      const rec = record as GroundingRecord;
      const [a, b] = await onOraclePage(pool, { html: sc.html }, opts, async (read) => [await checkCodeLinesOn(read, rec), await checkIconSpatialOn(read, rec, describer(sc.locale))]);
      code += a.checked;
      icons += b.checked;
      problems.push(...a.problems, ...b.problems);
    }
    expect(problems).toEqual([]);
    // generated code editors draw each code line as one target, named by its row (test/grounding-page-items.test.ts),
    // so the code-line forms are for users' pages whose tokens are targets (the built page above); none here
    expect(code).toBe(0);
    expect(icons).toBeGreaterThan(10);
  });
});
