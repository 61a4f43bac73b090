/**
 * Coordinate conventions: ONE table ({@link COORD_CONVENTIONS}) saying what a number in a record or in a
 * model's answer means, and the only code that converts image px into a convention and back. Everything that
 * writes or reads coordinates reads this table: the record writer (the `*_norm1` / `*_norm1000` fields, via
 * core/geometry.ts), the exporter and its prompts (export/formats/samples.ts), the strict scorer and the
 * reward (score/reward.ts, dataset/score.ts), the model presets (core/models.ts) and the CLI help
 * (cli/main.ts, {@link coordsHelp}).
 *
 * | name            | space        | normalized_by | quantize | box form         | image px `v` -> model value        | model value `m` -> image px      |
 * |-----------------|--------------|---------------|----------|------------------|------------------------------------|----------------------------------|
 * | `abs`           | `image_px`   | null          | none     | corners          | `v`                                | `m`                              |
 * | `norm1`         | `relative`   | 1             | none     | corners          | `v / size` (6 decimals)            | `m * size`                       |
 * | `norm1000`      | `relative`   | 1000          | floor    | inclusive cells  | `min(999, floor(v / size * 1000))` | `(m + 0.5) * size / 1000` (cell centre) |
 * | `norm1000-1000` | `relative`   | 1000          | round    | corners          | `min(1000, round(v / size * 1000))`| `m * size / 1000`                |
 * | `qwen25`        | `resized_px` | null          | round    | corners          | `round(v * resized / size)`        | `m * size / resized`             |
 *
 * `order` is always `xy` (x first). `size` is the saved image's width (x) or height (y) in px;
 * `resized` is Qwen2.5-VL's `smart_resize` of that size (factor 28, the stated pixel budget), i.e. the
 * size of the image the model actually sees (qwen-vl-utils `vision_process.py`; the same numbers are
 * used by UI-TARS-1.5's action parser). `norm1000` is the [0,999] grid of the native record;
 * `norm1000-1000` is the 0–1000 scaling (Qwen2-VL / UI-TARS-1.0 / Qwen3-VL style), named explicitly because
 * the two differ by up to one unit.
 *
 * qwen25 mode: the exporter writes images for trainer formats at their smart_resize size (export/budget.ts),
 * so the trainer's preprocessing is a no-op; the ground truth keeps the source size in `size` and the
 * exported size in `resized`, so decoding maps back to source px either way. The dataset card and
 * `train-settings.json` record the budget and the trainer settings that keep it a no-op.
 *
 * The reward (score/reward.ts, reward/uisynth_reward.py) decodes with exactly the right-hand column, from the
 * convention's fields (not its name), so a ground truth carrying them decodes without this table.
 *
 * This module imports nothing of the project but core/errors.ts; points and boxes here are the tuples of
 * core/geometry.ts (`[x, y]`, `[x1, y1, x2, y2]` with x2/y2 exclusive), image px unless stated.
 */
import { UsageError, badValue } from './errors.js';

type XY = [number, number];
type XYXY = [number, number, number, number];

/** CLI names of the conventions (`--coords`). */
export const COORD_NAMES = ['abs', 'norm1', 'norm1000', 'norm1000-1000', 'qwen25'] as const;
export type CoordName = (typeof COORD_NAMES)[number];
/** Accepted spellings for `--coords`: the names plus `norm1000-999`, an explicit alias of `norm1000`. */
export const COORD_CHOICES = ['abs', 'norm1', 'norm1000', 'norm1000-999', 'norm1000-1000', 'qwen25'] as const;
/** Aliases accepted for `--coords`, and the convention each stands for. */
const COORD_ALIASES: Record<string, CoordName> = { 'norm1000-999': 'norm1000' };

/** Qwen2.5-VL pixel budget: `factor` = patch 14 × merge 2; `min_pixels`/`max_pixels` in px². */
export interface PixelBudget {
  factor: number;
  min_pixels: number;
  max_pixels: number;
}

/** qwen-vl-utils defaults (`MIN_PIXELS = 4 * 28 * 28`, `MAX_PIXELS = 16384 * 28 * 28`), also Qwen2.5-VL's preprocessor_config. */
export const QWEN25_DEFAULT_BUDGET: Readonly<PixelBudget> = Object.freeze({ factor: 28, min_pixels: 4 * 28 * 28, max_pixels: 16384 * 28 * 28 });

/** The serialisable fields of a convention, shared by {@link ConventionSpec} and {@link CoordConvention}. */
interface ConventionFields {
  /** `image_px`: px of the saved image; `resized_px`: px of the smart-resized image; `relative`: fraction × normalized_by. */
  space: 'image_px' | 'resized_px' | 'relative';
  order: 'xy';
  /** 1 for [0,1] floats, 1000 for thousandths, null for pixel spaces. */
  normalized_by: 1 | 1000 | null;
  /** How image px are quantised into the space (and therefore how values are decoded). */
  quantize: 'none' | 'floor' | 'round';
  /** Inclusive value range of the space, or null for pixel spaces. */
  range: [number, number] | null;
}

