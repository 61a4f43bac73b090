/**
 * Chromium pool and page serving for the grounding pipeline (DESIGN.md "renderers/").
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
 * (DESIGN.md: "all network requests blocked except the project's own assets"); as a second fence the
 * browser resolves no host names at all (`--host-resolver-rules=MAP * ~NOTFOUND`).
 */
import { readFile, stat } from 'node:fs/promises';
import { dirname, basename, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page, type Route } from 'playwright-core';
import { EnvironmentError, SampleError } from '../core/errors.js';

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

/** Launch flags (brief + DESIGN.md: no network but our own origin). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--font-render-hinting=none',
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
}

export interface LaunchOptions {
  /** Maximum number of pages open at the same time (default 2). */
  concurrency?: number;
  /** Explicit Chromium executable; default: `findChromium()` (env var, Playwright install, PATH). */
  executablePath?: string;
  /** Navigation / action timeout per page in ms (default 30000). */
  timeoutMs?: number;
}

interface FindChromiumModule {
  findChromium(): { path: string; source: string } | null;
  INSTALL_HINT: string;
}

/** Counting semaphore (FIFO). */
class Semaphore {
  private waiting: Array<() => void> = [];
  private free: number;
  constructor(n: number) {
    this.free = n;
  }
  async acquire(): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((r) => this.waiting.push(r));
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
  private readonly sem: Semaphore;
  private readonly timeoutMs: number;
  private readonly cache = new Map<string, Buffer>();
  private cacheBytes = 0;
  private closed = false;

  /** @internal Use {@link BrowserPool.launch}. (Public only so that `InstanceType<typeof BrowserPool>` works.) */
  constructor(browser: Browser, executablePath: string, concurrency: number, timeoutMs: number) {
    this.browser = browser;
    this.executablePath = executablePath;
    this.version = `Chromium ${browser.version()}`;
    this.sem = new Semaphore(concurrency);
    this.timeoutMs = timeoutMs;
  }

  /**
   * Find and launch Chromium.
   * @throws EnvironmentError with the install hint when no Chromium is found or it fails to start.
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
    const browser = await BrowserPool.start(path);
    return new BrowserPool(browser, path, Math.max(1, Math.floor(opts.concurrency ?? 2)), opts.timeoutMs ?? 30000);
  }

  private static async start(executablePath: string): Promise<Browser> {
    try {
      return await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS, timeout: 60000 });
    } catch (e) {
      throw new EnvironmentError(`Chromium at ${executablePath} failed to start: ${(e as Error).message.split('\n')[0]}`);
    }
  }

  private async liveBrowser(): Promise<Browser> {
    if (this.closed) throw new Error('BrowserPool is closed');
    if (this.browser.isConnected()) return this.browser;
    if (!this.relaunching) {
      this.relaunching = BrowserPool.start(this.executablePath).then((b) => {
        this.browser = b;
        this.relaunching = null;
        return b;
      });
    }
    return this.relaunching;
  }

  /**
   * Open `source` in a fresh context with `opts`, wait for the `load` event, run `fn`, then close the
   * context (also when `fn` throws). At most `concurrency` pages are open at once; callers queue.
   * @throws SampleError(reason `load_failed`) when navigation fails or times out.
   */
  async withPage<T>(opts: PageOptions, source: PageSource, fn: (h: PageHandle) => Promise<T>): Promise<T> {
    await this.sem.acquire();
    let context: BrowserContext | undefined;
    try {
      const browser = await this.liveBrowser();
      context = await browser.newContext({
        viewport: { width: opts.viewport.width, height: opts.viewport.height },
        deviceScaleFactor: opts.dpr,
        isMobile: opts.mobile,
        hasTouch: opts.touch,
        colorScheme: opts.colorScheme,
        locale: opts.locale,
        serviceWorkers: 'block',
        acceptDownloads: false,
      });
      context.setDefaultTimeout(this.timeoutMs);
      context.setDefaultNavigationTimeout(this.timeoutMs);
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
      await context.route('**/*', (route) => this.serve(route, pages, userDir, blocked));
      await context.routeWebSocket(/.*/, (ws) => {
        blocked.push(ws.url());
        void ws.close({ code: 1008, reason: 'blocked' });
      });
      const page = await context.newPage();
      try {
        const resp = await page.goto(url, { waitUntil: 'load' });
        if (!resp || !resp.ok()) throw new Error(`HTTP ${resp?.status() ?? 'no response'}`);
      } catch (e) {
        throw new SampleError(`page load failed (${url}): ${(e as Error).message.split('\n')[0]}`, 'load_failed');
      }
      return await fn({ page, context, url, blocked });
    } finally {
      if (context) await context.close().catch(() => undefined);
      this.sem.release();
    }
  }

  private async serve(
    route: Route,
    pages: Map<string, string | Buffer>,
    userDir: string | null,
    blocked: string[],
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
    const body = await this.readCached(file, userDir === null || !file.startsWith(userDir));
    if (!body) return deny();
    return route.fulfill({ status: 200, body, contentType: mimeOf(file) });
  }

  /** Read a file (project assets are cached in memory, up to 64 MB). Null when missing. */
  private async readCached(file: string, cacheable: boolean): Promise<Buffer | null> {
    const hit = this.cache.get(file);
    if (hit) return hit;
    try {
      const st = await stat(file);
      if (!st.isFile()) return null;
      const buf = await readFile(file);
      if (cacheable && this.cacheBytes + buf.length < 64 * 1024 * 1024) {
        this.cache.set(file, buf);
        this.cacheBytes += buf.length;
      }
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

function mimeOf(p: string): string {
  return MIME[extname(p).toLowerCase()] ?? 'application/octet-stream';
}
