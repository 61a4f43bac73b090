/**
 * Golden sets (`uisynth golden DATA_DIR --out GOLDEN_DIR`): a small pinned sample of a dataset that is
 * itself a valid dataset (`uisynth validate` passes on it) plus `golden.json`, everything needed to
 * regenerate exactly those samples. Layout:
 * ```
 * GOLDEN/manifest.json               the source manifest (config, seed, generators, chromium) with only the pinned shards' lines
 * GOLDEN/shard-NNNNN.jsonl           the pinned records, byte-identical to the source lines
 * GOLDEN/images/shard-NNNNN/<id>.png their images (same relative paths as in the source)
 * GOLDEN/golden.json                 regeneration info: see {@link GoldenInfo}
 * ```
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { UsageError } from '../core/errors.js';
import { Manifest, type UisynthRecord } from '../core/schema.js';
import { readManifest } from '../dataset/read.js';
import { addStats, emptyStats } from '../dataset/write.js';
import { manifestPath } from '../dataset/paths.js';
import { currentEnvironment, inputHashes, type Environment } from './environment.js';
import { listIn } from '../core/collections.js';
import { stratifiedSample, stratumOf } from './selection.js';
import { pageInputs } from './regenerate.js';

/** `golden.json`. */
export interface GoldenInfo {
  format: 'uisynth-golden/1';
  /** Kind, generators and their versions, seed, config (as in the manifest). */
  kind: 'grounding' | 'captcha';
  uisynth_version: string;
  generators: Record<string, string>;
  seed: number;
  shard_size: number;
  config: Record<string, unknown>;
  /** The pinned samples in record order: id, global sample index, shard file, image path. */
  samples: Array<{ id: string; index: number; shard: string; image: string; stratum: string }>;
  /** sha256 of every page-defining input file (see environment.ts `inputHashes`). */
  inputs: Record<string, string>;
  /** Chromium (from the source manifest) and font package versions. */
  environment: Environment;
  /** The golden set's own size (all files, golden.json excluded). */
  size: { records: number; images: number; files: number; bytes: number };
  /** The source dataset (path as given) and the sha256 of its manifest. */
  source: { dir: string; manifest_sha256: string };
}

/** One pinned sample: its exact shard line, parsed record and image bytes. */
export interface GoldenEntry {
  line: string;
  record: UisynthRecord;
  png: Buffer;
  /** Shard file it belongs to (`shard-00003.jsonl`). */
  shard: string;
}

const sha256 = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');
export const GOLDEN_FILE = 'golden.json';

/** Load `GOLDEN/golden.json` and the golden manifest. @throws UsageError when GOLDEN is not a golden set */
export async function readGolden(dir: string): Promise<{ info: GoldenInfo; manifest: Manifest }> {
  const p = join(dir, GOLDEN_FILE);
  if (!existsSync(p)) throw new UsageError(`GOLDEN_DIR: ${dir} has no golden.json (make one with \`uisynth golden DATA_DIR --out ${dir}\`)`, 'GOLDEN_DIR');
  let info: GoldenInfo;
  try {
    info = JSON.parse(await readFile(p, 'utf8')) as GoldenInfo;
  } catch (e) {
    throw new UsageError(`${p}: not valid JSON (${(e as Error).message})`, 'GOLDEN_DIR');
  }
  if (info.format !== 'uisynth-golden/1') throw new UsageError(`${p}: format '${String(info.format)}' is not uisynth-golden/1`, 'GOLDEN_DIR');
  return { info, manifest: await readManifest(dir) };
}

/** Every record of a dataset with its exact line and shard file, in manifest order. */
export async function readEntries(dir: string, m: Manifest, keep: (r: UisynthRecord) => boolean = () => true): Promise<Array<Omit<GoldenEntry, 'png'>>> {
  const out: Array<Omit<GoldenEntry, 'png'>> = [];
  for (const s of m.shards) {
    let text: string;
    try {
      text = await readFile(join(dir, s.file), 'utf8');
    } catch {
      throw new UsageError(`DATA_DIR: ${join(dir, s.file)} is listed in the manifest but missing (run \`uisynth validate ${dir}\`)`, 'DATA_DIR');
    }
    for (const line of text.split('\n')) {
      if (!line) continue;
      const record = JSON.parse(line) as UisynthRecord;
      if (keep(record)) out.push({ line, record, shard: s.file });
    }
  }
  return out;
}

async function dirSize(dir: string): Promise<{ files: number; bytes: number }> {
  let files = 0;
  let bytes = 0;
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      const s = await dirSize(p);
      files += s.files;
      bytes += s.bytes;
    } else if (e.name !== GOLDEN_FILE) {
      files++;
      bytes += (await stat(p)).size;
    }
  }
  return { files, bytes };
}

/**
 * Write a golden set: shards of the entries (grouped by their source shard, lines as given), images,
 * manifest (source manifest with those shards) and golden.json. Replaces what `dir` held of a previous
 * golden set. Returns the written golden.json.
 * @throws UsageError when `dir` is a non-empty directory that is not a golden set
 */
