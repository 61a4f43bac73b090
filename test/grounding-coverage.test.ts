/**
 * Issue 15 item 11 (coverage) with item 9 (locale): on a small fixed generated run, the share of
 * accepted targets with queries of >= 3 distinct styles stays at the level reached, and every query is
 * written in the page's language (tag and script, measured from the records by
 * test/grounding-coverage-helpers.ts, not by the writer).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverage, readRecords, type CoverageRecord } from './grounding-coverage-helpers.js';

const ROOT = resolve(__dirname, '..');
const BIN = join(ROOT, 'bin', 'uisynth.js');

describe('grounding query coverage (issue 15 items 9, 11)', () => {
  let dir = '';
  let records: CoverageRecord[] = [];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'uisynth-cov-'));
    const r = spawnSync(process.execPath, [BIN, 'grounding', '--count', '7', '--seed', '11', '--locales', 'all', '--out', dir], { encoding: 'utf8', cwd: ROOT, timeout: 300_000 });
    expect(r.status, r.stderr).toBe(0);
    records = readRecords(dir);
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the helper counts distinct styles per target (hand-made records)', () => {
    const c = coverage([
      {
        locale: 'fr-FR',
        targets: [{ tid: 't0' }, { tid: 't1' }],
        queries: [
          { text: 'le bouton « OK »', locale: 'fr-FR', style: 'text', tid: 't0' },
          { text: 'cliquez sur « OK »', locale: 'fr-FR', style: 'text', tid: 't0' },
          { text: 'valider', locale: 'fr-FR', style: 'functional', tid: 't0' },
          { text: 'the OK button', locale: 'en-US', style: 'spatial', tid: 't0' },
          { text: 'l’icône « loupe »', locale: 'fr-FR', style: 'icon', tid: 't1' },
        ],
      },
      { locale: 'ja-JP', targets: [{ tid: 't0' }], queries: [{ text: 'the Save button', locale: 'ja-JP', style: 'text', tid: 't0' }] },
    ]);
    expect([c.targets, c.covered, c.queries, c.inPageLang]).toEqual([3, 1, 6, 4]);
    expect(c.foreign.map((f) => f.text)).toEqual(['the OK button', 'the Save button']);
  });

  it('>= 3 query styles for at least 39% of targets (33.7% before icon and role phrases in ja/de/es/fr/ar, 39.8% now)', () => {
    const c = coverage(records);
    expect(c.targets).toBeGreaterThan(300);
    expect(c.share).toBeGreaterThanOrEqual(0.39);
  });

  it('every query is in the page language; pages in ja/ar get icon queries in their own language', () => {
    const c = coverage(records);
    expect(c.foreign).toEqual([]);
    for (const lang of ['ja', 'ar']) {
      const pages = records.filter((r) => r.locale.startsWith(lang));
      expect(pages.length, lang).toBeGreaterThan(0);
      expect(pages.some((r) => r.queries.some((q) => q.style === 'icon')), lang).toBe(true);
    }
  });
});
