/**
 * Issue 15 item 11 (coverage), page side: what a person clicks on an editor or a board is one target
 * with a place a query can name.
 * - Code editor (desktop IDE): each code line is ONE target (the line's text, not one target per
 *   highlighted token), its item is the line's row named by its line number ("the text "import json"
 *   in the row with "3""), and most lines get queries of three or more styles. Every query of the
 *   page passes the independent oracle of test/labels-oracle.ts (quoted texts shown once; container
 *   anchor shown once, the item an ancestor of target and anchor).
 * - Kanban board (web.project-board): each card sits in its column, an item named by the column's
 *   title, and gets a container query that the oracle accepts.
 * - Shop (web.shop): a filter checkbox and its label are one target (the label wraps the box), and a
 *   product's star rating is one picture (not five star icons); the pages do not repeat themselves
 *   (search results with distinct titles and snippets).
 * - Spreadsheet: the row numbers are row headers (`th scope=row`), the letters column headers.
 * - Project board in its `menu` state: the account menu, open below the header's avatar, covers none of
 *   the board's toolbar (it hung over "Create").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContainerQueries, checkContainerQueriesOn, checkLabelsOn, onOraclePage, type LabelProblem } from './labels-oracle.js';
import { BrowserPool } from '../renderers/browser.js';
import { GROUNDING_THEMES, groundingSample, sampleScenario, type GroundingConfig } from '../generators/grounding/index.js';
import type { GroundingRecord } from '../core/schema.js';

let pool: BrowserPool;
beforeAll(async () => {
  pool = await BrowserPool.launch({ concurrency: 1 });
});
afterAll(async () => {
  await pool?.close();
});

/** Render sample `index` of `family` in `locale` (seed 1): its scenario and record. */
async function sample(family: string, locale: GroundingConfig['locales'][number], index: number) {
  const cfg: GroundingConfig = { families: [family], locales: [locale], themes: [...GROUNDING_THEMES] };
  const sc = sampleScenario(cfg, 1, index);
  const { record } = await groundingSample(pool, cfg, 1, index);
  const opts = { viewport: sc.viewport, dpr: sc.dpr, mobile: sc.mobile, touch: sc.touch, colorScheme: sc.theme, locale: sc.locale };
  return { sc, rec: record as GroundingRecord, opts };
}

const decode = (s: string): string =>
  s.replace(/<[^>]+>/g, '').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&#x3D;/g, '=').replace(/&#x60;/g, '`').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim();

/** Distinct query styles per target id. */
function stylesOf(rec: GroundingRecord): Map<string, Set<string>> {
  const m = new Map<string, Set<string>>();
  for (const q of rec.queries) if (q.tid !== null) (m.get(q.tid) ?? m.set(q.tid, new Set()).get(q.tid)!).add(q.style);
  return m;
}

