/**
 * Hit points: what a click at a point lands on (descending through shadow roots and same-origin
 * frames, as the browser dispatches it) and whether that counts as a click on the candidate.
 */
import type { B } from './boxes.js';
import { desc, domUp, flatUp, isEl, shadowOf } from './dom.js';
import { frameScope } from './frames.js';
import { interactiveRole } from './roles.js';
import type { ProbePoint } from './types.js';
import type { Cand } from './walk.js';

/** Top-most element at CSS px (x, y) of the top-level viewport, inside shadow roots and same-origin frames. */
export function hitAt(x: number, y: number): Element | null {
  let el: Element | null = document.elementFromPoint(x, y);
  let ox = 0;
  let oy = 0;
  for (let guard = 0; el && guard < 64; guard++) {
    const sr = shadowOf(el);
    if (sr) {
      let inner = sr.elementFromPoint(x - ox, y - oy);
      if (!inner || inner === el) {
        // over slotted text elementFromPoint retargets to the host; the first entry of
        // elementsFromPoint is the shadow element actually on top (the text node has no box of its own in the shadow tree)
        const first = sr.elementsFromPoint(x - ox, y - oy)[0];
        inner = first && first !== el && first.getRootNode() === sr ? first : null;
      }
      if (inner && inner !== el) {
        el = inner;
        continue;
      }
    }
    if (el.localName === 'iframe' || el.localName === 'frame') {
      const sc = frameScope(el as HTMLIFrameElement);
      if (sc && x >= sc.vp[0] && x < sc.vp[2] && y >= sc.vp[1] && y < sc.vp[3]) {
        const inner = sc.doc.elementFromPoint(x - sc.ox, y - sc.oy);
        if (inner) {
          el = inner;
          ox = sc.ox;
          oy = sc.oy;
          continue;
        }
      }
    }
    break;
  }
  return el;
}
/** Elements a hit on which counts for candidate `c`: itself, its merged control, a label's control, a control's labels. */
export function okSet(c: Cand): Set<Element> {
  const s = new Set<Element>([c.el]);
  if (c.control) s.add(c.control);
  if (c.el.localName === 'label' && (c.el as HTMLLabelElement).control) s.add((c.el as HTMLLabelElement).control!);
  const labels = (c.el as HTMLInputElement).labels;
  if (labels) for (const l of Array.from(labels)) s.add(l);
  return s;
}
/**
 * The hit is the target (or its label/control) or inside it — and not inside another control nested
 * in the target (a link in a checkbox's label, a button on a clickable card: a click there acts on
 * that control, not on the target).
 */
export function resolvesTo(hit: Element | null, ok: Set<Element>): boolean {
  if (!hit) return false;
  for (const step of [flatUp, domUp]) {
    let foreign = false;
    for (let n: Node | null = hit, g = 0; n && g < 400; n = step(n), g++) {
      if (!isEl(n)) continue;
      if (ok.has(n)) {
        if (!foreign) return true;
        break;
      }
      const r = interactiveRole(n);
      if (r !== null && r !== 'generic') foreign = true;
    }
  }
  return false;
}

/** `h` is `el` or one of its ancestors (composed and flat tree, across frames): behind the target, not on top. */
export function onChain(h: Element, el: Element): boolean {
  for (const step of [flatUp, domUp]) {
    for (let n: Node | null = el, g = 0; n && g < 400; n = step(n), g++) if (n === h) return true;
  }
  return false;
}

/**
 * Hit-test one grid point: (x, y) CSS px is first rounded down to integer image px at `dpr`, and the
 * click is tested at exactly `image / dpr` (what a real click at the recorded image point does).
 * `inVisible`: the tested point lies in `vis`.
 */
export const testPoint = (x: number, y: number, ok: Set<Element>, vis: B | null, dpr: number): ProbePoint => {
  const ix = Math.floor(x * dpr);
  const iy = Math.floor(y * dpr);
  const px = ix / dpr;
  const py = iy / dpr;
  const h = hitAt(px, py);
  const inVisible = !!vis && px >= vis[0] && px < vis[2] && py >= vis[1] && py < vis[3];
  return { css: [px, py], img: [ix, iy], hit: desc(h), ok: resolvesTo(h, ok), inVisible };
};
