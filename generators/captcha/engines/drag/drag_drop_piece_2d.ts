/**
 * #44 drag_drop_piece_2d (group F, slider puzzle, Drag): a picture with a slot (gap) anywhere in it and
 * the matching piece in a tray below; drag the piece freely in 2D into the slot. Decoy slots have
 * look-alike outlines. Verifier `drags` with one item: start inside the piece, end inside the slot's
 * centre box (slot centre ± tol_px), since the piece is held at its centre.
 */
import type { Box } from '../../../../core/geometry.js';
import { defineKnobs, knob, type DrawnPuzzle, type PuzzleStyle } from '../../engine.js';
import type { Rng } from '../../../../core/rng.js';
import { Ids, boxInside, boxRect, boxesOverlap, label, ptText, regionWord, svgDoc } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { boxAround } from '../../lib/geometry.js';
import { chrome } from '../../lib/controls.js';
import { type GapDrawOpts, type GapShape, PIECE_FAMILIES, PIECE_KINDS, ROTATION_SENSITIVE, drawGapPicture, drawPiece, gapFrame, gapsDistinct } from '../../lib/sliders.js';
import { dragEngine } from './template.js';

/** Latent state of drag_drop_piece_2d (puzzle px). */
export interface DragDropLatent extends Record<string, unknown> {
  width: number;
  height: number;
  image_box: Box;
  tray_box: Box;
  /** gaps[0] is the true slot. */
  gaps: GapShape[];
  decoys_wanted: number;
  piece: { cx: number; cy: number };
  gap_style: 'shadow' | 'highlight';
  noise: number;
  clutter: number;
  bg_hue: number;
  /** Accepted distance of the drop point from the slot centre, per axis, puzzle px. */
  tol_px: number;
}

const KNOBS = defineKnobs({ decoys: knob('look-alike decoy slots', 0, 1, 2), size: knob('piece half-size range, puzzle px', [24, 26], [21, 24], [19, 22]), tol_px: knob('accepted drop error per axis, puzzle px', 10, 8, 7), noise: knob('noise dots over the picture', 20, 60, 110), clutter: knob('background clutter shapes', 8, 16, 24) });

const W = 320;
const H = 300;
const IMG: Box = [10, 46, 310, 206];
const TRAY: Box = [10, 216, 310, 290];

function lookAlike(rng: Rng, g: GapShape): GapShape {
  const fam = (PIECE_FAMILIES.find((f) => f.includes(g.kind)) ?? []).filter((k) => k !== g.kind);
  if (fam.length && rng.bool(0.6)) return { ...g, kind: rng.pick(fam) };
  if (ROTATION_SENSITIVE.includes(g.kind)) return { ...g, rot: g.rot + rng.pick([-1, 1]) * rng.int(30, 90) };
  return { ...g, r: Math.round(g.r * 1.25) };
}

/** Draw the puzzle; `opts.omit` leaves slots out (pixel checks). */
export function drawDragDrop(l: DragDropLatent, style: PuzzleStyle, rng: Rng, opts: GapDrawOpts = {}): DrawnPuzzle {
  const ids = new Ids();
  const pic = { image_box: l.image_box, bg_hue: l.bg_hue, clutter: l.clutter, noise: l.noise, gaps: l.gaps, gap_style: l.gap_style, mode: 'photo' as const };
  const img = drawGapPicture(pic, rng, ids, style.radius, opts);
  const piece = drawPiece(pic, rng, ids, l.piece.cx, l.piece.cy);
  let body = chrome(style, l.width, l.height, say(style.locale, { en: 'Drag the piece into its slot', zh: '把拼图块拖到图中对应的位置' }));
  body += img.body;
  body += boxRect(l.tray_box, { fill: style.panel, stroke: style.border, sw: 1, rx: style.radius, extra: 'stroke-dasharray="5 3"' });
  const textX = l.piece.cx < (l.tray_box[0] + l.tray_box[2]) / 2 ? (l.piece.cx + 30 + l.tray_box[2]) / 2 : (l.tray_box[0] + l.piece.cx - 30) / 2;
  body += label(style, say(style.locale, { en: 'Hold the piece and drop it in the picture', zh: '按住拼图块拖入上图' }), textX, (l.tray_box[1] + l.tray_box[3]) / 2 + 4, 12, style.subtext, { anchor: 'middle', maxWidth: (l.tray_box[2] - l.tray_box[0]) / 2 - 40 });
  body += piece.body;
  return { svg: svgDoc(l.width, l.height, body, img.defs + piece.defs), width: l.width, height: l.height };
}

