/**
 * The shard writer: turns a pure sample function `(index) -> {record, png}` into verified shards and a
 * manifest.
 *
 * - Records are validated by the zod schema before they are written; lines are the schema-ordered JSON,
 *   streamed in index order to `shard-NNNNN.jsonl.partial` (memory does not grow with the shard or the run).
 * - Images are written to `<id>.png.partial`, flushed (fsync) and renamed, so no truncated image ever carries
 *   a final name, not even after a power loss.
 * - A shard is sealed only when every sample of its range was written whole or rejected for a sample-level
 *   reason ({@link SampleError}, retried once): the images' directory and the JSONL are flushed (fsync of
 *   files, then of their directories), the JSONL is renamed into place, then its sidecar
 *   `shard-NNNNN.meta.json` (range, count, sha256, rejects) is written — the sidecar is the shard's completion
 *   marker. A re-run skips shards whose sidecar, JSONL and every image verify (resume) unless `force`; a shard
 *   with a missing or corrupt image is rebuilt (the samples are pure functions of their index, so the bytes are
 *   the same).
 * - Any file-system or OS fault stops the run with an {@link EnvironmentError} (one line, exit 3): the shard in
 *   progress stays unsealed. Any other exception (a bug) stops the run with its stack trace in
 *   `OUT/.uisynth/error.log` (see dataset/faults.ts). Nothing already sealed is touched.
 * - One writer per slice: `OUT/.uisynth/locks/` holds a lock per `--shard-index/--shard-count` slice and per
 *   shard (dataset/lock.ts), and the manifest is rebuilt under a directory lock, so slices of one config may
 *   run concurrently into a shared directory while a run with another seed or config is refused.
 * - `manifest.json` is rebuilt from the sidecars of this config after every shard, so runs with different
 *   `--shard-index` values into one directory add up; each finished slice also leaves
 *   `OUT/.uisynth/completions/slice-IIIII-of-KKKKK.json` (a per-rank completion marker).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, readdir, rm, open } from 'node:fs/promises';
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { EnvironmentError, SampleError, UsageError } from '../core/errors.js';
import { UisynthRecord, Manifest, type UisynthRecord as Rec } from '../core/schema.js';
import { imageRel, manifestPath, shardJsonl, shardMeta, shardName, shardRejects } from './paths.js';
import { planShards, type ShardPlan } from './shards.js';
import { acquireLock, type HeldLock } from './lock.js';
import { InternalError, internalError, ioFault } from './faults.js';
import { syncDir, writeAtomic } from './durable.js';

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
  /** argv after `uisynth`, for the manifest (execution-only flags are dropped, see {@link contentCommand}). */
  command: string[];
  /** Resolved configuration (types, families, ...), for the manifest. Must be the same across shard runs. */
  config: Record<string, unknown>;
  /** Generator versions and source fingerprints (`<name>.source`, dataset/fingerprint.ts). */
  generators: Record<string, string>;
  chromium: string | null;
  /** Samples in flight at once. */
  concurrency: number;
  /**
   * Samples started ahead, beyond `concurrency` (default 0). Grounding uses 1: its producer holds the
   * browser pool (`concurrency` pages) only while the page is open, so one sample more in flight does
   * its Node-side part (painted-pixel diffs, records, queries, the PNG's hash and write) while the
   * browser renders the next page. Records are still written in index order; bytes do not change.
   */
  lookahead?: number;
  force: boolean;
  /**
   * Produce sample `index` (global). A {@link SampleError} marks the sample failed (retried once, then
   * rejected with its reason); a file-system error stops the run (EnvironmentError); any other exception is
   * retried once and then stops the run as a bug ({@link InternalError}).
   */
  produce: (index: number) => Promise<SampleOutput>;
  /** Called after each finished sample (written or skipped). */
  onProgress?: (done: number, total: number) => void;
  /** Called with one-line notes for the user (e.g. stale shards rebuilt after a generator code change). */
  onNote?: (line: string) => void;
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
 * Hash of the configuration that defines content (kind, seed, shard size, generator config, versions and
 * source fingerprints). `count` is not part of it: a shard's content depends only on its index range, so
 * raising `--count` keeps every complete shard. Shards made under another config are never resumed or mixed in.
 */
