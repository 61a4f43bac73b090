/**
 * `uisynth score`: score a predictions file against a native dataset directory and report pass@1 per type
 * and overall (the scoring itself is score/report.ts; this file reads the inputs).
 *
 * Predictions are JSONL lines `{"id", "qid"?, "output"}`: `output` is the model's raw text (any dialect
 * score/parse.ts reads). A prediction for an unknown item is reported and ignored; a duplicate prediction is an
 * error; a file where no prediction matches any item is an error (wrong dataset or wrong ids).
 */
import { readFile } from 'node:fs/promises';
import { existsSync, statSync } from 'node:fs';
import { UsageError } from '../core/errors.js';
import type { CoordSpace } from '../core/geometry.js';
import type { UisynthRecord } from '../core/schema.js';
import { convention, type CoordConvention } from '../core/coords.js';
import { scoreRecords, type ItemVerdict, type Prediction, type ScoreReport } from '../score/report.js';
import { readManifest, readRecords } from './read.js';

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
 *   `norm1000-1000`, `qwen25` with the default budget) or a convention from core/coords.ts `convention()`
 * @param onItem called with every item's verdict, in dataset order (for `--per-item` and the gallery)
 * @throws UsageError for an unknown convention name, unreadable inputs, or when no prediction matches any item
 */
export async function scoreDataset(
  dir: string,
  predictionsFile: string,
  coords: CoordSpace | string | CoordConvention,
  onItem?: (item: ItemVerdict) => void | Promise<void>,
): Promise<ScoreReport> {
  const conv = typeof coords === 'string' ? convention(coords) : coords;
  const manifest = await readManifest(dir);
  const preds = await readPredictions(predictionsFile);
  async function* records(): AsyncGenerator<UisynthRecord> {
    for await (const { record } of readRecords(dir, manifest)) yield record;
  }
  const { report, matched } = await scoreRecords(records(), preds, conv, onItem);
  if (matched === 0)
    throw new UsageError(
      `--predictions: ${preds.size ? `none of the ${preds.size} predictions matches an item of ${dir}` : `${predictionsFile} holds no predictions`} ` +
        '(ids must be record ids with "qid" for grounding, or export sample ids; is it the right dataset?)',
      '--predictions',
    );
  return report;
}
