/**
 * Running the in-page probe (hittest/page/probe.ts) in a page: the page modules are bundled by
 * hittest/bundle.ts and evaluated in ONE `page.evaluate` that returns the result as one JSON string.
 *
 * The probe's argument and result types live in hittest/page/types.ts and are re-exported here.
 */
import type { Page } from 'playwright-core';
import { callInPage } from './bundle.js';
import type { ProbeArgs, ProbeResult } from './page/types.js';

export type { CssBox, ProbeArgs, ProbeCandidate, ProbePoint, ProbeResult, ProbeTextItem } from './page/types.js';

/**
 * Probe the settled page `page` once: every grounding candidate with its measurements (CSS px of the
 * top-level viewport), the visible texts and unpainted glyphs; leaves the page state that
 * hittest/capture.ts's follow-up calls use under `window[Symbol.for('uisynth.probe')]`.
 * @throws whatever `page.evaluate` throws (page closed or crashed); single elements never throw.
 */
export function runProbe(page: Page, args: ProbeArgs): Promise<ProbeResult> {
  return callInPage<ProbeArgs, ProbeResult>(page, 'probe.ts', '__uisynthProbe', 'probePage', args);
}
