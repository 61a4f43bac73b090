/**
 * Command catalogue (`templates/i18n/commands.yaml`): toolbar and menu commands shared by the app
 * builders — lucide icon, keyboard shortcut letter, localised label and functional phrases for the
 * query writer (`cmd:<key>` hint actions).
 *
 * ```yaml
 * commands:
 *   bold: {icon: bold, key: B, label: [Bold, 加粗, 太字, Fett, Negrita, Gras, غامق], fn: {en: [make the selected text bold], zh: [把选中的文字加粗]}}
 * ```
 * `label` is a 7-tuple (en, zh, ja, de, es, fr, ar) or the key of a string in the catalogue.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import { builtinCatalogue, type LocalString } from './i18n.js';
import { LANGS, type Lang } from './locales.js';
import { TEMPLATES_DIR } from './templating.js';

/** One command. */
export interface CommandDef {
  icon: string;
  /** Shortcut letter (⌘X / Ctrl+X), if any. */
  key?: string;
  label: LocalString;
  /** Functional phrases by language (English at least). */
  fn: Partial<Record<Lang, string[]>> & { en: string[] };
}

let cache: Map<string, CommandDef> | null = null;

/** Every command, loaded once. */
export function commands(): Map<string, CommandDef> {
  if (cache) return cache;
  const doc = YAML.parse(readFileSync(join(TEMPLATES_DIR, 'i18n', 'commands.yaml'), 'utf8')) as {
    commands: Record<string, { icon: string; key?: string; label: string | string[]; fn?: Partial<Record<Lang, string[] | string>> }>;
  };
  const cat = builtinCatalogue();
  const out = new Map<string, CommandDef>();
  for (const [k, v] of Object.entries(doc.commands)) {
    let label: LocalString;
    if (Array.isArray(v.label)) {
      if (v.label.length !== LANGS.length) throw new Error(`commands.yaml: ${k}.label must have ${LANGS.length} entries`);
      label = Object.fromEntries(LANGS.map((l, i) => [l, String(v.label[i])])) as LocalString;
    } else {
      const s = cat.strings.get(v.label);
      if (!s) throw new Error(`commands.yaml: ${k}.label: unknown string key '${v.label}'`);
      label = s;
    }
    const fn: CommandDef['fn'] = { en: [] };
    for (const [l, p] of Object.entries(v.fn ?? {})) fn[l as Lang] = Array.isArray(p) ? p : [p as string];
    if (!fn.en.length) fn.en = [`click ${label.en}`];
    out.set(k, { icon: v.icon, key: v.key, label, fn });
  }
  cache = out;
  return out;
}

/** One command by key. Throws on an unknown key (a builder bug). */
export function commandDef(key: string): CommandDef {
  const c = commands().get(key);
  if (!c) throw new Error(`commands.yaml: unknown command '${key}'`);
  return c;
}