export const configHash = (o: Pick<RunOptions, 'kind' | 'seed' | 'shardSize' | 'config' | 'generators'>): string =>
  sha256(JSON.stringify([o.kind, o.seed, o.shardSize, o.config, o.generators])).slice(0, 16);

/** Flags that say how or where a run executes, not what it produces; dropped from the manifest's `command`. */
const EXECUTION_FLAGS = new Set(['--out', '--shard-index', '--shard-count', '--concurrency', '--force', '--quiet']);
const BOOLEAN_FLAGS = new Set(['--force', '--quiet']);

/**
 * argv without the execution-only flags (`--out`, `--shard-index`, `--shard-count`, `--concurrency`,
 * `--force`, `--quiet`), so the manifest of a slice run, a merged dataset and a one-process run agree.
 */
export function contentCommand(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const flag = a.split('=')[0]!;
    if (EXECUTION_FLAGS.has(flag)) {
      if (!a.includes('=') && !BOOLEAN_FLAGS.has(flag)) i++;
      continue;
    }
    out.push(a);
  }
  return out;
}

/** Image paths and sha256s of a shard body's records. */
function imagesOf(body: string): Array<{ path: string; sha256: string }> {
  return body.split('\n').filter(Boolean).map((l) => (JSON.parse(l) as Rec).image);
}

/** Is shard `p` sealed under `hash` with its JSONL and every image intact? */
async function shardDone(out: string, p: ShardPlan, hash: string): Promise<boolean> {
  const s = p.shard;
  let meta: ShardMeta;
  let body: Buffer;
  try {
    meta = JSON.parse(await readFile(shardMeta(out, s), 'utf8')) as ShardMeta;
    if (meta.config_hash !== hash || meta.start !== p.start || meta.end !== p.end || !meta.stats) return false;
    body = await readFile(shardJsonl(out, s));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT' || e instanceof SyntaxError) return false;
    throw ioFault(e, 'reading') ?? e;
  }
  if (sha256(body) !== meta.sha256) return false;
  for (const img of imagesOf(body.toString('utf8'))) {
    try {
      if (sha256(await readFile(join(out, img.path))) !== img.sha256) return false;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw ioFault(e, 'reading') ?? e;
    }
  }
  return true;
}

/** Create the output directory; turns file-system refusals into one-line errors. */
async function ensureOutDir(out: string): Promise<void> {
  try {
    // one level at a time: Node's recursive mkdir reports EROFS as ENOENT and never returns on e.g. /proc/x
    const missing: string[] = [];
    for (let d = resolve(out); !existsSync(d) && dirname(d) !== d; d = dirname(d)) missing.unshift(d);
    for (const d of [...missing, join(resolve(out), '.uisynth')]) {
      try {
        await mkdir(d);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EEXIST' && statSync(d).isDirectory()) continue;
        if ((e as NodeJS.ErrnoException).code === 'ENOENT')
          throw new EnvironmentError(`--out: cannot create ${d} (ENOENT: the file system there does not allow it, e.g. /proc or /sys); choose another directory`);
        throw e;
      }
    }
  } catch (e) {
    if (e instanceof EnvironmentError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') throw new UsageError(`--out: ${out} ${code === 'EEXIST' ? 'exists and is not a directory' : 'has a file where a directory is needed'}`, '--out');
    throw ioFault(e, 'creating') ?? new EnvironmentError(`--out: cannot create ${out} (${(e as Error).message}); choose another directory`);
  }
}

/** Remove every shard file (jsonl, meta, rejects) and the images folder: `--force` over another config. */
async function removeShards(out: string): Promise<void> {
  for (const f of await readdir(out)) if (/^shard-\d{5}\.(jsonl|meta\.json|rejects\.jsonl)(\.partial)?$/.test(f)) await rm(join(out, f), { force: true });
  await rm(join(out, 'images'), { recursive: true, force: true });
  await rm(manifestPath(out), { force: true });
}

/** The first difference between two JSON values, as `path: a vs b` (for refusals that name the field). */
function firstDiff(a: unknown, b: unknown, path: string): string | undefined {
  if (JSON.stringify(a) === JSON.stringify(b)) return undefined;
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const ao = a as Record<string, unknown>;
    const bo = b as Record<string, unknown>;
    for (const k of [...new Set([...Object.keys(ao), ...Object.keys(bo)])]) {
      const d = firstDiff(ao[k], bo[k], `${path}.${k}`);
      if (d) return d;
    }
  }
  const show = (v: unknown): string => (v === undefined ? '(absent)' : JSON.stringify(v).slice(0, 80));
  return `${path}: ${show(a)} in the directory, ${show(b)} in this run`;
}

