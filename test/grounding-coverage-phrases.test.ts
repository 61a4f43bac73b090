/**
 * Issue 15 item 11 (coverage), writer side on light fixtures: a table cell whose row shows no label of
 * its own is asked for by its column header and its row's number under the header, in all 7 page
 * languages; and every icon name of the phrase tables names one picture per language (an icon query
 * "the button with the network icon" must not also describe a second, different icon).
 * The same queries on rendered pages are checked by test/labels-oracle.ts (test/grounding-coverage.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../core/rng.js';
import { resolveQuery, writeQueries, type QueryTarget } from '../generators/grounding/queries.js';
import { ICON_DESCRIPTIONS } from '../generators/grounding/phrases.js';
import { iconName } from '../generators/grounding/icon-names.js';
import { GROUNDING_LOCALES } from '../generators/grounding/locales.js';

type Box = [number, number, number, number];
/** A 3-row table in landmark "Files": Kind | Modified; rows Folder 1 May, Folder 2 May, File 3 May. */
function table(): QueryTarget[] {
  let n = 0;
  const T = (role: string, text: string, box: Box): QueryTarget =>
    ({ tid: `t${n++}`, role, name: text, text, aria: {}, bbox_css: box, dom: { tag: 'td', id: null, selector: `#c${n}` }, context: { neighbors: [], landmark: 'Files' }, icon: null }) as QueryTarget;
  return [
    T('columnheader', 'Kind', [0, 0, 200, 30]),
    T('columnheader', 'Modified', [200, 0, 400, 30]),
    T('cell', 'Folder', [0, 30, 200, 60]),
    T('cell', '1 May', [200, 30, 400, 60]),
    T('cell', 'Folder', [0, 60, 200, 90]),
    T('cell', '2 May', [200, 60, 400, 90]),
    T('cell', 'File', [0, 90, 200, 120]),
    T('cell', '3 May', [200, 90, 400, 120]),
  ];
}
const write = (locale: string, withRuns = true) => {
  const targets = table();
  const qs = writeQueries({
    targets,
    locale,
    recordId: 'grounding-1-0000000',
    rng: new Rng('coverage-table'),
    pageTexts: targets.map((t) => t.text),
    textRuns: withRuns ? targets.map((t) => ({ t: t.text, r: t.bbox_css })) : undefined,
  });
  return { targets, qs };
};

describe('table cells by row number under the header (all 7 languages)', () => {
  const EXPECTED: Record<string, string> = {
    'en-US': 'the cell in the "Modified" column of the first row below the header',
    'zh-CN': '表头下方第一行中“Modified”列的单元格',
    'ja-JP': '見出しの下1行目の「Modified」列のセル',
    'de-DE': 'die Zelle in der Spalte „Modified“ in der ersten Zeile unter der Kopfzeile',
    'es-ES': 'la celda de la columna «Modified» en la primera fila bajo el encabezado',
    'fr-FR': 'la cellule de la colonne « Modified » dans la première ligne sous l’en-tête',
    ar: 'الخلية في عمود "Modified" ضمن الصف رقم 1 أسفل العناوين',
  };
  for (const locale of GROUNDING_LOCALES) {
    it(`${locale}: a row without a label of its own is named by its number; a row with one by that label`, () => {
      const { targets, qs } = write(locale);
      // "1 May": the other cell of its row ("Folder") is shown twice, so the row is named by its number
      const first = qs.find((q) => q.tid === targets[3]!.tid && q.style === 'positional')!;
      expect(first.text).toBe(EXPECTED[locale]);
      expect(first.spec).toEqual({ kind: 'cellnth', landmark: 'Files', row: 2, col: 2, colLabel: 'Modified' });
      expect(resolveQuery(first.spec, targets, { locale })).toEqual([targets[3]]);
      const second = qs.find((q) => q.tid === targets[5]!.tid && q.style === 'positional')!;
      expect(second.spec).toMatchObject({ kind: 'cellnth', row: 3, col: 2 });
      // the "File" row is named by its label, the first "Folder" by its row's date
      expect(qs.find((q) => q.tid === targets[7]!.tid && q.style === 'positional')!.spec).toMatchObject({ kind: 'cell', rowLabel: 'File', colLabel: 'Modified' });
      expect(qs.find((q) => q.tid === targets[2]!.tid && q.style === 'positional')!.spec).toMatchObject({ kind: 'cell', rowLabel: '1 May', colLabel: 'Kind' });
    });
  }
  it('without the visible texts of the screen (the table seen is not known to be the table read) no row numbers', () => {
    const { qs } = write('en-US', false);
    expect(qs.filter((q) => q.spec.kind === 'cellnth')).toEqual([]);
  });
});

describe('icon names', () => {
  /** Variants of one picture (lucide draws them alike) may share a name. */
  const SAME_PICTURE = [['send', 'send-horizontal'], ['user', 'user-round'], ['key', 'key-round']];
  const alias = (a: string, b: string): boolean => SAME_PICTURE.some((p) => p.includes(a) && p.includes(b));
  it('no two different icons share a name in any language', () => {
    const icons = Object.keys(ICON_DESCRIPTIONS);
    const clashes: string[] = [];
    for (const lang of ['en', 'zh', 'ja', 'de', 'es', 'fr', 'ar'] as const) {
      const seen = new Map<string, string>();
      for (const i of icons) {
        const d = lang === 'en' ? ICON_DESCRIPTIONS[i]!.en : lang === 'zh' ? ICON_DESCRIPTIONS[i]!.zh : iconName(i, lang);
        if (d === null) continue;
        const o = seen.get(d);
        if (o !== undefined && !alias(o, i)) clashes.push(`${lang}: ${o} / ${i} = ${d}`);
        seen.set(d, i);
      }
    }
    expect(clashes).toEqual([]);
  });
  it('the new editor, media and formatting icons have a name in every page language', () => {
    for (const i of ['crop', 'pipette', 'play', 'skip-forward', 'bold', 'paint-bucket', 'git-branch']) {
      expect(ICON_DESCRIPTIONS[i]?.zh, i).toMatch(/\p{Script=Han}/u);
      for (const l of ['ja', 'de', 'es', 'fr', 'ar'] as const) expect(iconName(i, l), `${i} ${l}`).not.toBeNull();
    }
  });
});

describe('the legacy Mail page names its window controls and its menu-bar clock', () => {
  it('the clock has an id and the clock hint; each window control has a description of its own (en, zh)', async () => {
    const { sampleScenario } = await import('../generators/grounding/scenarios.js');
    const { ACTIONS } = await import('../generators/grounding/phrases.js');
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const sc = sampleScenario({ families: ['desktop.macos.mail'], locales: [locale], themes: ['light'] }, 1, 0);
      expect(sc.html).toMatch(/<span class="mb-clock" id="mb-clock">[^<]+<\/span>/);
      expect(sc.hints['mb-clock']).toEqual({ action: 'clock' });
      for (const id of ['win-close', 'win-min', 'win-zoom']) {
        const texts = ACTIONS[sc.hints[id]!.action]!.text;
        expect(texts?.en?.length, id).toBeGreaterThan(0);
        expect(texts?.zh?.length, id).toBeGreaterThan(0);
      }
    }
    // the three descriptions are distinct (each names one control)
    expect(new Set(['window-close', 'window-minimize', 'window-zoom'].map((k) => ACTIONS[k]!.text!.en![0])).size).toBe(3);
  });
});
