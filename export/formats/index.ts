/**
 * `uisynth export DATA_DIR --to FORMAT --out DIR`: native shards -> a training-framework format, sharded,
 * with `export-manifest.json` (every file with its byte size and sha256) and a dataset card `README.md`.
 *
 * Output is deterministic: the same dataset and flags give the same bytes (no timestamps; the recorded
 * command names the input and output directories `DATA_DIR` and `OUT`). Re-exporting into a directory
 * that holds a previous export replaces it; any other non-empty directory is refused. Files are written to a
 * sibling staging directory and moved into place on success, so a failed export leaves `--out` unchanged.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError, badValue } from '../../core/errors.js';
import { UisynthRecord, type Manifest } from '../../core/schema.js';
import { DIALECTS, type Dialect } from '../../core/actions.js';
import { MODEL_FAMILIES, MODEL_VISION, type ModelVision } from '../../core/models.js';
import { readManifest, readRecords, verifiedImage } from '../../dataset/read.js';
import sharp from 'sharp';
import { convention, coordsOpt, type CoordConvention } from '../../core/coords.js';
import { chooseBudget, trainerDefaultMax, type ExportBudget } from '../budget.js';
import { settingsFragments, trainSettings } from '../train-settings.js';
import { consumerViews, roundTrip, type RoundTrip } from '../roundtrip.js';
import { writeCard } from '../card.js';
import { loadPrompts } from '../prompts/index.js';
import { recordSamples, type ExportSample } from './samples.js';
import { FORMATS, type ExportContext, type ExportFile, type ExportManifest, type ExportOptions, type ExportSummary, type FormatName } from './context.js';
import { sha256, writeImageFolder, writeLlamaFactory, writeScreenspot, writeSwift, writeTrl, writeVerl, writeWebDataset } from './writers.js';

export { FORMATS } from './context.js';
export type { ExportContext, ExportFile, ExportManifest, ExportOptions, ExportSummary, FormatName } from './context.js';

const RL_FORMATS: ReadonlySet<FormatName> = new Set(['swift', 'trl', 'verl']);
/** reward/uisynth_reward.py of this package. */
const REWARD_MODULE = fileURLToPath(new URL('../../reward/uisynth_reward.py', import.meta.url));

/**
 * Formats whose images are written at the size the model sees when a budget applies: every format but
 * screenspot (no budget). hf-imagefolder and webdataset too: their users run the model's processor (and, for
 * UI-TARS, its parser, which recomputes the frame from the image size with its own default max_pixels), so an
 * image already at its smart_resize size keeps every label right under default settings as well.
 */
const RESIZING_FORMATS: ReadonlySet<FormatName> = new Set(['llamafactory', 'swift', 'trl', 'verl', 'hf-imagefolder', 'webdataset']);

/**
 * The coordinate convention, pixel budget and model vision of an export. A budget applies to `qwen25`
 * (absolute px of the resized image) and to relative conventions chosen through a `--model-family`.
 * @throws UsageError for budget flags where no budget applies, or values outside the allowed range
 */
