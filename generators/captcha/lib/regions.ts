/**
 * Exact 2D geometry for engines that must re-measure what the picture shows (labels
 * come from what is drawn): filled regions as polygon rings (curves flattened), point-in-region tests with the SVG
 * fill rules, and pixel-grid measurement of areas, visible fractions under occluders and tile
 * coverage. Everything is in puzzle px and deterministic (pure arithmetic, no rasteriser).
 *
 * A region measured here is drawn from the same rings ({@link regionPath}), so the measurement is of
 * the drawn shape, not of an approximation of it.
 */
import type { Box } from '../../../core/geometry.js';
import { ICONS } from './icons.js';
import { type Mat, matApply, matMul, matRotate, matScale, matTranslate } from '../../../renderers/glyphs.js';

/** A point, puzzle px. */
export type Pt = [number, number];

/** A filled region: closed rings and the SVG fill rule. */
export interface Region {
  rings: Pt[][];
  rule: 'nonzero' | 'evenodd';
}

const f1 = (v: number): string => {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};

/** SVG path data of a region (straight segments, 1 decimal). */
export function regionPath(r: Region): string {
  return r.rings.map((ring) => ring.map((p, i) => `${i ? 'L' : 'M'}${f1(p[0])} ${f1(p[1])}`).join('') + 'Z').join('');
}

/** `<path>` of a region with its fill rule. */
export function regionSvg(r: Region, fill: string, extra = ''): string {
  return `<path d="${regionPath(r)}" fill="${fill}" fill-rule="${r.rule}"${extra ? ' ' + extra : ''}/>`;
}

/** Winding number of a ring around (x, y). */
function winding(ring: readonly Pt[], x: number, y: number): number {
  let w = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yj <= y) {
      if (yi > y && (xi - xj) * (y - yj) - (x - xj) * (yi - yj) > 0) w++;
    } else if (yi <= y && (xi - xj) * (y - yj) - (x - xj) * (yi - yj) < 0) w--;
  }
  return w;
}

/** Is (x, y) inside the region under its fill rule? */
export function regionContains(r: Region, x: number, y: number): boolean {
  let w = 0;
  let crossings = 0;
  for (const ring of r.rings) {
    const k = winding(ring, x, y);
    w += k;
    crossings += Math.abs(k);
  }
  return r.rule === 'nonzero' ? w !== 0 : crossings % 2 === 1;
}

/** Bounds of every ring point. */
export function regionBBox(r: Region): Box {
  let x1 = Infinity, y1 = Infinity, x2 = -Infinity, y2 = -Infinity;
  for (const ring of r.rings) for (const [x, y] of ring) {
    x1 = Math.min(x1, x); y1 = Math.min(y1, y); x2 = Math.max(x2, x); y2 = Math.max(y2, y);
  }
  return [x1, y1, x2, y2];
}

/** Regular n-gon (first vertex at angle `rot0` degrees, 0 = up), as a region. */
export function regularPolygon(n: number, cx: number, cy: number, r: number, rotDeg = 0): Region {
  const ring: Pt[] = [];
  for (let i = 0; i < n; i++) {
    const a = ((rotDeg - 90) * Math.PI) / 180 + (2 * Math.PI * i) / n;
    ring.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return { rings: [ring], rule: 'nonzero' };
}

/** A polygon from explicit vertices. */
export function polygon(pts: Pt[]): Region {
  return { rings: [pts.map((p) => [p[0], p[1]] as Pt)], rule: 'nonzero' };
}

/** Circle flattened to `n` segments (default 48: < 0.3 % area error). */
export function circleRegion(cx: number, cy: number, r: number, n = 48): Region {
  return ellipseRegion(cx, cy, r, r, 0, n);
}

/** Ellipse rotated by `rotDeg`, flattened to `n` segments. */
export function ellipseRegion(cx: number, cy: number, rx: number, ry: number, rotDeg = 0, n = 48): Region {
  const c = Math.cos((rotDeg * Math.PI) / 180);
  const s = Math.sin((rotDeg * Math.PI) / 180);
  const ring: Pt[] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const x = rx * Math.cos(a);
    const y = ry * Math.sin(a);
    ring.push([cx + x * c - y * s, cy + x * s + y * c]);
  }
  return { rings: [ring], rule: 'nonzero' };
}

/** Axis-aligned rectangle region. */
export function rectRegion(x1: number, y1: number, x2: number, y2: number): Region {
  return polygon([[x1, y1], [x2, y1], [x2, y2], [x1, y2]]);
}

/**
 * An icons.ts icon as a region: the same command list iconOutline draws, with curves flattened into
 * 12 segments each. Throws RangeError on an unknown kind.
 */
