/**
 * Grounding throughput on the same generated pages, side by side in one run (issue 3, item 5).
 *
 * Six loops over the same N pages, in alternating batches of 5 pages so that machine noise hits them alike, in
 * the same Chromium: in each batch the five timed loops (pipeline, capture, bare, bare-ahead, bare-reuse) in
 * an order rotated by one from the batch before, the pipeline and capture loops trading places every other
 * batch (so that no loop always runs first, after the naive loop's closing contexts, or always right after
 * the same loop, whose pages it would find warm: with N a multiple of 50 each order is balanced), then naive. The pipeline and
 * capture loops render as the CLI does, in kept tabs (renderers/browser.ts `WithPageOptions.reuse`: a tab
 * of an earlier page, reset, its device emulation set per page), one group of tabs for both (as many idle
 * tabs as the CLI keeps: concurrency + preload); bare-reuse keeps its own group (uninstrumented tabs, which
 * would evict the pipeline's from a shared group; closed after each of its batches, so its first page of a
 * batch opens a new tab). The bare, bare-ahead and naive loops open a fresh browser
 * context per page (the plain Playwright way); bare-reuse is the bare loop with the pipeline's reuse:
 *
 * - **pipeline**: `groundingSample` — the whole generator: render, settle, one in-page probe (nine-point
 *   grid, clipping, text lines, names), content quads when needed, the saved screenshot, the
 *   differential painted check (extra captures), acceptance, queries, a schema-valid record; run as
 *   `uisynth grounding --concurrency 1` runs it: one page measured at a time, and one sample more in
 *   flight (the run loop's lookahead, `GROUNDING_LOOKAHEAD`), which samples its scenario and, after its
 *   page, does its Node-side part (queries, record) while the next page is rendered. Its page (asked for
 *   a kept tab) is not loaded ahead: it waits for the measuring slot (renderers/browser.ts
 *   `LaunchOptions.preload`: only fresh contexts load ahead);
 * - **capture**: `captureAndHitTest` alone: the pipeline without queries and record (the hit test);
 * - **bare**: render the same page and take a screenshot the plain way (`page.screenshot`, PNG, viewport) —
 *   nothing else (no instrumentation, no settle), one page at a time;
 * - **bare-ahead**: the bare loop given the pipeline's overlap: two pages in flight, the second loading
 *   while the first is screenshotted (the same pool, the same preload slot). The pipeline's ratio to
 *   this loop is the like-for-like figure: the ratio to the bare loop credits the pipeline with the
 *   overlap the bare loop is denied;
 * - **bare-reuse**: the bare loop (one page at a time) in kept tabs (its own group, the same limits and
 *   resets as the pipeline's); the pipeline's ratio to it credits neither side with the reuse;
 * - **naive**: render, the bare loop's screenshot, then ask Playwright for each element's bounding box and
 *   visibility one element at a time (`locator.boundingBox()`, `locator.isVisible()`), for every
 *   candidate the hit test examined on that page (accepted and rejected), by the selectors the capture
 *   loop recorded (selectors crossing a shadow root or frame are skipped and counted). The naive loop
 *   learns far less (no occlusion, clipping chain, painted pixels, text lines or names).
 *
 * Reported: (a) pipeline / bare throughput ratio, and pipeline / bare-ahead (the same overlap); (b) naive / pipeline time, per whole page, for the
 * annotation stage (time above the bare loop: what each approach adds to render + screenshot), and
 * for the hit test alone (capture loop above bare vs naive above bare); peak RSS of this benchmark's Chromium process tree and of node. A separate profiling
 * pass (not part of the ratios) splits the pipeline's capture into its stages.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { BrowserPool, type PageOptions } from '../renderers/browser.js';
import { captureAndHitTest } from '../hittest/capture.js';
import { GROUNDING_FAMILIES, GROUNDING_LOOKAHEAD, GroundingWorkers, groundingSample, sampleScenario, type GroundingConfig } from '../generators/grounding/index.js';

export interface GroundingBench {
  pages: number;
  pipeline_ms: number;
  /** `captureAndHitTest` alone (render, hit test, painted check, screenshot; no queries, no record). */
  capture_ms: number;
  bare_ms: number;
  /** The bare loop with the pipeline's overlap (one page loading ahead while one is screenshotted). */
  bare_ahead_ms: number;
  /** The bare loop in kept tabs, like the pipeline's (one page at a time). */
  bare_reuse_ms: number;
  naive_ms: number;
  /** pipeline pages/s ÷ bare pages/s (the bare loop one page at a time; the pipeline with a page loading ahead). */
  ratio: number;
  /** pipeline pages/s ÷ bare-ahead pages/s: both with the same overlap. */
  ratio_same_overlap: number;
  /** pipeline pages/s ÷ bare-reuse pages/s: both in kept tabs. */
  ratio_reuse: number;
  /** Pages each loop that may reuse tabs loaded in a kept tab (`reused`) or a fresh context (`fresh`). */
  tabs: Record<'pipeline' | 'capture' | 'bare_reuse', { fresh: number; reused: number }>;
  /** bare ÷ pipeline time of the untimed warm-up batch (5 pages outside the timed ones, run before them). */
  warmup_ratio: number;
  /** bare ÷ pipeline time of each batch of 5 pages, in run order, and their median (robust to a load burst hitting one loop). */
  batch_ratios: number[];
  median_batch_ratio: number;
  /** bare-ahead ÷ pipeline time of each batch of 5 pages, and their median. */
  batch_ratios_same_overlap: number[];
  median_batch_ratio_same_overlap: number;
  /** naive ms/page ÷ pipeline ms/page. */
  speedup_page: number;
  /** (naive − bare) ÷ (pipeline − bare): the annotation stage alone. */
  speedup_stage: number;
  /** (naive − bare) ÷ (capture − bare): the hit test alone (both without queries and records). */
  speedup_hittest: number;
  candidates_per_page: number;
  naive_queried_per_page: number;
  naive_skipped: number;
  targets_per_page: number;
  /**
   * CPU time per page of each loop (ms): this process (`process.cpuUsage()`: every thread of node, worker
   * threads included) and this benchmark's Chromium process tree (user + system time of the live processes
   * plus what they reaped, /proc/PID/stat). Much less moved by the machine's load than wall-clock time.
   */
  cpu: Record<'pipeline' | 'capture' | 'bare' | 'bare_ahead' | 'bare_reuse', { node: number; chromium: number }>;
  /** bare ÷ pipeline total CPU time (node + Chromium) per page. */
  cpu_ratio: number;
  /** bare-ahead ÷ pipeline total CPU time per page. */
  cpu_ratio_same_overlap: number;
  /** bare-reuse ÷ pipeline total CPU time per page. */
  cpu_ratio_reuse: number;
  /** Mean ms per capture stage over the profiling pass, and extra captures per page. */
  profile: Record<string, number>;
  browser_peak_rss: number;
}

