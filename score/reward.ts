/**
 * The RL reward: the strict scorer (score/scorer.ts) as a library function over the ground-truth JSON
 * that exported rows carry (verl `reward_model.ground_truth`, the TRL `ground_truth` column).
 * reward/uisynth_reward.py implements the same function in dependency-free Python; both must give the
 * expected score on every line of reward/golden_cases.jsonl.
 *
 * Ground truth (`v: "uisynth-reward/1"`), all geometry in px of the saved image, boxes x2/y2 exclusive:
 * ```json
 * {"v": "uisynth-reward/1", "kind": "grounding", "id": "...", "qid": "q0",
 *  "size": [W, H], "coords": {"name": "qwen25", "space": "resized_px", "order": "xy", "normalized_by": null,
 *                             "quantize": "round", "range": null, "resize": {...}, "size": [W, H], "resized": [W', H']},
 *  "target": {"bbox": [x1, y1, x2, y2]}}          // "target": null -> the answer must be a refusal
 * {"v": "uisynth-reward/1", "kind": "captcha", "id": "...", "size": [W, H], "coords": {...},
 *  "verifier": {...}}                               // core/schema.ts Verifier
 * ```
 * `coords` is the convention the model answers in (core/coords.ts); points are decoded from it to
 * image px before the rules apply.
 */
import type { Box } from '../core/geometry.js';
import { Verifier } from '../core/schema.js';
import { mapActionPoints, type Action } from '../core/actions.js';
import { convention, pointFromConvention, resolveCoords, smartResize, type CoordConvention, type ResolvedCoords } from '../core/coords.js';
import { parseCompletion, ParseError } from './parse.js';
import { scoreTarget, scoreVerifier, type ScoreResult } from './scorer.js';

/** Version tag of the ground-truth format. */
export const GROUND_TRUTH_VERSION = 'uisynth-reward/1';

/** The ground truth stored per exported sample (see the module doc). */
export interface GroundTruth {
  v: typeof GROUND_TRUTH_VERSION;
  kind: 'grounding' | 'captcha';
  id?: string;
  qid?: string | null;
  /** Saved image [width, height] in px. */
  size: [number, number];
  /** The model's coordinate convention; `resized` may be omitted for `resized_px` (recomputed from `resize`). */
  coords: CoordConvention & { size?: [number, number]; resized?: [number, number] | null };
  /** Grounding: the target box, or null for an infeasible query (refusal expected). */
  target?: { bbox: Box } | null;
  /** CAPTCHA: the verifier of the record. */
  verifier?: Verifier;
}

/** Options for {@link reward} / {@link rewardDetail}. */
export interface RewardOptions {
  /** Override the convention the completion's coordinates are in (a name such as `norm1000`, or a convention). */
  coords?: string | CoordConvention;
}

/**
 * Parse and check a ground truth (JSON string or object).
 * @throws Error naming the field when it is not a `uisynth-reward/1` ground truth.
 */
export function parseGroundTruth(gt: string | GroundTruth | Record<string, unknown>): GroundTruth {
  const o = (typeof gt === 'string' ? JSON.parse(gt) : gt) as GroundTruth;
  if (!o || typeof o !== 'object' || o.v !== GROUND_TRUTH_VERSION) throw new Error(`ground truth: v must be "${GROUND_TRUTH_VERSION}"`);
  if (!Array.isArray(o.size) || o.size.length !== 2) throw new Error('ground truth: size must be [width, height]');
  if (!o.coords || typeof o.coords !== 'object') throw new Error('ground truth: coords missing');
  if (o.kind === 'grounding') {
    if (o.target !== null && !(o.target && Array.isArray(o.target.bbox) && o.target.bbox.length === 4))
      throw new Error('ground truth: grounding needs target {bbox} or null');
  } else if (o.kind === 'captcha') {
    const v = Verifier.safeParse(o.verifier);
    if (!v.success) throw new Error(`ground truth: verifier: ${v.error.issues[0]?.path.join('.')}: ${v.error.issues[0]?.message}`);
  } else throw new Error('ground truth: kind must be grounding or captcha');
  return o;
}

/** The resolved convention of a ground truth (or of an override), bound to the ground truth's image size. */
export function groundTruthCoords(gt: GroundTruth, override?: string | CoordConvention): ResolvedCoords {
  const c = override === undefined ? gt.coords : typeof override === 'string' ? convention(override) : override;
  const size: [number, number] = [gt.size[0], gt.size[1]];
  if (c.space !== 'resized_px') return { ...c, size, resized: null };
  if (override === undefined && Array.isArray(gt.coords.resized)) return { ...c, size, resized: [gt.coords.resized[0], gt.coords.resized[1]] };
  if (!c.resize) return resolveCoords(c, size);
  const [h, w] = smartResize(size[1], size[0], c.resize);
  return { ...c, size, resized: [w, h] };
}

/** Map parsed actions from a convention to image px. */
export function actionsFromConvention(actions: readonly Action[], rc: ResolvedCoords): Action[] {
  return actions.map((a) => mapActionPoints(a, (p) => pointFromConvention(p, rc) as [number, number]));
}

/**
 * Score one completion with the strict rules: 1 for a fully correct answer, else 0, with a reason.
 * Never throws for a bad completion (unparseable -> 0); throws Error for a malformed ground truth.
 */
export function rewardDetail(groundTruth: string | GroundTruth | Record<string, unknown>, completion: string, opts: RewardOptions = {}): ScoreResult {
  const gt = parseGroundTruth(groundTruth);
  let actions: Action[];
  try {
    actions = parseCompletion(completion, { grounding: gt.kind === 'grounding' });
  } catch (e) {
    if (e instanceof ParseError) return { score: 0, reason: `unparseable output (${e.message})` };
    throw e;
  }
  const px = actionsFromConvention(actions, groundTruthCoords(gt, opts.coords));
  if (gt.kind === 'grounding') return scoreTarget(gt.target ? gt.target.bbox : null, px);
  return scoreVerifier(gt.verifier!, px);
}

/**
 * The RL reward: `1` when `completionText` is a fully correct answer for `groundTruth`, else `0`.
 * Rules: score/scorer.ts (VenusBench-CAPTCHA strict rules; grounding point-in-box, refusal for
 * infeasible queries). Dialects: score/parse.ts. Coordinates: core/coords.ts.
 * @param groundTruth the JSON string stored in verl's `reward_model.ground_truth` (or the parsed object)
 * @param completionText the model's raw output
 * @throws Error for a malformed ground truth only
 */
export function reward(groundTruth: string | GroundTruth | Record<string, unknown>, completionText: string, opts: RewardOptions = {}): number {
  return rewardDetail(groundTruth, completionText, opts).score;
}
