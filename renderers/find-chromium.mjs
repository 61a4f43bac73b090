// Chromium discovery shared by `scripts/setup.mjs` (plain Node, runs before npm dependencies exist)
// and `renderers/browser.ts`. Order (issue 2): PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH, a browser installed
// by Playwright, then chromium / chromium-browser / google-chrome on PATH.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, delimiter } from 'node:path';
import { homedir } from 'node:os';
import { execFileSync } from 'node:child_process';

/** Names tried on PATH, in order. */
export const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/** How to install a browser, printed when none is found. */
export const INSTALL_HINT =
  'No Chromium found. Install one of: `apt-get install -y chromium` (Debian/Ubuntu, as root), ' +
  'or set PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH=/path/to/chrome, or `npx playwright install chromium` where downloads are allowed.';

function isExecutableFile(p) {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

/** Chromium builds installed by Playwright under ms-playwright (newest first). */
function playwrightInstalled() {
  const roots = [process.env.PLAYWRIGHT_BROWSERS_PATH, join(homedir(), '.cache', 'ms-playwright')].filter(Boolean);
  const found = [];
  for (const root of roots) {
    if (!existsSync(root)) continue;
    const dirs = readdirSync(root).filter((d) => /^chromium(_headless_shell)?-\d+$/.test(d)).sort().reverse();
    for (const d of dirs) {
      for (const rel of ['chrome-linux64/chrome', 'chrome-linux/chrome', 'chrome-headless-shell-linux64/chrome-headless-shell']) {
        const p = join(root, d, rel);
        if (isExecutableFile(p)) found.push(p);
      }
    }
  }
  return found;
}

function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, name);
    if (isExecutableFile(p)) return p;
  }
  return null;
}

/**
 * Find a Chromium executable. Returns `{path, source}` or null.
 * Throws Error when PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH is set but points at nothing.
 */
export function findChromium() {
  const env = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH;
  if (env) {
    if (!isExecutableFile(env)) throw new Error(`PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH=${env} does not exist or is not a file`);
    return { path: env, source: 'PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH' };
  }
  const pw = playwrightInstalled();
  if (pw.length) return { path: pw[0], source: 'playwright' };
  for (const n of PATH_NAMES) {
    const p = onPath(n);
    if (p) return { path: p, source: `PATH (${n})` };
  }
  return null;
}

/** `Chromium 156.0.8078.73` or null. */
export function chromiumVersion(path) {
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8', timeout: 20000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}
