/**
 * Output hashes: run a fixed set of uisynth commands and hash every file they write, so a refactor can
 * prove it changes no output (issue 11). See docs/output-hashes.md.
 *
 *   npm run hashes -- [--out FILE] [--check FILE] [--work DIR]
 *
 * `--out FILE` writes the manifest (JSON: format, commands {command line -> {file -> sha256}}, normalised,
 * digest). `--check FILE` compares with a saved manifest and lists every command and file that differs
 * (exit 1 on any difference). `--work DIR` runs in DIR (kept, for looking at a difference) instead of a
 * temporary directory that is removed at the end.
 *
 * It drives only the command-line interface (bin/uisynth.js) and imports no uisynth module, so the same
 * script runs unchanged before and after a reorganisation of the source tree.
 *
 * Exit codes: 0 written / identical; 1 differences found by --check; 2 usage error; 3 a uisynth command
 * failed or a coverage check failed (the command and the end of its stderr are printed).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'bin', 'uisynth.js');

/** Format tag of the manifest written by `--out`. */
export const HASHES_FORMAT = 'uisynth-output-hashes/1';

/** One uisynth invocation of the fixed set. */
interface Step {
  /** argv after `uisynth`; `--out` is relative to the work directory. */
  args: string[];
  /** Directory (relative to the work directory) whose files are hashed. */
  outDir: string;
  /** Working directory: the work directory, or the repository root (for `--pages`, whose paths are recorded relative to it). */
  cwd: 'work' | 'repo';
}

/** Grounding: one family per platform (7 families, 3 of them legacy apps, generators/grounding/apps/legacy/), seed 2
 * gives 6 locales (incl. right-to-left ar and zh-CN), both themes, dpr 1 to 3, no 4K device. */
const GROUNDING_FAMILIES = [
  'desktop.macos.mail', // legacy path
  'desktop.windows.settings',
  'mobile.ios.messages',
  'mobile.android.settings', // legacy path
  'web.shop', // legacy path
  'web.travel',
  'desktop.macos.finder',
];
/** `--pages`: fixture pages with a modal, bidi + CJK text, Arabic and Japanese real-world pages. */
const PAGES_DESKTOP = 'test/fixtures/{pages/basic,pages/modal,pages/text-bidi-cjk,pages-real/ar-news,pages-real/ja-shop}.html';
/** `--pages` with mobile emulation at dpr 3 (pages with a viewport meta tag; others are refused as zoomed out). */
const PAGES_MOBILE = 'test/fixtures/{pages/mobile-app,pages-real/zh-shop}.html';
/** Number of pages the two globs above match; each must give a record. */
const PAGES_COUNT = 7;
/** Every `--to` format of `uisynth export` (README "Exports"). `screenspot` takes grounding data only. */
const FORMATS = ['llamafactory', 'swift', 'trl', 'verl', 'screenspot', 'hf-imagefolder', 'webdataset'];
/** Coordinate / model-family / option variants on top of the default (abs, venus) exports. */
const VARIANTS: Array<{ data: 'grounding' | 'captcha'; to: string; name: string; flags: string[] }> = [
  { data: 'grounding', to: 'llamafactory', name: 'qwen2.5-vl', flags: ['--model-family', 'qwen2.5-vl'] },
  { data: 'grounding', to: 'swift', name: 'norm1000', flags: ['--coords', 'norm1000', '--val-fraction', '0.3'] },
  { data: 'captcha', to: 'llamafactory', name: 'norm1000-1000-uitars', flags: ['--coords', 'norm1000-1000', '--dialect', 'uitars'] },
  { data: 'captcha', to: 'verl', name: 'ui-tars-1.5', flags: ['--model-family', 'ui-tars-1.5'] },
  { data: 'captcha', to: 'trl', name: 'qwen3-vl-thinking', flags: ['--model-family', 'qwen3-vl', '--thinking'] },
];

/**
 * The fixed command set. `captchaCount` is the number of registered CAPTCHA types: sample i has type
 * `types[i % n]` with `--types all`, so each type appears exactly once (checked after the run).
 */
