/**
 * `uisynth` command line. Parsing, progress and exit codes only; generation lives in generators/,
 * writing in export/, scoring in score/.
 *
 * Exit codes: 0 success; 1 unexpected failure (a bug: one line naming the log file with the stack trace,
 * or the stack trace itself); 2 usage error (one line); 3 environment error (no Chromium, disk full, no
 * permission, too many open files, I/O error; one line naming the cause and what to do); 4 validation,
 * scoring or `verify` found problems; `uisynth regress`: 5 labels changed, 6 pixels changed only,
 * 7 environment changed (regress/regress.ts).
 */
import { Command, CommanderError, Option } from 'commander';
import { readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError, EnvironmentError, badValue } from '../core/errors.js';
import { DIFFICULTIES, type Difficulty } from '../core/schema.js';
import { COORD_CHOICES, coordsHelp, coordsOpt } from '../core/coords.js';
import { MODEL_FAMILIES, modelFamiliesHelp } from '../core/models.js';
import { dialectsHelp } from '../core/actions.js';
import { FORMATS } from '../export/formats/context.js';
import { intOpt, listOpt, numOpt, sizeOpt } from './options.js';
import { progress, type Progress } from './progress.js';
import { runShards, type RunSummary } from '../dataset/write.js';
import { shardFromEnv } from '../dataset/shards.js';
import { validateDataset } from '../dataset/validate.js';
import { InternalError, ioFault } from '../dataset/faults.js';
import { generatorFingerprint } from '../dataset/fingerprint.js';
import { scoreDataset } from '../dataset/score.js';

/** Write `file` through a temporary sibling and a rename, so a failed write never leaves half a file. */
async function writeFileAtomic(file: string, body: string): Promise<void> {
  const tmp = `${file}.partial`;
  try {
    await writeFile(tmp, body);
    await rename(tmp, file);
  } catch (e) {
    throw new EnvironmentError(`cannot write ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message} (check the directory exists, is writable and the disk has space)`);
  }
}

/**
 * `--coords` of a predictions file: the `--model-family` preset's convention (core/models.ts
 * MODEL_FAMILIES) unless `--coords` was given explicitly.
 * @throws UsageError for an unknown family
 */
