/**
 * `uisynth` command line. Parsing, progress and exit codes only; generation lives in generators/,
 * writing in export/, scoring in score/.
 *
 * Exit codes: 0 success; 1 unexpected failure (a bug: stack trace printed); 2 usage error (one line);
 * 3 environment error (e.g. no Chromium; one line); 4 validation or scoring found problems.
 */
import { Command, CommanderError, Option } from 'commander';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError, EnvironmentError } from '../core/errors.js';
import { DIFFICULTIES } from '../core/schema.js';
type Difficulty = (typeof DIFFICULTIES)[number];
import { COORD_CHOICES, coordsOpt } from '../export/coords.js';
import { intOpt, listOpt, numOpt, sizeOpt } from './options.js';
import { progress } from './progress.js';
import { runShards, type RunSummary } from '../export/run.js';
import { shardFromEnv } from '../export/shards.js';
import { validateDataset } from '../export/validate.js';
import { scoreDataset } from '../score/dataset.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The package version (package.json). */
export const VERSION: string = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

const LOCALES = ['en-US', 'zh-CN'] as const;
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
    .option('--out <dir>', 'output dataset directory', defOut)
    .option('--shard-size <n>', 'records per shard', '1000')
    .option('--shard-index <i>', 'generate only shards s with s % K == i (default: JOB_COMPLETION_INDEX / SLURM_ARRAY_TASK_ID / AWS_BATCH_JOB_ARRAY_INDEX, else 0)')
    .option('--shard-count <k>', 'number of slices K (default: SLURM_ARRAY_TASK_COUNT / AWS_BATCH_JOB_ARRAY_SIZE, else 1)')
    .option('--concurrency <n>', 'samples in flight at once')
    .option('--force', 'regenerate shards that already verify (default: resume and skip them)')
    .option('--quiet', 'no progress output');
}

function common(o: CommonOpts) {
  const env = shardFromEnv();
  const shardCount = intOpt('--shard-count', o.shardCount ?? env.count ?? 1, 1);
  return {
    count: intOpt('--count', o.count, 1, 100_000_000),
    seed: intOpt('--seed', o.seed, 0, 2 ** 31 - 1),
    out: o.out,
    shardSize: intOpt('--shard-size', o.shardSize, 1, 1_000_000),
    shardIndex: intOpt('--shard-index', o.shardIndex ?? env.index ?? 0, 0, shardCount - 1),
    shardCount,
    force: Boolean(o.force),
    quiet: Boolean(o.quiet),
  };
}

function report(kind: string, out: string, s: RunSummary, ms: number): void {
  const rej = Object.entries(s.rejects).map(([k, v]) => `${k}=${v}`).join(', ');
  const st = s.manifest.stats as { queries?: number; targets?: number };
  const extra = kind === 'grounding' ? `, ${st.targets ?? 0} targets, ${st.queries ?? 0} queries` : '';
  process.stdout.write(
    `${kind}: wrote ${s.records} records${extra} in ${s.written.length} shard(s)` +
      (s.skipped.length ? `, ${s.skipped.length} shard(s) already complete (resumed)` : '') +
      (rej ? `; skipped samples: ${rej}` : '') +
      ` -> ${out} (${(ms / 1000).toFixed(1)} s)\n`,
  );
}

/** `uisynth captcha ...` as a function (used by the CLI and `demo`). */
export async function runCaptcha(argv: string[], o: CommonOpts & { types: string; context: string; difficulty: string; locales: string }): Promise<RunSummary> {
  const c = common(o);
  const contexts = listOpt('--context', o.context, CONTEXTS);
  const difficulties = listOpt('--difficulty', o.difficulty, DIFFICULTIES) as Difficulty[];
  const locales = listOpt('--locales', o.locales, LOCALES);
  const concurrency = o.concurrency ? intOpt('--concurrency', o.concurrency, 1, 64) : 4;
  const { resolveCaptchaTypes, captchaSample, CAPTCHA_GENERATOR } = await import('../generators/captcha/index.js');
  const cfg = { types: resolveCaptchaTypes(o.types), contexts, difficulties, locales };
  const bar = progress('captcha', c.quiet);
  const t0 = performance.now();
  try {
    const s = await runShards({
      kind: 'captcha',
      ...c,
      command: argv,
      config: cfg,
      generators: { uisynth: VERSION, [CAPTCHA_GENERATOR.name]: CAPTCHA_GENERATOR.version },
      chromium: null,
      concurrency,
      produce: (i) => captchaSample(cfg, c.seed, i),
      onProgress: (d, t) => bar.update(d, t),
    });
    bar.stop();
    if (!c.quiet) report('captcha', c.out, s, performance.now() - t0);
    return s;
  } finally {
    bar.stop();
  }
}

