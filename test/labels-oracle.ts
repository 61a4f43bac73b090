/**
 * Independent oracle for the *queries* of grounding records (issue 15 "Done when"). It shares no code
 * with the query writer (generators/grounding/queries.ts) or the probe (hittest/probe.ts): it re-renders
 * the page, reads what a person can read with plain DOM calls, and checks each written query against
 * that:
 *
 * - **quoted glyphs**: every non-ASCII code point inside a quote must be covered by an installed font,
 *   asked of fontconfig (the charsets `fc-list` lists, {@link fontHasGlyph}), the same font source
 *   Chromium uses on Linux for pages without web fonts; a character no font has is drawn as a
 *   missing-glyph box.
 * - **text uniqueness** (styles `text`, `state`; also `functional` when asked): the quoted label may appear (case-, width- and
 *   punctuation-normalised, as whole words; as a substring in scripts without spaces) only in text
 *   belonging to the query's target: its own text nodes, or the `<label>` / `aria-labelledby` text of a
 *   field. Any other visible text node that contains it is a second match.
 * - **spatial** (style `spatial`): the quoted anchor must be shown by exactly one element; for a plain
 *   text / heading target the nearest visible text line in the named direction (overlapping the anchor
 *   across the direction) must be the target's; for a control, the nearest visible control of the same
 *   kind (link: `a[href]`; button: `button`, `[role=button]`) must be the target.
 *
 * Visible = a text node with a non-empty client rect inside the viewport and inside every
 * overflow-clipping ancestor, whose parent passes
 * `checkVisibility({opacityProperty, visibilityProperty})` and is the top element at the rect's centre
 * (or contains it).
 *
 * Each check renders the page itself (`checkLabels`, `checkContainerQueries`, ...) or, in its `...On`
 * form, runs on a render read once by {@link readOraclePage}: the checks only read the page (and tag
 * elements with `data-lo` ids), so several of them may share one render ({@link onOraclePage}).
 */
import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import type { BrowserPool, PageOptions, PageSource } from '../renderers/browser.js';
import type { GroundingRecord } from '../core/schema.js';

export interface LabelProblem {
  qid: string;
  text: string;
  kind: 'unpainted_glyph' | 'second_text' | 'anchor_not_unique' | 'spatial_not_nearest' | 'unresolved_target' | 'container_mismatch' | 'second_in_container';
  detail: string;
}

type B = [number, number, number, number];
interface RunInfo {
  /** Normalised text of one visible text node (or a field's value / placeholder). */
  n: string;
  raw: string;
  lines: B[];
  /** Owner ids (data-lo ids) of the node: every element ancestor, nearest first. */
  owners: number[];
  /** Ids of the ancestors that are controls (`a[href]`, `button`, `[onclick]`, `[role]`, `[tabindex]`, fields). */
  controls: number[];
  /** Visible box of the table cell (`td`, `th`, cell roles) holding the text: where a reader of a table places it. */
  cell?: B;
}

/** Normalisation of this oracle: NFKC, lower case, anything but letters and digits as one space. */
export function oracleNorm(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ').trim();
}
const NOSPACE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
/** Whole-word containment (substring for scripts written without spaces). */
export function oracleContains(hay: string, needle: string): boolean {
  if (!needle) return false;
  return NOSPACE.test(needle) ? hay.includes(needle) : ` ${hay} `.includes(` ${needle} `);
}

/** Quoted spans of a query: "…", “…”, „…“, «…», 「…」. */
export function quotedSpans(q: string): string[] {
  const out: string[] = [];
  const re = /"([^"]+)"|“([^”]+)”|„([^“]+)“|«\s?([^»]+?)\s?»|「([^」]+)」/g;
  for (let m = re.exec(q); m; m = re.exec(q)) out.push((m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5])!);
  return out;
}

let fontRanges: Array<[number, number]> | undefined;
/**
 * True when some installed font (fontconfig) has a glyph for code point `cp`: the code point lies in
 * the charset of a font `fc-list` lists. Every font's charset is read from fontconfig once (`fc-list
 * --format '%{charset}'`: hex ranges per font) instead of one `fc-list :charset=<hex>` per code point
 * (the same question: fontconfig matches a charset pattern against each font's charset).
 */
export function fontHasGlyph(cp: number): boolean {
  if (!fontRanges) {
    const out = execFileSync('fc-list', ['--format', '%{charset}\n'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    const all: Array<[number, number]> = [];
    for (const tok of out.split(/\s+/)) {
      if (!tok) continue;
      const [a, b] = tok.split('-');
      all.push([parseInt(a!, 16), parseInt(b ?? a!, 16)]);
    }
    all.sort((x, y) => x[0] - y[0]);
    fontRanges = [];
    for (const r of all) {
      const last = fontRanges[fontRanges.length - 1];
      if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
      else fontRanges.push([r[0], r[1]]);
    }
  }
  let lo = 0;
  let hi = fontRanges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = fontRanges[mid]!;
    if (cp < a) hi = mid - 1;
    else if (cp > b) lo = mid + 1;
    else return true;
  }
  return false;
}

/** Code points of `s` no installed font paints (format / joiner / variation characters ignored). */
export function unpaintedCodePoints(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80 || /[\p{Cf}\p{Mn}\s]/u.test(ch) || (cp >= 0xfe00 && cp <= 0xfe0f)) continue;
    if (!fontHasGlyph(cp)) out.push(cp);
  }
  return out;
}

const DIRS: Array<[RegExp, 'left' | 'right' | 'above' | 'below']> = [
  [/to the left of|左边|左隣|すぐ左|の左にある|links neben|a la izquierda de|à gauche de|على يسار/, 'left'],
  [/to the right of|右边|右隣|すぐ右|の右にある|rechts neben|a la derecha de|à droite de|على يمين/, 'right'],
  [/\babove\b|上方|上隣|すぐ上|の上にある|(^|\s)über\s|encima de|au-dessus de|فوق/, 'above'],
  [/\bbelow\b|下方|下隣|すぐ下|の下にある|(^|\s)unter\s|debajo de|en dessous de|تحت/, 'below'],
];
/** Direction named by a spatial query, or null. */
export function spatialDirection(q: string): 'left' | 'right' | 'above' | 'below' | null {
  for (const [re, d] of DIRS) if (re.test(q)) return d;
  return null;
}