function resolveBudget(
  to: FormatName,
  coordsName: string,
  dialect: Dialect,
  o: ExportOptions,
): { coords: CoordConvention; budget: ExportBudget | null; vision: ModelVision | null } {
  const flags = { maxPixels: o.maxPixels, minPixels: o.minPixels, pixelBudget: o.pixelBudget };
  const anyFlag = flags.maxPixels !== undefined || flags.minPixels !== undefined || flags.pixelBudget !== undefined;
  const base = coordsOpt(coordsName);
  let vision: ModelVision | null = o.modelFamily
    ? MODEL_VISION[o.modelFamily]!
    : base.space === 'resized_px'
      ? MODEL_VISION[dialect === 'uitars' ? 'ui-tars-1.5' : 'qwen2.5-vl']!
      : null;
  // UI-TARS' parser recomputes the frame with min_pixels 100*28*28 (action_parser.py L8): answers in its dialect need at least that
  if (vision && dialect === 'uitars' && base.space === 'resized_px' && vision.min_pixels < MODEL_VISION['ui-tars-1.5']!.min_pixels)
    vision = { ...vision, min_pixels: MODEL_VISION['ui-tars-1.5']!.min_pixels };
  const applies = vision !== null && (base.space === 'resized_px' || (base.space === 'relative' && o.modelFamily !== undefined)) && to !== 'screenspot';
  if (!applies) {
    if (anyFlag)
      throw new UsageError(
        '--max-pixels/--min-pixels/--pixel-budget: only apply to --coords qwen25 or a --model-family with relative coordinates (coordinates here do not depend on the model\'s resize)',
        flags.pixelBudget !== undefined ? '--pixel-budget' : flags.maxPixels !== undefined ? '--max-pixels' : '--min-pixels',
      );
    return { coords: base, budget: null, vision };
  }
  const budget = chooseBudget(vision!, flags, RESIZING_FORMATS.has(to) ? trainerDefaultMax(to) : null);
  const pb = { factor: budget.factor, min_pixels: budget.min_pixels, max_pixels: budget.max_pixels };
  return { coords: base.space === 'resized_px' ? convention('qwen25', pb) : base, budget, vision };
}

/**
 * Fail the export when a consumer at the card's settings (or, for a budget the exporter chose, at the
 * trainer's defaults) does not map every gold answer back into its targets.
 * @throws UsageError naming the first failing sample, the consumer and its settings
 */
function checkRoundTrip(rt: RoundTrip, budget: ExportBudget | null, allowDefaultMiss: boolean): void {
  for (const [name, c] of Object.entries(rt.by_consumer)) {
    if (c.ok === c.checked || !c.first_miss) continue;
    const [consumer, setting] = name.split('@');
    if (setting === 'default' && allowDefaultMiss) continue;
    const b = budget ? ` (pixel budget factor ${budget.factor}, min_pixels ${budget.min_pixels}, max_pixels ${budget.max_pixels})` : '';
    const fix =
      setting === 'default' && budget?.source === 'flags'
        ? 'Choose a budget the trainer keeps at its defaults (leave out --max-pixels/--pixel-budget for the default), or pass --allow-default-miss to export labels that are right only with the card\'s settings'
        : 'Choose another --max-pixels/--pixel-budget or --coords';
    throw new UsageError(
      `round trip: ${c.checked - c.ok} of ${c.checked} samples miss under ${consumer} at its ${setting === 'card' ? 'card (train-settings.json)' : 'default'} settings${b}; ` +
        `first: sample ${c.first_miss.sample}: ${c.first_miss.reason}. ${fix}`,
      budget?.source === 'flags' ? '--max-pixels' : '--coords',
    );
  }
}

