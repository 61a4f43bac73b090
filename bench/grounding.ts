/**
 * Grounding throughput on the same generated pages, side by side in one run:
 * (a) the full pipeline (`groundingSample`: render, settle, one in-page probe, screenshot, painted check,
 *     queries, schema-valid record) against a bare loop that only renders and screenshots the same pages;
 * (b) the same against a naive Playwright approach that renders, screenshots and then asks each
 *     candidate's bounding box and visibility one element at a time (two round trips per element).
 * Batches alternate (pipeline, bare, naive) so machine noise hits all three alike.
 */
import { execFileSync } from 'node:child_process';
import { BrowserPool } from '../renderers/browser.js';
import { GROUNDING_FAMILIES, groundingSample, sampleScenario, type GroundingConfig } from '../generators/grounding/index.js';

export interface GroundingBench {
  pages: number;
  pipeline_per_s: number;
  bare_per_s: number;
  naive_per_s: number;
  ratio: number;
  speedup: number;
  probe_ms_per_page: number;
  naive_ms_per_page: number;
  candidates_per_page: number;
  browser_peak_rss: number;
}

const CANDIDATES = 'a,button,input,select,textarea,label,summary,img,h1,h2,h3,h4,[role],[tabindex],[onclick],[aria-label]';

/** Resident set size of every Chromium process, bytes (Linux /proc). */
function chromiumRss(): number {
  try {
    const out = execFileSync('ps', ['-C', 'chromium', '-o', 'rss='], { encoding: 'utf8' });
    return out.split('\n').filter(Boolean).reduce((a, l) => a + Number(l.trim()) * 1024, 0);
  } catch {
    return 0;
  }
}

/** Bench over `n` generated pages (families round-robin, both locales and themes). */
export async function benchGrounding(n = 50, seed = 21): Promise<GroundingBench> {
  const cfg: GroundingConfig = { families: [...GROUNDING_FAMILIES], locales: ['en-US', 'zh-CN'], themes: ['light', 'dark'] };
  const pool = await BrowserPool.launch({ concurrency: 1 });
  let peakBrowser = 0;
  const batch = 10;
  let tPipe = 0;
  let tBare = 0;
  let tNaive = 0;
  let tNaiveQueries = 0;
  let cands = 0;
  try {
    for (let start = 0; start < n; start += batch) {
      const idx = Array.from({ length: Math.min(batch, n - start) }, (_, k) => start + k);
      let t = performance.now();
      for (const i of idx) await groundingSample(pool, cfg, seed, i);
      tPipe += performance.now() - t;
      peakBrowser = Math.max(peakBrowser, chromiumRss());
      t = performance.now();
      for (const i of idx) {
        const s = sampleScenario(cfg, seed, i);
        const opts = { viewport: s.viewport, dpr: s.dpr, mobile: s.mobile, touch: s.touch, colorScheme: s.theme, locale: s.locale };
        await pool.withPage(opts, { html: s.html }, async (h) => {
          await h.page.screenshot({ type: 'png' });
        });
      }
      tBare += performance.now() - t;
      t = performance.now();
      for (const i of idx) {
        const s = sampleScenario(cfg, seed, i);
        const opts = { viewport: s.viewport, dpr: s.dpr, mobile: s.mobile, touch: s.touch, colorScheme: s.theme, locale: s.locale };
        await pool.withPage(opts, { html: s.html }, async (h) => {
          await h.page.evaluate(() => document.fonts.ready.then(() => undefined));
          await h.page.screenshot({ type: 'png' });
          const tq = performance.now();
          const loc = h.page.locator(CANDIDATES);
          const k = await loc.count();
          cands += k;
          for (let j = 0; j < k; j++) {
            const el = loc.nth(j);
            await el.boundingBox();
            await el.isVisible();
          }
          tNaiveQueries += performance.now() - tq;
        });
      }
      tNaive += performance.now() - t;
    }
  } finally {
    await pool.close();
  }
  const rate = (ms: number): number => n / (ms / 1000);
  return {
    pages: n,
    pipeline_per_s: rate(tPipe),
    bare_per_s: rate(tBare),
    naive_per_s: rate(tNaive),
    ratio: rate(tPipe) / rate(tBare),
    speedup: rate(tPipe) / rate(tNaive),
    probe_ms_per_page: tPipe / n,
    naive_ms_per_page: tNaive / n,
    candidates_per_page: cands / n,
    browser_peak_rss: peakBrowser,
  };
}
