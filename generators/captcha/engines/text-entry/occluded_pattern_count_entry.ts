/**
 * #99 occluded_pattern_count_entry (group A, Click+Type): a grid of coloured shapes repeating a small
 * pattern, part of it under a see-through grey cover; type how many shapes of the kind shown above the
 * grid (a colour and a shape) lie under the grey; hard puzzles ask for two kinds, typed "a,b"
 * (NextGen-CAPTCHAs Occluded_Pattern_Counting). Under the cover the pattern is broken (some shapes change
 * colour or shape) and some cells carry a solid grey half over their shape, so continuing the visible
 * pattern gives a wrong count: the shapes must be read through the grey.
 *
 * Differs from count_objects_entry (free scene, count everything visible) and occluded_count_order_click
 * (full dot grids, infer hidden dots from rows × columns): here nothing is inferred, the hidden cells are
 * read. Valid: every shape under the cover is readable there (its colour after the grey is composited is
 * ΔE ≥ `MIN_DE` from every other colour of the puzzle's palette and from the grey — orange and yellow are
 * not both used under a 45 % grey —; a solid half leaves a part no other
 * shape's part under the same half resembles more than the whole shapes do: IoU rise ≤ `MAX_GAIN`, measured on the drawn regions); the
 * visible cells follow the pattern exactly; the cover stays off the grid edge; asked counts are 1–12 and,
 * with `trap`, continuing the visible pattern gives a wrong answer (one asked count at least differs).
 */
import type { Box } from '../../../../core/geometry.js';
import type { Rng } from '../../../../core/rng.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxRect, boxesOverlap, boxInside, hsl, line, path } from '../../lib/draw.js';
import { type EntryFrame, entryFrame } from '../../lib/frames.js';
import { iconSvg } from '../../lib/icons.js';
import { polyD } from '../../lib/geometry.js';
import { type Pt, type Region, iconRegion, polygon, regionBBox, regionContains } from '../../lib/regions.js';
import { namedColor } from '../../lib/palette.js';
import { numberAnswers } from '../../lib/words.js';
import { type CaptchaLocale, say } from '../../lib/i18n.js';
import { placeWithRetries } from '../../lib/placement.js';
import { textEntryEngine } from './template.js';

/** Shapes and named colours of the grid (NextGen's six shapes; six colours far apart under the grey). */
export const SHAPES = ['square', 'circle', 'triangle', 'star', 'diamond', 'hexagon'] as const;
export const COLORS = ['red', 'blue', 'green', 'yellow', 'purple', 'orange'] as const;
/** A solid grey half over a cell: a side half or a corner triangle. */
export const HALVES = ['top', 'bottom', 'left', 'right', 'top_left', 'top_right'] as const;
type Shape = (typeof SHAPES)[number];
type Color = (typeof COLORS)[number];
type Half = (typeof HALVES)[number];
interface Kind { shape: Shape; color: Color }
interface Cell extends Kind { half: Half | null }
/** Latent state of occluded_pattern_count_entry (puzzle px). `hide`: [row0, col0, row1, col1) under the cover. */
export interface OccludedPatternLatent extends Record<string, unknown> {
  frame: EntryFrame; rows: number; cols: number; pitch: number; origin: Pt; period: [number, number]; base: Kind[][]; grid: Cell[][];
  hide: [number, number, number, number]; opacity: number; palette: Color[]; questions: number; asked: Kind[]; counts: number[]; legend_box: Box; trap: boolean;
}

const KNOBS = defineKnobs({ grid: knob('rows and columns', [5, 7], [6, 8], [6, 9]), period: knob('pattern repeat, rows and columns, range', [2, 2], [2, 3], [2, 3]), asked: knob('kinds to count (two: typed "a,b")', 1, 1, 2), breaks: knob('share of covered cells whose shape or colour breaks the pattern', 0.3, 0.5, 0.6), halves: knob('share of covered cells with a solid grey half', 0, 0.3, 0.5), opacity: knob('opacity of the grey cover', 0.35, 0.45, 0.45), trap: knob('continuing the visible pattern gives a wrong answer (an asked count differs from its prediction)', false, true, true) });
/** Cover grey (NextGen's 120,120,120); smallest colour difference after compositing (CIE76 ΔE); largest rise in likeness to another shape a solid half may cause (IoU points). */
export const GREY = '#787878';
export const MIN_DE = 27;
export const MAX_GAIN = 0.1;
const SIZE = 0.36; // shape half-size / pitch
const LEGEND = 30; // legend strip height, puzzle px

