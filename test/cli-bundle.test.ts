/**
 * The CLI's start-up bundle (bin/cli-bundle.mjs):
 * - it is used only while every bundled source still has the size and mtime it was built from, from the clone it
 *   was built in, and not under UISYNTH_FROM_SOURCE;
 * - a command run from the bundle and the same command run from the sources (tsx) write the same bytes, and the
 *   bundled run loads no TypeScript source at all. Which files each process loaded is recorded by a Node
 *   module-loader hook (node:module `register`, preloaded with `--import`), not inferred from timing.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module without type declarations
import { BUNDLE_DIR, ROOT, buildCliBundle, bundledModule, freshCliBundle } from '../bin/cli-bundle.mjs';

const BIN = join(ROOT as string, 'bin', 'uisynth.js');
const dir = mkdtempSync(join(tmpdir(), 'uisynth-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A preload that appends every file URL the ES module loader loads to $RECORD_IMPORTS. */
const RECORDER = join(dir, 'record-imports.mjs');
writeFileSync(
  RECORDER,
  `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(\`
import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(process.env.RECORD_IMPORTS, url + '\\\\n');
  return next(url, context);
}\`));
`,
);

/** Run `uisynth args` (as `node bin/uisynth.js`), recording the files it loaded. */
function run(args: string[], name: string, fromSource: boolean): { status: number | null; stdout: string; loaded: string[] } {
  const rec = join(dir, `${name}.imports`);
  writeFileSync(rec, '');
  const env: NodeJS.ProcessEnv = { ...process.env, RECORD_IMPORTS: rec };
  delete env.UISYNTH_FROM_SOURCE;
  if (fromSource) env.UISYNTH_FROM_SOURCE = '1';
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(RECORDER).href, BIN, ...args], { encoding: 'utf8', env });
  expect(r.status, r.stderr).toBe(0);
  return { status: r.status, stdout: r.stdout, loaded: readFileSync(rec, 'utf8').trim().split('\n') };
}

/** Every file under `root`: relative path -> bytes. */
function tree(root: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.set(relative(root, p), readFileSync(p));
    }
  };
  walk(root);
  return out;
}

