/**
 * Ellipsis: text cut on purpose by `text-overflow: ellipsis` or `-webkit-line-clamp`. The probe
 * reports the visible part (what the screenshot shows, with `…`) and measures such text against its
 * owner's box instead of treating the cut as clipping.
 */
import type { B } from './boxes.js';
import { cs, flatParentEl, layoutScale } from './dom.js';
import { scopeOf } from './frames.js';

/**
 * The block container of `e` when it truncates its text on purpose: `text-overflow: ellipsis` (one
 * line) or `-webkit-line-clamp` (several lines), with overflow clipped.
 */
export function ellipsisOwner(e: Element): Element | null {
  for (let n: Element | null = e, g = 0; n && g < 40; n = flatParentEl(n), g++) {
    const s = cs(n);
    if (s.display === 'inline' || s.display === 'contents') continue;
    if (s.textOverflow === 'ellipsis' && s.overflowX !== 'visible') return n;
    const clamp = (s as CSSStyleDeclaration & { webkitLineClamp?: string }).webkitLineClamp;
    if (clamp && clamp !== 'none' && s.overflowY !== 'visible') return n;
    return null;
  }
  return null;
}
/** `o` truncates with `-webkit-line-clamp`. */
const isClamp = (o: Element): boolean => {
  const c = (cs(o) as CSSStyleDeclaration & { webkitLineClamp?: string }).webkitLineClamp;
  return !!c && c !== 'none';
};
const ellipsisWidth = new Map<Element, number>();
/** Per ellipsis owner: does its content overflow it ({@link overflows}), for one probe run. */
const overflowing = new Map<Element, boolean>();
let canvasCtx: CanvasRenderingContext2D | null = null;

/** Start a probe run: no measured ellipsis widths. */
export function resetEllipsis(): void {
  ellipsisWidth.clear();
  overflowing.clear();
  canvasCtx = null;
}
/** Width of the `…` glyph in `o`'s font, CSS px of the top-level viewport (0 when it cannot be measured). */
export function ellipsisWidthOf(o: Element): number {
  let w = ellipsisWidth.get(o);
  if (w !== undefined) return w;
  w = 0;
  try {
    canvasCtx ??= document.createElement('canvas').getContext('2d');
    const s = cs(o);
    if (canvasCtx) {
      canvasCtx.font = s.font || `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
      w = canvasCtx.measureText('\u2026').width * layoutScale(o);
    }
  } catch {
    w = 0;
  }
  ellipsisWidth.set(o, w);
  return w;
}
/**
 * Does `o`'s content overflow it, so that Chromium truncates it with an ellipsis? Line clamp: more
 * lines than fit (`scrollHeight > clientHeight`). One line: `scrollWidth > clientWidth`, or its
 * content's extent past the content-box end edge by more than 1/64 CSS px (Chromium's layout unit;
 * `scrollWidth` is rounded to whole px).
 */
function overflows(o: Element, rtl: boolean): boolean {
  let v = overflowing.get(o);
  if (v !== undefined) return v;
  const el = o as HTMLElement;
  if (isClamp(o)) v = el.scrollHeight > el.clientHeight;
  else if (el.scrollWidth > el.clientWidth) v = true;
  else {
    const s = cs(o);
    const r = o.getBoundingClientRect();
    const z = layoutScale(o, r.width);
    const px = (x: string): number => (parseFloat(x) || 0) * z;
    const rg = o.ownerDocument.createRange();
    rg.selectNodeContents(o);
    const c = rg.getBoundingClientRect();
    v =
      c.width !== 0 &&
      (rtl
        ? c.left < r.left + px(s.borderLeftWidth) + px(s.paddingLeft) - 1 / 64
        : c.right > r.right - px(s.borderRightWidth) - px(s.paddingRight) + 1 / 64);
  }
  overflowing.set(o, v);
  return v;
}

/**
 * Visible part of a text node cut by its ellipsis owner `o` (clip rect `clip`, top coords): the
 * longest prefix whose glyphs end before the ellipsis glyph (LTR: right edge; RTL: left edge).
 */
export function visiblePrefix(node: Text, o: Element, clip: B): { text: string; cut: boolean } {
  const d = node.data;
  const i0 = d.search(/\S/);
  if (i0 < 0) return { text: '', cut: false };
  let i1 = d.length;
  while (i1 > i0 && /\s/.test(d[i1 - 1]!)) i1--;
  const sc = scopeOf(node);
  const rtl = cs(o).direction === 'rtl';
  // nothing is cut unless the owner's content overflows it: text that fits draws no ellipsis, also when
  // it ends at the box's edge (right-aligned, an RTL line, a table cell: "¥48,500" was recorded "¥48,50…")
  if (!overflows(o, rtl)) return { text: d.slice(i0, i1), cut: false };
  const ew = ellipsisWidthOf(o);
  const limR = clip[2] - sc.ox - ew + 0.5;
  const limL = clip[0] - sc.ox + ew - 0.5;
  const rg = node.ownerDocument.createRange();
  let fits: (k: number) => boolean;
  if (isClamp(o)) {
    // line clamp: whole lines up to the clip's bottom; the last of them ends before the ellipsis
    const bottom = clip[3] - sc.oy + 0.5;
    rg.setStart(node, i0);
    rg.setEnd(node, i1);
    const tops = Array.from(rg.getClientRects()).filter((r) => r.height > 0 && r.bottom <= bottom).map((r) => r.top);
    const lastTop = tops.length ? Math.max(...tops) : -Infinity;
    const ch = node.ownerDocument.createRange();
    fits = (k: number): boolean => {
      if (k <= i0) return true;
      ch.setStart(node, k - 1);
      ch.setEnd(node, k);
      const r = ch.getBoundingClientRect();
      if (r.bottom > bottom) return false;
      if (r.top < lastTop - 0.5) return true;
      return rtl ? r.left >= limL : r.right <= limR;
    };
  } else {
    fits = (k: number): boolean => {
      rg.setStart(node, i0);
      rg.setEnd(node, k);
      const r = rg.getBoundingClientRect();
      return rtl ? r.left >= limL : r.right <= limR;
    };
  }
  if (fits(i1)) return { text: d.slice(i0, i1), cut: false };
  let lo = i0;
  let hi = i1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  // never split a surrogate pair
  if (lo > i0 && /[\uD800-\uDBFF]/.test(d[lo - 1]!)) lo--;
  return { text: d.slice(i0, lo), cut: true };
}
