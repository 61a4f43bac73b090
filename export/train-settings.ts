/**
 * The trainer settings an export depends on (`train-settings.json`, the dataset card, the end of the run):
 * with them, the trainer's image preprocessing leaves every exported image at the size its coordinates
 * refer to, and verl keeps every prompt.
 *
 * Settings per consumer (sources in export/consumers/preprocess.ts):
 * - LLaMA-Factory YAML: `image_max_pixels`, `image_min_pixels`.
 * - ms-swift environment: Qwen2/2.5-VL (factor 28) `MAX_PIXELS`, `MIN_PIXELS`; Qwen3-VL (factor 32)
 *   `IMAGE_MAX_TOKEN_NUM`, `IMAGE_MIN_TOKEN_NUM`: qwen-vl-utils >= 0.0.14 reads token counts, and ms-swift only
 *   converts `MAX_PIXELS` into them (`// factor**2`, flooring) when the token variable is unset and only in
 *   versions that have `compat_qwen_vl_utils` (modelscope/ms-swift `swift/model/models/qwen.py` L748-759,
 *   called with image_patch_size 16 by `Qwen3VLLoader` L1095, commit 3602360a); earlier versions ignore it.
 * - verl: `data.max_prompt_length` (largest image token count + prompt text, bounded by its UTF-8 bytes, + chat
 *   template overhead), `data.image_patch_size`.
 * - TRL (and any Hugging Face processor user: hf-imagefolder, webdataset): processor kwargs `min_pixels`, `max_pixels`.
 */
import type { ExportBudget } from './budget.js';
import { imageTokens, qwenFetchImage, type Size } from './consumers/preprocess.js';
import type { ExportSample } from './formats/samples.js';

/** Tokens the chat template adds around one user turn with one image (system prompt, role tags, vision markers); an upper bound for Qwen-VL templates. */
export const CHAT_TEMPLATE_TOKENS = 64;

/** `train-settings.json`. */
export interface TrainSettings {
  format: 'uisynth-train-settings/1';
  to: string;
  model_family: string | null;
  /** The export's pixel budget (null: images are exported at their source size and coordinates do not depend on the model's resize). */
  pixel_budget: { factor: number; min_pixels: number; max_pixels: number; source: 'default' | 'flags' } | null;
  /** Exported image sizes. */
  images: { largest: Size; largest_area: number; smallest_area: number; max_image_tokens: number | null };
  /** Upper bound on prompt tokens (image + text + template), the basis of verl's max_prompt_length. */
  max_prompt_tokens: number | null;
  llamafactory: { image_max_pixels: number; image_min_pixels: number } | null;
  /** ms-swift environment variables (Qwen3-VL: token counts, see the module comment). */
  swift: { MAX_PIXELS?: number; MIN_PIXELS?: number; IMAGE_MAX_TOKEN_NUM?: number; IMAGE_MIN_TOKEN_NUM?: number } | null;
  verl: { 'data.max_prompt_length': number; 'data.image_patch_size': number; 'data.image_key': 'images' } | null;
  processor: { min_pixels: number; max_pixels: number } | null;
  /**
   * UI-TARS-1.5 (`uitars` dialect, qwen25 coordinates): the `max_pixels`/`min_pixels` arguments of UI-TARS'
   * `parse_action_to_structure_output`, which recomputes the answer's frame with smart_resize (null otherwise).
   * With images written at their smart_resize size, the parser's own defaults give the same frame.
   */
  uitars_parser: { model_type: 'qwen25vl'; factor: 1000; max_pixels: number; min_pixels: number } | null;
}

/** Upper bound on a sample's prompt tokens given the size the model sees (byte-level BPE never makes more tokens than UTF-8 bytes). */
export function promptTokenBound(s: ExportSample, seen: Size, factor: number): number {
  return imageTokens(seen, factor) + Buffer.byteLength(s.prompt, 'utf8') + CHAT_TEMPLATE_TOKENS;
}