/** Sample selection from --styles, --languages, --max-per-screenshot and the --val-fraction split. */
function selection(o: ExportOptions, to: FormatName) {
  const list = (v: string | undefined): string[] | null => (v === undefined ? null : v.split(',').map((x) => x.trim()).filter(Boolean));
  const styles = list(o.styles);
  // ISO 639-1 codes or locale codes (es-ES, zh_CN): the language part is compared
  const languages = list(o.languages)?.map((l) => l.split(/[-_]/)[0]!.toLowerCase()) ?? null;
  let cap: number | null = null;
  if (o.maxPerScreenshot !== undefined) {
    cap = Number(o.maxPerScreenshot);
    if (!Number.isInteger(cap) || cap < 1) throw new UsageError(`--max-per-screenshot: expected a positive integer, got '${o.maxPerScreenshot}'`, '--max-per-screenshot');
  }
  const valFraction = Number(o.valFraction ?? 0);
  if (!(valFraction >= 0 && valFraction <= 0.5)) throw new UsageError(`--val-fraction: expected a number in [0, 0.5], got '${o.valFraction}'`, '--val-fraction');
  if (valFraction > 0 && to === 'screenspot') throw new UsageError('--val-fraction: screenspot is an evaluation format (a test split); leave --val-fraction out', '--val-fraction');
  const seenStyles = new Set<string>();
  const seenLangs = new Set<string>();
  const hash01 = (s: string): number => parseInt(createHash('sha256').update(s).digest('hex').slice(0, 8), 16) / 2 ** 32;
  const langOf = (s: ExportSample): string => {
    const q = s.record.kind === 'grounding' ? s.record.queries.find((x) => x.qid === s.qid) : null;
    return (q?.locale ?? s.record.locale).split('-')[0]!.toLowerCase();
  };
  return {
    valFraction,
    /** Reason a sample is filtered out, or null. */
    reject(s: ExportSample): string | null {
      const lang = langOf(s);
      seenStyles.add(s.style);
      seenLangs.add(lang);
      if (styles && !styles.includes(s.style)) return 'style';
      if (languages && !languages.includes(lang)) return 'language';
      return null;
    },
    /** At most `cap` samples of one record: the ones with the smallest hash of (id, qid), in their original order. */
    cap(kept: ExportSample[]): ExportSample[] {
      if (cap === null || kept.length <= cap) return kept;
      const chosen = new Set([...kept].sort((a, b) => hash01(a.key) - hash01(b.key) || (a.key < b.key ? -1 : 1)).slice(0, cap));
      return kept.filter((s) => chosen.has(s));
    },
    /** A filter that keeps nothing names the values present. */
    checkSeen(n: number): void {
      if (n > 0) return;
      if (styles && !styles.some((x) => seenStyles.has(x)))
        throw new UsageError(`--styles: no sample has style ${styles.join(', ')}; present: ${[...seenStyles].sort().join(', ')}`, '--styles');
      if (languages && !languages.some((x) => seenLangs.has(x)))
        throw new UsageError(`--languages: no sample is in ${languages.join(', ')}; present: ${[...seenLangs].sort().join(', ')}`, '--languages');
    },
    /** Deterministic split by record id: the same screenshot is never in both splits. */
    isValidation: (id: string): boolean => valFraction > 0 && hash01(`val:${id}`) < valFraction,
  };
}

/** Does a PNG's size differ from `size`? */
async function needsResize(png: Buffer, size: readonly [number, number]): Promise<boolean> {
  const m = await sharp(png).metadata();
  return m.width !== size[0] || m.height !== size[1];
}

/** Resize a PNG to exactly `size` (bicubic, as PIL's `Image.resize` default that Qwen's preprocessing uses). */
async function resizePng(png: Buffer, size: readonly [number, number]): Promise<Buffer> {
  return sharp(png).resize(size[0], size[1], { fit: 'fill', kernel: 'cubic' }).png().toBuffer();
}

const MANIFEST = 'export-manifest.json';

/**
 * Check `--out` before any work: missing, empty, or a previous export (replaced on success).
 * @throws UsageError for a non-empty directory that holds no previous export
 */
async function checkOut(out: string): Promise<ExportManifest | null> {
  if (!existsSync(out)) return null;
  const entries = await readdir(out);
  if (entries.length === 0) return null;
  if (!entries.includes(MANIFEST)) throw new UsageError(`--out: ${out} is not empty and holds no previous export (${MANIFEST}); choose an empty directory`, '--out');
  return JSON.parse(await readFile(join(out, MANIFEST), 'utf8')) as ExportManifest;
}

/**
 * The staging directory of an export into `out`: a sibling (same filesystem, so moving it into place is a
 * rename; relative `--link` symlinks keep their depth), with a fixed name so that the leftovers of a killed
 * run are recognised and removed by the next one.
 */
export function stagingDir(out: string): string {
  return join(dirname(resolve(out)), `.${basename(resolve(out))}.uisynth-export-partial`);
}

/** Move every entry of `src` into `dest` (merging directories, replacing files), then remove `src`. */
async function moveInto(src: string, dest: string): Promise<void> {
  await mkdir(dest, { recursive: true });
  for (const e of await readdir(src, { withFileTypes: true })) {
    const a = join(src, e.name);
    const b = join(dest, e.name);
    if (e.isDirectory() && existsSync(b) && (await stat(b)).isDirectory()) await moveInto(a, b);
    else {
      await rm(b, { recursive: true, force: true });
      await rename(a, b);
    }
  }
  await rm(src, { recursive: true, force: true });
}

