#!/usr/bin/env node
// One-time set-up run by `npm run demo` and `npm test` (README): installs npm dependencies when they are
// missing or stale, then finds Chromium (see renderers/find-chromium.mjs); as root with apt-get and no
// browser, installs Debian's `chromium`. Uses only Node built-ins: it runs before node_modules exists.
import { existsSync, statSync, readFileSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium, chromiumVersion, INSTALL_HINT } from '../renderers/find-chromium.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (m) => process.stderr.write(`[setup] ${m}\n`);

function depsStale() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(marker)) return true;
  // npm rewrites node_modules/.package-lock.json on every install: older than the lock means stale.
  return statSync(marker).mtimeMs < statSync(join(root, 'package-lock.json')).mtimeMs - 1000;
}

if (depsStale()) {
  log('installing npm dependencies (npm ci) ...');
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    log('npm ci failed; see the output above');
    process.exit(r.status ?? 1);
  }
}

// the CLI's start-up bundle (bin/cli-bundle.mjs): built when missing or when a bundled source has changed
{
  const { freshCliBundle, buildCliBundle } = await import('../bin/cli-bundle.mjs');
  if (!freshCliBundle()) {
    try {
      const b = await buildCliBundle();
      log(`built the CLI start-up bundle (${b.inputs} source files, ${(b.ms / 1000).toFixed(1)} s)`);
    } catch (e) {
      // not fatal: bin/uisynth.js runs the sources through tsx without it
      log(`could not build the CLI start-up bundle, uisynth starts from the sources (slower): ${e.message}`);
    }
  }
}

let found;
try {
  found = findChromium();
} catch (e) {
  log(e.message);
  process.exit(3);
}
if (!found) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (isRoot && hasApt) {
    log('no Chromium found; installing Debian package `chromium` with apt-get ...');
    let r = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit' });
    if (r.status !== 0) {
      spawnSync('apt-get', ['update'], { stdio: 'inherit' });
      r = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit' });
    }
    found = findChromium();
  }
  if (!found) {
    log(INSTALL_HINT);
    process.exit(3);
  }
}
log(`chromium: ${found.path} (${found.source}) ${chromiumVersion(found.path) ?? ''}`.trim());

// Generated pages embed their own fonts; users' --pages may not. Without a system CJK face their Chinese or
// Japanese text renders as tofu while the records still carry the text (a label the screenshot does not show), so
// install Noto CJK where we can (root with apt-get) and warn otherwise.
const fc = spawnSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' });
if (fc.status === 0 && fc.stdout.trim() === '') {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (isRoot && hasApt) {
    log('no CJK system font; installing Debian package fonts-noto-cjk (for --pages on CJK pages) ...');
    const r = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'fonts-noto-cjk'], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) log('could not install fonts-noto-cjk; CJK text on your own --pages may render as boxes');
  } else {
    log('warning: no CJK system font (e.g. apt-get install fonts-noto-cjk); CJK text on your own --pages may render as boxes');
  }
}

// `npm test` runs a one-node Slurm (test/slurm.test.ts): install slurm-wlm + munge when missing (root with
// apt-get; about 30 s once). Only for the test script, never for `npm run demo`; failures are not fatal (the
// test then prints why it skips).
if (process.env.npm_lifecycle_event === 'test') {
  const { ensureSlurm } = await import('./slurm-local.mjs');
  const r = ensureSlurm(log);
  if (!r.ok) log(`Slurm test will be skipped: ${r.reason}`);
}
