/**
 * renderers/meta-refresh.ts against the consumer: Chromium itself. Each case is a page with the refresh tag
 * under test (delay under 1 s) and a control tag, `content="1; url=sentinel.html"`. Chromium keeps a scheduled
 * refresh that is strictly shorter than a later one and lets a later one replace a longer one, so the tag
 * under test wins whenever Chromium runs it, in either order, and the page goes to sentinel.html only when
 * Chromium ignored that tag. The first document Chromium requests after the page is therefore what it made of
 * the tag, decided by its own rule and not by timing: `parseRefresh` / `holdMetaRefresh` must predict exactly
 * that, and a held document (control added after holding) must always reach sentinel.html.
 */
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS } from '../renderers/browser.js';
import { effectiveRefresh, HELD_ATTRIBUTE, holdMetaRefresh, parseRefresh } from '../renderers/meta-refresh.js';

const BASE = 'http://refresh.test/dir/page.html';
const SENTINEL = 'http://refresh.test/dir/sentinel.html';

let browser: Browser;
beforeAll(async () => {
  const { findChromium } = (await import('../renderers/find-chromium.mjs' as string)) as { findChromium: () => { path: string } | null };
  const exe = findChromium();
  if (!exe) throw new Error('no Chromium found (see renderers/find-chromium.mjs)');
  browser = await chromium.launch({ executablePath: exe.path, headless: true, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
});

/** The first document Chromium requests after serving `html` at BASE (the sentinel when the refresh did nothing). */
async function nextDocument(html: string | Buffer): Promise<string> {
  const context = await browser.newContext();
  try {
    let resolveNext!: (u: string) => void;
    const next = new Promise<string>((r) => (resolveNext = r));
    let served = false;
    await context.route('**/*', (route) => {
      const req = route.request();
      if (req.isNavigationRequest() && req.frame().parentFrame() === null) {
        if (!served) {
          served = true;
          return route.fulfill({ status: 200, contentType: 'text/html', body: html });
        }
        resolveNext(req.url());
        return route.abort();
      }
      return route.abort();
    });
    const page = await context.newPage();
    void page.goto(BASE).catch(() => undefined);
    return await next;
  } finally {
    await context.close();
  }
}

const CONTROL = '<meta http-equiv="refresh" content="1; url=sentinel.html">';
const CONTROL_REFRESH = { delaySeconds: 1, url: SENTINEL };
/** A page with `tag`, and the control tag unless `control` is false (it is added after holding). */
const page = (tag: string, control = true): string => `<!doctype html><html><head>${tag}${control ? CONTROL : ''}</head><body><p>x</p></body></html>`;

// content attributes of delay 0, in the forms the standard's parser distinguishes
const CONTENTS = [
  '0; url=target.html',
  '0;URL=target.html',
  '0, target.html',
  ' 0 ; url = "quoted.html" tail"',
  "0; url='single.html'",
  '0 url=space.html',
  '0',
  '0.9; url=fraction.html',
  '0.1.2; url=two-stops.html',
  '0; url="unclosed.html',
  '0; url=',
  ';url=nodelay.html',
  '.; url=stop.html',
  '.5; url=dot.html',
  '0; ufoo.html',
  '0x; url=bad.html',
  'x; url=word.html',
  '',
  '0; url=/root.html',
  '0; url=https://other.test/a',
];

describe('meta refresh: our reading of a tag is what Chromium does with it', () => {
  it.each(CONTENTS)('content=%j', async (content) => {
    const got = await nextDocument(page(`<meta http-equiv="refresh" content="${content.replaceAll('"', '&quot;')}">`));
    const r = parseRefresh(content, BASE);
    expect(got).toBe(effectiveRefresh(r ? [r, CONTROL_REFRESH] : [CONTROL_REFRESH])!.url);
    if (r) expect(r.delaySeconds).toBeLessThan(1);
  });

  it.each([
    ['noscript', `<noscript><meta http-equiv="refresh" content="0; url=target.html"></noscript>`],
    ['template', `<template><meta http-equiv="refresh" content="0; url=target.html"></template>`],
    ['comment', `<!-- <meta http-equiv="refresh" content="0; url=target.html"> -->`],
    ['padded http-equiv', `<meta http-equiv=" refresh " content="0; url=target.html">`],
    ['upper case, unquoted', `<META HTTP-EQUIV=REFRESH CONTENT="0;url=target.html">`],
    ['in the body', `</head><body><meta http-equiv="refresh" content="0; url=target.html">`],
  ])('%s: the tags we find are the tags Chromium runs', async (_name, tag) => {
    const html = page(tag);
    const got = await nextDocument(html);
    const found = holdMetaRefresh(Buffer.from(html), BASE).refreshes;
    expect(found).toContainEqual(CONTROL_REFRESH);
    expect(got).toBe(effectiveRefresh(found)!.url);
  });

  it.each([
    ['two of delay 0: the later', ['0; url=first.html', '0; url=second.html'], 'second.html'],
    ['0 then 5: the shorter', ['0; url=first.html', '5; url=second.html'], 'first.html'],
    ['5 then 0: the shorter', ['5; url=first.html', '0; url=second.html'], 'second.html'],
  ])('several tags, %s runs', async (_name, contents, target) => {
    const html = page(contents.map((c) => `<meta http-equiv="refresh" content="${c}">`).join(''), false);
    const runs = effectiveRefresh(holdMetaRefresh(Buffer.from(html), BASE).refreshes);
    expect(runs?.url).toBe(`http://refresh.test/dir/${target}`);
    expect(await nextDocument(html)).toBe(runs!.url);
  });
});

describe('holdMetaRefresh', () => {
  it('a held document never refreshes in Chromium, and only the attribute name changed', async () => {
    const html = page(`<meta http-equiv="refresh" content="0; url=target.html"><META Http-Equiv=Refresh content=0>`, false);
    const held = holdMetaRefresh(Buffer.from(html), BASE);
    expect(held.refreshes).toEqual([
      { delaySeconds: 0, url: 'http://refresh.test/dir/target.html' },
      { delaySeconds: 0, url: BASE },
    ]);
    expect(held.body.toString().replaceAll(HELD_ATTRIBUTE, 'http-equiv')).toBe(html.replace('Http-Equiv', 'http-equiv'));
    expect(await nextDocument(html)).toBe(effectiveRefresh(held.refreshes)!.url);
    // the control tag, added after holding, is the only refresh left
    expect(await nextDocument(held.body.toString().replace('</head>', `${CONTROL}</head>`))).toBe(SENTINEL);
  });

  it('keeps every other byte, in any ASCII-compatible encoding and with CRLF line ends', () => {
    const latin1 = Buffer.concat([
      Buffer.from('<!doctype html>\r\n<html><head><meta charset="windows-1252">\r\n<meta http-equiv="refresh" content="5; url=caf'),
      Buffer.from([0xe9]),
      Buffer.from('.html"></head><body>'),
      Buffer.from([0xe9, 0xe8]),
      Buffer.from('</body></html>'),
    ]);
    const held = holdMetaRefresh(latin1, BASE);
    expect(held.refreshes).toEqual([{ delaySeconds: 5, url: 'http://refresh.test/dir/caf%C3%A9.html' }]);
    const expected = Buffer.from(latin1.toString('latin1').replace('http-equiv="refresh"', `${HELD_ATTRIBUTE}="refresh"`), 'latin1');
    expect(held.body.equals(expected)).toBe(true);
  });

  it('returns the input itself when there is no refresh tag (a page mentioning the word included)', () => {
    for (const html of ['<p>x</p>', '<p>press F5 to refresh</p><meta name="refresh" content="0">']) {
      const b = Buffer.from(html);
      const held = holdMetaRefresh(b, BASE);
      expect(held.body).toBe(b);
      expect(held.refreshes).toEqual([]);
    }
  });
});