export async function writeGolden(
  dir: string,
  source: Manifest,
  entries: readonly GoldenEntry[],
  meta: { sourceDir: string; sourceManifestSha: string; environment: Environment; inputs: Record<string, string>; uisynthVersion: string },
): Promise<GoldenInfo> {
  if (existsSync(dir)) {
    const names = await readdir(dir);
    if (names.length && !names.includes(GOLDEN_FILE))
      throw new UsageError(`--out: ${dir} is not empty and not a golden set; choose a new directory`, '--out');
    for (const f of names) if (/^shard-\d{5}\.(jsonl|meta\.json|rejects\.jsonl)$/.test(f) || f === 'images' || f === 'manifest.json') await rm(join(dir, f), { recursive: true, force: true });
  }
  await mkdir(dir, { recursive: true });
  const byShard = new Map<string, GoldenEntry[]>();
  for (const e of entries) listIn(byShard, e.shard).push(e);
  const stats = emptyStats();
  const shards: Manifest['shards'] = [];
  for (const s of source.shards) {
    const es = byShard.get(s.file);
    if (!es) continue;
    const body = es.map((e) => e.line).join('\n') + '\n';
    await writeFile(join(dir, s.file), body);
    for (const e of es) {
      await mkdir(join(dir, dirname(e.record.image.path)), { recursive: true });
      await writeFile(join(dir, e.record.image.path), e.png);
      addStats(stats, e.record);
    }
    shards.push({ file: s.file, start: s.start, end: s.end, records: es.length, sha256: sha256(body) });
  }
  const manifest = Manifest.parse({ ...source, shards, records: entries.length, rejects: {}, stats: { ...stats, golden: true } });
  await writeFile(manifestPath(dir) + '.partial', JSON.stringify(manifest, null, 2) + '\n');
  await rename(manifestPath(dir) + '.partial', manifestPath(dir));
  const size = await dirSize(dir);
  const info: GoldenInfo = {
    format: 'uisynth-golden/1',
    kind: source.kind,
    uisynth_version: meta.uisynthVersion,
    generators: source.generators,
    seed: source.seed,
    shard_size: source.shard_size,
    config: source.config,
    samples: entries.map((e) => ({ id: e.record.id, index: e.record.index, shard: e.shard, image: e.record.image.path, stratum: stratumOf(e.record) })),
    inputs: meta.inputs,
    environment: meta.environment,
    size: { records: entries.length, images: entries.length, ...size },
    source: { dir: meta.sourceDir, manifest_sha256: meta.sourceManifestSha },
  };
  await writeFile(join(dir, GOLDEN_FILE), JSON.stringify(info, null, 2) + '\n');
  return info;
}

/** Options of {@link makeGolden}. */
export interface GoldenOptions {
  /** Pin a stratified sample of this many records (every type / family first). Default 20. */
  sample?: number;
  /** Pin exactly these record ids (one per line in a file; `#` comments allowed). */
  ids?: string[];
  /** Keep only records whose CAPTCHA type / scenario family passes this filter, before sampling. */
  strata?: (stratum: string) => boolean;
  uisynthVersion: string;
}

/**
 * Pin a sample of `dataDir` into `out`.
 * @throws UsageError for a missing dataset, an unknown id, an empty selection, or a bad `out`
 */
export async function makeGolden(dataDir: string, out: string, o: GoldenOptions): Promise<GoldenInfo> {
  const m = await readManifest(dataDir);
  let entries = await readEntries(dataDir, m, (r) => !o.strata || o.strata(stratumOf(r)));
  if (o.ids) {
    const byId = new Map(entries.map((e) => [e.record.id, e]));
    const missing = o.ids.filter((id) => !byId.has(id));
    if (missing.length) throw new UsageError(`--ids: ${missing.length} id(s) not in ${dataDir}${o.strata ? ' (after --types/--families)' : ''}: ${missing.slice(0, 5).join(', ')}`, '--ids');
    const want = new Set(o.ids);
    entries = entries.filter((e) => want.has(e.record.id));
  } else entries = stratifiedSample(entries, o.sample ?? 20, (e) => stratumOf(e.record));
  if (entries.length === 0) throw new UsageError(`golden: nothing to pin: ${dataDir} has no records${o.strata ? ' of the chosen types/families' : ''}`, 'DATA_DIR');
  const full: GoldenEntry[] = [];
  for (const e of entries) {
    const p = join(dataDir, e.record.image.path);
    if (!existsSync(p)) throw new UsageError(`DATA_DIR: image ${p} of ${e.record.id} is missing (run \`uisynth validate ${dataDir}\`)`, 'DATA_DIR');
    full.push({ ...e, png: await readFile(p) });
  }
  const inputs = await pageInputs(m);
  const env = currentEnvironment(m.chromium);
  return writeGolden(out, m, full, {
    sourceDir: dataDir,
    sourceManifestSha: sha256(await readFile(manifestPath(dataDir))),
    environment: env,
    inputs: m.kind === 'grounding' ? inputHashes(inputs.files, inputs.builtin) : {},
    uisynthVersion: o.uisynthVersion,
  });
}

/** One-screen size report of a golden set. */
export function goldenSizeReport(dir: string, g: GoldenInfo): string {
  const mib = g.size.bytes / 2 ** 20;
  const strata = new Set(g.samples.map((s) => s.stratum)).size;
  const verdict =
    mib <= 10 ? 'small enough to commit to git' : mib <= 50 ? 'commit it with care (consider a smaller --sample)' : 'too large to commit comfortably: use a smaller --sample or Git LFS';
  return (
    `golden: pinned ${g.size.records} ${g.kind} records (${strata} ${g.kind === 'captcha' ? 'types' : 'families'}) -> ${dir}\n` +
    `size: ${g.size.files} files, ${mib.toFixed(2)} MiB (${verdict}); regenerate with \`uisynth regress ${dir}\`\n`
  );
}