const MARK = `--uisynth-bench=${process.pid}`;

/** Samples the grounding run loop starts and pages its pool loads ahead of the pool's concurrency (as cli/main.ts does). */
const LOOKAHEAD = GROUNDING_LOOKAHEAD;

/**
 * `pool` whose `withPage` puts the tabs of callers that allow reuse in the tab group `group`
 * (renderers/browser.ts `WithPageOptions.reuse`), so that side-by-side loops lend each other no tabs.
 */
function tabGroup(pool: BrowserPool, group: string): BrowserPool {
  return new Proxy(pool, {
    get(target, key) {
      if (key === 'withPage') {
        const withPage: BrowserPool['withPage'] = (opts, source, fn, wopts = {}) => target.withPage(opts, source, fn, { ...wopts, reuse: wopts.reuse ? group : false });
        return withPage;
      }
      const v = Reflect.get(target, key) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

/** Median of a non-empty list. */
function median(xs: number[]): number {
  const a = [...xs].sort((x, y) => x - y);
  const m = a.length >> 1;
  return a.length % 2 ? a[m]! : (a[m - 1]! + a[m]!) / 2;
}

/** Run `fn` on every index of `idx`, at most `n` at once, started in order (like dataset/write.ts's workers). */
async function inFlight(idx: number[], n: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < idx.length) await fn(idx[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(n, idx.length) }, worker));
}

/**
 * The Chromium process started with {@link MARK} and all its descendants (Linux /proc): per pid, the fields of
 * /proc/PID/stat after the command name (from `state`, field 3 of proc(5)). Empty off Linux or before launch.
 */
function browserTree(): Map<number, string[]> {
  const tree = new Map<number, string[]>();
  try {
    const stats = new Map<number, string[]>();
    let root = -1;
    for (const p of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      try {
        const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
        stats.set(Number(p), stat.slice(stat.lastIndexOf(')') + 2).split(' '));
        if (root < 0 && readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(MARK)) root = Number(p);
      } catch {
        /* process gone */
      }
    }
    if (root < 0) return tree;
    for (const [pid, f] of stats) {
      // up the parent chain (ppid is field 4) to the root, at most 64 generations
      for (let x: number | undefined = pid, g = 0; x !== undefined && x > 1 && g < 64; g++, x = Number(stats.get(x)?.[1]) || undefined) {
        if (x === root) {
          tree.set(pid, f);
          break;
        }
      }
    }
  } catch {
    /* no /proc */
  }
  return tree;
}

/** RSS (bytes) of the Chromium process tree ({@link browserTree}). */
function browserTreeRss(): number {
  let rss = 0;
  for (const pid of browserTree().keys()) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) rss += Number(m[1]) * 1024;
    } catch {
      /* process gone */
    }
  }
  return rss;
}