/**
 * Put a finished staging directory in place of `out`: the previous export's own files (listed in its
 * manifest, its manifest and card) are removed first; files a user added beside them stay.
 */
async function publish(stage: string, out: string, previous: ExportManifest | null): Promise<void> {
  if (previous) {
    for (const f of previous.files ?? []) await rm(join(out, f.path), { force: true });
    await rm(join(out, MANIFEST), { force: true });
    await rm(join(out, 'README.md'), { force: true });
  }
  if (existsSync(out) && (await readdir(out)).length === 0) await rm(out, { recursive: true });
  if (!existsSync(out)) {
    await mkdir(dirname(resolve(out)), { recursive: true });
    await rename(stage, out);
  } else await moveInto(stage, out);
}

function normaliseCommand(cmd: string[], dataDir: string, out: string): string[] {
  const r: string[] = [];
  for (let i = 0; i < cmd.length; i++) {
    const a = cmd[i]!;
    if (a === dataDir) r.push('DATA_DIR');
    else if (a === out && cmd[i - 1] === '--out') r.push('OUT');
    else if (a.startsWith('--out=')) r.push('--out=OUT');
    else r.push(a);
  }
  return r;
}

/**
 * Run an export.
 * @throws UsageError naming the flag for a bad `--to`, `--coords`, `--dialect`, `--model-family`,
 *   `--shard-size`, `--template`, budget or `--out`, or a DATA_DIR that is not a dataset
 */
