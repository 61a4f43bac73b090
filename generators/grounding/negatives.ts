/**
 * Hard-negative catalogue (`templates/i18n/negatives.yaml`, built from `src/negatives.neg`): controls
 * a screen of some family could plausibly have, with a role, a label per language and an English
 * functional phrase. Scenario files list the keys that fit them (`negatives:`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import { LANGS, type Lang } from './locales.js';
import { TEMPLATES_DIR } from './templating.js';

/** One plausible absent control. */
export interface NegativeDef {
  key: string;
  role: string;
  label: Partial<Record<Lang, string>> & { en: string };
  /** English functional phrase ("print this"). */
  fn: string;
}

let cache: Map<string, NegativeDef> | null = null;

/** Every catalogued negative, by key. */
export function negativeCatalogue(): Map<string, NegativeDef> {
  if (cache) return cache;
  const doc = YAML.parse(readFileSync(join(TEMPLATES_DIR, 'i18n', 'negatives.yaml'), 'utf8')) as { negatives: Record<string, { role: string; label: string[]; fn: string }> };
  cache = new Map();
  for (const [key, v] of Object.entries(doc.negatives)) {
    const label = Object.fromEntries(LANGS.map((l, i) => [l, v.label[i]!])) as NegativeDef['label'];
    cache.set(key, { key, role: v.role, label, fn: v.fn });
  }
  return cache;
}

/** The definitions of `keys` (unknown keys are skipped; scenario files are checked by tests). */
export function negativeItems(keys: readonly string[]): NegativeDef[] {
  const c = negativeCatalogue();
  return keys.map((k) => c.get(k)).filter((x): x is NegativeDef => !!x);
}
