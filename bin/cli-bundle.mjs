// The CLI's start-up bundle: the TypeScript sources of cli/main.ts and everything it imports, bundled by esbuild
// into a few ES modules under node_modules/.cache/uisynth/cli/ (npm packages stay external imports).
//
// Why: run from source, `uisynth` loads about 250 TypeScript files through tsx's loader hooks, which run in a
// second thread and answer every resolve and load by message. That costs about 0.6 s of CPU before a command
// starts, more than a small CAPTCHA run's work (measured on the 2-core CI machine kind, `/usr/bin/time` user+sys:
// `uisynth --help` 0.9 s from source, 0.35 s from the bundle; `uisynth captcha --count 4` 2.4 s and 1.2 s).
//
// Correctness rules:
// - Same code, same bytes: esbuild only strips types and joins modules. Each module's `import.meta.url` is
//   replaced by its own source file's URL, so every path a module derives from it (templates, fonts, the worker
//   entry, the package root of dataset/fingerprint.ts) is exactly what it is when run from source.
// - Never stale: next to the bundle, inputs.json records the repository root and every bundled source file's
//   size and mtime. bin/uisynth.js uses the bundle only when all of them still match; any edit, checkout or
//   moved clone falls back to the sources through tsx (slower start, same behaviour) until the next set-up
//   (`npm run setup`, also run by `npm test` and `npm run demo`) rebuilds it.
// - `UISYNTH_FROM_SOURCE=1` runs from the sources even when the bundle is fresh (tests compare both ways).
// - The grounding worker thread's task module is a second entry point (generators/worker-entry.mjs), under the
//   same rules.
// - Stack traces of our own bugs name the TypeScript sources: the bundle carries source maps, and the launcher
//   turns them on (process.setSourceMapsEnabled) when it runs the bundle.
//
// Plain JavaScript with Node built-ins only (esbuild is imported only to build), so the launcher can import it
// before tsx is registered and scripts/setup.mjs right after `npm ci`.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
const FORMAT = 2;

/** The bundle's record (inputs.json) when every bundled source still matches it, else null. Never throws. */
function freshRecord(dir, root) {
  try {
    if (process.env.UISYNTH_FROM_SOURCE) return null;
    const rec = JSON.parse(readFileSync(join(dir, 'inputs.json'), 'utf8'));
    if (rec.format !== FORMAT || rec.root !== root || !Array.isArray(rec.inputs) || !rec.inputs.length) return null;
    for (const [rel, size, mtimeMs] of rec.inputs) {
      const st = statSync(join(root, rel));
      if (st.size !== size || st.mtimeMs !== mtimeMs) return null;
    }
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
  const file = name && rec.entries?.[name] ? join(dir, rec.entries[name]) : null;
  return file && existsSync(file) ? pathToFileURL(file).href : null;
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
 * Build the bundle of cli/main.ts into {@link BUNDLE_DIR}: into a scratch folder first, then swapped in, so a
 * launcher never sees half a bundle (inputs.json, which makes it fresh, is written last).
 * @param {string} [root] repository root
 * @param {string} [dir] bundle folder
 * @returns {Promise<{ inputs: number, ms: number }>} bundled source files and build time
 * @throws the esbuild error when a source does not parse (a bug to fix in that file)
 */
export async function buildCliBundle(root = ROOT, dir = BUNDLE_DIR) {
  const { build } = await import('esbuild');
  const t0 = Date.now();
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  const r = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([k, v]) => [k, join(root, v)])),
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
  const inputs = Object.keys(r.metafile.inputs)
    .filter((p) => !p.split(/[\\/]/).includes('node_modules'))
    .sort()
    .map((p) => {
      const st = statSync(join(root, p));
      return [p, st.size, st.mtimeMs];
    });
  const entries = Object.fromEntries(Object.keys(ENTRIES).map((k) => [k, `${k}.js`]));
  writeFileSync(join(tmp, 'inputs.json'), `${JSON.stringify({ format: FORMAT, root, entries, inputs })}\n`);
  mkdirSync(dirname(dir), { recursive: true });
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  return { inputs: inputs.length, ms: Date.now() - t0 };
}
