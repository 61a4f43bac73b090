/**
 * Native records -> export samples: one sample per grounding query (a refusal answer for a hard
 * negative) and one per CAPTCHA (instruction and the full action sequence, optional reasoning).
 *
 * Gold coordinates are converted into the export's convention with core/coords.ts; every converted
 * answer is decoded back and re-scored with the strict scorer, and a sample whose answer would not
 * score 1 in that convention (a box smaller than one grid cell) is skipped and counted as
 * `unrepresentable_in_<convention>`.
 */
import { actionInDialect, formatActions, formatNumber as fmtNum, type Action, type Dialect } from '../../core/actions.js';
import { pointInBox, type Box, type Point } from '../../core/geometry.js';
import type { CaptchaRecord, GroundingRecord, UisynthRecord, Verifier } from '../../core/schema.js';
import { GROUND_TRUTH_VERSION, actionsFromConvention, type GroundTruth } from '../../score/reward.js';
import { scoreTarget, scoreVerifier } from '../../score/scorer.js';
import {
  COORD_CONVENTIONS, pointToConvention, pointToConventionInBox, resolveCoords, smartResize, type CoordConvention, type PixelBudget, type ResolvedCoords,
} from '../../core/coords.js';
import type { PromptContext, Prompts } from '../prompts/index.js';

/** One training / evaluation sample of an export. */
export interface ExportSample {
  /** Unique, dot-free key: the record id, plus `-<qid>` for grounding. */
  key: string;
  record: UisynthRecord;
  kind: 'grounding' | 'captcha';
  qid: string | null;
  /** Query style (grounding) or CAPTCHA type. */
  style: string;
  /** Image path relative to the source dataset root. */
  image: string;
  /** Size of the source image, px (all record geometry is in this image). */
  size: [number, number];
  /**
   * Size of the exported image file, px: `size`, or its smart_resize under the export's pixel budget when the
   * export writes images at the size the model sees (export/budget.ts).
   */
  fileSize: [number, number];
  coords: ResolvedCoords;
  instruction: string;
  /** Rendered user prompt (no image placeholder). */
  prompt: string;
  /** Gold answer text in the dialect (with reasoning first when thinking). */
  answer: string;
  /** Gold actions in the export's convention. */
  actions: Action[];
  /** Gold actions in image px. */
  actionsPx: Action[];
  refusal: boolean;
  /** Grounding target box, image px (null for a hard negative and for CAPTCHAs). */
  bbox: Box | null;
  reasoning: string | null;
  groundTruth: GroundTruth;
  /** `JSON.stringify(groundTruth)`: what verl's `reward_model.ground_truth` holds. */
  groundTruthJson: string;
}

export interface SampleOptions {
  coords: CoordConvention;
  dialect: Dialect;
  thinking: boolean;
  prompts: Prompts;
  /** Leave the coordinate sentence out of prompts. */
  neutralCoords?: boolean;
  /** Pixel budget the exported image files are resized with (null: files keep the source size). */
  fileBudget?: PixelBudget | null;
}

/** Human sentence for the prompt's coordinate line (the convention's row of core/coords.ts). */
export function coordsText(rc: ResolvedCoords): string {
  return COORD_CONVENTIONS[rc.name].prompt(rc.size, rc.resized);
}

function boxesOf(v: Verifier): Box[] {
  switch (v.kind) {
    case 'click':
      return [...v.boxes, ...(v.submit_box ? [v.submit_box] : [])];
    case 'presses':
      return [...v.boxes, v.submit_box];
    case 'text_entry':
      return [v.input_box];
    case 'drag':
      return [v.handle_box];
    case 'drag_y':
      return [v.handle_box];
    case 'drags':
      return v.items.flatMap((it) => [it.handle_box, it.target_box]);
    case 'pair':
      return v.boxes;
  }
}

/** Convert one gold point, snapping into the box that holds it so it decodes back inside. */
function convertPoint(p: Point, preferred: Box | null, all: readonly Box[], rc: ResolvedCoords): Point | null {
  const boxes = [...(preferred ? [preferred] : []), ...all].filter((b) => pointInBox(p, b));
  if (boxes.length === 0) return pointToConvention(p, rc);
  return pointToConventionInBox(p, boxes[0]!, rc);
}

