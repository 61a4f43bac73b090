/**
 * Click regions of any shape for the `click` verifier: a region (a predicate on puzzle px) is turned
 * into a list of boxes whose union is the region shrunk by a safety margin, so that "click anywhere
 * inside the region" is scored exactly as a human would judge it (largest_region_click, spatial_relation_click).
 *
 * All coordinates are **puzzle px**; boxes are [x1, y1, x2, y2] with x2/y2 exclusive.
 */
import type { Box, Point } from '../../../core/geometry.js';

/**
 * Boxes covering a region.
 *
 * The bounds are cut into cells 1 px wide and `band` px tall on the integer grid. A cell is kept when the
 * region contains the cell grown by `margin` px on every side, tested at the grown cell's four corners,
 * edge midpoints and centre (so no kept cell reaches within about `margin` px of the region's edge).
 * Kept cells are merged into horizontal runs per band, and runs with the same x-extent in consecutive
 * bands into one box.
 *
 * @param inside true when the puzzle px point (x, y) is inside the region
 * @param bounds a box containing the region (puzzle px, rounded outwards to integers)
 * @param margin safety margin in puzzle px (>= 0): half an outline stroke plus anti-aliasing
 * @param band cell height in puzzle px (integer >= 1); smaller gives a tighter fit and more boxes
 * @returns boxes in reading order (top to bottom, left to right); empty when no cell fits
 */
export function maskBoxes(inside: (x: number, y: number) => boolean, bounds: Box, margin: number, band = 2): Box[] {
  const x0 = Math.floor(bounds[0]);
  const y0 = Math.floor(bounds[1]);
  const x1 = Math.ceil(bounds[2]);
  const y1 = Math.ceil(bounds[3]);
  const cellIn = (x: number, y: number): boolean => {
    const ax = x - margin;
    const bx = x + 1 + margin;
    const ay = y - margin;
    const by = y + band + margin;
    const mx = (ax + bx) / 2;
    const my = (ay + by) / 2;
    return (
      inside(mx, my) && inside(ax, ay) && inside(bx, ay) && inside(ax, by) && inside(bx, by) &&
      inside(mx, ay) && inside(mx, by) && inside(ax, my) && inside(bx, my)
    );
  };
  const out: Box[] = [];
  // open boxes of the previous band, keyed by "x1,x2"
  let open = new Map<string, Box>();
  for (let y = y0; y + band <= y1; y += band) {
    const runs: Array<[number, number]> = [];
    let start = -1;
    for (let x = x0; x <= x1; x++) {
      const k = x < x1 && cellIn(x, y);
      if (k && start < 0) start = x;
      if (!k && start >= 0) {
        runs.push([start, x]);
        start = -1;
      }
    }
    const next = new Map<string, Box>();
    for (const [a, b] of runs) {
      const key = `${a},${b}`;
      const prev = open.get(key);
      if (prev) {
        prev[3] = y + band;
        next.set(key, prev);
        open.delete(key);
      } else {
        const nb: Box = [a, y, b, y + band];
        out.push(nb);
        next.set(key, nb);
      }
    }
    open = next;
  }
  return out.sort((p, q) => p[1] - q[1] || p[0] - q[0]);
}

/** Total area of boxes that do not overlap (as {@link maskBoxes} returns them), px². */
export function boxesArea(boxes: readonly Box[]): number {
  return boxes.reduce((s, b) => s + (b[2] - b[0]) * (b[3] - b[1]), 0);
}

/**
 * A gold click point for a region given as boxes: the integer point of the boxes nearest to `near`
 * (e.g. the region's centroid), preferring points at least 3 px inside a box when the box allows.
 * @throws Error when `boxes` is empty (an engine bug: validate must reject such states)
 */
export function pointInBoxes(boxes: readonly Box[], near: Point): Point {
  if (boxes.length === 0) throw new Error('pointInBoxes: empty region');
  let best: Point = [0, 0];
  let bestD = Infinity;
  for (const b of boxes) {
    const inset = (lo: number, hi: number): [number, number] => {
      const m = Math.min(3, Math.floor((hi - lo - 1) / 2));
      return [lo + m, hi - 1 - m];
    };
    const [ax, bx] = inset(b[0], b[2]);
    const [ay, by] = inset(b[1], b[3]);
    const p: Point = [Math.min(bx, Math.max(ax, Math.round(near[0]))), Math.min(by, Math.max(ay, Math.round(near[1])))];
    const d = Math.hypot(p[0] - near[0], p[1] - near[1]);
    if (d < bestD) {
      bestD = d;
      best = p;
    }
  }
  return best;
}