const isSource = (k: string): boolean => k.endsWith('.source');
const pick = (g: Record<string, string>, f: (k: string) => boolean): Record<string, string> =>
  Object.fromEntries(Object.entries(g).filter(([k]) => f(k)));

/**
 * Compare the directory's manifest with this run. Returns 'same', 'stale' (only generator source fingerprints
 * differ: shards get rebuilt) or throws UsageError naming the first field that differs (unless `force`:
 * then 'replace').
 */
function compareIdentity(m: Manifest, o: RunOptions, hash: string): 'same' | 'stale' | 'replace' {
  if (m.kind !== o.kind) throw new UsageError(`--out: ${o.out} already holds a ${m.kind} dataset; choose another directory`, '--out');
  if (m.config.config_hash === hash) {
    if (o.count < m.count && !o.force)
      throw new UsageError(`--out: ${o.out} holds a dataset of count ${m.count}, this run asks for ${o.count}; use another --out, the same --count, or --force to rebuild it`, '--count');
    return 'same';
  }
  const { config_hash: _old, ...oldConfig } = m.config;
  const diff =
    firstDiff(m.seed, o.seed, 'seed') ??
    firstDiff(m.shard_size, o.shardSize, 'shard_size') ??
    firstDiff(oldConfig, o.config, 'config') ??
    firstDiff(pick(m.generators, (k) => !isSource(k)), pick(o.generators, (k) => !isSource(k)), 'generators');
  if (diff) {
    if (o.force) return 'replace';
    throw new UsageError(`--out: ${o.out} holds a different dataset (${diff}); choose another directory, or pass --force to replace it`, '--out');
  }
  return 'stale';
}

type Attempt = { ok: true; line: string; record: Rec } | { ok: false; index: number; reason: string; message: string };

/** Run `f`, turning file-system faults into EnvironmentErrors and other exceptions into InternalErrors. */
async function guard<T>(out: string, what: string, f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof UsageError || e instanceof EnvironmentError || e instanceof InternalError) throw e;
    throw ioFault(e, what.split(' ')[0], out) ?? internalError(e, out, what);
  }
}

/**
 * Generate the run's shards and rebuild the manifest.
 * @throws UsageError when the output directory holds another dataset (names the field) or is locked by a live run
 * @throws EnvironmentError on any file-system fault (the shard in progress stays unsealed)
 * @throws InternalError on a bug (stack trace in `OUT/.uisynth/error.log`)
 */