/** `uisynth grounding ...` as a function (used by the CLI and `demo`). */
export async function runGrounding(
  argv: string[],
  o: CommonOpts & { families: string; locales: string; themes: string; pages?: string; viewport: string; dpr: string; mobile?: boolean },
): Promise<RunSummary> {
  const c = common(o);
  const locales = listOpt('--locales', o.locales, LOCALES);
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
  const getPool = (): InstanceType<typeof BrowserPool> => {
    if (!pool) throw new Error('browser pool not started');
    return pool;
  };
  if (o.pages !== undefined) {
    const { default: fg } = await import('fast-glob');
    const files = (await fg(o.pages, { onlyFiles: true, unique: true })).filter((f) => /\.x?html?$/i.test(f)).sort();
    if (files.length === 0) throw new UsageError(`--pages: no .html files match '${o.pages}'`, '--pages');
    const locale = locales[0]!;
    const { resolve } = await import('node:path');
    config = { pages: o.pages, files, viewport, dpr, mobile: Boolean(o.mobile), locale };
    count = files.length;
    produce = (i) => g.groundingFromPage(getPool(), resolve(files[i]!), files[i]!, { viewport, dpr, mobile: Boolean(o.mobile), locale }, c.seed, i);
  } else {
    const cfg = {
      families: g.resolveFamilies(o.families),
      locales,
      themes,
    };
    config = cfg;
    produce = (i) => g.groundingSample(getPool(), cfg, c.seed, i);
  }
  pool = await BrowserPool.launch({ concurrency });
  const bar = progress('grounding', c.quiet);
  const t0 = performance.now();
  try {
    const s = await runShards({
      kind: 'grounding',
      ...c,
      count,
      command: argv,
      config,
      generators: { uisynth: VERSION, [g.GROUNDING_GENERATOR.name]: g.GROUNDING_GENERATOR.version },
      chromium: pool.version,
      concurrency,
      produce,
      onProgress: (d, t) => bar.update(d, t),
    });
    bar.stop();
    if (!c.quiet) report('grounding', c.out, s, performance.now() - t0);
    return s;
  } finally {
    bar.stop();
    await pool.close();
  }
}

