/**
 * renderers/browser.ts: Chromium discovery, the fake origin and its whitelist (everything else is
 * aborted), emulation options; capture failure modes (visual viewport scale, fonts); a generated page
 * at a fractional DPR with mobile + touch emulation checked by the click oracle.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { BrowserPool, ORIGIN, safeJoin, type PageOptions, type PageSource } from '../renderers/browser.js';
import { usePool } from './browser-pool.js';
import { captureAndHitTest } from '../hittest/capture.js';
import { EnvironmentError, SampleError } from '../core/errors.js';
import { pointInBox } from '../core/geometry.js';
import { runOracle } from './oracle.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PAGES = join(ROOT, 'test', 'fixtures', 'pages');
const desktop: PageOptions = { viewport: { width: 640, height: 480 }, dpr: 1, mobile: false, touch: false, colorScheme: 'light', locale: 'en-US' };

// one page measured at a time and one loaded ahead, as `uisynth grounding` runs (tests that render one
// page after another never use the preload slot)
const pool = usePool({ concurrency: 1, preload: 1 });

function firstTemplateFile(): string | null {
  const dir = join(ROOT, 'templates');
  if (!existsSync(dir)) return null;
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop()!;
    for (const f of readdirSync(d).sort()) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) stack.push(p);
      else if (/\.(css|svg|png|hbs|woff2?)$/.test(f)) return relative(dir, p);
    }
  }
  return null;
}

/** A promise and whether it has settled yet (how). */
interface Settling<T> {
  promise: Promise<T>;
  /** 'pending', 'resolved' or 'rejected: <message>' */
  state: string;
}

function settles<T>(promise: Promise<T>): Settling<T> {
  const s: Settling<T> = { promise, state: 'pending' };
  promise.then(
    () => (s.state = 'resolved'),
    (e: unknown) => (s.state = `rejected: ${(e as Error).message}`),
  );
  return s;
}

/**
 * Polls of the two waits below before they give up: 20 ms apart, that is 2 minutes and more. A hang guard only:
 * on a loaded machine the page they wait for is there in a few seconds, and a page that cannot come any more
 * (its call has settled) ends the wait at once.
 */
const MAX_POLLS = 6000;