/**
 * One row of the conventions table: the fields every consumer reads, the resize rule, the box form, and
 * the words the CLI help and the prompts use for it.
 */
export interface ConventionSpec extends ConventionFields {
  /**
   * Resize rule: `none` (values refer to the saved image) or `smart_resize` (values refer to the image after
   * Qwen2.5-VL's smart_resize under a {@link PixelBudget}).
   */
  resize: 'none' | 'smart_resize';
  /**
   * Shape of a box: `corners` converts `[x1, y1, x2, y2]` like two points; `cells` names the grid cell of the
   * first and of the last pixel (`x2 - 1`), inclusive of both (the record's `bbox_norm1000`).
   */
  box: 'corners' | 'cells';
  /**
   * One axis, image px -> model value.
   * @param v image px; @param size the saved image's side, px; @param resized the smart-resized side (qwen25), else NaN
   */
  encode(v: number, size: number, resized: number): number;
  /** `--coords` help: what the numbers are, e.g. `image px`. */
  help: string;
  /** The prompt's sentence on the convention, for an image of `size` [W, H] (smart-resized `resized` for qwen25). */
  prompt(size: XY, resized: XY | null): string;
}

const r6 = (v: number): number => Math.round(v * 1e6) / 1e6;

/**
 * The conventions table (see the module doc). Checked complete at compile time: a new {@link CoordName}
 * without a row (or a row without a field) does not type-check.
 */
export const COORD_CONVENTIONS = {
  abs: {
    space: 'image_px', order: 'xy', normalized_by: null, quantize: 'none', range: null, resize: 'none', box: 'corners',
    encode: (v) => v,
    help: 'image px',
    prompt: ([w, h]) => `absolute pixels of the ${w}x${h} screenshot, x from the left, y from the top.`,
  },
  norm1: {
    space: 'relative', order: 'xy', normalized_by: 1, quantize: 'none', range: [0, 1], resize: 'none', box: 'corners',
    encode: (v, s) => r6(v / s),
    help: '[0,1]',
    prompt: () => 'fractions of the image width and height in [0, 1], x first.',
  },
  norm1000: {
    space: 'relative', order: 'xy', normalized_by: 1000, quantize: 'floor', range: [0, 999], resize: 'none', box: 'cells',
    encode: (v, s) => Math.min(999, Math.max(0, Math.floor((v / s) * 1000))),
    help: 'the [0,999] grid, also spelt norm1000-999',
    prompt: () => 'integers on a 0-999 grid relative to the image width and height, x first.',
  },
  'norm1000-1000': {
    space: 'relative', order: 'xy', normalized_by: 1000, quantize: 'round', range: [0, 1000], resize: 'none', box: 'corners',
    encode: (v, s) => Math.min(1000, Math.max(0, Math.round((v / s) * 1000))),
    help: '0-1000',
    prompt: () => 'integers in 0-1000 relative to the image width and height, x first.',
  },
  qwen25: {
    space: 'resized_px', order: 'xy', normalized_by: null, quantize: 'round', range: null, resize: 'smart_resize', box: 'corners',
    encode: (v, s, resized) => Math.round((v * resized) / s),
    help: 'px after smart_resize',
    prompt: (_size, resized) => `absolute pixels of the image as you see it (${resized![0]}x${resized![1]}), x first.`,
  },
} as const satisfies Record<CoordName, ConventionSpec>;

/** The table row of a convention name. */
export function conventionSpec(name: CoordName): ConventionSpec {
  return COORD_CONVENTIONS[name];
}

/** `--coords` help text from the table, e.g. `abs (image px), norm1 ([0,1]), ...`. */
export function coordsHelp(): string {
  return COORD_NAMES.map((n) => `${n} (${COORD_CONVENTIONS[n].help})`).join(', ');
}

/**
 * A coordinate convention as data: a row of {@link COORD_CONVENTIONS} with its name and, for `resized_px`,
 * the pixel budget. This object (key order included) is what exported ground truths carry.
 */
export interface CoordConvention extends ConventionFields {
  name: CoordName;
  /** Pixel budget for `resized_px`; null otherwise. */
  resize: PixelBudget | null;
}

/** A convention bound to one image: `size` = saved image [W, H]; `resized` = smart-resized [W', H'] for qwen25. */
export interface ResolvedCoords extends CoordConvention {
  size: [number, number];
  resized: [number, number] | null;
}

