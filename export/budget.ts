/**
 * The export's pixel budget: which size every exported image is written at, so that the trainer's own
 * preprocessing is a no-op and coordinates are right in the image the model sees.
 *
 * A budget applies when coordinates depend on the model's resize (`--coords qwen25`: absolute px of the
 * smart-resized image; Qwen2.5-VL, UI-Venus, UI-TARS-1.5) or when a `--model-family` with relative
 * coordinates is chosen (Qwen2-VL, Qwen3-VL with factor 32, UI-TARS-1.0). Images are then written at
 * `smart_resize(W, H, factor, min_pixels, max_pixels)` and the model's processor, run with the settings in
 * `train-settings.json`, leaves them unchanged.
 *
 * Default `max_pixels`: the model processor's default, lowered to what the trainer does by default
 * (LLaMA-Factory shrinks every image above `image_max_pixels` = 768*768 before the processor), so that a
 * trainer at its defaults sees the exported image unchanged. `min_pixels`: the processor's default (UI-TARS-1.5:
 * its parser's 100*28*28, which it uses to recompute the frame).
 */
import { UsageError } from '../core/errors.js';
import type { PixelBudget } from '../core/coords.js';
import type { ModelVision } from '../core/models.js';
import { LLAMAFACTORY_DEFAULTS } from './consumers/preprocess.js';

/** Smallest allowed max_pixels, in visual tokens: below it screen elements shrink to a few px. */
export const MIN_BUDGET_TOKENS = 256;

/** The chosen budget, with where it came from. */
export interface ExportBudget extends PixelBudget {
  vision: ModelVision;
  /** `default` when chosen by the exporter, `flags` when set with --max-pixels/--min-pixels/--pixel-budget. */
  source: 'default' | 'flags';
}

/** Budget flags as given on the command line. */
export interface BudgetFlags {
  maxPixels?: string | number;
  minPixels?: string | number;
  /** Max visual tokens per image (max_pixels = tokens × factor²). */
  pixelBudget?: string | number;
}

const posInt = (flag: string, v: string | number): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag}: expected a positive integer, got '${v}'`, flag);
  return n;
};

/** Allowed `[lo, hi]` for max_pixels and min_pixels under a model's vision defaults. */
export function budgetRange(v: ModelVision): { max: [number, number]; min: [number, number] } {
  return { max: [MIN_BUDGET_TOKENS * v.factor * v.factor, v.max_pixels], min: [v.min_pixels, v.max_pixels] };
}

/**
 * The export budget for a format and model vision, from defaults and flags.
 * @param trainerDefaultMax the trainer's own default cap on image area before the processor (LLaMA-Factory 589824), or null
 * @throws UsageError naming `--max-pixels`, `--min-pixels` or `--pixel-budget` with the allowed range when a
 *   value would make the trainer's processor resize the exported images again (above the processor's max,
 *   below its min) or is smaller than {@link MIN_BUDGET_TOKENS} tokens.
 */
export function chooseBudget(v: ModelVision, flags: BudgetFlags, trainerDefaultMax: number | null): ExportBudget {
  const r = budgetRange(v);
  let max: number | undefined;
  if (flags.pixelBudget !== undefined) {
    const t = posInt('--pixel-budget', flags.pixelBudget);
    const lo = r.max[0] / (v.factor * v.factor);
    const hi = r.max[1] / (v.factor * v.factor);
    if (t < lo)
      throw new UsageError(
        `--pixel-budget: ${t} tokens is below uisynth's quality floor of ${lo} tokens (screen elements would shrink to a few px); allowed: ${lo}..${hi} tokens (factor ${v.factor})`,
        '--pixel-budget',
      );
    if (t > hi)
      throw new UsageError(`--pixel-budget: ${t} tokens is above the ${v.family} processor's max of ${hi} tokens (it would shrink the images again); allowed: ${lo}..${hi} tokens (factor ${v.factor})`, '--pixel-budget');
    max = t * v.factor * v.factor;
  }
  if (flags.maxPixels !== undefined) {
    if (max !== undefined) throw new UsageError('--max-pixels: give either --max-pixels or --pixel-budget, not both', '--max-pixels');
    max = posInt('--max-pixels', flags.maxPixels);
    const range = `${r.max[0]}..${r.max[1]} px² (${MIN_BUDGET_TOKENS}..${r.max[1] / (v.factor * v.factor)} tokens of ${v.factor}x${v.factor} px)`;
    if (max < r.max[0])
      throw new UsageError(`--max-pixels: ${max} is below uisynth's quality floor of ${MIN_BUDGET_TOKENS} tokens (screen elements would shrink to a few px); allowed: ${range}`, '--max-pixels');
    if (max > r.max[1])
      throw new UsageError(`--max-pixels: ${max} is above the ${v.family} processor's max_pixels (it would shrink the images again); allowed: ${range}`, '--max-pixels');
  }
  const source = max === undefined && flags.minPixels === undefined ? 'default' : 'flags';
  max ??= Math.min(v.max_pixels, trainerDefaultMax ?? Infinity);
  let min = v.min_pixels;
  if (flags.minPixels !== undefined) {
    min = posInt('--min-pixels', flags.minPixels);
    if (min < r.min[0] || min > max)
      throw new UsageError(
        `--min-pixels: ${min} is outside the allowed range ${r.min[0]}..${max} px² (below ${r.min[0]} the ${v.family} processor enlarges small images again; above --max-pixels there is no size left)`,
        '--min-pixels',
      );
  }
  return { factor: v.factor, min_pixels: min, max_pixels: max, vision: v, source };
}

/** The trainer's own default cap on image area before the model processor (null: none). */
export function trainerDefaultMax(to: string): number | null {
  return to === 'llamafactory' ? LLAMAFACTORY_DEFAULTS.image_max_pixels : null;
}
