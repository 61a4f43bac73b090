/**
 * Gap pictures of the slider puzzles (slider_multi_gap_decoy, drag_drop_piece_2d, shape_fit_slider): a
 * procedural picture or plain panel with gaps cut in it and the matching piece, whose content is the
 * picture under the true gap. Outlines are icons (icons.ts) or a jigsaw piece, placed by centre and
 * half-size `r`, rotation in degrees clockwise, baked into path data. Puzzle px.
 */
import { iconOutline, ICONS } from './icons.js';
import { matApply, matMul, matRotate, matScale, matTranslate } from '../../../renderers/glyphs.js';
import { boxInside, boxesOverlap, boxRect, hsl, Ids, n1, noiseDots, path, texturedBackground } from './draw.js';
import type { Box } from '../../../core/geometry.js';
import type { Rng } from '../../../core/rng.js';

/** Piece / gap outline kinds: `jigsaw` plus every icon kind. */
export const PIECE_KINDS = ['jigsaw', ...Object.keys(ICONS)] as const;

/** Look-alike groups of piece kinds (hard decoys come from the true kind's group). */
export const PIECE_FAMILIES: readonly (readonly string[])[] = [
  ['jigsaw', 'square', 'plus', 'house'],
  ['star', 'star6', 'crown'],
  ['hexagon', 'pentagon', 'circle'],
  ['heart', 'drop', 'leaf', 'moon'],
  ['triangle', 'arrow', 'flag', 'bolt'],
  ['diamond', 'cloud', 'ring'],
];

/** Kinds whose outline changes under any rotation between 15° and 345° (usable for rotated decoys). */
export const ROTATION_SENSITIVE = ['jigsaw', 'heart', 'drop', 'leaf', 'moon', 'arrow', 'flag', 'bolt', 'house', 'cloud', 'crown'];

/** A gap (or piece) outline: kind, centre, half-size, rotation. */
export interface GapShape {
  kind: string;
  cx: number;
  cy: number;
  r: number;
  rot: number;
}

const JIGSAW: Array<[number, number]> = (() => {
  const pts: Array<[number, number]> = [];
  const arc = (cx: number, cy: number, r: number, a0: number, a1: number, n = 10): void => {
    for (let i = 0; i <= n; i++) {
      const a = a0 + ((a1 - a0) * i) / n;
      pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
    }
  };
  const b = 1.5;
  const x0 = -0.85, y0 = -0.6, r = 0.26;
  pts.push([x0, y0]);
  arc(x0 + b / 2, y0, r, Math.PI, 2 * Math.PI);
  pts.push([x0 + b, y0]);
  arc(x0 + b, y0 + b / 2 - 0.05, r, -Math.PI / 2, Math.PI / 2);
  pts.push([x0 + b, y0 + b - 0.05], [x0, y0 + b - 0.05]);
  return pts;
})();

/** SVG path data and fill rule of a gap / piece outline. Throws RangeError on an unknown kind. */
export function pieceOutline(g: GapShape): { d: string; rule: string } {
  if (g.kind !== 'jigsaw') return iconOutline(g.kind, g.cx, g.cy, g.r, g.rot);
  const m = matMul(matTranslate(g.cx, g.cy), matMul(matRotate(g.rot), matScale(g.r)));
  const d = JIGSAW.map(([x, y], i) => {
    const [a, b] = matApply(m, x, y);
    return `${i ? 'L' : 'M'}${n1(a)} ${n1(b)}`;
  }).join('') + 'Z';
  return { d, rule: 'nonzero' };
}

/**
 * Box that surely contains the outline at any rotation: every piece outline lies within 1.3 r of its
 * centre (icons are drawn in [-1, 1]² and reach at most ~1.27 r), plus 1 px.
 */
export function gapFrame(g: GapShape): Box {
  const e = 1.3 * g.r + 1;
  return [Math.floor(g.cx - e), Math.floor(g.cy - e), Math.ceil(g.cx + e), Math.ceil(g.cy + e)];
}

/** What a gap picture shows. */
export interface GapPicture {
  image_box: Box;
  bg_hue: number;
  clutter: number;
  noise: number;
  /** Every gap; index 0 is the true one (the piece shows the picture under it). */
  gaps: GapShape[];
  gap_style: 'shadow' | 'highlight';
  /** `photo`: procedural picture; `plain`: a flat two-tone panel (silhouette holes). */
  mode: 'photo' | 'plain';
}

/** Options for {@link drawGapPicture}: gap indices to leave out (pixel checks render with and without). */
export interface GapDrawOpts {
  omit?: number[];
}

/**
 * The picture with its gaps, clipped to `image_box`. Returns `{defs, body}`. Random choices come from
 * `rng` forks only, so leaving gaps out changes nothing else in the drawing.
 */
