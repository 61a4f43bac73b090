/**
 * Chromium pool and page serving for the grounding pipeline (docs/architecture.md, `renderers/`).
 *
 * One headless Chromium (found by `renderers/find-chromium.mjs`) is shared; every page gets a **fresh
 * browser context** (viewport, device scale factor, mobile/touch emulation, colour scheme, locale) so
 * no state leaks between samples, or, for callers that allow it (`WithPageOptions.reuse`: the grounding
 * capture of generated pages), a **kept tab**: the one page of a context that showed an earlier page, given
 * back clean (no storage, cookies, window name, popups, navigation away or failure) and reset (`about:blank`,
 * navigation history cleared, the fake clock's log back to its fresh state; a page whose markup runs no script
 * stays until the next page replaces it: {@link pageCanAct}), whose device emulation
 * (viewport, device scale factor, mobile, touch, locale) the pool sets per page over its own CDP session as
 * Playwright sets its context options ({@link emulateDevice}), so one tab serves every device key. Pages come
 * out byte-identical either way (test/page-reuse.test.ts). Pages are served from the fake origin
 * `http://uisynth.local/`:
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
  /** Layout viewport in CSS px (the page's {@link PageOptions.viewport}). */
  viewport: { width: number; height: number };
  /**
   * A Chrome DevTools Protocol session for the page (created on first use, closed with the context; in a
   * kept tab, the tab's own session, which applies its device emulation).
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
  const vp = h.viewport;
  const clip = { ...(opts.clip ?? { x: 0, y: 0, width: vp.width, height: vp.height }) };
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
  /**
   * Bound in ms on each browser-side set-up call of a page that the page itself does not run: opening its
   * context and tab, routing, instrumenting, emulating the device, checking and resetting a kept tab
   * (default: the larger of {@link timeoutMs} and {@link SETUP_TIMEOUT_MIN_MS}). These calls only hang when
   * Chromium does; on a loaded machine opening a tab alone can take seconds, which a short `--page-timeout`
   * (meant for the page's load) must not turn into rejects.
   */
  setupTimeoutMs?: number;
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
   * run loop's lookahead (dataset/write.ts `lookahead`). Only fresh contexts load ahead: a page for a
   * kept tab ({@link WithPageOptions.reuse}) waits for its slot before it loads (nothing to gain there,
   * measured in {@link BrowserPool.withPage}).
   */
  preload?: number;
  /**
   * Called each time the pool has started a new Chromium because the old one exited (crashed or killed);
   * the CLI prints one line. The pages that browser was rendering failed (`capture_failed`).
   */
  onRelaunch?: () => void;
  /**
   * Let {@link WithPageOptions.reuse} callers render in kept tabs (default true). `false`: every call
   * gets a fresh context, whatever it asks (the way every page was rendered before tabs were kept).
   */
  reuseTabs?: boolean;
}

/** Options of {@link BrowserPool.withPage}. */
export interface WithPageOptions {
  /**
   * Install uisynth's page instrumentation before the page loads: the closed-shadow-root hook, the
   * activation-listener registry (renderers/listener-hook.ts) and the paused fake clock ({@link CLOCK_EPOCH}). Default true; `false` gives a plain page (benchmarks'
   * bare render loop).
   */
  instrument?: boolean;
  /**
   * May the page be rendered in a kept tab (default false)? Only generated pages (`{ html }` sources) are;
   * a user's file always gets a fresh context. The caller promises that `fn` leaves nothing in the page or
   * context that the pool cannot see: no page-level init scripts, routes, bindings, listeners, emulation or
   * viewport changes, clock calls other than `runFor`, no CDP session other than {@link PageHandle.cdp} and
   * no domain enabled on it. Then the pool may load the page in a tab kept from an earlier call with the
   * same instrumentation, whatever its device options (they are set per page: {@link emulateDevice}), and
   * keep the tab afterwards when it ends clean. A string is `true` within a named group of kept tabs: a page
   * reuses only tabs given back by pages of its group (loops measured side by side, like
   * bench/grounding.ts's, lend each other no tabs). `true` is the group `''`.
   */
  reuse?: boolean | string;
}

/**
 * Pages one kept tab renders before it is closed: each page adds two context init scripts (the fake
 * clock's log entry of its `runFor` and the pool's {@link CLOCK_LOG_RESET}), which every later document of
 * the context runs.
 */
export const REUSE_MAX_USES = 50;

/**
 * Least bound in ms on a browser-side set-up call of a page ({@link LaunchOptions.setupTimeoutMs}): 30 s, as
 * Playwright's own default action timeout. A run with `--page-timeout 1` on a machine at load 15 once saw
 * `newPage` alone take more than 1 s (CI, test/grounding-labels-cli.test.ts).
 */
export const SETUP_TIMEOUT_MIN_MS = 30_000;

/** Key (`Symbol.for`) of the window property where {@link CLOCK_LOG_RESET} leaves what it found. */
const CLOCK_RESET_MARK = 'uisynth.clockLogReset';

