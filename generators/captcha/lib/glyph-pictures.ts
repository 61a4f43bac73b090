/**
 * Glyph pictures shared by the text engines: a string laid out left to right with per-glyph
 * transforms (groups A), and single glyphs scattered as click targets (group B). Every glyph is a
 * path from the bundled fonts (renderers/glyphs.ts `glyphAt`); the layout's ink boxes are computed
 * from the same outlines that are drawn, so validators measure what the picture shows.
 *
 * Units: puzzle px.
 */
import type { Box } from '../../../core/geometry.js';
import type { Rng } from '../../../core/rng.js';
import { charAdvance, glyphAt, type FontWeight, type LatinFace, type Outline } from '../../../renderers/glyphs.js';
import { boxInside, boxesOverlap, intBox } from './draw.js';
import { scatter } from './placement.js';

/** One glyph of a string picture. */
export interface GlyphSpec {
  ch: string;
  /** Ink centre, puzzle px. */
  cx: number;
  cy: number;
  /** Font size, px. */
  size: number;
  /** Clockwise rotation, degrees. */
  rot: number;
  /** Horizontal skew, degrees. */
  skew: number;
  /** Horizontal scale; negative mirrors the glyph left-right. */
  sx: number;
  color: string;
  weight: FontWeight;
  face: LatinFace;
}

/** Sine warp applied after the per-glyph transform. */
export interface Warp {
  amp: number;
  period: number;
  phase: number;
}

/** Warp function of a {@link Warp}; identity for amp 0. */
export function warpFn(w: Warp | null): ((x: number, y: number) => [number, number]) | undefined {
  if (!w || !w.amp) return undefined;
  return (x, y) => [x + w.amp * 0.35 * Math.sin((2 * Math.PI * y) / (w.period * 0.6) + w.phase), y + w.amp * Math.sin((2 * Math.PI * x) / w.period + w.phase)];
}

/** The outline drawn for a glyph spec. */
export function specOutline(g: GlyphSpec, warp: Warp | null = null): Outline {
  return glyphAt(g.ch, g.size, g.cx, g.cy, { rot: g.rot, skew: g.skew, sx: g.sx, weight: g.weight, face: g.face, warp: warpFn(warp) });
}

/** Options of {@link layoutString}. */
export interface StringLayout {
  /** Font size range, px. */
  size: [number, number];
  /** Max |rotation|, degrees. */
  maxRot: number;
  /** Max |skew|, degrees. */
  maxSkew?: number;
  /** Advance multiplier: 1 = normal spacing, 0.75 = glyphs overlap by a quarter. */
  spacing: number;
  /** Max vertical jitter of each centre, px. */
  jitterY: number;
  /** Sine baseline amplitude (px) and period (px); glyphs follow its tangent. */
  curve?: { amp: number; period: number; phase: number };
  weight?: FontWeight;
  face?: LatinFace;
  /** Colour per glyph (index → colour). */
  color: (i: number) => string;
}

/**
 * Lay out `chars` centred in `box`, shrinking the size until the string fits the box width with
 * 10 px margins. Glyph centres sit on the (optionally curved) mid-line.
 */
export function layoutString(rng: Rng, chars: string[], box: Box, o: StringLayout): GlyphSpec[] {
  const face = o.face ?? 'roboto';
  const weight = o.weight ?? 700;
  let size = rng.float(o.size[0], o.size[1]);
  const adv = (s: number): number[] => chars.map((ch) => charAdvance(ch, s, { face, weight }) * o.spacing);
  const avail = box[2] - box[0] - 24;
  let widths = adv(size);
  let total = widths.reduce((a, b) => a + b, 0);
  if (total > avail) {
    size *= avail / total;
    widths = adv(size);
    total = widths.reduce((a, b) => a + b, 0);
  }
  const midY = (box[1] + box[3]) / 2;
  let x = (box[0] + box[2]) / 2 - total / 2;
  return chars.map((ch, i) => {
    const cx = x + widths[i]! / 2;
    x += widths[i]!;
    let cy = midY + rng.float(-o.jitterY, o.jitterY);
    let rot = rng.float(-o.maxRot, o.maxRot);
    if (o.curve) {
      const { amp, period, phase } = o.curve;
      cy += amp * Math.sin((2 * Math.PI * cx) / period + phase);
      const slope = ((amp * 2 * Math.PI) / period) * Math.cos((2 * Math.PI * cx) / period + phase);
      rot += (Math.atan(slope) * 180) / Math.PI;
    }
    const sk = o.maxSkew ?? 0;
    return {
      ch,
      cx: Math.round(cx * 10) / 10,
      cy: Math.round(cy * 10) / 10,
      size: Math.round(size * 10) / 10,
      rot: Math.round(rot),
      skew: Math.round(rng.float(-sk, sk)),
      sx: Math.round(rng.float(0.9, 1.1) * 100) / 100,
      color: o.color(i),
      weight,
      face,
    };
  });
}

