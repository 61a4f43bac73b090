/**
 * Chromium pool and page serving for the grounding pipeline (docs/architecture.md, `renderers/`).
 *
 * One headless Chromium (found by `renderers/find-chromium.mjs`) is shared; every page gets a **fresh
 * browser context** (viewport, device scale factor, mobile/touch emulation, colour scheme, locale) so
 * no state leaks between samples. Pages are served from the fake origin `http://uisynth.local/`:
 *
 * | URL                                   | served from                                              |
 * |---------------------------------------|----------------------------------------------------------|
 * | `/page/index.html`, `/page/<key>`     | in-memory HTML / resources given by the caller           |
 * | `/assets/@fontsource/<path>`          | `<repo>/node_modules/@fontsource/<path>`                 |
 * | `/assets/lucide-static/<path>`        | `<repo>/node_modules/lucide-static/<path>`               |
 * | `/assets/templates/<path>`            | `<repo>/templates/<path>`                                |
 * | `/user/<path>`                        | the directory of a user's `--pages` HTML file            |
 *
 * Every other request (other hosts, other paths, paths escaping their root, WebSockets) is aborted
 * (a rendered page may fetch nothing but the project's own assets: no network); as a second fence the
 * browser resolves no host names at all (`--host-resolver-rules=MAP * ~NOTFOUND`).
 */
import { readFile, stat } from 'node:fs/promises';
import { dirname, basename, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, errors, type Browser, type BrowserContext, type CDPSession, type Page, type Request, type Route } from 'playwright-core';
import { EnvironmentError, SampleError } from '../core/errors.js';
import { AssetCache } from './asset-cache.js';
import { ACTIVATION_LISTENER_HOOK } from './listener-hook.js';
import { effectiveRefresh, holdMetaRefresh, type MetaRefresh } from './meta-refresh.js';

/**
 * Open-file limit (`ulimit -n`, inherited by Chromium) below which {@link BrowserPool.launch} refuses to start.
 * Chromium's browser process held 136-143 descriptors during a 4-page grounding run (counted in
 * /proc/PID/fd); at a limit of 128 it stalled mid-run without a word, at 256 the run completed.
 */
export const CHROMIUM_MIN_FDS = 256;

/** The origin every page is served from. */
export const ORIGIN = 'http://uisynth.local';

/** Repository root (this file lives in `<root>/renderers/`). */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** `/assets/<prefix>/...` -> directory on disk (whitelist; nothing else under node_modules is served). */
const ASSET_ROOTS: Record<string, string> = {
  '@fontsource': join(ROOT, 'node_modules', '@fontsource'),
  'lucide-static': join(ROOT, 'node_modules', 'lucide-static'),
  templates: join(ROOT, 'templates'),
};

/**
 * Bytes of project assets (fonts, icons, stylesheets) {@link BrowserPool} keeps in memory, least recently used
 * evicted first. A run that meets many scripts asks for ever more CJK font subsets (@fontsource/noto-sans-jp
 * and -sc hold about 75 MB each), so an unevicted cache grew with the run length; a miss is one read from the
 * OS page cache.
 */
export const ASSET_CACHE_BYTES = 16 * 1024 * 1024;

/** Launch flags (no network but our own origin; reproducible raster). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--font-render-hinting=none',
  // Partial raster re-rasterises only the invalidated part of a tile, translated to that part's
  // origin; Skia's fixed-point scan conversion then anti-aliases vector paths (SVG icon strokes)
  // a level or two differently than a full-tile raster, and which of the two a tile gets depends on
  // how the invalidations (fonts swapping in, the freeze style) race the raster under machine load.
  // Measured (24 generated samples x 3 renders): 1 of 24 screenshots differed between renders
  // without this switch, 0 of 24 with it. Not the whole story: under machine load (load average
  // 22-28 on 2 cores) 1-3 of 24 DPR-3 mobile screenshots still differed in 7-62 pixels (channel
  // delta <= 7) between two identical runs; --pages at DPR 1 stayed byte-identical (issue 15, item 8).
  '--disable-partial-raster',
  '--host-resolver-rules=MAP * ~NOTFOUND',
];

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.xhtml': 'application/xhtml+xml; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.txt': 'text/plain; charset=utf-8',
};

/** Page emulation options. Sizes in CSS px. */
export interface PageOptions {
  /** Layout viewport in CSS px. */
  viewport: { width: number; height: number };
  /** Device scale factor: image px per CSS px (may be fractional, e.g. 2.625). */
  dpr: number;
  /** Mobile emulation (meta viewport honoured, overlay scrollbars). */
  mobile: boolean;
  /** Touch events enabled. */
  touch: boolean;
  colorScheme: 'light' | 'dark';
  /** BCP-47 locale (navigator.language, Accept-Language). */
  locale: string;
}

