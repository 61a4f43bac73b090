/**
 * Issue 15 item 8 (same command, same bytes): generated pages draw their lucide icons with the
 * geometry already in CSS px (generators/grounding/templating.ts `prescaleIcon`), because Chromium's
 * software raster of a stroked curve under a viewBox scale is not repeatable: a 14 px magnifying glass
 * (viewBox 24) at DPR 3 came out with one of two anti-aliasings from one raster of its tile to the next.
 *
 * The page holds the icon twice, as lucide ships it (viewBox scale 14/24) and as iconSvg() writes it,
 * in the same tile row as a small box whose opacity is toggled: every toggle makes Chromium raster the
 * row again, and each raster is captured. The written icon must give the same pixels every time; the
 * shipped one is only counted (how often it flips depends on machine load). Then the look: every icon
 * the screens use, drawn both ways at 14 and 20 CSS px, DPR 3, differs only by anti-aliasing.
 */
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshotPng, type PageOptions } from '../renderers/browser.js';
import { usePool } from './browser-pool.js';
import { settlePage } from '../hittest/capture.js';
import { decodeImage } from '../hittest/painted.js';
import { iconExists, iconSvg, REPO_ROOT } from '../generators/grounding/templating.js';

const OPTS: PageOptions = { viewport: { width: 430, height: 932 }, dpr: 3, mobile: true, touch: true, colorScheme: 'light', locale: 'en-US' };
const shipped = (name: string, size: number): string =>
  readFileSync(join(REPO_ROOT, 'node_modules', 'lucide-static', 'icons', `${name}.svg`), 'utf8')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s+width="24"/, ` width="${size}"`)
    .replace(/\s+height="24"/, ` height="${size}"`);

const pool = usePool();

describe('icon raster is repeatable', () => {
  it('the icon as iconSvg() writes it gives the same pixels in every re-raster of its tile', async () => {
    const html =
      '<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1"><style>' +
      'body{margin:0;background:#fff;color:#8e8e93}#tog{position:absolute;left:336px;top:22px;width:15px;height:15px;background:#888}' +
      '.s{position:absolute;top:172.333px}</style></head><body><div id="tog"></div>' +
      `<div class="s" style="left:38px">${shipped('search', 14)}</div><div class="s" style="left:200px">${iconSvg('search', 14)}</div></body></html>`;
    const seen = { shipped: new Set<string>(), written: new Set<string>() };
    const RASTERS = 24;
    await pool().withPage(OPTS, { html }, async (h) => {
      await h.cdp();
      await settlePage(h.page);
      const shot = async (x: number): Promise<string> =>
        createHash('sha256').update(await screenshotPng(h, 3, { clip: { x: x - 8, y: 164, width: 30, height: 30 } })).digest('hex');
      for (let k = 0; k < RASTERS; k++) {
        seen.shipped.add(await shot(38));
        seen.written.add(await shot(200));
        await h.page.evaluate(`(() => { const t = document.getElementById('tog'); t.style.opacity = t.style.opacity ? '' : '0.99'; })()`);
      }
    });
    console.log(`[icon-raster] ${RASTERS} rasters: lucide's viewBox-scaled icon gave ${seen.shipped.size} different pixel sets, iconSvg()'s gave ${seen.written.size}`);
    expect(seen.written.size).toBe(1);
  });

  it('every icon the screens use looks the same after the rewrite (same pixels within anti-aliasing)', async () => {
    const names = [...new Set([...readFileSync(join(REPO_ROOT, 'generators/grounding/icon-names.ts'), 'utf8').matchAll(/^\s+'?([a-z0-9-]+)'?: \[/gm)].map((m) => m[1]!))].filter(iconExists);
    expect(names.length).toBeGreaterThan(80);
    const sizes = [14, 20];
    const COLS = 20;
    const cell = (svg: string, i: number): string => `<div style="position:absolute;left:${(i % COLS) * 21}px;top:${Math.floor(i / COLS) * 21 + 0.333}px">${svg}</div>`;
    const items = names.flatMap((n) => sizes.map((s) => ({ n, s })));
    const grid = (x: number, f: (n: string, s: number) => string): string =>
      `<div style="position:absolute;left:${x}px;top:0">${items.map((it, i) => cell(f(it.n, it.s), i)).join('')}</div>`;
    const rows = Math.ceil(items.length / COLS);
    const html =
      `<!doctype html><html><head><style>body{margin:0;background:#fff;color:#333}</style></head><body>` +
      grid(0, shipped) + grid(COLS * 21 + 10, (n, s) => iconSvg(n, s)) + '</body></html>';
    const W = COLS * 21;
    const H = rows * 21 + 1;
    const png = await pool().withPage({ ...OPTS, viewport: { width: 2 * W + 10, height: H }, mobile: false, touch: false }, { html }, async (h) => {
      await h.cdp();
      await settlePage(h.page);
      return screenshotPng(h, 3);
    });
    const img = await decodeImage(png);
    // per icon: its ink (darkness summed over its cell) and the largest per-pixel difference
    const dark = (x: number, y: number): number => 255 - img.data[(y * img.width + x) * img.channels]!;
    const dx = (W + 10) * 3;
    let worst = { ink: 0, px: 0, at: '' };
    items.forEach((it, i) => {
      const x0 = (i % COLS) * 63;
      const y0 = Math.floor(i / COLS) * 63;
      let a = 0;
      let b = 0;
      let m = 0;
      for (let y = y0; y < y0 + 63; y++) {
        for (let x = x0; x < x0 + 63; x++) {
          a += dark(x, y);
          b += dark(x + dx, y);
          m = Math.max(m, Math.abs(dark(x, y) - dark(x + dx, y)));
        }
      }
      const ink = Math.abs(a - b) / Math.max(1, a);
      if (ink > worst.ink || m > worst.px) worst = { ink: Math.max(ink, worst.ink), px: Math.max(m, worst.px), at: `${it.n} ${it.s}px` };
      expect(a, `${it.n} ${it.s}px draws something`).toBeGreaterThan(0);
      expect(ink, `${it.n} ${it.s}px: ink differs by ${(ink * 100).toFixed(2)}%`).toBeLessThan(0.02);
      expect(m, `${it.n} ${it.s}px: a pixel changes by ${m} of 255 (more than anti-aliasing)`).toBeLessThan(128);
    });
    console.log(`[icon-raster] ${items.length} icons drawn both ways: largest ink difference ${(worst.ink * 100).toFixed(2)}%, largest pixel difference ${worst.px}/255 (last at ${worst.at})`);
  });
});