/**
 * Checks on a string picture: glyphs spell `text`, sizes >= `minSize`, every ink box inside `box`
 * (2 px inset), centres in reading order at least `minGap` x size apart. Null or a reason.
 */
export function checkString(glyphs: readonly GlyphSpec[], text: string, box: Box, minSize: number, minGap: number, warp: Warp | null = null): string | null {
  if (glyphs.map((g) => g.ch).join('') !== text) return 'glyphs do not spell the answer';
  const inner: Box = [box[0] + 2, box[1] + 2, box[2] - 2, box[3] - 2];
  for (const g of glyphs) {
    if (g.size < minSize) return 'glyph too small';
    if (!boxInside(intBox(specOutline(g, warp).bbox), inner)) return 'glyph outside the picture';
  }
  for (let i = 1; i < glyphs.length; i++) {
    const a = glyphs[i - 1]!;
    const b = glyphs[i]!;
    if (b.cx - a.cx < minGap * Math.min(a.size, b.size)) return 'glyphs too close to read in order';
  }
  return null;
}

/** A glyph click target (group B): character, transform and its click box. */
export interface GlyphItem {
  ch: string;
  cx: number;
  cy: number;
  size: number;
  rot: number;
  color: string;
  weight: FontWeight;
  face: LatinFace;
  /** Click box, puzzle px. */
  box: Box;
}

/** Click box half-size as a fraction of the glyph size (a rotated glyph fits inside). */
export const ITEM_HALF = 0.62;
/** Click box of a glyph item centred at (cx, cy). */
export function itemBox(cx: number, cy: number, size: number): Box {
  const h = size * ITEM_HALF;
  return [Math.floor(cx - h), Math.floor(cy - h), Math.ceil(cx + h), Math.ceil(cy + h)];
}

/** Outline of a glyph item. */
export function itemOutline(it: GlyphItem): Outline {
  return glyphAt(it.ch, it.size, it.cx, it.cy, { rot: it.rot, weight: it.weight, face: it.face });
}

/**
 * Scatter glyph items over `area` without overlaps (6 px apart). Returns fewer items than `chars`
 * when the area is too crowded (the validator then rejects the latent).
 */
export function scatterGlyphs(
  rng: Rng,
  area: Box,
  chars: string[],
  size: [number, number],
  maxRot: number,
  color: (i: number) => string,
  opts: { weight?: FontWeight; face?: LatinFace | ((i: number) => LatinFace) } = {},
): GlyphItem[] {
  const sizes = chars.map(() => Math.round(rng.float(size[0], size[1])));
  const spots = scatter(rng, area, sizes, 6, itemBox) ?? [];
  return spots.map((s, i) => ({
    ch: chars[i]!,
    cx: s.cx,
    cy: s.cy,
    size: sizes[i]!,
    rot: rng.int(-maxRot, maxRot),
    color: color(i),
    weight: opts.weight ?? 700,
    face: typeof opts.face === 'function' ? opts.face(i) : opts.face ?? 'roboto',
    box: s.box,
  }));
}

/**
 * Checks on scattered glyph items: sizes >= `minSize`, boxes inside `area`, ink inside each box
 * (1 px slack), no two boxes closer than 2 px. Null or a reason.
 */
export function checkItems(items: readonly GlyphItem[], area: Box, minSize: number): string | null {
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    if (it.size < minSize) return 'glyph too small';
    if (!boxInside(it.box, area)) return 'target outside the picture';
    const ink = itemOutline(it).bbox;
    if (ink[0] < it.box[0] - 1 || ink[1] < it.box[1] - 1 || ink[2] > it.box[2] + 1 || ink[3] > it.box[3] + 1) return 'glyph ink outside its box';
    for (let j = 0; j < i; j++) if (boxesOverlap(it.box, items[j]!.box, 2)) return 'overlapping targets';
  }
  return null;
}

/** Readable uppercase letters (no I, O, Q: confusable with 1, 0). */
export const UPPER = [...'ABCDEFGHJKLMNPRSTUVWXYZ'];
/** Lowercase letters whose shape differs from their capital (case-confusion pairs). */
export const CASE_DISTINCT = [...'abdeghnqrt'];

/** Draw glyph items as on vendor click CAPTCHAs: dark halo, coloured fill, thin light edge. */
export function itemsSvg(items: readonly GlyphItem[], halo = 'rgba(0,0,0,0.55)'): string {
  let s = '';
  for (const it of items) {
    const d = itemOutline(it).d;
    s += `<path d="${d}" fill="none" stroke="${halo}" stroke-width="3" stroke-linejoin="round"/>`;
    s += `<path d="${d}" fill="${it.color}" stroke="#ffffff" stroke-width="0.8"/>`;
  }
  return s;
}

