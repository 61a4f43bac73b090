/**
 * #42 slider_jigsaw_gap (group F, slider puzzle, Drag): a procedural picture with a notch (gap); the
 * matching piece sits at the left edge in the gap's row and moves 1:1 with the slider handle.
 * Knobs: decoy gaps (same shape, other rows), shadow vs highlight gap style, gap rotation, noise.
 * Answer: `dx = (gap.x - piece_x0) / ratio`.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { matApply, matMul, matRotate, matTranslate } from '../../../../renderers/glyphs.js';
import { defineKnobs, knob } from '../../engine.js';
import { Ids, boxInside, boxesOverlap, footerIcons, label, n1, noiseDots, path, ptText, sliderTrack, texturedBackground, widgetCard } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { placeWithRetries } from '../../lib/placement.js';
import { sliderEngine } from './template.js';

/** Piece outline families. */
export const PIECE_SHAPES = ['jigsaw', 'circle', 'shield', 'hexagon'] as const;
type Shape = (typeof PIECE_SHAPES)[number];

interface Gap {
  /** Top-left of the piece frame (a size x size square), puzzle px. */
  x: number;
  y: number;
}
/** Latent state of slider_jigsaw_gap (puzzle px). */
export interface SliderJigsawLatent extends Record<string, unknown> {
  width: number;
  height: number;
  image_box: Box;
  track_box: Box;
  handle_box: Box;
  shape: Shape;
  /** Piece frame side, puzzle px. */
  size: number;
  /** Rotation of piece and gaps, degrees. */
  rot: number;
  gap: Gap;
  /** Left x of the piece frame at the start (the piece shares the gap's row). */
  piece_x0: number;
  decoys: Gap[];
  /** Decoy count the difficulty asked for (placement must reach it). */
  decoys_wanted: number;
  gap_style: 'shadow' | 'highlight';
  /** Piece px moved per handle px. */
  ratio: number;
  noise: number;
  clutter: number;
  bg_hue: number;
  /** Accepted error, puzzle px (becomes the verifier's relative tolerance). */
  tol_px: number;
}

const KNOBS = defineKnobs({ decoys: knob('decoy gaps of the same shape in other rows', 0, 1, 2), max_rot: knob('max rotation of piece and gaps, degrees', 0, 10, 25), size: knob('piece size range, puzzle px', [48, 54], [44, 50], [40, 46]), noise: knob('noise dots over the picture', 20, 60, 140), clutter: knob('background clutter shapes', 8, 16, 26), highlight_p: knob('probability of a highlight (light) gap instead of a shadow (dark) gap', 0.2, 0.4, 0.5), tol_px: knob('accepted displacement error, puzzle px', 6, 6, 5) });

const W = 320;
const H = 282;
const IMG: Box = [10, 46, 310, 216];

/** Unit outline (frame [0,1]²) of a piece shape as polygon points. */
function unitShape(shape: Shape): Array<[number, number]> {
  const pts: Array<[number, number]> = [];
  const arc = (cx: number, cy: number, r: number, a0: number, a1: number, n = 10): void => {
    for (let i = 0; i <= n; i++) {
      const a = a0 + ((a1 - a0) * i) / n;
      pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
    }
  };
  switch (shape) {
    case 'jigsaw': {
      const x0 = 0.02, y0 = 0.2, b = 0.76, r = 0.12;
      pts.push([x0, y0]);
      arc(x0 + b / 2, y0, r, Math.PI, 2 * Math.PI); // top tab (upwards)
      pts.push([x0 + b, y0]);
      arc(x0 + b, y0 + b / 2, r, -Math.PI / 2, Math.PI / 2); // right tab (outwards)
      pts.push([x0 + b, y0 + b], [x0, y0 + b]);
      break;
    }
    case 'circle':
      arc(0.5, 0.5, 0.46, 0, 2 * Math.PI, 32);
      break;
    case 'shield':
      pts.push([0.08, 0.08], [0.92, 0.08], [0.92, 0.5]);
      arc(0.5, 0.5, 0.42, 0, Math.PI / 2, 8);
      pts.push([0.5, 0.96]);
      arc(0.5, 0.5, 0.42, Math.PI / 2, Math.PI, 8);
      break;
    case 'hexagon':
      for (let i = 0; i < 6; i++) pts.push([0.5 + 0.47 * Math.cos((Math.PI / 3) * i), 0.5 + 0.47 * Math.sin((Math.PI / 3) * i)]);
      break;
  }
  return pts;
}

