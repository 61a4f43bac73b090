/**
 * The clip chain: which ancestors clip an element's box, following the containing-block chain as CSS
 * does (an absolutely positioned box escapes non-positioned ancestors, a fixed one all but those with
 * a transform, filter or containment), through `overflow`, `contain: paint`, `clip-path` and `clip`,
 * ending with the viewport and the iframes the element sits in. Memoised per run.
 */
import { inter, type B } from './boxes.js';
import { cs, desc, flatParentEl, layoutScale } from './dom.js';
import { boxOf, knownScope, scopeOf, topVp } from './frames.js';

/** The box establishes a containing block for absolutely positioned descendants. */
export const isAbsCB = (s: CSSStyleDeclaration): boolean =>
  s.position !== 'static' || isFixedCB(s);
/** The box establishes a containing block for fixed-position descendants. */
export const isFixedCB = (s: CSSStyleDeclaration): boolean =>
  s.transform !== 'none' ||
  s.perspective !== 'none' ||
  s.filter !== 'none' ||
  (s.backdropFilter || 'none') !== 'none' ||
  /paint|layout|strict|content/.test(s.contain || '') ||
  /transform|perspective|filter/.test(s.willChange || '') ||
  (s.containerType || 'normal') !== 'normal';
/** One clip: what clips (`viewport`, `iframe#f`, `tag#id.class`, `...(clip-path)`) and its rect (null: clips everything). */
export interface Clip {
  by: string;
  r: B | null;
}
/** Padding box (clip rect for overflow) of an element, top coords. */
export function paddingBox(el: Element): B | null {
  const b = boxOf(el);
  if (!b) return null;
  const s = cs(el);
  const z = layoutScale(el, b[2] - b[0]);
  const px = (v: string): number => (parseFloat(v) || 0) * z;
  return [b[0] + px(s.borderLeftWidth), b[1] + px(s.borderTopWidth), b[2] - px(s.borderRightWidth), b[3] - px(s.borderBottomWidth)];
}
/** Clips `el` itself applies (to its content when `includeOverflow`: overflow and paint containment; always clip-path and clip), appended to `out`. */
export function ownClips(el: Element, includeOverflow: boolean, out: Clip[]): void {
  const s = cs(el);
  // overflow of <html>, and of <body> when <html> has none, propagates to the viewport (handled there)
  const de = el.ownerDocument.documentElement;
  if (el === de) includeOverflow = false;
  else if (el === el.ownerDocument.body) {
    const ds = cs(de);
    if (ds.overflowX === 'visible' && ds.overflowY === 'visible') includeOverflow = false;
  }
  if (includeOverflow && (s.overflowX !== 'visible' || s.overflowY !== 'visible' || /paint|strict|content/.test(s.contain || ''))) {
    const pb = paddingBox(el);
    const b = boxOf(el);
    if (pb && b) {
      // overflow-x: visible with overflow-y: hidden still clips both axes in practice (computed becomes auto)
      const r: B = [
        s.overflowX === 'visible' && !/paint|strict|content/.test(s.contain || '') ? -1e9 : pb[0],
        s.overflowY === 'visible' && !/paint|strict|content/.test(s.contain || '') ? -1e9 : pb[1],
        s.overflowX === 'visible' && !/paint|strict|content/.test(s.contain || '') ? 1e9 : pb[2],
        s.overflowY === 'visible' && !/paint|strict|content/.test(s.contain || '') ? 1e9 : pb[3],
      ];
      out.push({ by: desc(el)!, r: r[2] > r[0] && r[3] > r[1] ? r : null });
    } else out.push({ by: desc(el)!, r: null });
  }
  if (s.clipPath && s.clipPath !== 'none') out.push({ by: desc(el)! + '(clip-path)', r: boxOf(el) });
  if ((s.position === 'absolute' || s.position === 'fixed') && s.clip && s.clip !== 'auto') {
    const m = /rect\(([^)]*)\)/.exec(s.clip);
    const b = boxOf(el);
    if (m && b) {
      const v = m[1]!.split(/[\s,]+/).map((x) => parseFloat(x));
      const [t, rr, bb, l] = [v[0] ?? 0, v[1] ?? 0, v[2] ?? 0, v[3] ?? 0];
      const r: B = [b[0] + l, b[1] + t, b[0] + rr, b[1] + bb];
      out.push({ by: desc(el)! + '(clip)', r: r[2] > r[0] && r[3] > r[1] ? r : null });
    }
  }
}
const clipCache = new Map<string, Clip[]>();
const elKeys = new Map<Element, number>();
let keySeq = 0;

/** Start a probe run: nothing memoised. */
export function resetClips(): void {
  clipCache.clear();
  elKeys.clear();
  keySeq = 0;
  chainMemo.clear();
}
/** Clip rects that apply to `el`'s box (includeSelf=false) or to its content (includeSelf=true). Nearest first. */
export function clipsFor(el: Element, includeSelf: boolean): Clip[] {
  let k = elKeys.get(el);
  if (k === undefined) elKeys.set(el, (k = keySeq++));
  const key = k + (includeSelf ? 'c' : 'b');
  const hit = clipCache.get(key);
  if (hit) return hit;
  const out: Clip[] = [];
  ownClips(el, includeSelf, out);
  const pos = cs(el).position;
  out.push(...chainClips(flatParentEl(el), pos === 'fixed' || pos === 'absolute' ? pos : 'static', el.ownerDocument));
  clipCache.set(key, out);
  return out;
}
const chainMemo = new Map<Element, Partial<Record<'static' | 'absolute' | 'fixed', Clip[]>>>();
/**
 * Clips applied by `p` and its ancestors to a box in positioning `mode`, following the containing-
 * block chain (abs-pos skips non-positioned ancestors, fixed skips all but transform/filter/contain
 * ones), ending with the viewport / iframe clips. Memoised per (ancestor, mode): siblings share it.
 */
export function chainClips(p: Element | null, mode: 'static' | 'absolute' | 'fixed', doc: Document): Clip[] {
  if (!p || p.ownerDocument !== doc) {
    const sc = knownScope(doc) ?? scopeOf(doc.documentElement);
    const tail: Clip[] = [];
    if (mode === 'fixed' && sc.frame === null) tail.push({ by: 'viewport', r: topVp });
    else tail.push({ by: sc.frame ? desc(sc.frame)! : 'viewport', r: sc.vp });
    if (sc.frame) tail.push(...clipsFor(sc.frame, false));
    return tail;
  }
  let m = chainMemo.get(p);
  const hit = m?.[mode];
  if (hit) return hit;
  const s = cs(p);
  let res: Clip[];
  if ((mode === 'fixed' && !isFixedCB(s)) || (mode === 'absolute' && !isAbsCB(s))) res = chainClips(flatParentEl(p), mode, doc);
  else {
    const own: Clip[] = [];
    ownClips(p, true, own);
    const next = s.position === 'fixed' || s.position === 'absolute' ? s.position : 'static';
    res = own.length ? own.concat(chainClips(flatParentEl(p), next, doc)) : chainClips(flatParentEl(p), next, doc);
  }
  if (!m) chainMemo.set(p, (m = {}));
  m[mode] = res;
  return res;
}
/** `b` intersected with every clip (null when nothing is left). */
export const applyClips = (b: B | null, clips: Clip[]): B | null => {
  let r = b;
  for (const c of clips) r = inter(r, c.r);
  return r;
};
