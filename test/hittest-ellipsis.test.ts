/**
 * Text cut by `text-overflow: ellipsis` is recorded as the screenshot shows it, and text that fits is
 * not cut (test/fixtures/pages/text-ellipsis.html). The oracle is Chromium's own drawing: each marked
 * element is captured as it is and again with `text-overflow: clip`; the two differ exactly when an
 * ellipsis was drawn. A recorded text ends with `…` exactly then. (Before the fix, text ending near its
 * box's edge — right-aligned, an RTL line, a table cell — was recorded cut although it fits: "¥48,50…".)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { usePool } from './browser-pool.js';
import { captureAndHitTest } from '../hittest/capture.js';
import { fixtureOptions } from './oracle.js';

const FILE = join(import.meta.dirname, 'fixtures', 'pages', 'text-ellipsis.html');
const pool = usePool();

it('a recorded text ends with … exactly when Chromium draws an ellipsis for it', async () => {
  const opts = fixtureOptions(readFileSync(FILE, 'utf8'), 1);
  const r = await captureAndHitTest(pool(), { file: FILE }, opts);
  // the oracle: does the element's picture change when its ellipsis is turned off?
  const drawn = await pool().withPage(opts, { file: FILE }, async (h) => {
    const out: Record<string, boolean> = {};
    for (const k of ['el-plain', 'el-fits', 'el-right-fits', 'el-rtl-fits', 'el-cell-fits', 'el-cell-cut']) {
      const el = h.page.locator(`[data-k="${k}"]`);
      const a = await el.screenshot();
      await el.evaluate((e) => ((e as HTMLElement).style.textOverflow = 'clip'));
      const b = await el.screenshot();
      await el.evaluate((e) => ((e as HTMLElement).style.textOverflow = ''));
      out[k] = !a.equals(b);
    }
    return out;
  });
  expect(drawn).toEqual({ 'el-plain': true, 'el-fits': false, 'el-right-fits': false, 'el-rtl-fits': false, 'el-cell-fits': false, 'el-cell-cut': true });
  const byText = new Map(r.targets.map((t) => [t.text, t]));
  for (const [k, full] of [['el-right-fits', '¥48,500'], ['el-rtl-fits', 'قصير'], ['el-cell-fits', 'Size'], ['el-fits', 'Short enough']] as const) {
    expect(byText.has(full), `${k}: recorded whole as "${full}" (targets: ${[...byText.keys()].filter((t) => t && !t.includes(' ')).join(' | ')})`).toBe(true);
  }
  const cut = r.targets.find((t) => t.text?.startsWith('Mitteil'));
  expect(cut?.text, `the overflowing cell is recorded cut (targets: ${r.targets.map((t) => t.text).join(' | ')})`).toMatch(/…$/);
});
