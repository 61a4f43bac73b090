/**
 * Every browser call of a capture ends (hittest/capture.ts `bounded`): a `--pages` page that navigated
 * itself while it was being captured left `Page.captureScreenshot` unanswered, and the whole run waited
 * for ever. Here the browser's answer to every screenshot is withheld on purpose (the page's own CDP
 * session, wrapped): the sample must end as a `timeout` reject naming the screenshot, and the pool must
 * serve the next page as usual.
 */
import { describe, expect, it } from 'vitest';
import type { CDPSession } from 'playwright-core';
import { usePool } from './browser-pool.js';
import { captureAndHitTest } from '../hittest/capture.js';
import { SampleError } from '../core/errors.js';
import type { BrowserPool, PageOptions } from '../renderers/browser.js';

const desktop: PageOptions = { viewport: { width: 640, height: 480 }, dpr: 1, mobile: false, touch: false, colorScheme: 'light', locale: 'en-US' };
const pool = usePool();

/** `real`, except that its pages' CDP sessions never answer `Page.captureScreenshot`. */
function withholdingScreenshots(real: BrowserPool): BrowserPool {
  const withPage: BrowserPool['withPage'] = (opts, source, fn, wopts) =>
    real.withPage(
      opts,
      source,
      (h) =>
        fn({
          ...h,
          cdp: async () => {
            const s = await h.cdp();
            return new Proxy(s, {
              get(t, k) {
                if (k === 'send') return (m: string, p?: object) => (m === 'Page.captureScreenshot' ? new Promise(() => {}) : t.send(m as never, p as never));
                const v = Reflect.get(t, k) as unknown;
                return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
              },
            }) as CDPSession;
          },
        }),
      wopts,
    );
  return { withPage } as unknown as BrowserPool;
}

describe('a capture whose browser call is never answered', () => {
  it('ends as a timeout reject naming the screenshot; the next page is captured as usual', async () => {
    const html = '<!doctype html><body><button>Go</button></body>';
    // (10 s per step: far above what any step of this one-button page takes, even on a loaded machine)
    const err = await captureAndHitTest(withholdingScreenshots(pool()), { html }, desktop, { stepTimeoutMs: 10_000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SampleError);
    expect((err as SampleError).reason).toBe('timeout');
    expect((err as SampleError).message).toMatch(/^screenshot took longer than 10000 ms/);
    const ok = await captureAndHitTest(pool(), { html }, desktop);
    expect(ok.targets.map((t) => t.name)).toEqual(['Go']);
  });
});
