/**
 * `uisynth regress GOLDEN_DIR`: regenerate exactly the pinned samples with the current code and
 * environment, compare labels field by field and images with pixelmatch, and give one verdict.
 *
 * Verdicts and exit codes (distinct; usage errors stay 2, a missing Chromium 3, bugs 1):
 * | verdict               | exit | meaning                                                                 |
 * |-----------------------|------|-------------------------------------------------------------------------|
 * | `no drift`            | 0    | every record and image as pinned (environment may differ; it is noted)  |
 * | `labels changed`      | 5    | some label field differs, or a sample no longer generates               |
 * | `pixels changed only` | 6    | labels identical, some image differs by more than `maxDiffPixels`       |
 * | `environment changed` | 7    | Chromium or font versions differ from the golden's AND something drifted |
 *
 * Report directory (`--out`, read by the gallery):
 * ```
 * OUT/report.json                      RegressReport (below): verdict, environment, every record's result
 * OUT/summary.txt                      the one-screen summary
 * OUT/records/<id>/before.png          golden image            (only for records that drifted)
 * OUT/records/<id>/after.png           regenerated image
 * OUT/records/<id>/diff.png            pixelmatch diff: golden faded, changed pixels pure red (when the sizes agree)
 * OUT/records/<id>/before-labels.png   golden image with the golden labels drawn (boxes, points)
 * OUT/records/<id>/after-labels.png    regenerated image with the regenerated labels drawn
 * OUT/records/<id>/before.json         golden record; after.json: regenerated record
 * ```
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UsageError } from '../core/errors.js';
import type { Manifest, UisynthRecord } from '../core/schema.js';
import { configHash } from '../dataset/write.js';
import { currentEnvironment, environmentChanges, inputChanges, inputHashes, type Environment } from './environment.js';
import { readEntries, readGolden, writeGolden, type GoldenEntry, type GoldenInfo } from './golden.js';
import { diffRecords, formatDiff, type LabelDiff } from './labels.js';
import { comparePixels, drawLabels } from './pixels.js';
import { openRegenerator, pageInputs, type Regenerated } from './regenerate.js';
import { stratumOf } from './selection.js';
import { junitXml, type JUnitCase } from './junit.js';

export const VERDICTS = ['no drift', 'labels changed', 'pixels changed only', 'environment changed'] as const;
export type Verdict = (typeof VERDICTS)[number];
/** Exit code per verdict. */
export const REGRESS_EXIT: Readonly<Record<Verdict, number>> = { 'no drift': 0, 'labels changed': 5, 'pixels changed only': 6, 'environment changed': 7 };

/** Label differences kept per record in the report (a redesigned page can differ in thousands of fields). */
export const MAX_LABEL_DIFFS = 500;

/** One pinned record's result. */
export interface RecordResult {
  id: string;
  index: number;
  /** CAPTCHA type or scenario family. */
  stratum: string;
  status: 'no drift' | 'labels changed' | 'pixels changed only' | 'failed';
  /** The label differences (golden = before), the first {@link MAX_LABEL_DIFFS} of them. */
  labels: LabelDiff[];
  /** How many label differences there are in all. */
  labels_total: number;
  /** Pixels pixelmatch counts as changed (all when the image size changed), of `total`. */
  pixels: { changed: number; total: number; fraction: number; changed_box: [number, number, number, number] | null; same_size: boolean };
  /** Why the sample could not be regenerated (status `failed`). */
  error?: string;
  /** Report files of this record, relative to the report directory (records that drifted). */
  files?: Record<string, string>;
}

/** `report.json`. */
export interface RegressReport {
  format: 'uisynth-regress/1';
  golden: string;
  kind: 'grounding' | 'captcha';
  verdict: Verdict;
  exit_code: number;
  counts: { records: number; no_drift: number; labels_changed: number; pixels_changed_only: number; failed: number };
  environment: { golden: Environment; current: Environment; changes: string[] };
  /** Page-defining input files whose sha256 differs from the golden's. */
  inputs_changed: Array<{ path: string; before: string | null; after: string | null }>;
  /** pixelmatch colour threshold (0-1) and how many changed pixels an image may have and still count as unchanged. */
  threshold: number;
  max_diff_pixels: number;
  seconds: number;
  /** `--accept`: the golden set was rewritten from this run. */
  accepted: boolean;
  records: RecordResult[];
}

