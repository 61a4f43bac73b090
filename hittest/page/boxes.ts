/**
 * Box arithmetic of the in-page probe on `[x1, y1, x2, y2]` CSS px boxes (x2/y2 exclusive), with
 * `null` for "no box" carried through: the probe's boxes are often absent (an element with no layout
 * box, a box clipped away). Built on core/geometry.ts, which the page bundle includes.
 */
import { boxArea, intersect, unionBoxes } from '../../core/geometry.js';

/** `[x1, y1, x2, y2]` CSS px of the top-level viewport, x2/y2 exclusive. */
export type B = [number, number, number, number];

/** Area in CSS px² (0 for null, empty or inverted boxes). */
export const area = (b: B | null): number => (b ? boxArea(b) : 0);

/** Intersection, or null when either is null or they do not overlap. */
export const inter = (a: B | null, b: B | null): B | null => (a && b ? intersect(a, b) : null);

/** Smallest box containing all of `bs`; null for an empty list. */
export const union = (bs: B[]): B | null => (bs.length ? unionBoxes(bs) : null);