/** The settings for an export of `to` with `budget` (null budget: only verl's prompt length, with Qwen2.5-VL's processor defaults). */
export function trainSettings(
  to: string,
  family: string | null,
  budget: ExportBudget | null,
  samples: readonly ExportSample[],
  uitars = false,
): TrainSettings {
  let largest: Size = [0, 0];
  let smallest = Infinity;
  for (const s of samples) {
    const a = s.fileSize[0] * s.fileSize[1];
    if (a > largest[0] * largest[1]) largest = [s.fileSize[0], s.fileSize[1]];
    smallest = Math.min(smallest, a);
  }
  if (!samples.length) smallest = 0;
  const factor = budget?.factor ?? 28;
  const proc = budget ?? { factor: 28, min_pixels: 4 * 28 * 28, max_pixels: 16384 * 28 * 28 };
  let maxTokens = 0;
  let maxImageTokens = 0;
  for (const s of samples) {
    const seen = qwenFetchImage(s.fileSize, proc);
    maxImageTokens = Math.max(maxImageTokens, imageTokens(seen, factor));
    maxTokens = Math.max(maxTokens, promptTokenBound(s, seen, factor));
  }
  const roundUp = (n: number, m: number): number => Math.ceil(n / m) * m;
  const lfMax = budget ? budget.max_pixels : Math.max(largest[0] * largest[1], 1);
  return {
    format: 'uisynth-train-settings/1',
    to,
    model_family: family,
    pixel_budget: budget ? { factor: budget.factor, min_pixels: budget.min_pixels, max_pixels: budget.max_pixels, source: budget.source } : null,
    images: { largest, largest_area: largest[0] * largest[1], smallest_area: smallest, max_image_tokens: samples.length ? maxImageTokens : null },
    max_prompt_tokens: samples.length ? maxTokens : null,
    llamafactory: to === 'llamafactory' ? { image_max_pixels: lfMax, image_min_pixels: budget ? Math.min(budget.min_pixels, smallest) : 32 * 32 } : null,
    swift: to === 'swift' && budget ? swiftEnv(budget) : null,
    verl: to === 'verl' ? { 'data.max_prompt_length': roundUp(Math.max(maxTokens, 1), 64), 'data.image_patch_size': factor / 2, 'data.image_key': 'images' } : null,
    processor: budget && (to === 'trl' || to === 'hf-imagefolder' || to === 'webdataset') ? { min_pixels: budget.min_pixels, max_pixels: budget.max_pixels } : null,
    uitars_parser: uitars && budget ? { model_type: 'qwen25vl', factor: 1000, max_pixels: budget.max_pixels, min_pixels: budget.min_pixels } : null,
  };
}

/**
 * ms-swift environment for a budget: pixel counts for factor 28, token counts for Qwen3-VL's factor 32
 * (the max rounded down, the min up, so the token budget stays inside the pixel budget).
 */
export function swiftEnv(b: { factor: number; min_pixels: number; max_pixels: number }): NonNullable<TrainSettings['swift']> {
  const f2 = b.factor * b.factor;
  return b.factor === 32
    ? { IMAGE_MAX_TOKEN_NUM: Math.floor(b.max_pixels / f2), IMAGE_MIN_TOKEN_NUM: Math.ceil(b.min_pixels / f2) }
    : { MAX_PIXELS: b.max_pixels, MIN_PIXELS: b.min_pixels };
}

/**
 * The qwen-vl-utils budget ms-swift runs with under the environment `env` (factor `factor`): token variables
 * win; `MAX_PIXELS`/`MIN_PIXELS` become `value // factor**2` tokens (compat_qwen_vl_utils, qwen.py L748-759).
 */
export function swiftBudget(env: NonNullable<TrainSettings['swift']>, factor: number, dflt: { min_pixels: number; max_pixels: number }): { factor: number; min_pixels: number; max_pixels: number } {
  const f2 = factor * factor;
  const tok = (t: number | undefined, px: number | undefined, d: number): number => (t !== undefined ? t * f2 : px !== undefined ? Math.floor(px / f2) * f2 : d);
  return { factor, max_pixels: tok(env.IMAGE_MAX_TOKEN_NUM, env.MAX_PIXELS, dflt.max_pixels), min_pixels: tok(env.IMAGE_MIN_TOKEN_NUM, env.MIN_PIXELS, dflt.min_pixels) };
}

/** Ready-to-paste fragments, one per trainer setting group present (title, language, text). */
export function settingsFragments(t: TrainSettings): Array<{ title: string; lang: string; text: string }> {
  const out: Array<{ title: string; lang: string; text: string }> = [];
  if (t.llamafactory)
    out.push({ title: 'LLaMA-Factory (training YAML)', lang: 'yaml', text: `image_max_pixels: ${t.llamafactory.image_max_pixels}\nimage_min_pixels: ${t.llamafactory.image_min_pixels}` });
  if (t.swift)
    out.push({
      title: 'ms-swift (environment)',
      lang: 'bash',
      text: `${Object.entries(t.swift).map(([k, v]) => `${k}=${v}`).join(' ')} swift sft ...`,
    });
  if (t.verl)
    out.push({
      title: 'verl (overrides)',
      lang: 'bash',
      text: `data.max_prompt_length=${t.verl['data.max_prompt_length']} data.image_patch_size=${t.verl['data.image_patch_size']} data.image_key=images`,
    });
  if (t.processor)
    out.push({
      title: 'Processor (TRL / transformers)',
      lang: 'python',
      text: `processor = AutoProcessor.from_pretrained(model_id, min_pixels=${t.processor.min_pixels}, max_pixels=${t.processor.max_pixels})`,
    });
  if (t.uitars_parser)
    out.push({
      title: 'UI-TARS answer parser (Python)',
      lang: 'python',
      text: `parse_action_to_structure_output(response, factor=1000, origin_resized_height=H, origin_resized_width=W, model_type="qwen25vl", max_pixels=${t.uitars_parser.max_pixels}, min_pixels=${t.uitars_parser.min_pixels})`,
    });
  return out;
}