/**
 * What to load: generated HTML (served at `http://uisynth.local/page/index.html`, with optional extra
 * in-memory resources at `/page/<key>`), or a user's HTML file (served at `/user/<basename>`, its
 * directory readable under `/user/` for relative CSS and images).
 */
export type PageSource =
  | { html: string; resources?: Record<string, string | Buffer> }
  | { file: string };

/** A page opened by {@link BrowserPool.withPage}. */
export interface PageHandle {
  page: Page;
  context: BrowserContext;
  /** URL the page was loaded from. */
  url: string;
  /** Requests that were aborted (blocked or not found), in order. */
  blocked: string[];
  /**
   * Uncaught exceptions of the page's scripts so far (main frame and same-process frames), the first line of
   * each message, in the order Chromium reported them (the list keeps growing while the page is open).
   */
  pageErrors: string[];
  /**
   * A Chrome DevTools Protocol session for the page (created on first use, closed with the context).
   * It carries the same device-metrics override as Playwright's own session (emulation state is per
   * CDP session in Chromium: without it, `Page.captureScreenshot` here would not know the device scale
   * factor and a clip with `scale: dpr` re-rasterises at an emulated scale, measured 14-976 pixels
   * different from the real raster at dpr 2 and 2.625).
   */
  cdp(): Promise<CDPSession>;
}

/**
 * Key (`Symbol.for`) of the per-window array in which {@link CLOSED_SHADOW_ROOT_HOOK} keeps every
 * closed shadow root the page creates with `attachShadow({mode: 'closed'})`.
 */
export const CLOSED_ROOTS_KEY = 'uisynth.closedShadowRoots';

/**
 * Init script added to every context (runs in every frame before the page's own scripts): wraps
 * `Element.prototype.attachShadow` so that closed shadow roots stay reachable for the hit test and the
 * oracles (a closed shadow root hides its controls from `querySelectorAll`). The page still sees `el.shadowRoot === null`
 * for closed roots; nothing else changes. Declarative closed roots (`<template shadowrootmode=closed>`)
 * do not go through `attachShadow`; hittest/capture.ts registers those through CDP.
 */
export const CLOSED_SHADOW_ROOT_HOOK = `(() => {
  const K = Symbol.for(${JSON.stringify(CLOSED_ROOTS_KEY)});
  if (window[K]) return;
  // real-time functions for uisynth's own in-page code (the page's are faked by the paused clock)
  const keep = (k, v) => Object.defineProperty(window, Symbol.for(k), { value: v, configurable: true });
  keep('uisynth.raf', window.requestAnimationFrame.bind(window));
  keep('uisynth.setTimeout', window.setTimeout.bind(window));
  keep('uisynth.now', performance.now.bind(performance));
  const roots = [];
  Object.defineProperty(window, K, { value: roots, enumerable: false, configurable: false, writable: false });
  const orig = Element.prototype.attachShadow;
  if (typeof orig !== 'function') return;
  Object.defineProperty(Element.prototype, 'attachShadow', {
    configurable: true, enumerable: false, writable: true,
    value: function attachShadow(init) {
      const r = orig.call(this, init);
      if (init && init.mode === 'closed') roots.push(r);
      return r;
    },
  });
})();`;

/**
 * Page time: every context runs Playwright's fake clock, installed and paused at this instant before the
 * page loads (`Date`, `performance`, timers, `requestAnimationFrame` are fake). The page's timers run
 * only when hittest/capture.ts advances the clock by {@link CLOCK_RUN_MS} after `load`, so JS-driven
 * state (tickers, clocks, delayed banners, rAF loops) is the same in every render; then time stops.
 * Time zone is UTC (every sample is a pure function of its inputs).
 */
export const CLOCK_EPOCH = Date.UTC(2025, 0, 15, 9, 30, 0);
/** Fake milliseconds the page's timers and rAF callbacks run after `load` (see {@link CLOCK_EPOCH}). */
export const CLOCK_RUN_MS = 1500;

/**
 * Init script added after the fake clock: the page's `requestAnimationFrame` becomes a 16 ms timer of
 * that clock. (Playwright aligns fake frames to multiples of 16 ms of clock ticks, and the tick count
 * when the clock is paused depends on real milliseconds elapsed while installing it; a relative 16 ms
 * timer makes the page's frames the same in every render.)
 */
export const FAKE_RAF_SCRIPT = `(() => {
  if (!window.Date || !window.Date.isFake) return;
  const st = window.setTimeout, ct = window.clearTimeout, perf = () => window.performance.now();
  window.requestAnimationFrame = (cb) => st(() => cb(perf()), 16);
  window.cancelAnimationFrame = (id) => ct(id);
})();`;