/** In-page: tag every element with an id, list the visible text runs with their owners. */
function readPage(): { runs: RunInfo[] } {
  let next = 1;
  const idOf = (el: Element): number => {
    let v = el.getAttribute('data-lo');
    if (!v) {
      v = String(next++);
      el.setAttribute('data-lo', v);
    }
    return Number(v);
  };
  const norm = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ').trim();
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const runs: RunInfo[] = [];
  const ownersOf = (el: Element): number[] => {
    const o: number[] = [];
    for (let e: Element | null = el; e; e = e.parentElement) o.push(idOf(e));
    return o;
  };
  const CTL = 'a[href], button, input, select, textarea, [onclick], [role], [tabindex]';
  const controlsOf = (el: Element): number[] => {
    const o: number[] = [];
    for (let e: Element | null = el; e; e = e.parentElement) if (e.matches(CTL)) o.push(idOf(e));
    return o;
  };
  /** The box `el`'s overflow-clipping ancestors leave visible (their client rects intersected), viewport included. */
  const clipOf = (el: Element): B => {
    const c: B = [0, 0, vw, vh];
    for (let e = el.parentElement; e && e !== document.documentElement; e = e.parentElement) {
      const st = getComputedStyle(e);
      if (st.overflowX === 'visible' && st.overflowY === 'visible') continue;
      const r = e.getBoundingClientRect();
      c[0] = Math.max(c[0], r.left);
      c[1] = Math.max(c[1], r.top);
      c[2] = Math.min(c[2], r.right);
      c[3] = Math.min(c[3], r.bottom);
    }
    return c;
  };
  const visibleRects = (rects: DOMRect[], el: Element): B[] => {
    const out: B[] = [];
    // (text scrolled out of an overflow box is not on screen, even where the box's ancestors paint)
    const clip = clipOf(el);
    for (const r of rects) {
      const x1 = Math.max(clip[0], r.left);
      const y1 = Math.max(clip[1], r.top);
      const x2 = Math.min(clip[2], r.right);
      const y2 = Math.min(clip[3], r.bottom);
      if (x2 - x1 < 1 || y2 - y1 < 1) continue;
      const top = document.elementFromPoint((x1 + x2) / 2, (y1 + y2) / 2);
      if (!top || !(top === el || el.contains(top) || top.contains(el))) continue;
      out.push([x1, y1, x2, y2]);
    }
    return out;
  };
  /**
   * What a text node paints when a `text-overflow: ellipsis` box cuts it: the characters left of the
   * ellipsis (each measured with a Range; the ellipsis' width measured in the box's font on a canvas),
   * then "…"; null when the node is painted whole.
   */
  const paintedCut = (t: Text, el: Element): string | null => {
    let o: Element | null = null;
    for (let e: Element | null = el; e && e !== document.body; e = e.parentElement) {
      const st = getComputedStyle(e);
      if (st.textOverflow === 'ellipsis' && st.overflowX !== 'visible') {
        o = e;
        break;
      }
      // (text-overflow acts on the block box that holds the line)
      if (!st.display.startsWith('inline') && st.display !== 'contents') break;
    }
    if (!o || o.scrollWidth <= o.clientWidth + 1) return null;
    const st = getComputedStyle(o);
    const r = o.getBoundingClientRect();
    const left = r.left + o.clientLeft + parseFloat(st.paddingLeft);
    const right = r.left + o.clientLeft + o.clientWidth - parseFloat(st.paddingRight);
    const rtl = st.direction === 'rtl';
    const rg = document.createRange();
    const chars: Array<{ s: string; b: DOMRect }> = [];
    for (let i = 0; i < t.data.length; ) {
      const n = t.data.codePointAt(i)! > 0xffff ? 2 : 1;
      rg.setStart(t, i);
      rg.setEnd(t, i + n);
      chars.push({ s: t.data.slice(i, i + n), b: rg.getBoundingClientRect() });
      i += n;
    }
    const ink = chars.filter((c) => c.b.width > 0 && /\S/.test(c.s));
    if (!ink.length || ink.every((c) => (rtl ? c.b.left >= left - 0.5 : c.b.right <= right + 0.5))) return null;
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = st.font;
    const ell = ctx.measureText('\u2026').width;
    let out = '';
    for (const c of chars) {
      if (c.b.width > 0 && (rtl ? c.b.left < left + ell - 0.5 : c.b.right > right - ell + 0.5)) break;
      out += c.s;
    }
    return `${out.replace(/\s+$/, '')}\u2026`;
  };
  const CELL = 'td, th, [role=cell], [role=gridcell], [role=columnheader], [role=rowheader]';
  const cellOf = (el: Element): B | undefined => {
    const c = el.closest(CELL);
    if (!c) return undefined;
    const r = c.getBoundingClientRect();
    const clip = clipOf(c);
    return [Math.max(clip[0], r.left), Math.max(clip[1], r.top), Math.min(clip[2], r.right), Math.min(clip[3], r.bottom)];
  };
  // every control gets an id, also one showing no text (an icon button: a spatial query's target or a
  // nearer competitor; controlsOf in the checks reads only tagged elements)
  for (const e of Array.from(document.querySelectorAll(CTL))) idOf(e);
  // the visible text nodes, in DOM order, with their elements (kept in the page for holdersOf)
  const nodes: Array<{ el: Element; run: number; block: Element | null; tail: boolean; head: boolean }> = [];
  const blockOf = (el: Element): Element | null => {
    for (let e: Element | null = el; e; e = e.parentElement) if (!getComputedStyle(e).display.startsWith('inline')) return e;
    return null;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const t = n as Text;
    if (!/\S/.test(t.data)) continue;
    const el = t.parentElement;
    if (!el || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'OPTION'].includes(el.tagName)) continue;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const rg = document.createRange();
    rg.selectNodeContents(t);
    const lines = visibleRects(Array.from(rg.getClientRects()), el);
    if (!lines.length) continue;
    const shown = paintedCut(t, el) ?? t.data;
    nodes.push({ el, run: runs.length, block: blockOf(el), head: /^\s/.test(t.data), tail: /\s$/.test(t.data) });
    runs.push({ n: norm(shown), raw: shown.trim(), lines, owners: ownersOf(el), controls: controlsOf(el), cell: cellOf(el) });
  }
  // a field shows its value or placeholder; a drop-down list its chosen option
  const fields: Array<{ el: Element; run: number }> = [];
  for (const f of Array.from(document.querySelectorAll('input, textarea, select'))) {
    const i = f as HTMLInputElement;
    const s = f as HTMLSelectElement;
    const shown = f.localName === 'select' ? (s.multiple || s.size > 1 ? '' : (s.selectedOptions[0]?.text ?? '')) : i.value || i.placeholder;
    // (a slider's or colour picker's value is not written on screen)
    if (!shown || ['checkbox', 'radio', 'hidden', 'submit', 'button', 'range', 'color', 'file', 'image'].includes(i.type)) continue;
    if (!i.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const lines = visibleRects([i.getBoundingClientRect()], i);
    if (!lines.length) continue;
    fields.push({ el: f, run: runs.length });
    runs.push({ n: norm(shown), raw: shown.trim(), lines, owners: ownersOf(i), controls: controlsOf(i), cell: cellOf(i) });
  }
  // phrases: text nodes a person reads as one text — consecutive nodes on one line with at most about a
  // space between them, or a line wrapping on into the next line of the same block
  const phrases: Array<{ n: string; parts: Array<{ el: Element; run: number; from: number; to: number }> }> = [];
  let cur: (typeof phrases)[number] | null = null;
  let prev: (typeof nodes)[number] | null = null;
  for (const nd of nodes) {
    const r = runs[nd.run]!;
    let join = false;
    let glued = false;
    if (cur && prev) {
      const a = runs[prev.run]!.lines[runs[prev.run]!.lines.length - 1]!;
      const b = r.lines[0]!;
      const h = Math.min(a[3] - a[1], b[3] - b[1]);
      const vo = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
      const gap = Math.max(b[0] - a[2], a[0] - b[2]);
      if (vo >= 0.5 * h) {
        join = gap <= Math.max(6, 0.9 * h);
        // (syntax-coloured code: "true" + ", product };" — a space only where a word would be split)
        glued = gap < 1 && /[\p{L}\p{N}]$/u.test(runs[prev.run]!.raw) && /^[\p{L}\p{N}]/u.test(r.raw) && !prev.tail && !nd.head;
      }
      else join = prev.block === nd.block && b[1] >= a[3] - 2 && b[1] - a[3] <= 0.6 * h;
    }
    if (!join || !cur) phrases.push((cur = { n: '', parts: [] }));
    const sep = cur.n && !glued && r.n ? ' ' : '';
    const from = cur.n.length + sep.length;
    cur.n += sep + r.n;
    cur.parts.push({ el: nd.el, run: nd.run, from, to: cur.n.length });
    prev = nd;
  }
  for (const f of fields) phrases.push({ n: runs[f.run]!.n, parts: [{ el: f.el, run: f.run, from: 0, to: runs[f.run]!.n.length }] });
  (window as unknown as { __loPhrases: typeof phrases }).__loPhrases = phrases;
  return { runs };
}

/** In-page: data-lo ids an element's text may live in (itself, its labels, aria-labelledby). */
function ownerIds(sel: string): number[] | null {
  const all = document.querySelectorAll(sel);
  if (all.length !== 1) return null;
  const el = all[0]!;
  const ids = new Set<number>();
  const add = (e: Element | null): void => {
    const v = e?.getAttribute('data-lo');
    if (v) ids.add(Number(v));
  };
  add(el);
  const f = el as HTMLInputElement;
  if (f.labels) for (const l of Array.from(f.labels)) add(l);
  if (el.localName === 'label') add((el as HTMLLabelElement).control);
  for (const id of (el.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean)) add(document.getElementById(id));
  return [...ids];
}

/**
 * In-page (after {@link readPage}): the places a person sees `label` (the quoted span as written): each
 * match in a phrase of visible text ({@link readPage}: normalised, whole words; anywhere in scripts without
 * spaces; a span ending in "…" — a text cut by an ellipsis — matches every phrase with a word starting
 * that way). Matches inside one control (a list row showing a name on its avatar and as its title) are one
 * place. Returns per place the data-lo id of the element holding the match (the nearest common ancestor
 * of its text nodes), that element's box (CSS px), the runs the match covers and, when it lies in a table
 * cell, the cell's visible box.
 */
function holdersOf(label: string): Array<{ id: number; runs: number[]; cell: B | null; box: B }> {
  const norm = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ').trim();
  const phrases = (window as unknown as { __loPhrases: Array<{ n: string; parts: Array<{ el: Element; run: number; from: number; to: number }> }> }).__loPhrases;
  const cut = /\u2026\s*$/.test(label);
  const n = norm(label);
  if (!n || !phrases) return [];
  const nospace = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u.test(n);
  // (the controls a person clicks as one thing; not landmarks or lists, which hold many places)
  const ONE = 'a[href], button, select, textarea, input, [role=button], [role=link], [role=option], [role=menuitem], [role=menuitemcheckbox], [role=menuitemradio], [role=tab], [role=treeitem], [role=checkbox], [role=radio], [role=switch]';
  const CELL = 'td, th, [role=cell], [role=gridcell], [role=columnheader], [role=rowheader]';
  const places = new Map<Element, { id: number; runs: number[]; cell: B | null; box: B }>();
  for (const ph of phrases) {
    const hay = ` ${ph.n} `;
    for (let i = hay.indexOf(nospace ? n : ` ${n}`); i >= 0; i = hay.indexOf(nospace ? n : ` ${n}`, i + 1)) {
      const start = nospace ? i - 1 : i;
      const end = start + n.length;
      // (whole words: the match ends at a word end, unless the span was cut by an ellipsis)
      if (!nospace && !cut && hay[i + 1 + n.length] !== ' ') continue;
      const parts = ph.parts.filter((p) => p.to > start && p.from < end);
      if (!parts.length) continue;
      let anc: Element | null = parts[0]!.el;
      while (anc && !parts.every((p) => anc!.contains(p.el))) anc = anc.parentElement;
      if (!anc) continue;
      const key = anc.closest(ONE) ?? anc;
      const c = anc.closest(CELL);
      let cell: B | null = null;
      if (c) {
        const r = c.getBoundingClientRect();
        cell = [Math.max(0, r.left), Math.max(0, r.top), Math.min(innerWidth, r.right), Math.min(innerHeight, r.bottom)];
      }
      const r = anc.getBoundingClientRect();
      const pl = places.get(key) ?? { id: Number(anc.getAttribute('data-lo')), runs: [], cell, box: [r.left, r.top, r.right, r.bottom] as B };
      for (const p of parts) if (!pl.runs.includes(p.run)) pl.runs.push(p.run);
      places.set(key, pl);
    }
  }
  // an element's whole text is read as its label, gaps and all ("撤销 ⌘Z": a menu item and its shortcut;
  // a product card "Pulse Buds 2" over "$49.99 $69.99")
  const whole = new Map<Element, number[]>();
  for (const ph of phrases) {
    for (const p of ph.parts) {
      // (a control, or an element drawn as clickable: a card made a control by a listener)
      for (let c: Element | null = p.el; c && c !== document.body; c = c.parentElement) if (c.matches(ONE) || getComputedStyle(c).cursor === 'pointer') whole.set(c, [...(whole.get(c) ?? []), p.run]);
    }
  }
  for (const [c, rs] of whole) {
    if ([...places.keys()].some((k) => k.contains(c) || c.contains(k))) continue;
    const txt = rs.map((k) => phrases.flatMap((ph) => ph.parts.filter((p) => p.run === k).map((p) => ph.n.slice(p.from, p.to)))[0] ?? '').join(' ');
    if (norm(txt) !== n) continue;
    const r = c.getBoundingClientRect();
    places.set(c, { id: Number(c.getAttribute('data-lo')), runs: rs, cell: null, box: [r.left, r.top, r.right, r.bottom] });
  }
  return [...places.values()];
}