export async function runShards(o: RunOptions): Promise<RunSummary> {
  await ensureOutDir(o.out);
  const hash = configHash(o);
  const plan = planShards(o.count, o.shardSize, o.shardIndex, o.shardCount);
  const slice = `slice-${String(o.shardIndex).padStart(5, '0')}-of-${String(o.shardCount).padStart(5, '0')}`;
  const held: HeldLock[] = [];
  const lockOrFail = (l: HeldLock): void => {
    if (l.compromised) throw new EnvironmentError(`--out: lost the lock on ${o.out} (${l.compromised.message}); another process may be writing there; rerun the same command`);
  };
  try {
    held.push(await guard(o.out, 'locking', () => acquireLock(o.out, slice, `writing slice ${o.shardIndex}/${o.shardCount}`)));
    await withManifestLock(o.out, async () => {
      const existing = manifestPath(o.out);
      let m: Manifest | undefined;
      if (existsSync(existing)) {
        try {
          m = Manifest.parse(JSON.parse(await readFile(existing, 'utf8')));
        } catch (e) {
          if (ioFault(e)) throw ioFault(e, 'reading');
          /* unreadable manifest: rebuilt from the sidecars below */
        }
      }
      // written at once (also into an empty directory), so a concurrent run with another config is refused
      if (!m) return void (await writeManifest(o, hash));
      const verdict = compareIdentity(m, o, hash);
      if (verdict === 'replace') await removeShards(o.out);
      if (verdict === 'stale') {
        const d = firstDiff(pick(m.generators, isSource), pick(o.generators, isSource), 'generators');
        o.onNote?.(`note: generator code changed since ${o.out} was written (${d}); its shards are stale and get rebuilt`);
      }
      await writeManifest(o, hash);
    });
    const total = plan.reduce((a, p) => a + p.end - p.start, 0);
    let done = 0;
    const summary: Omit<RunSummary, 'manifest'> = { written: [], skipped: [], records: 0, rejects: {} };

    for (const p of plan) {
      lockOrFail(held[0]!);
      if (!o.force && (await guard(o.out, 'verifying', () => shardDone(o.out, p, hash)))) {
        summary.skipped.push(p.shard);
        done += p.end - p.start;
        o.onProgress?.(done, total);
        continue;
      }
      const shardLock = await guard(o.out, 'locking', () => acquireLock(o.out, shardName(p.shard), `writing ${shardName(p.shard)}`));
      try {
        const r = await writeShard(o, p, hash, () => o.onProgress?.(++done, total));
        lockOrFail(shardLock);
        summary.written.push(p.shard);
        summary.records += r.records;
        for (const [k, v] of Object.entries(r.rejects)) summary.rejects[k] = (summary.rejects[k] ?? 0) + v;
      } finally {
        await shardLock.release();
      }
      // the manifest is kept current after every shard, so an interrupted run still has one
      await withManifestLock(o.out, () => writeManifest(o, hash));
    }
    const manifest = await withManifestLock(o.out, () => writeManifest(o, hash));
    await guard(o.out, 'writing the completion marker', async () => {
      await mkdir(join(o.out, '.uisynth', 'completions'), { recursive: true });
      const marker = { slice: [o.shardIndex, o.shardCount], config_hash: hash, count: o.count, shards: plan.map((p) => p.shard) };
      await writeAtomic(join(o.out, '.uisynth', 'completions', `${slice}.json`), JSON.stringify(marker) + '\n');
    });
    return { ...summary, manifest };
  } finally {
    for (const l of held.reverse()) await l.release();
  }
}

/** Run `f` holding the directory's manifest lock (waits for a live holder: manifest updates are short). */
async function withManifestLock<T>(out: string, f: () => Promise<T>): Promise<T> {
  const l = await guard(out, 'locking', () => acquireLock(out, 'manifest', 'updating manifest.json', 120_000));
  try {
    return await guard(out, 'writing the manifest in', f);
  } finally {
    await l.release();
  }
}

