/**
 * Ribbon loops: closed bands of constant width drawn along a smooth closed centre line (a circle of
 * radius `r` whose radius is modulated by a few harmonics), and the measurements that make a picture
 * of several crossing loops countable by following each band: where two centre lines cross and at
 * what angle, where two bands come close without crossing, how far crossings are apart, how much of a
 * band stays visible. Puzzle px throughout; every measurement is made on the same polyline that is
 * drawn ({@link loopPoints}).
 */
import type { Box } from '../../../core/geometry.js';
import { type Pt, pointPolylineDist, segmentsCross } from './regions.js';

/** One closed ribbon loop (puzzle px, radians): r(θ) = r · (1 + Σ amp · sin(freq · θ + phase)), θ from `rot`. */
export interface RibbonLoop {
  cx: number;
  cy: number;
  r: number;
  rot: number;
  /** [amp, freq, phase] per harmonic. */
  harmonics: Array<[number, number, number]>;
}

/** Vertices of a loop's centre line (closed: the last vertex joins the first). */
export const LOOP_VERTICES = 80;

/** The centre line of a loop as {@link LOOP_VERTICES} vertices, rounded to 0.01 px. */
export function loopPoints(l: RibbonLoop): Pt[] {
  return Array.from({ length: LOOP_VERTICES }, (_, i) => {
    const a = (2 * Math.PI * i) / LOOP_VERTICES + l.rot;
    const rr = l.r * (1 + l.harmonics.reduce((s, [amp, f, ph]) => s + amp * Math.sin(f * a + ph), 0));
    return [Math.round((l.cx + rr * Math.cos(a)) * 100) / 100, Math.round((l.cy + rr * Math.sin(a)) * 100) / 100] as Pt;
  });
}

/** The closed polyline (first vertex repeated at the end). */
export const closed = (pts: readonly Pt[]): Pt[] => [...pts, pts[0]!];

/** Bounds of a polyline, grown by `pad`. */
export function ptsBounds(pts: readonly Pt[], pad = 0): Box {
  let [x1, y1, x2, y2] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of pts) [x1, y1, x2, y2] = [Math.min(x1, x), Math.min(y1, y), Math.max(x2, x), Math.max(y2, y)];
  return [x1 - pad, y1 - pad, x2 + pad, y2 + pad];
}

/** A crossing of two loops' centre lines: the point, the acute angle between them (degrees), the segment index on each. */
export interface Crossing { at: Pt; angle: number; segA: number; segB: number }

/** Every crossing of the closed centre lines `a` and `b` (segment pairs tested with a bounding-box pre-check). */
export function crossings(a: readonly Pt[], b: readonly Pt[]): Crossing[] {
  const [ba, bb] = [ptsBounds(a), ptsBounds(b)];
  if (ba[0] > bb[2] || bb[0] > ba[2] || ba[1] > bb[3] || bb[1] > ba[3]) return [];
  const out: Crossing[] = [];
  const [na, nb] = [a.length, b.length];
  for (let i = 0; i < na; i++) {
    const p = a[i]!;
    const q = a[(i + 1) % na]!;
    const [px, py, qx, qy] = [p[0], p[1], q[0], q[1]];
    if (Math.max(px, qx) < bb[0] || Math.min(px, qx) > bb[2] || Math.max(py, qy) < bb[1] || Math.min(py, qy) > bb[3]) continue;
    for (let j = 0; j < nb; j++) {
      const r = b[j]!;
      const s = b[(j + 1) % nb]!;
      if (Math.max(r[0], s[0]) < Math.min(px, qx) || Math.min(r[0], s[0]) > Math.max(px, qx) || Math.max(r[1], s[1]) < Math.min(py, qy) || Math.min(r[1], s[1]) > Math.max(py, qy)) continue;
      if (!segmentsCross(p, q, r, s)) continue;
      const [dx1, dy1, dx2, dy2] = [qx - px, qy - py, s[0] - r[0], s[1] - r[1]];
      const den = dx1 * dy2 - dy1 * dx2;
      const t = ((r[0] - px) * dy2 - (r[1] - py) * dx2) / den;
      const cos = Math.abs(dx1 * dx2 + dy1 * dy2) / (Math.hypot(dx1, dy1) * Math.hypot(dx2, dy2));
      out.push({ at: [px + t * dx1, py + t * dy1], angle: (Math.acos(Math.min(1, cos)) * 180) / Math.PI, segA: i, segB: j });
    }
  }
  return out;
}