export function iconRegion(kind: string, cx: number, cy: number, r: number, rot = 0): Region {
  const def = ICONS[kind];
  if (!def) throw new RangeError(`unknown icon ${kind}`);
  const m: Mat = matMul(matTranslate(cx, cy), matMul(matRotate(rot), matScale(r)));
  const P = (x: number, y: number): Pt => matApply(m, x, y);
  const rings: Pt[][] = [];
  let cur: Pt[] = [];
  let last: Pt = [0, 0];
  const N = 12;
  for (const c of def.cmds) {
    if (c[0] === 'M') {
      if (cur.length) rings.push(cur);
      last = [c[1], c[2]];
      cur = [P(c[1], c[2])];
    } else if (c[0] === 'L') {
      last = [c[1], c[2]];
      cur.push(P(c[1], c[2]));
    } else if (c[0] === 'Q') {
      const [x0, y0] = last;
      for (let i = 1; i <= N; i++) {
        const t = i / N;
        const u = 1 - t;
        cur.push(P(u * u * x0 + 2 * u * t * c[1] + t * t * c[3], u * u * y0 + 2 * u * t * c[2] + t * t * c[4]));
      }
      last = [c[3], c[4]];
    } else if (c[0] === 'C') {
      const [x0, y0] = last;
      for (let i = 1; i <= N; i++) {
        const t = i / N;
        const u = 1 - t;
        cur.push(P(
          u * u * u * x0 + 3 * u * u * t * c[1] + 3 * u * t * t * c[3] + t * t * t * c[5],
          u * u * u * y0 + 3 * u * u * t * c[2] + 3 * u * t * t * c[4] + t * t * t * c[6],
        ));
      }
      last = [c[5], c[6]];
    } else {
      if (cur.length) rings.push(cur);
      cur = [];
    }
  }
  if (cur.length) rings.push(cur);
  return { rings, rule: def.rule };
}

/**
 * Area of a region measured on a grid of `step` px (sample at cell centres), px². Used where the
 * region may self-overlap (fill rules), so a shoelace sum would be wrong.
 */
export function regionArea(r: Region, step = 0.5): number {
  const b = regionBBox(r);
  let n = 0;
  for (let y = b[1] + step / 2; y < b[3]; y += step) for (let x = b[0] + step / 2; x < b[2]; x += step) if (regionContains(r, x, y)) n++;
  return n * step * step;
}

/**
 * Fraction of `regions[i]`'s area not covered by any region drawn after it (`regions[j]`, j > i),
 * measured on a `step`-px grid. 0 for an empty region.
 */
export function visibleFraction(regions: readonly Region[], i: number, step = 0.5): number {
  const r = regions[i]!;
  const b = regionBBox(r);
  const above = regions.slice(i + 1).filter((o) => {
    const ob = regionBBox(o);
    return ob[0] < b[2] && b[0] < ob[2] && ob[1] < b[3] && b[1] < ob[3];
  });
  let inside = 0;
  let vis = 0;
  for (let y = b[1] + step / 2; y < b[3]; y += step) {
    for (let x = b[0] + step / 2; x < b[2]; x += step) {
      if (!regionContains(r, x, y)) continue;
      inside++;
      if (!above.some((o) => regionContains(o, x, y))) vis++;
    }
  }
  return inside ? vis / inside : 0;
}

/**
 * Fraction of each tile covered by the union of `regions`, measured on a `step`-px grid inside every
 * tile. Returns one number in [0, 1] per tile.
 */
export function tileCoverage(regions: readonly Region[], tiles: readonly Box[], step = 1): number[] {
  const boxes = regions.map(regionBBox);
  return tiles.map((t) => {
    const rel = regions.filter((_, k) => {
      const b = boxes[k]!;
      return b[0] < t[2] && t[0] < b[2] && b[1] < t[3] && t[1] < b[3];
    });
    let n = 0;
    let hit = 0;
    for (let y = t[1] + step / 2; y < t[3]; y += step) {
      for (let x = t[0] + step / 2; x < t[2]; x += step) {
        n++;
        if (rel.some((r) => regionContains(r, x, y))) hit++;
      }
    }
    return n ? hit / n : 0;
  });
}

/** Minimum interior turn (degrees) at any vertex of a simple polygon ring: how visible each corner is. */
export function minCornerTurn(ring: readonly Pt[]): number {
  let min = 180;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[(i + ring.length - 1) % ring.length]!;
    const b = ring[i]!;
    const c = ring[(i + 1) % ring.length]!;
    const a1 = Math.atan2(b[1] - a[1], b[0] - a[0]);
    const a2 = Math.atan2(c[1] - b[1], c[0] - b[0]);
    let d = Math.abs(((a2 - a1) * 180) / Math.PI);
    if (d > 180) d = 360 - d;
    min = Math.min(min, d);
  }
  return min;
}

/** Minimum edge length of a ring, px. */
export function minEdge(ring: readonly Pt[]): number {
  let min = Infinity;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    min = Math.min(min, Math.hypot(b[0] - a[0], b[1] - a[1]));
  }
  return min;
}

/** Is the ring convex (all turns the same sign)? */
export function isConvex(ring: readonly Pt[]): boolean {
  let sign = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    const c = ring[(i + 2) % ring.length]!;
    const z = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
    if (Math.abs(z) < 1e-9) continue;
    const s = Math.sign(z);
    if (sign && s !== sign) return false;
    sign = s;
  }
  return true;
}

/** Distance from point p to segment ab. */
export function pointSegDist(p: Pt, a: Pt, b: Pt): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const L = dx * dx + dy * dy;
  const t = L ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / L)) : 0;
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** Minimum distance from p to a polyline. */
export function pointPolylineDist(p: Pt, pts: readonly Pt[]): number {
  let d = Infinity;
  for (let i = 1; i < pts.length; i++) d = Math.min(d, pointSegDist(p, pts[i - 1]!, pts[i]!));
  return d;
}

/** Do segments ab and cd properly intersect? */
export function segmentsCross(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const o = (p: Pt, q: Pt, r: Pt): number => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return o(a, b, c) * o(a, b, d) < 0 && o(c, d, a) * o(c, d, b) < 0;
}
