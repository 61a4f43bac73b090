/**
 * Field-by-field comparison of two records: every difference named by its path in the record
 * (`targets[3].bbox`, `queries[0].text`, `verifier.boxes[1]`, `solution.actions[0].point`) with the
 * value before and after. Small arrays of numbers (boxes, points, quads) are compared as one value;
 * `image.sha256` is left to the pixel comparison.
 */
import type { UisynthRecord } from '../core/schema.js';

/** One label difference. `before` / `after` are `undefined` when the field is absent on that side. */
export interface LabelDiff {
  /** Path in the record, e.g. `targets[2].point`. */
  path: string;
  /** Which label family the path belongs to: bbox, point, query, solution, verifier, checks, target, record. */
  field: string;
  /** The target's tid for paths under `targets[i]` (the same index may hold another target after a change). */
  tid?: string;
  before: unknown;
  after: unknown;
}

/** Paths left out of the label comparison (compared as pixels instead). */
const IGNORED = new Set(['image.sha256']);

const isLeafArray = (v: unknown): boolean => Array.isArray(v) && v.length <= 8 && v.every((x) => typeof x === 'number');

function fieldOf(path: string): string {
  if (/^targets\[\d+\]\.(bbox|bbox_norm1|bbox_norm1000|bbox_css)$/.test(path)) return 'bbox';
  if (/^targets\[\d+\]\.(point|point_norm1|point_norm1000)$/.test(path)) return 'point';
  if (/^targets\[\d+\]\.checks\b/.test(path)) return 'checks';
  if (/^targets\b/.test(path)) return 'target';
  if (/^queries\b/.test(path)) return 'query';
  if (/^solution\b/.test(path)) return 'solution';
  if (/^verifier\b/.test(path)) return 'verifier';
  if (/^captcha\b/.test(path)) return 'captcha';
  if (/^hittest\b/.test(path)) return 'hittest';
  return 'record';
}

/**
 * Every difference between two records (`before` is the golden one). Arrays are compared index by
 * index (a removed target shows as `targets[k]` with `after` undefined); objects key by key.
 */
export function diffRecords(before: UisynthRecord, after: UisynthRecord): LabelDiff[] {
  const out: LabelDiff[] = [];
  const tidAt = (path: string): string | undefined => {
    const m = /^targets\[(\d+)\]/.exec(path);
    if (!m) return undefined;
    const i = Number(m[1]);
    const b = (before as { targets?: Array<{ tid: string }> }).targets?.[i]?.tid;
    return b ?? (after as { targets?: Array<{ tid: string }> }).targets?.[i]?.tid;
  };
  const push = (path: string, b: unknown, a: unknown): void => {
    const d: LabelDiff = { path, field: fieldOf(path), before: b, after: a };
    const tid = tidAt(path);
    if (tid !== undefined) d.tid = tid;
    out.push(d);
  };
  const walk = (path: string, b: unknown, a: unknown): void => {
    if (IGNORED.has(path)) return;
    if (b === a) return;
    if (b === null || a === null || typeof b !== 'object' || typeof a !== 'object' || Array.isArray(b) !== Array.isArray(a) || isLeafArray(b) || isLeafArray(a)) {
      if (JSON.stringify(b) !== JSON.stringify(a)) push(path, b, a);
      return;
    }
    if (Array.isArray(b) && Array.isArray(a)) {
      for (let i = 0; i < Math.max(b.length, a.length); i++) walk(`${path}[${i}]`, b[i], a[i]);
      return;
    }
    const bo = b as Record<string, unknown>;
    const ao = a as Record<string, unknown>;
    for (const k of [...new Set([...Object.keys(bo), ...Object.keys(ao)])]) walk(path ? `${path}.${k}` : k, bo[k], ao[k]);
  };
  walk('', before, after);
  return out;
}

/** `targets[2].point (tid t5): [120,40] -> [180,40]`, values cut to `max` characters. */
export function formatDiff(d: LabelDiff, max = 120): string {
  const v = (x: unknown): string => {
    const s = x === undefined ? '(absent)' : JSON.stringify(x);
    return s.length > max ? s.slice(0, max - 1) + '…' : s;
  };
  return `${d.path}${d.tid ? ` (${d.tid})` : ''}: ${v(d.before)} -> ${v(d.after)}`;
}