/** Wait (polling) until `s` has settled. */
async function untilSettled(s: Settling<unknown>): Promise<void> {
  for (let i = 0; s.state === 'pending'; i++) {
    if (i === MAX_POLLS) throw new Error(`the call was still pending after ${MAX_POLLS} polls`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * From inside `mine`'s fn, wait (polling) until the one page of another context of the same browser reads
 * `${document.title} ${document.readyState}` matching `want`: a page the pool is loading ahead. Fails, naming
 * what it saw, when the call that opened that page (`other`) has settled first (its page is gone, it will
 * never match) or after {@link MAX_POLLS} polls.
 */
async function untilOtherPage(mine: BrowserContext, want: (state: string) => boolean, other: Settling<unknown>): Promise<void> {
  const browser = mine.browser()!;
  const seen: string[] = [];
  for (let i = 0; ; i++) {
    const pages = browser.contexts().filter((c) => c !== mine).flatMap((c) => c.pages());
    // (an evaluate has no timeout of its own: it also ends when that call settles)
    const state =
      pages.length === 1
        ? await Promise.race([
            pages[0]!.evaluate(() => `${document.title} ${document.readyState}`).catch((e: unknown) => `(evaluate failed: ${(e as Error).message.split('\n')[0]})`),
            other.promise.then(
              () => '(its call settled)',
              () => '(its call settled)',
            ),
          ])
        : `(${pages.length} other pages)`;
    if (pages.length === 1 && want(state)) return;
    if (seen.at(-1) !== state) seen.push(state);
    if (other.state !== 'pending' || i === MAX_POLLS) {
      throw new Error(`the page loading ahead never matched: its call ${other.state === 'pending' ? `was still pending after ${MAX_POLLS} polls` : other.state}; seen: ${seen.join(' | ')}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A script that keeps a page's parser busy for 300 ms of real time (the page's own clock is paused). */
const SPIN_300_MS = `<script>{ const now = window[Symbol.for('uisynth.now')]; const end = now() + 300; while (now() < end); }</script>`;

describe('BrowserPool', () => {
  it('reports the Chromium version', () => {
    expect(pool().version).toMatch(/^Chromium \d+\.\d+\.\d+\.\d+$/);
  });

  it('throws EnvironmentError when the configured Chromium does not exist', async () => {
    const prev = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH;
    process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH = '/nonexistent/chrome';
    try {
      await expect(BrowserPool.launch()).rejects.toBeInstanceOf(EnvironmentError);
    } finally {
      if (prev === undefined) delete process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH;
      else process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH = prev;
    }
  });

  it('safeJoin refuses path traversal', () => {
    expect(safeJoin('/r/a', 'x/y.css')).toBe('/r/a/x/y.css');
    expect(safeJoin('/r/a', '../b/secret')).toBeNull();
    expect(safeJoin('/r/a', '%2e%2e/b')).toBeNull();
    expect(safeJoin('/r/a', 'x/%2e%2e/%2e%2e/b')).toBeNull();
    expect(safeJoin('/r/a', '/etc/passwd')).toBe('/r/a/etc/passwd');
    expect(safeJoin('/r/a', '')).toBeNull();
    expect(safeJoin('/r/a', 'a%00b')).toBeNull();
    expect(safeJoin('/r/a', '%E0%A4%A')).toBeNull();
  });

  it('serves only the whitelisted assets and blocks every other request', async () => {
    const tpl = firstTemplateFile();
    const urls: Array<[string, boolean]> = [
      [`${ORIGIN}/assets/@fontsource/inter/files/inter-latin-400-normal.woff2`, true],
      [`${ORIGIN}/assets/lucide-static/icons/house.svg`, true],
      [`${ORIGIN}/page/extra.css`, true],
      [`${ORIGIN}/page/missing.css`, false],
      [`${ORIGIN}/assets/%2e%2e/package.json`, false],
      [`${ORIGIN}/assets/@fontsource/..%2f..%2f..%2fpackage.json`, false],
      [`${ORIGIN}/assets/@fontsource/%2e%2e/%2e%2e/%2e%2e/package.json`, false],
      [`${ORIGIN}/assets/templates/../package.json`, false],
      [`${ORIGIN}/assets/playwright-core/package.json`, false],
      [`${ORIGIN}/assets/lucide-static/icons/no-such-icon.svg`, false],
      [`${ORIGIN}/user/basic.html`, false],
      [`${ORIGIN}/package.json`, false],
      ['https://example.com/x.png', false],
      ['http://127.0.0.1:9/', false],
    ];
    if (tpl) urls.push([`${ORIGIN}/assets/templates/${tpl.split('/').map(encodeURIComponent).join('/')}`, true]);
    const html = '<!doctype html><html><head><link rel="stylesheet" href="extra.css"></head><body>x</body></html>';
    await pool().withPage(desktop, { html, resources: { 'extra.css': 'body{color:red}' } }, async ({ page, blocked }) => {
      const res = await page.evaluate(async (list: string[]) => {
        const out: Array<{ url: string; ok: boolean; type: string | null }> = [];
        for (const u of list) {
          try {
            const r = await fetch(u);
            out.push({ url: u, ok: r.ok, type: r.headers.get('content-type') });
          } catch {
            out.push({ url: u, ok: false, type: null });
          }
        }
        const ws = await new Promise<string>((resolve) => {
          try {
            const s = new WebSocket('ws://example.com/socket');
            s.onopen = () => resolve('open');
            s.onerror = () => resolve('error');
            s.onclose = () => resolve('closed');
          } catch {
            resolve('threw');
          }
        });
        return { out, ws };
      }, urls.map((u) => u[0]));
      for (const [i, [u, ok]] of urls.entries()) expect(res.out[i]!.ok, u).toBe(ok);
      expect(res.out[0]!.type).toBe('font/woff2');
      expect(res.out[1]!.type).toBe('image/svg+xml');
      expect(res.ws).not.toBe('open');
      expect(blocked.some((b) => b.startsWith('https://example.com'))).toBe(true);
      expect(blocked.some((b) => b.includes('127.0.0.1'))).toBe(true);
    });
  });

  it('applies the page options (viewport, dpr, mobile, touch, colour scheme, locale)', async () => {
    const o: PageOptions = { viewport: { width: 390, height: 700 }, dpr: 3, mobile: true, touch: true, colorScheme: 'dark', locale: 'zh-CN' };
    const html = '<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1"><body>x</body>';
    const got = await pool().withPage(o, { html }, ({ page }) =>
      page.evaluate(() => ({
        w: window.innerWidth,
        h: window.innerHeight,
        dpr: window.devicePixelRatio,
        touch: navigator.maxTouchPoints > 0,
        dark: matchMedia('(prefers-color-scheme: dark)').matches,
        lang: navigator.language,
      })),
    );
    expect(got).toEqual({ w: 390, h: 700, dpr: 3, touch: true, dark: true, lang: 'zh-CN' });
  });

  it('preload: the next page loads while one is measured, one fn runs at a time, in call order; a failed load frees its slot', async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const open = (n: number, during?: (ctx: BrowserContext) => Promise<void>, body = ''): Promise<string> =>
      pool().withPage(desktop, { html: `<!doctype html><title>p${n}</title><body>page ${n}${body}</body>` }, async ({ page, context }) => {
        most = Math.max(most, ++running);
        order.push(n);
        try {
          await during?.(context);
          return await page.title();
        } finally {
          running--;
        }
      });
    // The first page's fn ends only once the second page, in a context of its own, has finished loading. The
    // first page spends 300 ms (real time) in a script while it loads, so the second one usually finishes
    // loading first: its fn must still wait for the first one's (callers are served in call order).
    const first = open(1, (mine) => untilOtherPage(mine, (s) => s === 'p2 complete', second), SPIN_300_MS);
    const second = settles(open(2));
    expect(await Promise.all([first, second.promise])).toEqual(['p1', 'p2']);
    expect(order).toEqual([1, 2]);
    // a page that fails to load while waiting ahead is a load_failed reject and gives its slot back
    const held = open(3, () => new Promise((r) => setTimeout(r, 200)));
    const failed = pool().withPage(desktop, { file: join(PAGES, 'no-such-page.html') }, async () => 'loaded').catch((e: unknown) => e);
    expect(await held).toBe('p3');
    expect(((await failed) as SampleError).reason).toBe('load_failed');
    // a fn that throws while the next page loads ahead: that page is measured after it all the same
    const thrower = open(4, async (mine) => {
      await untilOtherPage(mine, (s) => s === 'p5 complete', fifth);
      throw new Error('fn failed');
    }).catch((e: unknown) => e);
    const fifth = settles(open(5));
    expect(((await thrower) as Error).message).toBe('fn failed');
    expect(await fifth.promise).toBe('p5');
    expect(await Promise.all([open(6), open(7), open(8)])).toEqual(['p6', 'p7', 'p8']);
    expect(most).toBe(1);
    expect(order).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('preload: a page for a kept tab waits for its turn before it loads; a fresh context loads ahead', async () => {
    // the pool reads a page's resources when its load starts, before its first await: a getter records it
    const started: string[] = [];
    const src = (name: string): PageSource => ({
      html: `<!doctype html><title>${name}</title><link rel="stylesheet" href="s.css"><body>${name}</body>`,
      resources: {
        get 's.css'() {
          if (!started.includes(name)) started.push(name);
          return 'body { margin: 0 }';
        },
      },
    });
    // every microtask of the queued call has run after a few macrotask turns (no wall-clock wait)
    const turns = async (): Promise<void> => {
      for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    };
    const ahead = async (name: string, reuse: boolean): Promise<{ during: string[]; title: string }> => {
      let next: Promise<string> | undefined;
      const during = await pool().withPage(desktop, { html: '<title>first</title>' }, async () => {
        next = pool().withPage(desktop, src(name), ({ page }) => page.title(), { reuse });
        await turns();
        return [...started];
      });
      return { during, title: await next! };
    };
    expect(await ahead('kept', true)).toEqual({ during: [], title: 'kept' });
    expect(started).toEqual(['kept']);
    expect(await ahead('fresh', false)).toEqual({ during: ['kept', 'fresh'], title: 'fresh' });
  });

  it('kept tabs: pages queued at once (concurrency 1) all render in one tab, reset before the next page takes it', async () => {
    // Before the tab was reset ahead of the next caller's turn, the next page found no idle tab and opened a
    // second one, and the two alternated (docs/performance.md, "One kept tab, reset before the next turn").
    const group = 'one-tab-queue';
    const before = { ...pool().tabStats };
    const tabs: Page[] = [];
    const titles = await Promise.all(
      [1, 2, 3, 4].map((k) =>
        pool().withPage(desktop, { html: `<title>q${k}</title><body>q${k}</body>` }, async ({ page }) => {
          tabs.push(page);
          return page.title();
        }, { reuse: group }),
      ),
    );
    expect(titles).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(new Set(tabs).size).toBe(1);
    expect(pool().tabStats.fresh - before.fresh).toBe(1);
    expect(pool().tabStats.reused - before.reused).toBe(3);
    await pool().closeIdleTabs(group);
  });

  it('preload: a page loading ahead that times out, and the pool closed while a page loads ahead: every call ends', async () => {
    // a short page timeout (the page that never loads waits for it); the other pages are one-line documents
    const own = await BrowserPool.launch({ concurrency: 1, preload: 1, timeoutMs: 5000 });
    try {
      const page = (n: number): PageSource => ({ html: `<!doctype html><title>p${n}</title><body>page ${n}</body>` });
      // a parser-blocking script that never ends: the `load` event never comes, the navigation times out
      const never: PageSource = { html: '<!doctype html><title>never</title><script>for (;;) {}</script><body>never</body>' };
      // called from the measured page's fn, so it is queued behind it and loads ahead; that fn ends once the
      // call has failed (the navigation timeout ends it)
      let hung: Settling<string> | undefined;
      const first = await own.withPage(desktop, page(1), async ({ page: p }) => {
        hung = settles(own.withPage(desktop, never, async () => 'loaded'));
        await untilSettled(hung);
        return p.title();
      });
      expect(first).toBe('p1');
      const err = await hung!.promise.then(() => undefined, (e: unknown) => e);
      expect(err).toBeInstanceOf(SampleError);
      expect((err as SampleError).reason).toBe('timeout');
      // an endless loop: the line says the scripts never yielded, not only to raise the timeout
      expect((err as SampleError).message).toMatch(/did not finish loading within 5 s .*did not yield for 5 s more: an endless loop never ends/);
      // the failed page gave its context and its place back
      expect(await Promise.all([own.withPage(desktop, page(2), ({ page: p }) => p.title()), own.withPage(desktop, page(3), ({ page: p }) => p.title())])).toEqual(['p2', 'p3']);
      // the pool closed by the measured page's fn while the next page loads ahead: both calls end, and so does
      // a call made after
      let ahead: Settling<string> | undefined;
      const closer = own.withPage(desktop, page(4), async ({ context }) => {
        await untilOtherPage(context, (state) => !state.startsWith('('), ahead!);
        await own.close();
        return 'closed';
      });
      ahead = settles(own.withPage(desktop, page(5), ({ page: p }) => p.title()));
      expect(await closer).toBe('closed');
      expect(await ahead.promise.then(() => 'resolved', () => 'rejected')).toBe('rejected');
      await expect(own.withPage(desktop, page(6), ({ page: p }) => p.title())).rejects.toThrow('BrowserPool is closed');
    } finally {
      await own.close();
    }
  });

  it.skipIf(!existsSync('/proc/self/cmdline'))('preload: a page loaded ahead in a browser killed meanwhile is loaded again in the relaunched one', async () => {
    const mark = `--uisynth-test-preload-kill=${process.pid}`;
    let relaunches = 0;
    // fresh contexts: a page for a kept tab does not load ahead
    const own = await BrowserPool.launch({ concurrency: 1, preload: 1, reuseTabs: false, extraArgs: [mark], onRelaunch: () => relaunches++ });
    try {
      // the browser process (not a renderer or helper: those carry --type=) started with our marker
      const browserPid = (): number =>
        Number(
          readdirSync('/proc')
            .filter((d) => /^\d+$/.test(d))
            .find((d) => {
              try {
                const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
                return cmd.includes(mark) && !cmd.includes('--type=');
              } catch {
                return false;
              }
            }),
        );
      const page = (n: number): string => `<!doctype html><body><button>Button ${n}</button></body>`;
      let second: Settling<Awaited<ReturnType<typeof captureAndHitTest>>> | undefined;
      const first = own.withPage(desktop, { html: page(1) }, async ({ context }) => {
        const browser = context.browser()!;
        await untilOtherPage(context, (s) => s.endsWith(' complete'), second!);
        const disconnected = new Promise((r) => browser.once('disconnected', r));
        process.kill(browserPid(), 'SIGKILL');
        await disconnected;
        return 'done';
      });
      second = settles(captureAndHitTest(own, { html: page(2) }, desktop));
      expect(await first).toBe('done');
      expect((await second.promise).targets.map((t) => t.name)).toEqual(['Button 2']);
      expect(relaunches).toBe(1);
    } finally {
      await own.close();
    }
  });

  it("reports the page's uncaught errors as warnings: while loading, and the first one of its timers", async () => {
    const html = `<!doctype html><body><button>Go</button><script>
      setTimeout(() => { throw new Error('late'); }, 100);
      setInterval(() => { throw new RangeError('tick'); }, 200);
      null.x;
    </script><script>null.x;</script></body>`;
    const r = await captureAndHitTest(pool(), { html }, desktop);
    expect(r.targets.map((t) => t.name)).toEqual(['Go']);
    // the fake clock keeps only the first exception of its run (the interval's are lost)
    expect(r.warnings.filter((w) => w.startsWith('uncaught page error'))).toEqual([
      "uncaught page error: TypeError: Cannot read properties of null (reading 'x') (×2)",
      "uncaught page error: Error: late (in a timer; only the first of the page clock's run is known)",
    ]);
  });

  it.each([
    ['cafe-windows-1252.html', ['Menu du café', "Enregistrer l'été"]],
    ['save-shift-jis.html', ['設定', '保存する']],
    ['plain-utf-8.html', ['Grüße', 'Schließen']],
  ])('decodes a user page in its declared encoding (UTF-8 when it declares none): %s', async (file, names) => {
    const r = await captureAndHitTest(pool(), { file: join(PAGES, '..', 'pages-encoding', file) }, desktop);
    expect(r.targets.map((t) => t.name)).toEqual(names);
  });

  it('serves a user page and its relative assets from /user/', async () => {
    const r = await captureAndHitTest(pool(), { file: join(PAGES, 'basic.html') }, desktop);
    expect(r.warnings.filter((w) => w.startsWith('blocked'))).toEqual([]);
    expect(r.targets.length).toBeGreaterThan(5);
  });
});

describe('capture failure modes', () => {
  it('rejects a zoomed-out mobile page (visualViewport.scale != 1)', async () => {
    const o: PageOptions = { viewport: { width: 390, height: 700 }, dpr: 2, mobile: true, touch: true, colorScheme: 'light', locale: 'en-US' };
    const html = '<!doctype html><body><div style="width:1200px">wide page without a viewport meta</div><button>x</button></body>';
    const err = await captureAndHitTest(pool(), { html }, o).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SampleError);
    expect((err as SampleError).reason).toBe('viewport_scale');
  });

  it('fails a generated page whose web font does not load, and only warns for a user page', async () => {
    const html =
      '<!doctype html><style>@font-face{font-family:Gone;src:url(http://uisynth.local/assets/@fontsource/inter/files/no-such-file.woff2)}' +
      'body{font-family:Gone,sans-serif}</style><body><button>Hello</button></body>';
    const err = await captureAndHitTest(pool(), { html }, desktop).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SampleError);
    expect((err as SampleError).reason).toBe('font_failed');
    const ok = await captureAndHitTest(pool(), { html }, desktop, { strictFonts: false });
    expect(ok.warnings.some((w) => w.includes('Gone'))).toBe(true);
  });
});

describe('fonts, clock, frames (issue 3)', () => {
  it('a generated page whose primary family has no @font-face fails (family-name mismatch, #40); a user page warns', async () => {
    const html =
      "<!doctype html><style>@font-face{font-family:'Inter Var';src:url(http://uisynth.local/assets/@fontsource/inter/files/inter-latin-400-normal.woff2)}" +
      'body{font-family:InterVariable,sans-serif}</style><body><p>Hello</p><button style="font:inherit">Go</button></body>';
    const err = await captureAndHitTest(pool(), { html }, desktop).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SampleError);
    expect((err as SampleError).reason).toBe('font_failed');
    expect((err as Error).message).toContain('primary font family not declared by @font-face (system fallback): InterVariable');
    const ok = await captureAndHitTest(pool(), { file: join(PAGES, 'fonts-mismatch.html') }, desktop);
    expect(ok.warnings.some((w) => w.includes('InterVariable'))).toBe(true);
    expect(ok.targets.length).toBeGreaterThan(0);
  });

  it('text a declared face does not cover is reported as drawn with a machine font (generated pages only)', async () => {
    // 'Inter' (Latin subset) covers "Run", not U+2192; the <code> stack is the bare generic `monospace`
    const html =
      "<!doctype html><style>@font-face{font-family:'Inter';src:url(http://uisynth.local/assets/@fontsource/inter/files/inter-latin-400-normal.woff2);" +
      'unicode-range:U+0000-00FF}body{font-family:Inter,sans-serif}button{font:inherit}</style><body><button>Run \u2192</button><p><code>x = 1</code></p>' +
      '<p><i>Plain</i></p></body>';
    const warned = (ws: string[]): string[] => ws.filter((w) => w.startsWith('text drawn with a font of this machine'));
    const gen = await captureAndHitTest(pool(), { html }, desktop);
    expect(warned(gen.warnings).sort()).toEqual([
      'text drawn with a font of this machine, not an embedded face (may differ elsewhere): 400 16px monospace: x=1',
      'text drawn with a font of this machine, not an embedded face (may differ elsewhere): 400 16px sans-serif: \u2192',
    ]);
    // a user's page is not held to that promise: no such warning
    const dir = mkdtempSync(join(tmpdir(), 'uisynth-sysfont-'));
    writeFileSync(join(dir, 'p.html'), html);
    const user = await captureAndHitTest(pool(), { file: join(dir, 'p.html') }, desktop);
    expect(warned(user.warnings)).toEqual([]);
    expect(user.targets.map((t) => t.name)).toContain('Run \u2192');
  });

  it('coverage follows CSS font matching (style, weight), reads every character and quoted family names', async () => {
    const face = (style: string, weight: number, file: string, range: string): string =>
      `@font-face{font-family:'Inter';font-style:${style};font-weight:${weight};src:url(http://uisynth.local/assets/@fontsource/inter/files/${file}.woff2);unicode-range:${range}}`;
    // italic text takes the italic face (capitals only here), not the upright one that covers all of Latin-1;
    // bold (700) takes the 600 face (digits only); a '→' after 5,000 characters of the same stack is seen too;
    // a family named "Foo, Bar" is one family
    const html =
      '<!doctype html><style>' +
      face('normal', 400, 'inter-latin-400-normal', 'U+0000-00FF') +
      face('italic', 400, 'inter-latin-400-italic', 'U+0041-005A') +
      face('normal', 600, 'inter-latin-600-normal', 'U+0030-0039') +
      "@font-face{font-family:'Foo, Bar';src:url(http://uisynth.local/assets/@fontsource/inter/files/inter-latin-400-normal.woff2)}" +
      'body{font-family:Inter,sans-serif}</style><body><p><i>Upper lower</i></p><p><b>Bold 12</b></p>' +
      `<p>${'a'.repeat(5000)}</p><p>then \u2192</p><p style="font-family:'Foo, Bar',serif">Quoted \u2713</p></body>`;
    const r = await captureAndHitTest(pool(), { html }, desktop);
    expect(r.warnings.filter((w) => w.startsWith('text drawn with a font of this machine')).map((w) => w.split('): ')[1]).sort()).toEqual([
      '400 16px sans-serif: \u2192',
      '700 16px sans-serif: Bold',
      'italic 400 16px sans-serif: perlow',
    ]);
  });

  it('every used family is loaded and checked; text added after load still gets its face', async () => {
    const ok = await captureAndHitTest(pool(), { file: join(PAGES, 'fonts-families.html') }, desktop, { strictFonts: true });
    expect(ok.warnings.filter((w) => !w.startsWith('blocked'))).toEqual([]);
    expect(ok.targets.map((t) => t.name)).toContain('Late Roboto link');
  });

  it('page time is fixed and JS timers run the same fake milliseconds in every render', async () => {
    const html =
      '<!doctype html><body style="margin:0;font:16px sans-serif"><p id="t"></p><button id="b" style="position:absolute;top:40px">Moving</button>' +
      '<script>t.textContent = new Date().toISOString(); let x = 0; setInterval(() => { x += 3; b.style.left = x + "px"; }, 10);' +
      '(function f() { requestAnimationFrame(f); })(); setTimeout(() => document.body.append("late"), 60000);</script></body>';
    const [a, b] = [await captureAndHitTest(pool(), { html }, desktop, { strictFonts: false }), await captureAndHitTest(pool(), { html }, desktop, { strictFonts: false })];
    expect(a.png.equals(b.png)).toBe(true);
    expect(a.pageTexts).toContain('2025-01-15t09:30:00.000z'); // set at load, before the clock runs
    expect(a.pageTexts).not.toContain('late');
    const btn = a.targets.find((t) => t.name === 'Moving')!;
    expect(btn.bbox_css[0]).toBe(450); // 150 ticks of 10 ms x 3 px
    // loaded ahead (the preload slot) while another page is captured, then left waiting: the same capture
    const other = captureAndHitTest(pool(), { file: join(PAGES, 'basic.html') }, desktop);
    const ahead = captureAndHitTest(pool(), { html }, desktop, { strictFonts: false });
    await other;
    const c = await ahead;
    expect(c.png.equals(a.png)).toBe(true);
    expect(c.targets).toEqual(a.targets);
  });

  it('cross-origin (sandboxed) frames are reported, not reached', async () => {
    const r = await captureAndHitTest(pool(), { file: join(PAGES, 'iframe-transformed.html') }, desktop);
    expect(r.warnings.some((w) => w.startsWith('frame not reachable') && w.includes('iframe'))).toBe(true);
    expect(r.targets.some((t) => t.name === 'Sandboxed content')).toBe(false);
  });
});

describe('saved screenshot captures (issue 16 item 6)', () => {
  it('a generated page is captured once, a user page until two captures agree; the single capture equals the confirmed one', async () => {
    const html =
      '<!doctype html><body style="margin:0;font:16px sans-serif"><h1>Settings</h1><button>Save</button> <a href="#x">Help</a>' +
      '<input placeholder="Name"><div style="border-radius:12px;box-shadow:0 2px 8px #0004;padding:8px;width:200px">Card</div></body>';
    const o: PageOptions = { ...desktop, dpr: 2 };
    const once = await captureAndHitTest(pool(), { html }, o, { strictFonts: false });
    const confirmed = await captureAndHitTest(pool(), { html }, o, { strictFonts: false, confirmScreenshot: true });
    expect(once.screenshotCaptures).toBe(1);
    expect(confirmed.screenshotCaptures).toBeGreaterThanOrEqual(2);
    expect(confirmed.screenshotCaptures).toBeLessThanOrEqual(5);
    expect(once.png.equals(confirmed.png)).toBe(true);
    expect(once.targets).toEqual(confirmed.targets);
    const user = await captureAndHitTest(pool(), { file: join(PAGES, 'basic.html') }, desktop);
    expect(user.screenshotCaptures).toBeGreaterThanOrEqual(2);
  });
});

describe('capture robustness', () => {
  it('a page that hangs fails with SampleError(timeout) and the pool keeps working', async () => {
    const html = '<button>x</button><script>addEventListener("load", () => setTimeout(() => { for (;;) {} }, 50))</script>';
    const err = await captureAndHitTest(pool(), { html }, desktop, { stepTimeoutMs: 2000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SampleError);
    expect((err as SampleError).reason).toBe('timeout');
    const ok = await captureAndHitTest(pool(), { html: '<button>after</button>' }, desktop);
    expect(ok.targets.map((t) => t.name)).toEqual(['after']);
  });
});

describe('generated page, fractional dpr, mobile + touch', () => {
  it('every accepted target passes the click oracle', async () => {
    const o: PageOptions = { viewport: { width: 412, height: 732 }, dpr: 2.625, mobile: true, touch: true, colorScheme: 'dark', locale: 'en-US' };
    const icon = (n: string): string => `<img src="http://uisynth.local/assets/lucide-static/icons/${n}.svg" alt="" width="24" height="24" style="filter:invert(1)">`;
    const rows = Array.from({ length: 20 }, (_, i) => `<li><a href="#r${i}">${icon('settings')}<span>Row ${i + 1}</span></a><input type="checkbox" aria-label="Toggle row ${i + 1}"></li>`).join('');
    const html = `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1">
<style>
@font-face{font-family:Inter;font-weight:400;src:url(http://uisynth.local/assets/@fontsource/inter/files/inter-latin-400-normal.woff2) format('woff2')}
body{margin:0;font:15px/1.3 Inter,sans-serif;background:#111;color:#eee}
header{position:sticky;top:0;height:56px;background:#222;display:flex;align-items:center;gap:8px;padding:0 8px;z-index:2}
header button{background:none;border:0;padding:8px} ul{list-style:none;margin:0;padding:0}
li{display:flex;align-items:center;border-bottom:1px solid #333;height:57.3px;padding:0 12px}
li a{flex:1;display:flex;gap:12px;align-items:center;color:#eee;text-decoration:none}
input[type=checkbox]{width:22px;height:22px}
</style></head><body>
<header><button aria-label="Back" data-icon="arrow-left">${icon('arrow-left')}</button><h1 style="font-size:18px;margin:0">Settings</h1></header>
<ul>${rows}</ul><script>scrollTo(0, 100)</script></body></html>`;
    const r = await captureAndHitTest(pool(), { html }, o);
    expect(Math.abs(r.width - 412 * 2.625)).toBeLessThan(1);
    expect(Math.abs(r.height - 732 * 2.625)).toBeLessThan(1);
    expect(r.targets.length).toBeGreaterThan(10);
    for (const t of r.targets) expect(pointInBox(t.point, t.bbox)).toBe(true);
    // rows scrolled under the sticky header or below the fold are rejected, not mislabelled
    expect(r.rejected.offscreen ?? 0).toBeGreaterThan(0);
    expect(r.rejected.occluded_center ?? 0).toBeGreaterThan(0);
    const back = r.targets.find((t) => t.name === 'Back');
    expect(back?.icon).toBe('arrow-left');
    expect(back?.context.landmark).toBe('header');
    const oracle = await runOracle(pool(), { html }, o, r);
    expect(oracle.badSelectors).toEqual([]);
    expect(oracle.clicks.misses).toEqual([]);
    expect(oracle.clicks.hits).toBe(r.targets.length);
    expect(oracle.rerenderDiffPixels).toBe(0);
  });
});

describe('occlusion trim: boxes hold only the target pixels', () => {
  // occlusion-trim.html: fixed header (#111827, y < 48), side bar (#064e3b, x < 120), footer (#7c2d12,
  // y >= 560), a sticky head (#334155) in a scroller; the buttons are #bfdbfe / #fde68a
  const OCCLUDERS = [
    [0x11, 0x18, 0x27],
    [0x06, 0x4e, 0x3b],
    [0x7c, 0x2d, 0x12],
    [0x33, 0x41, 0x55],
  ];
  const isOccluder = (d: Buffer, o: number): boolean => OCCLUDERS.some((c) => Math.abs(d[o]! - c[0]!) + Math.abs(d[o + 1]! - c[1]!) + Math.abs(d[o + 2]! - c[2]!) < 12);
  it.each([1, 2, 2.625])('dpr %d: no occluder pixel inside a trimmed box, the cut strip is the occluder', async (dpr) => {
    const o: PageOptions = { ...desktop, viewport: { width: 800, height: 600 }, dpr };
    const file = join(PAGES, 'occlusion-trim.html');
    const r = await captureAndHitTest(pool(), { file }, o);
    const { decodeImage } = await import('../hittest/painted.js');
    const img = await decodeImage(r.png);
    const trimmed = r.targets.filter((t) => t.checks.occlusion.trimmed_css);
    // CSS px, exact up to the device pixel that the occluder's edge falls in
    const want = [[5, 0, 0, 0], [3, 0, 0, 3], [0, 0, 0, 6], [4, 0, 0, 0], [0, 0, 5, 0]];
    expect(trimmed).toHaveLength(want.length);
    for (const w of want) {
      const near = trimmed.filter((t) => t.checks.occlusion.trimmed_css!.every((v, j) => Math.abs(v - w[j]!) < 1 / dpr));
      expect(near, JSON.stringify(w)).toHaveLength(1);
    }
    for (const t of trimmed) {
      const [x1, y1, x2, y2] = t.bbox;
      let inside = 0;
      for (let y = y1; y < y2; y++) for (let x = x1; x < x2; x++) if (isOccluder(img.data, (y * img.width + x) * img.channels)) inside++;
      expect(inside, `${t.dom.selector} ${JSON.stringify(t.bbox)}`).toBe(0);
      // the strip that was cut (in CSS px, mapped to image px) is the occluder's colour
      const [ct, cr, cb, cl] = t.checks.occlusion.trimmed_css!;
      const probe: Array<[number, number]> = [];
      const mx = Math.floor((x1 + x2) / 2);
      const my = Math.floor((y1 + y2) / 2);
      if (ct) probe.push([mx, y1 - 1]);
      if (cb) probe.push([mx, y2]);
      if (cl) probe.push([x1 - 1, my]);
      if (cr) probe.push([x2, my]);
      for (const [x, y] of probe) expect(isOccluder(img.data, (y * img.width + x) * img.channels), `${t.dom.selector} just outside at ${x},${y}`).toBe(true);
    }
    const oracle = await runOracle(pool(), { file }, o, r);
    expect(oracle.clicks.misses).toEqual([]);
    expect(oracle.rerenderDiffPixels).toBe(0);
  });
});

describe('list markers inside the box', () => {
  it("a <summary>'s box holds its disclosure triangle and its text, not the whole row", async () => {
    const r = await captureAndHitTest(pool(), { file: join(PAGES, 'labels-controls.html') }, { ...desktop, viewport: { width: 800, height: 600 } });
    const s = r.targets.find((t) => t.dom.tag === 'summary')!;
    // the row starts at 16 px (body padding); the triangle is drawn there, the text ends near 110 px
    expect(s.bbox_css[0]).toBeCloseTo(16, 1);
    expect(s.bbox_css[2]).toBeGreaterThan(90);
    expect(s.bbox_css[2]).toBeLessThan(130);
    expect(s.checks.text.refined).toBe(true);
    expect(s.checks.points_ok).toBe(9);
  });
});

describe('names, painted text and nested controls (second newcomer review)', () => {
  it('a grid point on a link inside a checkbox label is not the label; names and texts are what is shown', async () => {
    const html = `<!doctype html><html><head><style>
body{margin:0;padding:20px;font:16px/1.4 sans-serif} label{display:block;margin:12px 0}
.tt{text-transform:uppercase;font-size:14px}</style></head><body>
<label id="agree"><input type="checkbox"> I agree to the <a href="#tos">Terms of Service and the Privacy Policy of this site</a></label>
<label id="stock">In stock only <input type="checkbox" role="switch" aria-label="Show only items in stock"></label>
<label id="sort">Sort: <select aria-label="Sort by"><option>Newest</option><option>Oldest</option></select></label>
<h2 class="tt" id="general">General</h2>
<p id="del" style="width:600px">Delete your account <button aria-label="Delete account">✕</button></p>
</body></html>`;
    const r = await captureAndHitTest(pool(), { html }, { ...desktop, viewport: { width: 800, height: 400 } });
    const link = r.targets.find((t) => t.dom.tag === 'a');
    expect(link?.name).toBe('Terms of Service and the Privacy Policy of this site');
    for (const t of r.targets.filter((x) => x.dom.id === 'agree')) {
      for (const p of t.checks.points) if (p.hit && /^a\b/.test(p.hit)) expect(p.ok, JSON.stringify(p)).toBe(false);
    }
    const agree = [...r.targets, ...r.rejectedTargets.map((x) => ({ ...x, dom: { id: x.selector.includes('#agree') ? 'agree' : null } }))].find((t) => (t as { dom: { id: string | null } }).dom.id === 'agree');
    expect(agree).toBeDefined();
    const stock = r.targets.find((t) => t.dom.id === 'stock' || (t.role === 'switch' && t.name.startsWith('In stock')));
    expect(stock?.name).toBe('In stock only');
    const sort = r.targets.find((t) => t.dom.id === 'sort');
    expect(sort?.name).toBe('Sort:');
    // the merged checkbox label is not a target when a grid point (here its centre) is on the link
    expect(r.rejectedTargets.find((x) => x.selector.includes('#agree'))?.reason).toBe('occluded_center');
    expect(r.targets.find((t) => t.dom.id === 'general')?.text).toBe('GENERAL');
    // a text with a control inside: its box and text are its own words, the button is a target of its own
    const del = r.targets.find((t) => t.dom.id === 'del')!;
    const btn = r.targets.find((t) => t.name === 'Delete account')!;
    expect(del.text).toBe('Delete your account');
    expect(del.checks.text.refined).toBe(true);
    expect(del.bbox_css[2]).toBeLessThanOrEqual(btn.bbox_css[0]);
    expect(del.bbox_css[2] - del.bbox_css[0]).toBeLessThan(200);
  });
});
