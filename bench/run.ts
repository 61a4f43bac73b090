/**
 * `npm run bench`: throughput ratios measured side by side in one run, plus peak RSS.
 * Targets (issues 3 and 6): grounding pipeline / bare render >= 0.90 (issue 16); batched hit test vs naive
 * per-element Playwright >= 5x; CAPTCHA pipeline / bare rasterise+composite+encode >= 0.6.
 * regress vs generate on the same records < 2x (issue 13).
 * Usage: npm run bench [-- --only captcha|grounding|regress|rss|concurrency] [--pages N] [--regress-records N]
 *   [--rss-counts 500,5000] [--rss-pages 50,500] [--rss-compare] [--concurrency-values 1,2,4]
 * (`rss`: peak RSS of the CLI against run length, bench/rss.ts, only with --only: it takes minutes to an hour;
 * `concurrency`: `--concurrency N` scaling against the core count, bench/concurrency.ts, also in the full run)
 */
import { loadavg } from 'node:os';
import { benchCaptcha } from './captcha.js';

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const pagesArg = args.includes('--pages') ? Number(args[args.indexOf('--pages') + 1]) : 50;
let peak = process.memoryUsage().rss;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const mb = (b: number): string => `${(b / 2 ** 20).toFixed(0)} MiB`;

if (!only || only === 'captcha') {
  const c = await benchCaptcha();
  console.log(
    `captcha:   ${c.samples} mixed samples | pipeline ${c.pipeline_per_s.toFixed(1)}/s | bare rasterise+composite+encode ${c.bare_per_s.toFixed(1)}/s | ratio ${c.ratio.toFixed(2)} (target >= 0.60)`,
  );
}
if (!only || only === 'grounding') {
  try {
    const { benchGrounding } = await import('./grounding.js');
    const g = await benchGrounding(pagesArg);
    console.log(
      `grounding: ${g.pages} pages | pipeline ${(1000 / g.pipeline_ms).toFixed(2)} pages/s | bare render+screenshot ${(1000 / g.bare_ms).toFixed(2)} pages/s | ratio ${g.ratio.toFixed(2)} (target >= 0.90; ` +
        `the pipeline renders in kept tabs and does the next sample's Node-side part meanwhile, the bare loop opens a fresh context per page)`,
    );
    console.log(
      `           same overlap: bare loop with a page loading ahead too ${(1000 / g.bare_ahead_ms).toFixed(2)} pages/s | ratio ${g.ratio_same_overlap.toFixed(2)} | ` +
        `per batch ${g.batch_ratios_same_overlap.map((r) => r.toFixed(2)).join(' ')} | median ${g.median_batch_ratio_same_overlap.toFixed(2)}`,
    );
    const tabsOf = (k: keyof typeof g.tabs): string => `${k} ${g.tabs[k].reused} of ${g.tabs[k].reused + g.tabs[k].fresh}`;
    console.log(
      `           kept tabs (bare-reuse: the bare loop in kept tabs, one page at a time) ${(1000 / g.bare_reuse_ms).toFixed(2)} pages/s | ratio ${g.ratio_reuse.toFixed(2)} | ` +
        `CPU ratio ${g.cpu_ratio_reuse.toFixed(2)} | pages in a kept tab: ${tabsOf('pipeline')}, ${tabsOf('capture')}, ${tabsOf('bare_reuse')} (the others in a fresh context; bare, bare-ahead, naive: all fresh)`,
    );
    const cpuOf = (k: keyof typeof g.cpu): string => `${k} node ${g.cpu[k].node.toFixed(0)} + Chromium ${g.cpu[k].chromium.toFixed(0)} ms`;
    console.log(
      `           CPU time per page: ${cpuOf('pipeline')}, ${cpuOf('bare')}, ${cpuOf('bare_ahead')}, ${cpuOf('bare_reuse')}, ${cpuOf('capture')} | CPU ratio bare/pipeline ${g.cpu_ratio.toFixed(2)}, ` +
        `bare_ahead/pipeline ${g.cpu_ratio_same_overlap.toFixed(2)} | load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    );
    console.log(`           ratio per batch of 5 pages ${g.batch_ratios.map((r) => r.toFixed(2)).join(' ')} | median ${g.median_batch_ratio.toFixed(2)} | untimed warm-up batch before them ${g.warmup_ratio.toFixed(2)}`);
    console.log(
      `hit test:  ${g.candidates_per_page.toFixed(0)} candidates, ${g.targets_per_page.toFixed(0)} targets/page | pipeline ${g.pipeline_ms.toFixed(0)} ms/page, naive per-element Playwright ` +
        `(bbox + visibility of the ${g.naive_queried_per_page.toFixed(0)} candidates/page) ${g.naive_ms.toFixed(0)} ms/page, bare ${g.bare_ms.toFixed(0)} ms/page | ` +
        `speed-up per page ${g.speedup_page.toFixed(1)}x, annotation stage (time above bare) ${g.speedup_stage.toFixed(1)}x, ` +
        `hit test alone (capture ${g.capture_ms.toFixed(0)} ms/page above bare) ${g.speedup_hittest.toFixed(1)}x (target >= 5x)`,
    );
    console.log(
      `profile:   ${Object.entries(g.profile)
        .map(([k, v]) => `${k} ${k.endsWith('per page') ? v.toFixed(1) : v.toFixed(0) + ' ms'}`)
        .join(' | ')}`,
    );
    console.log(`peak RSS (this benchmark's Chromium process tree): ${mb(g.browser_peak_rss)}`);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') console.log('grounding: bench not available yet');
    else throw e;
  }
}
if (only === 'rss') {
  // run lengths: --rss-counts a,b (CAPTCHA records, default 500,5000; 50,000 take about an hour on 2 cores)
  // and --rss-pages a,b (grounding pages, default none: 50 pages take 1 to 4 minutes); --rss-compare also runs
  // each length as `node bin/uisynth.js` (no launcher), side by side (bench/rss.ts)
  const { benchRss, formatRss } = await import('./rss.js');
  const list = (flag: string, dflt: string): number[] => (args.includes(flag) ? args[args.indexOf(flag) + 1]! : dflt).split(',').filter(Boolean).map(Number);
  const counts = list('--rss-counts', '500,5000'); // --rss-counts '' skips CAPTCHA
  const pages = list('--rss-pages', '');
  const modes = args.includes('--rss-compare') ? (['launcher', 'node'] as const) : (['launcher'] as const);
  if (counts.length) console.log(formatRss(await benchRss('captcha', counts, [...modes])));
  if (pages.length) console.log(formatRss(await benchRss('grounding', pages, [...modes])));
}
if (!only || only === 'concurrency') {
  // --concurrency N scaling against the core count (fresh CLI process per value; about 2 minutes on 2 cores)
  const { benchConcurrency, formatConcurrency } = await import('./concurrency.js');
  const list = (flag: string, dflt: string): number[] => (args.includes(flag) ? args[args.indexOf(flag) + 1]! : dflt).split(',').map(Number);
  const values = list('--concurrency-values', '1,2,4');
  console.log(formatConcurrency(benchConcurrency('grounding', list('--concurrency-pages', '20')[0]!, values)));
  console.log(formatConcurrency(benchConcurrency('captcha', list('--concurrency-records', '200')[0]!, values)));
}
if (!only || only === 'regress') {
  const { benchRegress } = await import('./regress.js');
  const n = args.includes('--regress-records') ? Number(args[args.indexOf('--regress-records') + 1]) : 200;
  for (const kind of ['captcha', 'grounding'] as const) {
    const r = await benchRegress(kind, n);
    console.log(`regress:   ${kind} ${r.records} records | generate ${r.generate_s.toFixed(1)} s | regress ${r.regress_s.toFixed(1)} s | ratio ${r.ratio.toFixed(2)} (target < 2) | verdict ${r.verdict}`);
    for (const d of r.drifted) console.log(`           drift (not reproducible): ${d}`);
  }
}
clearInterval(timer);
console.log(`peak RSS (node process): ${mb(peak)}`);
