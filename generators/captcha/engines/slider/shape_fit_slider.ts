/**
 * #48 shape_fit_slider (group F, slider puzzle, Drag): a band with several dark silhouette holes in a row
 * and a coloured shape at its left end; the shape moves 1:1 with the slider. Only one hole has exactly
 * the shape's outline (the others are similar silhouettes). Answer: `dx = hole x - shape x`.
 */
import type { Box } from '../../../../core/geometry.js';
import type { Rng } from '../../../../core/rng.js';
import { defineKnobs, knob, type DrawnPuzzle, type PuzzleStyle } from '../../engine.js';
import { Ids, hsl, ptText, sliderTrack, svgDoc } from '../../lib/draw.js';
import { iconNoun } from '../../lib/icons.js';
import { say } from '../../lib/i18n.js';
import { chrome } from '../../lib/controls.js';
import { type GapDrawOpts, type GapShape, PIECE_FAMILIES, ROTATION_SENSITIVE, drawGapPicture, drawPiece, gapRowInvalid } from '../../lib/sliders.js';
import { sliderEngine } from './template.js';

/** Latent state of shape_fit_slider (puzzle px). */
export interface ShapeFitLatent extends Record<string, unknown> {
  width: number;
  height: number;
  band_box: Box;
  track_box: Box;
  handle_box: Box;
  /** holes[0] has the shape's outline; the rest are similar silhouettes. */
  holes: GapShape[];
  holes_wanted: number;
  shape: { cx: number; cy: number };
  hue: number;
  tol_px: number;
}

const KNOBS = defineKnobs({ holes: knob('silhouette holes in the row (1 true + decoys)', 2, 3, 4), similar: knob('decoy silhouettes from the shape family / turned / resized', false, true, true), size: knob('shape half-size range, puzzle px', [21, 24], [19, 21], [16, 18]), tol_px: knob('accepted displacement error, puzzle px', 7, 6, 5) });

const W = 320;
const H = 246;
const BAND: Box = [10, 46, 310, 176];
/** Icon kinds used as shapes (all have a family of look-alikes). */
const SHAPES = ['star', 'star6', 'crown', 'hexagon', 'pentagon', 'heart', 'drop', 'leaf', 'moon', 'triangle', 'arrow', 'flag', 'bolt', 'diamond', 'cloud', 'square', 'house'];

function similarShape(rng: Rng, g: GapShape, similar: boolean): GapShape {
  const fam = PIECE_FAMILIES.find((f) => f.includes(g.kind)) ?? [];
  if (!similar) return { ...g, kind: rng.pick(SHAPES.filter((k) => !fam.includes(k))) };
  const sib = fam.filter((k) => k !== g.kind && SHAPES.includes(k));
  const roll = rng.int(0, 2);
  if (roll === 0 && sib.length) return { ...g, kind: rng.pick(sib) };
  if (roll === 1 && ROTATION_SENSITIVE.includes(g.kind)) return { ...g, rot: g.rot + rng.pick([-1, 1]) * rng.int(30, 70) };
  return { ...g, r: Math.round(g.r * 0.78) };
}

/** Draw the puzzle; `opts.omit` leaves holes out (pixel checks). */
export function drawShapeFit(l: ShapeFitLatent, style: PuzzleStyle, rng: Rng, opts: GapDrawOpts = {}): DrawnPuzzle {
  const ids = new Ids();
  const pic = { image_box: l.band_box, bg_hue: l.hue, clutter: 0, noise: 0, gaps: l.holes, gap_style: 'shadow' as const, mode: 'plain' as const };
  const img = drawGapPicture(pic, rng, ids, style.radius, opts);
  const piece = drawPiece(pic, rng, ids, l.shape.cx, l.shape.cy, hsl(l.hue + 180, 70, 50));
  let body = chrome(style, l.width, l.height, say(style.locale, { en: 'Slide the shape into its matching silhouette', zh: '拖动滑块，把图形移入与它相同的剪影' }));
  body += img.body + piece.body;
  body += sliderTrack(style, l.track_box, l.handle_box, say(style.locale, { en: 'Slide to fit', zh: '向右拖动' }));
  return { svg: svgDoc(l.width, l.height, body, img.defs + piece.defs), width: l.width, height: l.height };
}

/** Engine #48 shape_fit_slider (group F, Drag, verifier `drag`; tolerance tol_px / dx). */
export const shapeFitSlider = sliderEngine<ShapeFitLatent, typeof KNOBS>({
  type: 'shape_fit_slider', group: 'slider_puzzle', number: 48, knobs: KNOBS,
  sample(rng, k) {
    const r = rng.int(k.size[0], k.size[1]);
    const e = Math.ceil(1.3 * r + 1);
    const cy = rng.int(BAND[1] + e + 4, BAND[3] - e - 4);
    const sx = BAND[0] + e + 4;
    const g0: GapShape = { kind: rng.pick(SHAPES), cx: 0, cy, r, rot: rng.int(-15, 15) };
    const slots: number[] = [];
    for (let x = sx + 2 * e + 20; x <= BAND[2] - e - 4; x += 2 * e + 2) slots.push(x);
    const picks = rng.sample(slots, Math.min(slots.length, k.holes));
    const holes = picks.map((x, i) => (i === 0 ? { ...g0, cx: x } : { ...similarShape(rng, g0, k.similar), cx: x }));
    const [track_box, handle_box]: [Box, Box] = [[10, 192, 310, 232], [10, 192, 60, 232]];
    return { width: W, height: H, band_box: BAND, track_box, handle_box, holes, holes_wanted: k.holes, shape: { cx: sx, cy }, hue: rng.int(0, 359), tol_px: k.tol_px };
  },

  validate: (l) => gapRowInvalid({ gaps: l.holes, wanted: l.holes_wanted, piece: l.shape, area: l.band_box, handle: l.handle_box, track: l.track_box }, { gap: 'hole', piece: 'shape', area: 'band' }),
  draw: (l, style, rng) => drawShapeFit(l, style, rng),
  dx: (l) => l.holes[0]!.cx - l.shape.cx,
  tolPx: (l) => l.tol_px,
  reasoning(l, locale, m) {
    const h0 = l.holes[0]!;
    return { name: iconNoun(h0.kind, locale), n: l.holes.length, at: ptText(m, [h0.cx, h0.cy]) };
  },
});
