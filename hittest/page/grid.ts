/**
 * The nine-point grid (hittest/README.md "Checks"): 3×3 points at 1/6, 1/2 and 5/6 of a box, row-major
 * (index 4 = centre). A text target wrapped over several lines places its rows on its lines instead,
 * and a rotated or skewed one inside its content quad.
 */
import type { B } from './boxes.js';
import { testPoint } from './hit.js';
import type { ProbePoint } from './types.js';

/** Grid fractions along each axis. */
export const FR = [1 / 6, 1 / 2, 5 / 6];

/** A grid point to hit-test (CSS px) and the visible rect it belongs to. */
export interface PlannedPoint {
  x: number;
  y: number;
  vis: B | null;
}

/**
 * The nine points of a visible box `visible`; for refined text with several `lineRects` the rows sit
 * on the lines (the middle row on the widest line holding the stack's midpoint, at its vertical
 * centre; the outer rows at 1/6 and 5/6 of the stacked line heights, kept inside their line's middle
 * two thirds).
 */
export function planGrid(visible: B, refined: boolean, lineRects: B[]): PlannedPoint[] {
  const plan: PlannedPoint[] = [];
  const test = (x: number, y: number, vis: B | null): void => {
    plan.push({ x, y, vis });
  };
  if (refined && lineRects.length > 1) {
    const L = lineRects;
    const hs = L.map((l) => l[3] - l[1]);
    const H = hs.reduce((s, v) => s + v, 0);
    const at = (pos: number): { line: B; local: number } => {
      let acc = 0;
      for (let j = 0; j < L.length; j++) {
        if (pos < acc + hs[j]! || j === L.length - 1) return { line: L[j]!, local: (pos - acc) / hs[j]! };
        acc += hs[j]!;
      }
      return { line: L[L.length - 1]!, local: 0.5 };
    };
    // middle row: the widest line holding the stack midpoint (ties: wider), at its vertical centre
    const rows = FR.map((f, ri) => {
      if (ri === 1) {
        const m = at(H / 2);
        let best = m.line;
        if (Math.abs(m.local) < 1e-9 || Math.abs(m.local - 1) < 1e-9) {
          const j = L.indexOf(m.line);
          const prev = L[j - 1];
          if (prev && prev[2] - prev[0] > best[2] - best[0]) best = prev;
        }
        return { line: best, fy: 0.5 };
      }
      const m = at(f * H);
      return { line: m.line, fy: Math.min(5 / 6, Math.max(1 / 6, m.local)) };
    });
    for (const r of rows) for (const fx of FR) test(r.line[0] + fx * (r.line[2] - r.line[0]), r.line[1] + r.fy * (r.line[3] - r.line[1]), r.line);
  } else {
    const v = refined && lineRects.length === 1 ? lineRects[0]! : visible;
    for (const fy of FR) for (const fx of FR) test(v[0] + fx * (v[2] - v[0]), v[1] + fy * (v[3] - v[1]), v);
  }
  return plan;
}

/**
 * Hit-test a planned grid of nine points, the centre first. When the centre fails and `centreOnly`,
 * the other eight are not tested (`hit: null`, `ok: false`: such candidates are rejected anyway).
 * `ok`: the elements a hit counts for ({@link okSet} of hit.ts).
 */
export function testGrid(plan: PlannedPoint[], ok: Set<Element>, dpr: number, centreOnly: boolean): ProbePoint[] {
  const points: ProbePoint[] = [];
  const centre = testPoint(plan[4]!.x, plan[4]!.y, ok, plan[4]!.vis, dpr);
  const skip = !centre.ok && centreOnly;
  plan.forEach((p, k) => {
    if (k === 4) points.push(centre);
    else if (skip) {
      const ix = Math.floor(p.x * dpr);
      const iy = Math.floor(p.y * dpr);
      points.push({ css: [ix / dpr, iy / dpr], img: [ix, iy], hit: null, ok: false, inVisible: false });
    } else points.push(testPoint(p.x, p.y, ok, p.vis, dpr));
  });
  return points;
}

/** The nine points of box `b` (CSS px), hit-tested row-major. */
export function boxGrid(b: B, ok: Set<Element>, dpr: number): ProbePoint[] {
  const points: ProbePoint[] = [];
  for (const fy of FR) for (const fx of FR) points.push(testPoint(b[0] + fx * (b[2] - b[0]), b[1] + fy * (b[3] - b[1]), ok, b, dpr));
  return points;
}

/**
 * The nine points placed bilinearly in quad `q` (`[x1,y1, x2,y2, x3,y3, x4,y4]` CSS px clockwise from
 * the box's top-left), hit-tested row-major; `vis` is reported as the visible rect.
 */
export function quadGrid(q: number[], ok: Set<Element>, vis: B | null, dpr: number): ProbePoint[] {
  const pts: ProbePoint[] = [];
  for (const fy of FR) {
    for (const fx of FR) {
      const tx = q[0]! + fx * (q[2]! - q[0]!);
      const ty = q[1]! + fx * (q[3]! - q[1]!);
      const bx = q[6]! + fx * (q[4]! - q[6]!);
      const by = q[7]! + fx * (q[5]! - q[7]!);
      pts.push(testPoint(tx + fy * (bx - tx), ty + fy * (by - ty), ok, vis, dpr));
    }
  }
  return pts;
}