/** Gold CAPTCHA actions in the convention (null when not representable). */
function convertCaptcha(r: CaptchaRecord, rc: ResolvedCoords): Action[] | null {
  const v = r.verifier;
  const all = boxesOf(v);
  const out: Action[] = [];
  for (let i = 0; i < r.solution.actions.length; i++) {
    const a = r.solution.actions[i]!;
    const pref = v.kind === 'click' && v.mode === 'sequence' ? (v.boxes[i] ?? v.submit_box) : v.kind === 'drag' ? v.handle_box : null;
    if (a.type === 'click' || a.type === 'long_press' || a.type === 'double_click' || a.type === 'scroll') {
      const p = convertPoint(a.point, pref, all, rc);
      if (!p) return null;
      out.push({ ...a, point: p });
    } else if (a.type === 'drag') {
      const s = convertPoint(a.start, pref, all, rc);
      if (!s) return null;
      out.push({ ...a, start: s, end: pointToConvention(a.end, rc) });
    } else out.push(a);
  }
  return scoreVerifier(v, actionsFromConvention(out, rc)).score === 1 ? out : null;
}

const HORIZONTAL = /\b(right|left|horizontal(ly)?|level|wide|width)\b/i;
const VERTICAL = /\b(up|down|above|below|upwards?|downwards?|vertical(ly)?|tall|height)\b/i;

/**
 * One image-px distance `d` in the convention's frame, as text: resized px for `qwen25`, a fraction of the
 * image width/height for relative conventions. `axis` null (direction unknown): only where both axes scale
 * alike (within 1%), else null (the caller drops the number).
 */
function distanceText(d: number, axis: 0 | 1 | null, rc: ResolvedCoords): string | null {
  const extent = (a: 0 | 1): number => (rc.space === 'resized_px' ? rc.resized![a] : rc.normalized_by!);
  const scale = (a: 0 | 1): number => extent(a) / rc.size[a];
  const pick = axis ?? (Math.abs(scale(0) / scale(1) - 1) <= 0.01 ? 0 : null);
  if (pick === null) return null;
  const v = d * scale(pick);
  if (rc.space === 'resized_px') return `${Math.round(v)} px`;
  const side = axis === 1 ? 'height' : axis === 0 ? 'width' : 'image side';
  return rc.normalized_by === 1 ? `${fmtNum(Math.round(v * 1000) / 1000)} of the image ${side}` : `${Math.round(v)}/1000 of the image ${side}`;
}

/**
 * Rewrite the image-px numbers a generator's reasoning mentions into the export's convention, so the
 * thinking part and the answer use the same numbers; unchanged for `abs`. Heuristics (the CAPTCHA generators
 * write numbers this way): every parenthesised pair of numbers is a point; every `N px` is a distance whose
 * axis is read from its sentence (right/left/level -> width, up/down/above/below -> height). A distance whose
 * axis is unclear in a frame whose axes scale differently is dropped (`N px` -> `that distance`).
 */
export function reasoningInConvention(text: string, rc: ResolvedCoords): string {
  if (rc.name === 'abs') return text;
  const points = text.replace(/\((-?\d+(?:\.\d+)?), (-?\d+(?:\.\d+)?)\)/g, (_, x: string, y: string) => {
    const p = pointToConvention([Number(x), Number(y)], rc);
    return `(${fmtNum(p[0])}, ${fmtNum(p[1])})`;
  });
  return points
    .split(/(?<=[.;!?])(\s+)/)
    .map((sentence) => {
      const h = HORIZONTAL.test(sentence);
      const v = VERTICAL.test(sentence);
      const axis = h && !v ? 0 : v && !h ? 1 : null;
      return sentence.replace(/(\d+(?:\.\d+)?) ?px\b/g, (_, n: string) => distanceText(Number(n), axis, rc) ?? 'that distance');
    })
    .join('');
}

/** Skip reasons are counted by the caller. */
export type SampleResult = { ok: true; sample: ExportSample } | { ok: false; reason: string };