export function commandSet(captchaCount: number): Step[] {
  const steps: Step[] = [
    { cwd: 'work', outDir: 'grounding', args: ['grounding', '--count', String(GROUNDING_FAMILIES.length), '--seed', '2', '--families', GROUNDING_FAMILIES.join(','), '--out', 'grounding', '--quiet'] },
    { cwd: 'repo', outDir: 'pages', args: ['grounding', '--pages', PAGES_DESKTOP, '--out', 'pages', '--quiet'] },
    { cwd: 'repo', outDir: 'pages-mobile', args: ['grounding', '--pages', PAGES_MOBILE, '--viewport', '390x844', '--dpr', '3', '--mobile', '--seed', '5', '--out', 'pages-mobile', '--quiet'] },
    { cwd: 'work', outDir: 'captcha', args: ['captcha', '--count', String(captchaCount), '--seed', '11', '--types', 'all', '--out', 'captcha', '--quiet'] },
  ];
  for (const data of ['grounding', 'captcha'] as const) {
    for (const to of FORMATS) {
      if (to === 'screenspot' && data === 'captcha') continue;
      const out = `export/${data}-${to}`;
      steps.push({ cwd: 'work', outDir: out, args: ['export', data, '--to', to, '--out', out] });
    }
  }
  for (const v of VARIANTS) {
    const out = `export/${v.data}-${v.to}-${v.name}`;
    steps.push({ cwd: 'work', outDir: out, args: ['export', v.data, '--to', v.to, ...v.flags, '--out', out] });
  }
  return steps;
}

/** The manifest key of a step: the command line as typed in the work directory. */
const keyOf = (s: Step): string => ['uisynth', ...s.args].map((a) => (/[\s{},*]/.test(a) ? `'${a}'` : a)).join(' ');

/**
 * Files excluded from hashing, with why. Paths relative to a step's output directory.
 * - `.uisynth/`: run bookkeeping (locks, completion markers, error log), "not dataset" (README, "Running on
 *   a cluster"); its completion marker holds only the slice's config hash and shard list, which
 *   manifest.json and the shard sidecars already carry.
 */
const EXCLUDED = (rel: string): boolean => rel === '.uisynth' || rel.startsWith('.uisynth/');

/** Extensions of text files in which source-fingerprint tokens are replaced (see {@link normalise}). */
const TEXT = /\.(json|jsonl|md|txt|yaml|yml)$/;

const sha256 = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');

function walk(root: string, dir = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (EXCLUDED(rel)) continue;
    if (e.isDirectory()) out.push(...walk(root, rel));
    else out.push(rel); // files and symlinks alike (a symlink is read through)
  }
  return out;
}

/**
 * Source fingerprints and what derives from them. A dataset's manifest.json carries
 * `generators["<name>.source"]`, a hash of the generator's source files (dataset/fingerprint.ts), so it
 * changes with ANY source edit, by design, and with it `config_hash` (manifest.json, shard sidecars), the
 * sha256 of manifest.json (an export's `source.manifest_sha256`), and the export's dataset card README.md
 * (which prints the fingerprint) and so the card's sha256 in export-manifest.json. A refactor must change
 * none of the rest, so these tokens are replaced before hashing: the fingerprint and config hash by a fixed
 * placeholder, a raw sha256 of a normalised file by the sha256 of its normalised bytes (so a real
 * difference in that file still shows). Everything else is hashed as written.
 */
interface Normaliser {
  /** raw token -> replacement */
  tokens: Map<string, string>;
}

function seedTokens(n: Normaliser, datasetDir: string): void {
  const m = JSON.parse(readFileSync(join(datasetDir, 'manifest.json'), 'utf8')) as {
    generators?: Record<string, string>;
    config?: { config_hash?: string };
  };
  for (const [k, v] of Object.entries(m.generators ?? {})) if (k.endsWith('.source')) n.tokens.set(v, `<${k}>`);
  if (m.config?.config_hash) n.tokens.set(m.config.config_hash, '<config_hash>');
}

function applyTokens(n: Normaliser, text: string): string {
  let t = text;
  for (const [raw, rep] of n.tokens) if (t.includes(raw)) t = t.split(raw).join(rep);
  return t;
}

/** Hash one step's files; returns {file -> sha256} and the files whose bytes were normalised. */
function hashStep(n: Normaliser, dir: string): { files: Record<string, string>; normalised: string[] } {
  const rels = walk(dir).sort();
  const files: Record<string, string> = {};
  const normalised: string[] = [];
  // manifest.json and README.md before the files that record their sha256 (export-manifest.json)
  const order = [...rels].sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  for (const rel of order) {
    const bytes = readFileSync(join(dir, rel));
    let h = sha256(bytes);
    if (TEXT.test(rel)) {
      const text = bytes.toString('utf8');
      const norm = applyTokens(n, text);
      if (norm !== text) {
        const nh = sha256(norm);
        n.tokens.set(h, nh); // the raw sha256 of this file, wherever recorded, stands for its normalised bytes
        h = nh;
        normalised.push(rel);
      }
    }
    files[rel] = h;
  }
  const sorted: Record<string, string> = {};
  for (const k of Object.keys(files).sort()) sorted[k] = files[k]!;
  return { files: sorted, normalised: normalised.sort() };
}
const rank = (rel: string): number => (rel.endsWith('export-manifest.json') ? 1 : 0);

