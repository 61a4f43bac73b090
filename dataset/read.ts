/**
 * Reading native datasets (used by `validate`, `score`, the gallery and converters).
 */
import { createHash } from 'node:crypto';
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

/**
 * Every record line of every shard listed in the manifest, as parsed JSON (not schema-checked), with its location.
 * @throws UsageError when a shard is missing or does not match the manifest's sha256 or record count
 *   (a partial, mixed or edited dataset is never read as if it were whole).
 */
export async function* readRecords(dir: string, manifest?: Manifest): AsyncGenerator<{ record: UisynthRecord; file: string; line: number }> {
  const m = manifest ?? (await readManifest(dir));
  for (const s of m.shards) {
    const path = join(dir, s.file);
    if (!existsSync(path)) throw new UsageError(`DATA_DIR: ${s.file} is listed in the manifest but missing (run uisynth validate ${dir})`, 'DATA_DIR');
    const buf = await readFile(path);
    if (createHash('sha256').update(buf).digest('hex') !== s.sha256)
      throw new UsageError(`DATA_DIR: ${s.file} does not match the manifest's sha256 (edited or partial; run uisynth validate ${dir})`, 'DATA_DIR');
    const text = buf.toString('utf8');
    const lines = text.split('\n');
    if (lines.filter(Boolean).length !== s.records)
      throw new UsageError(`DATA_DIR: ${s.file} holds ${lines.filter(Boolean).length} records, the manifest says ${s.records} (run uisynth validate ${dir})`, 'DATA_DIR');
    let line = 0;
    for (const l of lines) {
      line++;
      if (l) yield { record: JSON.parse(l) as UisynthRecord, file: s.file, line };
    }
  }
}

/**
 * The bytes of a dataset image after checking them against the record's sha256 (for exports, before copying).
 * @param rel image path relative to the dataset root (`record.image.path`)
 * @throws UsageError naming the image when it is missing or its bytes differ (truncated, 0-byte, replaced)
 */
export async function verifiedImage(dir: string, rel: string, sha256: string | undefined): Promise<Buffer> {
  const path = join(dir, rel);
  if (!existsSync(path)) throw new UsageError(`DATA_DIR: image ${rel} is missing (run uisynth validate ${dir})`, 'DATA_DIR');
  const buf = await readFile(path);
  if (sha256 === undefined || createHash('sha256').update(buf).digest('hex') !== sha256)
    throw new UsageError(`DATA_DIR: image ${rel} does not match its record's sha256 (${buf.length} bytes; truncated or replaced? run uisynth validate ${dir})`, 'DATA_DIR');
  return buf;
}
