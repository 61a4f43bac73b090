/**
 * `uisynth merge DIR... --out DIR`: combine the shard sets of several machines (one `--shard-index` run per
 * directory, e.g. the tasks of a Slurm array or a Kubernetes Indexed Job without a shared disk) into one dataset.
 *
 * Every input's manifest must agree on kind, seed, count, shard size, config, generator versions and source
 * fingerprints, Chromium version and command (a refusal names the field and the two directories); no shard
 * may come from two inputs. Every shard's JSONL is checked against its manifest sha256 and sealed sidecar, and
 * every image against its record's sha256, before anything is copied (copies go through `.partial` + rename).
 * The merged `manifest.json` is built by the same function as a run's ({@link buildManifest}), so it is
 * byte-identical to the manifest of a one-process run of the same command.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../core/errors.js';
import type { Manifest } from '../core/schema.js';
import { readManifest } from './read.js';
import { buildManifest, type ShardMeta } from './write.js';
import { manifestPath, shardMeta, shardRejects } from './paths.js';
import { acquireLock } from './lock.js';
import { copyAtomic, syncDir, writeAtomic } from './durable.js';

/** What `merge` did. `missing` lists shards no input holds (the merged dataset is then incomplete). */
export interface MergeSummary {
  manifest: Manifest;
  shards: number;
  records: number;
  images: number;
  missing: number[];
}

const sha256 = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');

/** Manifest fields that must be equal across the inputs, in the order they are compared. */
const SAME_FIELDS = ['format', 'uisynth_version', 'kind', 'seed', 'count', 'shard_size', 'config', 'generators', 'chromium', 'command'] as const;

/** The first field (dotted path) where two manifest values differ, with both values as JSON. */
function firstDifference(a: unknown, b: unknown, path: string): { path: string; a: string; b: string } {
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const ra = a as Record<string, unknown>;
    const rb = b as Record<string, unknown>;
    // a hash of the other fields comes last: the field a person changed is the one to name
    for (const k of [...new Set([...Object.keys(ra), ...Object.keys(rb)])].sort((x, y) => Number(x.endsWith('_hash')) - Number(y.endsWith('_hash')) || x.localeCompare(y)))
      if (JSON.stringify(ra[k]) !== JSON.stringify(rb[k])) return firstDifference(ra[k], rb[k], `${path}.${k}`);
  }
  return { path, a: JSON.stringify(a) ?? 'nothing', b: JSON.stringify(b) ?? 'nothing' };
}

/**
 * Merge the datasets `inputs` into `out` (which must not hold a dataset yet).
 * @throws UsageError (one line) for a missing input, differing manifests (names the field), an overlapping
 *   shard, a shard or image that does not verify, or an `out` that already holds a dataset
 */