async function predictionCoords(coords: string, family: string | undefined, coordsIsDefault: boolean): Promise<string> {
  if (family === undefined) return coords;
  const fam = MODEL_FAMILIES[family];
  if (!fam) throw badValue('--model-family', family, Object.keys(MODEL_FAMILIES));
  return coordsIsDefault ? fam.coords : coords;
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The package version (package.json). */
export const VERSION: string = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** Instruction locales of the CAPTCHA generator (generators/captcha/lib/i18n.ts CAPTCHA_LOCALES; default en-US, zh-CN). */
const LOCALES = ['en-US', 'zh-CN', 'ja-JP', 'de-DE', 'es-ES', 'fr-FR', 'ar'] as const;
/** Page locales of the grounding generator (kept in sync with generators/grounding/locales.ts). */
const GROUNDING_LOCALES = ['en-US', 'zh-CN', 'ja-JP', 'de-DE', 'es-ES', 'fr-FR', 'ar'] as const;
const THEMES = ['light', 'dark'] as const;
const CONTEXTS = ['mobile', 'web'] as const;

interface CommonOpts {
  count: string;
  seed: string;
  out: string;
  shardSize: string;
  shardIndex?: string;
  shardCount?: string;
  concurrency?: string;
  force?: boolean;
  quiet?: boolean;
}

function addCommon(c: Command, defOut: string, defCount: number): Command {
  return c
    .option('--count <n>', 'number of samples (screenshots or puzzles)', String(defCount))
    .option('--seed <n>', 'global seed; every sample is a pure function of (generator, config, seed, index)', '0')
    .option('--out <dir>', "output dataset directory ('{shard_index}' is replaced by the shard index, for one directory per task)", defOut)
    .option('--shard-size <n>', 'records per shard', '1000')
    .option('--shard-index <i>', 'generate only shards s with s % K == i (default: JOB_COMPLETION_INDEX / SLURM_ARRAY_TASK_ID / AWS_BATCH_JOB_ARRAY_INDEX, else 0)')
    .option('--shard-count <k>', 'number of slices K (default: SLURM_ARRAY_TASK_COUNT / AWS_BATCH_JOB_ARRAY_SIZE, else 1)')
    .option('--concurrency <n>', 'samples in flight at once')
    .option('--force', 'regenerate shards that already verify (default: resume and skip them)')
    .option('--quiet', 'no progress output');
}

function common(o: CommonOpts) {
  const env = shardFromEnv();
  if (o.shardIndex === undefined && env.index !== undefined && o.shardCount === undefined && env.count === undefined)
    // without K, task I would generate the whole dataset (every task the same): refuse instead
    throw new UsageError(
      `--shard-count: ${env.source}=${env.index} sets the shard index, but the number of tasks is unknown; pass --shard-count K (the job's task count)`,
      '--shard-count',
    );
  if (o.shardIndex === undefined && env.index === undefined && o.shardCount !== undefined && Number(o.shardCount) > 1)
    // every machine would make slice 0
    throw new UsageError(
      `--shard-index: --shard-count ${o.shardCount} splits the run into ${o.shardCount} slices, but which one this process makes is not given; ` +
        `pass --shard-index I (0 to ${Number(o.shardCount) - 1}) on each machine, or run under a scheduler that sets JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID or AWS_BATCH_JOB_ARRAY_INDEX`,
      '--shard-index',
    );
  if (o.shardIndex !== undefined && o.shardCount === undefined && env.count === undefined && o.shardIndex !== '0')
    throw new UsageError(`--shard-index: --shard-index ${o.shardIndex} needs --shard-count K, the number of slices the run is split into`, '--shard-index');
  const countFlag = o.shardCount !== undefined ? '--shard-count' : env.count !== undefined ? `--shard-count (from ${env.source})` : '--shard-count';
  const shardCount = intOpt(countFlag, o.shardCount ?? env.count ?? 1, 1);
  const indexFlag =
    o.shardIndex !== undefined ? '--shard-index' : env.index !== undefined ? `--shard-index (from ${env.source}; set --shard-count to the number of tasks)` : '--shard-index';
  const shardIndex = intOpt(indexFlag, o.shardIndex ?? env.index ?? 0, 0, shardCount - 1);
  const count = intOpt('--count', o.count, 1, 100_000_000);
  const shardSize = intOpt('--shard-size', o.shardSize, 1, 1_000_000);
  const shards = Math.ceil(count / shardSize);
  if (shardCount > shards)
    // a slice without a shard: that task would finish at once saying "nothing to do", and the split would not
    // spread the work (a newcomer's `--count 90 --shard-count 3` with the default 1000 records per shard). Refused
    // on every task alike, so no task of the job completes a split that cannot work.
    throw new UsageError(
      `${countFlag}: ${shardCount} slices need at least ${shardCount} shards, but --count ${count} at --shard-size ${shardSize} makes ${shards}; ` +
        (count >= shardCount ? `pass --shard-size ${Math.floor(count / shardCount)} or less, or ` : '') +
        `use at most ${shards} task(s)`,
      '--shard-count',
    );
  return {
    count,
    seed: intOpt('--seed', o.seed, 0, 2 ** 31 - 1),
    // `{shard_index}` in --out: one directory per task from a single job template (docs/deploy/)
    out: o.out.replaceAll('{shard_index}', String(shardIndex)),
    shardSize,
    shardIndex,
    shardCount,
    force: Boolean(o.force),
    quiet: Boolean(o.quiet),
  };
}

function report(kind: string, out: string, s: RunSummary, ms: number): void {
  const rej = Object.entries(s.rejects).map(([k, v]) => `${k}=${v}`).join(', ');
  const st = s.manifest.stats as { queries?: number; targets?: number };
  // the manifest's figures are the whole dataset's: after a resume, not this run's
  const extra = kind !== 'grounding' || s.skipped.length ? '' : `, ${st.targets ?? 0} targets, ${st.queries ?? 0} queries`;
  const whole = kind === 'grounding' && s.skipped.length ? `; dataset: ${st.targets ?? 0} targets, ${st.queries ?? 0} queries` : '';
  if (s.written.length === 0) {
    process.stdout.write(`${kind}: nothing to do: all ${s.skipped.length} shard(s) of this slice are already complete -> ${out} (use --force to rebuild)\n`);
    return;
  }
  process.stdout.write(
    `${kind}: wrote ${s.records} records${extra} in ${s.written.length} shard(s)` +
      (s.skipped.length ? `, ${s.skipped.length} shard(s) already complete (resumed)` : '') +
      (rej ? `; skipped samples: ${rej}` : '') +
      whole +
      ` -> ${out} (${(ms / 1000).toFixed(1)} s)\n`,
  );
}

/** Hit-test warnings of the run, one line on stderr (also with --quiet: they are about the labels). */
function reportWarnings(kind: string, s: RunSummary): void {
  const warned = Object.entries((s.manifest.stats as { hittest_warnings?: Record<string, number> }).hittest_warnings ?? {});
  if (warned.length) {
    process.stderr.write(
      `${kind}: hit-test warnings (pages): ${warned.map(([k, v]) => `${k} ×${v}`).join('; ')} (per page in the records' hittest.warnings)\n`,
    );
  }
}

/** A run that wrote shards but no record at all (every sample failed) exits 4 with one line saying why. */
function noRecords(kind: string, out: string, s: RunSummary): void {
  if (s.written.length === 0 || s.records > 0) return;
  const why = Object.entries(s.rejects).map(([k, v]) => `${k}=${v}`).join(', ');
  process.stderr.write(`uisynth: ${kind}: no records written: every sample failed (${why}); details in ${out}/shard-*.rejects.jsonl\n`);
  process.exitCode = 4;
}

/** `uisynth captcha ...` as a function (used by the CLI and `demo`). */
export async function runCaptcha(argv: string[], o: CommonOpts & { types: string; context: string; difficulty: string; locales: string }): Promise<RunSummary> {
  const c = common(o);
  const contexts = listOpt('--context', o.context, CONTEXTS);
  const difficulties = listOpt('--difficulty', o.difficulty, DIFFICULTIES) as Difficulty[];
  const locales = listOpt('--locales', o.locales, LOCALES);
  const concurrency = o.concurrency ? intOpt('--concurrency', o.concurrency, 1, 64) : 4;
  const { resolveCaptchaTypes, captchaSample, CAPTCHA_GENERATOR, describeTypes } = await import('../generators/captcha/index.js');
  const { expandTypeSpec } = await import('../regress/selection.js');
  const cfg = { types: resolveCaptchaTypes(expandTypeSpec(o.types, describeTypes()).join(',')), contexts, difficulties, locales };
  const bar = progress('captcha', c.quiet);
  const t0 = performance.now();
  try {
    const s = await runShards({
      kind: 'captcha',
      ...c,
      command: argv,
      config: cfg,
      generators: { uisynth: VERSION, [CAPTCHA_GENERATOR.name]: CAPTCHA_GENERATOR.version, [`${CAPTCHA_GENERATOR.name}.source`]: generatorFingerprint('captcha') },
      chromium: null,
      concurrency,
      produce: (i) => captchaSample(cfg, c.seed, i),
      onProgress: (d, t) => bar.update(d, t),
      onNote: (l) => process.stderr.write(`uisynth: ${l}\n`),
    });
    bar.stop();
    if (!c.quiet) report('captcha', c.out, s, performance.now() - t0);
    noRecords('captcha', c.out, s);
    return s;
  } finally {
    bar.stop();
  }
}

/** Hit-test acceptance flags of `uisynth grounding` (hittest/policy.ts `AcceptancePolicy`). */
interface PolicyFlags {
  minPoints?: string;
  minVisible?: string;
  minOpacity?: string;
  minInk?: string;
  minPainted?: string;
  minPaintedPx?: string;
  minQuadFill?: string;
  minSize?: string;
  requireCenter?: boolean;
}

/**
 * The acceptance policy overrides given on the command line (merged over hittest/policy.ts
 * `DEFAULT_POLICY` by the capture), or undefined when none was given (records then match the defaults).
 * @throws UsageError naming the flag when a value is out of range.
 */
function policyFromFlags(o: PolicyFlags): Record<string, number | boolean> | undefined {
  const p: Record<string, number | boolean> = {};
  if (o.minPoints !== undefined) p.minPointsOk = intOpt('--min-points', o.minPoints, 0, 9);
  if (o.minVisible !== undefined) p.minVisibleFraction = numOpt('--min-visible', o.minVisible, 0, 1);
  if (o.minOpacity !== undefined) p.minOpacity = numOpt('--min-opacity', o.minOpacity, 0, 1);
  if (o.minInk !== undefined) p.minInk = numOpt('--min-ink', o.minInk, 0, 1);
  if (o.minPainted !== undefined) p.minPaintedDiff = numOpt('--min-painted', o.minPainted, 0, 1);
  if (o.minPaintedPx !== undefined) p.minPaintedPx = numOpt('--min-painted-px', o.minPaintedPx, 0, 1e7);
  if (o.minQuadFill !== undefined) p.minQuadFill = numOpt('--min-quad-fill', o.minQuadFill, 0, 1);
  if (o.minSize !== undefined) p.minSizeCss = numOpt('--min-size', o.minSize, 0, 10000);
  if (o.requireCenter === false) p.requireCenter = false;
  return Object.keys(p).length ? p : undefined;
}

/** `uisynth grounding ...` as a function (used by the CLI and `demo`). */
export async function runGrounding(
  argv: string[],
  o: CommonOpts & { families: string; locales: string; themes: string; pages?: string; viewport: string; dpr: string; mobile?: boolean; scenarios?: string; pageTimeout?: string; localesGiven?: boolean } & PolicyFlags,
): Promise<RunSummary> {
  const c = common(o);
  const policy = policyFromFlags(o);
  // one bound for the page load and for each in-page step; font / image waits inside the settle step
  // get two thirds of it, so that a slow font fails the step (a retried sample) rather than silently
  // changing what is drawn. Not part of the config: it never changes a record, only whether one is made.
  const pageTimeoutMs = Math.round(numOpt('--page-timeout', o.pageTimeout ?? '60', 1, 3600) * 1000);
  const copts = (): { policy?: Record<string, number | boolean>; stepTimeoutMs: number; settleTimeoutMs: number } => ({
    ...(policy ? { policy } : {}),
    stepTimeoutMs: pageTimeoutMs,
    settleTimeoutMs: Math.round((pageTimeoutMs * 2) / 3),
  });
  const locales = listOpt('--locales', o.locales, GROUNDING_LOCALES);
  const themes = listOpt('--themes', o.themes, THEMES);
  const viewport = sizeOpt('--viewport', o.viewport);
  const dpr = numOpt('--dpr', o.dpr, 0.5, 4);
  const concurrency = o.concurrency ? intOpt('--concurrency', o.concurrency, 1, 32) : 2;
  const g = await import('../generators/grounding/index.js');
  const { BrowserPool } = await import('../renderers/browser.js');
  let produce: (i: number) => ReturnType<typeof g.groundingSample>;
  let config: Record<string, unknown>;
  let count = c.count;
  let pool: InstanceType<typeof BrowserPool> | undefined;
  // the scenario sampling and query writing run in a worker thread (generators/grounding/tasks.ts), so this
  // thread answers the browser at once while they run; started once Chromium is up, it loads its modules
  // while the first page renders
  const workers = new g.GroundingWorkers();
  const getPool = (): InstanceType<typeof BrowserPool> => {
    if (!pool) throw new Error('browser pool not started');
    return pool;
  };
  if (o.pages !== undefined) {
    const { default: fg } = await import('fast-glob');
    const files = (await fg(o.pages, { onlyFiles: true, unique: true })).filter((f) => /\.x?html?$/i.test(f)).sort();
    if (files.length === 0) throw new UsageError(`--pages: no .html files match '${o.pages}'`, '--pages');
    // without --locales each page's queries are written in its own language (`lang`, else its script)
    const localeGiven = o.localesGiven === true;
    const locale = localeGiven ? locales[0]! : 'auto';
    const { resolve } = await import('node:path');
    const { createHash } = await import('node:crypto');
    // content hashes: an edited page is a different config (never silently resumed from stale records)
    const file_sha256 = files.map((f) => createHash('sha256').update(readFileSync(f)).digest('hex').slice(0, 16));
    config = { pages: o.pages, files, file_sha256, viewport, dpr, mobile: Boolean(o.mobile), locale, ...(policy ? { policy } : {}) };
    count = files.length;
    produce = (i) =>
      g.groundingFromPage(getPool(), resolve(files[i]!), files[i]!, { viewport, dpr, mobile: Boolean(o.mobile), locale: localeGiven ? locale : g.pageLocale(readFileSync(files[i]!, 'utf8')) }, c.seed, i, copts(), workers);
  } else {
    let scenarios: string[] | undefined;
    if (o.scenarios !== undefined) {
      const { default: fg } = await import('fast-glob');
      scenarios = (await fg(o.scenarios, { onlyFiles: true, unique: true })).filter((f) => /\.(ya?ml|json)$/i.test(f)).sort();
      if (scenarios.length === 0) throw new UsageError(`--scenarios: no .yaml/.yml/.json files match '${o.scenarios}'`, '--scenarios');
    }
    const cfg = {
      families: g.resolveFamilies(o.families, scenarios),
      locales,
      themes,
      ...(scenarios ? { scenarios } : {}),
    };
    g.familySchedule(cfg); // fails early (usage error) when no family supports the chosen locales
    config = policy ? { ...cfg, policy } : cfg;
    produce = (i) => g.groundingSample(getPool(), cfg, c.seed, i, copts(), workers);
  }
  pool = await BrowserPool.launch({
    concurrency,
    timeoutMs: pageTimeoutMs,
    preload: g.GROUNDING_LOOKAHEAD,
    onRelaunch: () => process.stderr.write('uisynth: Chromium exited (crashed or killed) and was started again; the samples it was rendering are retried once\n'),
  });
  workers.start();
  const bar = progress('grounding', c.quiet);
  const t0 = performance.now();
  try {
    const s = await runShards({
      kind: 'grounding',
      ...c,
      count,
      command: argv,
      config,
      generators: { uisynth: VERSION, [g.GROUNDING_GENERATOR.name]: g.GROUNDING_GENERATOR.version, [`${g.GROUNDING_GENERATOR.name}.source`]: generatorFingerprint('grounding') },
      chromium: pool.version,
      concurrency,
      // the pool measures `concurrency` pages at once; one sample more prepares (a --pages file: loads its page in a fresh context) and finishes its Node-side part meanwhile
      lookahead: g.GROUNDING_LOOKAHEAD,
      produce,
      onProgress: (d, t) => bar.update(d, t),
      onNote: (l) => process.stderr.write(`uisynth: ${l}\n`),
    });
    bar.stop();
    if (!c.quiet) report('grounding', c.out, s, performance.now() - t0);
    reportWarnings('grounding', s);
    noRecords('grounding', c.out, s);
    return s;
  } finally {
    bar.stop();
    await pool.close();
    await workers.close();
  }
}

/** Validate and print; returns the number of errors. */
async function runValidate(dir: string, quiet = false, complete = false): Promise<number> {
  const r = await validateDataset(dir, 200, { complete });
  for (const e of r.errors) process.stdout.write(`${dir}/${e}\n`);
  const slice = r.slice[1] === 1 ? 'whole dataset' : `slice ${r.slice[0]} of ${r.slice[1]} (${r.expected} shards; combine the slices with uisynth merge)`;
  if (!quiet || r.errors.length)
    process.stdout.write(
      `${dir}: ${r.errors.length === 0 ? 'OK' : `${r.errors.length} problem(s)`} — ${r.shards} shard(s), ${r.records} records, ${r.images} images checked; ${slice}\n`,
    );
  return r.errors.length;
}

function buildProgram(argv: string[]): Command {
  const program = new Command('uisynth')
    .description('Verified synthetic data for GUI agents: grounding screenshots and CAPTCHA puzzles')
    .version(VERSION)
    // commander's own error text is replaced by one line of ours (see main), naming the allowed values
    .configureOutput({ writeErr: () => {} })
    .exitOverride();

  addCommon(program.command('grounding').description('render scenario pages (or your own --pages) in Chromium and write hit-tested grounding records'), 'out/grounding', 30)
    .option('--families <list>', "scenario families, comma-separated (a trailing * matches a prefix, e.g. 'desktop.windows.*'), or 'all'", 'all')
    .option('--scenarios <glob>', 'add your own scenario files (YAML/JSON, fast-glob pattern); their families join --families all')
    .option('--locales <list>', "page locales: en-US, zh-CN, ja-JP, de-DE, es-ES, fr-FR, ar, or 'all' (with --pages: the locale of every page's queries; default: each page's own, from its lang attribute or its script)", 'all')
    .option('--themes <list>', "themes: light, dark, or 'all'", 'all')
    .option('--pages <glob>', 'ground your own HTML files instead of generated pages (fast-glob pattern; --count is ignored)')
    .option('--viewport <WxH>', 'viewport in CSS px for --pages', '1280x800')
    .option('--dpr <n>', 'device scale factor for --pages', '1')
    .option('--mobile', 'mobile emulation with touch for --pages')
    .option('--page-timeout <s>', 'seconds a page may take to load, and each in-page step (settle, probe, painted check) to run, before the sample fails with reason timeout; raise it on a loaded machine (default 60)')
    .option('--min-points <k>', 'hit test: grid points (of 9) that must land on the target (default 7)')
    .option('--min-visible <f>', 'hit test: minimum visible fraction of the box in the viewport and after clipping, 0-1 (default 0.9)')
    .option('--min-opacity <f>', 'hit test: minimum effective opacity through ancestors, 0-1 (default 0.1)')
    .option('--min-painted <f>', 'hit test: box pixels that must change when the target is hidden, as a fraction, 0-1 (default 0.01; or --min-painted-px)')
    .option('--min-painted-px <n>', 'hit test: ... or as CSS px², whichever is less (default 8)')
    .option('--min-ink <f>', "hit test: minimum fraction of box pixels unlike the box's dominant colour, 0-1 (default 0: off)")
    .option('--min-quad-fill <f>', 'hit test: rotated targets: minimum area(quad)/area(box), 0-1 (default 0.5)')
    .option('--min-size <px>', 'hit test: minimum width and height in CSS px (default 4)')
    .option('--no-require-center', 'hit test: accept targets whose centre point is covered (default: the centre must hit)')
    .action(async (o, cmd: Command) => {
      const given = (name: string): boolean => cmd.getOptionValueSource(name) === 'cli';
      if (o.pages === undefined) {
        for (const [k, flag] of [['viewport', '--viewport'], ['dpr', '--dpr'], ['mobile', '--mobile']] as const)
          if (given(k)) throw new UsageError(`${flag}: only applies with --pages (generated scenarios choose their own viewport, dpr and device)`, flag);
      } else {
        for (const [k, flag] of [['families', '--families'], ['themes', '--themes'], ['scenarios', '--scenarios']] as const)
          if (given(k)) throw new UsageError(`${flag}: does not apply with --pages (your pages are rendered as they are)`, flag);
      }
      await runGrounding(argv, { ...o, localesGiven: given('locales') });
    });

  addCommon(program.command('captcha').description('sample, verify, draw and composite CAPTCHA puzzles'), 'out/captcha', 80)
    .option('--types <list>', "CAPTCHA types, comma-separated: names, globs (rotate_*), groups (group:slider_puzzle), or 'all' (see `uisynth types`)", 'all')
    .addOption(new Option('--context <ctx>', "host context: mobile, web, or 'all'").default('all'))
    .option('--difficulty <list>', "easy, medium, hard, or 'all'", 'all')
    .option('--locales <list>', "instruction and reasoning locales: en-US, zh-CN, ja-JP, de-DE, es-ES, fr-FR, ar (right to left), or 'all' (instructions name controls as drawn; widget titles are drawn in the locale where the type has them, buttons and the host screen in English unless zh-CN)", 'en-US,zh-CN')
    .action(async (o) => {
      await runCaptcha(argv, o);
    });

  program
    .command('validate')
    .description('check a dataset: shard hashes, record schema, images (exist, size, sha256), geometry, gold answers')
    .argument('<dir>', 'dataset directory (holds manifest.json)')
    .option('--complete', 'require the whole dataset (default: the slice the manifest declares, e.g. one --shard-index run)')
    .action(async (dir: string, o: { complete?: boolean }) => {
      process.exitCode = (await runValidate(dir, false, Boolean(o.complete))) ? 4 : 0;
    });

  program
    .command('merge')
    .description('combine the shard sets of several --shard-index runs (one directory per machine) into one dataset; verifies every shard and image')
    .argument('<dirs...>', 'dataset directories, one per slice (e.g. out/0 out/1 out/2)')
    .requiredOption('--out <dir>', 'merged dataset directory (new or empty)')
    .action(async (dirs: string[], o: { out: string }) => {
      const { mergeDatasets } = await import('../dataset/merge.js');
      const r = await mergeDatasets(dirs, o.out);
      process.stdout.write(`merge: ${r.shards} shard(s), ${r.records} records, ${r.images} images from ${dirs.length} director${dirs.length === 1 ? 'y' : 'ies'} -> ${o.out}\n`);
      if (r.missing.length) {
        process.stderr.write(`uisynth: merge: ${o.out} is written but incomplete, it lacks shard(s) ${r.missing.join(", ")}; run the slices that hold them, then merge ${o.out} with them into a new directory (uisynth merge ${o.out} SLICE... --out NEW)\n`);
        process.exitCode = 4;
      }
    });

  program
    .command('stats')
    .description('dataset statistics: counts by platform, family, locale, role, query style; target sizes; click heatmap PNG; writes stats.json')
    .argument('<dir>', 'dataset directory (holds manifest.json)')
    .option('--out <dir>', 'where to write stats.json and heatmap.png (default: the dataset directory)')
    .option('--json', 'print the JSON instead of the table')
    .action(async (dir: string, o: { out?: string; json?: boolean }) => {
      const { datasetStatsReport, formatStats } = await import('../dataset/stats.js');
      const r = await datasetStatsReport(dir, o.out ?? dir);
      process.stdout.write(o.json ? JSON.stringify(r.stats, null, 2) + '\n' : formatStats(r.stats, r.files));
    });

  program
    .command('types')
    .description('list the CAPTCHA types with their group, action form and difficulty knobs')
    .option('--json', 'print JSON')
    .option('--markdown [file]', 'write the catalogue as Markdown (default docs/captcha-types.md)')
    .action(async (o: { json?: boolean; markdown?: string | boolean }) => {
      if (o.markdown) {
        const { captchaTypesMarkdown } = await import('../generators/captcha/catalogue.js');
        const file = typeof o.markdown === 'string' ? o.markdown : 'docs/captcha-types.md';
        await writeFileAtomic(file, captchaTypesMarkdown());
        process.stdout.write(`wrote ${file}\n`);
        return;
      }
      const { describeTypes } = await import('../generators/captcha/index.js');
      const rows = describeTypes();
      if (o.json) process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
      else {
        process.stdout.write(`${'type'.padEnd(24)} ${'group'.padEnd(20)} ${'action'.padEnd(14)} knobs\n`);
        for (const r of rows) process.stdout.write(`${r.type.padEnd(24)} ${r.group.padEnd(20)} ${r.action.padEnd(14)} ${r.knobs.join(', ')}\n`);
        process.stdout.write(`${rows.length} types\n`);
      }
    });

  program
    .command('families')
    .description('list the grounding scenario families with their platform, app, locales and devices')
    .option('--scenarios <glob>', 'include your own scenario files (YAML/JSON, fast-glob pattern)')
    .option('--json', 'print JSON')
    .action(async (o: { scenarios?: string; json?: boolean }) => {
      const { familyRows, formatFamilies } = await import('../regress/families.js');
      const rows = await familyRows(o.scenarios);
      process.stdout.write(o.json ? JSON.stringify(rows, null, 2) + '\n' : formatFamilies(rows));
    });

  program
    .command('golden')
    .description('pin a small sample of a dataset (records, images, regeneration info) as a golden set for `uisynth regress`')
    .argument('<dir>', 'dataset directory (holds manifest.json)')
    .requiredOption('--out <dir>', 'golden set directory (new, or a previous golden set to replace)')
    .option('--sample <n>', 'pin this many records, every CAPTCHA type / scenario family first (default 20)')
    .option('--ids <file>', 'pin exactly the record ids in this file (one per line, # comments)')
    .option('--types <list>', "only CAPTCHA records of these types: names, globs (rotate_*), groups (group:slider_puzzle)")
    .option('--families <list>', "only grounding records of these scenario families: names or globs (desktop.*)")
    .action(async (dir: string, o: { out: string; sample?: string; ids?: string; types?: string; families?: string }) => {
      const { makeGolden, goldenSizeReport } = await import('../regress/golden.js');
      const { strataOption, readIdsFile } = await import('../regress/cli-options.js');
      if (o.sample !== undefined && o.ids !== undefined) throw new UsageError('--sample and --ids: give one of them', '--ids');
      const g = await makeGolden(dir, o.out, {
        sample: o.sample !== undefined ? intOpt('--sample', o.sample, 1, 100_000) : undefined,
        ids: o.ids !== undefined ? readIdsFile(o.ids) : undefined,
        strata: await strataOption(o.types, o.families),
        uisynthVersion: VERSION,
      });
      process.stdout.write(goldenSizeReport(o.out, g));
    });

  program
    .command('regress')
    .description('regenerate a golden set with the current code and environment; compare labels field by field and images with pixelmatch')
    .argument('<golden>', 'golden set directory (made by `uisynth golden`)')
    .option('--out <dir>', 'report directory (report.json, summary.txt, before/after/diff PNGs of drifted records)', 'regress-report')
    .option('--json', 'print report.json instead of the summary')
    .option('--junit <file>', 'also write JUnit XML (one test case per record) for CI')
    .option('--threshold <f>', 'pixelmatch colour threshold, 0-1 (0: any difference counts)', '0.1')
    .option('--max-diff-pixels <n>', 'changed pixels an image may have and still count as unchanged', '0')
    .option('--accept', 'rewrite the golden set from this run (after a deliberate change); exit 0')
    .addHelpText('after', '\nExit codes: 0 no drift, 5 labels changed, 6 pixels changed only, 7 environment changed (Chromium or font versions differ\nfrom the golden set\'s and something drifted); 2 usage error, 3 no Chromium. Report layout: regress/regress.ts.')
    .option('--concurrency <n>', 'samples in flight at once', '2')
    .option('--quiet', 'no progress output')
    .action(async (golden: string, o: { out: string; json?: boolean; junit?: string; threshold: string; maxDiffPixels: string; accept?: boolean; concurrency: string; quiet?: boolean }) => {
      const { runRegress, formatRegressSummary, regressJUnit } = await import('../regress/regress.js');
      const at = new Date();
      const bar = progress('regress', Boolean(o.quiet) || Boolean(o.json));
      let r;
      try {
        r = await runRegress(golden, {
          out: o.out,
          threshold: numOpt('--threshold', o.threshold, 0, 1),
          maxDiffPixels: intOpt('--max-diff-pixels', o.maxDiffPixels, 0),
          accept: Boolean(o.accept),
          concurrency: intOpt('--concurrency', o.concurrency, 1, 32),
          uisynthVersion: VERSION,
          onProgress: (d, t) => bar.update(d, t),
        });
      } finally {
        bar.stop();
      }
      if (o.junit) {
        const { writeFileSync } = await import('node:fs');
        writeFileSync(o.junit, regressJUnit(r, at));
      }
      process.stdout.write(o.json ? JSON.stringify(r, null, 2) + '\n' : formatRegressSummary(r, o.out));
      process.exitCode = r.exit_code;
    });

  program
    .command('verify')
    .description('independent oracle: re-render grounding records and really click every target; re-score CAPTCHA gold answers and perturbations; check image hashes')
    .argument('<dir>', 'dataset directory (holds manifest.json)')
    .option('--sample <n>', 'check a sample of this many records, every family / type first (a quick CI run)')
    .option('--types <list>', "only CAPTCHA records of these types: names, globs (rotate_*), groups (group:slider_puzzle)")
    .option('--families <list>', "only grounding records of these scenario families: names or globs (desktop.*)")
    .option('--json', 'print the report as JSON')
    .option('--junit <file>', 'also write JUnit XML (one test case per family / type) for CI')
    .option('--concurrency <n>', 'pages in flight at once (grounding)', '2')
    .option('--quiet', 'no progress output')
    .action(async (dir: string, o: { sample?: string; types?: string; families?: string; json?: boolean; junit?: string; concurrency: string; quiet?: boolean }) => {
      const { runVerify, formatVerify, verifyJUnit } = await import('../regress/verify.js');
      const { strataOption } = await import('../regress/cli-options.js');
      const at = new Date();
      const bar = progress('verify', Boolean(o.quiet) || Boolean(o.json));
      let r;
      try {
        r = await runVerify(dir, {
          sample: o.sample !== undefined ? intOpt('--sample', o.sample, 1) : undefined,
          strata: await strataOption(o.types, o.families),
          concurrency: intOpt('--concurrency', o.concurrency, 1, 32),
          onProgress: (d, t) => bar.update(d, t),
        });
      } finally {
        bar.stop();
      }
      if (o.junit) {
        const { writeFileSync } = await import('node:fs');
        writeFileSync(o.junit, verifyJUnit(r, at));
      }
      process.stdout.write(o.json ? JSON.stringify(r, null, 2) + '\n' : formatVerify(r));
      process.exitCode = r.failures.length ? 4 : 0;
    });

  program
    .command('score')
    .description('score model predictions against a dataset with the strict rules (pass@1 per type and overall)')
    .argument('<dir>', 'dataset directory')
    .requiredOption('--predictions <file>', 'JSONL lines {"id", "qid"?, "output"} with the raw model output')
    .addOption(
      new Option('--coords <space>', `coordinate convention of the predictions: ${coordsHelp()}`)
        .choices([...COORD_CHOICES])
        .default('abs'),
    )
    .option('--model-family <name>', `take --coords from a model family preset (${modelFamiliesHelp()}); an explicit --coords wins`)
    .option('--max-pixels <n>', 'qwen25: smart_resize max_pixels budget (px²)')
    .option('--min-pixels <n>', 'qwen25: smart_resize min_pixels budget (px²)')
    .option('--factor <n>', 'qwen25: smart_resize factor (28 Qwen2/2.5-VL, 32 Qwen3-VL; default from --model-family, else 28)')
    .option('--per-item <file>', 'write one JSON line per item: id, qid, type, platform, locale, family, verdict, reason, output, actions (image px)')
    .option('--json', 'print the report as JSON')
    .action(async (dir: string, o: { predictions: string; coords: string; modelFamily?: string; maxPixels?: string; minPixels?: string; factor?: string; perItem?: string; json?: boolean }, cmd: Command) => {
      const coords = await predictionCoords(o.coords, o.modelFamily, cmd.getOptionValueSource('coords') === 'default');
      const lines: string[] = [];
      const { predictionConvention } = await import('../score/report.js');
      const conv = predictionConvention(coords, { modelFamily: o.modelFamily, maxPixels: o.maxPixels, minPixels: o.minPixels, factor: o.factor });
      const r = await scoreDataset(dir, o.predictions, conv, o.perItem ? (it) => void lines.push(JSON.stringify(it)) : undefined);
      if (o.perItem) await writeFileAtomic(o.perItem, lines.join('\n') + (lines.length ? '\n' : ''));
      for (const w of r.warnings) process.stderr.write(`warning: ${w}\n`);
      if (o.json) process.stdout.write(JSON.stringify(r, null, 2) + '\n');
      else {
        const table = (title: string, m: Record<string, { n: number; correct: number; missing: number; pass_at_1: number }>): void => {
          process.stdout.write(`${title.padEnd(36)} ${'n'.padStart(6)} ${'correct'.padStart(8)} ${'missing'.padStart(8)} pass@1\n`);
          for (const [k, t] of Object.entries(m))
            process.stdout.write(`${k.padEnd(36)} ${String(t.n).padStart(6)} ${String(t.correct).padStart(8)} ${String(t.missing).padStart(8)} ${(t.pass_at_1 * 100).toFixed(2)}%\n`);
        };
        table('type', r.by_type);
        process.stdout.write(`${'overall'.padEnd(36)} ${String(r.items).padStart(6)} ${String(r.correct).padStart(8)} ${String(r.missing).padStart(8)} ${(r.pass_at_1 * 100).toFixed(2)}%\n`);
        for (const [title, m] of [['platform', r.by_platform], ['locale', r.by_locale], ['family', r.by_family], ['style', r.by_style]] as const) {
          if (Object.keys(m).length < 2) continue;
          process.stdout.write('\n');
          table(title, m);
        }
        if (r.unknown_predictions) process.stdout.write(`note: ${r.unknown_predictions} prediction(s) match no item and were ignored\n`);
        if (o.perItem) process.stdout.write(`per-item verdicts: ${o.perItem}\n`);
      }
    });

  program
    .command('export')
    .description('convert a dataset into a training-framework format (sharded, with export-manifest.json and a dataset card)')
    .argument('<dir>', 'native dataset directory (holds manifest.json)')
    .requiredOption('--to <format>', `${FORMATS.slice(0, -1).join(', ')} or ${FORMATS[FORMATS.length - 1]}`)
    .requiredOption('--out <dir>', 'output directory (empty, or a previous export to replace)')
    .option('--coords <name>', `${coordsHelp()}; default from --model-family, else abs`)
    .option('--model-family <name>', `preset for --coords/--dialect: ${modelFamiliesHelp()}`)
    .option('--dialect <name>', `answer syntax: ${dialectsHelp()}`)
    .option('--max-pixels <n>', 'pixel budget max_pixels: images are written at smart_resize size (default: the model processor\'s, llamafactory 589824)')
    .option('--min-pixels <n>', 'pixel budget min_pixels (default: the model processor\'s; UI-TARS-1.5 78400)')
    .option('--pixel-budget <tokens>', 'pixel budget as max visual tokens per image (max_pixels = tokens x factor^2)')
    .option('--shard-size <n>', 'samples (webdataset: records) per shard', '1000')
    .option('--thinking', 'put the reasoning before the answer (<think>...</think> / Thought:)')
    .option('--template <file>', 'Handlebars prompt template replacing the built-in ones')
    .option('--link', 'symlink images instead of copying them')
    .option('--max-per-screenshot <n>', 'at most n samples per screenshot (deterministic choice)')
    .option('--styles <list>', 'keep only these query styles / CAPTCHA types, comma-separated')
    .option('--languages <list>', 'keep only these languages (e.g. en,zh), comma-separated')
    .option('--val-fraction <f>', 'fraction of screenshots in a validation split (deterministic by record id), 0..0.5', '0')
    .option('--license <id>', 'license field of the dataset card', 'mit')
    .option('--allow-default-miss', "export even if the trainer at its DEFAULT settings would misplace labels (they are then right only with the card's settings)")
    .option('--quiet', 'no progress output and no summary (errors still print)')
    .action(async (dir: string, o: Record<string, string | boolean | undefined>) => {
      const { runExport } = await import('../export/formats/index.js');
      let bar: { phase: string; p: Progress | null } = { phase: '', p: null };
      const s = (k: string): string | undefined => (typeof o[k] === 'string' ? (o[k] as string) : undefined);
      const r = await runExport(
        {
          dataDir: dir, to: s('to')!, out: s('out')!, coords: s('coords'), modelFamily: s('modelFamily'), dialect: s('dialect'),
          maxPixels: s('maxPixels'), minPixels: s('minPixels'), pixelBudget: s('pixelBudget'), shardSize: s('shardSize'), thinking: Boolean(o.thinking),
          template: s('template'), link: Boolean(o.link), license: s('license'), command: argv,
          maxPerScreenshot: s('maxPerScreenshot'), styles: s('styles'), languages: s('languages'), valFraction: s('valFraction'),
          allowDefaultMiss: Boolean(o.allowDefaultMiss),
          onProgress: (phase, done, total) => {
            if (o.quiet) return;
            if (phase !== bar.phase) {
              bar.p?.stop();
              bar = { phase, p: progress(`export ${phase === 'read' ? 'reading records' : 'writing rows'}`, false) };
            }
            bar.p!.update(done, total);
          },
        },
        VERSION,
      );
      bar.p?.stop();
      if (o.quiet) return;
      const c = r.manifest.counts;
      const skipped = Object.entries(c.skipped).map(([k, v]) => `${k}=${v}`).join(', ');
      process.stdout.write(
        `${r.manifest.to}: ${c.samples} samples from ${c.records} records (${r.manifest.coords.name}, ${r.manifest.dialect})` +
          (skipped ? `; skipped: ${skipped}` : '') + ` -> ${r.out} (${r.manifest.files.length} files)\n`,
      );
      const rt = r.manifest.roundtrip;
      process.stdout.write(
        `round trip: ${rt.ok}/${rt.checked} checks land in their targets (${Object.entries(rt.by_consumer).map(([k, v]) => `${k} ${v.ok}/${v.checked}`).join(', ')})\n`,
      );
      for (const [k, v] of Object.entries(rt.by_consumer))
        if (v.ok < v.checked && v.first_miss) process.stdout.write(`warning: ${k}: ${v.checked - v.ok} samples miss at the trainer's defaults (--allow-default-miss; first: ${v.first_miss.sample}: ${v.first_miss.reason}); train with the settings below\n`);
      if (rt.verl_default_prompt_length?.samples_over)
        process.stdout.write(`warning: ${rt.verl_default_prompt_length.samples_over} prompts exceed verl's default data.max_prompt_length ${rt.verl_default_prompt_length.limit}; use the settings below\n`);
      for (const f of r.fragments) process.stdout.write(`\n${f.title}:\n${f.text}\n`);
      if (r.fragments.length) process.stdout.write(`(also in ${join(r.out, 'train-settings.json')} and the dataset card)\n`);
    });

  program
    .command('gallery')
    .description('serve a browser gallery of a dataset (or a folder of datasets) on 127.0.0.1: filters, record view, stats, evaluation')
    .argument('<dir>', 'dataset directory, or a directory whose subdirectories are datasets')
    .option('--port <n>', 'port (0 picks a free one)', '8765')
    .option('--predictions <file>', 'score these predictions (the `score` JSONL) and show verdicts, reasons and pass@1')
    .addOption(new Option('--coords <space>', 'coordinate convention of --predictions (as for `score`)').choices([...COORD_CHOICES]).default('abs'))
    .option('--model-family <name>', 'take --coords from a model family preset (as for `score`)')
    .option('--max-pixels <n>', 'qwen25: smart_resize max_pixels budget (px²)')
    .option('--min-pixels <n>', 'qwen25: smart_resize min_pixels budget (px²)')
    .option('--thumb-dir <dir>', 'thumbnail cache (default $XDG_CACHE_HOME/uisynth/thumbs)')
    .action(async (dir: string, o: { port: string; predictions?: string; coords: string; modelFamily?: string; maxPixels?: string; minPixels?: string; thumbDir?: string }, cmd: Command) => {
      const { serveGallery } = await import('../gallery/server.js');
      const coords = await predictionCoords(o.coords, o.modelFamily, cmd.getOptionValueSource('coords') === 'default');
      const srv = await serveGallery(dir, {
        // announced once DIR is known to hold datasets (a DIR that holds none fails with its one line alone)
        onIndexing: () => process.stderr.write(`gallery: indexing ${dir}${o.predictions ? ` and scoring ${o.predictions}` : ''}…\n`),
        port: intOpt('--port', o.port, 0, 65535),
        predictions: o.predictions,
        coords: coordsOpt(coords, o.maxPixels, o.minPixels),
        thumbDir: o.thumbDir,
      });
      process.stdout.write(`gallery: ${srv.url}  (Ctrl-C to stop)\n`);
      await new Promise<void>(() => {});
    });

  program
    .command('demo')
    .description('generate a small real dataset of both kinds, validate it, and say where it and the gallery are')
    .option('--out <dir>', 'output root', 'demo-out')
    .option('--seed <n>', 'seed', '0')
    .action(async (o: { out: string; seed: string }) => {
      const { runDemo } = await import('./demo.js');
      process.exitCode = await runDemo(o.out, o.seed, { runGrounding, runCaptcha, runValidate });
    });
  return program;
}

/** One line for a commander parse error, with the allowed options or commands where they form a closed set. */
function commanderLine(program: Command, argv: string[], e: CommanderError): string {
  const msg = e.message.replace(/^error: /, '').split('\n').map((l) => l.trim()).filter(Boolean).join(' ');
  const cmd = program.commands.find((c) => c.name() === argv[0]);
  if (e.code === 'commander.unknownCommand')
    return `${msg}; allowed: ${program.commands.map((c) => c.name()).join(', ')}`;
  if (e.code === 'commander.unknownOption' && cmd)
    return `${cmd.name()}: ${msg}; allowed: ${cmd.options.map((o) => o.long).filter(Boolean).join(', ')}, --help`;
  return cmd ? `${cmd.name()}: ${msg} (see uisynth ${cmd.name()} --help)` : `${msg} (see uisynth --help)`;
}

/** Run the CLI on argv (without node and script). Returns the exit code; never throws for user mistakes. */
export async function main(argv: string[]): Promise<number> {
  const program = buildProgram(argv);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.exitCode === 0) return 0; // --help, --version
      process.stderr.write(`uisynth: ${commanderLine(program, argv, e)}\n`);
      return 2;
    }
    if (e instanceof UsageError) {
      process.stderr.write(`uisynth: ${e.message}\n`);
      return 2;
    }
    if (e instanceof EnvironmentError) {
      process.stderr.write(`uisynth: ${e.message}\n`);
      return 3;
    }
    if (e instanceof InternalError) {
      process.stderr.write(`uisynth: ${e.message}\n`);
      return 1;
    }
    const env = ioFault(e, 'at');
    if (env) {
      process.stderr.write(`uisynth: ${env.message}\n`);
      return 3;
    }
    throw e;
  }
}
