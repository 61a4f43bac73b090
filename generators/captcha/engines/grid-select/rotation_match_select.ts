/**
 * #36 rotation_match_select (group D, image rotation, Set+Submit): a reference irregular shape and a
 * grid of tiles; some tiles hold the same shape turned by some angle, others its mirror image (turned)
 * or a slightly different shape. Answer: every turned copy, then Submit (verifier `click` / `set`).
 *
 * Validity: the reference is chiral (its mirror image matches no rotation of it), and every decoy is
 * at least `min_diff` away (RMS of the radial profile, minimised over rotations) from the reference
 * and a different-shape decoy, measured on 1 px masks of the polygons at the drawn tile size, overlaps
 * the reference turned to its best angle (6° steps refined to 2°) by at most `max_iou` (intersection over union),
 * where a true turned copy measures about 0.97–1: it never looks as close as a match. (Mirror decoys
 * are the reference itself mirrored; their distance is the reference's chirality, `CHIRAL`.)
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { hsl, label, path, wrapPhrases } from '../../lib/draw.js';
import { rasterIds } from '../../lib/proj3d.js';
import { say } from '../../lib/i18n.js';
import { gridBoxes } from '../../lib/grids.js';
import { tile } from '../../lib/controls.js';
import { polyD, rotAbout } from '../../lib/geometry.js';
import { type KnobsOf, cellSelectEngine } from './template.js';

/** One tile: which variant of the shape it shows and how it is turned. */
interface TileSpec {
  variant: 'match' | 'mirror' | 'other';
  /** Radii of the drawn shape (before mirroring); equal to the reference for match / mirror. */
  radii: number[];
  rot: number;
}
/** Latent state of rotation_match_select (puzzle px, degrees clockwise). */
export interface RotationMatchLatent extends Record<string, unknown> {
  width: number;
  height: number;
  cols: number;
  /** Reference radii at equal angles (unit = shape radius). */
  radii: number[];
  tiles: TileSpec[];
  cells: Box[];
  ref_box: Box;
  submit_box: Box;
  hue: number;
  /** Decoys must differ from the reference by at least this radial RMS (unit radius). */
  min_diff: number;
  /** Decoys may overlap the reference at its best turn by at most this IoU (measured on masks). */
  max_iou: number;
}

const KNOBS = defineKnobs({ grid: knob('rows x columns of tiles', [2, 3], [3, 3], [3, 3]), matches: knob('range of turned copies to select', [2, 2], [2, 4], [2, 4]), mirrors: knob('mirror-image decoys', 1, 2, 3), min_diff: knob('minimum radial RMS difference of a decoy from the reference', 0.12, 0.09, 0.07), spread: knob('how far decoy radii are perturbed from the reference (unit radius)', 0.45, 0.4, 0.3), max_iou: knob('maximum measured overlap (IoU at the best turn) of a decoy with the reference', 0.75, 0.8, 0.82) });
/** A shape and its mirror image must differ by at least this radial RMS (unit radius). */
const CHIRAL = 0.08;

const W = 300;
const SAMPLES = 180;

/** Radial profile of a star polygon with radii at equal angles, sampled at SAMPLES angles (linear in angle). */
function profile(radii: readonly number[], mirror = false): number[] {
  const n = radii.length;
  return Array.from({ length: SAMPLES }, (_, i) => {
    let t = (i / SAMPLES) * n;
    if (mirror) t = (n - t) % n;
    const a = Math.floor(t) % n;
    const f = t - Math.floor(t);
    return radii[a]! * (1 - f) + radii[(a + 1) % n]! * f;
  });
}
/** RMS distance between two profiles minimised over cyclic shifts (rotations). */
export function rotDistance(p: readonly number[], q: readonly number[]): number {
  let best = Infinity;
  for (let s = 0; s < SAMPLES; s++) {
    let acc = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const d = p[i]! - q[(i + s) % SAMPLES]!;
      acc += d * d;
      if (acc >= best * best * SAMPLES) break;
    }
    best = Math.min(best, Math.sqrt(acc / SAMPLES));
  }
  return best;
}

/** Radius of a tile's shape as drawn, puzzle px. */
const tileR = (c: Box): number => (c[2] - c[0]) * 0.4;