/** Validate and print; returns the number of errors. */
async function runValidate(dir: string, quiet = false): Promise<number> {
  const r = await validateDataset(dir);
  for (const e of r.errors) process.stdout.write(`${dir}/${e}\n`);
  if (!quiet || r.errors.length)
    process.stdout.write(
      `${dir}: ${r.errors.length === 0 ? 'OK' : `${r.errors.length} problem(s)`} — ${r.shards} shard(s), ${r.records} records, ${r.images} images checked\n`,
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
    .option('--families <list>', "scenario families, comma-separated, or 'all'", 'all')
    .option('--locales <list>', "locales: en-US, zh-CN, or 'all'", 'all')
    .option('--themes <list>', "themes: light, dark, or 'all'", 'all')
    .option('--pages <glob>', 'ground your own HTML files instead of generated pages (fast-glob pattern; --count is ignored)')
    .option('--viewport <WxH>', 'viewport in CSS px for --pages', '1280x800')
    .option('--dpr <n>', 'device scale factor for --pages', '1')
    .option('--mobile', 'mobile emulation with touch for --pages')
    .action(async (o) => {
      await runGrounding(argv, o);
    });

  addCommon(program.command('captcha').description('sample, verify, draw and composite CAPTCHA puzzles'), 'out/captcha', 80)
    .option('--types <list>', "CAPTCHA types, comma-separated, or 'all' (see `uisynth types`)", 'all')
    .addOption(new Option('--context <ctx>', "host context: mobile, web, or 'all'").default('all'))
    .option('--difficulty <list>', "easy, medium, hard, or 'all'", 'all')
    .option('--locales <list>', "instruction locales: en-US, zh-CN, or 'all'", 'all')
    .action(async (o) => {
      await runCaptcha(argv, o);
    });

  program
    .command('validate')
    .description('check a dataset: shard hashes, record schema, images (exist, size, sha256), geometry, gold answers')
    .argument('<dir>', 'dataset directory (holds manifest.json)')
    .action(async (dir: string) => {
      process.exitCode = (await runValidate(dir)) ? 4 : 0;
    });

  program
    .command('types')
    .description('list the CAPTCHA types with their group, action form and difficulty knobs')
    .option('--json', 'print JSON')
    .action(async (o: { json?: boolean }) => {
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
    .command('score')
    .description('score model predictions against a dataset with the strict rules (pass@1 per type and overall)')
    .argument('<dir>', 'dataset directory')
    .requiredOption('--predictions <file>', 'JSONL lines {"id", "qid"?, "output"} with the raw model output')
    .addOption(
      new Option('--coords <space>', 'coordinate convention of the predictions: abs (image px), norm1 ([0,1]), norm1000 / norm1000-999 ([0,999] grid), norm1000-1000 (0-1000), qwen25 (px after smart_resize)')
        .choices([...COORD_CHOICES])
        .default('abs'),
    )
    .option('--max-pixels <n>', 'qwen25: smart_resize max_pixels budget (px²)')
    .option('--min-pixels <n>', 'qwen25: smart_resize min_pixels budget (px²)')
    .option('--json', 'print the report as JSON')
    .action(async (dir: string, o: { predictions: string; coords: string; maxPixels?: string; minPixels?: string; json?: boolean }) => {
      const r = await scoreDataset(dir, o.predictions, coordsOpt(o.coords, o.maxPixels, o.minPixels));
      if (o.json) process.stdout.write(JSON.stringify(r, null, 2) + '\n');
      else {
        process.stdout.write(`${'type'.padEnd(36)} ${'n'.padStart(6)} ${'correct'.padStart(8)} ${'missing'.padStart(8)} pass@1\n`);
        for (const [k, t] of Object.entries(r.by_type))
          process.stdout.write(`${k.padEnd(36)} ${String(t.n).padStart(6)} ${String(t.correct).padStart(8)} ${String(t.missing).padStart(8)} ${(t.pass_at_1 * 100).toFixed(2)}%\n`);
        process.stdout.write(`${'overall'.padEnd(36)} ${String(r.items).padStart(6)} ${String(r.correct).padStart(8)} ${String(r.missing).padStart(8)} ${(r.pass_at_1 * 100).toFixed(2)}%\n`);
        if (r.unknown_predictions) process.stdout.write(`note: ${r.unknown_predictions} prediction(s) match no item and were ignored\n`);
      }
    });

  program
    .command('export')
    .description('convert a dataset into a training-framework format (sharded, with export-manifest.json and a dataset card)')
    .argument('<dir>', 'native dataset directory (holds manifest.json)')
    .requiredOption('--to <format>', 'llamafactory, swift, trl, verl, screenspot, hf-imagefolder or webdataset')
    .requiredOption('--out <dir>', 'output directory (empty, or a previous export to replace)')
    .option('--coords <name>', 'abs, norm1, norm1000 (= norm1000-999, the [0,999] grid), norm1000-1000 (0-1000) or qwen25 (px after smart_resize); default from --model-family, else abs')
    .option('--model-family <name>', 'preset for --coords/--dialect: qwen2.5-vl, ui-venus, ui-tars-1.5, ui-tars, qwen2-vl, qwen3-vl')
    .option('--dialect <name>', 'answer syntax: venus (Click(point=(x, y))) or uitars (click(start_box=\'(x,y)\'))')
    .option('--max-pixels <n>', 'qwen25 pixel budget: max_pixels (default 12845056)')
    .option('--min-pixels <n>', 'qwen25 pixel budget: min_pixels (default 3136)')
    .option('--shard-size <n>', 'samples (webdataset: records) per shard', '1000')
    .option('--thinking', 'put the reasoning before the answer (<think>...</think> / Thought:)')
    .option('--template <file>', 'Handlebars prompt template replacing the built-in ones')
    .option('--link', 'symlink images instead of copying them')
    .option('--license <id>', 'license field of the dataset card', 'mit')
    .action(async (dir: string, o: Record<string, string | boolean | undefined>) => {
      const { runExport } = await import('../export/formats/index.js');
      const s = (k: string): string | undefined => (typeof o[k] === 'string' ? (o[k] as string) : undefined);
      const r = await runExport(
        {
          dataDir: dir, to: s('to')!, out: s('out')!, coords: s('coords'), modelFamily: s('modelFamily'), dialect: s('dialect'),
          maxPixels: s('maxPixels'), minPixels: s('minPixels'), shardSize: s('shardSize'), thinking: Boolean(o.thinking),
          template: s('template'), link: Boolean(o.link), license: s('license'), command: argv,
        },
        VERSION,
      );
      const c = r.manifest.counts;
      const skipped = Object.entries(c.skipped).map(([k, v]) => `${k}=${v}`).join(', ');
      process.stdout.write(
        `${r.manifest.to}: ${c.samples} samples from ${c.records} records (${r.manifest.coords.name}, ${r.manifest.dialect})` +
          (skipped ? `; skipped: ${skipped}` : '') + ` -> ${r.out} (${r.manifest.files.length} files)\n`,
      );
    });

  program
    .command('gallery')
    .description('serve a browser gallery of a dataset (or a folder of datasets) on 127.0.0.1')
    .argument('<dir>', 'dataset directory, or a directory whose subdirectories are datasets')
    .option('--port <n>', 'port (0 picks a free one)', '8765')
    .action(async (dir: string, o: { port: string }) => {
      const { serveGallery } = await import('../gallery/server.js');
      const srv = await serveGallery(dir, intOpt('--port', o.port, 0, 65535));
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
    throw e;
  }
}
