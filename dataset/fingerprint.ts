/**
 * Generator fingerprints: a hash of the source files and the installed dependency versions a generator's
 * output depends on. It goes into the manifest's `generators` (key `<name>.source`) and so into the config
 * hash: after a code edit without a version bump, a rerun sees every old shard as stale and rebuilds it, and
 * `merge` refuses to combine shards made by different code.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root (the folder holding package.json). */
export const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Folders (relative to the package root) whose files shape each generator's records and images. */
export const FINGERPRINT_SOURCES: Record<'captcha' | 'grounding', string[]> = {
  captcha: ['generators/captcha', 'core', 'renderers'],
  grounding: ['generators/grounding', 'hittest', 'core', 'renderers', 'templates', 'scenarios'],
};

/** Dependencies whose version changes pixels or text (fonts, rasteriser, browser driver, fake data). */
const DEPENDENCIES = ['sharp', 'opentype.js', 'playwright-core', 'handlebars', '@faker-js/faker', 'seedrandom', 'lucide-static', 'yaml', 'zod'];

function walk(root: string, dir: string, out: string[]): void {
  for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
    const rel = join(dir, e.name);
    if (e.isDirectory()) walk(root, rel, out);
    else if (e.isFile()) out.push(rel);
  }
}

/**
 * sha256 (first 16 hex digits) over the files under `dirs` (relative path + bytes, sorted by path) and the
 * installed versions of the output-shaping dependencies (and every `@fontsource/*` package).
 * @param root package root (tests pass a scratch copy)
 */
export function sourceFingerprint(dirs: readonly string[], root = PACKAGE_ROOT): string {
  const h = createHash('sha256');
  const files: string[] = [];
  for (const d of dirs) if (existsSync(join(root, d)) && statSync(join(root, d)).isDirectory()) walk(root, d, files);
  for (const f of files.map((f) => relative('.', f)).sort()) {
    h.update(f + '\0');
    h.update(readFileSync(join(root, f)));
    h.update('\0');
  }
  const nm = join(root, 'node_modules');
  const deps = [...DEPENDENCIES];
  if (existsSync(join(nm, '@fontsource'))) for (const f of readdirSync(join(nm, '@fontsource')).sort()) deps.push(`@fontsource/${f}`);
  for (const d of deps) {
    const pj = join(nm, d, 'package.json');
    const v = existsSync(pj) ? (JSON.parse(readFileSync(pj, 'utf8')) as { version?: string }).version : 'absent';
    h.update(`${d}@${v}\n`);
  }
  return h.digest('hex').slice(0, 16);
}

const cache = new Map<string, string>();
/** {@link sourceFingerprint} of a built-in generator (computed once per process). */
export function generatorFingerprint(kind: 'captcha' | 'grounding'): string {
  if (!cache.has(kind)) cache.set(kind, sourceFingerprint(FINGERPRINT_SOURCES[kind]));
  return cache.get(kind)!;
}