/** Engine #44 drag_drop_piece_2d (group F, Drag, verifier `drags`). */
export const dragDropPiece2d = dragEngine<DragDropLatent, typeof KNOBS>({
  type: 'drag_drop_piece_2d', group: 'slider_puzzle', number: 44, knobs: KNOBS,
  sample(rng, k) {
    const r = rng.int(k.size[0], k.size[1]);
    const kinds = PIECE_KINDS.filter((x) => x !== 'ring' && x !== 'plus');
    const g0: GapShape = { kind: rng.pick(kinds), cx: 0, cy: 0, r, rot: rng.int(-20, 20) };
    const gaps: GapShape[] = [];
    for (let t = 0; t < 200 && gaps.length < k.decoys + 1; t++) {
      const base = gaps.length === 0 ? g0 : lookAlike(rng, g0);
      const e = Math.ceil(1.3 * base.r + 4);
      const g = { ...base, cx: rng.int(IMG[0] + e, IMG[2] - e), cy: rng.int(IMG[1] + e, IMG[3] - e) };
      if (gaps.some((o) => boxesOverlap(gapFrame(o), gapFrame(g), 10))) continue;
      gaps.push(g);
    }
    const side = rng.bool();
    return {
      width: W,
      height: H,
      image_box: IMG,
      tray_box: TRAY,
      gaps,
      decoys_wanted: k.decoys,
      piece: { cx: side ? TRAY[0] + 40 + rng.int(0, 30) : TRAY[2] - 40 - rng.int(0, 30), cy: (TRAY[1] + TRAY[3]) / 2 },
      gap_style: rng.bool(0.4) ? 'highlight' : 'shadow',
      noise: k.noise,
      clutter: k.clutter,
      bg_hue: rng.int(0, 359),
      tol_px: k.tol_px,
    };
  },

  validate(l) {
    if (l.gaps.length !== l.decoys_wanted + 1) return 'could not place every slot';
    const inner: Box = [l.image_box[0] + 2, l.image_box[1] + 2, l.image_box[2] - 2, l.image_box[3] - 2];
    for (const [i, g] of l.gaps.entries()) {
      if (!boxInside(gapFrame(g), inner)) return 'slot outside the picture';
      for (let j = 0; j < i; j++) if (boxesOverlap(gapFrame(g), gapFrame(l.gaps[j]!), 4)) return 'slots overlap';
      if (i > 0 && !gapsDistinct(g, l.gaps[0]!)) return 'a decoy slot has the piece outline (ambiguous)';
    }
    if (!boxInside(gapFrame({ ...l.gaps[0]!, ...l.piece }), l.tray_box)) return 'piece outside the tray';
    if (l.tol_px < 4 || l.tol_px > l.gaps[0]!.r) return 'tolerance out of range';
    return null;
  },

  draw: drawDragDrop,

  items(l) {
    const g0 = l.gaps[0]!;
    return [{ handle_box: boxAround(l.piece.cx, l.piece.cy, g0.r * 0.7), target_box: boxAround(g0.cx, g0.cy, l.tol_px) }];
  },

  reasoning(l, locale, m) {
    const g0 = l.gaps[0]!;
    const d = l.gaps.length - 1;
    return {
      from: ptText(m, [l.piece.cx, l.piece.cy]),
      slots: d ? say(locale, 'drag_drop_piece_2d.slots', { n: d + 1 }) : '',
      where: regionWord(g0.cx, g0.cy, l.image_box, locale),
      to: ptText(m, [g0.cx, g0.cy]),
      others: d ? say(locale, 'drag_drop_piece_2d.others') : '',
    };
  },
});
