/**
 * What an element paints: whether it draws a box of its own or replaced content (decides text
 * refinement: an element that paints only text gets its text line rects as its box), and how far its
 * paint reaches beyond its border box (shadows, outlines, filters; used to batch the painted check).
 */
import type { B } from './boxes.js';
import { boxOf } from './frames.js';
import { childNodesFlat, cs, isEl, NO_ELS, SKIP_TAGS } from './dom.js';

/**
 * The element paints a box of its own: a filled background, a shadow, an outline, or borders on at
 * least three sides. A lone separator line (a menu row's `border-bottom`, top + bottom rules) draws
 * no box a person would click inside: such text-like elements are refined to their text.
 */
export const hasBoxPaint = (el: Element): boolean => {
  const s = cs(el);
  const transparent = (c: string): boolean => c === 'transparent' || /rgba\([^)]*,\s*0\)$/.test(c);
  if (!transparent(s.backgroundColor) || s.backgroundImage !== 'none' || s.boxShadow !== 'none') return true;
  if (s.outlineStyle !== 'none' && (parseFloat(s.outlineWidth) || 0) > 0 && !transparent(s.outlineColor)) return true;
  let sides = 0;
  for (const side of ['Top', 'Right', 'Bottom', 'Left'] as const) {
    const w = parseFloat(s.getPropertyValue(`border-${side.toLowerCase()}-width`)) || 0;
    const st = s.getPropertyValue(`border-${side.toLowerCase()}-style`);
    const col = s.getPropertyValue(`border-${side.toLowerCase()}-color`);
    if (w > 0 && st !== 'none' && st !== 'hidden' && !transparent(col)) sides++;
  }
  return sides >= 3;
};
/** Elements that paint replaced content (never text only). */
const REPLACED = new Set(['img', 'svg', 'canvas', 'video', 'picture', 'input', 'select', 'textarea', 'iframe', 'object', 'embed', 'meter', 'progress']);
/** The element or a rendered descendant (flat tree) paints a box or replaced content. */
export function subtreeHasPaint(el: Element, skip: Element | null, skipSet: ReadonlySet<Element> = NO_ELS): boolean {
  let budget = 400;
  const rec = (e: Element): boolean => {
    if (--budget < 0) return true;
    if (e === skip || skipSet.has(e)) return false;
    if (REPLACED.has(e.localName)) return true;
    const s = cs(e);
    if (s.display === 'none') return false;
    if (hasBoxPaint(e)) return true;
    // generated content (::before / ::after icons, arrows) is painted but not a text node: use the element box
    const v = e.ownerDocument.defaultView ?? window;
    for (const p of ['::before', '::after']) {
      const ps = v.getComputedStyle(e, p);
      if (ps.content && ps.content !== 'none' && ps.content !== 'normal' && ps.display !== 'none') return true;
    }
    for (const c of childNodesFlat(e)) if (isEl(c) && rec(c)) return true;
    return false;
  };
  return rec(el);
}

// ---------------------------------------------------------------- paint extent (for batching the painted diff)
/** Extent (CSS px, per side) of box-shadow / outline / filter painting outside the border box. */
export function overflowPaint(s: CSSStyleDeclaration): number {
  let e = 0;
  if (s.boxShadow && s.boxShadow !== 'none') {
    for (const part of s.boxShadow.split(/,(?![^(]*\))/)) {
      if (/\binset\b/.test(part)) continue;
      const nums = (part.replace(/rgba?\([^)]*\)|hsla?\([^)]*\)|#[0-9a-f]+/gi, '').match(/-?[\d.]+px/g) ?? []).map((x) => Math.abs(parseFloat(x)));
      e = Math.max(e, (nums[0] ?? 0) + (nums[1] ?? 0) + (nums[2] ?? 0) + (nums[3] ?? 0));
    }
  }
  if (s.outlineStyle && s.outlineStyle !== 'none') e = Math.max(e, (parseFloat(s.outlineWidth) || 0) + Math.max(0, parseFloat(s.outlineOffset) || 0));
  if (s.textShadow && s.textShadow !== 'none') e = Math.max(e, 8);
  if (s.filter && s.filter !== 'none') e = Math.max(e, 16);
  return e;
}
/** Border box `box` of `el` ∪ its rendered descendants' boxes, each grown by its paint overflow (CSS px); null without any box. */
export function paintBoxOf(el: Element, box: B | null): B | null {
  let u: B | null = box ? ([...box] as B) : null;
  const grow = (b: B | null, s: CSSStyleDeclaration): void => {
    if (!b) return;
    const e = overflowPaint(s);
    const g: B = [b[0] - e, b[1] - e, b[2] + e, b[3] + e];
    u = u ? [Math.min(u[0], g[0]), Math.min(u[1], g[1]), Math.max(u[2], g[2]), Math.max(u[3], g[3])] : g;
  };
  grow(box, cs(el));
  let budget = 200;
  const rec = (e: Element, depth: number): void => {
    if (depth > 30) return;
    for (const c of childNodesFlat(e)) {
      if (!isEl(c) || --budget < 0) continue;
      const t = c.localName;
      if (SKIP_TAGS.has(t)) continue;
      const s = cs(c);
      if (s.display === 'none') continue;
      grow(boxOf(c), s);
      if (t !== 'svg' && t !== 'iframe') rec(c, depth + 1);
    }
  };
  rec(el, 0);
  return u;
}

