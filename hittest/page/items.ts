/**
 * Item containers: for each candidate, the nearest ancestor that is one item of a repeated structure —
 * a list item, a table row, a card, a message bubble, an option — so that a query can say "the
 * "Add to cart" button in the "Wool Hat" card" (the record's `context.container`, chosen and named in
 * hittest/records.ts).
 *
 * The rule (composed tree, nearest ancestor first, the candidate itself excluded):
 * - by markup: `li`, `tr`, `article`, or role `listitem`, `row`, `option`, `treeitem`, `article`;
 * - by repetition: an element with a class whose parent has another element child of the same tag and
 *   the same class attribute, built alike (more than half of their child `tag.class` signatures shared): a list of
 *   `div.card`, `div.msg`, `div.deal`, the way generated pages and most real sites lay out repeated
 *   items without list markup (a layout `div.row` of size buttons beside one of cart buttons is not);
 * - by being one of a row of labelled panels: a `role=region` with an `aria-label` beside alike
 *   ones (the columns of a kanban board): the one landmark the search does not stop at;
 * - and in all cases: not a landmark (but for those panels), at most {@link MAX_AREA} of the viewport, and holding at least one
 *   visible text run outside the candidate (something to name it by). A nearer item without such a
 *   text (a `li` holding only the link) is passed over for the next one up; the search stops at the
 *   first landmark (`nav`, `main`, role `toolbar`, `list`, `grid`, …).
 *
 * The kind says what a person would call it: `row` (tr, role=row, or a class naming a row), `option`,
 * `message` (a class naming a message, bubble, chat or comment), `card` (article, or a class naming a
 * card or tile), `section` (any other item holding three or more controls: a sidebar group of links),
 * else `item`.
 */
import { area, inter } from './boxes.js';
import { domUp, isEl } from './dom.js';
import { boxOf, topVp } from './frames.js';
import { explicitRole } from './roles.js';
import type { CssBox, ItemKind, ItemRef } from './types.js';

/** Largest item container, as a fraction of the viewport's area (a page column is not an item). */
export const MAX_AREA = 0.3;

const TAG_KIND: Record<string, ItemKind> = { li: 'item', tr: 'row', article: 'card' };
const ROLE_KIND: Record<string, ItemKind> = { listitem: 'item', row: 'row', option: 'option', treeitem: 'item', article: 'card' };
const LANDMARK = /^(header|nav|main|aside|footer|form|dialog|search|body|html)$/;
const LANDMARK_ROLE = /^(banner|navigation|main|complementary|contentinfo|dialog|alertdialog|form|search|region|toolbar|menubar|tablist|grid|table|list|listbox|tree)$/;

/** Landmarks and whole-widget containers: the search for an item stops there. */
const isLandmark = (el: Element): boolean => LANDMARK.test(el.localName) || LANDMARK_ROLE.test(explicitRole(el));
const classOf = (el: Element): string => (el.getAttribute('class') || '').trim().replace(/\s+/g, ' ');

/** Kind named by class words: a row, a message, a card; null when the class says none of these. */
function kindByClass(cls: string): ItemKind | null {
  const words = cls.toLowerCase().split(/[\s_-]+/);
  if (words.some((w) => /^(msg|message|messages|bubble|chat|comment|reply|tweet|post)$/.test(w))) return 'message';
  if (words.some((w) => /^(card|kcard|tile)$/.test(w))) return 'card';
  if (words.some((w) => /^(row|prow|frow|calrow)$/.test(w))) return 'row';
  return null;
}

/** The item kind of `el` by the rule above (area and text not checked), or null. */
function itemKind(el: Element): ItemKind | null {
  const tag = el.localName;
  const role = explicitRole(el);
  if (isLandmark(el)) return null;
  const cls = classOf(el);
  const byMarkup = ROLE_KIND[role] ?? (role && role !== 'presentation' && role !== 'none' ? undefined : TAG_KIND[tag]);
  if (byMarkup) return byMarkup === 'item' || byMarkup === 'card' ? (kindByClass(cls) ?? byMarkup) : byMarkup;
  if (!cls) return null;
  const parent = el.parentElement;
  if (!parent) return null;
  let twin = false;
  for (const c of Array.from(parent.children)) {
    if (c !== el && c.localName === tag && classOf(c) === cls && alike(c, el)) {
      twin = true;
      break;
    }
  }
  return twin ? (kindByClass(cls) ?? 'item') : null;
}

/**
 * `el` is an explicit `role=region` with an accessible name (`aria-label`) whose parent holds another
 * such region of the same tag and class built alike: one of a row of labelled panels.
 */
function repeatedRegion(el: Element): boolean {
  if (explicitRole(el) !== 'region' || !(el.getAttribute('aria-label') || '').trim() || !el.parentElement) return false;
  const cls = classOf(el);
  return Array.from(el.parentElement.children).some((c) => c !== el && c.localName === el.localName && classOf(c) === cls && explicitRole(c) === 'region' && alike(c, el));
}

/** Child element signatures (`tag.class`) of `el`: the shape compared between repeated siblings. */
function shapeOf(el: Element): Set<string> {
  return new Set(Array.from(el.children).map((c) => `${c.localName}.${classOf(c)}`));
}

