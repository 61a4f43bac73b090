/**
 * #43 slider_multi_gap_decoy (group F, slider puzzle, Drag): like slider_jigsaw_gap, but the piece's row
 * holds several look-alike gaps: only one has exactly the piece's outline (the others differ in kind,
 * size or turn). The piece moves 1:1 with the handle. Answer: `dx = true gap x - piece x`.
 * Knobs: decoy count and similarity, gap rotation, shadow vs highlight gaps, noise, clutter.
 */
import type { Box } from '../../../../core/geometry.js';
import type { Rng } from '../../../../core/rng.js';
import { defineKnobs, knob, type DrawnPuzzle, type PuzzleStyle } from '../../engine.js';
import { Ids, ptText, sliderTrack, svgDoc } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { chrome } from '../../lib/controls.js';
import { type GapDrawOpts, type GapShape, PIECE_FAMILIES, PIECE_KINDS, ROTATION_SENSITIVE, drawGapPicture, drawPiece, gapRowInvalid } from '../../lib/sliders.js';
import { sliderEngine } from './template.js';

/** Latent state of slider_multi_gap_decoy (puzzle px). */
export interface MultiGapLatent extends Record<string, unknown> {
  width: number;
  height: number;
  image_box: Box;
  track_box: Box;
  handle_box: Box;
  /** gaps[0] is the true gap; the rest are decoys in the same row. */
  gaps: GapShape[];
  decoys_wanted: number;
  /** Piece centre at the start (same row as the gaps). */
  piece: { cx: number; cy: number };
  gap_style: 'shadow' | 'highlight';
  similar: boolean;
  noise: number;
  clutter: number;
  bg_hue: number;
  tol_px: number;
}

const KNOBS = defineKnobs({ decoys: knob('look-alike decoy gaps in the piece row', 1, 2, 3), similar: knob('decoys from the true outline family / same outline turned or resized', false, true, true), max_rot: knob('max rotation of piece and gaps, degrees', 0, 15, 30), size: knob('piece half-size range, puzzle px', [21, 24], [19, 21], [16, 18]), noise: knob('noise dots over the picture', 20, 60, 120), clutter: knob('background clutter shapes', 8, 16, 24), highlight_p: knob('probability of highlight (light) gaps instead of shadow gaps', 0.2, 0.4, 0.5), tol_px: knob('accepted displacement error, puzzle px', 6, 6, 5) });

const W = 340;
const H = 282;
const IMG: Box = [10, 46, 330, 216];

function decoyShape(rng: Rng, g: GapShape, similar: boolean): GapShape {
  if (!similar) {
    const fam = PIECE_FAMILIES.find((f) => f.includes(g.kind)) ?? [];
    return { ...g, kind: rng.pick(PIECE_KINDS.filter((k) => !fam.includes(k))) };
  }
  const roll = rng.int(0, 2);
  if (roll === 0) {
    const fam = (PIECE_FAMILIES.find((f) => f.includes(g.kind)) ?? []).filter((k) => k !== g.kind);
    if (fam.length) return { ...g, kind: rng.pick(fam) };
  }
  if (roll === 1 && ROTATION_SENSITIVE.includes(g.kind)) return { ...g, rot: g.rot + rng.pick([-1, 1]) * rng.int(25, 60) };
  return { ...g, r: Math.round(g.r * 0.78) };
}

/** Draw the puzzle; `opts.omit` leaves gaps out (pixel checks). */
export function drawMultiGap(l: MultiGapLatent, style: PuzzleStyle, rng: Rng, opts: GapDrawOpts = {}): DrawnPuzzle {
  const ids = new Ids();
  const pic = { image_box: l.image_box, bg_hue: l.bg_hue, clutter: l.clutter, noise: l.noise, gaps: l.gaps, gap_style: l.gap_style, mode: 'photo' as const };
  const img = drawGapPicture(pic, rng, ids, style.radius, opts);
  const piece = drawPiece(pic, rng, ids, l.piece.cx, l.piece.cy);
  let body = chrome(style, l.width, l.height, say(style.locale, { en: 'Drag the slider to fit the piece into its gap', zh: '拖动滑块，把拼图块放进形状相同的缺口' }));
  body += img.body + piece.body;
  body += sliderTrack(style, l.track_box, l.handle_box, say(style.locale, { en: 'Slide to complete the puzzle', zh: '向右拖动滑块填充拼图' }));
  return { svg: svgDoc(l.width, l.height, body, img.defs + piece.defs), width: l.width, height: l.height };
}

/** Engine #43 slider_multi_gap_decoy (group F, Drag, verifier `drag`; tolerance tol_px / dx). */
export const sliderMultiGapDecoy = sliderEngine<MultiGapLatent, typeof KNOBS>({
  type: 'slider_multi_gap_decoy', group: 'slider_puzzle', number: 43, knobs: KNOBS,
  sample(rng, k) {
    const r = rng.int(k.size[0], k.size[1]);
    const kinds = PIECE_KINDS.filter((x) => x !== 'ring' && x !== 'plus');
    const e = Math.ceil(1.3 * r + 1);
    const cy = rng.int(IMG[1] + e + 4, IMG[3] - e - 4);
    const pieceCx = IMG[0] + e + 4;
    const g0: GapShape = { kind: rng.pick(kinds), cx: 0, cy, r, rot: k.max_rot ? rng.int(-k.max_rot, k.max_rot) : 0 };
    // slots along the row right of the piece (frames 4 px apart); the true gap takes one, decoys others
    const slots: number[] = [];
    for (let x = pieceCx + 2 * e + 30; x <= IMG[2] - e - 4; x += 2 * e + 4) slots.push(x);
    const picks = rng.sample(slots, Math.min(slots.length, k.decoys + 1));
    const gaps: GapShape[] = picks.map((x, i) => (i === 0 ? { ...g0, cx: x } : { ...decoyShape(rng, g0, k.similar), cx: x, cy: cy + rng.int(-3, 3) }));
    const [track_box, handle_box]: [Box, Box] = [[10, 230, 330, 270], [10, 230, 60, 270]];
    const gap_style = rng.bool(k.highlight_p) ? 'highlight' : 'shadow';
    return { width: W, height: H, image_box: IMG, track_box, handle_box, gaps, decoys_wanted: k.decoys, piece: { cx: pieceCx, cy }, gap_style, similar: k.similar, noise: k.noise, clutter: k.clutter, bg_hue: rng.int(0, 359), tol_px: k.tol_px };
  },

  validate: (l) => gapRowInvalid({ gaps: l.gaps, wanted: l.decoys_wanted + 1, piece: l.piece, area: l.image_box, handle: l.handle_box, track: l.track_box }, { gap: 'gap', piece: 'piece', area: 'picture', placed: 'decoy gap' }),
  draw: (l, style, rng) => drawMultiGap(l, style, rng),
  dx: (l) => l.gaps[0]!.cx - l.piece.cx,
  tolPx: (l) => l.tol_px,
  reasoning: (l, _locale, m) => ({ n: l.gaps.length, at: ptText(m, [l.gaps[0]!.cx, l.gaps[0]!.cy]) }),
});