describe('page items (issue 15 item 11)', () => {
  it('a code line is one target, named in its row by its line number, with >= 3 query styles; the oracle accepts every query', async () => {
    const { sc, rec, opts } = await sample('desktop.macos.ide', 'en-US', 0);
    // the editor's lines as the page's HTML holds them (tokens joined), in order
    const editor = sc.html.slice(sc.html.indexOf('class="k-code"'), sc.html.indexOf('k-code k-term'));
    const lines = [...editor.matchAll(/<span class="k-lnum"[^>]*>(\d+)<\/span><span class="k-lt">(.*?)<\/span><\/div>/g)].map((m) => ({ n: m[1]!, text: decode(m[2]!) }));
    expect(lines.length).toBeGreaterThan(20);
    const byText = new Map(rec.targets.map((t) => [t.text, t]));
    const shown = lines.filter((l) => l.text && byText.has(l.text));
    // every line whose text is on screen (the editor may be cut at the bottom) is one target …
    expect(shown.length).toBeGreaterThan(15);
    // … and no target is a token of a line ("import", "{", a function name alone)
    const tokens = rec.targets.filter((t) => t.role === 'text' && lines.some((l) => l.text !== t.text && l.text.includes(t.text) && t.text.length < l.text.length) && !lines.some((l) => l.text === t.text));
    expect(tokens.map((t) => t.text)).toEqual([]);
    const styles = stylesOf(rec);
    const lineTargets = shown.map((l) => ({ l, t: byText.get(l.text)! }));
    const covered = lineTargets.filter(({ t }) => (styles.get(t.tid)?.size ?? 0) >= 3);
    // (0.7 before "the text below X" across a "}" line was refused as the wrong line: 68% since;
    // test/grounding-spatial-queries.test.ts)
    expect(covered.length / lineTargets.length).toBeGreaterThanOrEqual(0.65);
    // the row named by its line number, where that number is shown nowhere else on screen
    const named = lineTargets.filter(({ l, t }) => t.context.container?.kind === 'row' && t.context.container.name === l.n);
    expect(named.length).toBeGreaterThan(10);
    const q = rec.queries.find((x) => x.tid === named[0]!.t.tid && x.style === 'container')!;
    const esc = (x: string): string => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(q.text).toMatch(new RegExp(`^the text "${esc(named[0]!.l.text)}" in the row (with|containing) "${named[0]!.l.n}"$`));
    // the oracle finds nothing wrong with any query of the page (both checks on one render: they only read it)
    const problems: LabelProblem[] = [];
    const [c, l] = await onOraclePage(pool, { html: sc.html }, opts, async (read) => [await checkContainerQueriesOn(read, rec), await checkLabelsOn(read, rec)]);
    problems.push(...c.problems, ...l.problems);
    expect(problems).toEqual([]);
    expect(c.checked).toBeGreaterThan(10);
  }, 300_000);

  it('a kanban card sits in its column, an item named by the column title, with a container query the oracle accepts', async () => {
    const { sc, rec, opts } = await sample('web.project-board', 'de-DE', 0);
    const titles = [...sc.html.matchAll(/<span class="k-ktitle">([^<]+)<\/span>/g)].map((m) => decode(m[1]!));
    expect(titles.length).toBeGreaterThanOrEqual(3);
    const cards = rec.targets.filter((t) => t.role === 'link' && (t.dom.id ?? '').includes('card-'));
    const inColumn = cards.filter((t) => t.context.container && titles.includes(t.context.container.name ?? ''));
    expect(inColumn.length).toBeGreaterThanOrEqual(6);
    const cq = rec.queries.filter((q) => q.style === 'container' && inColumn.some((t) => t.tid === q.tid));
    expect(cq.length).toBeGreaterThanOrEqual(4);
    const c = await checkContainerQueries(pool, { html: sc.html }, opts, rec);
    expect(c.problems).toEqual([]);
    expect(c.checked).toBeGreaterThanOrEqual(cq.length);
  }, 300_000);

  it('the project board\'s open account menu covers none of its toolbar (it hung over "Create" before)', async () => {
    const cfg: GroundingConfig = { families: ['web.project-board'], locales: ['ja-JP'], themes: [...GROUNDING_THEMES] };
    const menuSamples: number[] = [];
    for (let i = 0; menuSamples.length < 2 && i < 60; i++) if (sampleScenario(cfg, 1, i).html.includes('id="um-signOut"')) menuSamples.push(i);
    expect(menuSamples.length).toBe(2);
    for (const i of menuSamples) {
      const { rec } = await sample('web.project-board', 'ja-JP', i);
      const menu = rec.targets.filter((t) => /^um-/.test(t.dom.id ?? ''));
      const bar = rec.targets.filter((t) => ['create', 'invite', 'groupby'].some((id) => t.dom.id === id || (t.dom.id ?? '').startsWith(`${id}`)));
      expect(menu.length, `sample ${i}`).toBe(4);
      expect(bar.map((t) => t.dom.id).sort(), `sample ${i}: the toolbar's actions are all seen`).toEqual(expect.arrayContaining(['create', 'groupby']));
      const hit = (a: number[], b: number[]): boolean => Math.min(a[2]!, b[2]!) > Math.max(a[0]!, b[0]!) && Math.min(a[3]!, b[3]!) > Math.max(a[1]!, b[1]!);
      const menuBox = [Math.min(...menu.map((t) => t.bbox_css[0]!)), Math.min(...menu.map((t) => t.bbox_css[1]!)), Math.max(...menu.map((t) => t.bbox_css[2]!)), Math.max(...menu.map((t) => t.bbox_css[3]!))];
      expect(bar.filter((t) => hit(t.bbox_css, menuBox)).map((t) => t.dom.id), `sample ${i}`).toEqual([]);
    }
  }, 300_000);

  it('a shop filter checkbox is one target with its label; a star rating is one picture; search results do not repeat', async () => {
    const { rec } = await sample('web.shop', 'en-US', 0);
    const boxes = rec.targets.filter((t) => (t.dom.id ?? '').startsWith('flt-'));
    expect(boxes.length).toBeGreaterThanOrEqual(6);
    // one target per filter, recorded as the checkbox (the label and its box are one control)
    expect(new Set(boxes.map((t) => t.role))).toEqual(new Set(['checkbox']));
    expect(boxes.every((t) => t.dom.id!.endsWith('-l') && t.name.length > 0)).toBe(true);
    const stars = rec.targets.filter((t) => t.icon === 'star' && t.role === 'img');
    expect(stars).toEqual([]);
    const ratings = rec.targets.filter((t) => t.role === 'img' && /^Rated \d\.\d out of 5$/.test(t.name));
    expect(ratings.length).toBeGreaterThanOrEqual(4);
    const styles = stylesOf(rec);
    const covered = boxes.filter((t) => (styles.get(t.tid)?.size ?? 0) >= 3);
    expect(covered.length).toBeGreaterThanOrEqual(boxes.length / 2);
    const { rec: found } = await sample('web.search', 'fr-FR', 0);
    const texts = found.targets.filter((t) => t.role === 'text' && t.context.landmark === found.targets.find((x) => (x.dom.id ?? '').startsWith('res-0'))?.context.landmark).map((t) => t.text);
    expect(texts.length).toBeGreaterThanOrEqual(12);
    expect(new Set(texts).size).toBe(texts.length);
  }, 300_000);

  it('spreadsheet row numbers are row headers, the column letters column headers', async () => {
    const { rec } = await sample('desktop.windows.excel', 'en-US', 0);
    const rows = rec.targets.filter((t) => /^rh-/.test(t.dom.id ?? ''));
    const cols = rec.targets.filter((t) => /^ch-/.test(t.dom.id ?? ''));
    expect(rows.length).toBeGreaterThan(10);
    expect(cols.length).toBeGreaterThan(5);
    expect(new Set(rows.map((t) => t.role))).toEqual(new Set(['rowheader']));
    expect(new Set(cols.map((t) => t.role))).toEqual(new Set(['columnheader']));
  }, 300_000);
});
