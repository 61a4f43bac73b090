/**
 * Regenerate the gallery screenshots under docs/ (README "Gallery"): index, grounding record, CAPTCHA
 * record, stats and evaluation views of a dataset root holding a CAPTCHA and a grounding dataset.
 *
 * Usage: node bin/run-ts.js gallery/docs-screenshots.ts ROOT PREDICTIONS OUT_DIR
 *   (ROOT/captcha and ROOT/grounding are datasets; PREDICTIONS is a `uisynth score` predictions file)
 */
import { chromium } from 'playwright-core';
import { join } from 'node:path';
import { serveGallery } from './server.js';
import { CHROMIUM_ARGS } from '../renderers/browser.js';

const [root, predictions, out] = process.argv.slice(2);
if (!root || !predictions || !out) {
  console.error('usage: node bin/run-ts.js gallery/docs-screenshots.ts ROOT PREDICTIONS OUT_DIR');
  process.exit(2);
}
const { findChromium } = (await import('../renderers/find-chromium.mjs' as string)) as { findChromium: () => { path: string } | null };
const exe = findChromium();
if (!exe) throw new Error('no Chromium found');
const { url, close } = await serveGallery(root, { port: 0, predictions });
const browser = await chromium.launch({ executablePath: exe.path, headless: true, args: CHROMIUM_ARGS.filter((a) => !a.startsWith('--host-resolver-rules')) });
const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
const problems: string[] = [];
page.on('pageerror', (e) => problems.push(String(e)));
page.on('response', (r) => { if (r.status() >= 400 && !r.url().endsWith('favicon.ico')) problems.push(`${r.status()} ${r.url()}`); });
const shots: Array<[string, string]> = [
  ['gallery-index', '#/grid?ds=0'],
  ['gallery-grounding-record', '#/record?ds=1&i=0&t=t5'],
  ['gallery-captcha-record', '#/record?ds=0&i=12'],
  ['gallery-stats', '#/stats?ds=0'],
  ['gallery-evaluation', '#/eval?ds=0'],
];
for (const [name, hash] of shots) {
  await page.goto(url + hash);
  await page.waitForFunction(() => document.body.dataset.ready);
  await page.waitForTimeout(1000);
  await page.screenshot({ path: join(out, `${name}.png`) });
}
if (problems.length) console.error(problems.join('\n'));
await browser.close();
await close();