/** 1 px mask of a shape at `R` px (ids > 0 inside), on a square raster centred on the shape. */
function shapeMask(radii: readonly number[], mirror: boolean, R: number, rot: number): Int32Array {
  const h = Math.ceil(R) + 2;
  return rasterIds([{ pts: shapePts(radii, mirror, 0, 0, R, rot), id: 1 }], [-h, -h, h, h], 1).ids;
}
/** The reference turned by 0°, 2°, …, 358° at `R` px as 1 px masks with their areas, made on first use (see {@link bestTurnIou}). */
export class TurnMasks {
  private readonly cache: Array<{ mask: Int32Array; area: number } | undefined> = new Array(180);
  constructor(private readonly ref: readonly number[], readonly R: number) {}
  /** Mask of the reference turned by `2 * i` degrees. */
  at(i: number): { mask: Int32Array; area: number } {
    const j = ((i % 180) + 180) % 180;
    let t = this.cache[j];
    if (!t) {
      const mask = shapeMask(this.ref, false, this.R, j * 2);
      t = { mask, area: mask.reduce((n, v) => n + (v > 0 ? 1 : 0), 0) };
      this.cache[j] = t;
    }
    return t;
  }
}
/**
 * Highest intersection over union of a tile's shape (`radii`, mirrored or not) with the reference at
 * any turn, measured on 1 px masks at `turns.R` px: every 6°, then every 2° within ±4° of the three
 * best coarse turns (the overlap changes smoothly with the angle).
 */
export function bestTurnIou(turns: TurnMasks, radii: readonly number[], mirror: boolean): number {
  const a = shapeMask(radii, mirror, turns.R, 0);
  const inside: number[] = [];
  for (let k = 0; k < a.length; k++) if (a[k]! > 0) inside.push(k);
  const iou = (i: number): number => {
    const t = turns.at(i);
    let n = 0;
    for (const k of inside) if (t.mask[k]! > 0) n++;
    const u = inside.length + t.area - n;
    return u ? n / u : 0;
  };
  const coarse = Array.from({ length: 60 }, (_, c) => ({ i: c * 3, v: iou(c * 3) })).sort((x, y) => y.v - x.v);
  let best = coarse[0]!.v;
  for (const c of coarse.slice(0, 3)) for (const d of [-2, -1, 1, 2]) best = Math.max(best, iou(c.i + d));
  return best;
}

/** Screen polygon of a shape: radii at equal angles, optionally mirrored (x → −x), turned by rot. */
function shapePts(radii: readonly number[], mirror: boolean, cx: number, cy: number, R: number, rot: number): Array<[number, number]> {
  return radii.map((r, i) => {
    const a = (2 * Math.PI * i) / radii.length - Math.PI / 2;
    const x = r * R * Math.cos(a) * (mirror ? -1 : 1);
    const y = r * R * Math.sin(a);
    return rotAbout(cx, cy, cx + x, cy + y, rot);
  });
}