/**
 * The convention record for a name or alias (`norm1000-999`).
 * @param budget smart_resize conventions only (default {@link QWEN25_DEFAULT_BUDGET}); validated.
 * @throws UsageError (`--coords`) for an unknown name, (`--max-pixels`/`--min-pixels`) for a bad budget.
 */
export function convention(name: string, budget: Partial<PixelBudget> = {}): CoordConvention {
  const key = COORD_ALIASES[name] ?? name;
  if (!(COORD_NAMES as readonly string[]).includes(key)) throw badValue('--coords', name, COORD_CHOICES);
  const n = key as CoordName;
  const c: ConventionSpec = COORD_CONVENTIONS[n];
  let resize: PixelBudget | null = null;
  if (c.resize === 'smart_resize') {
    const b = { ...QWEN25_DEFAULT_BUDGET, ...budget };
    if (!Number.isInteger(b.max_pixels) || b.max_pixels < b.factor * b.factor)
      throw new UsageError(`--max-pixels: expected an integer >= ${b.factor * b.factor}, got '${b.max_pixels}'`, '--max-pixels');
    if (!Number.isInteger(b.min_pixels) || b.min_pixels < 1 || b.min_pixels > b.max_pixels)
      throw new UsageError(`--min-pixels: expected an integer in [1, ${b.max_pixels}] (--max-pixels), got '${b.min_pixels}'`, '--min-pixels');
    resize = b;
  }
  return {
    name: n,
    space: c.space,
    order: c.order,
    normalized_by: c.normalized_by,
    quantize: c.quantize,
    range: c.range ? [c.range[0], c.range[1]] : null,
    resize,
  };
}

/** Python 3 `round()` on floats: round half to even (used by qwen-vl-utils `round_by_factor`). */
export function roundHalfEven(x: number): number {
  const f = Math.floor(x);
  const d = x - f;
  if (d > 0.5) return f + 1;
  if (d < 0.5) return f;
  return f % 2 === 0 ? f : f + 1;
}

/**
 * Qwen2.5-VL `smart_resize` exactly as qwen-vl-utils `vision_process.py`: round each side to a multiple
 * of `factor` (Python round-half-even, at least `factor`), then if the area exceeds `max_pixels` scale
 * both by `beta = sqrt(h*w / max_pixels)` and floor to multiples of `factor`; if below `min_pixels`
 * scale by `sqrt(min_pixels / (h*w))` and ceil.
 * @returns `[height, width]` (the reference's order).
 * @throws RangeError when the aspect ratio exceeds 200 (as the reference does).
 */
export function smartResize(height: number, width: number, b: PixelBudget = QWEN25_DEFAULT_BUDGET): [number, number] {
  const { factor, min_pixels, max_pixels } = b;
  if (Math.max(height, width) / Math.min(height, width) > 200)
    throw new RangeError(`absolute aspect ratio must be smaller than 200, got ${Math.max(height, width) / Math.min(height, width)}`);
  let h = Math.max(factor, roundHalfEven(height / factor) * factor);
  let w = Math.max(factor, roundHalfEven(width / factor) * factor);
  if (h * w > max_pixels) {
    const beta = Math.sqrt((height * width) / max_pixels);
    h = Math.floor(height / beta / factor) * factor;
    w = Math.floor(width / beta / factor) * factor;
  } else if (h * w < min_pixels) {
    const beta = Math.sqrt(min_pixels / (height * width));
    h = Math.ceil((height * beta) / factor) * factor;
    w = Math.ceil((width * beta) / factor) * factor;
  }
  return [h, w];
}

/** Bind a convention to an image of `size` [W, H] (computes `resized` for qwen25). */
export function resolveCoords(c: CoordConvention, size: readonly [number, number]): ResolvedCoords {
  let resized: [number, number] | null = null;
  if (c.space === 'resized_px') {
    const [h, w] = smartResize(size[1], size[0], c.resize ?? QWEN25_DEFAULT_BUDGET);
    resized = [w, h];
  }
  return { ...c, size: [size[0], size[1]], resized };
}

/** One axis, image px -> model value, by the table row of `rc.name`. `axis` 0 = x, 1 = y. */
function axisTo(v: number, axis: 0 | 1, rc: ResolvedCoords): number {
  return COORD_CONVENTIONS[rc.name].encode(v, rc.size[axis], rc.resized ? rc.resized[axis] : NaN);
}

/**
 * One axis, model value -> image px (floats), driven by the convention's fields (not its name), so a
 * ground truth carrying `{space, normalized_by, quantize, size, resized}` decodes without a lookup table.
 * Must equal reward/uisynth_reward.py `_axis_from`.
 */
