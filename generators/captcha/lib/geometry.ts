/**
 * Plane geometry in puzzle px: rotation about a point (clockwise, y down), polygons (path data,
 * area, point-in-polygon, bounds, regular n-gons), box helpers and mirroring of path data.
 */
import type { Box, Point } from '../../../core/geometry.js';
import { n1 } from './draw.js';

/** Degrees → radians. */
export const rad = (deg: number): number => (deg * Math.PI) / 180;

/** Rotate point (x, y) about (cx, cy) by `deg` degrees clockwise (SVG y-down), puzzle px. */
export function rotAbout(cx: number, cy: number, x: number, y: number, deg: number): Point {
  const a = rad(deg);
  const dx = x - cx;
  const dy = y - cy;
  return [cx + dx * Math.cos(a) - dy * Math.sin(a), cy + dx * Math.sin(a) + dy * Math.cos(a)];
}

/** Polygon path data (`M…L…Z`), 1-decimal coordinates. */
export function polyD(pts: ReadonlyArray<readonly [number, number]>, close = true): string {
  return pts.map((p, i) => `${i ? 'L' : 'M'}${n1(p[0])} ${n1(p[1])}`).join('') + (close ? 'Z' : '');
}

/** Signed area of a polygon (positive when clockwise on screen, y down), px². */
export function polyArea(pts: ReadonlyArray<readonly [number, number]>): number {
  let a = 0;
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i]!;
    const q = pts[(i + 1) % pts.length]!;
    a += p[0] * q[1] - q[0] * p[1];
  }
  return a / 2;
}

/** Even-odd point-in-polygon test. */
export function inPoly(x: number, y: number, pts: ReadonlyArray<readonly [number, number]>): boolean {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i]!;
    const [xj, yj] = pts[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Bounding box (floats) of points. */
export function ptsBox(pts: ReadonlyArray<readonly [number, number]>): [number, number, number, number] {
  let x1 = Infinity, y1 = Infinity, x2 = -Infinity, y2 = -Infinity;
  for (const [x, y] of pts) {
    x1 = Math.min(x1, x); y1 = Math.min(y1, y); x2 = Math.max(x2, x); y2 = Math.max(y2, y);
  }
  return [x1, y1, x2, y2];
}

/** Integer box around (cx, cy) with half-size `r` (x2/y2 exclusive). */
export const boxAround = (cx: number, cy: number, r: number): Box => [Math.floor(cx - r), Math.floor(cy - r), Math.ceil(cx + r), Math.ceil(cy + r)];

/** Shrink a box by `d` px on every side. */
export const shrink = (b: Box, d: number): Box => [b[0] + d, b[1] + d, b[2] - d, b[3] - d];

/** Points of a regular n-gon of circumradius r, first vertex at angle `rot0` degrees (0 = up). */
export function regularPts(n: number, cx: number, cy: number, r: number, rot0 = 0): Array<[number, number]> {
  return Array.from({ length: n }, (_, i) => rotAbout(cx, cy, cx, cy - r, rot0 + (360 * i) / n));
}

/** Mirror absolute path data (pairs `x y`, as icons.ts / polyD write them) about the vertical line x = cx. */
export function mirrorPathX(d: string, cx: number): string {
  return d.replace(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g, (_m, x: string, y: string) => `${n1(2 * cx - Number(x))} ${y}`);
}
