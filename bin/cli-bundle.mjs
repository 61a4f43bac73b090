// The CLI's start-up bundle: the TypeScript sources of cli/main.ts and everything it imports, bundled by esbuild
// into a few ES modules under node_modules/.cache/uisynth/cli/ (npm packages stay external imports).
//
// Why: run from source, `uisynth` loads about 250 TypeScript files through tsx's loader hooks, which run in a
// second thread and answer every resolve and load by message. That costs about 0.6 s of CPU before a command
// starts, more than a small CAPTCHA run's work (measured on the 2-core CI machine kind, `/usr/bin/time` user+sys:
// `uisynth --help` 0.7-0.8 s from source, 0.3-0.4 s from the bundle; `uisynth captcha --count 4` 1.7-2.4 s and
// 1.0-1.3 s).
//
// Correctness rules:
// - Same code, same bytes: esbuild only strips types and joins modules. Each module's `import.meta.url` is
//   replaced by its own source file's URL, so every path a module derives from it (templates, fonts, the worker
//   entry, the package root of dataset/fingerprint.ts) is exactly what it is when run from source.
// - Never stale: next to the bundle, inputs.json records the repository root, the size and mtime of every
//   bundled source file and of what else shapes the build (tsconfig.json, package.json, esbuild's version),
//   and the size of every bundle file. bin/uisynth.js uses the bundle only when all of them still match; any
//   edit, checkout, moved clone or damaged bundle file falls back to the sources through tsx (slower start,
//   same behaviour) until the next set-up (`npm run setup`, also run by `npm test` and `npm run demo`)
//   rebuilds it.
// - Never pulled away from a running command: bundle files are named by their content hash and never rewritten,
//   and a rebuild switches to its files by renaming inputs.json into place (see buildCliBundle).
// - `UISYNTH_FROM_SOURCE=1` (any value but empty, 0 or false) runs from the sources even when the bundle is fresh
//   (tests compare both ways).
// - The grounding worker thread's task module is a second entry point (generators/worker-entry.mjs), under the
//   same rules.
// - Stack traces of our own bugs name the TypeScript sources: the bundle carries source maps, and the launcher
//   turns them on (process.setSourceMapsEnabled) when it runs the bundle.
//
// Plain JavaScript with Node built-ins only (esbuild is imported only to build), so the launcher can import it
// before tsx is registered and scripts/setup.mjs right after `npm ci`.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The repository root (the folder holding package.json). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the bundle lives: inside node_modules, so `npm ci` removes it together with the packages it imports. */
export const BUNDLE_DIR = join(ROOT, 'node_modules', '.cache', 'uisynth', 'cli');

/**
 * The bundle's entry points: output name -> source file (relative to ROOT). Besides the CLI, the grounding
 * worker thread's task module (generators/worker-entry.mjs loads it through {@link bundledModule}).
 */
const ENTRIES = { main: 'cli/main.ts', 'grounding-tasks': 'generators/grounding/tasks.ts' };

/** Bump when the bundle's layout or build options change (an old bundle is then stale). */
const FORMAT = 3;

/**
 * Files besides the bundled sources whose change changes the bundle: compiler settings esbuild reads
 * (tsconfig.json), the package manifest, and the installed esbuild itself.
 */
const BUILD_INPUTS = ['tsconfig.json', 'package.json', 'node_modules/esbuild/package.json'];

/** Bundle files not used by the current build are deleted once they are this old (ms): a run started earlier may still load them. */
const KEEP_OLD_MS = 24 * 3600 * 1000;

/** `UISYNTH_FROM_SOURCE` set to anything but empty, `0` or `false`. */
function fromSourceForced() {
  const v = (process.env.UISYNTH_FROM_SOURCE ?? '').trim().toLowerCase();
  return v !== '' && v !== '0' && v !== 'false';
}