function axisFrom(m: number, axis: 0 | 1, rc: ResolvedCoords): number {
  const s = rc.size[axis];
  if (rc.space === 'image_px') return m;
  if (rc.space === 'resized_px') return (m * s) / rc.resized![axis];
  const nb = rc.normalized_by ?? 1;
  return rc.quantize === 'floor' ? ((m + 0.5) * s) / nb : (m * s) / nb;
}

/** Image-px point to the convention (numbers as a model should write them). */
export function pointToConvention(p: XY, rc: ResolvedCoords): XY {
  return [axisTo(p[0], 0, rc), axisTo(p[1], 1, rc)];
}

/** Model point in the convention back to image px (floats). This is what the scorer and reward use. */
export function pointFromConvention(p: XY, rc: ResolvedCoords): XY {
  return [axisFrom(p[0], 0, rc), axisFrom(p[1], 1, rc)];
}

/**
 * Image-px box to the convention. A `cells` convention (`norm1000`) keeps the inclusive-cell form of the
 * record (`x2` -> cell of `x2 - 1`); the others convert both corners like points.
 */
export function boxToConvention(b: XYXY, rc: ResolvedCoords): XYXY {
  if (COORD_CONVENTIONS[rc.name].box === 'cells') return [axisTo(b[0], 0, rc), axisTo(b[1], 1, rc), axisTo(b[2] - 1, 0, rc), axisTo(b[3] - 1, 1, rc)];
  return [axisTo(b[0], 0, rc), axisTo(b[1], 1, rc), axisTo(b[2], 0, rc), axisTo(b[3], 1, rc)];
}

/** Box in the convention back to image px (floats); for a `cells` convention the union of the cells (`x2` cell's right edge). */
export function boxFromConvention(b: XYXY, rc: ResolvedCoords): XYXY {
  if (COORD_CONVENTIONS[rc.name].box === 'cells') {
    const edge = (m: number, axis: 0 | 1): number => (m * rc.size[axis]) / rc.normalized_by!;
    return [edge(b[0], 0), edge(b[1], 1), edge(b[2] + 1, 0), edge(b[3] + 1, 1)];
  }
  return [axisFrom(b[0], 0, rc), axisFrom(b[1], 1, rc), axisFrom(b[2], 0, rc), axisFrom(b[3], 1, rc)];
}

/** Nearest model value on one axis whose decoding lies in [lo, hi) (image px); null when none exists. */
function axisInRange(v: number, lo: number, hi: number, axis: 0 | 1, rc: ResolvedCoords): number | null {
  const m = axisTo(v, axis, rc);
  const ok = (n: number): boolean => {
    const d = axisFrom(n, axis, rc);
    return d >= lo && d < hi;
  };
  if (ok(m)) return m;
  if (rc.quantize === 'none') {
    // unquantised spaces (abs, norm1): the exact value, unrounded
    const exact = rc.space === 'image_px' ? v : v / rc.size[axis];
    return ok(exact) ? exact : null;
  }
  const a = axisTo(lo, axis, rc) - 1;
  const z = axisTo(hi, axis, rc) + 1;
  let best: number | null = null;
  for (let n = a; n <= z; n++) if (ok(n) && (best === null || Math.abs(n - m) < Math.abs(best - m))) best = n;
  return best;
}

/**
 * The model-space point for gold point `p` that decodes back inside `box` (x2/y2 exclusive): the plain
 * conversion when that works, else the nearest value per axis that does. Null when the box is smaller
 * than one quantum of the space and no value decodes inside it (the sample cannot be expressed exactly).
 */
export function pointToConventionInBox(p: XY, box: XYXY, rc: ResolvedCoords): XY | null {
  const x = axisInRange(p[0], box[0], box[2], 0, rc);
  const y = axisInRange(p[1], box[1], box[3], 1, rc);
  return x === null || y === null ? null : [x, y];
}

/**
 * Parse `--coords` (and budget flags) into a convention.
 * @param base qwen25 only: the budget the flags override (default {@link QWEN25_DEFAULT_BUDGET}; e.g. Qwen3-VL's factor 32)
 */
export function coordsOpt(name: string, maxPixels?: string | number, minPixels?: string | number, base: Partial<PixelBudget> = {}): CoordConvention {
  const num = (flag: string, v: string | number | undefined): number | undefined => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag}: expected a positive integer (px²), got '${v}'`, flag);
    return n;
  };
  const max = num('--max-pixels', maxPixels);
  const min = num('--min-pixels', minPixels);
  if (name !== 'qwen25' && (max !== undefined || min !== undefined) && (COORD_CHOICES as readonly string[]).includes(name))
    throw new UsageError(`--max-pixels/--min-pixels: only apply to --coords qwen25 (got --coords ${name})`, '--max-pixels');
  return convention(name, { ...base, ...(max !== undefined ? { max_pixels: max } : {}), ...(min !== undefined ? { min_pixels: min } : {}) });
}