/** Path data of the piece outline with its frame at (x, y), rotated about the frame centre. */
function shapeD(l: SliderJigsawLatent, x: number, y: number): string {
  const s = l.size;
  const m = matMul(matTranslate(x + s / 2, y + s / 2), matMul(matRotate(l.rot), matTranslate(-s / 2, -s / 2)));
  return unitShape(l.shape).map((p, i) => {
    const [a, b] = matApply(m, p[0] * s, p[1] * s);
    return `${i ? 'L' : 'M'}${n1(a)} ${n1(b)}`;
  }).join('') + 'Z';
}

const frame = (l: SliderJigsawLatent, g: Gap): Box => [Math.floor(g.x), Math.floor(g.y), Math.ceil(g.x + l.size), Math.ceil(g.y + l.size)];
const expectedDx = (l: SliderJigsawLatent): number => (l.gap.x - l.piece_x0) / l.ratio;

/** Engine #42 slider_jigsaw_gap (group F, Drag, verifier `drag`; tolerance = tol_px / dx). */
export const sliderJigsawGap = sliderEngine<SliderJigsawLatent, typeof KNOBS>({
  type: 'slider_jigsaw_gap', group: 'slider_puzzle', number: 42, knobs: KNOBS,
  sample(rng, k) {
    const size = rng.int(k.size[0], k.size[1]);
    const piece_x0 = IMG[0] + 4;
    const gap: Gap = { x: rng.int(piece_x0 + size + 24, IMG[2] - size - 6), y: rng.int(IMG[1] + 6, IMG[3] - size - 6) };
    const decoys: Gap[] = [];
    const l0 = { size } as SliderJigsawLatent;
    // 100 proposals in all, shared by the decoys
    let tries = 0;
    while (decoys.length < k.decoys) {
      const d = placeWithRetries(
        100 - tries,
        (): Gap => (tries++, { x: rng.int(piece_x0 + size + 10, IMG[2] - size - 6), y: rng.int(IMG[1] + 4, IMG[3] - size - 4) }),
        (d) => Math.abs(d.y - gap.y) >= 0.75 * size && !boxesOverlap(frame(l0, d), frame(l0, gap), 6) && !decoys.some((o) => boxesOverlap(frame(l0, d), frame(l0, o), 6)),
      );
      if (!d) break;
      decoys.push(d);
    }
    return {
      width: W,
      height: H,
      image_box: IMG,
      track_box: [10, 230, 310, 270],
      handle_box: [10, 230, 60, 270],
      shape: rng.pick(PIECE_SHAPES),
      size,
      rot: k.max_rot ? rng.int(-k.max_rot, k.max_rot) : 0,
      gap,
      piece_x0,
      decoys,
      decoys_wanted: k.decoys,
      gap_style: rng.bool(k.highlight_p) ? 'highlight' : 'shadow',
      ratio: 1,
      noise: k.noise,
      clutter: k.clutter,
      bg_hue: rng.int(0, 359),
      tol_px: k.tol_px,
    };
  },

  validate(l) {
    if (!PIECE_SHAPES.includes(l.shape)) return 'unknown shape';
    if (l.size < 32) return 'piece too small';
    const inner: Box = [l.image_box[0] + 2, l.image_box[1] + 2, l.image_box[2] - 2, l.image_box[3] - 2];
    const g = frame(l, l.gap);
    const p = frame(l, { x: l.piece_x0, y: l.gap.y });
    if (!boxInside(g, inner) || !boxInside(p, inner)) return 'gap or piece outside the picture';
    if (boxesOverlap(g, p, 4)) return 'gap overlaps the piece start';
    const dx = expectedDx(l);
    if (dx < 60) return 'gap too close to the piece';
    if (l.decoys.length !== l.decoys_wanted) return 'could not place every decoy gap';
    for (const [i, d] of l.decoys.entries()) {
      const f = frame(l, d);
      if (!boxInside(f, inner)) return 'decoy outside the picture';
      if (Math.abs(d.y - l.gap.y) < 0.75 * l.size) return 'decoy in the piece row (ambiguous)';
      if (boxesOverlap(f, g, 2) || boxesOverlap(f, p, 2)) return 'decoy overlaps gap or piece';
      for (let j = 0; j < i; j++) if (boxesOverlap(f, frame(l, l.decoys[j]!), 2)) return 'overlapping decoys';
    }
    const hw = l.handle_box[2] - l.handle_box[0];
    if (l.handle_box[0] + dx + hw > l.track_box[2]) return 'handle would leave the track';
    if (l.tol_px < 2) return 'tolerance under 2 px';
    return null;
  },

  draw(l, style, rng) {
    const ids = new Ids();
    const bgMain = texturedBackground(rng.fork('bg'), l.image_box, ids, { hue: l.bg_hue, clutter: l.clutter, noise: 40 });
    const shift = l.piece_x0 - l.gap.x;
    const ib = l.image_box;
    const bgPiece = texturedBackground(rng.fork('bg'), [ib[0] + shift, ib[1], ib[2] + shift, ib[3]], ids, { hue: l.bg_hue, clutter: l.clutter, noise: 40 });
    const clipImg = ids.next();
    const clipPiece = ids.next();
    const pieceD = shapeD(l, l.piece_x0, l.gap.y);
    let defs = bgMain.defs + bgPiece.defs;
    defs += `<clipPath id="${clipImg}"><rect x="${ib[0]}" y="${ib[1]}" width="${ib[2] - ib[0]}" height="${ib[3] - ib[1]}" rx="${Math.min(style.radius, 6)}"/></clipPath>`;
    defs += `<clipPath id="${clipPiece}"><path d="${pieceD}"/></clipPath>`;
    let body = widgetCard(style, l.width, l.height);
    body += label(style, say(style.locale, { en: 'Drag the slider to fit the puzzle piece', zh: '拖动滑块完成拼图' }), 14, 30, 14, style.text, { weight: 700, maxWidth: l.width - 64 });
    body += footerIcons(style, l.width - 48, 24);
    let img = bgMain.body;
    const gapPaint = l.gap_style === 'shadow'
      ? { fill: 'rgba(0,0,0,0.5)', stroke: 'rgba(255,255,255,0.55)', sw: 1 }
      : { fill: 'rgba(255,255,255,0.6)', stroke: '#ffffff', sw: 1.6 };
    for (const g of [l.gap, ...l.decoys]) img += path(shapeD(l, g.x, g.y), gapPaint);
    img += noiseDots(rng, ib, l.noise, 0.55);
    // the piece: drop shadow, the picture content from the gap, a light rim
    img += path(shapeD(l, l.piece_x0 + 2, l.gap.y + 2), { fill: 'rgba(0,0,0,0.45)' });
    img += `<g clip-path="url(#${clipPiece})">${bgPiece.body}</g>`;
    img += path(pieceD, { stroke: 'rgba(255,255,255,0.9)', sw: 1.6 });
    body += `<g clip-path="url(#${clipImg})">${img}</g>`;
    body += sliderTrack(style, l.track_box, l.handle_box, say(style.locale, { en: 'Slide to complete the puzzle', zh: '向右拖动滑块填充拼图' }));
    return { body, defs };
  },

  dx: expectedDx,
  solve(l) {
    const start = boxCenter(l.handle_box);
    const dx = expectedDx(l);
    return {
      actions: [{ type: 'drag', start, end: [start[0] + Math.round(dx), start[1]] }],
      verifier: { kind: 'drag', handle_box: l.handle_box, track_box: l.track_box, expected_dx: dx, rel_tolerance: Math.round((l.tol_px / Math.abs(dx)) * 10000) / 10000, max_dy: 5 },
      ordered: true,
    };
  },
  reasoning(l, locale, m) {
    const d = l.decoys.length;
    const decoys = d ? say(locale, 'slider_jigsaw_gap.decoy_note', { n: d, s: d > 1 ? 's' : '' }) : '';
    return { gap: ptText(m, [l.gap.x + l.size / 2, l.gap.y + l.size / 2]), decoys };
  },
});
