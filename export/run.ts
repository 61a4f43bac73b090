/**
 * The shard writer: turns a pure sample function `(index) -> {record, png}` into verified shards and a
 * manifest (DESIGN.md "Scale and reliability").
 *
 * - Records are validated by the zod schema before they are written; lines are the schema-ordered JSON.
 * - A shard is written to `shard-NNNNN.jsonl.partial` and renamed only when complete; its sidecar
 *   `shard-NNNNN.meta.json` records the range, count and sha256. A re-run skips shards whose sidecar
 *   verifies (resume) unless `force`.
 * - A failing sample is retried once, then skipped and logged with its reason to the shard's rejects file.
 * - `manifest.json` is rebuilt at the end from every shard sidecar in the directory, so runs with
 *   different `--shard-index` values into one directory add up.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile, readdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../core/errors.js';
import { UisynthRecord, Manifest, type UisynthRecord as Rec } from '../core/schema.js';
import { imageRel, manifestPath, shardJsonl, shardMeta, shardName, shardRejects } from './paths.js';
import { planShards, type ShardPlan } from './shards.js';

/** A record without its `image` field (distributes over the grounding / captcha union). */
export type RecordWithoutImage = Rec extends infer T ? (T extends unknown ? Omit<T, 'image'> : never) : never;

/** What a generator returns for one index: the record without `image`, and the PNG bytes. */
export interface SampleOutput<R = RecordWithoutImage> {
  record: R;
  png: Buffer;
}

export interface RunOptions {
  kind: 'grounding' | 'captcha';
  out: string;
  count: number;
  seed: number;
  shardSize: number;
  shardIndex: number;
  shardCount: number;
  /** argv after `uisynth`, for the manifest. */
  command: string[];
  /** Resolved configuration (types, families, ...), for the manifest. Must be the same across shard runs. */
  config: Record<string, unknown>;
  generators: Record<string, string>;
  chromium: string | null;
  /** Samples in flight at once. */
  concurrency: number;
  force: boolean;
  /** Produce sample `index` (global). Throwing marks the sample failed (retried once, then skipped). */
  produce: (index: number) => Promise<SampleOutput>;
  /** Called after each finished sample (written or skipped). */
  onProgress?: (done: number, total: number) => void;
}

/** One shard's sidecar. */
export interface ShardMeta {
  shard: number;
  file: string;
  start: number;
  end: number;
  records: number;
  sha256: string;
  rejects: Record<string, number>;
  config_hash: string;
  /** Counts over this shard's records (merged into the manifest's `stats`). */
  stats: ShardStats;
}

export interface RunSummary {
  written: number[];
  skipped: number[];
  records: number;
  rejects: Record<string, number>;
  manifest: Manifest;
}

const sha256 = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');
/**
 * Hash of the configuration that defines content (kind, seed, shard size, generator config and versions).
 * `count` is not part of it: a shard's content depends only on its index range, so raising `--count`
 * keeps every complete shard. Shards made under another config are never resumed or mixed in.
 */
export const configHash = (o: Pick<RunOptions, 'kind' | 'seed' | 'shardSize' | 'config' | 'generators'>): string =>
  sha256(JSON.stringify([o.kind, o.seed, o.shardSize, o.config, o.generators])).slice(0, 16);

async function shardDone(out: string, p: ShardPlan, hash: string): Promise<boolean> {
  const s = p.shard;
  try {
    const meta = JSON.parse(await readFile(shardMeta(out, s), 'utf8')) as ShardMeta;
    if (meta.config_hash !== hash || meta.start !== p.start || meta.end !== p.end || !meta.stats) return false;
    return sha256(await readFile(shardJsonl(out, s))) === meta.sha256;
  } catch {
    return false;
  }
}

/** Run `produce` over `[start, end)` with at most `concurrency` in flight; results in index order. */
async function mapOrdered<T>(start: number, end: number, concurrency: number, f: (i: number) => Promise<T>): Promise<T[]> {
  const results = new Array<T>(end - start);
  let next = start;
  const worker = async (): Promise<void> => {
    while (next < end) {
      const i = next++;
      results[i - start] = await f(i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, end - start)) }, worker));
  return results;
}

/** Create the output directory; turns file-system refusals into one-line usage errors. */
async function ensureOutDir(out: string): Promise<void> {
  try {
    await mkdir(out, { recursive: true });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why: Record<string, string> = {
      EEXIST: 'exists and is not a directory',
      ENOTDIR: 'has a file where a directory is needed',
      EACCES: 'is not writable',
      EPERM: 'is not writable',
      EROFS: 'is on a read-only file system',
      ENOSPC: 'has no space left',
    };
    if (code && why[code]) throw new UsageError(`--out: ${out} ${why[code]}`, '--out');
    throw e;
  }
}

