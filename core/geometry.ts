/**
 * Geometry shared by every layer.
 *
 * Conventions (docs/architecture.md "Units"):
 * - A {@link Box} is `[x1, y1, x2, y2]` in **image pixels** of the saved image, top-left origin,
 *   `x2`/`y2` exclusive. A {@link Point} is `[x, y]` in image pixels.
 * - CSS px (what the browser reports) map to image px by the device scale factor (DPR):
 *   `image = css * dpr`; boxes round outwards (x1/y1 floor, x2/y2 ceil).
 * - Normalised forms: `norm1` divides by the image width/height (floats in [0,1]); `norm1000` is the
 *   integer [0,999] grid `floor(v / size * 1000)` clamped to 999, mapped back to the centre of its
 *   cell (`(n + 0.5) * size / 1000`). Both are rows of the one conventions table, core/coords.ts.
 */
import { COORD_CONVENTIONS, convention, pointFromConvention, pointToConvention, resolveCoords, type ConventionSpec, type CoordName } from './coords.js';

/** `[x1, y1, x2, y2]`, image px unless stated otherwise; x2/y2 exclusive. */
export type Box = [number, number, number, number];
/** `[x, y]`, image px unless stated otherwise. */
export type Point = [number, number];
/** Image size in px. */
export interface Size {
  width: number;
  height: number;
}

/** The record's own coordinate conventions (a subset of core/coords.ts `COORD_NAMES`): the record's `*`, `*_norm1` and `*_norm1000` fields. */
export const COORD_SPACES = ['abs', 'norm1', 'norm1000'] as const;
export type CoordSpace = (typeof COORD_SPACES)[number] & CoordName;

/** Width of a box (x2 - x1). */
export const boxWidth = (b: Box): number => b[2] - b[0];
/** Height of a box (y2 - y1). */
export const boxHeight = (b: Box): number => b[3] - b[1];
/** Area in px² (0 for empty or inverted boxes). */
export const boxArea = (b: Box): number => Math.max(0, boxWidth(b)) * Math.max(0, boxHeight(b));

/** True when `p` lies in `b` with x1 <= x < x2 and y1 <= y < y2 (x2/y2 exclusive). */
export function pointInBox(p: Point, b: Box): boolean {
  return p[0] >= b[0] && p[0] < b[2] && p[1] >= b[1] && p[1] < b[3];
}

/** Intersection of two boxes, or null when they do not overlap. */
export function intersect(a: Box, b: Box): Box | null {
  const r: Box = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  return r[2] > r[0] && r[3] > r[1] ? r : null;
}

/** Smallest box containing all given boxes. Throws RangeError on an empty list. */
export function unionBoxes(boxes: readonly Box[]): Box {
  if (boxes.length === 0) throw new RangeError('unionBoxes: empty list');
  return boxes.reduce<Box>(
    (u, b) => [Math.min(u[0], b[0]), Math.min(u[1], b[1]), Math.max(u[2], b[2]), Math.max(u[3], b[3])],
    [...boxes[0]!] as Box,
  );
}

/** Intersection over union of two boxes, in [0,1]. */
export function iou(a: Box, b: Box): number {
  const i = intersect(a, b);
  if (!i) return 0;
  const ia = boxArea(i);
  return ia / (boxArea(a) + boxArea(b) - ia);
}

/**
 * Integer centre point of a box, guaranteed inside it (x2/y2 exclusive) for boxes at least 1 px wide.
 */
export function boxCenter(b: Box): Point {
  return [Math.floor((b[0] + b[2]) / 2), Math.floor((b[1] + b[3]) / 2)];
}

/** CSS px box (floats) to image px box: multiply by `dpr`, floor x1/y1, ceil x2/y2. */
export function cssBoxToImage(b: Box, dpr: number): Box {
  const e = 1e-6; // absorb float noise such as 10.000000001 * 3
  return [
    Math.floor(b[0] * dpr + e),
    Math.floor(b[1] * dpr + e),
    Math.ceil(b[2] * dpr - e),
    Math.ceil(b[3] * dpr - e),
  ];
}

