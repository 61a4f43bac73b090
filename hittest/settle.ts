/**
 * Running the settle step (hittest/page/settle.ts: freeze, lazy images, fonts, images, media, timers)
 * in a page: bundled by hittest/bundle.ts and evaluated in ONE `page.evaluate`.
 */
import type { Page } from 'playwright-core';
import { pageBundle } from './bundle.js';
import type { SettleResult } from './page/settle.js';

export type { SettleResult } from './page/settle.js';

/**
 * Settle the loaded page `page` (see hittest/page/settle.ts). `timeoutMs` bounds each font and image
 * wait; `frames` real animation frames pass before timers freeze (default 0). Also returns
 * `scrolled`: whether the visual viewport is scrolled away from the document origin afterwards
 * (`visualViewport.pageLeft/pageTop` not both 0), read in the same evaluate, so that hittest/capture.ts
 * can skip asking the browser for the scroll offset (`Page.getLayoutMetrics`) before the saved
 * screenshot when it is 0.
 * @throws whatever `page.evaluate` throws (page closed or crashed).
 */
export async function runSettle(page: Page, arg: { timeoutMs: number; frames?: number }): Promise<SettleResult & { scrolled: boolean }> {
  const src = await pageBundle('settle.ts', '__uisynthSettle');
  const expr =
    `(async () => {\n${src}\nconst r = await __uisynthSettle.settleInPage(${JSON.stringify(arg)});\n` +
    `const vv = window.visualViewport;\nr.scrolled = !vv || vv.pageLeft !== 0 || vv.pageTop !== 0;\nreturn JSON.stringify(r);\n})()`;
  return JSON.parse((await page.evaluate(expr)) as string) as SettleResult & { scrolled: boolean };
}