const hex = (c: Color): string => namedColor(c).scene!;
const rgb = (h: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
/** CIE L*a*b* (D65) of an sRGB colour given as 0–255 channels. */
function lab([r, g, b]: [number, number, number]): [number, number, number] {
  const lin = (v: number): number => ((v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  const [R, G, B] = [lin(r), lin(g), lin(b)];
  const f = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const [x, y, z] = [f((0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047), f(0.2126 * R + 0.7152 * G + 0.0722 * B), f((0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883)];
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}
/** A colour seen through the grey cover of opacity `a`, as 0–255 channels. */
export const underGrey = (h: string, a: number): [number, number, number] => rgb(h).map((v, i) => v * (1 - a) + rgb(GREY)[i]! * a) as [number, number, number];
/** CIE76 colour difference of two 0–255 colours. */
export const deltaE = (p: [number, number, number], q: [number, number, number]): number => Math.hypot(...lab(p).map((v, i) => v - lab(q)[i]!));

const cellBox = (l: Pick<OccludedPatternLatent, 'origin' | 'pitch'>, r: number, c: number): Box => [l.origin[0] + c * l.pitch, l.origin[1] + r * l.pitch, l.origin[0] + (c + 1) * l.pitch, l.origin[1] + (r + 1) * l.pitch];
/** The solid half of a cell box as a polygon. */
function halfPts(b: Box, h: Half): Pt[] {
  const [x0, y0, x1, y1] = b;
  const [xm, ym] = [(x0 + x1) / 2, (y0 + y1) / 2];
  const P: Record<Half, Pt[]> = { top: [[x0, y0], [x1, y0], [x1, ym], [x0, ym]], bottom: [[x0, ym], [x1, ym], [x1, y1], [x0, y1]], left: [[x0, y0], [xm, y0], [xm, y1], [x0, y1]], right: [[xm, y0], [x1, y0], [x1, y1], [xm, y1]], top_left: [[x0, y0], [x1, y0], [x0, y1]], top_right: [[x0, y0], [x1, y0], [x1, y1]] };
  return P[h];
}
const shapeRegion = (s: Shape, b: Box): Region => iconRegion(s, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, (b[2] - b[0]) * SIZE, 0);

const LIKENESS = new Map<string, { gain: number; kept: number }>();
const MASKS: { shapes?: Map<Shape, Uint8Array>; covers?: Map<Half, Uint8Array> } = {};
/**
 * What a solid half `h` over shape `s` does to its identity, measured on a 50 px cell at 0.5 px steps:
 * `gain`, the most the half raises the IoU between `s` and another shape (uncovered parts under the same
 * half, against the whole shapes) — a half that makes a diamond's top look like a triangle raises it a
 * lot, one over a circle or a hexagon does not —, and `kept`, the share of `s` left uncovered.
 */
export function halfLikeness(s: Shape, h: Half): { gain: number; kept: number } {
  const key = `${s}:${h}`;
  const hit = LIKENESS.get(key);
  if (hit) return hit;
  const [b, n] = [[0, 0, 50, 50] as Box, 100]; // 100 × 100 samples at 0.5 px
  const raster = (reg: Region): Uint8Array => {
    const m = new Uint8Array(n * n);
    for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) m[y * n + x] = regionContains(reg, x / 2 + 0.25, y / 2 + 0.25) ? 1 : 0;
    return m;
  };
  const shapes = MASKS.shapes ?? (MASKS.shapes = new Map(SHAPES.map((t) => [t, raster(shapeRegion(t, b))])));
  const covers = MASKS.covers ?? (MASKS.covers = new Map(HALVES.map((c) => [c, raster(polygon(halfPts(b, c)))])));
  const cover = covers.get(h)!;
  const iou = (p: Uint8Array, q: Uint8Array, covered: boolean): number => {
    let [inter, uni] = [0, 0];
    for (let i = 0; i < p.length; i++) {
      if (covered && cover[i]) continue;
      inter += p[i]! & q[i]!;
      uni += p[i]! | q[i]!;
    }
    return uni ? inter / uni : 0;
  };
  const mine = shapes.get(s)!;
  let gain = 0;
  for (const t of SHAPES) if (t !== s) gain = Math.max(gain, iou(mine, shapes.get(t)!, true) - iou(mine, shapes.get(t)!, false));
  let [kept, all] = [0, 0];
  for (let i = 0; i < mine.length; i++) [all, kept] = [all + mine[i]!, kept + (mine[i]! && !cover[i] ? 1 : 0)];
  const res = { gain, kept: kept / all };
  LIKENESS.set(key, res);
  return res;
}
const readable = (s: Shape, h: Half): boolean => { const m = halfLikeness(s, h); return m.gain <= MAX_GAIN && m.kept >= 0.4; };
const hidden = (l: Pick<OccludedPatternLatent, 'hide'>, r: number, c: number): boolean => r >= l.hide[0] && r < l.hide[2] && c >= l.hide[1] && c < l.hide[3];
const same = (a: Kind, b: Kind): boolean => a.shape === b.shape && a.color === b.color;
/** How many covered cells hold kind `k` (`grid`: as drawn; `base`: as the visible pattern predicts). */
export function coveredCount(l: Pick<OccludedPatternLatent, 'hide' | 'grid' | 'base' | 'period'>, k: Kind, from: 'grid' | 'base'): number {
  let n = 0;
  for (let r = l.hide[0]; r < l.hide[2]; r++) for (let c = l.hide[1]; c < l.hide[3]; c++) if (same(from === 'grid' ? l.grid[r]![c]! : l.base[r % l.period[0]]![c % l.period[1]]!, k)) n++;
  return n;
}

/** Does every cell of the `period` pattern show at least twice outside the cover `hide`? */
function patternShown(rows: number, cols: number, period: readonly [number, number], hide: readonly [number, number, number, number]): boolean {
  for (let i = 0; i < period[0]; i++) for (let j = 0; j < period[1]; j++) {
    let shown = 0;
    for (let r = i; r < rows; r += period[0]) for (let c = j; c < cols; c += period[1]) if (!hidden({ hide: hide as OccludedPatternLatent['hide'] }, r, c)) shown++;
    if (shown < 2) return false;
  }
  return true;
}

/** A cover of 30–55 % of the grid (NextGen covers 40–55 %), one cell or more off every edge, leaving every pattern cell visible twice. */
function sampleCover(rng: Rng, rows: number, cols: number, period: readonly [number, number]): [number, number, number, number] {
  const propose = (): [number, number, number, number] => {
    const [h, w] = [rng.int(2, rows - 2), rng.int(2, cols - 2)];
    const [r0, c0] = [rng.int(1, rows - h - 1), rng.int(1, cols - w - 1)];
    return [r0, c0, r0 + h, c0 + w];
  };
  const fair = ([r0, c0, r1, c1]: [number, number, number, number]): boolean => (r1 - r0) * (c1 - c0) >= 0.3 * rows * cols && (r1 - r0) * (c1 - c0) <= 0.55 * rows * cols && patternShown(rows, cols, period, [r0, c0, r1, c1]);
  return placeWithRetries(40, propose, fair) ?? [1, 1, 3, 3];
}

/** Engine #99 occluded_pattern_count_entry (group A, Click+Type, verifier `text_entry`). */
export const occludedPatternCountEntry = textEntryEngine<OccludedPatternLatent, typeof KNOBS>({
  type: 'occluded_pattern_count_entry',
  number: 99,
  knobs: KNOBS,

  sample(rng, k) {
    const [rows, cols] = [rng.int(k.grid[0], k.grid[0] + 1), rng.int(k.grid[1] - 1, k.grid[1])];
    const pitch = Math.min(30, Math.floor(296 / cols));
    const frame = entryFrame(rng, LEGEND + rows * pitch + 8);
    const ib = frame.image_box;
    const origin: Pt = [Math.round((ib[0] + ib[2] - cols * pitch) / 2), ib[1] + LEGEND + 4];
    const period: [number, number] = [rng.int(k.period[0], k.period[1]), rng.int(k.period[0], k.period[1])];
    // colours kept only while every pair stays MIN_DE apart under this cover's grey
    const palette: Color[] = [];
    for (const c of rng.shuffle([...COLORS])) if (palette.every((p) => deltaE(underGrey(hex(p), k.opacity), underGrey(hex(c), k.opacity)) >= MIN_DE)) palette.push(c);
    const base = Array.from({ length: period[0] }, () => Array.from({ length: period[1] }, (): Kind => ({ shape: rng.pick(SHAPES), color: rng.pick(palette) })));
    const grid: Cell[][] = Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => ({ ...base[r % period[0]]![c % period[1]]!, half: null })));
    const hide = sampleCover(rng, rows, cols, period);
    const under: Array<[number, number]> = [];
    for (let r = hide[0]; r < hide[2]; r++) for (let c = hide[1]; c < hide[3]; c++) under.push([r, c]);
    const swap = rng.pick(['color', 'shape', 'both'] as const);
    for (const [r, c] of rng.sample(under, Math.max(2, Math.round(under.length * k.breaks)))) {
      const cell = grid[r]![c]!;
      if (swap !== 'shape' && (swap === 'color' || rng.bool())) cell.color = rng.pick(palette.filter((x) => x !== cell.color));
      else cell.shape = rng.pick(SHAPES.filter((x) => x !== cell.shape));
    }
    for (const [r, c] of under) {
      const cell = grid[r]![c]!;
      if (!rng.bool(k.halves)) continue;
      const ok = HALVES.filter((h) => readable(cell.shape, h));
      if (ok.length) cell.half = rng.pick(ok);
    }
    // ask about kinds common in the visible cells (the pattern invites extrapolation) that the cover holds 1–12 of
    const visible = new Map<string, number>();
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if (!hidden({ hide }, r, c)) { const key = `${grid[r]![c]!.shape}:${grid[r]![c]!.color}`; visible.set(key, (visible.get(key) ?? 0) + 1); }
    const pre = { hide, grid, base, period };
    const kinds = [...visible.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([key]) => ({ shape: key.split(':')[0] as Shape, color: key.split(':')[1] as Color }));
    const fits = kinds.filter((q) => { const n = coveredCount(pre, q, 'grid'); return n >= 1 && n <= 12; });
    const many = fits.filter((q) => coveredCount(pre, q, 'grid') >= 2); // prefer kinds that occur more than once under the cover
    const pool = (many.length >= k.asked ? many : fits).slice(0, Math.max(6, k.asked));
    const tricks = (qs: Kind[]): boolean => !k.trap || qs.some((q) => coveredCount(pre, q, 'grid') !== coveredCount(pre, q, 'base'));
    const asked = pool.length < k.asked ? [] : (placeWithRetries(12, () => rng.sample(pool, k.asked), tricks) ?? []);
    const legend_box: Box = [ib[0] + 4, ib[1] + 3, ib[2] - 4, ib[1] + LEGEND - 1];
    return { frame, rows, cols, pitch, origin, period, base, grid, hide, opacity: k.opacity, palette, questions: k.asked, asked, counts: asked.map((q) => coveredCount(pre, q, 'grid')), legend_box, trap: k.trap };
  },

  check(l) {
    const ib = l.frame.image_box;
    const all: Box = [l.origin[0], l.origin[1], l.origin[0] + l.cols * l.pitch, l.origin[1] + l.rows * l.pitch];
    if (!boxInside(all, ib) || !boxInside(l.legend_box, ib) || boxesOverlap(all, l.legend_box)) return 'grid or legend outside the picture, or overlapping';
    if (l.pitch * SIZE < 7) return 'shapes too small';
    const [r0, c0, r1, c1] = l.hide;
    if (r0 < 1 || c0 < 1 || r1 > l.rows - 1 || c1 > l.cols - 1 || r1 <= r0 || c1 <= c0) return 'the cover must leave visible pattern on every side';
    if ((r1 - r0) * (c1 - c0) > 0.6 * l.rows * l.cols) return 'the cover hides too much of the pattern';
    for (let r = 0; r < l.rows; r++) for (let c = 0; c < l.cols; c++) {
      const cell = l.grid[r]![c]!;
      if (!SHAPES.includes(cell.shape) || !l.palette.includes(cell.color)) return 'shape or colour outside the vocabulary';
      if (!hidden(l, r, c)) {
        if (!same(cell, l.base[r % l.period[0]]![c % l.period[1]]!)) return 'a visible cell breaks the pattern';
        if (cell.half) return 'a solid half outside the cover';
      } else if (cell.half && !readable(cell.shape, cell.half)) return 'a half-covered shape could be another shape';
    }
    if (!patternShown(l.rows, l.cols, l.period, l.hide)) return 'a cell of the pattern is not seen repeating';
    if (l.palette.some((c) => !COLORS.includes(c))) return 'colour outside the vocabulary';
    const seen = l.palette.map((c) => underGrey(hex(c), l.opacity));
    for (let i = 0; i < seen.length; i++) {
      if (deltaE(seen[i]!, rgb(GREY)) < MIN_DE) return 'a colour disappears into the grey';
      for (let j = 0; j < i; j++) if (deltaE(seen[i]!, seen[j]!) < MIN_DE) return 'two colours look alike under the grey';
    }
    if (l.asked.length !== l.questions || l.counts.length !== l.questions) return 'not every asked kind found';
    if (l.asked.some((a, i) => l.asked.findIndex((b) => same(a, b)) !== i)) return 'the same kind asked twice';
    for (let i = 0; i < l.asked.length; i++) {
      const n = coveredCount(l, l.asked[i]!, 'grid');
      if (n !== l.counts[i]) return 'count does not match the grid';
      if (n < 1 || n > 12) return 'asked count outside 1–12';
    }
    if (l.trap && l.asked.every((q, i) => l.counts[i] === coveredCount(l, q, 'base'))) return 'continuing the visible pattern already gives the answer';
    return null;
  },

  picture(l, style) {
    const ib = l.frame.image_box;
    let s = boxRect(ib, { fill: '#f5f5f5', rx: 3 });
    const [gx1, gy1] = [l.origin[0] + l.cols * l.pitch, l.origin[1] + l.rows * l.pitch];
    for (let r = 0; r <= l.rows; r++) s += line(l.origin[0], l.origin[1] + r * l.pitch, gx1, l.origin[1] + r * l.pitch, '#dcdcdc', 1);
    for (let c = 0; c <= l.cols; c++) s += line(l.origin[0] + c * l.pitch, l.origin[1], l.origin[0] + c * l.pitch, gy1, '#dcdcdc', 1);
    const shape = (k: Kind, b: Box): string => iconSvg(k.shape, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, (b[2] - b[0]) * SIZE, 0, hex(k.color), 'stroke="#000000" stroke-width="1.4" stroke-linejoin="round"');
    for (let r = 0; r < l.rows; r++) for (let c = 0; c < l.cols; c++) s += shape(l.grid[r]![c]!, cellBox(l, r, c));
    const [a, b] = [cellBox(l, l.hide[0], l.hide[1]), cellBox(l, l.hide[2] - 1, l.hide[3] - 1)];
    s += boxRect([a[0], a[1], b[2], b[3]], { fill: GREY, opacity: l.opacity });
    for (let r = l.hide[0]; r < l.hide[2]; r++) for (let c = l.hide[1]; c < l.hide[3]; c++) {
      const h = l.grid[r]![c]!.half;
      if (h) s += path(polyD(halfPts(cellBox(l, r, c), h)), { fill: GREY });
    }
    // legend: the kind(s) to count, "a , b" order for two
    const lb = l.legend_box;
    s += boxRect(lb, { fill: style.theme === 'light' ? '#ffffff' : '#ffffff', stroke: '#c8c8c8', sw: 1, rx: 5 });
    const cy = (lb[1] + lb[3]) / 2;
    const step = 56;
    const x0 = (lb[0] + lb[2]) / 2 - ((l.asked.length - 1) * step) / 2;
    l.asked.forEach((q, i) => {
      s += shape(q, [x0 + i * step - 12, cy - 12, x0 + i * step + 12, cy + 12]);
      if (i < l.asked.length - 1) s += path(`M${x0 + i * step + 26} ${cy + 5}l-2 5`, { stroke: '#333333', sw: 2.2 });
    });
    return { svg: s };
  },

  answer(l) {
    if (l.counts.length === 1) return { text: String(l.counts[0]), valid: numberAnswers(l.counts[0]!) };
    const [a, b] = l.counts as [number, number];
    return { text: `${a},${b}`, valid: [`${a},${b}`, `${a}, ${b}`, `${a} ${b}`, `${a}，${b}`, `${a}、${b}`] };
  },

  reading(l, locale) {
    const parts = l.asked.map((q, i) => say(locale, 'occluded_pattern_count_entry.part', { what: what(q, locale), n: l.counts[i]!, guess: coveredCount(l, q, 'base') }));
    return say(locale, 'occluded_pattern_count_entry.reasoning', { pr: l.period[0], pc: l.period[1], cells: (l.hide[2] - l.hide[0]) * (l.hide[3] - l.hide[1]), parts: parts.join(say(locale, { en: '; ', zh: '；', ja: '、', fr: ' ; ', ar: '؛ ' })) });
  },

  text(l, locale) {
    const [one, names] = [l.asked.length === 1, { what: what(l.asked[0]!, locale), what2: l.asked[1] ? what(l.asked[1], locale) : '' }];
    const T = (key: string): string => say(locale, `occluded_pattern_count_entry.${key}`, names);
    return { ask: T(one ? 'ask_one' : 'ask_two'), title: T(one ? 'title_one' : 'title_two'), example: one ? T('example_one') : '3,5' };
  },
});

/** "red stars" in `locale`: the catalogue's colour and plural shape names in its word order. */
function what(q: Kind, locale: CaptchaLocale): string {
  return say(locale, 'occluded_pattern_count_entry.what', { color: say(locale, `occluded_pattern_count_entry.color_${q.color}`), shapes: say(locale, `occluded_pattern_count_entry.shapes_${q.shape}`) });
}