/** Produce, write and seal one shard. Throws (shard unsealed) on an environment fault or a bug. */
async function writeShard(o: RunOptions, p: ShardPlan, hash: string, tick: () => void): Promise<{ records: number; rejects: Record<string, number> }> {
  const imgDir = join(o.out, 'images', shardName(p.shard));
  const file = shardJsonl(o.out, p.shard);
  // unseal first: from here until the new sidecar is written, the shard is incomplete
  await guard(o.out, 'removing', async () => {
    await rm(shardMeta(o.out, p.shard), { force: true });
    await rm(imgDir, { recursive: true, force: true });
    await mkdir(imgDir, { recursive: true });
  });
  const fh = await guard(o.out, 'creating', () => open(file + '.partial', 'w'));
  let fatal: unknown;
  const fail = (e: unknown): void => {
    if (fatal === undefined) fatal = e;
  };
  const rejectLines: string[] = [];
  const rejects: Record<string, number> = {};
  const stats = emptyStats();
  let records = 0;
  let bytes = createHash('sha256');
  // in-order streaming: finished samples wait here until every lower index is written
  const pending = new Map<number, Attempt>();
  let nextWrite = p.start;
  let chain: Promise<unknown> = Promise.resolve();
  const deliver = (i: number, r: Attempt): void => {
    pending.set(i, r);
    while (pending.has(nextWrite)) {
      const a = pending.get(nextWrite)!;
      pending.delete(nextWrite++);
      if (a.ok) {
        const line = a.line + '\n';
        records++;
        addStats(stats, a.record);
        bytes.update(line);
        chain = chain.then(() => fh.write(line)).catch(fail);
      } else {
        rejects[a.reason] = (rejects[a.reason] ?? 0) + 1;
        rejectLines.push(JSON.stringify({ index: a.index, reason: a.reason, message: a.message }));
      }
    }
  };
  const attempt = async (i: number): Promise<Attempt> => {
    let last: unknown;
    for (let k = 0; k < 2; k++) {
      let out: SampleOutput;
      try {
        out = await o.produce(i);
      } catch (e) {
        if (e instanceof UsageError || e instanceof EnvironmentError || e instanceof InternalError) throw e;
        const env = ioFault(e);
        // a file-system fault stops the run at once; anything else (a crashed browser, a bug) gets one retry
        if (env && (e as NodeJS.ErrnoException).code !== undefined) throw env;
        last = e;
        if (e instanceof SampleError || k === 0) continue;
        throw env ?? internalError(e, o.out, `producing sample ${i}`);
      }
      const { record, png } = out;
      const rel = imageRel(p.shard, record.id);
      const full = await guard(o.out, `checking sample ${i}`, async () => {
        const meta = imageMeta(png);
        return UisynthRecord.parse({ ...record, image: { path: rel, width: meta.width, height: meta.height, sha256: sha256(png) } });
      });
      await guard(o.out, 'writing', () => writeAtomic(join(o.out, rel), png));
      return { ok: true, line: JSON.stringify(full), record: full };
    }
    const err = last as { reason?: string; name?: string; message?: string };
    return { ok: false, index: i, reason: err.reason ?? err.name ?? 'error', message: String(err.message ?? err) };
  };
  let next = p.start;
  const worker = async (): Promise<void> => {
    while (next < p.end && fatal === undefined) {
      const i = next++;
      try {
        deliver(i, await attempt(i));
        tick();
      } catch (e) {
        fail(e);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(o.concurrency + (o.lookahead ?? 0), p.end - p.start)) }, worker));
  await chain;
  if (fatal === undefined) await fh.sync().catch(fail);
  await fh.close().catch(fail);
  if (fatal !== undefined) {
    // best effort: free the space of the unsealed shard's temporary files; sealed shards are untouched
    await rm(file + '.partial', { force: true }).catch(() => {});
    for (const f of await readdir(imgDir).catch(() => [] as string[])) if (f.endsWith('.partial')) await rm(join(imgDir, f), { force: true }).catch(() => {});
    throw fatal instanceof EnvironmentError || fatal instanceof UsageError || fatal instanceof InternalError
      ? fatal
      : (ioFault(fatal, 'writing', o.out) ?? internalError(fatal, o.out, `writing ${shardName(p.shard)}`));
  }
  const digest = bytes.digest('hex');
  bytes = createHash('sha256');
  await guard(o.out, 'writing', async () => {
    // durable before sealed: the images (each fsynced before its rename) and their directory entries, the
    // JSONL (fsynced above) and its rename, then the sidecar; a power loss never leaves a sealed shard whose
    // files are missing or empty
    await syncDir(imgDir);
    await syncDir(dirname(imgDir));
    await rename(file + '.partial', file);
    if (rejectLines.length) await writeAtomic(shardRejects(o.out, p.shard), rejectLines.join('\n') + '\n');
    else await rm(shardRejects(o.out, p.shard), { force: true });
    await syncDir(o.out);
    const meta: ShardMeta = { shard: p.shard, file: `${shardName(p.shard)}.jsonl`, start: p.start, end: p.end, records, sha256: digest, rejects, config_hash: hash, stats };
    await writeAtomic(shardMeta(o.out, p.shard), JSON.stringify(meta, null, 2) + '\n');
    await syncDir(o.out);
  });
  return { records, rejects };
}

