/**
 * renderers/browser.ts `guardBrowser`: a set-up call of a page that Chromium never answers (Playwright left
 * `newPage` pending for ever when Chromium was killed while it opened the page; a newcomer's run at
 * concurrency 2 hung in 5 of 7 kills) ends with a `capture_failed` reject when the browser exits, or a
 * `timeout` reject after the bound; a call that settles is passed through. A context that Chromium opens after
 * its page gave up is closed when it arrives.
 */
import { EventEmitter } from 'node:events';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SampleError } from '../core/errors.js';
import { BrowserPool, guardBrowser, type PageOptions } from '../renderers/browser.js';

const desktop: PageOptions = { viewport: { width: 400, height: 300 }, dpr: 1, mobile: false, touch: false, colorScheme: 'light', locale: 'en-US' };

/** The two members of a Browser the guard uses: `isConnected` and the `disconnected` event. */
function fakeBrowser(): Browser & { exit(): void } {
  const e = new EventEmitter() as EventEmitter & { connected: boolean };
  e.connected = true;
  return Object.assign(e, {
    isConnected: () => e.connected,
    exit: () => {
      e.connected = false;
      e.emit('disconnected');
    },
  }) as unknown as Browser & { exit(): void };
}
const never = new Promise<string>(() => undefined);

describe('guardBrowser', () => {
  it('a pending call ends as capture_failed when the browser exits', async () => {
    const b = fakeBrowser();
    const guard = guardBrowser(b, 600_000);
    const pending = guard.race(never, 'opening the page').catch((e: unknown) => e);
    b.exit();
    const err = await pending;
    expect(err).toBeInstanceOf(SampleError);
    expect((err as SampleError).reason).toBe('capture_failed');
    guard.dispose();
    expect((b as unknown as EventEmitter).listenerCount('disconnected')).toBe(0);
  });

  it('a browser already gone fails the call at once; a pending call with a step name times out', async () => {
    const gone = fakeBrowser();
    gone.exit();
    const err = await guardBrowser(gone, 600_000).race(never, 'x').catch((e: unknown) => e);
    expect((err as SampleError).reason).toBe('capture_failed');
    const slow = guardBrowser(fakeBrowser(), 50);
    const late = await slow.race(never, 'opening the page').catch((e: unknown) => e);
    expect((late as SampleError).reason).toBe('timeout');
    expect((late as SampleError).message).toMatch(/opening the page took longer than 0.05 s/);
    slow.dispose();
  });

  it('passes a settled call through, its value or its error', async () => {
    const guard = guardBrowser(fakeBrowser(), 600_000);
    expect(await guard.race(Promise.resolve('ok'), 'a')).toBe('ok');
    await expect(guard.race(Promise.reject(new Error('boom')), 'b')).rejects.toThrow('boom');
    guard.dispose();
  });
});

describe('a browser context that arrives after the page gave up', () => {
  it('is closed when it comes (no context left open in Chromium)', async () => {
    // timers fire in deadline order, so the 300 ms page timeout always wins over the context held back 1.5 s
    const pool = await BrowserPool.launch({ concurrency: 1, timeoutMs: 300, setupTimeoutMs: 300 });
    try {
      const browser = (pool as unknown as { browser: Browser }).browser;
      const real = browser.newContext.bind(browser);
      let arrived = false;
      browser.newContext = (async (...a: Parameters<Browser['newContext']>) => {
        await new Promise((r) => setTimeout(r, 1500));
        const c = await real(...a);
        arrived = true;
        return c;
      }) as Browser['newContext'];
      const err = await pool.withPage(desktop, { html: '<p>x</p>' }, async () => 'loaded').catch((e: unknown) => e);
      expect((err as SampleError).reason).toBe('timeout');
      expect((err as SampleError).message).toMatch(/opening a browser context took longer than 0.3 s/);
      // a condition, not a time: the held-back context arrives, then is closed (the hang guard is the suite's)
      while (!arrived || browser.contexts().length > 0) await new Promise((r) => setTimeout(r, 50));
      expect(browser.contexts()).toEqual([]);
    } finally {
      await pool.close();
    }
  });
});