/** Options of {@link screenshotPng}. */
export interface ShotOptions {
  /** Region in CSS px of the top-level viewport; default: the whole viewport. */
  clip?: { x: number; y: number; width: number; height: number };
  /**
   * Scroll offset of the visual viewport in the document, CSS px (`visualViewport.pageLeft/pageTop`);
   * CDP clips are in document coordinates. Default: asked from the page (`Page.getLayoutMetrics`).
   */
  origin?: { x: number; y: number };
  /** Output pixels per CSS px; default: the device scale factor (image px). 1 gives a CSS-resolution image. */
  scale?: number;
  /** Faster, larger PNG encoding (for internal measurement captures that are decoded at once). */
  fast?: boolean;
}

/**
 * Viewport (or `clip` region) screenshot as PNG, never a full-page capture (pitfalls #36, #38): one CDP
 * `Page.captureScreenshot` from the page's own session ({@link PageHandle.cdp}, which carries the
 * device-metrics override), so at device scale it is the compositor's raster, pixel-identical to
 * Playwright's `page.screenshot({ scale: 'device' })` (the test oracles re-take that and compare).
 * @param dpr device scale factor of the page (image px per CSS px), used when `opts.scale` is not given
 * @throws when the page or browser has gone away
 */
export async function screenshotPng(h: PageHandle, dpr: number, opts: ShotOptions = {}): Promise<Buffer> {
  const cdp = await h.cdp();
  const vp = h.page.viewportSize();
  const clip = { ...(opts.clip ?? { x: 0, y: 0, width: vp?.width ?? 0, height: vp?.height ?? 0 }) };
  let origin = opts.origin;
  if (!origin) {
    const m = (await cdp.send('Page.getLayoutMetrics')) as { cssVisualViewport: { pageX: number; pageY: number } };
    origin = { x: m.cssVisualViewport.pageX, y: m.cssVisualViewport.pageY };
  }
  clip.x += origin.x;
  clip.y += origin.y;
  // with the device-metrics override (see PageHandle.cdp) the output has clip × clip.scale × dpr pixels
  const scale = (opts.scale ?? dpr) / dpr;
  const params: Record<string, unknown> = {
    format: 'png',
    captureBeyondViewport: false,
    fromSurface: true,
  };
  params.clip = { ...clip, scale };
  if (opts.fast) params.optimizeForSpeed = true;
  const r = (await cdp.send('Page.captureScreenshot', params)) as { data: string };
  return Buffer.from(r.data, 'base64');
}

export interface LaunchOptions {
  /** Maximum number of pages measured (their `withPage` `fn` running) at the same time (default 2); {@link preload} more may be open, loading ahead. */
  concurrency?: number;
  /** Explicit Chromium executable; default: `findChromium()` (env var, Playwright install, PATH). */
  executablePath?: string;
  /** Navigation / action timeout per page in ms (default 30000; the CLI's `--page-timeout`). */
  timeoutMs?: number;
  /** More Chromium switches (e.g. a marker such as `--uisynth-bench=<pid>` to find the process tree). */
  extraArgs?: string[];
  /**
   * Pages that may be loaded ahead, beyond `concurrency` (default 0). With `preload: 1` a caller
   * queued behind the `concurrency` open pages already creates its context and loads its page (to the
   * `load` event; nothing is settled, measured or captured) while they are measured, so its load
   * overlaps their captures; its `fn` still waits for one of the `concurrency` slots, after the `fn`s of
   * every caller that came before it (even when its page finished loading first). Outputs do not
   * change: the page's clock stays paused until `fn` runs it (see {@link CLOCK_EPOCH}), and every
   * step of `fn` (settle, captures) runs as before, holding its slot. The grounding CLI uses 1, like its
   * run loop's lookahead (dataset/write.ts `lookahead`).
   */
  preload?: number;
  /**
   * Called each time the pool has started a new Chromium because the old one exited (crashed or killed);
   * the CLI prints one line. The pages that browser was rendering failed (`capture_failed`).
   */
  onRelaunch?: () => void;
}

/** Options of {@link BrowserPool.withPage}. */
export interface WithPageOptions {
  /**
   * Install uisynth's page instrumentation before the page loads: the closed-shadow-root hook, the
   * activation-listener registry (renderers/listener-hook.ts) and the paused fake clock ({@link CLOCK_EPOCH}). Default true; `false` gives a plain page (benchmarks'
   * bare render loop).
   */
  instrument?: boolean;
}

interface FindChromiumModule {
  findChromium(): { path: string; source: string } | null;
  INSTALL_HINT: string;
}