/**
 * Init script a kept tab adds after each page (it runs after the fake clock's log entries of the pages
 * before; `BrowserPool.resetTab`). Playwright's fake clock logs every operation on it as a context init
 * script (`install`, `pauseAt`, then one `runFor` per page rendered in the context: playwright-core
 * 1.65.1 lib/coreBundle.js, server/clock.ts `Clock.runFor`) and replays the log in each new document
 * (injected clock.ts `ClockController._replayLogOnce`); this drops all but `install` and `pauseAt` from
 * the log, so the next page's clock starts as in a fresh context: `Date.now()` = {@link CLOCK_EPOCH},
 * `performance.now()` the same few milliseconds as the context's first page. Playwright offers no public
 * way to do this (its own reset, `BrowserContext.resetForReuse`, uninstalls the clock and is reachable only
 * through the private `browser._newContextForReuse`, one context per browser), so this edits a private
 * field, `globalThis.__pwClock.controller._log`; it leaves `'ok'` or what it found instead under
 * {@link CLOCK_RESET_MARK}, and every kept load checks the result ({@link checkKeptClock}: a clear
 * EnvironmentError when the field is gone or the clock is not at the epoch).
 */
export const CLOCK_LOG_RESET = `(() => {
  const c = globalThis.__pwClock && globalThis.__pwClock.controller;
  const log = c && c._log;
  const mark = (v) => Object.defineProperty(window, Symbol.for(${JSON.stringify(CLOCK_RESET_MARK)}), { value: v, configurable: true });
  if (!c) return mark('no __pwClock.controller');
  if (!Array.isArray(log)) return mark('no __pwClock.controller._log array');
  if (!log.some((e) => e && e.type === 'install') || !log.some((e) => e && e.type === 'pauseAt')) return mark('no install and pauseAt entries in the log');
  for (let i = log.length - 1; i >= 0; i--) if (!log[i] || (log[i].type !== 'install' && log[i].type !== 'pauseAt')) log.splice(i, 1);
  mark('ok');
})();`;

/**
 * Check, in a page loaded in a kept tab (instrumented, after {@link CLOCK_LOG_RESET} was added), that its
 * clock starts as in a fresh context: the reset script found the log and `Date.now()` is {@link CLOCK_EPOCH}
 * (each replayed `runFor` of an earlier page would add {@link CLOCK_RUN_MS}).
 * @throws EnvironmentError naming playwright-core when not (its private clock log changed: every later
 *   page in a kept tab would start late, so the run stops instead of writing shifted samples)
 */
export async function checkKeptClock(page: Page): Promise<void> {
  const got = await page.evaluate((k: string) => {
    const mark = (window as unknown as Record<symbol, unknown>)[Symbol.for(k)] ?? 'the reset script did not run';
    try {
      return { mark, now: Date.now() };
    } catch (e) {
      return { mark, now: `Date.now() threw ${String(e)}` };
    }
  }, CLOCK_RESET_MARK);
  if (got.mark !== 'ok' || got.now !== CLOCK_EPOCH) {
    const at = typeof got.now === 'number' ? `Date.now() ${got.now - CLOCK_EPOCH} ms after the epoch, expected 0` : got.now;
    throw new EnvironmentError(
      `kept tab: the page clock could not be reset (${String(got.mark)}; ${at}): ` +
        `renderers/browser.ts CLOCK_LOG_RESET edits playwright-core's private fake-clock log (written for playwright-core 1.65.1); ` +
        `install playwright-core 1.65.1 (npm ci) or turn kept tabs off (LaunchOptions.reuseTabs = false)`,
    );
  }
}

/**
 * Markup through which a page can run script or leave its document on its own: `<script>` (HTML or SVG), an
 * event-handler attribute (`onload=`, `onresize=`, ...; after a space, a quote or a `/`, which the HTML parser
 * also takes as a separator), a `javascript:` URL, any `<meta http-equiv>` (a refresh hides behind character
 * references: `http-equiv="&#114;efresh"`), any frame (`<iframe>`, `<frame>`, `<fencedframe>`, `<portal>`,
 * `<object>`, `<embed>`: a frame's `src="&#106;avascript:..."` runs without a click and the frame can remove
 * itself). A `javascript:` URL elsewhere runs only on a click or a submit, which the pipeline never does.
 * Deliberately wide: a false match only costs the `about:blank` hop ({@link replaceable}).
 */