/**
 * Two siblings are items of one list when they are built alike: at least half of their child
 * signatures shared (Jaccard > 0.5; two childless siblings are alike). A layout row of size buttons
 * and a layout row of cart buttons share a class but not a shape.
 */
function alike(a: Element, b: Element): boolean {
  const x = shapeOf(a);
  const y = shapeOf(b);
  if (!x.size && !y.size) return true;
  let both = 0;
  for (const k of x) if (y.has(k)) both++;
  return both / (x.size + y.size - both) > 0.5;
}

/** `anc` contains `n` in the composed tree (through shadow roots and frames). */
function composedContains(anc: Element, n: Node): boolean {
  for (let x: Node | null = n; x; x = domUp(x)) if (x === anc) return true;
  return false;
}

/**
 * The item container of every candidate element (null where there is none).
 * @param els candidate elements, probe order
 * @param textParents the element of each visible text run (parallel to the probe's `texts`)
 * @param interactive per candidate: it is a control (a `section` holds three or more of them)
 * @param textLines the line boxes of each visible text run (CSS px): a run under another element (an
 *   open menu) is not counted as the item's text
 */
export function itemContainers(els: readonly Element[], textParents: readonly Element[], interactive: readonly boolean[], textLines: ReadonlyArray<readonly CssBox[]>): Array<ItemRef | null> {
  const vpArea = area(topVp);
  /** A run is seen when the top element at the middle of each of its lines is its element (or inside it, or around it): not under a menu or a dialog. */
  const seenCache = new Map<number, boolean>();
  const seen = (i: number): boolean => {
    let v = seenCache.get(i);
    if (v === undefined) {
      const p = textParents[i]!;
      v =
        p.ownerDocument === document &&
        textLines[i]!.every((l) => {
          const top = document.elementFromPoint((l[0] + l[2]) / 2, (l[1] + l[3]) / 2);
          return !!top && (composedContains(top, p) || composedContains(p, top));
        });
      seenCache.set(i, v);
    }
    return v;
  };
  /** Per container element: kind, box and the runs inside it; null when it is not an item container. */
  const cache = new Map<Element, { kind: ItemKind; box: CssBox; runs: number[] } | null>();
  const infoOf = (el: Element): { kind: ItemKind; box: CssBox; runs: number[] } | null => {
    if (cache.has(el)) return cache.get(el)!;
    let v: { kind: ItemKind; box: CssBox; runs: number[] } | null = null;
    const kind = itemKind(el);
    const full = kind ? boxOf(el) : null;
    const box = full ? inter(full, topVp) : null;
    if (kind && full && box && area(full) <= MAX_AREA * vpArea) {
      const runs: number[] = [];
      textParents.forEach((p, i) => {
        if (composedContains(el, p) && seen(i)) runs.push(i);
      });
      // an "item" holding three or more controls is a group of them (a sidebar section of links)
      const controls = kind === 'item' ? els.filter((e, i) => interactive[i] && e !== el && composedContains(el, e)).length : 0;
      v = { kind: controls >= 3 ? 'section' : kind, box: box as CssBox, runs };
    }
    cache.set(el, v);
    return v;
  };
  /** An item's info for a repeated region (kind `section` with three or more controls, else `item`), or null when it is too large. */
  const regionCache = new Map<Element, { kind: ItemKind; box: CssBox; runs: number[] } | null>();
  const regionInfo = (el: Element): { kind: ItemKind; box: CssBox; runs: number[] } | null => {
    if (regionCache.has(el)) return regionCache.get(el)!;
    const full = boxOf(el);
    const box = full ? inter(full, topVp) : null;
    let v: { kind: ItemKind; box: CssBox; runs: number[] } | null = null;
    if (full && box && area(full) <= MAX_AREA * vpArea) {
      const runs: number[] = [];
      textParents.forEach((p, i) => {
        if (composedContains(el, p) && seen(i)) runs.push(i);
      });
      const controls = els.filter((e, i) => interactive[i] && e !== el && composedContains(el, e)).length;
      v = { kind: controls >= 3 ? 'section' : 'item', box: box as CssBox, runs };
    }
    regionCache.set(el, v);
    return v;
  };
  return els.map((el) => {
    for (let n: Node | null = domUp(el); n; n = domUp(n)) {
      if (!isEl(n)) continue;
      if (isLandmark(n)) {
        // a labelled region among alike labelled regions (the columns of a kanban board) is an item a
        // person names by its title ("the card in the "To Do" column"); any other landmark ends the search
        const info = repeatedRegion(n) ? regionInfo(n) : null;
        const texts = info ? info.runs.filter((i) => !composedContains(el, textParents[i]!)) : [];
        if (info && texts.length) return { kind: info.kind, box: info.box, texts, first: info.runs[0]! };
        break;
      }
      const info = infoOf(n);
      if (!info) continue;
      const texts = info.runs.filter((i) => !composedContains(el, textParents[i]!));
      if (texts.length) return { kind: info.kind, box: info.box, texts, first: info.runs[0]! };
    }
    return null;
  });
}