/** Options of {@link runRegress}. */
export interface RegressOptions {
  /** Report directory (created; a previous report there is replaced). */
  out: string;
  /** pixelmatch threshold in [0,1]; default 0.1 (pixelmatch's own default). */
  threshold?: number;
  /** Changed pixels per image tolerated as "unchanged" (default 0). */
  maxDiffPixels?: number;
  /** Rewrite the golden set from the regenerated samples. */
  accept?: boolean;
  /** Samples in flight at once (default 2). */
  concurrency?: number;
  uisynthVersion: string;
  onProgress?: (done: number, total: number) => void;
}

async function mapLimit<T, R>(items: readonly T[], n: number, f: (t: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.max(1, Math.min(n, items.length)) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await f(items[i]!, i);
    }
  }));
  return out;
}

/**
 * Regress a golden set. Writes the report directory and returns the report (the caller prints the
 * summary and exits with `report.exit_code`).
 * @throws UsageError when GOLDEN is not a golden set, or `accept` is asked while samples fail
 * @throws EnvironmentError when Chromium is missing (grounding)
 */
export async function runRegress(goldenDir: string, o: RegressOptions): Promise<RegressReport> {
  const t0 = performance.now();
  const threshold = o.threshold ?? 0.1;
  const maxDiff = o.maxDiffPixels ?? 0;
  const { info, manifest } = await readGolden(goldenDir);
  const entries = await readEntries(goldenDir, manifest);
  const regen = await openRegenerator(manifest, o.concurrency ?? 2);
  const current = currentEnvironment(regen.chromium);
  const results: RecordResult[] = [];
  const fresh: Array<Regenerated | null> = [];
  let done = 0;
  try {
    await rm(join(o.out, 'records'), { recursive: true, force: true });
    await mkdir(o.out, { recursive: true });
    const outcomes = await mapLimit(entries, o.concurrency ?? 2, async (e) => {
      const golden = e.record;
      const png = await readFile(join(goldenDir, golden.image.path));
      let re: Regenerated | null = null;
      let error: string | undefined;
      // the shard writer retries a failing sample once; so does regress
      for (let k = 0; k < 2 && !re; k++) {
        try {
          re = await regen.produce(golden.index, golden.image.path);
        } catch (err) {
          if (err instanceof UsageError) throw err;
          error = `${(err as { reason?: string }).reason ?? (err as Error).name}: ${(err as Error).message}`;
        }
      }
      const r = await compareOne(golden, png, re, error, threshold, maxDiff, o.out);
      o.onProgress?.(++done, entries.length);
      return { r, re };
    });
    for (const x of outcomes) {
      results.push(x.r);
      fresh.push(x.re);
    }
  } finally {
    await regen.close();
  }
  const inputs = await pageInputs(manifest);
  const nowInputs = manifest.kind === 'grounding' ? inputHashes(inputs.files, inputs.builtin) : {};
  const envChanges = environmentChanges(info.environment, current);
  const count = (s: RecordResult['status']): number => results.filter((r) => r.status === s).length;
  const counts = {
    records: results.length,
    no_drift: count('no drift'),
    labels_changed: count('labels changed'),
    pixels_changed_only: count('pixels changed only'),
    failed: count('failed'),
  };
  const drift = counts.labels_changed + counts.pixels_changed_only + counts.failed > 0;
  const verdict: Verdict = !drift ? 'no drift' : envChanges.length ? 'environment changed' : counts.labels_changed + counts.failed ? 'labels changed' : 'pixels changed only';
  let accepted = false;
  if (o.accept && drift) {
    if (counts.failed) throw new UsageError(`--accept: ${counts.failed} sample(s) no longer generate (${results.find((r) => r.status === 'failed')!.id}); fix them or make a new golden set`, '--accept');
    await acceptGolden(goldenDir, info, manifest, entries, fresh as Regenerated[], current, nowInputs, o.uisynthVersion);
    accepted = true;
  }
  const report: RegressReport = {
    format: 'uisynth-regress/1',
    golden: goldenDir,
    kind: manifest.kind,
    verdict,
    exit_code: accepted ? 0 : REGRESS_EXIT[verdict],
    counts,
    environment: { golden: info.environment, current, changes: envChanges },
    inputs_changed: inputChanges(info.inputs, nowInputs),
    threshold,
    max_diff_pixels: maxDiff,
    seconds: Math.round((performance.now() - t0) / 100) / 10,
    accepted,
    records: results,
  };
  await writeFile(join(o.out, 'report.json'), JSON.stringify(report, null, 2) + '\n');
  await writeFile(join(o.out, 'summary.txt'), formatRegressSummary(report, o.out));
  return report;
}

