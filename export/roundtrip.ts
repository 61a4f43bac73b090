/**
 * The export round trip: for every exported sample and every consumer setting that matters (the trainer's
 * defaults and the settings the card prints), simulate what the consumer does and map the gold answer back
 * to the source image; it must land in its target / satisfy its verifier.
 *
 * Per sample and consumer view:
 * 1. the image size the model sees: the consumer's own preprocessing (export/consumers/preprocess.ts) on the
 *    exported file size;
 * 2. the answer's numbers read as written (score/parse.ts `parseCompletion`), decoded in the frame the prompt
 *    declares, in the image the model sees: `resized_px` = px of the seen image, `relative` = fraction of it,
 *    `image_px` = px of the declared source image; mapped to source px and scored with the strict rules
 *    (score/scorer.ts) against the record's own geometry;
 * 3. `uitars` dialect: UI-TARS' own parser (export/consumers/uitars-parser.ts) must read the same actions and
 *    land them in the same targets;
 * 4. RL consumers (swift GRPO, TRL, verl, webdataset, hf-imagefolder): the reward on the stored ground truth
 *    (score/reward.ts, twin of reward/uisynth_reward.py) must give 1;
 * 5. verl: the prompt (image tokens + text) must fit `data.max_prompt_length` (rl_dataset.py L255 filter,
 *    `truncation: error` otherwise);
 * 6. screenspot: the ScreenSpot-Pro evaluator's check, likaixin2000/ScreenSpot-Pro-GUI-Grounding
 *    `eval_screenspot_pro.py` L137-152 (commit bd8bbbb4): bbox and point divided by `img_size`, point inside
 *    with both edges inclusive; negatives (L154-160) are right when the model refuses.
 */
import type { Action } from '../core/actions.js';
import { parseCompletion, ParseError } from '../score/parse.js';
import { reward } from '../score/reward.js';
import { scoreTarget, scoreVerifier } from '../score/scorer.js';
import type { PixelBudget, ResolvedCoords } from '../core/coords.js';
import { LLAMAFACTORY_DEFAULTS, llamaFactorySeen, qwenFetchImage, type Size } from './consumers/preprocess.js';
import { parseUitars, UitarsParseError } from './consumers/uitars-parser.js';
import type { ExportSample } from './formats/samples.js';
import type { ModelVision } from '../core/models.js';
import { promptTokenBound, swiftBudget, type TrainSettings } from './train-settings.js';

/** verl's default `data.max_prompt_length` (legacy_data.yaml L35). */
export const VERL_DEFAULT_MAX_PROMPT_LENGTH = 512;

/** One consumer at one group of settings. */
export interface ConsumerView {
  /** e.g. `llamafactory`, `swift`, `verl`. */
  consumer: string;
  setting: 'default' | 'card';
  /** Image size the model sees for an exported file of `file` size. */
  seen(file: Size): Size;
  /** Merge factor of the model (image tokens). */
  factor: number;
  /** verl: prompts longer than this are an error (null: not checked). */
  maxPromptLength: number | null;
  /** The RL reward reads the stored ground truth. */
  reward: boolean;
  /** ScreenSpot-Pro evaluator instead of an answer. */
  screenspot: boolean;
}

const Q25_PROCESSOR: PixelBudget = { factor: 28, min_pixels: 4 * 28 * 28, max_pixels: 16384 * 28 * 28 };