/** A page loaded by `BrowserPool.load`, not yet measured. */
interface LoadedPage {
  context: BrowserContext;
  page: Page;
  /** URL the page was loaded from. */
  url: string;
  /** Requests aborted so far (the list keeps growing while the page is open). */
  blocked: string[];
  pageErrors: string[];
  /**
   * The `navigated` reject when a second main-frame document was requested (or, with `loaded`, the frame
   * shows another URL than `url`), else undefined.
   */
  navigatedAway(loaded: boolean): SampleError | undefined;
}

/** Is `req` a request of a page's main frame (not of an iframe or a worker)? */
function isMainFrame(req: Request): boolean {
  try {
    return req.frame().parentFrame() === null;
  } catch {
    return false; // service-worker requests have no frame
  }
}

/**
 * Can the frame showing `shown` still hold the document loaded from `loaded`, with no document request made
 * since? Equal up to the `#fragment`, or another http(s) URL of the same origin: such a change that requested
 * no document (every http(s) document request passes the pool's route and is counted there) is the page's
 * own `history.pushState` / `replaceState`, a same-document change. Any other scheme (`about:blank`,
 * `data:`, `blob:`) is another document. Undefined when one does not parse.
 */
function sameDocumentUrl(shown: string, loaded: string): boolean | undefined {
  try {
    const [x, y] = [new URL(shown), new URL(loaded)];
    x.hash = y.hash = '';
    return x.href === y.href || (x.origin === y.origin && (x.protocol === 'http:' || x.protocol === 'https:'));
  } catch {
    return undefined;
  }
}

/** A place in a {@link Semaphore}'s queue, taken by {@link Semaphore.enqueue}. */
interface QueuePlace {
  /** Resolves when the slot is this place's (never rejects). */
  turn: Promise<void>;
  /** Give the slot back once it was granted, or leave the queue before it was; idempotent. */
  leave(): void;
}

/** Counting semaphore (FIFO). */
class Semaphore {
  private waiting: Array<() => void> = [];
  private free: number;
  constructor(n: number) {
    this.free = n;
  }
  async acquire(): Promise<void> {
    await this.enqueue().turn;
  }
  /**
   * Take a place in the queue now and wait for it later: the slots go to the places in the order they were
   * taken, whatever their holders do meanwhile.
   */
  enqueue(): QueuePlace {
    let granted = false;
    let left = false;
    let grant!: () => void;
    const turn = new Promise<void>((r) => {
      grant = () => {
        granted = true;
        r();
      };
    });
    if (this.free > 0) {
      this.free--;
      grant();
    } else this.waiting.push(grant);
    return {
      turn,
      leave: () => {
        if (left) return;
        left = true;
        if (granted) this.release();
        else this.waiting.splice(this.waiting.indexOf(grant), 1);
      },
    };
  }
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

/** Resolve `rel` under `root`; null when it escapes `root` (path traversal) or is empty. */
export function safeJoin(root: string, rel: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rel);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const p = resolve(root, '.' + sep + decoded);
  if (p === root || !p.startsWith(root.endsWith(sep) ? root : root + sep)) return null;
  return p;
}

/**
 * A shared headless Chromium. Create with {@link BrowserPool.launch}; always {@link BrowserPool.close}.
 * If the browser crashes it is relaunched for the next page.
 */
export class BrowserPool {
  /** `Chromium <major.minor.build.patch>` of the running browser. */
  readonly version: string;
  /** Executable in use. */
  readonly executablePath: string;
  private browser: Browser;
  private relaunching: Promise<Browser> | null = null;
  private onRelaunch: (() => void) | undefined;
  /** Open pages whose `fn` runs ({@link LaunchOptions.concurrency}). */
  private readonly sem: Semaphore;
  /** Contexts alive at once, loading or measuring: `concurrency` + {@link LaunchOptions.preload}. */
  private readonly loadSem: Semaphore;
  private readonly timeoutMs: number;
  private readonly cache = new AssetCache(ASSET_CACHE_BYTES);
  private readonly extraArgs: string[];
  private closed = false;

  /** @internal Use {@link BrowserPool.launch}. (Public only so that `InstanceType<typeof BrowserPool>` works.) */
  constructor(browser: Browser, executablePath: string, concurrency: number, timeoutMs: number, extraArgs: string[] = [], preload = 0) {
    this.browser = browser;
    this.extraArgs = extraArgs;
    this.executablePath = executablePath;
    this.version = `Chromium ${browser.version()}`;
    this.sem = new Semaphore(concurrency);
    this.loadSem = new Semaphore(concurrency + preload);
    this.timeoutMs = timeoutMs;
  }