export function drawGapPicture(p: GapPicture, rng: Rng, ids: Ids, radius: number, opts: GapDrawOpts = {}): { defs: string; body: string } {
  const ib = p.image_box;
  const clip = ids.next();
  let defs = `<clipPath id="${clip}"><rect x="${ib[0]}" y="${ib[1]}" width="${ib[2] - ib[0]}" height="${ib[3] - ib[1]}" rx="${Math.min(radius, 6)}"/></clipPath>`;
  let img = '';
  if (p.mode === 'photo') {
    const bg = texturedBackground(rng.fork('bg'), ib, ids, { hue: p.bg_hue, clutter: p.clutter, noise: 40 });
    defs += bg.defs;
    img += bg.body;
  } else {
    img += boxRect(ib, { fill: hsl(p.bg_hue, 35, 86) });
    const stripes = rng.fork('stripes');
    for (let x = ib[0] - 40; x < ib[2]; x += 18) img += path(`M${x} ${ib[3]}L${x + 40} ${ib[1]}`, { stroke: hsl(p.bg_hue, 30, 80 + stripes.float(-2, 2)), sw: 7 });
  }
  const paint = p.mode === 'plain'
    ? { fill: hsl(p.bg_hue, 25, 30), stroke: 'rgba(0,0,0,0.2)', sw: 1 }
    : p.gap_style === 'shadow'
      ? { fill: 'rgba(0,0,0,0.5)', stroke: 'rgba(255,255,255,0.55)', sw: 1 }
      : { fill: 'rgba(255,255,255,0.6)', stroke: '#ffffff', sw: 1.6 };
  p.gaps.forEach((g, i) => {
    if (opts.omit?.includes(i)) return;
    const o = pieceOutline(g);
    img += path(o.d, { ...paint, extra: `fill-rule="${o.rule}"` });
  });
  img += noiseDots(rng.fork('noise'), ib, p.noise, 0.55);
  return { defs, body: `<g clip-path="url(#${clip})">${img}</g>` };
}

/**
 * The piece: the picture under gap 0 moved to `(cx, cy)` and clipped to the outline, with a drop
 * shadow and a light rim (`photo`), or the outline filled with a solid colour (`plain`).
 */
export function drawPiece(p: GapPicture, rng: Rng, ids: Ids, cx: number, cy: number, fill?: string): { defs: string; body: string } {
  const g0 = p.gaps[0]!;
  const at: GapShape = { ...g0, cx, cy };
  const o = pieceOutline(at);
  const sh = pieceOutline({ ...at, cx: cx + 2, cy: cy + 2.5 });
  if (p.mode === 'plain') {
    return { defs: '', body: path(sh.d, { fill: 'rgba(0,0,0,0.3)', extra: `fill-rule="${sh.rule}"` }) + path(o.d, { fill: fill ?? hsl(p.bg_hue + 180, 70, 50), stroke: '#ffffff', sw: 1.5, extra: `fill-rule="${o.rule}"` }) };
  }
  const dx = cx - g0.cx;
  const dy = cy - g0.cy;
  const ib = p.image_box;
  const bg = texturedBackground(rng.fork('bg'), [ib[0] + dx, ib[1] + dy, ib[2] + dx, ib[3] + dy], ids, { hue: p.bg_hue, clutter: p.clutter, noise: 40 });
  const clip = ids.next();
  const defs = bg.defs + `<clipPath id="${clip}"><path d="${o.d}" clip-rule="${o.rule}"/></clipPath>`;
  const body =
    path(sh.d, { fill: 'rgba(0,0,0,0.45)', extra: `fill-rule="${sh.rule}"` }) +
    `<g clip-path="url(#${clip})">${bg.body}</g>` +
    path(o.d, { stroke: 'rgba(255,255,255,0.9)', sw: 1.6, extra: `fill-rule="${o.rule}"` });
  return { defs, body };
}

/** True when two gap shapes differ visibly: another kind, ≥ 15 % size difference, or ≥ 20° turn of a rotation-sensitive kind. */
export function gapsDistinct(a: GapShape, b: GapShape): boolean {
  if (a.kind !== b.kind) return true;
  if (Math.abs(a.r - b.r) / Math.max(a.r, b.r) >= 0.15) return true;
  const d = Math.abs((((a.rot - b.rot) % 360) + 540) % 360 - 180);
  return ROTATION_SENSITIVE.includes(a.kind) && d >= 20;
}

/**
 * Validity of a gap row moved 1:1 by a slider (slider_multi_gap_decoy, shape_fit_slider): all `wanted`
 * gaps placed, `gaps[0]` (the true one) in the piece's row, piece and gaps 2 px inside `area`, no gap
 * over the piece's start or another gap, every decoy visibly distinct ({@link gapsDistinct}), the true
 * gap at least 60 px right of the piece and reachable by the handle on its track. `words` name the
 * parts in the reason (`placed`: what "could not place every …" names, default `gap`). Null when valid, else the reason. Puzzle px.
 */
export function gapRowInvalid(
  o: { gaps: GapShape[]; wanted: number; piece: { cx: number; cy: number }; area: Box; handle: Box; track: Box },
  words: { gap: string; piece: string; area: string; placed?: string },
): string | null {
  const { gap, piece, area } = words;
  if (o.gaps.length !== o.wanted) return `could not place every ${words.placed ?? gap}`;
  const g0 = o.gaps[0]!;
  if (g0.cy !== o.piece.cy) return `true ${gap} not in the ${piece} row`;
  const inner: Box = [o.area[0] + 2, o.area[1] + 2, o.area[2] - 2, o.area[3] - 2];
  const pf = gapFrame({ ...g0, cx: o.piece.cx, cy: o.piece.cy });
  if (!boxInside(pf, inner)) return `${piece} outside the ${area}`;
  for (const [i, g] of o.gaps.entries()) {
    const f = gapFrame(g);
    if (!boxInside(f, inner)) return `${gap} outside the ${area}`;
    if (boxesOverlap(f, pf, 4)) return `${gap} overlaps the ${piece} start`;
    for (let j = 0; j < i; j++) if (boxesOverlap(f, gapFrame(o.gaps[j]!), 2)) return `${gap}s overlap`;
    if (i > 0 && !gapsDistinct(g, g0)) return `a decoy ${gap} has the ${piece} outline (ambiguous)`;
  }
  const dx = g0.cx - o.piece.cx;
  if (dx < 60) return `${gap} too close to the ${piece}`;
  if (o.handle[0] + dx + (o.handle[2] - o.handle[0]) > o.track[2]) return 'handle would leave the track';
  return null;
}
