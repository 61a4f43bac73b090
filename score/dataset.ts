/**
 * `uisynth score`: score a predictions file against a native dataset and report pass@1 per type and overall.
 *
 * Predictions are JSONL lines `{"id", "qid"?, "output"}` (DESIGN.md "Scoring"): `output` is the model's raw
 * text. Grounding items are keyed by (id, qid), CAPTCHA items by id. A missing prediction counts as wrong; a
 * prediction for an unknown item is reported and ignored; a duplicate prediction is an error.
 * Per-type keys: `captcha/<type>` and `grounding/<query style>`.
 */
import { readFile } from 'node:fs/promises';
import { existsSync, statSync } from 'node:fs';
import { UsageError } from '../core/errors.js';
import type { CoordSpace } from '../core/geometry.js';
import type { Action } from '../core/actions.js';
import { readManifest, readRecords } from '../export/read.js';
import { convention, resolveCoords, type CoordConvention } from '../export/coords.js';
import { parseCompletion, ParseError } from './dialects.js';
import { actionsFromConvention } from './reward.js';
import { scoreCaptcha, scoreGrounding, type ScoreResult } from './scorer.js';

export interface TypeScore {
  n: number;
  correct: number;
  missing: number;
  pass_at_1: number;
}

export interface ScoreReport {
  /** Name of the coordinate convention the predictions were decoded from (export/coords.ts). */
  coords: string;
  items: number;
  correct: number;
  missing: number;
  pass_at_1: number;
  by_type: Record<string, TypeScore>;
  unknown_predictions: number;
  /** Failure reasons with counts (e.g. `click is outside the target box`). */
  reasons: Record<string, number>;
}

interface Prediction {
  id: string;
  qid?: string;
  output: string;
}

/**
 * Parse a raw output in any supported dialect (UI-Venus text form, UI-TARS incl. `<point>` and
 * `<|box_start|>` spellings, JSON / tool-call actions; score/dialects.ts); for grounding a bare `(x, y)`
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

/**
 * Read a predictions JSONL file.
 * @throws UsageError naming the file and line for unreadable files, bad JSON, missing fields or duplicates.
 */
export async function readPredictions(file: string): Promise<Map<string, Prediction>> {
  if (!existsSync(file)) throw new UsageError(`--predictions: ${file} does not exist`, '--predictions');
  if (!statSync(file).isFile()) throw new UsageError(`--predictions: ${file} is not a file (expected a JSONL file)`, '--predictions');
  const map = new Map<string, Prediction>();
  const lines = (await readFile(file, 'utf8')).split('\n');
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!.trim();
    if (!l) continue;
    let p: Prediction;
    try {
      p = JSON.parse(l) as Prediction;
    } catch {
      throw new UsageError(`--predictions: ${file}:${i + 1}: not valid JSON`, '--predictions');
    }
    if (p === null || typeof p !== 'object' || Array.isArray(p) || typeof p.id !== 'string' || typeof p.output !== 'string' || (p.qid !== undefined && typeof p.qid !== 'string'))
      throw new UsageError(`--predictions: ${file}:${i + 1}: needs string fields "id" and "output" (and optional "qid")`, '--predictions');
    const key = p.qid ? `${p.id}\u0000${p.qid}` : p.id;
    if (map.has(key)) throw new UsageError(`--predictions: ${file}:${i + 1}: duplicate prediction for ${p.id}${p.qid ? ' ' + p.qid : ''}`, '--predictions');
    map.set(key, p);
  }
  return map;
}

/**
 * Score every item of the dataset in `dir`.
 * @param coords the predictions' coordinate convention: a name (`abs`, `norm1`, `norm1000`, `norm1000-999`,
 *   `norm1000-1000`, `qwen25` with the default budget) or a convention from export/coords.ts `convention()`
 * @throws UsageError for an unknown convention name or unreadable inputs
 */
export async function scoreDataset(dir: string, predictionsFile: string, coords: CoordSpace | string | CoordConvention): Promise<ScoreReport> {
  const conv = typeof coords === 'string' ? convention(coords) : coords;
  const manifest = await readManifest(dir);
  const preds = await readPredictions(predictionsFile);
  const used = new Set<string>();
  const rep: ScoreReport = { coords: conv.name, items: 0, correct: 0, missing: 0, pass_at_1: 0, by_type: {}, unknown_predictions: 0, reasons: {} };
  const add = (type: string, res: ScoreResult | null): void => {
    const t = (rep.by_type[type] ??= { n: 0, correct: 0, missing: 0, pass_at_1: 0 });
    t.n++;
    rep.items++;
    if (res === null) {
      t.missing++;
      rep.missing++;
      rep.reasons['missing prediction'] = (rep.reasons['missing prediction'] ?? 0) + 1;
      return;
    }
    if (res.score === 1) {
      t.correct++;
      rep.correct++;
    } else rep.reasons[res.reason] = (rep.reasons[res.reason] ?? 0) + 1;
  };
  for await (const { record: r } of readRecords(dir, manifest)) {
    const rc = resolveCoords(conv, [r.image.width, r.image.height]);
    if (r.kind === 'captcha') {
      const p = preds.get(r.id);
      if (p) used.add(r.id);
      const acts = p ? parseOutput(p.output, false) : null;
      add(`captcha/${r.captcha.type}`, !p ? null : acts ? scoreCaptcha(r, actionsFromConvention(acts, rc)) : { score: 0, reason: 'unparseable output' });
    } else {
      for (const q of r.queries) {
        const key = `${r.id}\u0000${q.qid}`;
        const p = preds.get(key);
        if (p) used.add(key);
        const acts = p ? parseOutput(p.output, true) : null;
        add(`grounding/${q.style}`, !p ? null : acts ? scoreGrounding(r, q.qid, actionsFromConvention(acts, rc)) : { score: 0, reason: 'unparseable output' });
      }
    }
  }
  rep.unknown_predictions = [...preds.keys()].filter((k) => !used.has(k)).length;
  rep.pass_at_1 = rep.items ? rep.correct / rep.items : 0;
  for (const t of Object.values(rep.by_type)) t.pass_at_1 = t.n ? t.correct / t.n : 0;
  rep.by_type = Object.fromEntries(Object.entries(rep.by_type).sort(([a], [b]) => a.localeCompare(b)));
  return rep;
}