  /**
   * Find and launch Chromium.
   * @throws EnvironmentError with the install hint when no Chromium is found or it fails to start, and naming
   *   the limit when the open-file limit is below {@link CHROMIUM_MIN_FDS}.
   */
  static async launch(opts: LaunchOptions = {}): Promise<BrowserPool> {
    let path = opts.executablePath;
    if (!path) {
      const fc = (await import('./find-chromium.mjs' as string)) as FindChromiumModule;
      let found: { path: string } | null;
      try {
        found = fc.findChromium();
      } catch (e) {
        throw new EnvironmentError((e as Error).message);
      }
      if (!found) throw new EnvironmentError(fc.INSTALL_HINT);
      path = found.path;
    }
    const { softFdLimit } = (await import('./fd-limit.mjs' as string)) as { softFdLimit(): number | null };
    const limit = softFdLimit();
    if (limit !== null && limit < CHROMIUM_MIN_FDS) {
      throw new EnvironmentError(
        `too many open files (EMFILE): the open-file limit (ulimit -n) is ${limit}, below the ${CHROMIUM_MIN_FDS} Chromium needs to render pages: raise the limit (ulimit -n 1024) and rerun`,
      );
    }
    const extra = opts.extraArgs ?? [];
    const browser = await BrowserPool.start(path, extra);
    const pool = new BrowserPool(browser, path, Math.max(1, Math.floor(opts.concurrency ?? 2)), opts.timeoutMs ?? 30000, extra, Math.max(0, Math.floor(opts.preload ?? 0)));
    pool.onRelaunch = opts.onRelaunch;
    return pool;
  }

