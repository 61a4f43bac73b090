/**
 * Scoring records against a model's predictions: one verdict per item (a CAPTCHA record, or one query of a
 * grounding record) and the pass@1 report per type and overall, broken down by platform, locale, family and
 * query style, with warnings when the predicted coordinates do not look like the stated convention.
 *
 * Pure: records and predictions come in as values (dataset/score.ts reads them from a dataset directory and a
 * predictions file). Grounding items are keyed by (id, qid), CAPTCHA items by id; the `id` may also be an
 * export sample id (export/formats/samples.ts: the record id, plus `-<qid>` for grounding, dots replaced by
 * `_`), so the predictions of a model run on an exported set score without re-keying. A missing prediction
 * counts as wrong. Per-type keys: `captcha/<type>` and `grounding/<query style>`.
 */
import { UsageError } from '../core/errors.js';
import type { Action } from '../core/actions.js';
import type { UisynthRecord } from '../core/schema.js';
import { coordsOpt, resolveCoords, type CoordConvention, type ResolvedCoords } from '../core/coords.js';
import { MODEL_VISION } from '../core/models.js';
import { parseCompletion, ParseError } from './parse.js';
import { actionsFromConvention } from './reward.js';
import { scoreCaptcha, scoreGrounding, type ScoreResult } from './scorer.js';

export interface TypeScore {
  n: number;
  correct: number;
  missing: number;
  pass_at_1: number;
}

/** One scored item (a CAPTCHA record, or one query of a grounding record). */
export interface ItemVerdict {
  /** Record id. */
  id: string;
  /** Query id (grounding), else null. */
  qid: string | null;
  kind: 'grounding' | 'captcha';
  /** Per-type key: `captcha/<type>` or `grounding/<query style>`. */
  type: string;
  platform: string;
  locale: string;
  /** Scenario family (grounding) or host context (CAPTCHA): `context.scenario`. */
  family: string;
  /** `pass`, `fail`, or `missing` (no prediction: scored as wrong). */
  verdict: 'pass' | 'fail' | 'missing';
  /** The scorer's reason: `ok`, its failure reason, `unparseable output` or `missing prediction`. */
  reason: string;
  /** The model's raw output, or null when missing. */
  output: string | null;
  /** Parsed actions mapped to **image px** of the record's image; null when missing or unparseable. */
  actions: Action[] | null;
}

export interface ScoreReport {
  /** Name of the coordinate convention the predictions were decoded from (core/coords.ts). */
  coords: string;
  items: number;
  correct: number;
  missing: number;
  pass_at_1: number;
  by_type: Record<string, TypeScore>;
  /** The same breakdown by `platform`, `locale`, `family` (context.scenario) and `style` (grounding query style / CAPTCHA group). */
  by_platform: Record<string, TypeScore>;
  by_locale: Record<string, TypeScore>;
  by_family: Record<string, TypeScore>;
  by_style: Record<string, TypeScore>;
  unknown_predictions: number;
  /** Failure reasons with counts (e.g. `click is outside the target box`). */
  reasons: Record<string, number>;
  /** Warnings about the predictions, e.g. coordinates implausible for `coords`. */
  warnings: string[];
}

/** One line of a predictions file. */
export interface Prediction {
  id: string;
  qid?: string;
  output: string;
}

/**
 * Parse a raw output in any supported dialect (UI-Venus text form, UI-TARS incl. `<point>` and
 * `<|box_start|>` spellings, JSON / tool-call actions; score/parse.ts); for grounding a bare `(x, y)`
 * answer (the common grounding-only format) counts as a click.
 * Returns null when the output cannot be parsed (scored as wrong).
 */
export function parseOutput(output: string, grounding: boolean): Action[] | null {
  try {
    return parseCompletion(output, { grounding });
  } catch (e) {
    if (!(e instanceof ParseError)) throw e;
    return null;
  }
}

/** Export sample id of a grounding query (export/formats/samples.ts `key`). */
export function groundingSampleId(recordId: string, qid: string): string {
  return (qid.startsWith(`${recordId}-`) ? qid : `${recordId}-${qid}`).replace(/\./g, '_');
}

/** Export sample id of a CAPTCHA record (export/formats/samples.ts `key`: the record id). */
export function captchaSampleId(recordId: string): string {
  return recordId;
}

/** The prediction for an item, looked up by native key first, then by export sample id. Marks the key used. */
function lookup(preds: Map<string, Prediction>, used: Set<string>, keys: string[]): Prediction | undefined {
  for (const k of keys) {
    const p = preds.get(k);
    if (p) {
      used.add(k);
      return p;
    }
  }
  return undefined;
}

/** Coordinates seen in the predictions, collected to judge whether `--coords` fits them. */
export interface CoordEvidence {
  points: number;
  /** Points outside the convention's range (or outside the image, for px conventions). */
  outside: number;
  /** Points inside [0,1000]² although the image is much larger (abs px that look like a 0-1000 grid). */
  small: number;
  /** Points with both coordinates inside [0,1] (normalised [0,1] read as px or as a 0-1000 grid). */
  unit: number;
  /** Points whose image is wider or taller than 1500 px. */
  onLarge: number;
}

