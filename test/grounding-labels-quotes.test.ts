/**
 * Issue 15 items 2–3 on generated mail pages: a description or functional phrase that comes from the
 * page's hint ("段国良发来的“回复：年度总结”", "open the email from … about "…"") quotes the mail's
 * subject; the subject of the open mail is shown again in the reading pane, so such a quote matches a
 * second visible text. Every quoted span of every text / state / functional query must be shown by
 * no visible text but the target's — checked by the independent oracle test/labels-oracle.ts on the
 * re-rendered pages (zh-CN and en-US, the three mail families).
 * Measured on `grounding --count 20 --seed 3 --families desktop.macos.mail,desktop.windows.outlook,web.webmail
 * --locales all`: 41 such quotes before (zh-CN 24, en-US 12, ja-JP 3, fr-FR 2), 5 after (ja-JP / fr-FR
 * role phrases naming a control by its accessible name, not from a hint); coverage 56.4% -> 55.0%.
 * On the same pages, landmark names ("the third link in the "Inbox" section"): a quoted landmark name
 * must be shown on screen only as that landmark's own whole title (`checkLandmarkNames`); webmail's
 * message list is named "Inbox" beside an "Inbox" folder link, Outlook's folder sidebar "Folders"
 * over a section heading "Folders" that heads only the folders under it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRecords } from './grounding-coverage-helpers.js';
import { checkLabelsOn, checkLandmarkNamesOn, onOraclePage, quotedSpans, type LabelProblem } from './labels-oracle.js';
import { usePool } from './browser-pool.js';
import { GROUNDING_THEMES, resolveFamilies, sampleScenario, type GroundingLocale } from '../generators/grounding/index.js';
import type { GroundingRecord } from '../core/schema.js';

const ROOT = resolve(__dirname, '..');
const BIN = join(ROOT, 'bin', 'uisynth.js');
const FAMILIES = 'desktop.macos.mail,desktop.windows.outlook,web.webmail';
const LOCALES: GroundingLocale[] = ['zh-CN', 'en-US'];
const SEED = 3;

describe('hint-derived phrases quote only text shown once (mail pages)', () => {
  const pool = usePool();
  let dir = '';
  let records: GroundingRecord[] = [];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'uisynth-quotes-'));
    const r = spawnSync(process.execPath, [BIN, 'grounding', '--count', '8', '--seed', String(SEED), '--families', FAMILIES, '--locales', LOCALES.join(','), '--out', dir, '--quiet'], { encoding: 'utf8', cwd: ROOT, timeout: 300_000 });
    expect(r.status, r.stderr).toBe(0);
    records = readRecords(dir) as unknown as GroundingRecord[];
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  type Found = { checked: number; problems: LabelProblem[] };
  let judged: Promise<{ labels: Found; landmarks: Found }> | undefined;
  /**
   * Both oracle checks on every record's re-rendered page: one render per record serves the two tests
   * (the checks only read the page), each test asserting its own check's result.
   */
  function overPages(): Promise<{ labels: Found; landmarks: Found }> {
    judged ??= (async () => {
      // the CLI's configuration for these flags (default themes: all)
      const cfg = { families: resolveFamilies(FAMILIES), locales: LOCALES, themes: [...GROUNDING_THEMES] };
      const labels: Found = { checked: 0, problems: [] };
      const landmarks: Found = { checked: 0, problems: [] };
      for (const rec of records) {
        const sc = sampleScenario(cfg, SEED, rec.index);
        expect(sc.locale, rec.id).toBe(rec.locale);
        const opts = { viewport: sc.viewport, dpr: sc.dpr, mobile: sc.mobile, touch: sc.touch, colorScheme: sc.theme, locale: sc.locale };
        await onOraclePage(pool(), { html: sc.html }, opts, async (read) => {
          const l = await checkLabelsOn(read, rec, ['text', 'state', 'functional']);
          labels.checked += l.checked;
          labels.problems.push(...l.problems.filter((p) => p.kind === 'second_text'));
          const m = await checkLandmarkNamesOn(read, rec);
          landmarks.checked += m.checked;
          landmarks.problems.push(...m.problems);
        });
      }
      return { labels, landmarks };
    })();
    return judged;
  }

  it('no quoted span of a text, state or functional query matches a second visible text', async () => {
    const { checked, problems } = (await overPages()).labels;
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(100);
    // the mail rows are still asked for by a quoted subject (where it is shown once)
    const subjects = records.flatMap((r) => r.queries).filter((q) => /the message "|the email with the subject "|发来的“|主题为“/.test(q.text));
    expect(subjects.length).toBeGreaterThan(10);
    expect(subjects.every((q) => quotedSpans(q.text).length >= 1)).toBe(true);
  });

  it('a quoted landmark name is shown only as that landmark\'s own title', async () => {
    const { checked, problems } = (await overPages()).landmarks;
    expect(problems).toEqual([]);
    // landmarks are still named where their name is their title
    expect(checked).toBeGreaterThan(5);
  });
});