/** Engine #36 rotation_match_select (group D, Set+Submit, verifier `click` / `set` + submit). */
export const rotationMatchSelect = cellSelectEngine<RotationMatchLatent, KnobsOf<typeof KNOBS>>({
  type: 'rotation_match_select', number: 36, group: 'image_rotation', knobs: KNOBS,
  sample(rng, k) {
    // a pinwheel: two saw teeth of four vertices each (long to short) plus noise; clearly chiral
    const teeth = 2;
    const radii = Array.from({ length: teeth * 4 }, (_, i) => Math.round(Math.min(1, Math.max(0.3, [1, 0.8, 0.6, 0.4][i % 4]! + rng.float(-0.06, 0.06))) * 100) / 100);
    const ref = profile(radii);
    const [rows, cols] = k.grid;
    const cw = 84;
    const R = tileR([0, 0, cw, cw]);
    let turns: TurnMasks | null = null;
    const otherShape = (): number[] => {
      let best = radii;
      for (let t = 0; t < 30; t++) {
        const cand = radii.map((r) => Math.round(Math.min(1, Math.max(0.3, r + rng.float(-k.spread, k.spread))) * 100) / 100);
        best = cand;
        if (rotDistance(profile(cand), ref) < k.min_diff || rotDistance(profile(cand, true), ref) < k.min_diff) continue;
        turns ??= new TurnMasks(radii, R);
        if (bestTurnIou(turns, cand, false) <= k.max_iou) break;
      }
      return best;
    };
    const n = rows * cols;
    const matches = rng.int(k.matches[0], k.matches[1]);
    const mirrors = Math.min(k.mirrors, n - matches - 1);
    const variants = rng.shuffle([
      ...Array.from({ length: matches }, () => 'match' as const),
      ...Array.from({ length: mirrors }, () => 'mirror' as const),
      ...Array.from({ length: n - matches - mirrors }, () => 'other' as const),
    ]);
    const tiles: TileSpec[] = variants.map((variant) => ({
      variant,
      radii: variant === 'other' ? otherShape() : radii,
      rot: rng.int(0, 359),
    }));
    const area: Box = [14, 124, 14 + cols * cw + (cols - 1) * 10, 124 + rows * cw + (rows - 1) * 10];
    const cells = gridBoxes(area, rows, cols, 10);
    return {
      width: W,
      height: area[3] + 58,
      cols,
      radii,
      tiles,
      cells,
      ref_box: [14, 40, 90, 116],
      submit_box: [14, area[3] + 10, W - 14, area[3] + 46],
      hue: rng.int(0, 359),
      min_diff: k.min_diff,
      max_iou: k.max_iou,
    };
  },

  validate(l) {
    if (l.tiles.length !== l.cells.length) return 'one tile per cell';
    const ref = profile(l.radii);
    const mir = profile(l.radii, true);
    if (rotDistance(ref, mir) < CHIRAL) return 'reference is (nearly) mirror-symmetric';
    const matches = l.tiles.filter((t) => t.variant === 'match');
    if (matches.length < 1) return 'nothing to select';
    if (matches.length === l.tiles.length) return 'every tile matches';
    for (const t of l.tiles) {
      if (t.variant !== 'other') {
        if (t.radii.join() !== l.radii.join()) return 'match / mirror tile does not use the reference shape';
        continue;
      }
      const p = profile(t.radii);
      if (rotDistance(p, ref) < l.min_diff) return 'a decoy is too close to the reference';
      if (rotDistance(profile(t.radii, true), ref) < l.min_diff) return 'a decoy mirrored is too close to the reference';
    }
    for (const c of l.cells) if (c[2] - c[0] < 60) return 'tiles too small';
    const R = tileR(l.cells[0]!);
    const turns = new TurnMasks(l.radii, R);
    for (const t of l.tiles) {
      if (t.variant === 'other' && bestTurnIou(turns, t.radii, false) > l.max_iou) return 'a decoy looks as close to the reference as a turned copy (measured)';
    }
    return null;
  },

  prompt: (_l, style) => say(style.locale, { en: 'Select the turned copies', zh: '选出旋转后的相同图形' }),
  header(l, style) {
    let body = tile(style, l.ref_box, style.panel);
    const [rx, ry] = boxCenter(l.ref_box);
    body += path(polyD(shapePts(l.radii, false, rx, ry, 32, 0)), { fill: hsl(l.hue, 60, 50), stroke: hsl(l.hue, 55, 28), sw: 1.5 });
    const text = say(style.locale, { en: 'Select every tile with the shape on the left, only turned (not mirrored), then submit', zh: '选出所有与左图形状相同（只旋转、未镜像）的格子，然后提交' });
    const lines = wrapPhrases(text, 13, l.width - 110, { face: style.face });
    lines.slice(0, 4).forEach((ln, i) => (body += label(style, ln, 100, 62 + i * 17, 13, style.subtext)));
    return body;
  },
  cell(l, i) {
    const t = l.tiles[i]!;
    const c = l.cells[i]!;
    const [cx, cy] = boxCenter(c);
    return path(polyD(shapePts(t.radii, t.variant === 'mirror', cx, cy, tileR(c), t.rot)), { fill: hsl(l.hue, 60, 50), stroke: hsl(l.hue, 55, 28), sw: 1.5 });
  },
  hit: (l, i) => l.tiles[i]!.variant === 'match',
  reasoning(l, locale) {
    const mirrors = l.tiles.filter((t) => t.variant === 'mirror').length;
    return { corners: l.radii.length, hits: l.tiles.filter((t) => t.variant === 'match').length, mirrors: mirrors ? say(locale, 'rotation_match_select.mirrors', { n: mirrors }) : '' };
  },
});