  private static async start(executablePath: string, extraArgs: string[] = []): Promise<Browser> {
    try {
      // signals are the caller's (bin/uisynth.js stops the process at once): Playwright's own handlers would
      // first close the browser, and the samples in flight would then fail as if their pages had crashed
      return await chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs], timeout: 60000, handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false });
    } catch (e) {
      throw new EnvironmentError(`Chromium at ${executablePath} failed to start: ${(e as Error).message.split('\n')[0]}`);
    }
  }

  private async liveBrowser(): Promise<Browser> {
    if (this.closed) throw new Error('BrowserPool is closed');
    if (this.browser.isConnected()) return this.browser;
    if (!this.relaunching) {
      this.relaunching = BrowserPool.start(this.executablePath, this.extraArgs).then(
        (b) => {
          this.browser = b;
          this.relaunching = null;
          this.onRelaunch?.();
          return b;
        },
        (e: unknown) => {
          // a failed start is not kept: the next page tries again
          this.relaunching = null;
          throw e;
        },
      );
    }
    return this.relaunching;
  }

  /**
   * Open `source` in a fresh context with `opts` (time zone UTC; unless `wopts.instrument` is false,
   * the closed-shadow-root hook, the activation-listener registry and the paused fake clock are
   * installed first), wait for the `load`
   * event, run `fn`, then close the context (also when `fn` throws). At most `concurrency` calls run
   * their `fn` at once; at most `concurrency` + `preload` contexts exist at once (the others' pages
   * loaded, waiting for a slot: {@link LaunchOptions.preload}); callers queue (first come, first served):
   * the `fn`s start in call order, whichever page finishes loading first.
   * A page that waited ahead in a browser that died meanwhile is loaded again in the relaunched one.
   * @throws SampleError(reason `load_failed`) when navigation fails; reason `timeout` when the `load` event does
   *   not come within the pool's `timeoutMs` (the CLI's `--page-timeout`).
   * @throws SampleError(reason `navigated`) when the page's main frame starts loading another document
   *   (a script setting `location`, a meta refresh, a form submission) before `fn` has finished: what `fn`
   *   measured or captured may belong to the other document, which is not the page named by `source`.
   *   Same-document changes (`history.pushState`, `#fragment`) are not navigations. A user file's
   *   `<meta http-equiv="refresh">` tags are held (renderers/meta-refresh.ts): one in the main document
   *   whose delay is at most {@link CLOCK_RUN_MS} rejects the page as `navigated`, a later one never fires.
   */
  async withPage<T>(opts: PageOptions, source: PageSource, fn: (h: PageHandle) => Promise<T>, wopts: WithPageOptions = {}): Promise<T> {
    // The measuring slots go to the callers in call order, not in the order their pages finish loading: with
    // `preload`, two pages load at once, and the later one may finish first (a lighter page, or the scheduler
    // under load); measured first, it would overtake the caller that came before it. Taken before `loadSem`:
    // every context holder came earlier than every caller waiting for a context, so it is ahead in this
    // queue too, and the queues cannot wait on each other.
    const slot = this.sem.enqueue();
    await this.loadSem.acquire();
    let loaded: LoadedPage | undefined;
    try {
      loaded = await this.load(opts, source, wopts);
      // the page is loaded (its clock paused): its `fn` waits for its turn at one of the `concurrency` slots
      await slot.turn;
      if (!loaded.context.browser()?.isConnected()) {
        // the browser died while this page waited ahead: load it again in the relaunched browser (as a
        // page that had waited for its turn without loading ahead would be)
        await closeContext(loaded.context, this.timeoutMs);
        loaded = undefined;
        loaded = await this.load(opts, source, wopts);
      }
      const { page, context, url, blocked, pageErrors, navigatedAway } = loaded;
      const left = navigatedAway(true);
      if (left) throw left;
      let session: Promise<CDPSession> | null = null;
      const cdp = (): Promise<CDPSession> =>
        (session ??= context.newCDPSession(page).then(async (s) => {
          // the override Playwright sends for these context options (screen = viewport)
          await s.send('Emulation.setDeviceMetricsOverride', {
            mobile: opts.mobile,
            width: opts.viewport.width,
            height: opts.viewport.height,
            screenWidth: opts.viewport.width,
            screenHeight: opts.viewport.height,
            deviceScaleFactor: opts.dpr,
            screenOrientation: opts.mobile
              ? opts.viewport.width > opts.viewport.height
                ? { angle: 90, type: 'landscapePrimary' }
                : { angle: 0, type: 'portraitPrimary' }
              : { angle: 0, type: 'landscapePrimary' },
          });
          return s;
        }));
      let result: T;
      try {
        result = await fn({ page, context, url, blocked, pageErrors, cdp });
      } catch (e) {
        // e.g. "Execution context was destroyed" when the other document replaced this one mid-capture
        throw navigatedAway(true) ?? e;
      }
      const away = navigatedAway(true);
      if (away) throw away;
      return result;
    } finally {
      // the next page's `fn` may start while this context closes (closing captures nothing); a caller whose
      // load failed before its turn leaves the queue at once
      slot.leave();
      if (loaded) await closeContext(loaded.context, this.timeoutMs);
      this.loadSem.release();
    }
  }

  /**
   * The loading part of {@link withPage}: a fresh context with `opts` (and, unless `wopts.instrument` is
   * false, the instrumentation), routing, navigation to `source` until `load`. The context is closed
   * when this throws.
   * @throws SampleError `load_failed`, `timeout` or `navigated` (see {@link withPage})
   */
  private async load(opts: PageOptions, source: PageSource, wopts: WithPageOptions): Promise<LoadedPage> {
    let context: BrowserContext | undefined;
    const browser = await this.liveBrowser();
    // Every call below ends: Playwright leaves e.g. `newPage` unanswered for ever when Chromium is killed
    // while it opens the page (newcomer test: 5 of 7 kills at concurrency 2 hung the run).
    const guard = guardBrowser(browser, this.timeoutMs);
    const g = guard.race;
    // a context that arrives after this load gave up (the guard's timeout won the race) is closed when it comes
    let abandoned = false;
    try {
      const opening = browser.newContext({
        viewport: { width: opts.viewport.width, height: opts.viewport.height },
        deviceScaleFactor: opts.dpr,
        isMobile: opts.mobile,
        hasTouch: opts.touch,
        colorScheme: opts.colorScheme,
        locale: opts.locale,
        timezoneId: 'UTC',
        serviceWorkers: 'block',
        acceptDownloads: false,
      });
      opening.then((c) => (abandoned ? closeContext(c, this.timeoutMs) : undefined)).catch(() => undefined);
      context = await g(opening, 'opening a browser context');
      context.setDefaultTimeout(this.timeoutMs);
      context.setDefaultNavigationTimeout(this.timeoutMs);
      if (wopts.instrument !== false) {
        await g(context.addInitScript({ content: CLOSED_SHADOW_ROOT_HOOK }), 'instrumenting the page');
        await g(context.addInitScript({ content: ACTIVATION_LISTENER_HOOK }), 'instrumenting the page');
        await g(context.clock.install({ time: CLOCK_EPOCH }), 'installing the page clock');
        await g(context.clock.pauseAt(CLOCK_EPOCH), 'installing the page clock');
        await g(context.addInitScript({ content: FAKE_RAF_SCRIPT }), 'instrumenting the page');
      }
      const blocked: string[] = [];
      let url: string;
      let pages: Map<string, string | Buffer> = new Map();
      let userDir: string | null = null;
      if ('html' in source) {
        pages = new Map(Object.entries(source.resources ?? {}));
        pages.set('index.html', source.html);
        url = `${ORIGIN}/page/index.html`;
      } else {
        userDir = dirname(resolve(source.file));
        url = `${ORIGIN}/user/${encodeURIComponent(basename(source.file))}`;
      }
      // main-frame document requests: the first is ours, any later one is the page navigating away
      const documents: string[] = [];
      // a meta refresh of the main document that fires within the page time a capture lets pass
      let refreshAway: MetaRefresh | undefined;
      await g(context.route('**/*', (route) => {
        const req = route.request();
        const mainDocument = req.isNavigationRequest() && isMainFrame(req);
        if (mainDocument) documents.push(req.url());
        return this.serve(route, pages, userDir, blocked, (r) => {
          const runs = effectiveRefresh(r);
          if (mainDocument && documents.length === 1 && runs && runs.delaySeconds * 1000 <= CLOCK_RUN_MS) refreshAway = runs;
        });
      }), 'routing the page');
      await g(context.routeWebSocket(/.*/, (ws) => {
        blocked.push(ws.url());
        void ws.close({ code: 1008, reason: 'blocked' });
      }), 'routing the page');
      const page = await g(context.newPage(), 'opening the page');
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(`${e.name && !e.message.startsWith(e.name) ? `${e.name}: ` : ''}${e.message.split('\n')[0]}`));
      const navigatedAway = (loaded: boolean): SampleError | undefined => {
        const shown = page.mainFrame().url();
        const away = documents[1] ?? (loaded && sameDocumentUrl(shown, url) === false ? shown : undefined);
        if (away === undefined && refreshAway) {
          const r = refreshAway;
          return new SampleError(
            `page navigated away while loading (${url} -> ${r.url}): its meta refresh fires ${r.delaySeconds} s after load, within the ${CLOCK_RUN_MS / 1000} s of page time before capture; a page must stay on its own document to be labelled`,
            'navigated',
          );
        }
        return away === undefined ? undefined : new SampleError(`page navigated away while loading (${url} -> ${away}); a page must stay on its own document to be labelled`, 'navigated');
      };
      try {
        // bounded by the navigation timeout; the guard adds the browser's exit
        const resp = await guard.race(page.goto(url, { waitUntil: 'load' }), null);
        if (!resp || !resp.ok()) throw new Error(`HTTP ${resp?.status() ?? 'no response'}`);
      } catch (e) {
        if (e instanceof SampleError) throw e;
        const away = navigatedAway(false);
        if (away) throw away;
        if (e instanceof errors.TimeoutError) {
          const what = `page did not finish loading within ${this.timeoutMs / 1000} s (${url}): no load event`;
          // an endless script (the paused clock makes a wait for Date.now() one) never lets the page answer, and
          // a longer --page-timeout cannot help it; a page still working through a long script looks the same
          // for a while, so the line names both
          const ms = Math.min(5000, this.timeoutMs);
          if (!(await answers(page, ms)))
            throw new SampleError(
              `${what}, and its scripts did not yield for ${ms / 1000} s more: an endless loop never ends (page scripts run on a paused clock until load, so a loop waiting for Date.now() or performance.now() to advance is one); if the page is only slow, raise --page-timeout`,
              'timeout',
            );
          throw new SampleError(`${what}; raise --page-timeout on a loaded machine`, 'timeout');
        }
        throw new SampleError(`page load failed (${url}): ${(e as Error).message.split('\n')[0]}`, 'load_failed');
      }
      return { context, page, url, blocked, pageErrors, navigatedAway };
    } catch (e) {
      abandoned = true;
      if (context) await closeContext(context, this.timeoutMs);
      throw e;
    } finally {
      guard.dispose();
    }
  }

  private async serve(
    route: Route,
    pages: Map<string, string | Buffer>,
    userDir: string | null,
    blocked: string[],
    onRefresh: (refreshes: MetaRefresh[]) => void,
  ): Promise<void> {
    const req = route.request();
    const raw = req.url();
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      blocked.push(raw);
      return route.abort('blockedbyclient');
    }
    const deny = (): Promise<void> => {
      blocked.push(raw);
      return route.abort('blockedbyclient');
    };
    if (u.origin !== ORIGIN || (req.method() !== 'GET' && req.method() !== 'HEAD')) return deny();
    const p = u.pathname;
    if (p.startsWith('/page/')) {
      let key: string;
      try {
        key = decodeURIComponent(p.slice('/page/'.length));
      } catch {
        return deny();
      }
      const body = pages.get(key);
      if (body === undefined) return deny();
      return route.fulfill({ status: 200, body, contentType: mimeOf(key), headers: { 'cache-control': 'no-store' } });
    }
    let file: string | null = null;
    if (p.startsWith('/assets/')) {
      const rest = p.slice('/assets/'.length);
      const slash = rest.indexOf('/');
      const root = slash > 0 ? ASSET_ROOTS[rest.slice(0, slash)] : undefined;
      if (root) file = safeJoin(root, rest.slice(slash + 1));
    } else if (p.startsWith('/user/') && userDir) {
      file = safeJoin(userDir, p.slice('/user/'.length));
    }
    if (!file) return deny();
    let body = await this.readCached(file, userDir === null || !file.startsWith(userDir));
    if (!body) return deny();
    let contentType = mimeOf(file);
    if (userDir !== null && file.startsWith(userDir) && contentType.startsWith('text/html')) {
      // a user's document: its refresh tags are held; the main document's short ones reject the sample
      const held = holdMetaRefresh(body, raw);
      body = held.body;
      if (held.refreshes.length > 0) onRefresh(held.refreshes);
      // A document that declares its encoding in the first 1024 bytes (where the browser's prescan looks:
      // `<meta charset>` or a Content-Type pragma) is served without a charset, so that the declaration
      // counts (a windows-1252 or Shift_JIS page was decoded as UTF-8: garbled labels and screenshot);
      // one that declares nothing stays UTF-8.
      if (/<meta\s[^>]*charset\s*=/i.test(body.subarray(0, 1024).toString('latin1'))) contentType = 'text/html';
    }
    return route.fulfill({ status: 200, body, contentType });
  }

  /**
   * Read a file; project assets are kept in memory ({@link ASSET_CACHE_BYTES}, least recently used out first).
   * Null when missing.
   */
  private async readCached(file: string, cacheable: boolean): Promise<Buffer | null> {
    const hit = this.cache.get(file);
    if (hit) return hit;
    try {
      const st = await stat(file);
      if (!st.isFile()) return null;
      const buf = await readFile(file);
      if (cacheable) this.cache.set(file, buf);
      return buf;
    } catch {
      return null;
    }
  }

  /** Close the browser. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.relaunching?.catch(() => undefined);
    await this.browser.close().catch(() => undefined);
  }
}

/**
 * Bound the set-up calls of a page in `browser`: {@link race} settles `p`, or rejects with
 * `SampleError('capture_failed')` when Chromium exits first, or (with a step name) `SampleError('timeout')`
 * after `ms`. {@link dispose} removes the listener and the timers.
 */
