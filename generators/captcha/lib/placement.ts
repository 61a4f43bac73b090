/**
 * Rejection sampling of positions: {@link placeWithRetries} is the one retry loop (propose a candidate
 * from the rng, keep the first one accepted), and {@link scatter} places several items with it.
 * Everything is puzzle px; the rng calls are exactly the proposals made, so a placement is a pure
 * function of the rng state.
 */
import type { Box } from '../../../core/geometry.js';
import type { Rng } from '../../../core/rng.js';
import { boxInside, boxesOverlap } from './draw.js';

/**
 * Propose up to `tries` candidates (`propose(attempt)`, attempt 0..tries-1, drawing from the caller's
 * rng) and return the first that `accept` takes, or null when none is accepted.
 */
export function placeWithRetries<T>(tries: number, propose: (attempt: number) => T, accept: (candidate: T) => boolean): T | null {
  for (let t = 0; t < tries; t++) {
    const c = propose(t);
    if (accept(c)) return c;
  }
  return null;
}

/**
 * Place items of the given sizes at random non-overlapping spots inside `area` (200 tries per item).
 * `boxOf(cx, cy, size)` gives an item's box; boxes keep `margin` px apart and stay inside `area`.
 * Returns null when an item cannot be placed (the caller's latent then fails validation).
 */
export function scatter(
  rng: Rng,
  area: Box,
  sizes: number[],
  margin: number,
  boxOf: (cx: number, cy: number, s: number) => Box,
): Array<{ cx: number; cy: number; box: Box }> | null {
  const out: Array<{ cx: number; cy: number; box: Box }> = [];
  for (const s of sizes) {
    const probe = boxOf(0, 0, s);
    const spot = placeWithRetries(
      200,
      () => {
        const cx = Math.round(rng.float(area[0] - probe[0], area[2] - probe[2]));
        const cy = Math.round(rng.float(area[1] - probe[1], area[3] - probe[3]));
        return { cx, cy, box: boxOf(cx, cy, s) };
      },
      (c) => boxInside(c.box, area) && out.every((o) => !boxesOverlap(o.box, c.box, margin)),
    );
    if (!spot) return null;
    out.push(spot);
  }
  return out;
}
