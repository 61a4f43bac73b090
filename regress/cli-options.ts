/** Option values shared by `uisynth golden` and `uisynth verify`: record selection by type / family and id files. */
import { readFileSync } from 'node:fs';
import { UsageError } from '../core/errors.js';
import { expandTypeSpec, globToRegExp } from './selection.js';

/**
 * A filter on a record's stratum (CAPTCHA type or scenario family) from `--types` / `--families`
 * (undefined when neither is given). Types take names, globs and `group:<group>` and are checked against
 * the registered types; families take names and globs (`desktop.*`), matched against the records'
 * `context.scenario` (so families of your own scenario files work too).
 * @throws UsageError naming a type item that matches no registered type
 */
export async function strataOption(types?: string, families?: string): Promise<((stratum: string) => boolean) | undefined> {
  if (types === undefined && families === undefined) return undefined;
  let typeSet: Set<string> | null = null;
  if (types !== undefined) {
    const { describeTypes } = await import('../generators/captcha/index.js');
    typeSet = new Set(expandTypeSpec(types, describeTypes()));
  }
  const fam = families === undefined ? null : families.trim() === 'all' ? [/.*/] : families.split(',').map((x) => x.trim()).filter(Boolean).map(globToRegExp);
  return (s) => Boolean(typeSet?.has(s)) || Boolean(fam?.some((re) => re.test(s)));
}

/**
 * Record ids from a file: one per line, blank lines and `#` comments ignored.
 * @throws UsageError when the file cannot be read or holds no id
 */
export function readIdsFile(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new UsageError(`--ids: cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, '--ids');
  }
  const ids = text.split('\n').map((l) => l.replace(/#.*/, '').trim()).filter(Boolean);
  if (ids.length === 0) throw new UsageError(`--ids: ${path} holds no record id`, '--ids');
  return ids;
}