const PAGE_CAN_ACT = /<script|[\s/"']on[a-z]+\s*=|javascript:|http-equiv|<i?frame|<fencedframe|<portal|<object|<embed/i;

/** The one handler the generated pages write (`<form onsubmit="return false">`): it does nothing, whenever it runs. */
const INERT_HANDLER = /\sonsubmit="return false"/g;

/**
 * Can the page's markup run script ({@link PAGE_CAN_ACT}, ignoring {@link INERT_HANDLER})? A kept tab whose page
 * cannot is left showing it for the next page to replace ({@link replaceable}).
 */
export function pageCanAct(html: string): boolean {
  return PAGE_CAN_ACT.test(html.replace(INERT_HANDLER, ''));
}

/** What {@link leftovers} read in a kept tab. */
interface KeptTabState {
  /** What the next document of the origin could inherit (empty: nothing). */
  left: string[];
  /**
   * `history.length`, `navigation.entries().length` (-1 in a Chromium without the Navigation API) and the URL
   * shown; null when the tab shows another origin.
   */
  history: { length: number; entries: number; href: string } | null;
}

/**
 * Can the next page be loaded over the one a kept tab shows, without the `about:blank` hop? True when the page's
 * markup cannot run script (`scriptless`, {@link pageCanAct}) and the tab's history is a fresh tab's after one
 * page (two entries, one of them of this origin, the page's own `url` shown): the next page, served at the same
 * URL, then replaces the current entry (a same-URL navigation replaces; measured: history length 2, one
 * navigation entry, empty referrer, as after `about:blank`), and no code of the old page can run while the tab
 * waits or while the next page's device is applied to it.
 */
function replaceable(state: KeptTabState, url: string, scriptless: boolean): boolean {
  const h = state.history;
  return scriptless && h !== null && h.length === 2 && h.entries === 1 && h.href === url;
}

/**
 * Leftovers that a page can give the next document of its origin in the same tab, read through CDP (which
 * a page's own scripts cannot fake): a browsing-context name, local and session storage, IndexedDB
 * databases. Cookies are read from the context. A tab with any of them is closed, not reused. Read with the
 * window name (in an isolated world): the tab's history, for {@link replaceable}.
 * Not checked, because no page can leave them: HTTP cache entries (Playwright disables the cache while
 * requests are routed, and every request is), permissions (all denied in headless Chromium and unchanged by
 * `Notification.requestPermission`, `getCurrentPosition`, `storage.persist`, `getUserMedia`: measured),
 * CacheStorage, OPFS, service workers (the origin is plain http, not a secure context, and registration is
 * blocked); everything per document (timers, workers, scroll, history state, pinch zoom, fullscreen, user
 * activation) ends with the document when the tab goes to `about:blank` or to the next page.
 * @param empty after reading, empty the document (`document.open()`: no more nodes, style sheets or loads; its
 *   history entry and URL stay), so that applying the next page's device to the tab makes it request nothing (a
 *   background image under a width media query was requested, and recorded as the next page's blocked request)
 *   and lays out nothing. Only for a page without script: emptying runs a page's mutation observers.
 */
async function leftovers(s: CDPSession, page: Page, empty: boolean): Promise<KeptTabState> {
  const origin = new URL(page.mainFrame().url()).origin;
  if (origin !== ORIGIN) return { left: ['origin ' + origin], history: null };
  let history: KeptTabState['history'] = null;
  // the four reads are independent and sent at once (the window name is a chain of three calls): a kept tab is
  // reset while the next page waits for its turn (`withPage`), and in sequence they took ~20 ms of it per page
  const windowName = async (): Promise<string[]> => {
    const { frameTree } = (await s.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
    const { executionContextId } = (await s.send('Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: 'uisynth-reuse' })) as { executionContextId: number };
    const got = (await s.send('Runtime.evaluate', {
      expression:
        "(() => { const r = JSON.stringify([window.name, history.length, typeof navigation === 'object' ? navigation.entries().length : -1, location.href]);" +
        (empty ? ' document.open(); document.close();' : '') +
        ' return r; })()',
      contextId: executionContextId,
      returnByValue: true,
    })) as { result: { value?: unknown } };
    const [name, length, entries, href] = JSON.parse(String(got.result.value)) as [string, number, number, string];
    history = { length, entries, href };
    return name !== '' ? ['window.name'] : [];
  };
  const storage = async (isLocalStorage: boolean): Promise<string[]> => {
    const r = (await s.send('DOMStorage.getDOMStorageItems', { storageId: { securityOrigin: ORIGIN, isLocalStorage } })) as { entries: unknown[] };
    return r.entries.length ? [isLocalStorage ? 'localStorage' : 'sessionStorage'] : [];
  };
  const indexedDb = async (): Promise<string[]> => {
    const db = (await s.send('IndexedDB.requestDatabaseNames', { securityOrigin: ORIGIN })) as { databaseNames: string[] };
    return db.databaseNames.length ? ['indexedDB'] : [];
  };
  const left = (await Promise.all([windowName(), storage(true), storage(false), indexedDb()])).flat();
  return { left, history };
}

/** The device emulation a kept tab's session has applied ({@link emulateDevice}). */
type DeviceState = Pick<PageOptions, 'viewport' | 'dpr' | 'mobile' | 'touch' | 'locale'>;

/**
 * Apply `opts`' device emulation to a page over `s`, a CDP session of its own, exactly as Playwright applies
 * the context options `viewport`, `deviceScaleFactor`, `isMobile`, `hasTouch` and `locale` on its session of
 * a new page (transcribed from playwright-core 1.65.1 lib/coreBundle.js, server/chromium/crPage.ts:
 * `FrameSession._initialize`, `_updateViewport`, `_updateUserAgent`, `emulateLocale`): the device metrics
 * with the screen the size of the viewport and the orientation Playwright derives, the window bounds (the
 * viewport; headless has no insets), touch emulation, the Accept-Language header and `navigator.language(s)`
 * (`Emulation.setUserAgentOverride` with an empty user agent), the ICU default locale. Only what differs
 * from `prev` (what `s` applied for the page before) is sent; `prev` undefined sends everything. The tab's
 * context is created without those options (`viewport: null`, no locale), so Playwright's own session
 * never sends an override of its own (Chromium takes one locale override per page: "Another locale override
 * is already in effect"), and `page.setViewportSize` must never be called on such a page.
 * @param windowId the page's window (`Browser.getWindowForTarget`)
 */
export async function emulateDevice(s: CDPSession, windowId: number, opts: DeviceState, prev?: DeviceState): Promise<void> {
  const calls: Array<Promise<unknown>> = [];
  const { width, height } = opts.viewport;
  if (!prev || prev.viewport.width !== width || prev.viewport.height !== height || prev.dpr !== opts.dpr || prev.mobile !== opts.mobile) {
    // the screen is the viewport (Playwright's default `screen`); the orientation as _updateViewport gives it
    const isLandscape = width > height;
    calls.push(
      s.send('Browser.setWindowBounds', { windowId, bounds: { width, height } }),
      s.send('Emulation.setDeviceMetricsOverride', {
        mobile: opts.mobile,
        width,
        height,
        screenWidth: width,
        screenHeight: height,
        deviceScaleFactor: opts.dpr,
        screenOrientation: opts.mobile ? (isLandscape ? { angle: 90, type: 'landscapePrimary' } : { angle: 0, type: 'portraitPrimary' }) : { angle: 0, type: 'landscapePrimary' },
      }),
    );
  }
  // Playwright sends {enabled: true} for hasTouch and nothing without it; a tab that had touch turns it off
  if (prev ? prev.touch !== opts.touch : opts.touch) calls.push(s.send('Emulation.setTouchEmulationEnabled', { enabled: opts.touch }));
  if (!prev || prev.locale !== opts.locale) {
    calls.push(
      s.send('Emulation.setUserAgentOverride', { userAgent: '', acceptLanguage: opts.locale }),
      s.send('Emulation.setLocaleOverride', { locale: opts.locale }),
    );
  }
  await Promise.all(calls);
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
  /** The kept tab the page is in (new or reused), when the caller allowed reuse. */
  tab?: KeptTab;
}

/** What a kept tab's route serves: the page being rendered, or (null) nothing, between pages. */
interface Serving {
  pages: Map<string, string | Buffer>;
  userDir: string | null;
  blocked: string[];
  pageErrors: string[];
  /** Main-frame document requests: the first is ours, any later one is the page navigating away. */
  documents: string[];
  /** A meta refresh of the main document that fires within the page time a capture lets pass. */
  refreshAway?: MetaRefresh;
}

/** A context with one page, kept between {@link BrowserPool.withPage} calls ({@link WithPageOptions.reuse}). */
interface KeptTab {
  /** Its group ({@link WithPageOptions.reuse}). */
  group: string;
  context: BrowserContext;
  page: Page;
  /** The pool's CDP session of the page, attached as long as the tab lives: it holds the device emulation. */
  session: CDPSession;
  windowId: number;
  /** The device emulation `session` has applied. */
  device: DeviceState;
  colorScheme: 'light' | 'dark';
  instrument: boolean;
  /** Pages rendered in it so far. */
  uses: number;
  /** What its route serves now. */
  serving: Serving | null;
  /** The page crashed or the browser went away: never reuse. */
  broken: boolean;
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
  /** {@link LaunchOptions.setupTimeoutMs}. */
  private readonly setupTimeoutMs: number;
  private readonly cache = new AssetCache(ASSET_CACHE_BYTES);
  private readonly extraArgs: string[];
  private closed = false;
  /** Let {@link WithPageOptions.reuse} callers use kept tabs ({@link LaunchOptions.reuseTabs}). */
  private readonly reuseTabs: boolean;
  /** Kept tabs waiting for a page, per group ({@link WithPageOptions.reuse}), least recently used first. */
  private idle = new Map<string, KeptTab[]>();
  /** Idle tabs kept per group: as many as pages can be open at once (`concurrency` + `preload`). */
  private readonly idleMax: number;
  /**
   * Pages loaded for {@link WithPageOptions.reuse} callers: in a new tab (`fresh`) or a kept one
   * (`reused`); tabs given back clean and kept (`kept`; of them `direct`: left showing their page for the next
   * one to replace, without the `about:blank` hop: {@link replaceable}) or closed (`closed`, with
   * the first reason each time in `why`: `dirty: localStorage`, `failed`, `uses`, `evicted`, `frames`, ...).
   */
  readonly tabStats = { fresh: 0, reused: 0, kept: 0, direct: 0, closed: 0, why: {} as Record<string, number> };

  /** @internal Use {@link BrowserPool.launch}. (Public only so that `InstanceType<typeof BrowserPool>` works.) */
  constructor(browser: Browser, executablePath: string, concurrency: number, timeoutMs: number, extraArgs: string[] = [], preload = 0, reuseTabs = true, setupTimeoutMs = Math.max(timeoutMs, SETUP_TIMEOUT_MIN_MS)) {
    this.browser = browser;
    this.reuseTabs = reuseTabs;
    this.idleMax = concurrency + preload;
    this.extraArgs = extraArgs;
    this.executablePath = executablePath;
    this.version = `Chromium ${browser.version()}`;
    this.sem = new Semaphore(concurrency);
    this.loadSem = new Semaphore(concurrency + preload);
    this.timeoutMs = timeoutMs;
    this.setupTimeoutMs = setupTimeoutMs;
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
    const pool = new BrowserPool(
      browser,
      path,
      Math.max(1, Math.floor(opts.concurrency ?? 2)),
      opts.timeoutMs ?? 30000,
      extra,
      Math.max(0, Math.floor(opts.preload ?? 0)),
      opts.reuseTabs ?? true,
      opts.setupTimeoutMs,
    );
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
   * installed first), or with `wopts.reuse` in a kept tab set to `opts`, wait for the `load`
   * event, run `fn`, then close the context (also when `fn` throws), or keep the tab for a later page
   * ({@link WithPageOptions.reuse}). At most `concurrency` calls run
   * their `fn` at once; at most `concurrency` + `preload` contexts exist at once (the others' pages
   * loaded, waiting for a slot: {@link LaunchOptions.preload}); callers queue (first come, first served):
   * the `fn`s start in call order, whichever page finishes loading first. A kept tab whose page ended clean is
   * reset before the next call's turn, so that call (of the same group) takes the same tab.
   * A page that waited ahead in a browser that died meanwhile is loaded again in the relaunched one.
   * @throws SampleError(reason `load_failed`) when navigation fails; reason `timeout` when the `load` event does
   *   not come within the pool's `timeoutMs` (the CLI's `--page-timeout`).
   * @throws SampleError(reason `navigated`) when the page's main frame starts loading another document
   *   (a script setting `location`, a meta refresh, a form submission) before `fn` has finished: what `fn`
   *   measured or captured may belong to the other document, which is not the page named by `source`.
   *   Same-document changes (`history.pushState`, `#fragment`) are not navigations. A user file's
   *   `<meta http-equiv="refresh">` tags are held (renderers/meta-refresh.ts): one in the main document
   *   whose delay is at most {@link CLOCK_RUN_MS} rejects the page as `navigated`, a later one never fires.
   * @throws EnvironmentError when a kept tab's page clock cannot be reset ({@link checkKeptClock}).
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
    let clean = false;
    try {
      // A page for a kept tab is not loaded ahead: it waits for its turn first. Loading ahead pays for a fresh
      // context (its creation overlaps the measured page); for kept tabs an ad-hoc run of the grounding pipeline
      // gave the same pages/s without it (docs/performance.md, "Kept-tab pages no longer load ahead").
      if (this.reuses(source, wopts)) await slot.turn;
      loaded = await this.loadInLiveBrowser(opts, source, wopts);
      // the page is loaded (its clock paused): its `fn` waits for its turn at one of the `concurrency` slots
      await slot.turn;
      if (!loaded.context.browser()?.isConnected()) {
        // the browser died while this page waited ahead: load it again in the relaunched browser (as a
        // page that had waited for its turn without loading ahead would be)
        const dead = loaded;
        loaded = undefined;
        await this.release(dead, false, 'browser died');
        loaded = await this.loadInLiveBrowser(opts, source, wopts);
      }
      const { page, context, url, blocked, pageErrors, navigatedAway, tab } = loaded;
      const left = navigatedAway(true);
      if (left) throw left;
      // a kept tab's own session holds its emulation (emulateDevice); a fresh context's gets the override
      // Playwright sent for its options
      let session: Promise<CDPSession> | null = null;
      const cdp = (): Promise<CDPSession> =>
        (session ??= tab ? Promise.resolve(tab.session) : context.newCDPSession(page).then(async (s) => {
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
        result = await fn({ page, context, url, blocked, pageErrors, viewport: { ...opts.viewport }, cdp });
      } catch (e) {
        // e.g. "Execution context was destroyed" when the other document replaced this one mid-capture
        throw navigatedAway(true) ?? e;
      }
      const away = navigatedAway(true);
      if (away) throw away;
      clean = true;
      return result;
    } finally {
      if (loaded?.tab && clean) {
        // A clean kept tab is reset before the next caller gets its turn, so that caller finds it idle and takes
        // it: handed over first, the next page opened a second kept tab and the two alternated, which cost about
        // 200 ms more Chromium CPU per page (docs/performance.md, "One kept tab, reset before the next turn").
        await this.release(loaded, clean, 'failed');
        slot.leave();
      } else {
        // the next page's `fn` may start while this context closes (it captures nothing); a caller whose load
        // failed before its turn leaves the queue at once
        slot.leave();
        if (loaded) await this.release(loaded, clean, 'failed');
      }
      this.loadSem.release();
    }
  }

  /**
   * Give a loaded page back: close its context, or, when it is a kept tab whose page ended `clean` (`fn`
   * returned, no navigation away) and left nothing for the next document ({@link leftovers}), reset the tab
   * (`about:blank` and navigation history cleared, unless the next page can replace this one directly:
   * {@link replaceable}; the earlier pages' clock runs dropped: {@link CLOCK_LOG_RESET}) and keep
   * it for the next page of its group. Never throws.
   * @param why reason counted in {@link tabStats} when the tab is closed because it is not clean
   */
  private async release(loaded: LoadedPage, clean: boolean, why: string): Promise<void> {
    const tab = loaded.tab;
    if (!tab) return closeContext(loaded.context, this.timeoutMs);
    let reason: string | null = clean ? null : why;
    if (reason === null) reason = await this.resetTab(tab, loaded).catch((e: unknown) => `reset failed: ${(e as Error).message.split('\n')[0]}`);
    if (reason === null && !this.closed) {
      tab.serving = null;
      this.tabStats.kept++;
      const idle = this.idle.get(tab.group) ?? [];
      this.idle.set(tab.group, idle);
      idle.push(tab);
      while (idle.length > this.idleMax) this.closeTab(idle.shift()!, 'evicted');
      return;
    }
    this.count(reason ?? 'pool closed');
    await closeContext(tab.context, this.timeoutMs);
  }

  private count(reason: string): void {
    this.tabStats.closed++;
    this.tabStats.why[reason] = (this.tabStats.why[reason] ?? 0) + 1;
  }

  private closeTab(tab: KeptTab, reason: string): void {
    this.count(reason);
    void closeContext(tab.context, this.timeoutMs);
  }

  /**
   * Check a kept tab after a clean page and reset it for the next one; the reason not to keep it, or null.
   * Bounded by the page timeout and the browser's exit.
   */
  private async resetTab(tab: KeptTab, loaded: LoadedPage): Promise<string | null> {
    const { context, page, session: s } = tab;
    if (tab.broken || page.isClosed() || !context.browser()?.isConnected()) return 'crashed';
    if (tab.uses >= REUSE_MAX_USES) return 'uses';
    if (context.pages().length !== 1) return 'dirty: popup';
    if (page.frames().length !== 1 || page.workers().length !== 0) return 'frames';
    if (loaded.navigatedAway(true)) return 'navigated';
    const guard = guardBrowser(context.browser()!, this.setupTimeoutMs);
    try {
      const html = tab.serving?.pages.get('index.html');
      const scriptless = typeof html === 'string' && !pageCanAct(html);
      const [state, cookies] = await guard.race(Promise.all([leftovers(s, page, scriptless), context.cookies()]), 'checking a kept tab');
      const left = [...state.left, ...(cookies.length ? ['cookies'] : [])];
      if (left.length) return `dirty: ${left.join(', ')}`;
      const direct = replaceable(state, loaded.url, scriptless);
      // With `direct`, the page stays until the next one replaces it: it runs no code (no script in its
      // markup, and its clock is paused), and the next page, at the same URL, replaces its history entry, so that
      // page sees what it would see after about:blank (history.length 2, one navigation entry, empty referrer:
      // test/page-reuse.test.ts). Skipping the hop saves a document commit per page (about 20 ms and 30-40 ms of
      // Chromium CPU: docs/performance.md "Kept tabs without the about:blank hop").
      if (!direct) {
        // a new document: the page's timers, workers, scroll, history state and in-page hooks end here
        await guard.race(page.goto('about:blank'), 'resetting a kept tab');
        // history.length, navigation.entries() as in a fresh tab (whose first page follows its about:blank)
        await guard.race(s.send('Page.resetNavigationHistory'), 'resetting a kept tab');
      }
      // Playwright's fake clock replays its log (install, pauseAt, every runFor) in each new document of the
      // context: without this, the next page would start CLOCK_RUN_MS later for each page before it
      if (tab.instrument) await guard.race(context.addInitScript({ content: CLOCK_LOG_RESET }), 'resetting a kept tab');
      if (direct) this.tabStats.direct++;
      return null;
    } finally {
      guard.dispose();
    }
  }

  /**
   * Close the idle kept tabs of `group` ({@link WithPageOptions.reuse}; all groups when undefined), e.g. when a
   * caller is done with a group for a while (bench/grounding.ts between the batches of a loop). Pages in
   * flight keep their tabs. Resolves when the contexts are closed (each bounded by the page timeout).
   */
  async closeIdleTabs(group?: string): Promise<void> {
    const groups = group === undefined ? [...this.idle.keys()] : [group];
    const tabs = groups.flatMap((k) => this.idle.get(k) ?? []);
    for (const k of groups) this.idle.delete(k);
    for (const t of tabs) this.count('closed idle');
    await Promise.all(tabs.map((t) => closeContext(t.context, this.timeoutMs)));
  }

  /** The most recently used kept tab of `group` with a live page and browser; undefined when there is none. */
  private takeIdle(group: string, instrument: boolean): KeptTab | undefined {
    const idle = this.idle.get(group) ?? [];
    for (let i = idle.length - 1; i >= 0; i--) {
      const tab = idle[i]!;
      if (tab.instrument !== instrument) continue;
      idle.splice(i, 1);
      if (tab.broken || tab.page.isClosed() || !tab.context.browser()?.isConnected()) {
        this.closeTab(tab, 'crashed');
        continue;
      }
      return tab;
    }
    return undefined;
  }

  /**
   * The loading part of {@link withPage}: a fresh context with `opts` (and, unless `wopts.instrument` is
   * false, the instrumentation), or with `wopts.reuse` a kept tab (or a new one) set to `opts`
   * ({@link emulateDevice}), routing, navigation to `source` until `load`, in the pool's live browser; once
   * more in the relaunched browser when Chromium exits meanwhile. The context (or tab) is closed when this
   * throws.
   * @throws SampleError `load_failed`, `timeout` or `navigated` (see {@link withPage}), `capture_failed` when
   *   Chromium exits during the second load too; EnvironmentError from {@link checkKeptClock}
   */
  private async loadInLiveBrowser(opts: PageOptions, source: PageSource, wopts: WithPageOptions): Promise<LoadedPage> {
    const browser = await this.liveBrowser();
    try {
      return await this.load(browser, opts, source, wopts);
    } catch (e) {
      // Chromium exited (killed or crashed) while this page loaded, which is not the page's doing: once more in
      // the relaunched browser. Seen when a kill landed while a page loading ahead was past its `load` event
      // but not yet handed back (test/hittest-browser.test.ts, machine at load 15).
      if (this.closed || browser.isConnected() || e instanceof EnvironmentError) throw e;
      return this.load(await this.liveBrowser(), opts, source, wopts);
    }
  }

  /**
   * Whether `source` renders in a kept tab: the caller asks for reuse, the pool allows it, and the page is
   * generated (`{html}`): a user's file may hold frames or start workers, which Playwright sets up with the
   * context's options on sessions of their own (a kept tab's session would not reach them).
   */
  private reuses(source: PageSource, wopts: WithPageOptions): boolean {
    return (wopts.reuse === true || typeof wopts.reuse === 'string') && this.reuseTabs && 'html' in source;
  }

  /** One attempt of {@link loadInLiveBrowser} in `browser`. */
  private async load(browser: Browser, opts: PageOptions, source: PageSource, wopts: WithPageOptions): Promise<LoadedPage> {
    const instrument = wopts.instrument !== false;
    const reuse = this.reuses(source, wopts);
    const group = typeof wopts.reuse === 'string' ? wopts.reuse : '';
    let tab = reuse ? this.takeIdle(group, instrument) : undefined;
    /** A context this call created (closed when it fails). */
    let context: BrowserContext | undefined;
    // Every call below ends: Playwright leaves e.g. `newPage` unanswered for ever when Chromium is killed
    // while it opens the page (newcomer test: 5 of 7 kills at concurrency 2 hung the run).
    const guard = guardBrowser(browser, this.setupTimeoutMs);
    const g = guard.race;
    // a context that arrives after this load gave up (the guard's timeout won the race) is closed when it comes
    let abandoned = false;
    try {
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
      const serving: Serving = { pages, userDir, blocked: [], pageErrors: [], documents: [] };
      let page: Page;
      if (tab) {
        // a kept tab (reset by `resetTab`: showing about:blank, or a page without script that this one replaces):
        // this page's device and colour scheme
        tab.uses++;
        page = tab.page;
        // served only once the device is set: what the tab shows until this page replaces it is refused, unrecorded
        await g(this.applyDevice(tab, opts), 'emulating the device');
        tab.serving = serving;
      } else {
        const opening = browser.newContext(
          reuse
            ? // a tab's device options are set by the pool over its own session (emulateDevice), not by Playwright
              { viewport: null, colorScheme: opts.colorScheme, timezoneId: 'UTC', serviceWorkers: 'block', acceptDownloads: false }
            : {
                viewport: { width: opts.viewport.width, height: opts.viewport.height },
                deviceScaleFactor: opts.dpr,
                isMobile: opts.mobile,
                hasTouch: opts.touch,
                colorScheme: opts.colorScheme,
                locale: opts.locale,
                timezoneId: 'UTC',
                serviceWorkers: 'block',
                acceptDownloads: false,
              },
        );
        opening.then((c) => (abandoned ? closeContext(c, this.timeoutMs) : undefined)).catch(() => undefined);
        context = await g(opening, 'opening a browser context');
        context.setDefaultTimeout(this.timeoutMs);
        context.setDefaultNavigationTimeout(this.timeoutMs);
        if (instrument) {
          await g(context.addInitScript({ content: CLOSED_SHADOW_ROOT_HOOK }), 'instrumenting the page');
          await g(context.addInitScript({ content: ACTIVATION_LISTENER_HOOK }), 'instrumenting the page');
          await g(context.clock.install({ time: CLOCK_EPOCH }), 'installing the page clock');
          await g(context.clock.pauseAt(CLOCK_EPOCH), 'installing the page clock');
          await g(context.addInitScript({ content: FAKE_RAF_SCRIPT }), 'instrumenting the page');
        }
        // the route serves whatever page the context shows now (a kept tab shows one page after another;
        // between two, `serving` is null and every request is refused, unrecorded)
        const held: { serving: Serving | null } = { serving };
        await g(context.route('**/*', (route) => {
          const now = held.serving;
          if (!now) return route.abort('blockedbyclient');
          const req = route.request();
          const mainDocument = req.isNavigationRequest() && isMainFrame(req);
          if (mainDocument) now.documents.push(req.url());
          return this.serve(route, now.pages, now.userDir, now.blocked, (r) => {
            const runs = effectiveRefresh(r);
            if (mainDocument && now.documents.length === 1 && runs && runs.delaySeconds * 1000 <= CLOCK_RUN_MS) now.refreshAway = runs;
          });
        }), 'routing the page');
        await g(context.routeWebSocket(/.*/, (ws) => {
          held.serving?.blocked.push(ws.url());
          void ws.close({ code: 1008, reason: 'blocked' });
        }), 'routing the page');
        page = await g(context.newPage(), 'opening the page');
        page.on('pageerror', (e) => held.serving?.pageErrors.push(`${e.name && !e.message.startsWith(e.name) ? `${e.name}: ` : ''}${e.message.split('\n')[0]}`));
        if (reuse) {
          const session = await g(context.newCDPSession(page), 'opening a devtools session');
          const { windowId } = (await g(session.send('Browser.getWindowForTarget'), 'emulating the device')) as { windowId: number };
          await g(emulateDevice(session, windowId, opts), 'emulating the device');
          const kept: KeptTab = Object.assign(held, {
            group,
            context,
            page,
            session,
            windowId,
            device: deviceOf(opts),
            colorScheme: opts.colorScheme,
            instrument,
            uses: 1,
            broken: false,
          });
          page.on('crash', () => (kept.broken = true));
          tab = kept;
          this.tabStats.fresh++;
        }
      }
      const navigatedAway = (loaded: boolean): SampleError | undefined => {
        const shown = page.mainFrame().url();
        const away = serving.documents[1] ?? (loaded && sameDocumentUrl(shown, url) === false ? shown : undefined);
        if (away === undefined && serving.refreshAway) {
          const r = serving.refreshAway;
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
      if (tab && (page.frames().length !== 1 || page.workers().length !== 0)) {
        // frames and workers get the context's options from Playwright on sessions of their own, which a
        // tab's context does not have: this page is rendered again in a fresh context
        const t = tab;
        tab = undefined;
        context = undefined;
        this.count('frames');
        await closeContext(t.context, this.timeoutMs);
        return await this.load(browser, opts, source, { ...wopts, reuse: false });
      }
      if (tab && tab.uses > 1 && instrument) await g(checkKeptClock(page), 'checking the page clock');
      if (tab && tab.uses > 1) this.tabStats.reused++;
      return { context: page.context(), page, url, blocked: serving.blocked, pageErrors: serving.pageErrors, navigatedAway, tab };
    } catch (e) {
      abandoned = true;
      if (tab) {
        this.count(e instanceof EnvironmentError ? 'clock not reset' : 'load failed');
        await closeContext(tab.context, this.timeoutMs);
      } else if (context) await closeContext(context, this.timeoutMs);
      throw e;
    } finally {
      guard.dispose();
    }
  }

  /** Set a kept tab's device emulation ({@link emulateDevice}) and colour scheme to `opts`. */
  private async applyDevice(tab: KeptTab, opts: PageOptions): Promise<void> {
    await emulateDevice(tab.session, tab.windowId, opts, tab.device);
    tab.device = deviceOf(opts);
    if (tab.colorScheme !== opts.colorScheme) {
      // Playwright's own session: the same Emulation.setEmulatedMedia as for the context option
      await tab.page.emulateMedia({ colorScheme: opts.colorScheme });
      tab.colorScheme = opts.colorScheme;
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
    this.idle.clear();
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

/** The device part of `opts` ({@link DeviceState}), copied. */
function deviceOf(opts: PageOptions): DeviceState {
  return { viewport: { ...opts.viewport }, dpr: opts.dpr, mobile: opts.mobile, touch: opts.touch, locale: opts.locale };
}

/**
 * `p`'s value, or `fallback` when `p` has not settled within `ms` (a call that Chromium may never answer).
 * `p` must not reject.
 */
async function within<T>(p: Promise<T>, ms: number, fallback: T): Promise<T> {
  let t: NodeJS.Timeout | undefined;
  const v = await Promise.race([p, new Promise<T>((r) => (t = setTimeout(() => r(fallback), ms)))]);
  clearTimeout(t);
  return v;
}

/**
 * Does `page`'s main frame run a trivial script within `ms`? False when its scripts never yield (an
 * endless loop) or the page is gone.
 */
function answers(page: Page, ms: number): Promise<boolean> {
  return within(page.evaluate('1').then(() => true, () => false), ms, false);
}

/** Close `context`, giving up after `ms` (closing a context of a killed browser may never be answered). */
function closeContext(context: BrowserContext, ms: number): Promise<void> {
  return within(context.close().catch(() => undefined), ms, undefined);
}

function mimeOf(p: string): string {
  return MIME[extname(p).toLowerCase()] ?? 'application/octet-stream';
}
