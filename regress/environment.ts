/**
 * The rendering environment a dataset was made in: Chromium version, web-font package versions, system
 * font packages, and content hashes of the input files that define generated pages (scenario files,
 * templates, `--pages` HTML). A golden set pins both; `uisynth regress` says "environment changed" when
 * the Chromium or font versions differ, and names every input file whose hash changed.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root of this uisynth installation. */
export const PACKAGE_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Versions that change pixels without any change to uisynth or the user's files. */
export interface Environment {
  /** `Chromium <version>` of the browser that rendered grounding pages; null for CAPTCHA-only data. */
  chromium: string | null;
  /** `@fontsource/*` package -> version (the web fonts pages load from `http://uisynth.local/assets/`). */
  fonts: Record<string, string>;
  /**
   * System font packages (Debian/Ubuntu `fonts-*` packages from `dpkg-query`) -> version; empty where
   * dpkg is not available. They are the fallback for glyphs the web fonts lack.
   */
  system_fonts: Record<string, string>;
}

const sha256 = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');

/** `@fontsource/*` versions from node_modules (sorted by name). */
export function fontPackageVersions(root = PACKAGE_ROOT): Record<string, string> {
  const dir = join(root, 'node_modules', '@fontsource');
  const out: Record<string, string> = {};
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir).sort()) {
    const pj = join(dir, name, 'package.json');
    if (existsSync(pj)) out[`@fontsource/${name}`] = (JSON.parse(readFileSync(pj, 'utf8')) as { version: string }).version;
  }
  return out;
}

/** Installed `fonts-*` Debian packages and versions (empty when dpkg-query is absent or fails). */
export function systemFontPackages(): Record<string, string> {
  const r = spawnSync('dpkg-query', ['-W', '-f', '${Package}\\t${Version}\\t${db:Status-Status}\\n', 'fonts-*'], { encoding: 'utf8' });
  const out: Record<string, string> = {};
  if (r.status === null || r.error) return out;
  for (const line of (r.stdout ?? '').split('\n')) {
    const [p, v, st] = line.split('\t');
    if (p && v && st === 'installed') out[p] = v;
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/** The environment of this machine; `chromium` as reported by a running `BrowserPool` (or null). */
export function currentEnvironment(chromium: string | null): Environment {
  return { chromium, fonts: fontPackageVersions(), system_fonts: systemFontPackages() };
}

/** One line per difference between two environments (`chromium: A -> B`, `@fontsource/inter: 5.3.0 -> 5.4.0`). */
export function environmentChanges(before: Environment, after: Environment): string[] {
  const out: string[] = [];
  if (before.chromium !== null && after.chromium !== null && before.chromium !== after.chromium) out.push(`chromium: ${before.chromium} -> ${after.chromium}`);
  for (const key of ['fonts', 'system_fonts'] as const) {
    const a = before[key] ?? {};
    const b = after[key] ?? {};
    for (const k of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort())
      if (a[k] !== b[k]) out.push(`${k}: ${a[k] ?? '(absent)'} -> ${b[k] ?? '(absent)'}`);
  }
  return out;
}

function walk(dir: string, out: string[]): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.isFile()) out.push(p);
  }
}

/**
 * sha256 of every input file that defines generated pages, keyed by path: built-in files relative to
 * the package root (`scenarios/web.yaml`, `templates/screens/...`), user files as given in the config
 * (`--scenarios` files and the templates and CSS they name, `--pages` HTML files).
 * @param userFiles paths as recorded in the manifest config (relative to the working directory)
 * @param builtin include the built-in scenario and template folders (grounding data made from scenarios)
 */
export function inputHashes(userFiles: readonly string[], builtin: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  if (builtin) {
    const files: string[] = [];
    for (const d of ['scenarios', 'templates']) if (existsSync(join(PACKAGE_ROOT, d))) walk(join(PACKAGE_ROOT, d), files);
    for (const f of files.sort()) out[relative(PACKAGE_ROOT, f).split('\\').join('/')] = sha256(readFileSync(f));
  }
  for (const f of userFiles) {
    const p = resolve(f);
    out[f] = existsSync(p) && statSync(p).isFile() ? sha256(readFileSync(p)) : '(missing)';
  }
  return out;
}

/** One line per input file whose hash differs, was added or removed. */
export function inputChanges(before: Record<string, string>, after: Record<string, string>): Array<{ path: string; before: string | null; after: string | null }> {
  const out: Array<{ path: string; before: string | null; after: string | null }> = [];
  for (const k of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort())
    if (before[k] !== after[k]) out.push({ path: k, before: before[k] ?? null, after: after[k] ?? null });
  return out;
}