/**
 * Half the length of centre line (px) around a crossing at `angle` degrees within which the other band
 * of width `w` (plus its outline `edge` on each side) lies: beyond it the band is clear of the other.
 */
export const crossingReach = (angle: number, w: number, edge: number): number => (w / 2 + edge) / Math.sin((angle * Math.PI) / 180) + (w / 2 + edge) + 2;

/**
 * Vertices of `a` that come within `clear` px of `b`'s centre line away from any crossing: a point
 * closer than `clear` must lie within `(clear / sin angle) + 2` px of a crossing of the two, else the
 * bands touch or run alongside without crossing. Returns the count of such vertices (0 = clean).
 */
export function nearMisses(a: readonly Pt[], b: readonly Pt[], xs: readonly Crossing[], clear: number): number {
  const bb = ptsBounds(b, clear);
  const cb = closed(b);
  let n = 0;
  for (const p of a) {
    if (p[0] < bb[0] || p[0] > bb[2] || p[1] < bb[1] || p[1] > bb[3]) continue;
    if (pointPolylineDist(p, cb) >= clear) continue;
    if (!xs.some((x) => Math.hypot(p[0] - x.at[0], p[1] - x.at[1]) <= clear / Math.sin((x.angle * Math.PI) / 180) + 2)) n++;
  }
  return n;
}

/**
 * Self clearance of one loop: the smallest distance between two vertices at least `arc` px apart
 * along the loop (a band of width w folds onto itself or pinches when this is below ~w), and the
 * smallest radius of curvature at a vertex (circle through it and its neighbours).
 */
export function selfClearance(pts: readonly Pt[], arc: number): { gap: number; bend: number } {
  const n = pts.length;
  const seg = pts.map((p, i) => Math.hypot(pts[(i + 1) % n]![0] - p[0], pts[(i + 1) % n]![1] - p[1]));
  const total = seg.reduce((s, v) => s + v, 0);
  const cum = [0];
  for (let i = 0; i < n; i++) cum.push(cum[i]! + seg[i]!);
  let gap = Infinity;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) {
    const along = Math.min(cum[j]! - cum[i]!, total - (cum[j]! - cum[i]!));
    if (along < arc) continue;
    const [dx, dy] = [pts[i]![0] - pts[j]![0], pts[i]![1] - pts[j]![1]];
    gap = Math.min(gap, Math.sqrt(dx * dx + dy * dy));
  }
  let bend = Infinity;
  for (let i = 0; i < n; i++) {
    const [a, b, c] = [pts[(i + n - 1) % n]!, pts[i]!, pts[(i + 1) % n]!];
    const cross = Math.abs((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
    const r = cross < 1e-9 ? Infinity : (Math.hypot(b[0] - a[0], b[1] - a[1]) * Math.hypot(c[0] - b[0], c[1] - b[1]) * Math.hypot(c[0] - a[0], c[1] - a[1])) / (2 * cross);
    bend = Math.min(bend, r);
  }
  return { gap, bend };
}

/** Fraction of `pts` (a loop's vertices) farther than `half` px from every centre line in `above` (loops drawn over it). */
export function visibleShare(pts: readonly Pt[], above: ReadonlyArray<readonly Pt[]>, half: number): number {
  const cl = above.map((q) => ({ line: closed(q), box: ptsBounds(q, half) }));
  const seen = pts.filter((p) => cl.every(({ line, box }) => p[0] < box[0] || p[0] > box[2] || p[1] < box[1] || p[1] > box[3] || pointPolylineDist(p, line) > half));
  return seen.length / pts.length;
}