/** The bundle's record (inputs.json) when every bundled source still matches it, else null. Never throws. */
function freshRecord(dir, root) {
  try {
    if (fromSourceForced()) return null;
    const rec = JSON.parse(readFileSync(join(dir, 'inputs.json'), 'utf8'));
    if (rec.format !== FORMAT || rec.root !== root || !Array.isArray(rec.inputs) || !rec.inputs.length) return null;
    for (const [rel, size, mtimeMs] of rec.inputs) {
      const st = statSync(join(root, rel));
      if (st.size !== size || st.mtimeMs !== mtimeMs) return null;
    }
    // and the bundle itself whole: every file of this build present with its size (a deleted or damaged one
    // would fail the run where it is imported, perhaps only in the middle of a command)
    if (!Array.isArray(rec.outputs) || !rec.outputs.length) return null;
    for (const [name, size] of rec.outputs) if (statSync(join(dir, name)).size !== size) return null;
    return rec;
  } catch {
    return null;
  }
}

/**
 * The file URL of the bundled cli/main.ts when the bundle matches the sources it was built from, else null
 * (also when `UISYNTH_FROM_SOURCE` is set). Costs one stat per bundled source file (about 250; a few ms).
 * Never throws.
 * @param {string} [dir] bundle folder (tests pass a scratch one)
 * @param {string} [root] repository root the bundle must have been built from
 * @returns {string | null}
 */
export function freshCliBundle(dir = BUNDLE_DIR, root = ROOT) {
  return bundledModule(pathToFileURL(join(root, ENTRIES.main)).href, dir, root);
}

/**
 * The file URL of the bundled copy of the source module `sourceUrl` (a file URL of one of the bundle's entry
 * points) when the bundle is fresh, else null (then load `sourceUrl` itself through tsx). Never throws.
 * @param {string} sourceUrl file URL of a TypeScript source file
 * @param {string} [dir] bundle folder
 * @param {string} [root] repository root
 * @returns {string | null}
 */
export function bundledModule(sourceUrl, dir = BUNDLE_DIR, root = ROOT) {
  const rec = freshRecord(dir, root);
  if (!rec) return null;
  const rel = relative(root, fileURLToPath(sourceUrl)).split('\\').join('/');
  const name = Object.keys(ENTRIES).find((k) => ENTRIES[k] === rel);
  return name && rec.entries?.[name] ? pathToFileURL(join(dir, rec.entries[name])).href : null;
}

/** Did importing a bundle file fail because the file is gone or damaged (not because of a bug in its code)? */
const damaged = (e) => e?.code === 'ERR_MODULE_NOT_FOUND' || e instanceof SyntaxError;

/**
 * Import the source module `sourceUrl` (a file URL of one of the bundle's entry points): its bundled copy when
 * the bundle is fresh (source maps on, so stack traces name the TypeScript sources), else the source itself
 * through tsx (registered in this thread). A bundle file gone or damaged after the freshness check (another
 * set-up in between) falls back to the source after calling `onDamaged`.
 * @param {string} sourceUrl file URL of a TypeScript source file
 * @param {(e: Error) => void} [onDamaged] told when a fresh-looking bundle could not be loaded
 * @returns {Promise<Record<string, unknown>>} the module's namespace
 * @throws whatever loading the module throws otherwise (a bug that the sources have too)
 */
export async function importBundledOrSource(sourceUrl, onDamaged = () => undefined) {
  const bundled = bundledModule(sourceUrl);
  if (bundled) {
    process.setSourceMapsEnabled(true);
    try {
      return await import(bundled);
    } catch (e) {
      if (!damaged(e)) throw e;
      onDamaged(e);
    }
  }
  (await import('tsx/esm/api')).register();
  return import(sourceUrl);
}

/**
 * esbuild plugin: replace `import.meta.url` in every source file of the repository by that file's own URL
 * (a bundled module would otherwise see the bundle's URL).
 */
