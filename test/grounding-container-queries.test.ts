/**
 * Issue 15 item 11 (coverage), container queries: "the "Add to cart" button in the "Wool Hat" card".
 * The hit test records each target's item container (`context.container`, hittest/page/items.ts and
 * hittest/records.ts) and the writer (generators/grounding/container-queries.ts) names targets inside
 * it. Checked here:
 * - a page of product cards, each with the same "Add to cart" button, a wishlist icon button and an
 *   "In stock" text: every card's repeated controls get a container query naming the card by its
 *   title, resolving to exactly that target, in all 7 languages;
 * - on a generated run (all locales) and on the pages with repeated items of the corpus of pages
 *   written like real sites (test/fixtures/pages-real, in the run test/grounding-labels.test.ts
 *   checks), every container query passes the independent oracle of test/labels-oracle.ts (anchor
 *   shown once on screen, the recorded item box is an ancestor holding target and anchor, the label
 *   shown by nothing else in it); and the oracle rejects a query whose anchor is shown twice or whose
 *   item does not hold the target.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContainerQueries, checkContainerQueriesOn, onOraclePage, type LabelProblem } from './labels-oracle.js';
import { type PageOptions } from '../renderers/browser.js';
import { usePool } from './browser-pool.js';
import { CORPUS_RUN, GENERATED_ALL_LOCALES, sharedRun } from './shared-runs.js';
import { captureAndHitTest } from '../hittest/capture.js';
import { GROUNDING_LOCALES, GROUNDING_THEMES, resolveFamilies, sampleScenario } from '../generators/grounding/index.js';
import { resolveQuery, writeQueries, type WrittenQuery } from '../generators/grounding/queries.js';
import { Rng } from '../core/rng.js';
import type { GroundingRecord } from '../core/schema.js';

const ROOT = resolve(import.meta.dirname, '..');
const records = (dir: string): GroundingRecord[] =>
  readFileSync(join(dir, 'shard-00000.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as GroundingRecord);

/** Three product cards built alike; each repeats "Add to cart", "In stock" and an icon-only wishlist button. */
const SHOP = `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
body{font:16px/1.4 sans-serif;margin:20px} .grid{display:flex;gap:16px} .card{border:1px solid #ccc;border-radius:8px;padding:12px;width:220px}
.card h3{margin:0 0 6px;font-size:17px} .price{font-weight:bold} button{font:inherit;padding:4px 10px;margin-top:6px}
.fav{width:32px;height:32px;padding:0} .fav svg{width:16px;height:16px}
</style></head><body><main><h1>Winter sale</h1><div class="grid">
${[['Wool Hat', '$19.00'], ['Canvas Tote', '$24.50'], ['Leather Belt', '$35.00']]
  .map(
    ([n, p]) => `<div class="card"><h3>${n}</h3><p class="price">${p}</p><p class="stock">In stock</p><button type="button">Add to cart</button>
<button type="button" class="fav" aria-label="Save ${n}"><svg data-icon="heart" viewBox="0 0 16 16"><path d="M8 14 2 8a3 3 0 0 1 6-4 3 3 0 0 1 6 4z" fill="#c33"/></svg></button></div>`,
  )
  .join('\n')}
</div></main></body></html>`;

const OPTS: PageOptions = { viewport: { width: 900, height: 500 }, dpr: 1, mobile: false, touch: false, colorScheme: 'light', locale: 'en-US' };

const pool = usePool();
// asked for at once: the first of this file and test/grounding-labels.test.ts to ask makes it, in the
// background, while the other tests run; a failed run fails the test that reads it
let corpusRun: Promise<string>;
beforeAll(() => {
  corpusRun = sharedRun(CORPUS_RUN);
  corpusRun.catch(() => undefined);
});
// never leave the run behind (a test that fails before awaiting it)
afterAll(async () => {
  await corpusRun?.catch(() => undefined);
});