function collectEvidence(ev: CoordEvidence, raw: Action[], rc: ResolvedCoords, size: readonly [number, number]): void {
  for (const a of raw) {
    const pts = a.type === 'drag' ? [a.start, a.end] : 'point' in a ? [a.point] : [];
    for (const [x, y] of pts) {
      ev.points++;
      const lim: readonly [number, number] =
        rc.range ? [rc.range[1], rc.range[1]] : rc.space === 'resized_px' && rc.resized ? [rc.resized[0], rc.resized[1]] : size;
      const slack = rc.range && rc.range[1] === 1 ? 0.001 : 1;
      if (x < -slack || y < -slack || x > lim[0] + slack || y > lim[1] + slack) ev.outside++;
      if (Math.max(size[0], size[1]) > 1500) {
        ev.onLarge++;
        if (x <= 1000 && y <= 1000) ev.small++;
      }
      if (x >= 0 && x <= 1 && y >= 0 && y <= 1) ev.unit++;
    }
  }
}

/** One-line warnings when the predicted coordinates do not look like `conv`. */
function coordWarnings(ev: CoordEvidence, conv: CoordConvention): string[] {
  if (ev.points === 0) return [];
  const pct = (n: number): string => `${((100 * n) / ev.points).toFixed(0)}%`;
  const out: string[] = [];
  if (ev.outside / ev.points > 0.05)
    out.push(`--coords ${conv.name}: ${pct(ev.outside)} of predicted points lie outside its range${conv.range ? ` [0, ${conv.range[1]}]` : ' (the image)'}; the predictions probably use another convention (try ${conv.range ? '--coords abs' : '--coords norm1000'} or --model-family)`);
  if (conv.range === null && ev.unit / ev.points > 0.5)
    out.push(`--coords ${conv.name}: ${pct(ev.unit)} of predicted points lie inside [0,1]²; they look normalised (try --coords norm1)`);
  else if (conv.range !== null && conv.range[1] > 1 && ev.unit / ev.points > 0.5)
    out.push(`--coords ${conv.name}: ${pct(ev.unit)} of predicted points lie inside [0,1]²; they look normalised to [0,1] (try --coords norm1)`);
  if (conv.range === null && ev.onLarge >= 10 && ev.small === ev.onLarge)
    out.push(`--coords ${conv.name}: every predicted point on images larger than 1500 px lies inside [0,1000]²; they look like a 0-1000 grid (try --coords norm1000 or norm1000-1000)`);
  return out;
}

/**
 * Score every item of `record` with the predictions, in record order (one item per CAPTCHA record, one per
 * grounding query). `used` collects the prediction keys consumed.
 */
export function scoreRecord(r: UisynthRecord, preds: Map<string, Prediction>, conv: CoordConvention, used: Set<string>, ev?: CoordEvidence): ItemVerdict[] {
  const rc = resolveCoords(conv, [r.image.width, r.image.height]);
  const base = { id: r.id, kind: r.kind, platform: r.platform, locale: r.locale, family: r.context.scenario };
  const one = (qid: string | null, type: string, p: Prediction | undefined, grade: (acts: Action[]) => ScoreResult, grounding: boolean): ItemVerdict => {
    if (!p) return { ...base, qid, type, verdict: 'missing', reason: 'missing prediction', output: null, actions: null };
    const raw = parseOutput(p.output, grounding);
    if (!raw) return { ...base, qid, type, verdict: 'fail', reason: 'unparseable output', output: p.output, actions: null };
    if (ev) collectEvidence(ev, raw, rc, [r.image.width, r.image.height]);
    const acts = actionsFromConvention(raw, rc);
    const res = grade(acts);
    return { ...base, qid, type, verdict: res.score === 1 ? 'pass' : 'fail', reason: res.reason, output: p.output, actions: acts };
  };
  if (r.kind === 'captcha') {
    const p = lookup(preds, used, [r.id, captchaSampleId(r.id)]);
    return [one(null, `captcha/${r.captcha.type}`, p, (a) => scoreCaptcha(r, a), false)];
  }
  return r.queries.map((q) => {
    const p = lookup(preds, used, [`${r.id}\u0000${q.qid}`, groundingSampleId(r.id, q.qid)]);
    return one(q.qid, `grounding/${q.style}`, p, (a) => scoreGrounding(r, q.qid, a), true);
  });
}

/** Style key of an item for `by_style`: the grounding query style, or the CAPTCHA group. */
function styleOf(r: UisynthRecord, it: ItemVerdict): string {
  return r.kind === 'captcha' ? `captcha/${r.captcha.group}` : it.type;
}

/** An empty {@link CoordEvidence}. */
export function emptyEvidence(): CoordEvidence {
  return { points: 0, outside: 0, small: 0, unit: 0, onLarge: 0 };
}

