/**
 * Text geometry: the rects of text nodes (clipped and unclipped, top-level CSS px), the text nodes a
 * candidate's text is made of, and grouping of rects into lines.
 */
import type { B } from './boxes.js';
import { applyClips, clipsFor } from './clip.js';
import { childNodesFlat, isEl, NO_ELS, SKIP_TAGS } from './dom.js';
import { scopeOf, toTop } from './frames.js';
import { listenerClickable } from './listeners.js';
import { interactiveRole } from './roles.js';

/** Range over the text node's non-blank part (leading and trailing whitespace excluded); null when blank. */
export function textRange(node: Text): Range | null {
  const d = node.data;
  const i0 = d.search(/\S/);
  if (i0 < 0) return null;
  let i1 = d.length;
  while (i1 > i0 && /\s/.test(d[i1 - 1]!)) i1--;
  const rg = node.ownerDocument.createRange();
  rg.setStart(node, i0);
  rg.setEnd(node, i1);
  return rg;
}
/** Visible (clipped) rects of a text node in top coords, plus the unclipped ones. */
export function textRects(node: Text, parent: Element): { raw: B[]; vis: B[] } {
  const rg = textRange(node);
  if (!rg) return { raw: [], vis: [] };
  const sc = scopeOf(node);
  const raw = Array.from(rg.getClientRects())
    .filter((r) => r.width > 0 && r.height > 0)
    .map((r) => toTop(r, sc));
  const clips = clipsFor(parent, true);
  const vis: B[] = [];
  for (const r of raw) {
    const v = applyClips(r, clips);
    if (v) vis.push(v);
  }
  return { raw, vis };
}
/**
 * Controls nested in a text or heading candidate (`<p>Delete your account <button>…</button></p>`):
 * targets of their own, so the text's box and text leave them out.
 */
export function nestedControls(el: Element): Set<Element> {
  const out = new Set<Element>();
  // elements made clickable by onclick / tabindex count too: "Share: <span onclick>Save</span>"
  for (const x of Array.from(el.querySelectorAll('a[href], button, input, select, textarea, summary, [role], [contenteditable], [onclick], [tabindex]'))) {
    if (interactiveRole(x) !== null) out.add(x);
  }
  // and elements made clickable by a listener of their own (listeners.ts): "Share: <span>Save</span>"
  // with `span.addEventListener('click', …)`
  for (const x of Array.from(el.querySelectorAll('*'))) if (!out.has(x) && listenerClickable(x)) out.add(x);
  return out;
}
/** Text nodes under `el` (flat tree), skipping form controls, svg, iframes and the elements in `skip`. */
export function textNodesUnder(el: Element, skip: ReadonlySet<Element> = NO_ELS): Array<{ node: Text; parent: Element }> {
  const out: Array<{ node: Text; parent: Element }> = [];
  const rec = (n: Node, parent: Element, depth: number): void => {
    if (depth > 60) return;
    for (const c of childNodesFlat(n)) {
      if (c.nodeType === 3) {
        if (/\S/.test((c as Text).data)) out.push({ node: c as Text, parent: isEl(n) ? (n as Element) : parent });
      } else if (isEl(c)) {
        const t = c.localName;
        if (SKIP_TAGS.has(t) || t === 'svg' || t === 'select' || t === 'textarea' || t === 'iframe' || t === 'input' || skip.has(c as Element)) continue;
        rec(c, c, depth + 1);
      }
    }
  };
  rec(el, el, 0);
  return out;
}
/** Group rects into lines (vertical overlap >= half the smaller height), union per line, top to bottom. */
export function toLines(rects: B[]): B[] {
  const sorted = [...rects].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const lines: B[] = [];
  for (const r of sorted) {
    const h = r[3] - r[1];
    const line = lines.find((l) => Math.min(l[3], r[3]) - Math.max(l[1], r[1]) >= 0.5 * Math.min(h, l[3] - l[1]));
    if (line) {
      line[0] = Math.min(line[0], r[0]);
      line[1] = Math.min(line[1], r[1]);
      line[2] = Math.max(line[2], r[2]);
      line[3] = Math.max(line[3], r[3]);
    } else lines.push([...r] as B);
  }
  return lines.sort((a, b) => a[1] - b[1]);
}
