/**
 * Occlusion trim (hittest/README.md "Occlusion trim"): edge strips of a candidate's visible box that
 * an element on top covers along the whole edge (a sticky header over a list item) are cut off, so
 * that the record's box holds only the candidate's pixels.
 */
import type { B } from './boxes.js';
import { desc } from './dom.js';
import { hitAt, onChain, resolvesTo } from './hit.js';

/**
 * Occlusion trim: for each edge of `v` (CSS px), when the element on top at the first device pixel
 * inside the edge, at both ends and at 1/4, 1/2 and 3/4 along it, is neither the target nor behind it (an ancestor),
 * binary-search per column for the first device pixel towards the centre that resolves to the target
 * and cut the strip (the deepest column wins; a column covered up to the centre belongs to another
 * edge's strip meeting this one in a corner and is left to that edge). A rounded corner or clip-path never trims (the hit
 * there is an ancestor). Returns null when no edge is covered along its whole length.
 */
export function trimOccluded(v: B, el: Element, ok: Set<Element>, dpr: number): { box: B; cut: [number, number, number, number]; by: string | null } | null {
  const X1 = Math.ceil(v[0] * dpr - 1e-6);
  const X2 = Math.floor(v[2] * dpr + 1e-6) - 1;
  const Y1 = Math.ceil(v[1] * dpr - 1e-6);
  const Y2 = Math.floor(v[3] * dpr + 1e-6) - 1;
  if (X2 - X1 < 4 || Y2 - Y1 < 4) return null;
  const XM = Math.floor((X1 + X2) / 2);
  const YM = Math.floor((Y1 + Y2) / 2);
  let by: string | null = null;
  // Chromium's elementFromPoint reports the top-most element meeting the CSS px square [x, x+1) x
  // [y, y+1) (measured: with a boundary at y = 100.5, y = 99.55 already hits the element below), so
  // a device pixel on a bottom/right edge is tested through the square that ends where it ends
  const on = (ix: number, iy: number, endX: boolean, endY: boolean): Element | null => {
    const h = hitAt(endX ? (ix + 1) / dpr - 1 : ix / dpr, endY ? (iy + 1) / dpr - 1 : iy / dpr);
    return h && !resolvesTo(h, ok) && !onChain(h, el) ? h : null;
  };
  // vertical edges (top/bottom): columns across x; horizontal (left/right): rows across y
  const edge = (horizontal: boolean, from: number, to: number): number | null => {
    const lo = horizontal ? X1 : Y1;
    const hi = horizontal ? X2 : Y2;
    // both ends and three inner positions: an occluder that leaves a corner free is not a strip
    const across = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(lo + f * (hi - lo)));
    const mc = across[2]!;
    const end = from > to;
    const at = (a: number, d: number): Element | null => (horizontal ? on(a, d, a > mc, end) : on(d, a, end, a > mc));
    const mid = at(mc, from);
    if (!mid) return null;
    for (const a of across) if (a !== mc && !at(a, from)) return null;
    let deepest = from;
    for (const a of across) {
      if (at(a, to)) {
        // covered up to the centre: at the middle this is no strip (the points decide); elsewhere
        // it is another edge's strip meeting this one in a corner (a sticky header and a fixed side bar)
        if (a === mc) return null;
        continue;
      }
      // invariant: covered at `c`, free at `f`
      let c = from;
      let f = to;
      while (Math.abs(f - c) > 1) {
        const m = Math.trunc((c + f) / 2);
        if (at(a, m)) c = m;
        else f = m;
      }
      if (Math.abs(f - from) > Math.abs(deepest - from)) deepest = f;
    }
    by ??= desc(mid);
    return deepest;
  };
  const top = edge(true, Y1, YM);
  const bottom = edge(true, Y2, YM);
  const left = edge(false, X1, XM);
  const right = edge(false, X2, XM);
  if (top === null && bottom === null && left === null && right === null) return null;
  const box: B = [
    left === null ? v[0] : Math.max(v[0], left / dpr),
    top === null ? v[1] : Math.max(v[1], top / dpr),
    right === null ? v[2] : Math.min(v[2], (right + 1) / dpr),
    bottom === null ? v[3] : Math.min(v[3], (bottom + 1) / dpr),
  ];
  if (box[2] <= box[0] || box[3] <= box[1]) return null;
  const r = (x: number): number => Math.round(x * 1e4) / 1e4;
  return { box, cut: [r(box[1] - v[1]), r(v[2] - box[2]), r(v[3] - box[3]), r(box[0] - v[0])], by };
}