/**
 * Score every item of `records` (in order) with the predictions and build the report.
 * @param onItem called with every item's verdict, in record order (for `--per-item` and the gallery)
 * @returns the report and how many predictions matched an item (0: wrong dataset or wrong ids)
 */
export async function scoreRecords(
  records: Iterable<UisynthRecord> | AsyncIterable<UisynthRecord>,
  preds: Map<string, Prediction>,
  conv: CoordConvention,
  onItem?: (item: ItemVerdict) => void | Promise<void>,
): Promise<{ report: ScoreReport; matched: number }> {
  const used = new Set<string>();
  const ev = emptyEvidence();
  const rep: ScoreReport = {
    coords: conv.name, items: 0, correct: 0, missing: 0, pass_at_1: 0, by_type: {},
    by_platform: {}, by_locale: {}, by_family: {}, by_style: {}, unknown_predictions: 0, reasons: {}, warnings: [],
  };
  const bump = (m: Record<string, TypeScore>, k: string, it: ItemVerdict): void => {
    const t = (m[k] ??= { n: 0, correct: 0, missing: 0, pass_at_1: 0 });
    t.n++;
    if (it.verdict === 'missing') t.missing++;
    if (it.verdict === 'pass') t.correct++;
  };
  for await (const r of records) {
    for (const it of scoreRecord(r, preds, conv, used, ev)) {
      rep.items++;
      bump(rep.by_type, it.type, it);
      bump(rep.by_platform, it.platform, it);
      bump(rep.by_locale, it.locale, it);
      bump(rep.by_family, it.family, it);
      bump(rep.by_style, styleOf(r, it), it);
      if (it.verdict === 'missing') rep.missing++;
      if (it.verdict === 'pass') rep.correct++;
      else rep.reasons[it.reason] = (rep.reasons[it.reason] ?? 0) + 1;
      if (onItem) await onItem(it);
    }
  }
  rep.unknown_predictions = [...preds.keys()].filter((k) => !used.has(k)).length;
  rep.pass_at_1 = rep.items ? rep.correct / rep.items : 0;
  for (const m of [rep.by_type, rep.by_platform, rep.by_locale, rep.by_family, rep.by_style]) for (const t of Object.values(m)) t.pass_at_1 = t.n ? t.correct / t.n : 0;
  const sorted = (m: Record<string, TypeScore>): Record<string, TypeScore> => Object.fromEntries(Object.entries(m).sort(([a], [b]) => a.localeCompare(b)));
  rep.by_type = sorted(rep.by_type);
  rep.by_platform = sorted(rep.by_platform);
  rep.by_locale = sorted(rep.by_locale);
  rep.by_family = sorted(rep.by_family);
  rep.by_style = sorted(rep.by_style);
  rep.warnings = coordWarnings(ev, conv);
  return { report: rep, matched: used.size };
}

/** `uisynth score` flags that pick the predictions' coordinate convention. */
export interface PredictionCoordFlags {
  /** `--model-family`: its vision defaults (factor, min/max pixels) apply to qwen25. */
  modelFamily?: string;
  maxPixels?: string | number;
  minPixels?: string | number;
  /** `--factor`: smart_resize factor for qwen25 (28 Qwen2/2.5-VL, 32 Qwen3-VL); default from --model-family, else 28. */
  factor?: string | number;
}

/**
 * The convention of `--coords NAME` for scoring: for `qwen25` the smart_resize budget is the model family's
 * (Qwen3-VL: factor 32, min_pixels 65536, max_pixels 16384*32*32), or factor `--factor` with qwen-vl-utils'
 * token defaults (4 and 16384 tokens), overridden by `--max-pixels`/`--min-pixels`.
 * @throws UsageError for a bad `--factor`, or `--factor` with another convention
 */
export function predictionConvention(coords: string, f: PredictionCoordFlags = {}): CoordConvention {
  let factor: number | undefined;
  if (f.factor !== undefined) {
    factor = Number(f.factor);
    if (!Number.isInteger(factor) || factor < 2 || factor % 2 !== 0)
      throw new UsageError(`--factor: expected an even integer (28 for Qwen2/2.5-VL, 32 for Qwen3-VL), got '${f.factor}'`, '--factor');
    if (coords !== 'qwen25') throw new UsageError(`--factor: only applies to --coords qwen25 (got --coords ${coords})`, '--factor');
  }
  const v = f.modelFamily !== undefined ? MODEL_VISION[f.modelFamily] : undefined;
  const fac = factor ?? v?.factor ?? 28;
  const base =
    v && v.factor === fac ? { factor: fac, min_pixels: v.min_pixels, max_pixels: v.max_pixels } : { factor: fac, min_pixels: 4 * fac * fac, max_pixels: 16384 * fac * fac };
  return coordsOpt(coords, f.maxPixels, f.minPixels, coords === 'qwen25' ? base : {});
}