/** Width and height of a PNG (IHDR). @throws Error when the bytes are not a PNG (a generator bug). */
function imageMeta(png: Buffer): { width: number; height: number } {
  // PNG IHDR: width and height are big-endian u32 at bytes 16 and 20.
  if (png.length < 24 || png.readUInt32BE(12) !== 0x49484452) throw new Error('sample image is not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/**
 * Build the manifest of the sidecars `metas` (sorted by shard). Used by the writer and by `merge`, so a
 * merged dataset's manifest is byte-identical to a one-process run's.
 * `shard_index`/`shard_count` name the slice the directory holds: 0/1 once every shard is present, else the
 * slice of the run that wrote it.
 */
export function buildManifest(
  o: Pick<RunOptions, 'kind' | 'count' | 'seed' | 'shardSize' | 'shardIndex' | 'shardCount' | 'command' | 'config' | 'generators' | 'chromium'>,
  hash: string,
  metas: ShardMeta[],
): Manifest {
  const rejects: Record<string, number> = {};
  for (const m of metas) for (const [k, v] of Object.entries(m.rejects)) rejects[k] = (rejects[k] ?? 0) + v;
  const stats = emptyStats();
  for (const m of metas) mergeStats(stats, m.stats);
  const expected = Math.ceil(o.count / o.shardSize);
  const present = new Set(metas.map((m) => m.shard));
  const missing = Array.from({ length: expected }, (_, i) => i).filter((i) => !present.has(i));
  const complete = missing.length === 0;
  return Manifest.parse({
    format: 'uisynth/1',
    uisynth_version: o.generators.uisynth ?? '0.0.0',
    kind: o.kind,
    command: contentCommand(o.command),
    config: { ...o.config, config_hash: hash },
    seed: o.seed,
    count: o.count,
    shard_size: o.shardSize,
    shard_index: complete ? 0 : o.shardIndex,
    shard_count: complete ? 1 : o.shardCount,
    generators: o.generators,
    chromium: o.chromium,
    shards: metas.map((m) => ({ file: m.file, start: m.start, end: m.end, records: m.records, sha256: m.sha256 })),
    records: metas.reduce((a, m) => a + m.records, 0),
    rejects,
    stats: { ...stats, shards_expected: expected, shards_missing: missing },
  });
}

/** The sidecars in `dir` sealed under `hash` whose range matches the plan of `count` / `shardSize`. */
export async function sealedMetas(dir: string, hash: string, count: number, shardSize: number): Promise<ShardMeta[]> {
  const metas: ShardMeta[] = [];
  for (const f of (await readdir(dir)).filter((f) => /^shard-\d{5}\.meta\.json$/.test(f)).sort()) {
    const m = JSON.parse(await readFile(join(dir, f), 'utf8')) as ShardMeta;
    if (m.config_hash === hash && m.start === m.shard * shardSize && m.end === Math.min((m.shard + 1) * shardSize, count)) metas.push(m);
  }
  return metas;
}

/** Rebuild `manifest.json` from all shard sidecars of this config in `o.out` (call under the manifest lock). */
async function writeManifest(o: RunOptions, hash: string): Promise<Manifest> {
  const manifest = buildManifest(o, hash, await sealedMetas(o.out, hash, o.count, o.shardSize));
  await writeAtomic(manifestPath(o.out), JSON.stringify(manifest, null, 2) + '\n');
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