function ctxFor(r: UisynthRecord, o: SampleOptions, rc: ResolvedCoords, instruction: string, fileSize: [number, number]): PromptContext {
  return {
    kind: r.kind,
    isGrounding: r.kind === 'grounding',
    isCaptcha: r.kind === 'captcha',
    instruction,
    dialect: o.dialect,
    thinking: o.thinking,
    coords_text: o.neutralCoords ? '' : coordsText(rc),
    refusal: actionInDialect({ type: 'refuse' }, o.dialect),
    width: fileSize[0],
    height: fileSize[1],
    platform: r.platform,
    locale: r.locale,
    captcha_type: r.kind === 'captcha' ? r.captcha.type : '',
    captcha_group: r.kind === 'captcha' ? r.captcha.group : '',
  };
}

/** The export samples of one record, in query order. */
export function recordSamples(r: UisynthRecord, o: SampleOptions): SampleResult[] {
  const size: [number, number] = [r.image.width, r.image.height];
  const rc = resolveCoords(o.coords, size);
  let fileSize: [number, number] = size;
  if (o.fileBudget) {
    const [h, w] = smartResize(size[1], size[0], o.fileBudget);
    fileSize = [w, h];
  }
  const gtBase = { v: GROUND_TRUTH_VERSION, id: r.id, size, coords: rc } as const;
  const skip = `unrepresentable_in_${rc.name}`;
  if (r.kind === 'captcha') {
    const actions = convertCaptcha(r, rc);
    if (!actions) return [{ ok: false, reason: skip }];
    const reasoning = r.solution.reasoning ? reasoningInConvention(r.solution.reasoning, rc) : null;
    const groundTruth: GroundTruth = { ...gtBase, kind: 'captcha', qid: null, verifier: r.verifier };
    return [
      {
        ok: true,
        sample: {
          key: r.id,
          record: r,
          kind: 'captcha',
          qid: null,
          style: r.captcha.type,
          image: r.image.path,
          size,
          fileSize,
          coords: rc,
          instruction: r.captcha.instruction,
          prompt: o.prompts.render(ctxFor(r, o, rc, r.captcha.instruction, fileSize)),
          answer: formatActions(actions, o.dialect, o.thinking ? reasoning : null),
          actions,
          actionsPx: r.solution.actions,
          refusal: false,
          bbox: null,
          reasoning,
          groundTruth,
          groundTruthJson: JSON.stringify(groundTruth),
        },
      },
    ];
  }
  return groundingSamples(r, o, rc, gtBase, skip, fileSize);
}

function groundingSamples(
  r: GroundingRecord,
  o: SampleOptions,
  rc: ResolvedCoords,
  gtBase: { v: typeof GROUND_TRUTH_VERSION; id: string; size: [number, number]; coords: ResolvedCoords },
  skip: string,
  fileSize: [number, number],
): SampleResult[] {
  return r.queries.map((q): SampleResult => {
    const t = q.tid === null ? null : r.targets.find((x) => x.tid === q.tid);
    if (t === undefined) return { ok: false, reason: 'query_without_target' };
    let actions: Action[];
    let actionsPx: Action[];
    if (t === null) {
      actions = actionsPx = [{ type: 'refuse' }];
    } else {
      const p = pointToConventionInBox(t.point, t.bbox, rc);
      if (!p) return { ok: false, reason: skip };
      actions = [{ type: 'click', point: p }];
      actionsPx = [{ type: 'click', point: t.point }];
    }
    const bbox = t ? t.bbox : null;
    if (scoreTarget(bbox, actionsFromConvention(actions, rc)).score !== 1) return { ok: false, reason: skip };
    const groundTruth: GroundTruth = { ...gtBase, kind: 'grounding', qid: q.qid, target: bbox ? { bbox } : null };
    const reasoning = t === null ? `No element on the screen matches "${q.text}".` : `The target is the ${t.role} "${t.name || t.text}".`;
    return {
      ok: true,
      sample: {
        key: (q.qid.startsWith(`${r.id}-`) ? q.qid : `${r.id}-${q.qid}`).replace(/\./g, '_'),
        record: r,
        kind: 'grounding',
        qid: q.qid,
        style: q.style,
        image: r.image.path,
        size: gtBase.size,
        fileSize,
        coords: rc,
        instruction: q.text,
        prompt: o.prompts.render(ctxFor(r, o, rc, q.text, fileSize)),
        answer: formatActions(actions, o.dialect, o.thinking ? reasoning : null),
        actions,
        actionsPx,
        refusal: t === null,
        bbox,
        reasoning,
        groundTruth,
        groundTruthJson: JSON.stringify(groundTruth),
      },
    };
  });
}