export async function runExport(o: ExportOptions, version = '0.0.0'): Promise<ExportSummary> {
  if (!(FORMATS as readonly string[]).includes(o.to)) throw badValue('--to', o.to, FORMATS);
  const to = o.to as FormatName;
  const fam = o.modelFamily === undefined ? null : MODEL_FAMILIES[o.modelFamily];
  if (fam === undefined) throw badValue('--model-family', o.modelFamily, Object.keys(MODEL_FAMILIES));
  const dialectName = o.dialect ?? fam?.dialect ?? 'venus';
  if (!(DIALECTS as readonly string[]).includes(dialectName)) throw badValue('--dialect', dialectName, DIALECTS);
  const dialect = dialectName as Dialect;
  let coordsName = o.coords ?? fam?.coords ?? 'abs';
  if (to === 'screenspot') {
    if (o.coords !== undefined && o.coords !== 'abs')
      throw new UsageError(`--coords: ${o.coords} is not allowed for --to screenspot (its boxes are always image px, xyxy); leave --coords out or use abs`, '--coords');
    coordsName = 'abs';
  }
  const { coords, budget, vision } = resolveBudget(to, coordsName, dialect, o);
  const shardSize = Number(o.shardSize ?? 1000);
  if (!Number.isInteger(shardSize) || shardSize < 1 || shardSize > 10_000_000)
    throw new UsageError(`--shard-size: expected an integer in [1, 10000000], got '${o.shardSize}'`, '--shard-size');
  const prompts = loadPrompts(dialect, o.template);
  const srcManifest: Manifest = await readManifest(o.dataDir);
  if (to === 'screenspot' && srcManifest.kind !== 'grounding')
    throw new UsageError(`--to screenspot: needs a grounding dataset, ${o.dataDir} holds ${srcManifest.kind}`, '--to');
  const thinking = Boolean(o.thinking);
  const resizeFiles = budget !== null && RESIZING_FORMATS.has(to);
  const select = selection(o, to);

  const samples: ExportSample[] = [];
  const skipped: Record<string, number> = {};
  let records = 0;
  const imageSha = new Map<string, string>(); // image path -> record sha256, checked before copying (dataset/read.ts verifiedImage)
  const filtered: Record<string, number> = {};
  for await (const { record, file, line } of readRecords(o.dataDir, srcManifest)) {
    records++;
    o.onProgress?.('read', records, srcManifest.records);
    const parsed = UisynthRecord.safeParse(record);
    if (!parsed.success)
      throw new UsageError(`DATA_DIR: ${file}:${line}: not a valid record (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}); run uisynth validate`, 'DATA_DIR');
    imageSha.set(parsed.data.image.path, parsed.data.image.sha256);
    const kept: ExportSample[] = [];
    for (const r of recordSamples(parsed.data, { coords, dialect, thinking, prompts, fileBudget: resizeFiles ? budget : null })) {
      if (!r.ok) skipped[r.reason] = (skipped[r.reason] ?? 0) + 1;
      else {
        const why = select.reject(r.sample);
        if (why) filtered[why] = (filtered[why] ?? 0) + 1;
        else kept.push(r.sample);
      }
    }
    const capped = select.cap(kept);
    if (capped.length < kept.length) filtered.max_per_screenshot = (filtered.max_per_screenshot ?? 0) + kept.length - capped.length;
    samples.push(...capped);
  }
  select.checkSeen(samples.length);
  const split = (s: ExportSample): 'train' | 'validation' => (select.isValidation(s.record.id) ? 'validation' : 'train');
  const splits = select.valFraction > 0 ? (['train', 'validation'] as const).filter((x) => samples.some((s) => split(s) === x)) : (['train'] as const);

  const settings = trainSettings(to, o.modelFamily ?? null, budget, samples, dialect === 'uitars' && coords.space === 'resized_px');
  const roundtrip = roundTrip(samples, consumerViews(to, vision, settings), dialect);
  const allowDefaultMiss = Boolean(o.allowDefaultMiss);
  checkRoundTrip(roundtrip, budget, allowDefaultMiss);
  if (allowDefaultMiss) roundtrip.default_misses_allowed = true;

  const previous = await checkOut(o.out);
  // everything is written to a staging directory and moved into place only when the export is complete:
  // a failure (missing image, disk full) leaves --out as it was and the same command can be rerun
  const stage = stagingDir(o.out);
  await rm(stage, { recursive: true, force: true });
  await mkdir(stage, { recursive: true });
  try {
    const summary = await writeExport(stage);
    await publish(stage, o.out, previous);
    return summary;
  } catch (e) {
    await rm(stage, { recursive: true, force: true });
    throw e;
  }

  async function writeExport(outDir: string): Promise<ExportSummary> {
  const files = new Map<string, ExportFile>();
  const copied = new Set<string>();
  const ctx: ExportContext = {
    out: outDir,
    split: 'train',
    splits: [...splits],
    srcDir: o.dataDir,
    to,
    samples,
    coords,
    dialect,
    thinking,
    shardSize,
    budget,
    settings,
    datasetName: `uisynth_${srcManifest.kind}`,
    createdBy: `uisynth ${version}`,
    async write(rel, data, rows) {
      const full = join(outDir, rel);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full + '.partial', data);
      await rename(full + '.partial', full);
      const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
      files.set(rel, { path: rel, bytes, sha256: sha256(data), ...(rows !== undefined ? { rows } : {}) });
    },
    async copyImage(srcRel, destRel, size) {
      if (copied.has(destRel)) return destRel;
      copied.add(destRel);
      const src = join(o.dataDir, srcRel);
      const dest = join(outDir, destRel);
      const buf = await verifiedImage(o.dataDir, srcRel, imageSha.get(srcRel));
      await mkdir(dirname(dest), { recursive: true });
      await rm(dest, { force: true });
      if (size && (await needsResize(buf, size))) {
        const out = await resizePng(buf, size);
        await writeFile(dest, out);
        files.set(destRel, { path: destRel, bytes: out.length, sha256: sha256(out) });
        return destRel;
      }
      if (o.link) await symlink(relative(dirname(dest), src), dest);
      else await copyFile(src, dest);
      files.set(destRel, { path: destRel, bytes: buf.length, sha256: sha256(buf) });
      return destRel;
    },
    async readImage(s) {
      const key = `${s.image}@${s.fileSize.join('x')}`;
      if (lastImage?.key === key) return lastImage.bytes;
      const bytes = await readImageUncached(s);
      lastImage = { key, bytes };
      return bytes;
    },
  };
  let lastImage: { key: string; bytes: Uint8Array } | null = null;
  async function readImageUncached(s: ExportSample): Promise<Uint8Array> {
    {
      const path = join(o.dataDir, s.image);
      if (!existsSync(path)) throw new UsageError(`DATA_DIR: image ${s.image} is missing (run uisynth validate)`, 'DATA_DIR');
      const buf = await readFile(path);
      if (sha256(buf) !== s.record.image.sha256) throw new UsageError(`DATA_DIR: image ${s.image} does not match its sha256 (run uisynth validate)`, 'DATA_DIR');
      return s.fileSize[0] !== s.size[0] || s.fileSize[1] !== s.size[1] ? resizePng(buf, s.fileSize) : buf;
    }
  }
  const writers: Record<FormatName, (c: ExportContext) => Promise<void>> = {
    llamafactory: writeLlamaFactory,
    swift: writeSwift,
    trl: writeTrl,
    verl: writeVerl,
    screenspot: writeScreenspot,
    'hf-imagefolder': writeImageFolder,
    webdataset: writeWebDataset,
  };
  let written = 0;
  // imagefolder and webdataset rows are screenshots, the others samples
  const rowsTotal = to === 'hf-imagefolder' || to === 'webdataset' ? new Set(samples.map((x) => x.record.id)).size : samples.length;
  const write0 = ctx.write.bind(ctx);
  ctx.write = async (rel, data, rows) => {
    await write0(rel, data, rows);
    if (rows !== undefined) o.onProgress?.('write', (written += rows), rowsTotal);
  };
  for (const sp of splits) await writers[to]({ ...ctx, split: sp, samples: samples.filter((s) => split(s) === sp) });
  // RL exports carry the reward they are scored with (the card's usage points to reward/uisynth_reward.py)
  if (RL_FORMATS.has(to)) await ctx.write('reward/uisynth_reward.py', await readFile(REWARD_MODULE));

  const byStyle: Record<string, number> = {};
  for (const s of samples) byStyle[`${s.kind}/${s.style}`] = (byStyle[`${s.kind}/${s.style}`] ?? 0) + 1;
  const manifest: ExportManifest = {
    format: 'uisynth-export/1',
    to,
    uisynth_version: version,
    source: {
      kind: srcManifest.kind,
      records: srcManifest.records,
      manifest_sha256: createHash('sha256').update(await readFile(join(o.dataDir, 'manifest.json'))).digest('hex'),
      generators: srcManifest.generators,
      command: srcManifest.command,
    },
    command: normaliseCommand(o.command ?? ['export', o.dataDir, '--to', to, '--out', o.out], o.dataDir, o.out),
    coords,
    dialect,
    model_family: o.modelFamily ?? null,
    thinking,
    template: { source: o.template === undefined ? 'builtin' : 'user', sha256: prompts.sha256 },
    pixel_budget: budget
      ? { factor: budget.factor, min_pixels: budget.min_pixels, max_pixels: budget.max_pixels, source: budget.source, images_resized: resizeFiles }
      : null,
    roundtrip,
    shard_size: shardSize,
    counts: {
      records,
      samples: samples.length,
      refusals: samples.filter((s) => s.refusal).length,
      by_style: Object.fromEntries(Object.entries(byStyle).sort(([a], [b]) => (a < b ? -1 : 1))),
      skipped,
      by_split: Object.fromEntries(splits.map((sp) => [sp, samples.filter((s) => split(s) === sp).length])),
      filtered,
    },
    files: [],
  };
  await ctx.write('train-settings.json', JSON.stringify(settings, null, 2) + '\n');
  await writeCard(ctx, manifest, o.license);
  manifest.files = [...files.values()].sort((a, b) => (a.path < b.path ? -1 : 1));
  await writeFile(join(outDir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  return { manifest, out: o.out, settings, fragments: settingsFragments(settings) };
  }
}