describe('start-up bundle', () => {
  const scratch = join(dir, 'bundle');
  beforeAll(async () => {
    // `npm test` builds it in its set-up; a run of this file alone after an edit builds it here
    if (!freshCliBundle()) await buildCliBundle();
    await buildCliBundle(ROOT, scratch);
  });

  it('is fresh only while every bundled source matches, in the clone it was built in, and not under UISYNTH_FROM_SOURCE', () => {
    const main = freshCliBundle(scratch) as string | null;
    expect(main).toMatch(new RegExp(`^${pathToFileURL(scratch).href}/main-[A-Z0-9]+\\.js$`));
    const tasks = pathToFileURL(join(ROOT as string, 'generators', 'grounding', 'tasks.ts')).href;
    expect(bundledModule(tasks, scratch)).toMatch(new RegExp(`^${pathToFileURL(scratch).href}/grounding-tasks-[A-Z0-9]+\\.js$`));
    // a module that is not an entry point has no bundled copy of its own
    expect(bundledModule(pathToFileURL(join(ROOT as string, 'cli', 'options.ts')).href, scratch)).toBeNull();

    const recPath = join(scratch, 'inputs.json');
    const good = readFileSync(recPath, 'utf8');
    const rec = JSON.parse(good) as { root: string; inputs: Array<[string, number, number]>; outputs: Array<[string, number]> };
    expect(rec.inputs.map((x) => x[0])).toContain('generators/captcha/registry.ts');
    // compiler settings, the package manifest and esbuild itself are inputs too
    for (const f of ['tsconfig.json', 'package.json', 'node_modules/esbuild/package.json']) expect(rec.inputs.map((x) => x[0])).toContain(f);
    const [rel, size, mtime] = rec.inputs.find((x) => x[0] === 'core/geometry.ts')!;
    const st = statSync(join(ROOT as string, rel));
    expect([size, mtime]).toEqual([st.size, st.mtimeMs]);
    const forged = (f: (r: typeof rec) => void): string | null => {
      const r = JSON.parse(good) as typeof rec;
      f(r);
      writeFileSync(recPath, JSON.stringify(r));
      return freshCliBundle(scratch) as string | null;
    };
    try {
      // an edited source (its mtime or its size differs from the record)
      expect(forged((r) => (r.inputs.find((x) => x[0] === rel)![2] = mtime - 1000))).toBeNull();
      expect(forged((r) => (r.inputs.find((x) => x[0] === rel)![1] = size + 1))).toBeNull();
      // a deleted source
      expect(forged((r) => r.inputs.push(['core/no-such-file.ts', 1, 1]))).toBeNull();
      // a bundle built in another clone
      expect(forged((r) => (r.root = join(r.root, 'elsewhere')))).toBeNull();
      expect(forged(() => undefined)).toBe(main);
      // a bundle file deleted or damaged (its size differs from the record)
      const chunk = rec.outputs.find((o) => o[0].startsWith('chunk-') && o[0].endsWith('.js'))![0];
      expect(forged((r) => (r.outputs.find((o) => o[0] === chunk)![1] += 1))).toBeNull();
      expect(forged((r) => r.outputs.push(['chunk-GONE.js', 10]))).toBeNull();
      expect(forged(() => undefined)).toBe(main);
      for (const v of ['1', 'yes']) {
        process.env.UISYNTH_FROM_SOURCE = v;
        expect(freshCliBundle(scratch)).toBeNull();
      }
      for (const v of ['0', 'false', '']) {
        process.env.UISYNTH_FROM_SOURCE = v;
        expect(freshCliBundle(scratch)).toBe(main);
      }
    } finally {
      delete process.env.UISYNTH_FROM_SOURCE;
      writeFileSync(recPath, good);
    }
    // the real one, as set up
    expect(freshCliBundle()).toMatch(new RegExp(`^${pathToFileURL(BUNDLE_DIR as string).href}/main-[A-Z0-9]+\\.js$`));
  });

  it('a rebuild keeps the files an earlier build may still be loading for a day, then deletes them; a damaged file is replaced', async () => {
    const day = 24 * 3600;
    writeFileSync(join(scratch, 'chunk-RECENT.js'), '');
    writeFileSync(join(scratch, 'chunk-OLD.js'), '');
    const old = Date.now() / 1000 - day - 60;
    utimesSync(join(scratch, 'chunk-OLD.js'), old, old);
    const main = freshCliBundle(scratch) as string;
    // a damaged entry file: stale until set-up rebuilds it
    const file = new URL(main).pathname;
    const before = readFileSync(file);
    appendFileSync(file, '\n;garbage(');
    expect(freshCliBundle(scratch)).toBeNull();
    rmSync(file);
    await buildCliBundle(ROOT, scratch);
    expect(freshCliBundle(scratch)).toBe(main);
    expect(readFileSync(file).equals(before)).toBe(true);
    const files = readdirSync(scratch);
    expect(files).toContain('chunk-RECENT.js');
    expect(files).not.toContain('chunk-OLD.js');
    expect(files.filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('a CAPTCHA run from the bundle writes the same bytes as from the sources, and loads no TypeScript source', () => {
    const args = (out: string): string[] => ['captcha', '--count', '6', '--seed', '11', '--locales', 'en-US,ar', '--out', out, '--quiet'];
    const a = run(args(join(dir, 'from-bundle')), 'bundle', false);
    const b = run(args(join(dir, 'from-source')), 'source', true);
    expect(a.loaded).toContain(freshCliBundle());
    expect(a.loaded.filter((u) => u.endsWith('.ts'))).toEqual([]);
    expect(b.loaded).toContain(pathToFileURL(join(ROOT as string, 'cli', 'main.ts')).href);
    expect(b.loaded.some((u) => u.startsWith(pathToFileURL(BUNDLE_DIR as string).href))).toBe(false);
    const ta = tree(join(dir, 'from-bundle'));
    const tb = tree(join(dir, 'from-source'));
    expect([...ta.keys()].sort()).toEqual([...tb.keys()].sort());
    expect(ta.size).toBeGreaterThan(6);
    for (const [k, v] of ta) expect(v.equals(tb.get(k)!), k).toBe(true);
    // and the same help text
    expect(run(['--help'], 'help-bundle', false).stdout).toBe(run(['--help'], 'help-source', true).stdout);
  });
});