export async function mergeDatasets(inputs: string[], out: string): Promise<MergeSummary> {
  if (inputs.length === 0) throw new UsageError('merge: give at least one dataset directory', 'DIR');
  const manifests: Manifest[] = [];
  for (const d of inputs) manifests.push(await readManifest(d));
  const first = manifests[0]!;
  for (let i = 1; i < manifests.length; i++)
    for (const f of SAME_FIELDS) {
      const a = JSON.stringify(first[f]);
      const b = JSON.stringify(manifests[i]![f]);
      if (a !== b) {
        const at = firstDifference(first[f], manifests[i]![f], String(f));
        throw new UsageError(`merge: ${at.path} differs: ${inputs[0]} has ${at.a.slice(0, 100)}, ${inputs[i]} has ${at.b.slice(0, 100)}; only slices of one run can be merged`, 'DIR');
      }
    }
  const owner = new Map<string, string>();
  for (let i = 0; i < manifests.length; i++)
    for (const s of manifests[i]!.shards) {
      const prev = owner.get(s.file);
      if (prev !== undefined) throw new UsageError(`merge: ${s.file} is in both ${prev} and ${inputs[i]}; give each shard once`, 'DIR');
      owner.set(s.file, inputs[i]!);
    }
  if (existsSync(manifestPath(out))) throw new UsageError(`--out: ${out} already holds a dataset; merge into a new directory`, '--out');
  await mkdir(out, { recursive: true });
  const lock = await acquireLock(out, 'merge', 'merging datasets');
  try {
    const hash = String(first.config.config_hash);
    const metas: ShardMeta[] = [];
    let images = 0;
    // verify everything before copying anything
    const jobs: Array<{ dir: string; s: Manifest['shards'][number]; shard: number; meta: ShardMeta; imgs: string[] }> = [];
    for (let i = 0; i < manifests.length; i++) {
      const dir = inputs[i]!;
      for (const s of manifests[i]!.shards) {
        const shard = Number(/(\d{5})\.jsonl$/.exec(s.file)?.[1] ?? NaN);
        const path = join(dir, s.file);
        if (!existsSync(path)) throw new UsageError(`merge: ${dir}/${s.file} is listed in its manifest but missing`, 'DIR');
        const body = await readFile(path);
        if (sha256(body) !== s.sha256) throw new UsageError(`merge: ${dir}/${s.file} does not match its manifest's sha256 (run uisynth validate ${dir})`, 'DIR');
        let meta: ShardMeta;
        try {
          meta = JSON.parse(await readFile(shardMeta(dir, shard), 'utf8')) as ShardMeta;
        } catch {
          throw new UsageError(`merge: ${dir}/${s.file} has no readable sidecar (shard not sealed; rerun that slice)`, 'DIR');
        }
        if (meta.config_hash !== hash || meta.sha256 !== s.sha256) throw new UsageError(`merge: ${dir}/${s.file}: its sidecar does not match the manifest (config_hash or sha256)`, 'DIR');
        const imgs: string[] = [];
        for (const line of body.toString('utf8').split('\n').filter(Boolean)) {
          const img = (JSON.parse(line) as { image: { path: string; sha256: string } }).image;
          const ip = join(dir, img.path);
          if (!existsSync(ip) || sha256(await readFile(ip)) !== img.sha256)
            throw new UsageError(`merge: ${dir}/${img.path} is missing or does not match its record's sha256 (rerun that slice to repair it)`, 'DIR');
          imgs.push(img.path);
        }
        jobs.push({ dir, s, shard, meta, imgs });
      }
    }
    jobs.sort((a, b) => a.shard - b.shard);
    for (const j of jobs) {
      for (const rel of j.imgs) {
        await mkdir(join(out, rel, '..'), { recursive: true });
        await copyAtomic(join(j.dir, rel), join(out, rel));
        images++;
      }
      // the images and their directory entries are durable before the sidecar seals the shard
      for (const d of new Set(j.imgs.map((rel) => join(out, rel, '..')))) await syncDir(d);
      if (j.imgs.length) await syncDir(join(out, 'images'));
      if (existsSync(shardRejects(j.dir, j.shard))) await copyAtomic(shardRejects(j.dir, j.shard), shardRejects(out, j.shard));
      await copyAtomic(join(j.dir, j.s.file), join(out, j.s.file));
      await syncDir(out);
      await copyAtomic(shardMeta(j.dir, j.shard), shardMeta(out, j.shard)); // the sidecar last: it seals the shard
      await syncDir(out);
      metas.push(j.meta);
    }
    const { config_hash: _h, ...config } = first.config;
    const manifest = buildManifest(
      {
        kind: first.kind, count: first.count, seed: first.seed, shardSize: first.shard_size, shardIndex: 0, shardCount: 1,
        command: first.command, config, generators: first.generators, chromium: first.chromium,
      },
      hash,
      metas,
    );
    await writeAtomic(manifestPath(out), JSON.stringify(manifest, null, 2) + '\n');
    await syncDir(out);
    const missing = (manifest.stats as { shards_missing: number[] }).shards_missing;
    return { manifest, shards: metas.length, records: manifest.records, images, missing };
  } finally {
    await lock.release();
  }
}
