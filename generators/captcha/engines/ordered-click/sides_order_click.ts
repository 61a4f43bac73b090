/**
 * #24 sides_order_click (group C, ordered icon click, Click×k): polygons with different numbers of
 * sides (3–8); click them from fewest to most sides (or most to fewest). Hard puzzles use close side
 * counts (6, 7, 8) and irregular, rotated polygons.
 *
 * Validity: each polygon is convex, every corner turns by at least 25° and every edge is at least
 * 9 px, so each side is countable; side counts are distinct.
 */
import type { Box } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxInside, boxesOverlap, hsl, intBox } from '../../lib/draw.js';
import type { ClickFrame } from '../../lib/frames.js';
import { plainPicture } from '../../lib/backdrops.js';
import { placeWithRetries } from '../../lib/placement.js';
import { type Pt, type Region, isConvex, minCornerTurn, minEdge, regionBBox, regionSvg } from '../../lib/regions.js';
import { say } from '../../lib/i18n.js';
import { checkSorted, hasRepeats, inOrder, orderedClickEngine } from './template.js';

interface Poly {
  sides: number;
  cx: number;
  cy: number;
  r: number;
  rot: number;
  /** Radial multiplier per vertex (1 = regular). */
  jitter: number[];
  color: string;
  box: Box;
}
/** Latent state of sides_order_click (puzzle px). */
export interface SidesOrderLatent extends Record<string, unknown> {
  frame: ClickFrame;
  direction: 'asc' | 'desc';
  polys: Poly[];
  order: number[];
}

/** The polygon's region. */
export function polyRegion(p: Pick<Poly, 'sides' | 'cx' | 'cy' | 'r' | 'rot' | 'jitter'>): Region {
  const ring: Pt[] = [];
  for (let i = 0; i < p.sides; i++) {
    const a = ((p.rot - 90) * Math.PI) / 180 + (2 * Math.PI * i) / p.sides;
    const rr = p.r * (p.jitter[i] ?? 1);
    ring.push([p.cx + rr * Math.cos(a), p.cy + rr * Math.sin(a)]);
  }
  return { rings: [ring], rule: 'nonzero' };
}
const polyBox = (p: Pick<Poly, 'sides' | 'cx' | 'cy' | 'r' | 'rot' | 'jitter'>): Box => {
  const b = regionBBox(polyRegion(p));
  return intBox([b[0] - 4, b[1] - 4, b[2] + 4, b[3] + 4]);
};

/** Engine #24 sides_order_click (group C, Click×k, verifier `click`/`sequence`). */
export const sidesOrderClick = orderedClickEngine({
  type: 'sides_order_click',
  group: 'ordered_icon_click',
  number: 24,
  knobs: defineKnobs({ sides: knob('side counts drawn from', [3, 4, 5, 6], [3, 4, 5, 6, 7], [4, 5, 6, 7, 8]), count: knob('polygons to order', 3, 4, 4), irregular: knob('vertex radius jitter (0 = regular)', 0, 0.08, 0.12) }),
  frame: { imageH: 190 },

  sample(rng, k, frame): SidesOrderLatent {
    const direction = rng.bool(0.7) ? 'asc' : 'desc';
    const sides = rng.sample(k.sides, k.count);
    const ib = frame.image_box;
    const polys: Poly[] = [];
    for (const n of sides) {
      const r = Math.round(rng.float(24, 32));
      const rot = rng.int(0, 359);
      // irregular but countable: redraw the jitter until every corner turns by 25° or more
      const countable = (jj: number[]): boolean => {
        const ring = polyRegion({ sides: n, cx: 0, cy: 0, r, rot, jitter: jj }).rings[0]!;
        return isConvex(ring) && minCornerTurn(ring) >= 25 && minEdge(ring) >= 9;
      };
      const jitter = placeWithRetries(30, () => Array.from({ length: n }, () => Math.round(rng.float(1 - k.irregular, 1 + k.irregular) * 100) / 100), countable) ?? Array.from({ length: n }, () => 1);
      const spot = placeWithRetries(
        200,
        () => {
          const cx = Math.round(rng.float(ib[0] + r + 6, ib[2] - r - 6));
          const cy = Math.round(rng.float(ib[1] + r + 6, ib[3] - r - 6));
          return { cx, cy, box: polyBox({ sides: n, cx, cy, r, rot, jitter }) };
        },
        (c) => boxInside(c.box, ib) && polys.every((p) => !boxesOverlap(p.box, c.box, 6)),
      );
      if (spot) polys.push({ sides: n, cx: spot.cx, cy: spot.cy, r, rot, jitter, color: hsl(rng.int(0, 359), rng.float(55, 80), rng.float(45, 60)), box: spot.box });
    }
    const order = polys.map((_, i) => i).sort((a, b) => (direction === 'asc' ? polys[a]!.sides - polys[b]!.sides : polys[b]!.sides - polys[a]!.sides));
    return { frame, direction, polys, order };
  },

  validate(l) {
    if (l.polys.length < 3) return 'fewer than three polygons';
    if (hasRepeats(l.polys.map((p) => p.sides))) return 'two polygons with the same number of sides';
    const sorted = checkSorted(l.order, l.polys.length, (i) => l.polys[i]!.sides, l.direction, 'polygon', 'order is not sorted by side count');
    if (sorted) return sorted;
    for (let i = 0; i < l.polys.length; i++) {
      const p = l.polys[i]!;
      if (p.sides < 3 || p.sides > 8 || p.jitter.length !== p.sides) return 'bad polygon';
      const ring = polyRegion(p).rings[0]!;
      if (!isConvex(ring)) return 'polygon not convex';
      if (minCornerTurn(ring) < 25) return 'a corner is too flat to count';
      if (minEdge(ring) < 9) return 'a side is too short to count';
      const b = polyBox(p);
      if (b.some((v, q) => v !== p.box[q])) return 'click box does not match the polygon';
      if (!boxInside(p.box, l.frame.image_box)) return 'polygon outside the picture';
      for (let j = 0; j < i; j++) if (boxesOverlap(p.box, l.polys[j]!.box, 2)) return 'overlapping polygons';
    }
    return null;
  },

  clicks: (l) => inOrder(l.polys, l.order),
  picture: (l, style, rng) => plainPicture(rng, l.frame.image_box, style) + l.polys.map((p) => regionSvg(polyRegion(p), p.color, 'stroke="rgba(0,0,0,0.5)" stroke-width="1.4" stroke-linejoin="round"')).join(''),
  prompt: (l, style) => ({ lead: l.direction === 'asc' ? say(style.locale, { en: 'Click from fewest to most sides', zh: '按边数从少到多依次点击' }) : say(style.locale, { en: 'Click from most to fewest sides', zh: '按边数从多到少依次点击' }) }),

  stepName: (p, _j, _l, locale) => say(locale, 'sides_order_click.step', { shape: say(locale, `sides_order_click.sides_${p.sides}`), n: p.sides }),
  reasoning: { key: (l) => `reasoning_${l.direction}`, params: () => ({}) },
  instruction: { key: (l) => (l.direction === 'asc' ? 'instruction_1' : 'instruction_2'), params: (l) => ({ polys_length: l.polys.length }) },
});
