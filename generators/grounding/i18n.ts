/**
 * String catalogue of the grounding scenarios: `templates/i18n/*.yaml` (and `strings:` / `lists:` of
 * user scenario files). A string is either a 7-tuple in {@link LANGS} order
 * (`save: [Save, 保存, 保存, Speichern, Guardar, Enregistrer, حفظ]`) or a map by language
 * (`{en: Save, de: Speichern}`; missing languages fall back to English). Lists (`lists:`) map a
 * language to an array (content pools: job titles, interests, headlines ...).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import { LANGS, type Lang } from './locales.js';
import { TEMPLATES_DIR } from './templating.js';

/** One localised string. */
export type LocalString = Partial<Record<Lang, string>> & { en: string };
/** One localised list. */
export type LocalList = Partial<Record<Lang, string[]>> & { en: string[] };

/** A loaded catalogue. */
export interface Catalogue {
  strings: Map<string, LocalString>;
  lists: Map<string, LocalList>;
}

/** Parse one catalogue document (the object form of a YAML file); `where` names it in errors. */
export function parseCatalogue(doc: unknown, where: string, into: Catalogue = { strings: new Map(), lists: new Map() }): Catalogue {
  if (doc === null || doc === undefined) return into;
  if (typeof doc !== 'object') throw new Error(`${where}: expected a mapping with 'strings' and/or 'lists'`);
  const d = doc as { strings?: Record<string, unknown>; lists?: Record<string, unknown> };
  for (const [k, v] of Object.entries(d.strings ?? {})) {
    if (Array.isArray(v)) {
      if (v.length !== LANGS.length || v.some((x) => typeof x !== 'string' && typeof x !== 'number'))
        throw new Error(`${where}: strings.${k}: expected ${LANGS.length} strings in the order ${LANGS.join(', ')}`);
      const o = {} as LocalString;
      LANGS.forEach((l, i) => (o[l] = String(v[i])));
      into.strings.set(k, o);
    } else if (v && typeof v === 'object' && typeof (v as { en?: unknown }).en === 'string') {
      into.strings.set(k, v as LocalString);
    } else if (typeof v === 'string' || typeof v === 'number') {
      into.strings.set(k, { en: String(v) });
    } else throw new Error(`${where}: strings.${k}: expected a ${LANGS.length}-tuple or a map with at least 'en'`);
  }
  for (const [k, v] of Object.entries(d.lists ?? {})) {
    if (!v || typeof v !== 'object' || !Array.isArray((v as { en?: unknown }).en)) throw new Error(`${where}: lists.${k}: expected a map language -> array with at least 'en'`);
    into.lists.set(k, v as LocalList);
  }
  return into;
}

let builtin: Catalogue | null = null;

/** The built-in catalogue (every `templates/i18n/*.yaml`), loaded once. */
export function builtinCatalogue(): Catalogue {
  if (builtin) return builtin;
  const dir = join(TEMPLATES_DIR, 'i18n');
  const cat: Catalogue = { strings: new Map(), lists: new Map() };
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort()) {
    parseCatalogue(YAML.parse(readFileSync(join(dir, f), 'utf8')), `templates/i18n/${f}`, cat);
  }
  builtin = cat;
  return cat;
}

/** A translator bound to one locale. */
export interface Translator {
  lang: Lang;
  /** String `key` in the locale, `{var}` slots filled. Throws on an unknown key. */
  (key: string, vars?: Record<string, string | number>): string;
  /** True when the key exists. */
  has(key: string): boolean;
  /** List `key` in the locale (English when the locale has none). Throws on an unknown key. */
  list(key: string): string[];
  /** The English string (for cross-lingual queries and hints). */
  en(key: string, vars?: Record<string, string | number>): string;
}

const fillVars = (s: string, vars?: Record<string, string | number>): string =>
  vars ? s.replace(/\{(\w+)\}/g, (m, k: string) => (vars[k] !== undefined ? String(vars[k]) : m)) : s;

/** A translator for language `lang` over the built-in catalogue plus `extra` (user strings win). */
export function translator(lang: Lang, extra?: Catalogue): Translator {
  const cat = builtinCatalogue();
  const get = (key: string): LocalString => {
    const s = extra?.strings.get(key) ?? cat.strings.get(key);
    if (!s) throw new Error(`i18n: unknown string key '${key}'`);
    return s;
  };
  const t = ((key: string, vars?: Record<string, string | number>) => {
    const s = get(key);
    return fillVars(s[lang] ?? s.en, vars);
  }) as Translator;
  t.lang = lang;
  t.has = (key) => Boolean(extra?.strings.has(key) || cat.strings.has(key));
  t.list = (key) => {
    const l = extra?.lists.get(key) ?? cat.lists.get(key);
    if (!l) throw new Error(`i18n: unknown list key '${key}'`);
    return l[lang] ?? l.en;
  };
  t.en = (key, vars) => fillVars(get(key).en, vars);
  return t;
}