async function compareOne(
  golden: UisynthRecord,
  png: Buffer,
  re: Regenerated | null,
  error: string | undefined,
  threshold: number,
  maxDiff: number,
  out: string,
): Promise<RecordResult> {
  const base = { id: golden.id, index: golden.index, stratum: stratumOf(golden) };
  const total = golden.image.width * golden.image.height;
  if (!re) return { ...base, status: 'failed', labels: [], labels_total: 0, pixels: { changed: total, total, fraction: 1, changed_box: null, same_size: false }, error: error ?? 'unknown error' };
  const all = diffRecords(golden, re.record);
  const labels = all.slice(0, MAX_LABEL_DIFFS);
  const px = await comparePixels(png, re.png, threshold, true);
  const pixelsDrift = px.changed > maxDiff;
  const status: RecordResult['status'] = labels.length ? 'labels changed' : pixelsDrift ? 'pixels changed only' : 'no drift';
  const result: RecordResult = {
    ...base,
    status,
    labels,
    labels_total: all.length,
    pixels: { changed: px.changed, total: px.total, fraction: px.total ? px.changed / px.total : 0, changed_box: px.changedBox, same_size: px.sameSize },
  };
  if (status !== 'no drift') {
    const dir = join('records', golden.id);
    await mkdir(join(out, dir), { recursive: true });
    const files: Record<string, string> = {
      before: join(dir, 'before.png'),
      after: join(dir, 'after.png'),
      before_labels: join(dir, 'before-labels.png'),
      after_labels: join(dir, 'after-labels.png'),
      before_record: join(dir, 'before.json'),
      after_record: join(dir, 'after.json'),
    };
    await writeFile(join(out, files.before!), png);
    await writeFile(join(out, files.after!), re.png);
    await writeFile(join(out, files.before_labels!), await drawLabels(png, golden, '#0a7cff'));
    await writeFile(join(out, files.after_labels!), await drawLabels(re.png, re.record, '#ff6a00'));
    await writeFile(join(out, files.before_record!), JSON.stringify(golden, null, 2) + '\n');
    await writeFile(join(out, files.after_record!), JSON.stringify(re.record, null, 2) + '\n');
    if (px.diffPng) {
      files.diff = join(dir, 'diff.png');
      await writeFile(join(out, files.diff), px.diffPng);
    }
    result.files = files;
  }
  return result;
}

/** `--accept`: rewrite the golden set (records, images, manifest, golden.json) from the regenerated samples. */
async function acceptGolden(
  dir: string,
  info: GoldenInfo,
  m: Manifest,
  entries: ReadonlyArray<Omit<GoldenEntry, 'png'>>,
  fresh: readonly Regenerated[],
  env: Environment,
  inputs: Record<string, string>,
  version: string,
): Promise<void> {
  const gen = fresh[0]?.record.generator;
  const generators = { ...m.generators, uisynth: version, ...(gen ? { [gen.name]: gen.version } : {}) };
  const { config_hash: _old, ...config } = m.config as Record<string, unknown>;
  const hash = configHash({ kind: m.kind, seed: m.seed, shardSize: m.shard_size, config, generators });
  const manifest: Manifest = { ...m, uisynth_version: version, generators, chromium: env.chromium, config: { ...config, config_hash: hash } };
  const next: GoldenEntry[] = entries.map((e, i) => ({ line: JSON.stringify(fresh[i]!.record), record: fresh[i]!.record, png: fresh[i]!.png, shard: e.shard }));
  // written next to the golden set and swapped in only when complete: an interrupted --accept leaves
  // the old golden set as it was
  const tmp = `${dir.replace(/[/\\]+$/, '')}.accept-partial`;
  await rm(tmp, { recursive: true, force: true });
  await writeGolden(tmp, manifest, next, {
    sourceDir: info.source.dir,
    sourceManifestSha: info.source.manifest_sha256,
    environment: env,
    inputs,
    uisynthVersion: version,
  });
  const old = `${dir.replace(/[/\\]+$/, '')}.accept-old`;
  await rm(old, { recursive: true, force: true });
  await rename(dir, old);
  await rename(tmp, dir);
  await rm(old, { recursive: true, force: true });
}