/** Remove every shard file (jsonl, meta, rejects) and the images folder: `--force` over another config. */
async function removeShards(out: string): Promise<void> {
  for (const f of await readdir(out)) if (/^shard-\d{5}\.(jsonl|meta\.json|rejects\.jsonl)(\.partial)?$/.test(f)) await rm(join(out, f), { force: true });
  await rm(join(out, 'images'), { recursive: true, force: true });
  await rm(manifestPath(out), { force: true });
}

type Attempt = { ok: true; line: string; png: Buffer; rel: string } | { ok: false; index: number; reason: string; message: string };

/**
 * Generate the run's shards and rebuild the manifest.
 * @throws UsageError when the output directory holds a dataset of the other kind.
 */
export async function runShards(o: RunOptions): Promise<RunSummary> {
  await ensureOutDir(o.out);
  const hash = configHash(o);
  const existing = manifestPath(o.out);
  if (existsSync(existing)) {
    let m: { kind?: string; config?: { config_hash?: string } } = {};
    try {
      m = JSON.parse(await readFile(existing, 'utf8'));
    } catch {
      /* unreadable manifest: rebuilt below */
    }
    if (m.kind && m.kind !== o.kind)
      throw new UsageError(`--out: ${o.out} already holds a ${m.kind} dataset; choose another directory`, '--out');
    const old = m.config?.config_hash;
    if (old && old !== hash) {
      if (!o.force)
        throw new UsageError(
          `--out: ${o.out} holds a dataset made with a different seed, shard size, config or generator version; ` +
            `choose another directory, or pass --force to replace it`,
          '--out',
        );
      await removeShards(o.out);
    }
  }
  const plan = planShards(o.count, o.shardSize, o.shardIndex, o.shardCount);
  const total = plan.reduce((a, p) => a + p.end - p.start, 0);
  let done = 0;
  const summary: Omit<RunSummary, 'manifest'> = { written: [], skipped: [], records: 0, rejects: {} };

  for (const p of plan) {
    if (!o.force && (await shardDone(o.out, p, hash))) {
      summary.skipped.push(p.shard);
      done += p.end - p.start;
      o.onProgress?.(done, total);
      continue;
    }
    const imgDir = join(o.out, 'images', shardName(p.shard));
    await mkdir(imgDir, { recursive: true });
    const attempt = async (i: number): Promise<Attempt> => {
      let last: unknown;
      for (let k = 0; k < 2; k++) {
        try {
          const { record, png } = await o.produce(i);
          const rel = imageRel(p.shard, record.id);
          const meta = await imageMeta(png);
          const full = UisynthRecord.parse({ ...record, image: { path: rel, width: meta.width, height: meta.height, sha256: sha256(png) } });
          await writeFile(join(o.out, rel), png);
          return { ok: true, line: JSON.stringify(full), png, rel };
        } catch (e) {
          if (e instanceof UsageError) throw e;
          last = e;
        }
      }
      const err = last as { reason?: string; name?: string; message?: string };
      return { ok: false, index: i, reason: err.reason ?? err.name ?? 'error', message: String(err.message ?? err) };
    };
    const results = await mapOrdered(p.start, p.end, o.concurrency, async (i) => {
      const r = await attempt(i);
      o.onProgress?.(++done, total);
      return r;
    });
    const lines: string[] = [];
    const rejectLines: string[] = [];
    const rejects: Record<string, number> = {};
    const stats = emptyStats();
    for (const r of results) {
      if (r.ok) {
        lines.push(r.line);
        addStats(stats, JSON.parse(r.line) as Rec);
      }
      else {
        rejects[r.reason] = (rejects[r.reason] ?? 0) + 1;
        rejectLines.push(JSON.stringify({ index: r.index, reason: r.reason, message: r.message }));
      }
    }
    const body = lines.length ? lines.join('\n') + '\n' : '';
    const file = shardJsonl(o.out, p.shard);
    await writeFile(file + '.partial', body);
    await rename(file + '.partial', file);
    if (rejectLines.length) await writeFile(shardRejects(o.out, p.shard), rejectLines.join('\n') + '\n');
    else await rm(shardRejects(o.out, p.shard), { force: true });
    const meta: ShardMeta = {
      shard: p.shard,
      file: `${shardName(p.shard)}.jsonl`,
      start: p.start,
      end: p.end,
      records: lines.length,
      sha256: sha256(body),
      rejects,
      config_hash: hash,
      stats,
    };
    await writeFile(shardMeta(o.out, p.shard), JSON.stringify(meta, null, 2) + '\n');
    // the manifest is kept current after every shard, so an interrupted run still has one
    await writeManifest(o, hash);
    summary.written.push(p.shard);
    summary.records += lines.length;
    for (const [k, v] of Object.entries(rejects)) summary.rejects[k] = (summary.rejects[k] ?? 0) + v;
  }
  const manifest = await writeManifest(o, hash);
  return { ...summary, manifest };
}