/**
 * In-page: the visible things of a target's kind a person would compare in "the first <kind> below X",
 * read from markup (explicit roles honoured: a `<button role="tab">` is a tab, not a button): controls
 * of that role, or for an image / icon every outermost visible `img`, `svg`, `[role=img]`, `[data-icon]`.
 * The target element (`sel`) is one of them even when its markup is not (a `div` made a button by a
 * listener); a candidate holding the anchor element (data-lo id `anchor`) is the anchor, not a candidate.
 * Visible: `checkVisibility`, inside the viewport, and the top element at its centre or one of four
 * inner points is it or inside it. Null for a kind judged by text lines instead.
 */
function candidatesOf(arg: { role: string; sel: string; anchor: number }): Array<{ box: B; target: boolean }> | null {
  const SEL: Record<string, string> = {
    link: 'a[href]:not([role]), [role=link]',
    button: 'button:not([role]), input[type=submit]:not([role]), input[type=button]:not([role]), input[type=reset]:not([role]), summary:not([role]), [role=button]',
    tab: '[role=tab]',
    menuitem: '[role=menuitem], [role=menuitemcheckbox], [role=menuitemradio]',
    option: '[role=option]',
    treeitem: '[role=treeitem]',
    checkbox: 'input[type=checkbox]:not([role]), [role=checkbox]',
    radio: 'input[type=radio]:not([role]), [role=radio]',
    switch: '[role=switch]',
    textbox: 'input:not([type]):not([role]), input[type=text]:not([role]), input[type=email]:not([role]), input[type=password]:not([role]), input[type=tel]:not([role]), input[type=url]:not([role]), textarea:not([role]), [role=textbox]',
    searchbox: 'input[type=search]:not([role]), [role=searchbox]',
    spinbutton: 'input[type=number]:not([role]), [role=spinbutton]',
    combobox: 'select:not([multiple]):not([role]), [role=combobox]',
    listbox: 'select[multiple]:not([role]), [role=listbox]',
    slider: 'input[type=range]:not([role]), [role=slider]',
    img: 'img, svg, [role=img], [data-icon]',
  };
  SEL.menuitemcheckbox = SEL.menuitemradio = SEL.menuitem!;
  const sel = SEL[arg.role];
  if (!sel) return null;
  const t = document.querySelector(arg.sel);
  const a = document.querySelector(`[data-lo="${arg.anchor}"]`);
  const els = Array.from(document.querySelectorAll(sel)).filter((e) => !(arg.role === 'img' && e.parentElement?.closest(sel)));
  if (t && !els.some((e) => e === t || e.contains(t) || t.contains(e))) els.push(t);
  const out: Array<{ box: B; target: boolean }> = [];
  for (const m of els) {
    // (a box wrapped in its label is one thing with it, "☐ Bags"; a custom checkbox hides its input and
    // draws the box in its label: the label is what is seen)
    const wrap = /^(checkbox|radio|switch)$/.test(arg.role) ? m.closest('label') : null;
    const lab = (m as HTMLInputElement).labels?.[0];
    const e = wrap ?? (!m.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && lab ? lab : m);
    if (a && e.contains(a)) continue;
    if (!e.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const r = e.getBoundingClientRect();
    const b: B = [Math.max(0, r.left), Math.max(0, r.top), Math.min(innerWidth, r.right), Math.min(innerHeight, r.bottom)];
    if (b[2] - b[0] < 1 || b[3] - b[1] < 1) continue;
    const pts: Array<[number, number]> = [[0.5, 0.5], [0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]];
    const seen = pts.some(([fx, fy]) => {
      const top = document.elementFromPoint(b[0] + fx * (b[2] - b[0]), b[1] + fy * (b[3] - b[1]));
      return !!top && (top === e || e.contains(top));
    });
    if (!seen) continue;
    out.push({ box: b, target: !!t && (e === t || e.contains(t) || t.contains(e)) });
  }
  return out;
}

type InPage<A, R> = (arg: A) => R;
async function ev<A, R>(page: import('playwright-core').Page, fn: InPage<A, R>, arg: A): Promise<R> {
  const src = `(() => { const __name = (f, _n) => f; return JSON.stringify((${fn.toString()})(${JSON.stringify(arg)})); })()`;
  return JSON.parse((await page.evaluate(src)) as string) as R;
}

const overlap = (a0: number, a1: number, b0: number, b1: number): number => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
/** Gap from box a to box b in `dir`, or null when b is not that way or does not overlap a across it (≥ 25% of the smaller extent). */
function gapTo(a: B, b: B, dir: 'left' | 'right' | 'above' | 'below'): number | null {
  const horiz = dir === 'left' || dir === 'right';
  const ov = horiz ? overlap(a[1], a[3], b[1], b[3]) : overlap(a[0], a[2], b[0], b[2]);
  const minExt = horiz ? Math.min(a[3] - a[1], b[3] - b[1]) : Math.min(a[2] - a[0], b[2] - b[0]);
  if (ov < 0.25 * minExt || ov <= 0) return null;
  const g = dir === 'right' ? b[0] - a[2] : dir === 'left' ? a[0] - b[2] : dir === 'below' ? b[1] - a[3] : a[1] - b[3];
  return g < -1 ? null : Math.max(0, g);
}
const unionB = (bs: B[]): B => [Math.min(...bs.map((b) => b[0])), Math.min(...bs.map((b) => b[1])), Math.max(...bs.map((b) => b[2])), Math.max(...bs.map((b) => b[3]))];

/**
 * Check every positive query of `rec` (rendered from `source` with `opts`) against the page as a
 * person reads it. Returns the problems found (empty = all queries are sound by these rules).
 * @param uniqueStyles query styles whose quoted spans must each be shown by no visible text but the
 *   target's (default `text` and `state`; add `functional` for phrases that quote a mail subject:
 *   "打开段国良发来的“回复：年度总结”邮件")
 */
export async function checkLabels(
  pool: BrowserPool,
  source: PageSource,
  opts: PageOptions,
  rec: GroundingRecord,
  uniqueStyles: readonly string[] = ['text', 'state'],
): Promise<{ checked: number; problems: LabelProblem[] }> {
  return pool.withPage(opts, source, (h) => checkLabelsOn(h.page, rec, uniqueStyles));
}

/**
 * {@link checkLabels} on a page freshly rendered from the record's source, nothing run on it yet (or on
 * its {@link readOraclePage} reading). It only reads the page (and tags elements with a `data-lo`
 * attribute), so another oracle may use the same render afterwards (`runOracle`'s `first`).
 */
export async function checkLabelsOn(
  on: Page | OraclePage,
  rec: GroundingRecord,
  uniqueStyles: readonly string[] = ['text', 'state'],
): Promise<{ checked: number; problems: LabelProblem[] }> {
  const { page, runs } = await readOnce(on);
  const problems: LabelProblem[] = [];
  let checked = 0;
  const tById = new Map(rec.targets.map((t) => [t.tid, t]));
  for (const q of rec.queries) {
    if (q.tid === null) continue;
    const spans = quotedSpans(q.text);
    if (!spans.length) continue;
    checked++;
    for (const s of spans) {
      const bad = unpaintedCodePoints(s);
      if (bad.length) problems.push({ qid: q.qid, text: q.text, kind: 'unpainted_glyph', detail: bad.map((c) => `U+${c.toString(16).toUpperCase()}`).join(' ') });
    }
    const t = tById.get(q.tid)!;
    const own = await ev(page, ownerIds, t.dom.selector);
    if (!own) {
      problems.push({ qid: q.qid, text: q.text, kind: 'unresolved_target', detail: t.dom.selector });
      continue;
    }
    const ownSet = new Set(own);
    const mine = (r: RunInfo): boolean => r.owners.some((o) => ownSet.has(o));
    if (uniqueStyles.includes(q.style)) {
      // (a span naming the target's landmark — "der aktuelle Link im Bereich „Dokumentation“" — is not a
      // label: whether the screen shows it only as that landmark's title is checkLandmarkNames' question)
      const lm = oracleNorm(t.context.landmark ?? '');
      for (const s of spans) {
        const n = oracleNorm(s);
        if (lm && n === lm && !oracleContains(oracleNorm(`${t.text} ${t.name}`), n)) continue;
        const other = runs.find((r) => !mine(r) && oracleContains(r.n, n));
        if (other) problems.push({ qid: q.qid, text: q.text, kind: 'second_text', detail: `"${s}" also in "${other.raw.slice(0, 60)}"` });
      }
    }
    if (q.style === 'spatial' && !iconAnchorOf(q.text) && !codeLineBesideOf(q.text)) {
      const dir = spatialDirection(q.text);
      const anchor = spans[spans.length - 1]!;
      const held = await ev(page, holdersOf, anchor);
      if (held.length !== 1 || !dir) {
        problems.push({ qid: q.qid, text: q.text, kind: 'anchor_not_unique', detail: `${held.length} places show "${anchor}" (direction ${dir})` });
        continue;
      }
      const place = held[0]!;
      // where the anchor is: its quoted words (what is looked for, a text's table cell, is a region)
      const aBox = unionB(place.runs.flatMap((k) => runs[k]!.lines));
      const cands = await ev(page, candidatesOf, { role: t.role, sel: t.dom.selector, anchor: place.id });
      // the nearest things that way (ties within half a pixel: all of them)
      let best: Array<{ mine: boolean; what: string }> = [];
      let bestGap = Infinity;
      const consider = (g: number | null, isMine: boolean, what: string): void => {
        if (g === null || g > bestGap + 0.5) return;
        if (g < bestGap - 0.5) {
          best = [];
          bestGap = g;
        }
        best.push({ mine: isMine, what });
      };
      if (cands) {
        for (const c of cands) consider(gapTo(aBox, c.box, dir), c.target, `${c.target ? 'the target' : 'another'} ${t.role} [${c.box.map(Math.round).join(',')}]`);
      } else {
        // texts: every visible text line (a text in a table cell stands for its cell), the anchor's own excepted
        for (const [k, r] of runs.entries()) {
          if (place.runs.includes(k)) continue;
          for (const ln of r.cell ? [r.cell] : r.lines) consider(gapTo(aBox, ln, dir), mine(r), `"${r.raw.slice(0, 40)}"`);
        }
      }
      // a text: no other line lies between the anchor and the target across the band they span (the
      // "}" closing a block, one line below "cursor.items = true;" and a little to its left)
      if (!cands && best.length && !best.some((x) => !x.mine)) {
        const tl = runs.filter((r) => mine(r)).flatMap((r) => (r.cell ? [r.cell] : r.lines)).filter((ln) => gapTo(aBox, ln, dir) !== null);
        const tb = tl.length ? unionB(tl) : null;
        const horiz = dir === 'left' || dir === 'right';
        const band: [number, number] | null = tb ? (horiz ? [Math.min(aBox[1], tb[1]), Math.max(aBox[3], tb[3])] : [Math.min(aBox[0], tb[0]), Math.max(aBox[2], tb[2])]) : null;
        const inBetween = (ln: B): boolean =>
          !!tb &&
          !!band &&
          (horiz ? overlap(ln[1], ln[3], band[0], band[1]) > 1 : overlap(ln[0], ln[2], band[0], band[1]) > 1) &&
          (dir === 'below' ? ln[1] >= aBox[3] - 1 && ln[3] <= tb[1] + 1 : dir === 'above' ? ln[3] <= aBox[1] + 1 && ln[1] >= tb[3] - 1 : dir === 'right' ? ln[0] >= aBox[2] - 1 && ln[2] <= tb[0] + 1 : ln[2] <= aBox[0] + 1 && ln[0] >= tb[2] - 1);
        for (const [k, r] of runs.entries()) {
          if (place.runs.includes(k) || mine(r)) continue;
          const ln = (r.cell ? [r.cell] : r.lines).find(inBetween);
          if (ln) best.push({ mine: false, what: `"${r.raw.slice(0, 40)}" between them` });
        }
      }
      const others = best.filter((x) => !x.mine);
      if (!best.length || others.length) problems.push({ qid: q.qid, text: q.text, kind: 'spatial_not_nearest', detail: `nearest ${dir}: ${best.length ? best.map((x) => x.what).join(' | ') : 'nothing'}` });
    }
  }
  return { checked, problems };
}

/** In-page: the visible header cells (`th`, `[role=columnheader]`, `[role=rowheader]`) whose whole text is `label`, with their boxes. */
function headersNamed(label: string): B[] {
  const out: B[] = [];
  for (const e of Array.from(document.querySelectorAll('th, [role=columnheader], [role=rowheader]'))) {
    if (((e as HTMLElement).innerText ?? '').trim() !== label) continue;
    if (!e.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const r = e.getBoundingClientRect();
    if (r.width >= 1 && r.height >= 1 && r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight) out.push([r.left, r.top, r.right, r.bottom]);
  }
  return out;
}

/** In-page: visible data cells (`td`, `[role=cell]`, `[role=gridcell]`), boxes in CSS px. */
function dataCells(): B[] {
  const out: B[] = [];
  for (const e of Array.from(document.querySelectorAll('td, [role=cell], [role=gridcell]'))) {
    if (!e.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const r = e.getBoundingClientRect();
    if (r.width >= 1 && r.height >= 1 && r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight) out.push([r.left, r.top, r.right, r.bottom]);
  }
  return out;
}

/**
 * Column label and row number (1 = first row under the header) of a query "the cell in the "Kind"
 * column of the third row below the header", in any of the 7 languages; null for other queries.
 */
export function cellNthOf(q: string): { colLabel: string; n: number } | null {
  const EN = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
  const ZH = '一二三四五六七八九十';
  const DE = ['ersten', 'zweiten', 'dritten', 'vierten', 'fünften', 'sechsten', 'siebten', 'achten', 'neunten', 'zehnten'];
  const ES = ['primera', 'segunda', 'tercera', 'cuarta', 'quinta', 'sexta', 'séptima', 'octava', 'novena', 'décima'];
  const FR = ['première', 'deuxième', 'troisième', 'quatrième', 'cinquième', 'sixième', 'septième', 'huitième', 'neuvième', 'dixième'];
  const hit = (colLabel: string | undefined, n: number): { colLabel: string; n: number } | null => (colLabel && n > 0 ? { colLabel, n } : null);
  let m: RegExpExecArray | null;
  if ((m = /^the cell in the "(.+)" column of the (\w+) row below the header$/.exec(q))) return hit(m[1], EN.indexOf(m[2]!) + 1);
  if ((m = /^表头下方第(.)行中“(.+)”列的单元格$/.exec(q))) return hit(m[2], ZH.indexOf(m[1]!) + 1);
  if ((m = /^見出しの下(\d+)行目の「(.+)」列のセル$/.exec(q))) return hit(m[2], Number(m[1]));
  if ((m = /^die Zelle in der Spalte „(.+)“ in der (\S+) Zeile unter der Kopfzeile$/.exec(q))) return hit(m[1], DE.indexOf(m[2]!) + 1);
  if ((m = /^la celda de la columna «(.+)» en la (\S+) fila bajo el encabezado$/.exec(q))) return hit(m[1], ES.indexOf(m[2]!) + 1);
  if ((m = /^la cellule de la colonne « (.+) » dans la (\S+) ligne sous l’en-tête$/.exec(q))) return hit(m[1], FR.indexOf(m[2]!) + 1);
  if ((m = /^الخلية في عمود "(.+)" ضمن الصف رقم (\d+) أسفل العناوين$/.exec(q))) return hit(m[1], Number(m[2]));
  return null;
}

/** Column and row labels of a table-cell query, in the order they are quoted per language. */
const CELL_QUERY = /column|列のセル|列的单元格|Spalte|columna|colonne|عمود/;
const SHEET_QUERY = /^(?:cell|单元格|セル|die Zelle|la celda|la cellule|الخلية) ([A-Z]{1,2})(\d{1,4})$/;

/**
 * Check the table-cell queries of `rec` (style `positional`): "the cell in the "Size" column of the
 * "a.pdf" row" — each quoted label is shown by exactly one visible element, and the target lies in that
 * header's column (x overlap) and that label's row (y overlap); "the cell in the "Kind" column of the
 * third row below the header" ({@link cellNthOf}) — the header is shown once, and the target's centre
 * lies under it in the third band of visible data cells (`td`, `[role=cell]`, `[role=gridcell]`) below
 * it, cells that share a line being one band; "cell C3" — exactly one visible header
 * cell reads "C" and one reads "3", and the target's centre lies in that column and that row.
 */
export async function checkTableQueries(pool: BrowserPool, source: PageSource, opts: PageOptions, rec: GroundingRecord): Promise<{ checked: number; problems: LabelProblem[] }> {
  return pool.withPage(opts, source, async (h) => {
    const page = h.page;
    await page.evaluate('document.fonts.ready');
    const problems: LabelProblem[] = [];
    let checked = 0;
    const tById = new Map(rec.targets.map((t) => [t.tid, t]));
    // (tags every element with its data-lo id, which holdersOf reports)
    await ev(page, readPage, null);
    const rowFirst = /^(zh|ja)/.test(rec.locale);
    const bad = (q: { qid: string; text: string }, detail: string): void => {
      problems.push({ qid: q.qid, text: q.text, kind: 'unresolved_target', detail });
    };
    for (const q of rec.queries) {
      if (q.tid === null || q.style !== 'positional') continue;
      const t = tById.get(q.tid)!;
      const tb = t.bbox_css as unknown as B;
      const sheet = SHEET_QUERY.exec(q.text);
      const spans = quotedSpans(q.text);
      if (sheet) {
        checked++;
        const cols = await ev(page, headersNamed, sheet[1]!);
        const rows = await ev(page, headersNamed, sheet[2]!);
        if (cols.length !== 1 || rows.length !== 1) {
          bad(q, `${cols.length} headers read "${sheet[1]}", ${rows.length} read "${sheet[2]}"`);
          continue;
        }
        const [x, y] = [(tb[0] + tb[2]) / 2, (tb[1] + tb[3]) / 2];
        if (x < cols[0]![0] || x > cols[0]![2] || y < rows[0]![1] || y > rows[0]![3]) bad(q, `target centre ${x},${y} not in column ${cols[0]!.map(Math.round)} / row ${rows[0]!.map(Math.round)}`);
      } else if (cellNthOf(q.text)) {
        checked++;
        const { colLabel, n } = cellNthOf(q.text)!;
        const col = await ev(page, holdersOf, colLabel);
        if (col.length !== 1) {
          bad(q, `${col.length} elements show "${colLabel}"`);
          continue;
        }
        const hb = col[0]!.box;
        // the data cells under that header, grouped into rows top to bottom
        const cells = (await ev(page, dataCells, null)).filter((b) => overlap(b[0], b[2], hb[0], hb[2]) > 0 && b[1] >= hb[3] - 1).sort((a, b) => a[1] - b[1]);
        const rows: B[] = [];
        for (const b of cells) {
          const last = rows[rows.length - 1];
          if (last && b[1] < last[3] - 1) rows[rows.length - 1] = unionB([last, b]);
          else rows.push(b);
        }
        const row = rows[n - 1];
        const [x, y] = [(tb[0] + tb[2]) / 2, (tb[1] + tb[3]) / 2];
        if (!row || y < row[1] || y > row[3] || x < hb[0] || x > hb[2]) bad(q, `target centre ${x},${y} not in row ${n} under "${colLabel}" ${hb.map(Math.round)} (rows: ${rows.length})`);
      } else if (CELL_QUERY.test(q.text) && spans.length === 2) {
        checked++;
        const [colLabel, rowLabel] = rowFirst ? [spans[1]!, spans[0]!] : [spans[0]!, spans[1]!];
        const col = await ev(page, holdersOf, colLabel);
        const row = await ev(page, holdersOf, rowLabel);
        if (col.length !== 1 || row.length !== 1) {
          bad(q, `${col.length} elements show "${colLabel}", ${row.length} show "${rowLabel}"`);
          continue;
        }
        if (overlap(tb[0], tb[2], col[0]!.box[0], col[0]!.box[2]) <= 0 || overlap(tb[1], tb[3], row[0]!.box[1], row[0]!.box[3]) <= 0) bad(q, `target ${tb.map(Math.round)} not under "${colLabel}" ${col[0]!.box.map(Math.round)} / beside "${rowLabel}" ${row[0]!.box.map(Math.round)}`);
      }
    }
    return { checked, problems };
  });
}

/** In-page: box of the nearest landmark around the element `sel` (ARIA landmark elements and roles, named sections), viewport-clipped. */
function landmarkBoxOf(sel: string): B | null {
  const el = document.querySelector(sel);
  if (!el) return null;
  const LM = 'header, nav, main, aside, footer, form, dialog, search, section[aria-label], section[aria-labelledby], [role=banner], [role=navigation], [role=main], [role=complementary], [role=contentinfo], [role=region], [role=dialog], [role=alertdialog], [role=form], [role=search], [role=toolbar], [role=menubar], [role=tablist]';
  for (let e = el.parentElement; e; e = e.parentElement) {
    if (!e.matches(LM)) continue;
    const r = e.getBoundingClientRect();
    return [Math.max(0, r.left), Math.max(0, r.top), Math.min(innerWidth, r.right), Math.min(innerHeight, r.bottom)];
  }
  return null;
}

/**
 * The place a query "the n-th text from the top (in <landmark>)" claims, in the page's language, or
 * null when `q` is not such a query (a query quoting a label, "the second "Font" text", is another kind).
 * Ordinal words transcribed here, not taken from the writer's tables.
 */
export function textPlaceOf(q: string): number | null {
  const EN = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
  const ZH = '一二三四五六七八九十';
  const DE = ['erste', 'zweite', 'dritte', 'vierte', 'fünfte', 'sechste', 'siebte', 'achte', 'neunte', 'zehnte'];
  const ES = ['primer', 'segundo', 'tercer', 'cuarto', 'quinto', 'sexto', 'séptimo', 'octavo', 'noveno', 'décimo'];
  const FR = ['premier', 'deuxième', 'troisième', 'quatrième', 'cinquième', 'sixième', 'septième', 'huitième', 'neuvième', 'dixième'];
  let m: RegExpExecArray | null;
  if ((m = /^the (\w+) text(?: from the top)?(?: in [^"]*(?:"[^"]+" section)?)?$/.exec(q))) return EN.indexOf(m[1]!) + 1 || null;
  if ((m = /^(?:.*中)?从上往下数第(.)个文字$/.exec(q))) return ZH.indexOf(m[1]!) + 1 || null;
  if ((m = /上から(\d+)番目のテキスト$/.exec(q))) return Number(m[1]);
  if ((m = /^der (\S+) Text von oben(?: im| in)?/.exec(q))) return DE.indexOf(m[1]!) + 1 || null;
  if ((m = /^el (\S+) texto desde arriba/.exec(q))) return ES.indexOf(m[1]!) + 1 || null;
  if ((m = /^le (\S+) texte en partant du haut/.exec(q))) return FR.indexOf(m[1]!) + 1 || null;
  if ((m = /^النص رقم (\d+) من الأعلى(?: في|$)/.exec(q))) return Number(m[1]);
  return null;
}

/**
 * Check the "n-th text from the top" queries of `rec` (style `positional`) against the re-rendered
 * page: in the box of the target's nearest landmark element, no other visible text shares the target's
 * line, and the visible texts above it (control labels included; text nodes of one parent element
 * taken together, then texts on one line taken together) number n - 1.
 * (It found "der zweite Text von oben im Bereich „Konto“" on mobile.ios.settings, where an avatar's
 * initials beside the account name lie in the landmark but outside its targets' extent.)
 */
export async function checkTextPlaces(pool: BrowserPool, source: PageSource, opts: PageOptions, rec: GroundingRecord): Promise<{ checked: number; problems: LabelProblem[] }> {
  return onOraclePage(pool, source, opts, async ({ page, runs }) => {
    const problems: LabelProblem[] = [];
    let checked = 0;
    const tById = new Map(rec.targets.map((t) => [t.tid, t]));
    for (const q of rec.queries) {
      if (q.tid === null || q.style !== 'positional' || quotedSpans(q.text).length > 1) continue;
      const n = textPlaceOf(q.text);
      if (n === null || /"[^"]+" text|“[^”]+”文字|「[^」]+」テキスト/.test(q.text)) continue;
      checked++;
      const t = tById.get(q.tid)!;
      const bad = (detail: string): void => void problems.push({ qid: q.qid, text: q.text, kind: 'unresolved_target', detail });
      const own = await ev(page, ownerIds, t.dom.selector);
      const region = await ev(page, landmarkBoxOf, t.dom.selector);
      if (!own || !region) {
        bad(`no element or landmark for ${t.dom.selector}`);
        continue;
      }
      const ownSet = new Set(own);
      const inRegion = runs.filter((r) => {
        const u = unionB(r.lines);
        const [x, y] = [(u[0] + u[2]) / 2, (u[1] + u[3]) / 2];
        return x >= region[0] && x <= region[2] && y >= region[1] && y <= region[3];
      });
      const mine = inRegion.filter((r) => r.owners.some((o) => ownSet.has(o)));
      if (!mine.length) {
        bad('the target shows no visible text in its landmark');
        continue;
      }
      const band = unionB(mine.flatMap((r) => r.lines));
      const others = inRegion.filter((r) => !mine.includes(r));
      const onLine = others.find((r) => { const u = unionB(r.lines); return u[1] < band[3] - 1 && u[3] > band[1] + 1; });
      if (onLine) {
        bad(`"${onLine.raw.slice(0, 40)}" shares the target's line`);
        continue;
      }
      // (a control's label is text a person counts too)
      const above = others.filter((r) => unionB(r.lines)[3] <= band[1] + 1);
      // texts of one parent element are one text; texts on one line are one line
      const byParent = new Map<number, B[]>();
      for (const r of above) byParent.set(r.owners[0]!, [...(byParent.get(r.owners[0]!) ?? []), ...r.lines]);
      const blocks = [...byParent.values()].map(unionB).sort((a, b) => a[1] - b[1]);
      let count = 0;
      let bottom = -Infinity;
      for (const b of blocks) {
        if (b[1] >= bottom - 1) count++;
        bottom = Math.max(bottom, b[3]);
      }
      if (count + 1 !== n) bad(`the query says text ${n} from the top, the page shows ${count} texts above it`);
    }
    return { checked, problems };
  });
}

/**
 * In-page: the element whose visible box (client rect ∩ viewport, CSS px) is `box` (±1.5 px) and that
 * contains both the element `sel` and the element tagged `anchor` (data-lo id); its data-lo id, or null.
 */
function containerElement(arg: { box: B; sel: string; anchor: number }): number | null {
  const t = document.querySelectorAll(arg.sel);
  const a = document.querySelector(`[data-lo="${arg.anchor}"]`);
  if (t.length !== 1 || !a) return null;
  for (let e: Element | null = t[0]!.parentElement; e; e = e.parentElement) {
    const r = e.getBoundingClientRect();
    const v = [Math.max(0, r.left), Math.max(0, r.top), Math.min(innerWidth, r.right), Math.min(innerHeight, r.bottom)];
    if (v.every((x, i) => Math.abs(x - arg.box[i]!) <= 1.5) && e.contains(a)) return Number(e.getAttribute('data-lo'));
  }
  return null;
}

/** In-page: visible controls of a kind (by markup: links, buttons, fields, checkboxes) inside the element tagged `within`, with their ids. */
function controlsWithin(arg: { role: string; within: number }): number[] {
  const SEL: Record<string, string> = {
    link: 'a[href], [role=link]',
    button: 'button, [role=button], input[type=submit], input[type=button], input[type=reset], summary',
    checkbox: 'input[type=checkbox], [role=checkbox]',
    radio: 'input[type=radio], [role=radio]',
    switch: '[role=switch]',
    textbox: 'input:not([type]), input[type=text], input[type=email], input[type=password], input[type=tel], input[type=url], input[type=number], textarea, [role=textbox], [role=spinbutton]',
    spinbutton: 'input[type=number], [role=spinbutton]',
    searchbox: 'input[type=search], [role=searchbox]',
    combobox: 'select, [role=combobox]',
  };
  const sel = SEL[arg.role];
  const root = document.querySelector(`[data-lo="${arg.within}"]`);
  if (!sel || !root) return [];
  const out: number[] = [];
  for (const e of Array.from(root.querySelectorAll(sel))) {
    if (!e.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || r.right <= 0 || r.bottom <= 0 || r.left >= innerWidth || r.top >= innerHeight) continue;
    const v = e.getAttribute('data-lo');
    if (v) out.push(Number(v));
  }
  return out;
}

/**
 * In-page: what the screen shows for a landmark's name. `sel` is the target's selector, `name` the
 * normalised name. Finds the target's outermost ancestor whose `aria-label` (or `aria-labelledby` text)
 * reads `name` (a section named like its heading may hold a list of the same name); returns null when there is none (the name is not an accessible name here). Else lists
 * the problems: a visible text node reading just `name` outside that ancestor, or inside it but below
 * another visible text of it (a section heading, not the landmark's title); an element showing `name`
 * cut by `text-overflow: ellipsis`.
 */
function landmarkNameShown(arg: { sel: string; name: string }): string[] | null {
  const norm = (s: string): string => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ').trim();
  const el = document.querySelector(arg.sel);
  if (!el) return null;
  const nameOf = (e: Element): string => {
    const by = (e.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean).map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    return norm(e.getAttribute('aria-label') || by);
  };
  // (the outermost one: a card section named like its heading may hold a list with the same name)
  let lm: Element | null = null;
  for (let e = el.parentElement; e; e = e.parentElement) if (nameOf(e) === arg.name) lm = e;
  if (!lm) return null;
  const out: string[] = [];
  const texts: Array<{ node: Text; r: DOMRect }> = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const t = n as Text;
    const p = t.parentElement;
    if (!/\S/.test(t.data) || !p || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'OPTION'].includes(p.tagName)) continue;
    if (!p.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const rg = document.createRange();
    rg.selectNodeContents(t);
    const r = rg.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || r.right <= 0 || r.bottom <= 0 || r.left >= innerWidth || r.top >= innerHeight) continue;
    texts.push({ node: t, r });
  }
  const inLm = texts.filter((x) => lm!.contains(x.node));
  for (const x of texts) {
    if (norm(x.node.data) !== arg.name) continue;
    if (!lm.contains(x.node)) out.push(`"${x.node.data.trim()}" shown outside the landmark at ${Math.round(x.r.left)},${Math.round(x.r.top)}`);
    else if (inLm.some((o) => o !== x && o.r.bottom <= x.r.top + 1)) out.push(`"${x.node.data.trim()}" is not the landmark's title (texts of it above)`);
  }
  for (const e of Array.from(document.body.querySelectorAll('*'))) {
    const h = e as HTMLElement;
    if (!h.textContent || !` ${norm(h.textContent)} `.includes(` ${arg.name} `) || getComputedStyle(h).textOverflow !== 'ellipsis' || h.scrollWidth <= h.clientWidth + 1) continue;
    if (!h.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    out.push(`"${h.textContent.trim().slice(0, 40)}" is cut by an ellipsis`);
  }
  return out;
}

/** A rendered page and its visible text runs ({@link readPage}), read once for every check run on it. */
export interface OraclePage {
  page: Page;
  runs: RunInfo[];
}

/** Wait for the page's fonts and read its visible text runs ({@link readPage}): what the `...On` checks take. */
export async function readOraclePage(page: Page): Promise<OraclePage> {
  await page.evaluate('document.fonts.ready');
  const { runs } = await ev(page, readPage, null);
  return { page, runs };
}

/** The reading of `on`: itself, or {@link readOraclePage} of a page nothing has read yet. */
async function readOnce(on: Page | OraclePage): Promise<OraclePage> {
  return 'runs' in on ? on : readOraclePage(on);
}

/**
 * Render `source` with `opts`, read its visible text runs ({@link readOraclePage}) and run `body` on
 * them: one render for any number of `...On` checks.
 */
export async function onOraclePage<R>(pool: BrowserPool, source: PageSource, opts: PageOptions, body: (read: OraclePage) => Promise<R>): Promise<R> {
  return pool.withPage(opts, source, async (h) => body(await readOraclePage(h.page)));
}

/** A query naming an icon (the oracle cannot see which icon is drawn: only the anchor and the item are checked). */
const ICON_WORD = /\bicon\b|图标|アイコン|Symbol|icône|icono|أيقونة/;

/**
 * Check the container queries of `rec` (style `container`: "the "Add to cart" button in the "Wool Hat"
 * card") against the re-rendered page, with this file's own DOM reading:
 * - the anchor (the first quoted span in Chinese and Japanese, the last in the other languages) is
 *   shown by exactly one visible element on the whole screen (whole words, normalised, substrings
 *   included, {@link holdersOf});
 * - the item box the record gives (`context.container.bbox_css`) is the visible box of an ancestor of
 *   the target element that also contains that anchor element;
 * - a quoted label (the other span, when the target's own text or name shows it) is shown by no
 *   visible text in that element other than the target's own;
 * - a query naming no label ("the button in the "X" card", an icon) has the target as the only
 *   visible control of its role in that element (roles the oracle can select by markup; a query naming
 *   an icon is checked for its anchor and item only).
 * Targets inside shadow roots or frames (selectors with `>>>`) are skipped.
 */
export async function checkContainerQueries(pool: BrowserPool, source: PageSource, opts: PageOptions, rec: GroundingRecord): Promise<{ checked: number; problems: LabelProblem[] }> {
  return onOraclePage(pool, source, opts, (read) => checkContainerQueriesOn(read, rec));
}

/** {@link checkContainerQueries} on a render already read ({@link readOraclePage}). */
export async function checkContainerQueriesOn({ page, runs }: OraclePage, rec: GroundingRecord): Promise<{ checked: number; problems: LabelProblem[] }> {
  const problems: LabelProblem[] = [];
  let checked = 0;
  const anchorFirst = /^(zh|ja)/.test(rec.locale);
  for (const q of rec.queries.filter((x) => x.tid !== null && x.style === 'container' && !codeLineOf(x.text))) {
    const t = rec.targets.find((x) => x.tid === q.tid)!;
    if (t.dom.selector.includes('>>>')) continue;
    checked++;
    const bad = (kind: LabelProblem['kind'], detail: string): void => void problems.push({ qid: q.qid, text: q.text, kind, detail });
    const spans = quotedSpans(q.text);
    const box = t.context.container?.bbox_css as B | undefined;
    if (!spans.length || !box) {
      bad('unresolved_target', `no quoted anchor or no container in the record (${spans.length} spans)`);
      continue;
    }
    const anchor = anchorFirst ? spans[0]! : spans[spans.length - 1]!;
    const held = await ev(page, holdersOf, anchor);
    if (held.length !== 1) {
      bad('anchor_not_unique', `${held.length} elements show "${anchor}"`);
      continue;
    }
    const own = await ev(page, ownerIds, t.dom.selector);
    const cont = await ev(page, containerElement, { box, sel: t.dom.selector, anchor: held[0]!.id });
    if (!own || cont === null) {
      bad('container_mismatch', `no ancestor of ${t.dom.selector} with box [${box.map(Math.round).join(',')}] holds "${anchor}"`);
      continue;
    }
    const ownSet = new Set(own);
    const mine = (r: RunInfo): boolean => r.owners.some((o) => ownSet.has(o));
    const inside = runs.filter((r) => r.owners.includes(cont));
    const shows = oracleNorm(`${t.text} ${t.name}`);
    const label = spans.length === 2 ? (anchorFirst ? spans[1]! : spans[0]!) : null;
    if (label !== null && oracleContains(shows, oracleNorm(label))) {
      const other = inside.find((r) => !mine(r) && oracleContains(r.n, oracleNorm(label)));
      if (other) bad('second_in_container', `"${label}" also in "${other.raw.slice(0, 60)}"`);
    } else if (!ICON_WORD.test(q.text)) {
      const ctl = await ev(page, controlsWithin, { role: t.role, within: cont });
      if (ctl.length && !(ctl.length === 1 && ownSet.has(ctl[0]!))) bad('second_in_container', `${ctl.length} visible ${t.role} controls in the container`);
    }
  }
  return { checked, problems };
}

/**
 * Check the landmark names quoted by the positive queries of `rec` ("im Bereich „Ordner“", "the third
 * button in the "Inbox" section"; styles positional, icon and state, which carry landmark phrases): a
 * quoted span that reads the target's landmark (`context.landmark`, normalised) must, on the
 * re-rendered page, be shown only as that landmark's title — no visible text node reading just that
 * name outside the landmark element (the target's outermost ancestor with that accessible name), none
 * inside it below another of its texts, and no element showing it cut by an ellipsis. Names that are
 * no ancestor's accessible name are not judged.
 */
export async function checkLandmarkNames(pool: BrowserPool, source: PageSource, opts: PageOptions, rec: GroundingRecord): Promise<{ checked: number; problems: LabelProblem[] }> {
  if (!landmarkAsks(rec).length) return { checked: 0, problems: [] };
  return pool.withPage(opts, source, (h) => checkLandmarkNamesOn(h.page, rec));
}

/** The queries {@link checkLandmarkNames} judges, with the landmark name each quotes. */
function landmarkAsks(rec: GroundingRecord): Array<{ q: GroundingRecord['queries'][number]; lm: string; name: string; sel: string }> {
  const targetOf = new Map(rec.targets.map((t) => [t.tid, t]));
  // the queries to judge, with the landmark name each quotes
  return rec.queries.flatMap((q) => {
    const t = q.tid === null ? undefined : targetOf.get(q.tid);
    const lm = t?.context.landmark;
    if (!t || !lm) return [];
    const name = oracleNorm(lm);
    // (landmark phrases are written into positional, icon and state queries; a span reading the
    // target's own text is the target, not its landmark)
    if (!name || !['positional', 'icon', 'state'].includes(q.style) || oracleNorm(t.text) === name) return [];
    return quotedSpans(q.text).some((s) => oracleNorm(s) === name) ? [{ q, lm, name, sel: t.dom.selector }] : [];
  });
}

/** {@link checkLandmarkNames} on a rendered page (or its {@link readOraclePage} reading). */
export async function checkLandmarkNamesOn(on: Page | OraclePage, rec: GroundingRecord): Promise<{ checked: number; problems: LabelProblem[] }> {
  const asks = landmarkAsks(rec);
  if (!asks.length) return { checked: 0, problems: [] };
  const page = 'runs' in on ? on.page : on;
  await page.evaluate('document.fonts.ready');
  const found: LabelProblem[] = [];
  let judged = 0;
  const memo = new Map<string, string[] | null>();
  for (const a of asks) {
    const key = `${a.sel}\u0000${a.name}`;
    if (!memo.has(key)) memo.set(key, await ev(page, landmarkNameShown, { sel: a.sel, name: a.name }));
    const shown = memo.get(key)!;
    if (shown === null) continue;
    judged++;
    for (const d of shown) found.push({ qid: a.q.qid, text: a.q.text, kind: 'second_text', detail: `landmark "${a.lm}": ${d}` });
  }
  return { checked: judged, problems: found };
}

// ------------------------------------------------------------------------------------------ code lines

/**
 * Quoted text and line number of a code-line query ("the text "return" on line 5") in any of the 7
 * languages; null for other queries.
 */
export function codeLineOf(q: string): { label: string; line: number } | null {
  const pats: RegExp[] = [
    /^the text "(.+)" on line (\d+)$/,
    /^第(\d+)行的文字“(.+)”$/,
    /^(\d+)行目のテキスト「(.+)」$/,
    /^der Text „(.+)“ in Zeile (\d+)$/,
    /^el texto «(.+)» de la línea (\d+)$/,
    /^le texte « (.+) » à la ligne (\d+)$/,
    /^النص "(.+)" في السطر (\d+)$/,
  ];
  for (const [i, re] of pats.entries()) {
    const m = re.exec(q);
    if (!m) continue;
    const numFirst = i === 1 || i === 2;
    return { label: numFirst ? m[2]! : m[1]!, line: Number(numFirst ? m[1] : m[2]) };
  }
  return null;
}

/**
 * Line number, direction and quoted anchor of a query naming the text beside another on a code line
 * ("the text immediately to the right of "fetchItems" on line 1"), in any of the 7 languages; else null.
 */
export function codeLineBesideOf(q: string): { anchor: string; line: number; dir: 'left' | 'right' } | null {
  const d = (w: string): 'left' | 'right' => (/right|右|rechts|derecha|droite|يمين/.test(w) ? 'right' : 'left');
  let m: RegExpExecArray | null;
  if ((m = /^the text immediately to the (left|right) of "(.+)" on line (\d+)$/.exec(q))) return { anchor: m[2]!, line: Number(m[3]), dir: d(m[1]!) };
  if ((m = /^第(\d+)行“(.+)”(右边|左边)紧挨着的文字$/.exec(q))) return { anchor: m[2]!, line: Number(m[1]), dir: d(m[3]!) };
  if ((m = /^(\d+)行目の「(.+)」のすぐ(右|左)のテキスト$/.exec(q))) return { anchor: m[2]!, line: Number(m[1]), dir: d(m[3]!) };
  if ((m = /^der Text direkt (rechts|links) neben „(.+)“ in Zeile (\d+)$/.exec(q))) return { anchor: m[2]!, line: Number(m[3]), dir: d(m[1]!) };
  if ((m = /^el texto justo a la (derecha|izquierda) de «(.+)» en la línea (\d+)$/.exec(q))) return { anchor: m[2]!, line: Number(m[3]), dir: d(m[1]!) };
  if ((m = /^le texte juste à (droite|gauche) de « (.+) » à la ligne (\d+)$/.exec(q))) return { anchor: m[2]!, line: Number(m[3]), dir: d(m[1]!) };
  if ((m = /^النص الموجود مباشرة على (يمين|يسار) "(.+)" في السطر (\d+)$/.exec(q))) return { anchor: m[2]!, line: Number(m[3]), dir: d(m[1]!) };
  return null;
}

/**
 * Check the code-line queries of `rec` ({@link codeLineOf}, style `container`) on the re-rendered page:
 * exactly one visible text node reads the line number N with visible text nodes reading N-1 or N+1
 * directly above or below it (a gutter, not a number in the code); the line is every visible text node
 * right of that number whose line box overlaps the number's vertically by half the smaller height; the
 * quoted text (normalised, whole words) is shown by exactly one of them, and that one is the target's.
 */
export async function checkCodeLines(pool: BrowserPool, source: PageSource, opts: PageOptions, rec: GroundingRecord): Promise<{ checked: number; problems: LabelProblem[] }> {
  if (!codeLineAsks(rec).length) return { checked: 0, problems: [] };
  return onOraclePage(pool, source, opts, (read) => checkCodeLinesOn(read, rec));
}

/** The code-line queries of `rec` ({@link codeLineOf}, {@link codeLineBesideOf}) with what each names. */
function codeLineAsks(rec: GroundingRecord): Array<{ q: GroundingRecord['queries'][number]; label: string; line: number; dir: 'left' | 'right' | null }> {
  return rec.queries.flatMap((q) => {
    if (q.tid === null) return [];
    const c = q.style === 'container' ? codeLineOf(q.text) : null;
    if (c) return [{ q, label: c.label, line: c.line, dir: null as 'left' | 'right' | null }];
    const b = q.style === 'spatial' ? codeLineBesideOf(q.text) : null;
    return b ? [{ q, label: b.anchor, line: b.line, dir: b.dir }] : [];
  });
}

/** {@link checkCodeLines} on a render already read ({@link readOraclePage}). */
export async function checkCodeLinesOn({ page, runs }: OraclePage, rec: GroundingRecord): Promise<{ checked: number; problems: LabelProblem[] }> {
  const asks = codeLineAsks(rec);
  const problems: LabelProblem[] = [];
  const box = (r: RunInfo): B => unionB(r.lines);
  const vOverlap = (a: B, b: B): boolean => overlap(a[1], a[3], b[1], b[3]) >= 0.5 * Math.min(a[3] - a[1], b[3] - b[1]);
  const num = (r: RunInfo, n: number): boolean => r.raw === String(n);
  for (const a of asks) {
    const bad = (kind: LabelProblem['kind'], detail: string): void => void problems.push({ qid: a.q.qid, text: a.q.text, kind, detail });
    // the gutter number: a run reading N with a run reading N-1 or N+1 right above or below, in its column
    const gutter = runs.filter(
      (r) =>
        num(r, a.line) &&
        runs.some((o) => (num(o, a.line - 1) || num(o, a.line + 1)) && overlap(box(r)[0], box(r)[2], box(o)[0], box(o)[2]) > 0 && Math.abs(box(o)[1] - box(r)[1]) < 3 * (box(r)[3] - box(r)[1])),
    );
    if (gutter.length !== 1) {
      bad('anchor_not_unique', `${gutter.length} gutter numbers read ${a.line}: ${gutter.map((r) => `[${box(r).map(Math.round).join(',')}]`).join(' ')}`);
      continue;
    }
    const g = box(gutter[0]!);
    const onLine = runs.filter((r) => r !== gutter[0] && r.lines.some((ln) => ln[0] >= g[2] - 1 && vOverlap(g, ln)));
    const n = oracleNorm(a.label);
    const shows = onLine.filter((r) => oracleContains(r.n, n));
    const t = rec.targets.find((x) => x.tid === a.q.tid)!;
    const own = await ev(page, ownerIds, t.dom.selector);
    if (!own) {
      bad('unresolved_target', t.dom.selector);
      continue;
    }
    if (shows.length !== 1) {
      bad(a.dir ? 'anchor_not_unique' : 'second_in_container', `${shows.length} texts on line ${a.line} show "${a.label}": ${shows.map((r) => r.raw).join(' | ')}`);
      continue;
    }
    const mine = (r: RunInfo): boolean => r.owners.some((o) => own.includes(o));
    if (!a.dir) {
      if (!mine(shows[0]!)) bad('container_mismatch', `"${shows[0]!.raw}" on line ${a.line} is not the target's`);
      continue;
    }
    // beside the anchor: the nearest run on the line that way (its left / right edge), which must be the target's
    const ab = box(shows[0]!);
    const side = onLine
      .filter((r) => r !== shows[0] && (a.dir === 'right' ? box(r)[0] >= ab[2] - 1 : box(r)[2] <= ab[0] + 1))
      .sort((x, y) => (a.dir === 'right' ? box(x)[0] - box(y)[0] : box(y)[2] - box(x)[2]));
    if (!side.length || !mine(side[0]!)) bad('spatial_not_nearest', `nearest ${a.dir} of "${a.label}" on line ${a.line}: ${side[0] ? `"${side[0].raw}"` : 'nothing'}`);
  }
  return { checked: asks.length, problems };
}

// ------------------------------------------------------------------------------------------ icon anchors

/** A spatial query anchored on an icon ("the button right of the scissors icon", "links neben dem Symbol „Lupe“"): the words naming the icon, or null. */
export function iconAnchorOf(q: string): string | null {
  const pats: RegExp[] = [
    /(?:to the (?:left|right) of|above|below) the (.+) icon$/,
    /^(.+)图标(?:左边|右边|上方|下方)/,
    /^(.+)アイコンの(?:すぐ)?[左右上下]/,
    /(?:links neben|rechts neben|über|unter) dem Symbol „(.+)“$/,
    /(?:a la izquierda|a la derecha|encima|debajo) del icono de (.+)$/,
    /(?:à gauche|à droite|au-dessus|en dessous) de l’icône « (.+) »$/,
    /(?:على يسار|على يمين|فوق|تحت) أيقونة (.+)$/,
  ];
  for (const re of pats) {
    const m = re.exec(q);
    if (m) return m[1]!;
  }
  return null;
}

/** In-page: every visible icon (`[data-icon]`, a lucide `svg` by its class or label, a lucide `img` by its file), outermost only, with its name, box and data-lo owner chain. */
function visibleIcons(): Array<{ name: string; box: B; owners: number[] }> {
  // (elements without text have no data-lo id from readPage: number them from a range of their own)
  const w = window as unknown as { __loNext?: number };
  const loId = (e: Element): number => {
    let v = e.getAttribute('data-lo');
    if (!v) e.setAttribute('data-lo', (v = String((w.__loNext = (w.__loNext ?? 1_000_000) + 1))));
    return Number(v);
  };
  const nameOf = (e: Element): string | null => {
    const di = e.getAttribute('data-icon');
    if (di) return di;
    if (e.localName === 'svg') {
      const al = e.getAttribute('aria-label');
      if (al) return al.trim();
      const m = /(?:^|\s)lucide-([\w-]+)/.exec(e.getAttribute('class') || '');
      if (m) return m[1]!;
    }
    if (e.localName === 'img') {
      const m = /lucide-static\/icons\/([\w-]+)\.svg/.exec(e.getAttribute('src') || '');
      if (m) return m[1]!;
    }
    return null;
  };
  const out: Array<{ name: string; box: B; owners: number[] }> = [];
  for (const e of Array.from(document.querySelectorAll('[data-icon], svg, img'))) {
    const name = nameOf(e);
    if (!name) continue;
    let outer = false;
    for (let p = e.parentElement; p && !outer; p = p.parentElement) if (p.matches('[data-icon], svg') && nameOf(p)) outer = true;
    if (outer || !e.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || r.right <= 0 || r.bottom <= 0 || r.left >= innerWidth || r.top >= innerHeight) continue;
    const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (!top || !(top === e || e.contains(top) || top.contains(e))) continue;
    const owners: number[] = [];
    for (let p: Element | null = e; p; p = p.parentElement) owners.push(loId(p));
    out.push({ name, box: [r.left, r.top, r.right, r.bottom], owners });
  }
  return out;
}

/** In-page: visible boxes (with data-lo ids) of the links (`a[href]`, `[role=link]`) or buttons (`button`, `[role=button]`, button inputs) on screen. */
function controlsByRole(kind: string): Array<{ id: number; box: B }> {
  // (elements without text have no data-lo id from readPage: number them from a range of their own)
  const w = window as unknown as { __loNext?: number };
  const loId = (e: Element): number => {
    let v = e.getAttribute('data-lo');
    if (!v) e.setAttribute('data-lo', (v = String((w.__loNext = (w.__loNext ?? 1_000_000) + 1))));
    return Number(v);
  };
  const sel = kind === 'link' ? 'a[href], [role=link]' : 'button, [role=button], input[type=submit], input[type=button]';
  const out: Array<{ id: number; box: B }> = [];
  for (const e of Array.from(document.querySelectorAll(sel))) {
    if (!e.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || r.right <= 0 || r.bottom <= 0 || r.left >= innerWidth || r.top >= innerHeight) continue;
    out.push({ id: loId(e), box: [r.left, r.top, r.right, r.bottom] });
  }
  return out;
}

/**
 * Check the spatial queries anchored on an icon ({@link iconAnchorOf}) on the re-rendered page. The
 * words naming the icon are matched against what each visible icon depicts in the record's language
 * (`describe(icon)`: the vocabulary tables, passed in by the test); exactly one visible icon on screen
 * may answer to them. From that icon's box, the nearest visible thing of the target's kind in the
 * query's direction (links: `a[href]`; buttons: `button`, `[role=button]`; texts: visible text lines),
 * overlapping it across that direction, must be the target (the control holding the icon excluded).
 */
export async function checkIconSpatial(
  pool: BrowserPool,
  source: PageSource,
  opts: PageOptions,
  rec: GroundingRecord,
  describe: (icon: string) => string | null,
): Promise<{ checked: number; problems: LabelProblem[] }> {
  if (!iconAsks(rec).length) return { checked: 0, problems: [] };
  return onOraclePage(pool, source, opts, (read) => checkIconSpatialOn(read, rec, describe));
}

/** The icon-anchored spatial queries of `rec` with the words naming the icon ({@link iconAnchorOf}). */
function iconAsks(rec: GroundingRecord): Array<{ q: GroundingRecord['queries'][number]; words: string }> {
  return rec.queries.flatMap((q) => {
    const words = q.tid !== null && q.style === 'spatial' ? iconAnchorOf(q.text) : null;
    return words ? [{ q, words }] : [];
  });
}

/** {@link checkIconSpatial} on a render already read ({@link readOraclePage}). */
export async function checkIconSpatialOn({ page, runs }: OraclePage, rec: GroundingRecord, describe: (icon: string) => string | null): Promise<{ checked: number; problems: LabelProblem[] }> {
  const asks = iconAsks(rec);
  if (!asks.length) return { checked: 0, problems: [] };
  const problems: LabelProblem[] = [];
  const icons = await ev(page, visibleIcons, null);
  // (numbers the controls first, so that a control showing no text has an id for ownerIds)
  const ctl: Record<string, Array<{ id: number; box: B }>> = { link: await ev(page, controlsByRole, 'link'), button: await ev(page, controlsByRole, 'button') };
  for (const a of asks) {
    const bad = (kind: LabelProblem['kind'], detail: string): void => void problems.push({ qid: a.q.qid, text: a.q.text, kind, detail });
    const dir = spatialDirection(a.q.text);
    const held = icons.filter((i) => describe(i.name) === a.words);
    if (held.length !== 1 || !dir) {
      bad('anchor_not_unique', `${held.length} visible icons depict "${a.words}" (direction ${dir})`);
      continue;
    }
    const anchor = held[0]!;
    const t = rec.targets.find((x) => x.tid === a.q.tid)!;
    const own = await ev(page, ownerIds, t.dom.selector);
    if (!own) {
      bad('unresolved_target', t.dom.selector);
      continue;
    }
    const ownSet = new Set(own);
    let nearest: { mine: boolean; gap: number; what: string } | null = null;
    if (t.role === 'link' || t.role === 'button') {
      for (const c of ctl[t.role]!) {
        if (anchor.owners.includes(c.id)) continue;
        const g = gapTo(anchor.box, c.box, dir);
        if (g !== null && (!nearest || g < nearest.gap - 0.5)) nearest = { mine: ownSet.has(c.id), gap: g, what: `control #${c.id} [${c.box.map(Math.round).join(',')}] (icon at [${anchor.box.map(Math.round).join(',')}])` };
      }
    } else {
      for (const r of runs) {
        for (const ln of r.lines) {
          const g = gapTo(anchor.box, ln, dir);
          if (g !== null && (!nearest || g < nearest.gap - 0.5)) nearest = { mine: r.owners.some((o) => ownSet.has(o)), gap: g, what: `"${r.raw.slice(0, 40)}"` };
        }
      }
    }
    if (!nearest || !nearest.mine) bad('spatial_not_nearest', `nearest ${dir} of the ${anchor.name} icon: ${nearest?.what ?? 'nothing'}`);
  }
  return { checked: asks.length, problems };
}