/** A short string (e.g. a number) as one click target: centre, size, rotation, colour, click box. */
export interface WordItem {
  text: string;
  cx: number;
  cy: number;
  size: number;
  rot: number;
  color: string;
  weight: FontWeight;
  face: LatinFace;
  box: Box;
}

/**
 * Outline of a short string whose glyphs sit along a baseline through (cx, cy) at `rot` degrees, each
 * glyph rotated by `rot` too (the whole word turned as one).
 */
export function wordOutline(text: string, size: number, cx: number, cy: number, rot: number, face: LatinFace, weight: FontWeight): Outline {
  const chars = [...text];
  const adv = chars.map((c) => charAdvance(c, size, { face, weight }));
  const total = adv.reduce((a, b) => a + b, 0);
  const a = (rot * Math.PI) / 180;
  let x = -total / 2;
  const ds: string[] = [];
  let b: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  chars.forEach((c, i) => {
    const off = x + adv[i]! / 2;
    x += adv[i]!;
    const o = glyphAt(c, size, cx + off * Math.cos(a), cy + off * Math.sin(a), { rot, face, weight });
    ds.push(o.d);
    b = [Math.min(b[0], o.bbox[0]), Math.min(b[1], o.bbox[1]), Math.max(b[2], o.bbox[2]), Math.max(b[3], o.bbox[3])];
  });
  return { d: ds.join(''), bbox: b };
}

/** Click box of a word item: its ink bounds grown by `pad` px, integer. */
export function wordBox(text: string, size: number, cx: number, cy: number, rot: number, face: LatinFace, weight: FontWeight, pad = 4): Box {
  const o = wordOutline(text, size, cx, cy, rot, face, weight);
  return intBox([o.bbox[0] - pad, o.bbox[1] - pad, o.bbox[2] + pad, o.bbox[3] + pad]);
}

/**
 * Scatter short strings over `area` without overlaps (boxes `margin` px apart), 200 tries each.
 * Returns fewer items when crowded (the validator then rejects).
 */
export function scatterWords(
  rng: Rng,
  area: Box,
  texts: string[],
  size: (i: number) => number,
  maxRot: number,
  color: (i: number) => string,
  opts: { weight?: FontWeight; face?: LatinFace; margin?: number; pad?: number } = {},
): WordItem[] {
  const out: WordItem[] = [];
  const weight = opts.weight ?? 700;
  const face = opts.face ?? 'roboto';
  for (let i = 0; i < texts.length; i++) {
    const sz = size(i);
    const rot = rng.int(-maxRot, maxRot);
    for (let t = 0; t < 200; t++) {
      const cx = Math.round(rng.float(area[0] + 10, area[2] - 10));
      const cy = Math.round(rng.float(area[1] + 10, area[3] - 10));
      const box = wordBox(texts[i]!, sz, cx, cy, rot, face, weight, opts.pad ?? 4);
      if (boxInside(box, area) && out.every((o) => !boxesOverlap(o.box, box, opts.margin ?? 6))) {
        out.push({ text: texts[i]!, cx, cy, size: sz, rot, color: color(i), weight, face, box });
        break;
      }
    }
  }
  return out;
}

/** Checks on word items: size, boxes inside `area` and disjoint, box = padded ink bounds. Null or a reason. */
export function checkWords(items: readonly WordItem[], area: Box, minSize: number, pad = 4): string | null {
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    if (it.size < minSize) return 'text too small';
    if (!boxInside(it.box, area)) return 'target outside the picture';
    const want = wordBox(it.text, it.size, it.cx, it.cy, it.rot, it.face, it.weight, pad);
    if (want.some((v, k) => Math.abs(v - it.box[k]!) > 1)) return 'click box does not match the drawn text';
    for (let j = 0; j < i; j++) if (boxesOverlap(it.box, items[j]!.box, 2)) return 'overlapping targets';
  }
  return null;
}

/** Draw word items with a dark halo and a light edge. */
export function wordsSvg(items: readonly WordItem[], halo = 'rgba(0,0,0,0.55)'): string {
  let s = '';
  for (const it of items) {
    const d = wordOutline(it.text, it.size, it.cx, it.cy, it.rot, it.face, it.weight).d;
    s += `<path d="${d}" fill="none" stroke="${halo}" stroke-width="3" stroke-linejoin="round"/>`;
    s += `<path d="${d}" fill="${it.color}" stroke="#ffffff" stroke-width="0.8"/>`;
  }
  return s;
}