async function imageMeta(png: Buffer): Promise<{ width: number; height: number }> {
  // PNG IHDR: width and height are big-endian u32 at bytes 16 and 20.
  if (png.length < 24 || png.readUInt32BE(12) !== 0x49484452) throw new Error('sample image is not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Rebuild `manifest.json` from all shard sidecars of this config in `o.out`. */
async function writeManifest(o: RunOptions, hash: string): Promise<Manifest> {
  const metas: ShardMeta[] = [];
  for (const f of (await readdir(o.out)).filter((f) => /^shard-\d{5}\.meta\.json$/.test(f)).sort()) {
    const m = JSON.parse(await readFile(join(o.out, f), 'utf8')) as ShardMeta;
    if (m.config_hash === hash) metas.push(m);
  }
  const rejects: Record<string, number> = {};
  for (const m of metas) for (const [k, v] of Object.entries(m.rejects)) rejects[k] = (rejects[k] ?? 0) + v;
  const stats = emptyStats();
  for (const m of metas) mergeStats(stats, m.stats);
  const expected = Math.ceil(o.count / o.shardSize);
  const present = new Set(metas.map((m) => m.shard));
  const missing = Array.from({ length: expected }, (_, i) => i).filter((i) => !present.has(i));
  const manifest = Manifest.parse({
    format: 'uisynth/1',
    uisynth_version: o.generators.uisynth ?? '0.0.0',
    kind: o.kind,
    command: o.command,
    config: { ...o.config, config_hash: hash },
    seed: o.seed,
    count: o.count,
    shard_size: o.shardSize,
    shard_index: o.shardIndex,
    shard_count: o.shardCount,
    generators: o.generators,
    chromium: o.chromium,
    shards: metas.map((m) => ({ file: m.file, start: m.start, end: m.end, records: m.records, sha256: m.sha256 })),
    records: metas.reduce((a, m) => a + m.records, 0),
    rejects,
    stats: { ...stats, shards_expected: expected, shards_missing: missing },
  });
  const tmp = manifestPath(o.out) + '.partial';
  await writeFile(tmp, JSON.stringify(manifest, null, 2) + '\n');
  await rename(tmp, manifestPath(o.out));
  return manifest;
}

const bump = (m: Record<string, number>, k: string, n = 1): void => {
  m[k] = (m[k] ?? 0) + n;
};

/** Counts over records: by platform, locale, scenario, captcha type/group, query style; hit-test rejections. */
export interface ShardStats {
  platform: Record<string, number>;
  locale: Record<string, number>;
  scenario: Record<string, number>;
  type: Record<string, number>;
  group: Record<string, number>;
  query_style: Record<string, number>;
  hittest_rejected: Record<string, number>;
  /** Pages with a hit-test warning, by kind (the warning text before ':', numbers as N). */
  hittest_warnings: Record<string, number>;
  targets: number;
  queries: number;
  negatives: number;
}

const COUNT_KEYS = ['platform', 'locale', 'scenario', 'type', 'group', 'query_style', 'hittest_rejected', 'hittest_warnings'] as const;

export function emptyStats(): ShardStats {
  return { platform: {}, locale: {}, scenario: {}, type: {}, group: {}, query_style: {}, hittest_rejected: {}, hittest_warnings: {}, targets: 0, queries: 0, negatives: 0 };
}

/** Add one record to the counts. */
export function addStats(st: ShardStats, r: Rec): void {
  bump(st.platform, r.platform);
  bump(st.locale, r.locale);
  bump(st.scenario, r.context.scenario);
  if (r.kind === 'captcha') {
    bump(st.type, r.captcha.type);
    bump(st.group, r.captcha.group);
  } else {
    st.targets += r.targets.length;
    st.queries += r.queries.length;
    for (const q of r.queries) {
      bump(st.query_style, q.style);
      if (q.tid === null) st.negatives++;
    }
    for (const [k, v] of Object.entries(r.hittest.rejected)) bump(st.hittest_rejected, k, v);
    const kinds = new Set((r.hittest.warnings ?? []).map((w) => w.split(':')[0]!.replace(/\d+/g, 'N').trim()));
    for (const k of kinds) bump(st.hittest_warnings, k);
  }
}

/** `into += from`, key by key (key order: first seen). */
export function mergeStats(into: ShardStats, from: ShardStats): void {
  for (const k of COUNT_KEYS) for (const [key, v] of Object.entries(from[k] ?? {})) bump(into[k], key, v);
  into.targets += from.targets ?? 0;
  into.queries += from.queries ?? 0;
  into.negatives += from.negatives ?? 0;
}