describe('container queries (issue 15 item 11)', () => {
  it('repeated card controls are named inside their card, in every language, resolving to exactly their target', async () => {
    const cap = await captureAndHitTest(pool(), { html: SHOP }, OPTS);
    const add = cap.targets.filter((t) => t.text === 'Add to cart');
    const stock = cap.targets.filter((t) => t.text === 'In stock');
    expect(add).toHaveLength(3);
    expect(stock).toHaveLength(3);
    // each card is recorded with its box and named by its title (the first text in it unique on screen)
    expect(add.map((t) => [t.context.container?.kind, t.context.container?.name])).toEqual([
      ['card', 'Wool Hat'],
      ['card', 'Canvas Tote'],
      ['card', 'Leather Belt'],
    ]);
    const expected: Record<string, string> = {
      'en-US': '"Add to cart" button',
      'zh-CN': '“Wool Hat”所在卡片中的“Add to cart”按钮',
      'ja-JP': '「Wool Hat」があるカードの「Add to cart」ボタン',
      'de-DE': 'die Schaltfläche „Add to cart“ in der Karte mit „Wool Hat“',
      'fr-FR': 'le bouton « Add to cart » dans la carte contenant « Wool Hat »',
      'es-ES': 'el botón «Add to cart» en la tarjeta con «Wool Hat»',
      ar: 'زر "Add to cart" في البطاقة التي تحتوي على "Wool Hat"',
    };
    for (const locale of GROUNDING_LOCALES) {
      const qs: WrittenQuery[] = writeQueries({
        targets: cap.targets, locale, recordId: 'r', rng: new Rng('containers'), pageTexts: cap.pageTexts,
        rejectedTargets: cap.rejectedTargets, textRuns: cap.textRuns, unpainted: cap.unpainted, negativeSources: 'unseen',
      });
      const cont = qs.filter((q) => q.style === 'container');
      for (const t of [...add, ...stock]) {
        const q = cont.find((x) => x.tid === t.tid);
        expect(q, `${locale} ${t.tid} ${t.text}`).toBeDefined();
        expect(resolveQuery(q!.spec, cap.targets, { locale }).map((x) => x.tid)).toEqual([t.tid]);
      }
      expect(cont.find((x) => x.tid === add[0]!.tid)!.text, locale).toContain(expected[locale]!);
      // the icon-only wishlist buttons: by their icon where the language names it, else as the card's only such button
      const favs = cap.targets.filter((t) => t.icon === 'heart');
      expect(favs).toHaveLength(3);
      for (const f of favs) expect(cont.some((x) => x.tid === f.tid), `${locale} ${f.tid}`).toBe(true);
    }
  });

  it('every container query of a generated run (all locales) passes the independent oracle', async () => {
    // the run test/grounding-coverage.test.ts also checks (made once per vitest run)
    const dir = await sharedRun(GENERATED_ALL_LOCALES);
    const cfg = { families: resolveFamilies('all'), locales: [...GROUNDING_LOCALES], themes: [...GROUNDING_THEMES] };
    let checked = 0;
    const problems: Array<LabelProblem & { id: string }> = [];
    const langs = new Set<string>();
    for (const rec of records(dir)) {
      const sc = sampleScenario(cfg, rec.seed, rec.index);
      expect(sc.locale, rec.id).toBe(rec.locale);
      if (rec.queries.some((q) => q.style === 'container')) langs.add(rec.locale);
      const o = await checkContainerQueries(pool(), { html: sc.html }, { viewport: sc.viewport, dpr: sc.dpr, mobile: sc.mobile, touch: sc.touch, colorScheme: sc.theme, locale: sc.locale }, rec);
      checked += o.checked;
      problems.push(...o.problems.map((p) => ({ ...p, id: rec.id })));
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(50);
    expect(langs.size).toBeGreaterThanOrEqual(3);
  });

  it('every container query on the corpus of real-like pages passes the oracle; the oracle rejects a wrong anchor or item', async () => {
    // the corpus run test/grounding-labels.test.ts checks (made once per vitest run); its pages with
    // repeated items (posts, plans, results, comments, products)
    const dir = await corpusRun;
    let checked = 0;
    const problems: Array<LabelProblem & { page: string }> = [];
    const recs = records(dir).filter((x) => /\/(forum-thread|pricing|search-results|blog-post|shop-product)\.html$/.test(x.context.page!));
    expect(recs).toHaveLength(5);
    const optsOf = (rec: GroundingRecord): PageOptions => ({ viewport: rec.context.viewport, dpr: rec.context.dpr, mobile: false, touch: false, colorScheme: 'light', locale: rec.locale });
    const forum = recs.find((x) => x.context.page!.endsWith('forum-thread.html'))!;
    // forum-thread: every post has "Reply"; a query naming the first post by a text both posts show
    // ("Reply") is rejected, and so is one whose recorded item is the other post's box (judged on the
    // render that judges the record itself: the checks only read the page)
    const q = forum.queries.find((x) => x.style === 'container' && /"Reply" /.test(x.text))!;
    expect(q, 'a container query for a "Reply" control').toBeDefined();
    const t = forum.targets.find((x) => x.tid === q.tid)!;
    const other = forum.targets.find((x) => x.context.container && t.context.container && x.context.container.bbox_css[1] !== t.context.container.bbox_css[1])!;
    const wrongAnchor = { ...forum, queries: [{ ...q, text: q.text.replace(/"[^"]+"(?=[^"]*$)/, '"Reply"') }] };
    const wrongItem = { ...forum, targets: forum.targets.map((x) => (x.tid === t.tid ? { ...x, context: { ...x.context, container: other.context.container } } : x)), queries: [q] };
    let a: Awaited<ReturnType<typeof checkContainerQueriesOn>> | undefined;
    let b: typeof a;
    for (const rec of recs) {
      await onOraclePage(pool(), { file: resolve(ROOT, rec.context.page!) }, optsOf(rec), async (read) => {
        const o = await checkContainerQueriesOn(read, rec);
        checked += o.checked;
        problems.push(...o.problems.map((p) => ({ ...p, page: rec.context.page! })));
        if (rec === forum) {
          a = await checkContainerQueriesOn(read, wrongAnchor);
          b = await checkContainerQueriesOn(read, wrongItem);
        }
      });
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(8);
    expect(a!.problems.map((p) => p.kind)).toEqual(['anchor_not_unique']);
    expect(b!.problems.map((p) => p.kind)).toEqual(['container_mismatch']);
  });
});
