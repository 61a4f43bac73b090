/**
 * What each trainer does to an image before the model sees it, transcribed from the trainers' own code
 * (the few functions that decide the size; pixels are not simulated, only sizes). Used by the export
 * round trip (export/roundtrip.ts): the exported coordinates must be right in the image of THIS size.
 *
 * Sources (repository, path, line at the commit read):
 * - qwen-vl-utils `smart_resize` and `fetch_image`: QwenLM/Qwen3-VL `qwen-vl-utils/src/qwen_vl_utils/vision_process.py`
 *   L56-78 (smart_resize), L93-140 (fetch_image: `min_pixels`/`max_pixels` from the element, defaults
 *   `IMAGE_MIN_TOKEN_NUM`=4 and `IMAGE_MAX_TOKEN_NUM`=16384 times factor², L26-27), commit 96588727.
 *   transformers' `Qwen2VLImageProcessor` uses the same `smart_resize` with the processor's `min_pixels`/`max_pixels`.
 * - LLaMA-Factory: hiyouga/LlamaFactory `src/llamafactory/data/mm_plugin.py` L218-230 (`BasePlugin._preprocess_image`:
 *   shrink to `image_max_pixels` with `int()` truncation, grow to `image_min_pixels`), L361-363 (defaults
 *   768*768 and 32*32), L2261-2273 (`Qwen2VLPlugin._preprocess_image`: sides >= 28, aspect <= 200), then the
 *   HF processor's smart_resize; `src/llamafactory/hparams/model_args.py` L305-312 (the same defaults), commit ff6d4d12.
 * - ms-swift: modelscope/ms-swift `swift/template/templates/qwen.py` L333-341 (`Qwen2VLTemplate.replace_tag`:
 *   `fetch_image` of qwen-vl-utils, then the image processor with `do_resize=False`, L393), `swift/model/models/qwen.py`
 *   L698-738 (`patch_qwen_vl_utils`: environment variables replace the module defaults), L748-759 (`compat_qwen_vl_utils`: with qwen-vl-utils >= 0.0.14 `MAX_PIXELS`/`MIN_PIXELS` become `IMAGE_MAX_TOKEN_NUM`/`IMAGE_MIN_TOKEN_NUM` = value // factor², only when those are unset), commit 3602360a.
 * - verl: volcengine/verl `verl/utils/dataset/vision_utils.py` L22-32 (`process_image` -> qwen-vl-utils `fetch_image`
 *   on the Parquet image dict, so `min_pixels`/`max_pixels` keys of that dict apply), `verl/utils/dataset/rl_dataset.py`
 *   L109 (`image_patch_size`, default 14), `verl/trainer/config/data/legacy_data.yaml` L35 (`max_prompt_length: 512`)
 *   and L86 (`truncation: error`), commit b178a3cd.
 * - TRL: the model's processor (`Qwen2VLImageProcessor`) with the `min_pixels`/`max_pixels` it was loaded with
 *   (preprocessor_config defaults; Qwen2.5-VL 3136 / 12845056, factor 28; Qwen3-VL 65536 / 16777216, factor 32).
 */
import { smartResize, type PixelBudget } from '../../core/coords.js';

/** `[width, height]` in px. */
export type Size = [number, number];

/** qwen-vl-utils / HF processor resize: smart_resize with `budget` (vision_process.py L56-78, L128-140). */
export function qwenFetchImage(size: Size, budget: PixelBudget): Size {
  const [h, w] = smartResize(size[1], size[0], budget);
  return [w, h];
}

/** LLaMA-Factory settings that touch the image size. */
export interface LlamaFactoryImageSettings {
  image_max_pixels: number;
  image_min_pixels: number;
}

/** LLaMA-Factory's defaults (model_args.py L305-312). */
export const LLAMAFACTORY_DEFAULTS: Readonly<LlamaFactoryImageSettings> = Object.freeze({ image_max_pixels: 768 * 768, image_min_pixels: 32 * 32 });

/**
 * LLaMA-Factory `Qwen2VLPlugin._preprocess_image` on an image of `size` (mm_plugin.py L218-230, L2261-2273):
 * PIL `int()` truncation when shrinking/growing, then sides of at least 28 and aspect ratio at most 200.
 */
export function llamaFactoryPreprocess(size: Size, s: LlamaFactoryImageSettings): Size {
  let [w, h] = size;
  if (w * h > s.image_max_pixels) {
    const f = Math.sqrt(s.image_max_pixels / (w * h));
    [w, h] = [Math.trunc(w * f), Math.trunc(h * f)];
  }
  if (w * h < s.image_min_pixels) {
    const f = Math.sqrt(s.image_min_pixels / (w * h));
    [w, h] = [Math.trunc(w * f), Math.trunc(h * f)];
  }
  if (Math.min(w, h) < 28) [w, h] = [Math.max(w, 28), Math.max(h, 28)];
  if (w / h > 200) [w, h] = [h * 180, h];
  if (h / w > 200) [w, h] = [w, w * 180];
  return [w, h];
}

/** LLaMA-Factory end to end: its own preprocessing, then the HF processor's smart_resize with the processor budget. */
export function llamaFactorySeen(size: Size, s: LlamaFactoryImageSettings, processor: PixelBudget): Size {
  return qwenFetchImage(llamaFactoryPreprocess(size, s), processor);
}

/** Visual tokens of an image of `seen` size for a Qwen-VL model with merge factor `factor` (patch × 2). */
export function imageTokens(seen: Size, factor: number): number {
  return Math.round(seen[0] / factor) * Math.round(seen[1] / factor);
}
