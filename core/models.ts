/**
 * Model presets (`--model-family`): for each model family the coordinate convention and answer dialect it
 * reads and writes (a row of core/coords.ts `COORD_CONVENTIONS`, a row of core/actions.ts `DIALECT_SYNTAX`)
 * and its vision preprocessing defaults (the smart_resize factor and pixel range of its processor).
 * `uisynth export` (export/formats/index.ts, export/budget.ts) and `uisynth score` (score/report.ts) read
 * them; an explicit `--coords` / `--dialect` wins over a preset.
 */
import type { Dialect } from './actions.js';
import type { CoordName } from './coords.js';

/** `--model-family` values. */
export const MODEL_FAMILY_NAMES = ['qwen2.5-vl', 'ui-venus', 'ui-tars-1.5', 'ui-tars', 'qwen2-vl', 'qwen3-vl'] as const;
export type ModelFamily = (typeof MODEL_FAMILY_NAMES)[number];

/** What a model family answers in. */
export interface ModelPreset {
  /** Its coordinate convention (core/coords.ts). */
  coords: CoordName;
  /** Its answer syntax (core/actions.ts). */
  dialect: Dialect;
  /** One line for the CLI help and the dataset card. */
  note: string;
}

/**
 * The coordinate convention and dialect per family, checked complete at compile time. Qwen2.5-VL answers in
 * absolute px of the smart-resized image; Qwen2-VL, UI-TARS-1.0 and Qwen3-VL on a relative 0-1000 scale.
 */
const PRESETS = {
  'qwen2.5-vl': { coords: 'qwen25', dialect: 'venus', note: 'absolute px after smart_resize' },
  'ui-venus': { coords: 'qwen25', dialect: 'venus', note: 'Qwen2.5-VL based; absolute px after smart_resize' },
  'ui-tars-1.5': { coords: 'qwen25', dialect: 'uitars', note: 'Qwen2.5-VL based; absolute px after smart_resize' },
  'ui-tars': { coords: 'norm1000-1000', dialect: 'uitars', note: 'UI-TARS-1.0 (Qwen2-VL based): 0-1000' },
  'qwen2-vl': { coords: 'norm1000-1000', dialect: 'venus', note: '0-1000 relative' },
  'qwen3-vl': { coords: 'norm1000-1000', dialect: 'venus', note: '0-1000 relative (Alibaba docs say 0-999: use --coords norm1000 for that)' },
} as const satisfies Record<ModelFamily, ModelPreset>;

/** The presets, looked up by a `--model-family` string (undefined for an unknown family). */
export const MODEL_FAMILIES: Readonly<Record<string, ModelPreset>> = PRESETS;

/** A model's vision preprocessing defaults (preprocessor_config / the model's own parser). */
export interface ModelVision {
  /** Model family name, or `qwen2.5-vl` when only `--coords qwen25` is given. */
  family: string;
  /** patch size × spatial merge (2): 28 for Qwen2/2.5-VL, 32 for Qwen3-VL. */
  factor: number;
  /** The processor's (or the answer parser's) min_pixels / max_pixels, px². */
  min_pixels: number;
  max_pixels: number;
  /** verl `data.image_patch_size` (factor / 2). */
  patch_size: number;
}

const Q25 = { factor: 28, patch_size: 14, min_pixels: 4 * 28 * 28, max_pixels: 16384 * 28 * 28 };
/** Qwen3-VL preprocessor_config: patch 16, merge 2; size.shortest_edge 65536, longest_edge 16777216. */
const Q3 = { factor: 32, patch_size: 16, min_pixels: 65536, max_pixels: 16384 * 32 * 32 };

const VISION = {
  'qwen2.5-vl': { family: 'qwen2.5-vl', ...Q25 },
  'ui-venus': { family: 'ui-venus', ...Q25 },
  // UI-TARS' action_parser.py recomputes the frame with MIN_PIXELS = 100 * 28 * 28 (L8)
  'ui-tars-1.5': { family: 'ui-tars-1.5', ...Q25, min_pixels: 100 * 28 * 28 },
  'ui-tars': { family: 'ui-tars', ...Q25 },
  'qwen2-vl': { family: 'qwen2-vl', ...Q25 },
  'qwen3-vl': { family: 'qwen3-vl', ...Q3 },
} satisfies Record<ModelFamily, ModelVision>;

/** Vision defaults per `--model-family` (undefined for an unknown family). */
export const MODEL_VISION: Readonly<Record<string, ModelVision>> = VISION;

/** `--model-family` help: every family with its convention and dialect, from the presets. */
export function modelFamiliesHelp(): string {
  return MODEL_FAMILY_NAMES.map((f) => `${f} (${PRESETS[f].coords}, ${PRESETS[f].dialect})`).join(', ');
}
