/**
 * Reading native datasets (used by `validate`, `score`, the gallery and converters).
 */
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../core/errors.js';
import { Manifest, type UisynthRecord } from '../core/schema.js';
import { manifestPath } from './paths.js';

/**
 * Load and schema-check `DIR/manifest.json`.
 * @throws UsageError when the directory or manifest is missing or malformed (names the path).
 */
export async function readManifest(dir: string): Promise<Manifest> {
  if (!existsSync(dir)) throw new UsageError(`DATA_DIR: ${dir} does not exist`, 'DATA_DIR');
  const p = manifestPath(dir);
  if (!existsSync(p)) throw new UsageError(`DATA_DIR: ${dir} has no manifest.json (not a uisynth dataset?)`, 'DATA_DIR');
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(p, 'utf8'));
  } catch (e) {
    throw new UsageError(`${p}: not valid JSON (${(e as Error).message})`, 'DATA_DIR');
  }
  const m = Manifest.safeParse(raw);
  if (!m.success) throw new UsageError(`${p}: not a uisynth manifest (${m.error.issues[0]?.path.join('.')}: ${m.error.issues[0]?.message})`, 'DATA_DIR');
  return m.data;
}

/** Every record line of every shard listed in the manifest, as parsed JSON (not schema-checked), with its location. */
export async function* readRecords(dir: string, manifest?: Manifest): AsyncGenerator<{ record: UisynthRecord; file: string; line: number }> {
  const m = manifest ?? (await readManifest(dir));
  for (const s of m.shards) {
    const text = await readFile(join(dir, s.file), 'utf8');
    let line = 0;
    for (const l of text.split('\n')) {
      line++;
      if (l) yield { record: JSON.parse(l) as UisynthRecord, file: s.file, line };
    }
  }
}