/** The consumer views of an export: trainer defaults and the card's settings. */
export function consumerViews(to: string, vision: ModelVision | null, t: TrainSettings): ConsumerView[] {
  const proc: PixelBudget = vision ? { factor: vision.factor, min_pixels: vision.min_pixels, max_pixels: vision.max_pixels } : Q25_PROCESSOR;
  // qwen-vl-utils defaults: IMAGE_MIN_TOKEN_NUM 4, IMAGE_MAX_TOKEN_NUM 16384 (vision_process.py L26-27)
  const utilsDefault = (factor: number): PixelBudget => ({ factor, min_pixels: 4 * factor * factor, max_pixels: 16384 * factor * factor });
  const f = proc.factor;
  const base = { factor: f, maxPromptLength: null, reward: false, screenspot: false };
  switch (to) {
    case 'llamafactory': {
      const card = t.llamafactory!;
      return [
        { ...base, consumer: 'llamafactory', setting: 'default', seen: (s) => llamaFactorySeen(s, LLAMAFACTORY_DEFAULTS, proc) },
        { ...base, consumer: 'llamafactory', setting: 'card', seen: (s) => llamaFactorySeen(s, card, proc) },
      ];
    }
    case 'swift': {
      const card = t.swift ? swiftBudget(t.swift, f, utilsDefault(f)) : utilsDefault(f);
      return [
        { ...base, reward: true, consumer: 'swift', setting: 'default', seen: (s) => qwenFetchImage(s, utilsDefault(f)) },
        { ...base, reward: true, consumer: 'swift', setting: 'card', seen: (s) => qwenFetchImage(s, card) },
      ];
    }
    case 'verl': {
      const card = t.verl!;
      // process_image -> fetch_image with factor image_patch_size*2 (default 14), then the model processor
      return [
        { ...base, reward: true, consumer: 'verl', setting: 'default', seen: (s) => qwenFetchImage(qwenFetchImage(s, utilsDefault(28)), proc) },
        {
          ...base,
          reward: true,
          consumer: 'verl',
          setting: 'card',
          maxPromptLength: card['data.max_prompt_length'],
          seen: (s) => qwenFetchImage(qwenFetchImage(s, utilsDefault(card['data.image_patch_size'] * 2)), proc),
        },
      ];
    }
    case 'screenspot':
      return [{ ...base, screenspot: true, consumer: 'screenspot', setting: 'default', seen: (s) => s }];
    default: {
      // trl, hf-imagefolder, webdataset: the model's processor, at its defaults and with the card's kwargs
      const card = t.processor ? { factor: f, ...t.processor } : proc;
      return [
        { ...base, reward: true, consumer: to, setting: 'default', seen: (s) => (vision ? qwenFetchImage(s, proc) : s) },
        { ...base, reward: true, consumer: to, setting: 'card', seen: (s) => (vision ? qwenFetchImage(s, card) : s) },
      ];
    }
  }
}

/** Decode one number on `axis` from the convention's frame, in the image the model sees, to source px. */
function fromFrame(m: number, axis: 0 | 1, rc: ResolvedCoords, src: Size, seen: Size): number {
  if (rc.space === 'image_px') return m;
  if (rc.space === 'resized_px') return (m * src[axis]) / seen[axis];
  const nb = rc.normalized_by ?? 1;
  return rc.quantize === 'floor' ? ((m + 0.5) * src[axis]) / nb : (m * src[axis]) / nb;
}

function mapPoints(a: Action, f: (p: [number, number]) => [number, number]): Action {
  if (a.type === 'drag') return { ...a, start: f(a.start), end: f(a.end) };
  if (a.type === 'type' || a.type === 'refuse') return a;
  return { ...a, point: f(a.point) };
}

/** Score actions in source px against the sample's record. */
function scoreSource(s: ExportSample, px: readonly Action[]): string | null {
  const r = s.record.kind === 'captcha' ? scoreVerifier(s.record.verifier, px) : scoreTarget(s.bbox, px);
  return r.score === 1 ? null : r.reason;
}

const UITARS_TYPES: Record<string, Action['type']> = {
  click: 'click',
  left_single: 'click',
  left_double: 'double_click',
  long_press: 'long_press',
  type: 'type',
  drag: 'drag',
  scroll: 'scroll',
  call_user: 'refuse',
};

/** UI-TARS' parser output (relative boxes) to actions in source px (box centre × source size, as its pyautogui step does). */
export function uitarsToSource(
  text: string,
  file: Size,
  src: Size,
  modelType: 'qwen25vl' | 'qwen2vl',
  budget: { min_pixels: number; max_pixels: number } | null = null,
): Action[] {
  const parsed = parseUitars(text, { factor: 1000, height: file[1], width: file[0], model_type: modelType, ...(budget ?? {}) });
  return parsed.map((p): Action => {
    const t = UITARS_TYPES[p.action_type];
    if (!t) throw new UitarsParseError(`unsupported action ${p.action_type}`);
    const centre = (k: string): [number, number] => {
      const b = p.action_inputs[k];
      if (!Array.isArray(b)) throw new UitarsParseError(`${p.action_type} without ${k}`);
      return [((b[0]! + b[2]!) / 2) * src[0], ((b[1]! + b[3]!) / 2) * src[1]];
    };
    switch (t) {
      case 'type':
        return { type: 'type', text: String(p.action_inputs.content ?? '') };
      case 'refuse':
        return { type: 'refuse' };
      case 'drag':
        return { type: 'drag', start: centre('start_box'), end: centre('end_box') };
      case 'scroll':
        return { type: 'scroll', point: centre('start_box'), direction: String(p.action_inputs.direction) as 'up' | 'down' | 'left' | 'right' };
      default:
        return { type: t, point: centre('start_box') } as Action;
    }
  });
}

/**
 * Check one sample under one consumer view.
 * @param answer the answer text as exported (defaults to `s.answer`); tests pass perturbed answers
 * @param groundTruth the stored ground truth (defaults to `s.groundTruthJson`)
 * @returns null when the gold answer maps back into its targets, else the reason
 */
