/**
 * Running the in-page probe (hittest/page/probe.ts) in a page: the page modules are bundled by
 * hittest/bundle.ts and evaluated in ONE `page.evaluate` that returns the result as one JSON string
 * (much cheaper than Playwright's structured serialisation for results this large).
 *
 * The probe's argument and result types live in hittest/page/types.ts and are re-exported here.
 */
import type { Page } from 'playwright-core';
import { pageBundle } from './bundle.js';
import type { ProbeArgs, ProbeResult } from './page/types.js';

export type { CssBox, ProbeArgs, ProbeCandidate, ProbePoint, ProbeResult, ProbeTextItem } from './page/types.js';

/** Global the probe bundle assigns its exports to (`probePage`). */
export const PROBE_GLOBAL = '__uisynthProbe';

/**
 * Probe the settled page `page` once: every grounding candidate with its measurements (CSS px of the
 * top-level viewport), the visible texts and unpainted glyphs; leaves the page state that
 * hittest/capture.ts's follow-up calls use under `window[Symbol.for('uisynth.probe')]`.
 * @throws whatever `page.evaluate` throws (page closed or crashed); single elements never throw.
 */
export async function runProbe(page: Page, args: ProbeArgs): Promise<ProbeResult> {
  const src = await pageBundle('probe.ts', PROBE_GLOBAL);
  const expr = `(async () => {\n${src}\nreturn JSON.stringify(await ${PROBE_GLOBAL}.probePage(${JSON.stringify(args)}));\n})()`;
  return JSON.parse((await page.evaluate(expr)) as string) as ProbeResult;
}