/** The manifest written by `--out` and read by `--check`. */
export interface HashManifest {
  format: string;
  /** command line -> file (relative to the command's output directory) -> sha256 hex */
  commands: Record<string, Record<string, string>>;
  /** command line -> files hashed after replacing source-fingerprint tokens */
  normalised: Record<string, string[]>;
  /** Where it ran (informational, not in the digest). */
  environment: { node: string; platform: string; chromium: string | null };
  /** sha256 over every "command\0file\0sha256\n" line, commands and files sorted */
  digest: string;
}

/** sha256 over the sorted (command, file, sha256) triples. */
export function digestOf(commands: HashManifest['commands']): string {
  const h = createHash('sha256');
  for (const c of Object.keys(commands).sort()) for (const f of Object.keys(commands[c]!).sort()) h.update(`${c}\0${f}\0${commands[c]![f]}\n`);
  return h.digest('hex');
}

class Failure extends Error {}

function run(step: Step, work: string, env: NodeJS.ProcessEnv): void {
  const cwd = step.cwd === 'repo' ? ROOT : work;
  const args = step.cwd === 'repo' ? step.args.map((a, i) => (step.args[i - 1] === '--out' ? join(work, a) : a)) : step.args;
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) {
    const tail = (r.stderr || r.stdout || '').trim().split('\n').slice(-8).join('\n');
    throw new Failure(`output-hashes: \`${keyOf(step)}\` exited ${r.status ?? r.signal}:\n${tail}`);
  }
}

