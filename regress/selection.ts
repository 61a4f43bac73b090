/**
 * Selecting what to pin or check: CAPTCHA type specs with groups and globs
 * (`group:slider_puzzle,rotate_*`), scenario family specs, and a deterministic stratified sample.
 */
import { listIn } from '../core/collections.js';
import { badValue } from '../core/errors.js';
import { CAPTCHA_GROUPS, type UisynthRecord } from '../core/schema.js';

/** `*` (any run) and `?` (one character) glob to an anchored RegExp. */
export function globToRegExp(glob: string): RegExp {
  return new RegExp('^' + glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.') + '$');
}

/**
 * Expand a type spec against the known `(type, group)` rows: `all` (or empty) -> every type; otherwise
 * comma-separated items, each a type name, a glob over type names (`rotate_*`), or `group:<group>`
 * (the VenusBench-CAPTCHA interaction groups of core/schema.ts `CAPTCHA_GROUPS`, globs allowed there
 * too). Order: first match first, duplicates dropped.
 * @param flag the flag named in errors (`--types`)
 * @throws UsageError naming the first item that matches nothing, with the allowed names and groups
 */
export function expandTypeSpec(spec: string, rows: ReadonlyArray<{ type: string; group: string }>, flag = '--types'): string[] {
  const s = spec.trim();
  if (s === '' || s === 'all') return rows.map((r) => r.type);
  const out: string[] = [];
  for (const raw of s.split(',')) {
    const item = raw.trim();
    if (!item) continue;
    const hits = item.startsWith('group:')
      ? rows.filter((r) => globToRegExp(item.slice(6)).test(r.group)).map((r) => r.type)
      : rows.filter((r) => globToRegExp(item).test(r.type)).map((r) => r.type);
    if (hits.length === 0) throw badValue(flag, item, [...rows.map((r) => r.type), ...CAPTCHA_GROUPS.map((g) => `group:${g}`), 'all', '<glob, e.g. rotate_*>']);
    for (const h of hits) if (!out.includes(h)) out.push(h);
  }
  if (out.length === 0) throw badValue(flag, spec, ['all', ...rows.map((r) => r.type)]);
  return out;
}

/** The stratum of a record for sampling and pass-rate tables: its CAPTCHA type or scenario family. */
export const stratumOf = (r: UisynthRecord): string => (r.kind === 'captcha' ? r.captcha.type : r.context.scenario);

/**
 * A deterministic stratified sample of `n` items: round-robin over strata in first-seen order, each
 * stratum's items in input order (the first record of every type/family, then the second, ...). Every
 * stratum is represented when `n` >= the number of strata. Returns items in input order.
 */
export function stratifiedSample<T>(items: readonly T[], n: number, key: (t: T) => string): T[] {
  if (n >= items.length) return [...items];
  const groups = new Map<string, number[]>();
  items.forEach((t, i) => listIn(groups, key(t)).push(i));
  const picked: number[] = [];
  for (let round = 0; picked.length < n; round++) {
    for (const g of groups.values()) {
      if (picked.length >= n) break;
      if (g[round] !== undefined) picked.push(g[round]!);
    }
  }
  return picked.sort((a, b) => a - b).map((i) => items[i]!);
}