/** Clock ticks per second of /proc/PID/stat times (USER_HZ: 100 on every Linux architecture Node runs on). */
const USER_HZ = 100;

/** CPU time (ms) of the Chromium process tree ({@link browserTree}): utime + stime + cutime + cstime (fields 14-17). */
function browserTreeCpu(): number {
  let ticks = 0;
  for (const f of browserTree().values()) ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
  return (ticks * 1000) / USER_HZ;
}

/** Node's CPU time (ms, all threads) and the Chromium tree's, now. */
function cpuNow(): { node: number; chromium: number } {
  const u = process.cpuUsage();
  return { node: (u.user + u.system) / 1000, chromium: browserTreeCpu() };
}

/**
 * Bench over `n` generated pages (families round-robin, en-US and zh-CN, light and dark).
 * @param n pages (default 50)
 * @param seed generator seed (default 21)
 */
export async function benchGrounding(n = 50, seed = 21): Promise<GroundingBench> {
  const cfg: GroundingConfig = { families: [...GROUNDING_FAMILIES], locales: ['en-US', 'zh-CN'], themes: ['light', 'dark'] };
  // as the CLI does: the worker thread loads its modules while Chromium starts (generators/grounding/tasks.ts)
  const workers = new GroundingWorkers();
  workers.start();
  const pool = await BrowserPool.launch({ concurrency: 1, preload: LOOKAHEAD, extraArgs: [MARK] });
  // one task each before timing, so the worker's lazy tables (scenario files, phrase tables) are loaded like the main thread's
  await workers.run('scenario', [cfg, seed, 0]);
  let peak = 0;
  const sample = (): void => {
    peak = Math.max(peak, browserTreeRss());
  };
  const timer = setInterval(sample, 250);
  const batch = 5;
  let tPipe = 0;
  /** Per batch: [pipeline ms, bare ms, bare-ahead ms, bare-reuse ms] (the batch ratios show how much the machine's load moved the sum). */
  const perBatch: Array<[number, number, number, number]> = [];
  let tCap = 0;
  let tBare = 0;
  let tBareAhead = 0;
  let tBareReuse = 0;
  const tabs = { pipeline: { fresh: 0, reused: 0 }, capture: { fresh: 0, reused: 0 }, bare_reuse: { fresh: 0, reused: 0 } };
  /** Add the kept-tab counts since `from` to loop `k`. */
  const addTabs = (k: keyof typeof tabs, from: { fresh: number; reused: number }): void => {
    tabs[k].fresh += pool.tabStats.fresh - from.fresh;
    tabs[k].reused += pool.tabStats.reused - from.reused;
  };
  const tabsNow = (): { fresh: number; reused: number } => ({ fresh: pool.tabStats.fresh, reused: pool.tabStats.reused });
  const pipePool = tabGroup(pool, 'pipeline');
  // the capture loop shares the pipeline's tabs: both instrumented, so one group holds the idle tabs the CLI would
  const capPool = pipePool;
  let tNaive = 0;
  let cands = 0;
  let targets = 0;
  let queried = 0;
  let skipped = 0;
  const selectors = new Map<number, string[]>();
  const cpu = { pipeline: { node: 0, chromium: 0 }, capture: { node: 0, chromium: 0 }, bare: { node: 0, chromium: 0 }, bare_ahead: { node: 0, chromium: 0 }, bare_reuse: { node: 0, chromium: 0 } };
  const addCpu = (k: keyof typeof cpu, from: { node: number; chromium: number }): void => {
    const now = cpuNow();
    cpu[k].node += now.node - from.node;
    cpu[k].chromium += now.chromium - from.chromium;
  };
  const pageOpts = (i: number): { html: string; opts: PageOptions } => {
    const s = sampleScenario(cfg, seed, i);
    return { html: s.html, opts: { viewport: s.viewport, dpr: s.dpr, mobile: s.mobile, touch: s.touch, colorScheme: s.theme, locale: s.locale } };
  };
  /** The bare loops' page: render page `i` uninstrumented (in a kept tab of group `reuse`), a plain PNG screenshot. */
  const bareShot = async (i: number, reuse: string | false): Promise<void> => {
    const { html, opts } = pageOpts(i);
    await pool.withPage(opts, { html }, (h) => h.page.screenshot({ type: 'png' }), { instrument: false, reuse });
  };
  /** Wall ms of the untimed warm-up batch: [pipeline, bare]. */
  let warmup: [number, number] = [0, 0];
  try {
    // A warm-up batch first, untimed: pages n .. n+4 (not among the timed ones) through every loop but the naive
    // one, so that no loop pays for its first calls (the JIT, the worker's and the page's first runs of their
    // code, the first kept tab) inside the timed batches: a long run is in that steady state for all but its
    // first pages. Its ratio is printed on its own (bench/run.ts).
    for (let start = -batch; start < n; start += batch) {
      const warm = start < 0;
      const idx = warm ? Array.from({ length: batch }, (_, k) => n + k) : Array.from({ length: Math.min(batch, n - start) }, (_, k) => start + k);
      /** Time one loop of this batch: wall ms; CPU and kept-tab counts added to `k`'s (not in the warm-up batch). */
      const timed = async (k: keyof typeof cpu, body: () => Promise<void>): Promise<number> => {
        const c0 = cpuNow();
        const k0 = tabsNow();
        const t = performance.now();
        await body();
        const ms = performance.now() - t;
        if (!warm) {
          addCpu(k, c0);
          if (k === 'pipeline' || k === 'capture' || k === 'bare_reuse') addTabs(k, k0);
        }
        sample();
        return ms;
      };
      const wall = { pipeline: 0, capture: 0, bare: 0, bare_ahead: 0, bare_reuse: 0 };
      const loops: Record<keyof typeof wall, () => Promise<void>> = {
        // as `uisynth grounding --concurrency 1` runs it (dataset/write.ts `lookahead`, cli/main.ts): one
        // page measured at a time (the pool's concurrency), one sample more in flight doing its Node-side part
        pipeline: () =>
          inFlight(idx, 1 + LOOKAHEAD, async (i) => {
            const s = await groundingSample(pipePool, cfg, seed, i, undefined, workers);
            targets += s.record.targets.length;
            cands += s.record.hittest.candidates;
          }),
        capture: async () => {
          for (const i of idx) {
            const { html, opts } = pageOpts(i);
            const r = await captureAndHitTest(capPool, { html }, opts);
            // the naive loop asks about every candidate the hit test examined (accepted and rejected)
            selectors.set(i, [...r.targets.map((x) => x.dom.selector), ...r.rejectedTargets.map((x) => x.selector)]);
          }
        },
        bare: () => inFlight(idx, 1, (i) => bareShot(i, false)),
        // the bare loop with the pipeline's overlap: the next page loads while one is screenshotted
        bare_ahead: () => inFlight(idx, 1 + LOOKAHEAD, (i) => bareShot(i, false)),
        // the bare loop in kept tabs (its own group), one page at a time; its idle tab would sit beside the
        // other loops' pages until its next batch: closed after the batch (bench memory; untimed)
        bare_reuse: () => inFlight(idx, 1, (i) => bareShot(i, 'bare-reuse')),
      };
      // the five timed loops in an order that rotates from batch to batch, so that none always runs first
      // (after the naive loop's closing contexts) or right after the same loop (warm caches for the same pages)
      const names = Object.keys(loops) as Array<keyof typeof wall>;
      const b = Math.max(0, start / batch);
      const order = names.map((_, j) => names[(b + j) % names.length]!);
      // and the pipeline and capture loops (one group of kept tabs, the same pages) trade places every other
      // batch, so that each finds the tabs warm from the other's pages as often as the other does
      if (b % 2) {
        const [p, c] = [order.indexOf('pipeline'), order.indexOf('capture')];
        [order[p], order[c]] = [order[c]!, order[p]!];
      }
      for (const name of order) {
        wall[name] = await timed(name, loops[name]);
        if (name === 'bare_reuse') await pool.closeIdleTabs('bare-reuse');
      }
      if (warm) {
        warmup = [wall.pipeline, wall.bare];
        continue;
      }
      tPipe += wall.pipeline;
      tCap += wall.capture;
      tBare += wall.bare;
      tBareAhead += wall.bare_ahead;
      tBareReuse += wall.bare_reuse;
      perBatch.push([wall.pipeline, wall.bare, wall.bare_ahead, wall.bare_reuse]);
      // the naive loop last: it queries the selectors the capture loop recorded for these pages
      const t = performance.now();
      for (const i of idx) {
        const { html, opts } = pageOpts(i);
        const sels = selectors.get(i) ?? [];
        await pool.withPage(
          opts,
          { html },
          async (h) => {
            await h.page.screenshot({ type: 'png' });
            for (const sel of sels) {
              if (sel.includes(' >>> ')) {
                skipped++;
                continue;
              }
              const loc = h.page.locator(sel);
              await loc.boundingBox();
              await loc.isVisible();
              queried++;
            }
          },
          { instrument: false },
        );
      }
      tNaive += performance.now() - t;
      sample();
    }
  } finally {
    clearInterval(timer);
  }
  // profiling pass (not part of the ratios): the pipeline's capture stages
  const prof: Record<string, number> = {};
  const profN = Math.min(10, n);
  try {
    for (let i = 0; i < profN; i++) {
      const { html, opts } = pageOpts(i);
      const r = await captureAndHitTest(capPool, { html }, opts);
      const tm = r.timings;
      const stages: Record<string, number> = {
        'load (context or kept tab, instrument, navigate)': tm.load,
        'settle (incl. page clock)': tm.settle,
        'probe': tm.probe,
        'saved screenshot': tm.screenshot,
        'screenshot + probe (wall)': tm.concurrent,
        'content quads': tm.quads,
        'painted diff (captures, decode, diff) + stability': tm.painted,
        'node (judge, target records, close)': tm.total - tm.load - tm.settle - tm.concurrent - tm.quads - tm.painted,
        'saved-screenshot captures per page': r.screenshotCaptures,
        'extra captures per page': r.paintedCaptures,
      };
      for (const [k, v] of Object.entries(stages)) prof[k] = (prof[k] ?? 0) + v / profN;
    }
  } finally {
    await pool.close();
    await workers.close();
  }
  const per = (ms: number): number => ms / n;
  const pipe = per(tPipe);
  const cap = per(tCap);
  const bare = per(tBare);
  const bareAhead = per(tBareAhead);
  const bareReuse = per(tBareReuse);
  const naive = per(tNaive);
  const cpuSum = (k: keyof typeof cpu): number => cpu[k].node + cpu[k].chromium;
  return {
    pages: n,
    pipeline_ms: pipe,
    capture_ms: cap,
    bare_ms: bare,
    bare_ahead_ms: bareAhead,
    bare_reuse_ms: bareReuse,
    naive_ms: naive,
    ratio: bare / pipe,
    ratio_same_overlap: bareAhead / pipe,
    ratio_reuse: bareReuse / pipe,
    tabs,
    warmup_ratio: warmup[1] / warmup[0],
    batch_ratios: perBatch.map(([p, b]) => b / p),
    median_batch_ratio: median(perBatch.map(([p, b]) => b / p)),
    batch_ratios_same_overlap: perBatch.map(([p, , a]) => a / p),
    median_batch_ratio_same_overlap: median(perBatch.map(([p, , a]) => a / p)),
    speedup_page: naive / pipe,
    speedup_stage: (naive - bare) / Math.max(1e-9, pipe - bare),
    speedup_hittest: (naive - bare) / Math.max(1e-9, cap - bare),
    candidates_per_page: cands / n,
    naive_queried_per_page: queried / n,
    naive_skipped: skipped,
    targets_per_page: targets / n,
    cpu: {
      pipeline: { node: per(cpu.pipeline.node), chromium: per(cpu.pipeline.chromium) },
      capture: { node: per(cpu.capture.node), chromium: per(cpu.capture.chromium) },
      bare: { node: per(cpu.bare.node), chromium: per(cpu.bare.chromium) },
      bare_ahead: { node: per(cpu.bare_ahead.node), chromium: per(cpu.bare_ahead.chromium) },
      bare_reuse: { node: per(cpu.bare_reuse.node), chromium: per(cpu.bare_reuse.chromium) },
    },
    cpu_ratio: cpuSum('bare') / Math.max(1e-9, cpuSum('pipeline')),
    cpu_ratio_same_overlap: cpuSum('bare_ahead') / Math.max(1e-9, cpuSum('pipeline')),
    cpu_ratio_reuse: cpuSum('bare_reuse') / Math.max(1e-9, cpuSum('pipeline')),
    profile: prof,
    browser_peak_rss: peak,
  };
}