/** Coverage checks: every registered CAPTCHA type once; grounding families and locales as intended. */
function checkCoverage(work: string, types: string[]): string[] {
  const lines = (d: string): Array<Record<string, any>> =>
    readdirSync(join(work, d)).filter((f) => /^shard-\d+\.jsonl$/.test(f)).flatMap((f) =>
      readFileSync(join(work, d, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, any>));
  const c = lines('captcha').map((r) => r.captcha.type as string);
  const missing = types.filter((t) => !c.includes(t));
  if (missing.length || c.length !== types.length) throw new Failure(`output-hashes: the CAPTCHA run lacks types: ${missing.join(', ') || '(none)'}; ${c.length} records for ${types.length} types`);
  const g = lines('grounding');
  const fams = new Set(g.map((r) => r.context.scenario));
  const lost = GROUNDING_FAMILIES.filter((f) => !fams.has(f));
  if (lost.length) throw new Failure(`output-hashes: the grounding run lacks families (rejected samples?): ${lost.join(', ')}`);
  const p = [...lines('pages'), ...lines('pages-mobile')];
  if (p.length !== PAGES_COUNT) throw new Failure(`output-hashes: the --pages runs gave ${p.length} records for ${PAGES_COUNT} pages (see pages*/shard-*.rejects.jsonl with --work)`);
  return [
    `captcha: ${c.length} records, all ${types.length} types`,
    `grounding: ${g.length} records; families ${[...fams].join(', ')}; locales ${[...new Set(g.map((r) => r.locale))].join(', ')}; themes ${[...new Set(g.map((r) => r.context.theme))].join(', ')}`,
    `pages: ${p.length} records; locales ${[...new Set(p.map((r) => r.locale))].join(', ')}`,
  ];
}

/** Run the command set in `work` and hash every output. */
export function computeHashes(work: string, log: (m: string) => void): HashManifest {
  // pinned so a host setting cannot leak in; LC_ALL/TZ are not meant to matter, this keeps the proof about code
  const env = { ...process.env, TZ: 'UTC', LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' };
  const typesRun = spawnSync(process.execPath, [CLI, 'types', '--json'], { cwd: ROOT, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (typesRun.status !== 0) throw new Failure(`output-hashes: \`uisynth types --json\` exited ${typesRun.status}: ${typesRun.stderr.trim()}`);
  const types = (JSON.parse(typesRun.stdout) as Array<{ type: string }>).map((t) => t.type);
  const steps = commandSet(types.length);
  for (const [i, s] of steps.entries()) {
    const t0 = Date.now();
    run(s, work, env);
    log(`[${i + 1}/${steps.length}] ${keyOf(s)} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
  for (const l of checkCoverage(work, types)) log(l);
  const n: Normaliser = { tokens: new Map() };
  for (const d of ['grounding', 'pages', 'pages-mobile', 'captcha']) seedTokens(n, join(work, d));
  const commands: HashManifest['commands'] = {};
  const normalised: HashManifest['normalised'] = {};
  for (const s of steps) {
    const { files, normalised: nf } = hashStep(n, join(work, s.outDir));
    commands[keyOf(s)] = files;
    if (nf.length) normalised[keyOf(s)] = nf;
  }
  const gm = JSON.parse(readFileSync(join(work, 'grounding', 'manifest.json'), 'utf8')) as { chromium?: string | null };
  return {
    format: HASHES_FORMAT,
    commands,
    normalised,
    environment: { node: process.version, platform: `${process.platform}-${process.arch}`, chromium: gm.chromium ?? null },
    digest: digestOf(commands),
  };
}

/**
 * Compare two manifests. Returns one line per difference: a command or file only on one side, or a
 * file whose sha256 differs. Empty when identical.
 */
export function compareHashes(base: HashManifest, now: HashManifest): string[] {
  const out: string[] = [];
  const cmds = [...new Set([...Object.keys(base.commands), ...Object.keys(now.commands)])].sort();
  for (const c of cmds) {
    const a = base.commands[c];
    const b = now.commands[c];
    if (!a) { out.push(`new command (not in the baseline): ${c}`); continue; }
    if (!b) { out.push(`command missing (in the baseline only): ${c}`); continue; }
    for (const f of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      if (!(f in a)) out.push(`${c}: new file ${f}`);
      else if (!(f in b)) out.push(`${c}: missing file ${f}`);
      else if (a[f] !== b[f]) out.push(`${c}: differs ${f}`);
    }
  }
  return out;
}

function parseArgs(argv: string[]): { out?: string; check?: string; work?: string } {
  const o: { out?: string; check?: string; work?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const k = a === '--out' ? 'out' : a === '--check' ? 'check' : a === '--work' ? 'work' : null;
    if (!k || argv[i + 1] === undefined || argv[i + 1]!.startsWith('--')) throw new UsageError(`output-hashes: unknown or incomplete option '${a}'; usage: npm run hashes -- [--out FILE] [--check FILE] [--work DIR]`);
    o[k] = argv[++i]!;
  }
  return o;
}
class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  let opts: ReturnType<typeof parseArgs>;
  try {
    opts = parseArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) { process.stderr.write(e.message + '\n'); return 2; }
    throw e;
  }
  let base: HashManifest | undefined;
  if (opts.check) {
    try {
      base = JSON.parse(readFileSync(opts.check, 'utf8')) as HashManifest;
    } catch (e) {
      process.stderr.write(`output-hashes: cannot read --check ${opts.check}: ${(e as Error).message}\n`);
      return 2;
    }
    if (base.format !== HASHES_FORMAT) { process.stderr.write(`output-hashes: ${opts.check} is not a ${HASHES_FORMAT} manifest (format ${base.format})\n`); return 2; }
  }
  const work = opts.work ? resolve(opts.work) : mkdtempSync(join(tmpdir(), 'uisynth-hashes-'));
  if (opts.work) {
    if (existsSync(work) && readdirSync(work).length) { process.stderr.write(`output-hashes: --work ${work} is not empty; give an empty or new directory\n`); return 2; }
    mkdirSync(work, { recursive: true });
  }
  const log = (m: string): void => void process.stderr.write(m + '\n');
  const t0 = Date.now();
  let m: HashManifest;
  try {
    m = computeHashes(work, log);
  } catch (e) {
    if (e instanceof Failure) { process.stderr.write(e.message + '\n'); return 3; }
    throw e;
  } finally {
    if (!opts.work) rmSync(work, { recursive: true, force: true });
  }
  const files = Object.values(m.commands).reduce((s, f) => s + Object.keys(f).length, 0);
  log(`${Object.keys(m.commands).length} commands, ${files} files, ${((Date.now() - t0) / 1000).toFixed(0)} s; digest ${m.digest}`);
  if (opts.work) log(`outputs kept in ${work}`);
  if (opts.out) {
    mkdirSync(dirname(resolve(opts.out)), { recursive: true });
    writeFileSync(opts.out, JSON.stringify(m, null, 2) + '\n');
    log(`wrote ${opts.out}`);
  }
  if (base) {
    const diffs = compareHashes(base, m);
    if (base.environment?.chromium !== m.environment.chromium) log(`note: Chromium differs from the baseline's (${base.environment?.chromium} there, ${m.environment.chromium} here): grounding images may differ for that reason alone`);
    if (diffs.length === 0) { log(`identical to ${opts.check} (digest ${base.digest})`); return 0; }
    for (const d of diffs) process.stdout.write(d + '\n');
    log(`${diffs.length} difference(s) from ${opts.check} (baseline digest ${base.digest}, now ${m.digest})`);
    return 1;
  }
  if (!opts.out) process.stdout.write(m.digest + '\n');
  return 0;
}

// run as a script (`node bin/run-ts.js scripts/output-hashes.ts`, which leaves argv[1] = bin/run-ts.js), not on import
const entry = process.argv[1] ?? '';
if (entry.endsWith('run-ts.js') || resolve(entry) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