export function checkSample(s: ExportSample, v: ConsumerView, dialect: string, answer = s.answer, groundTruth = s.groundTruthJson): string | null {
  const seen = v.seen(s.fileSize);
  if (v.screenspot) {
    // ScreenSpot-Pro evaluator (eval_screenspot_pro.py L137-152): bbox and point normalised by img_size, inclusive
    const a = s.actionsPx[0];
    if (s.bbox === null) return s.refusal ? null : 'negative sample without a refusal';
    if (!a || a.type !== 'click') return 'positive sample without a point';
    const [w, h] = s.fileSize;
    const [x, y] = [a.point[0] / w, a.point[1] / h];
    const b = [s.bbox[0] / w, s.bbox[1] / h, s.bbox[2] / w, s.bbox[3] / h];
    return x >= b[0]! && x <= b[2]! && y >= b[1]! && y <= b[3]! ? null : 'point outside bbox';
  }
  let acts: Action[];
  try {
    acts = parseCompletion(answer, { grounding: s.kind === 'grounding' });
  } catch (e) {
    if (e instanceof ParseError) return `answer does not parse (${e.message})`;
    throw e;
  }
  const rc = s.coords;
  const px = acts.map((a) => mapPoints(a, (p) => [fromFrame(p[0], 0, rc, s.size, seen), fromFrame(p[1], 1, rc, s.size, seen)]));
  const why = scoreSource(s, px);
  if (why) return `in the ${seen[0]}x${seen[1]} image the model sees: ${why}`;
  if (dialect === 'uitars') {
    const mt = rc.space === 'resized_px' ? 'qwen25vl' : rc.normalized_by === 1000 ? 'qwen2vl' : null;
    try {
      if (mt) {
        // the parser as UI-TARS' README calls it (default min/max_pixels), and with the export's budget passed
        // as its max_pixels/min_pixels arguments (train-settings.json `uitars_parser`)
        for (const b of rc.resize ? [null, rc.resize] : [null]) {
          const u = uitarsToSource(answer, s.fileSize, s.size, mt, b);
          const w2 = scoreSource(s, u);
          if (w2) return `UI-TARS action_parser${b ? ` (max_pixels ${b.max_pixels}, min_pixels ${b.min_pixels})` : rc.resize ? ' (default max_pixels)' : ''}: ${w2}`;
        }
      } else parseUitars(answer, { height: s.fileSize[1], width: s.fileSize[0] });
    } catch (e) {
      if (e instanceof UitarsParseError) return `UI-TARS action_parser: ${e.message}`;
      throw e;
    }
  }
  if (v.reward && reward(groundTruth, answer) !== 1) return 'reward on the stored ground truth is 0';
  if (v.maxPromptLength !== null) {
    const n = promptTokenBound(s, seen, v.factor);
    if (n > v.maxPromptLength) return `prompt of up to ${n} tokens exceeds data.max_prompt_length ${v.maxPromptLength}`;
  }
  return null;
}

/** Round-trip counts (export-manifest.json `roundtrip`). */
export interface RoundTrip {
  checked: number;
  ok: number;
  by_consumer: Record<string, { checked: number; ok: number; first_miss: { sample: string; reason: string } | null }>;
  /** verl only: samples longer than verl's default data.max_prompt_length (512). */
  verl_default_prompt_length?: { limit: number; samples_over: number };
  /** `--allow-default-miss` was given: `@default` entries may have misses (labels right only with the card's settings). */
  default_misses_allowed?: true;
}

/** Run every view over every sample. Keys of `by_consumer`: `<consumer>@<setting>`. */
export function roundTrip(samples: readonly ExportSample[], views: readonly ConsumerView[], dialect: string): RoundTrip {
  const rt: RoundTrip = { checked: 0, ok: 0, by_consumer: {} };
  for (const v of views) {
    const e = (rt.by_consumer[`${v.consumer}@${v.setting}`] = { checked: 0, ok: 0, first_miss: null as { sample: string; reason: string } | null });
    for (const s of samples) {
      const why = checkSample(s, v, dialect);
      e.checked++;
      rt.checked++;
      if (why === null) {
        e.ok++;
        rt.ok++;
      } else e.first_miss ??= { sample: s.key, reason: why };
    }
  }
  const verl = views.find((v) => v.consumer === 'verl' && v.setting === 'default');
  if (verl)
    rt.verl_default_prompt_length = {
      limit: VERL_DEFAULT_MAX_PROMPT_LENGTH,
      samples_over: samples.filter((s) => promptTokenBound(s, verl.seen(s.fileSize), verl.factor) > VERL_DEFAULT_MAX_PROMPT_LENGTH).length,
    };
  return rt;
}