/** CSS px point to image px (rounded to integers). */
export function cssPointToImage(p: Point, dpr: number): Point {
  return [Math.round(p[0] * dpr), Math.round(p[1] * dpr)];
}

/** Image px point to CSS px (floats): the point a real mouse click must use. */
export function imagePointToCss(p: Point, dpr: number): Point {
  return [p[0] / dpr, p[1] / dpr];
}

const NORM1 = COORD_CONVENTIONS.norm1;
const NORM1000 = COORD_CONVENTIONS.norm1000;
const enc = (c: ConventionSpec, p: Point, s: Size): Point => [c.encode(p[0], s.width, NaN), c.encode(p[1], s.height, NaN)];

/** Point to [0,1] floats (6 decimals): the `norm1` row of core/coords.ts. */
export function pointToNorm1(p: Point, s: Size): Point {
  return enc(NORM1, p, s);
}
/** Point to the integer [0,999] grid: the `norm1000` row of core/coords.ts. */
export function pointToNorm1000(p: Point, s: Size): Point {
  return enc(NORM1000, p, s);
}
/** Box to [0,1] floats (6 decimals), both corners like points. */
export function boxToNorm1(b: Box, s: Size): Box {
  return [...enc(NORM1, [b[0], b[1]], s), ...enc(NORM1, [b[2], b[3]], s)];
}
/**
 * Box to the integer [0,999] grid. x1/y1 use the cell holding the first pixel, x2/y2 the cell holding
 * the last pixel (`x2 - 1`), so the grid box is inclusive of both cells (the `cells` box form of core/coords.ts).
 */
export function boxToNorm1000(b: Box, s: Size): Box {
  return [...enc(NORM1000, [b[0], b[1]], s), ...enc(NORM1000, [b[2] - 1, b[3] - 1], s)];
}

/**
 * Map a predicted point from a coordinate space back to image px (floats), as core/coords.ts
 * `pointFromConvention`: `abs`: unchanged; `norm1`: `v * size`; `norm1000`: centre of the grid cell,
 * `(v + 0.5) * size / 1000`.
 */
export function pointFromSpace(p: Point, space: CoordSpace, s: Size): Point {
  return pointFromConvention(p, resolveCoords(convention(space), [s.width, s.height]));
}

/** Map an image-px point into a coordinate space (inverse of {@link pointFromSpace}). */
export function pointToSpace(p: Point, space: CoordSpace, s: Size): Point {
  return pointToConvention(p, resolveCoords(convention(space), [s.width, s.height]));
}

/** An axis-aligned affine map `p -> [sx * x + tx, sy * y + ty]` (compositor placement). */
export interface Affine {
  sx: number;
  sy: number;
  tx: number;
  ty: number;
}

/** Apply an affine map to a point (floats; round at the caller). */
export function mapPoint(m: Affine, p: Point): Point {
  return [m.sx * p[0] + m.tx, m.sy * p[1] + m.ty];
}

/** Apply an affine map to a box, rounding outwards to integer px (x1/y1 floor, x2/y2 ceil). */
export function mapBox(m: Affine, b: Box): Box {
  const e = 1e-6;
  return [
    Math.floor(m.sx * b[0] + m.tx + e),
    Math.floor(m.sy * b[1] + m.ty + e),
    Math.ceil(m.sx * b[2] + m.tx - e),
    Math.ceil(m.sy * b[3] + m.ty - e),
  ];
}

/** Compose two maps: `compose(a, b)(p) = a(b(p))`. */
export function compose(a: Affine, b: Affine): Affine {
  return { sx: a.sx * b.sx, sy: a.sy * b.sy, tx: a.sx * b.tx + a.tx, ty: a.sy * b.ty + a.ty };
}
