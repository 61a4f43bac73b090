/**
 * Running the settle step (hittest/page/settle.ts: freeze, lazy images, fonts, images, media, timers)
 * in a page: bundled by hittest/bundle.ts and evaluated in ONE `page.evaluate`.
 */
import type { Page } from 'playwright-core';
import { callInPage } from './bundle.js';
import type { SettleResult } from './page/settle.js';

export type { SettleResult } from './page/settle.js';

/**
 * Settle the loaded page `page` (see hittest/page/settle.ts). `timeoutMs` bounds each font and image
 * wait; `frames` real animation frames pass before timers freeze (default 0).
 * @throws whatever `page.evaluate` throws (page closed or crashed).
 */
export function runSettle(page: Page, arg: { timeoutMs: number; frames?: number }): Promise<SettleResult> {
  return callInPage<typeof arg, SettleResult>(page, 'settle.ts', '__uisynthSettle', 'settleInPage', arg);
}