export function guardBrowser(browser: Browser, ms: number): { race<T>(p: Promise<T>, what: string | null): Promise<T>; dispose(): void } {
  let onExit: (() => void) | undefined;
  const exited = new Promise<never>((_, reject) => {
    onExit = () => reject(new SampleError('Chromium exited while the page was opening (crashed or killed); the pool starts it again', 'capture_failed'));
    if (!browser.isConnected()) onExit();
    else browser.once('disconnected', onExit);
  });
  exited.catch(() => undefined);
  const timers = new Set<NodeJS.Timeout>();
  return {
    race<T>(p: Promise<T>, what: string | null): Promise<T> {
      const racers: Array<Promise<T>> = [p, exited];
      if (what !== null) {
        racers.push(
          new Promise<never>((_, reject) => {
            const t = setTimeout(() => reject(new SampleError(`${what} took longer than ${ms / 1000} s (raise --page-timeout on a loaded machine)`, 'timeout')), ms);
            timers.add(t);
            p.finally(() => {
              clearTimeout(t);
              timers.delete(t);
            }).catch(() => undefined);
          }),
        );
      }
      return Promise.race(racers);
    },
    dispose(): void {
      if (onExit) browser.off('disconnected', onExit);
      for (const t of timers) clearTimeout(t);
    },
  };
}

/**
 * Does `page`'s main frame run a trivial script within `ms`? False when its scripts never yield (an
 * endless loop) or the page is gone.
 */
async function answers(page: Page, ms: number): Promise<boolean> {
  let t: NodeJS.Timeout | undefined;
  const ok = await Promise.race([page.evaluate('1').then(() => true, () => false), new Promise<boolean>((r) => (t = setTimeout(() => r(false), ms)))]);
  clearTimeout(t);
  return ok;
}

/** Close `context`, giving up after `ms` (closing a context of a killed browser may never be answered). */
async function closeContext(context: BrowserContext, ms: number): Promise<void> {
  let t: NodeJS.Timeout | undefined;
  await Promise.race([context.close().catch(() => undefined), new Promise<void>((r) => (t = setTimeout(r, ms)))]);
  clearTimeout(t);
}

function mimeOf(p: string): string {
  return MIME[extname(p).toLowerCase()] ?? 'application/octet-stream';
}
