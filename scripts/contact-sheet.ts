/**
 * Contact sheet: one screen per grounding scenario family, tiled into one PNG with labels
 * (`docs/grounding-contact-sheet.png`). Usage: node bin/run-ts.js scripts/contact-sheet.ts [out.png] [seed]
 * Locales rotate over each family's locales so the sheet shows several scripts.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import sharp from 'sharp';
import { BrowserPool } from '../renderers/browser.js';
import { captureAndHitTest } from '../hittest/capture.js';
import { FAMILY_NAMES, sampleScenario, scenarioIndex } from '../generators/grounding/scenarios.js';

const out = process.argv[2] ?? 'docs/grounding-contact-sheet.png';
const seed = Number(process.argv[3] ?? 3);
const TW = 400;
const TH = 300;
const LABEL = 34;
const COLS = 7;
const idx = scenarioIndex();
const pool = await BrowserPool.launch({ concurrency: 2 });
const tiles: Buffer[] = new Array(FAMILY_NAMES.length);
let k = 0;
await Promise.all(
  [0, 1].map(async () => {
    while (k < FAMILY_NAMES.length) {
      const i = k++;
      const f = FAMILY_NAMES[i]!;
      const def = idx.get(f)!;
      const locale = def.locales[i % def.locales.length]!;
      const sc = sampleScenario({ families: [f], locales: [locale], themes: [i % 3 === 2 ? 'dark' : 'light'] }, seed, 0);
      const cap = await captureAndHitTest(pool, { html: sc.html }, { viewport: sc.viewport, dpr: sc.dpr, mobile: sc.mobile, touch: sc.touch, colorScheme: sc.theme, locale: sc.locale });
      if (process.env.SHOTS) {
        mkdirSync(process.env.SHOTS, { recursive: true });
        await sharp(cap.png).resize({ width: Math.min(1600, cap.width) }).png().toFile(`${process.env.SHOTS}/${f}.png`);
      }
      const thumb = await sharp(cap.png).resize(TW, TH, { fit: 'contain', background: '#20232a' }).png().toBuffer();
      const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
      const label = Buffer.from(
        `<svg width="${TW}" height="${LABEL}" xmlns="http://www.w3.org/2000/svg"><rect width="100%" height="100%" fill="#20232a"/>` +
          `<text x="6" y="14" font-size="13" font-family="DejaVu Sans" fill="#fff">${esc(f)}</text>` +
          `<text x="6" y="29" font-size="11" font-family="DejaVu Sans" fill="#aab">${esc(`${sc.locale} ${sc.theme} ${sc.viewport.width}x${sc.viewport.height}@${sc.dpr} ${sc.state} · ${cap.targets.length} targets`)}</text></svg>`,
      );
      tiles[i] = await sharp({ create: { width: TW, height: TH + LABEL, channels: 3, background: '#20232a' } })
        .composite([{ input: thumb, top: 0, left: 0 }, { input: label, top: TH, left: 0 }])
        .png()
        .toBuffer();
      process.stdout.write(`${f} `);
    }
  }),
);
await pool.close();
const rows = Math.ceil(tiles.length / COLS);
mkdirSync(dirname(out), { recursive: true });
await sharp({ create: { width: COLS * (TW + 6) + 6, height: rows * (TH + LABEL + 6) + 6, channels: 3, background: '#111' } })
  .composite(tiles.map((t, i) => ({ input: t, left: 6 + (i % COLS) * (TW + 6), top: 6 + Math.floor(i / COLS) * (TH + LABEL + 6) })))
  .png({ compressionLevel: 9 })
  .toFile(out);
process.stdout.write(`\n${tiles.length} families -> ${out}\n`);