/** The one-screen summary. */
export function formatRegressSummary(r: RegressReport, out: string, maxLines = 8): string {
  const L: string[] = [];
  L.push(`regress: ${r.golden} (${r.counts.records} ${r.kind} records; pixelmatch threshold ${r.threshold}, tolerated ${r.max_diff_pixels} px) in ${r.seconds} s`);
  L.push(`  no drift              ${r.counts.no_drift}`);
  L.push(`  pixels changed only   ${r.counts.pixels_changed_only}`);
  L.push(`  labels changed        ${r.counts.labels_changed}`);
  L.push(`  failed to regenerate  ${r.counts.failed}`);
  L.push(`environment: ${r.environment.changes.length ? 'CHANGED: ' + r.environment.changes.join('; ') : 'as pinned (' + (r.environment.current.chromium ?? 'no browser') + ')'}`);
  if (r.inputs_changed.length) L.push(`inputs changed: ${r.inputs_changed.map((c) => c.path).slice(0, 6).join(', ')}${r.inputs_changed.length > 6 ? ` (+${r.inputs_changed.length - 6})` : ''}`);
  const shown = r.records.filter((x) => x.status !== 'no drift').slice(0, maxLines);
  for (const x of shown) {
    if (x.status === 'failed') L.push(`  ${x.id} [${x.stratum}]: failed: ${x.error}`);
    else if (x.status === 'labels changed')
      L.push(`  ${x.id} [${x.stratum}]: ${x.labels_total} label field(s) changed, e.g. ${x.labels.slice(0, 2).map((d) => formatDiff(d, 60)).join('; ')}`);
    else L.push(`  ${x.id} [${x.stratum}]: ${x.pixels.changed} px changed (${(x.pixels.fraction * 100).toFixed(3)}%) in ${JSON.stringify(x.pixels.changed_box)}`);
  }
  const more = r.records.filter((x) => x.status !== 'no drift').length - shown.length;
  if (more > 0) L.push(`  ... ${more} more in ${join(out, 'report.json')}`);
  L.push(`verdict: ${r.verdict} (exit ${REGRESS_EXIT[r.verdict]})${r.accepted ? `; --accept: golden set rewritten from this run (exit 0)` : ''}; report: ${join(out, 'report.json')}`);
  return L.join('\n') + '\n';
}

/** The regress report as JUnit XML: one test case per pinned record (classname `uisynth.regress.<family or type>`). */
export function regressJUnit(r: RegressReport, at: Date): string {
  const per = r.records.length ? r.seconds / r.records.length : 0;
  const cases: JUnitCase[] = r.records.map((x) => {
    const c: JUnitCase = { name: x.id, classname: `uisynth.regress.${x.stratum}`, seconds: per };
    if (x.status === 'failed') c.error = { message: `sample no longer generates: ${x.error}`, type: 'failed', text: x.error ?? '' };
    else if (x.status === 'labels changed')
      c.failure = { message: `${x.labels_total} label field(s) changed: ${x.labels.slice(0, 3).map((d) => formatDiff(d, 60)).join('; ')}`, type: 'labels changed', text: x.labels.map((d) => formatDiff(d, 400)).join('\n') };
    else if (x.status === 'pixels changed only')
      c.failure = { message: `${x.pixels.changed} px changed in ${JSON.stringify(x.pixels.changed_box)}`, type: 'pixels changed only', text: x.files?.diff ?? '' };
    return c;
  });
  return junitXml('uisynth.regress', cases, { verdict: r.verdict, golden: r.golden, chromium: r.environment.current.chromium ?? '', environment_changes: r.environment.changes.join('; ') }, at, formatRegressSummary(r, ''));
}