function sourceUrls(root) {
  return {
    name: 'uisynth-source-urls',
    setup(build) {
      build.onLoad({ filter: /\.(ts|mts|js|mjs)$/ }, async (args) => {
        const rel = relative(root, args.path);
        if (rel.startsWith('..') || rel.split(/[\\/]/).includes('node_modules')) return undefined;
        const text = readFileSync(args.path, 'utf8');
        const contents = text.includes('import.meta.url') ? text.split('import.meta.url').join(JSON.stringify(pathToFileURL(args.path).href)) : text;
        return { contents, loader: /\.m?ts$/.test(args.path) ? 'ts' : 'js' };
      });
    },
  };
}

/**
 * Build the bundle into {@link BUNDLE_DIR}. Every file but inputs.json is named by its content hash and never
 * rewritten, so a run that started on the previous build still finds every chunk it imports later; the new
 * build becomes current when inputs.json, which lists its files, is renamed into place (a launcher sees the
 * old build or the new one, never half of one). Files of earlier builds are deleted once a day old.
 * @param {string} [root] repository root
 * @param {string} [dir] bundle folder
 * @returns {Promise<{ inputs: number, ms: number }>} bundled source files and build time
 * @throws Error `<file>:<line>:<column>: <message>` when a source does not compile (a bug to fix in that file)
 */
export async function buildCliBundle(root = ROOT, dir = BUNDLE_DIR) {
  const { build } = await import('esbuild');
  const t0 = Date.now();
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  let r;
  try {
    r = await build({
      absWorkingDir: root,
      entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([k, v]) => [k, join(root, v)])),
      entryNames: '[name]-[hash]',
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      outdir: tmp,
      sourcemap: 'linked',
      metafile: true,
      logLevel: 'silent',
      plugins: [sourceUrls(root)],
    });
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    const first = e.errors?.[0];
    if (!first) throw e;
    const at = first.location ? `${first.location.file}:${first.location.line}:${first.location.column + 1}: ` : '';
    throw new Error(`${at}${first.text}${e.errors.length > 1 ? ` (and ${e.errors.length - 1} more)` : ''}`);
  }
  const inputs = [
    ...Object.keys(r.metafile.inputs).filter((p) => !p.split(/[\\/]/).includes('node_modules')),
    ...BUILD_INPUTS.filter((p) => existsSync(join(root, p))),
  ]
    .sort()
    .map((p) => {
      const st = statSync(join(root, p));
      return [p, st.size, st.mtimeMs];
    });
  mkdirSync(dir, { recursive: true });
  const outputs = [];
  const entries = {};
  for (const [out, meta] of Object.entries(r.metafile.outputs)) {
    const name = relative(tmp, join(root, out));
    if (meta.entryPoint) {
      const k = Object.keys(ENTRIES).find((x) => join(root, ENTRIES[x]) === join(root, meta.entryPoint));
      if (k) entries[k] = name;
    }
    // the same name is the same content: keep the file a running process may be reading
    if (!existsSync(join(dir, name))) renameSync(join(tmp, name), join(dir, name));
    outputs.push([name, statSync(join(dir, name)).size]);
  }
  writeFileSync(join(tmp, 'inputs.json'), `${JSON.stringify({ format: FORMAT, root, entries, outputs, inputs })}\n`);
  renameSync(join(tmp, 'inputs.json'), join(dir, 'inputs.json'));
  rmSync(tmp, { recursive: true, force: true });
  const current = new Set(['inputs.json', ...outputs.map((o) => o[0])]);
  for (const f of readdirSync(dir)) {
    if (current.has(f)) continue;
    try {
      if (Date.now() - statSync(join(dir, f)).mtimeMs > KEEP_OLD_MS) rmSync(join(dir, f), { recursive: true, force: true });
    } catch {
      /* removed by a concurrent set-up */
    }
  }
  return { inputs: inputs.length, ms: Date.now() - t0 };
}
