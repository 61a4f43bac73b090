/**
 * Landmark names in queries on generated pages, checked by the independent oracle
 * (test/labels-oracle.ts `checkLandmarkNames`): a quoted landmark name ("im Bereich „Ordner“") must be
 * shown on screen only as that landmark's own whole title. Outlook's folder sidebar is named "Ordner"
 * (its aria-label) while a section heading "Ordner" inside it heads only the folders under it; webmail's
 * message list is named "Inbox" beside an "Inbox" folder link.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecords } from './grounding-coverage-helpers.js';
import { checkLandmarkNames, type LabelProblem } from './labels-oracle.js';
import { BrowserPool } from '../renderers/browser.js';
import { GROUNDING_THEMES, resolveFamilies, sampleScenario, type GroundingLocale } from '../generators/grounding/index.js';
import type { GroundingRecord } from '../core/schema.js';

const ROOT = resolve(__dirname, '..');
const BIN = join(ROOT, 'bin', 'uisynth.js');
const FAMILIES = 'desktop.windows.outlook,web.webmail,desktop.macos.ide';
const LOCALES: GroundingLocale[] = ['de-DE', 'en-US'];
const SEED = 5;

describe('quoted landmark names are the landmark\'s own title on screen', () => {
  let dir = '';
  let records: GroundingRecord[] = [];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'uisynth-landmarks-'));
    const r = spawnSync(process.execPath, [BIN, 'grounding', '--count', '6', '--seed', String(SEED), '--families', FAMILIES, '--locales', LOCALES.join(','), '--out', dir, '--quiet'], { encoding: 'utf8', cwd: ROOT, timeout: 300_000 });
    expect(r.status, r.stderr).toBe(0);
    records = readRecords(dir) as unknown as GroundingRecord[];
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('no quoted landmark name is shown elsewhere, as a section heading inside it, or cut by an ellipsis', async () => {
    const cfg = { families: resolveFamilies(FAMILIES), locales: LOCALES, themes: [...GROUNDING_THEMES] };
    const pool = await BrowserPool.launch({ concurrency: 1 });
    const problems: LabelProblem[] = [];
    let checked = 0;
    try {
      for (const rec of records) {
        const sc = sampleScenario(cfg, SEED, rec.index);
        expect(sc.locale, rec.id).toBe(rec.locale);
        const r = await checkLandmarkNames(pool, { html: sc.html }, { viewport: sc.viewport, dpr: sc.dpr, mobile: sc.mobile, touch: sc.touch, colorScheme: sc.theme, locale: sc.locale }, rec);
        checked += r.checked;
        problems.push(...r.problems);
      }
    } finally {
      await pool.close();
    }
    expect(problems).toEqual([]);
    // landmarks are still named where their name is their title
    expect(checked).toBeGreaterThan(5);
  }, 300_000);
});
