/**
 * Query writer: what a landmark, a grid or an icon name refers to, as a reader of the screenshot takes
 * it (issue 15, ambiguities a newcomer found in generated records):
 * - a landmark is quoted only when the screen shows its name as that landmark's own title, whole;
 * - "row 1, column 1" needs a grid of look-alikes (every row and column holding two or more);
 * - "the reply icon in the window" counts the icons of a toolbar nested in that window;
 * - the iOS / Android Messages compose button is a new-message button, not a new-email one.
 * Hand-made target lists (no browser); the expectations are written out, not taken from the writer.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../core/rng.js';
import { GROUNDING_FAMILIES } from '../generators/grounding/index.js';
import { sampleScenario } from '../generators/grounding/scenarios.js';
import { resolveQuery, writeQueries, type QueryTarget, type WrittenQuery } from '../generators/grounding/queries.js';

type Box = [number, number, number, number];
let nextId = 0;
function T(role: string, name: string, text: string, box: Box, landmark: string | null, extra: Partial<QueryTarget> = {}): QueryTarget {
  nextId++;
  return {
    tid: `t${nextId}`,
    role,
    name,
    text,
    aria: {},
    bbox_css: box,
    dom: { tag: 'div', id: null, selector: `#x${nextId}` },
    context: { neighbors: [], landmark },
    icon: null,
    ...extra,
  } as QueryTarget;
}
/** Every target's own text as one visible run (what the capture reports), plus `extra` runs. */
function runsOf(targets: readonly QueryTarget[], extra: Array<{ t: string; r: Box }> = []): Array<{ t: string; r: number[] }> {
  return [...targets.filter((t) => t.text).map((t) => ({ t: t.text, r: [...t.bbox_css] })), ...extra];
}
function write(targets: QueryTarget[], locale: string, textRuns = runsOf(targets), seed = 'scope'): WrittenQuery[] {
  return writeQueries({
    targets,
    locale,
    recordId: 'grounding-1-0000000',
    rng: new Rng(seed),
    pageTexts: targets.flatMap((t) => [t.name, t.text]).filter(Boolean).map((s) => s.toLowerCase()),
    textRuns,
  });
}
const ofTarget = (qs: readonly WrittenQuery[], t: QueryTarget): WrittenQuery[] => qs.filter((q) => q.tid === t.tid);
const ctx = { locale: 'de-DE' };

describe('landmark names in queries', () => {
  /**
   * An Outlook-like sidebar named "Ordner" (its nav's aria-label): favourites first, then a section
   * heading "Ordner" over the other folders. "im Bereich „Ordner“" would read as the folders under
   * that heading.
   */
  function outlook(): { targets: QueryTarget[]; search: QueryTarget; settings: QueryTarget } {
    nextId = 0;
    const lm = 'Ordner';
    const targets = [
      T('link', 'Posteingang', 'Posteingang', [10, 60, 200, 84], lm),
      T('link', 'Gesendet', 'Gesendet', [10, 84, 200, 108], lm),
      T('heading', 'Ordner', 'Ordner', [10, 120, 200, 140], lm),
      T('link', 'Archiv', 'Archiv', [10, 144, 200, 168], lm),
      T('link', 'Projekte', 'Projekte', [10, 168, 200, 192], lm),
    ];
    // a single search field and a single settings icon in the sidebar (the "only"/icon-in-landmark kinds)
    const search = T('searchbox', 'Suchen', '', [10, 20, 200, 44], lm);
    const settings = T('button', 'Einstellungen', '', [10, 200, 40, 230], lm, { icon: 'settings' });
    // the same icon elsewhere, so the icon query needs its landmark
    const other = T('button', 'Einstellungen', '', [600, 10, 630, 40], 'Symbolleiste', { icon: 'settings' });
    return { targets: [...targets, search, settings, other, T('button', 'Senden', 'Senden', [640, 10, 720, 40], 'Symbolleiste')], search, settings };
  }

  it('a name that is also a visible section heading inside the landmark (not its title) is not quoted', () => {
    const { targets } = outlook();
    const qs = write(targets, 'de-DE');
    expect(qs.length).toBeGreaterThan(10);
    const quoting = qs.filter((q) => q.tid && q.text.includes('im Bereich „Ordner“'));
    expect(quoting.map((q) => q.text)).toEqual([]);
  });

  it('the same landmark is quoted when its name is its title (the heading above all its items)', () => {
    const { targets } = outlook();
    // the heading moved to the top of the sidebar: it now titles every item of the landmark
    const h = targets.find((t) => t.role === 'heading')!;
    h.bbox_css = [10, 0, 200, 18];
    const qs = write(targets, 'de-DE');
    expect(qs.some((q) => q.tid && q.text.includes('im Bereich „Ordner“'))).toBe(true);
  });

  it('a name another landmark shows as a label is not quoted ("Inbox" list beside an "Inbox" folder link)', () => {
    nextId = 0;
    const inbox = T('link', 'Inbox', 'Inbox', [10, 60, 200, 84], 'Folders');
    const rows = [0, 1, 2].map((i) => T('link', `Message ${i}`, `Message ${i}`, [300, 60 + i * 40, 900, 96 + i * 40], 'Inbox'));
    const sel = T('checkbox', 'Select all', '', [300, 20, 320, 40], 'Inbox');
    const targets = [inbox, T('link', 'Sent', 'Sent', [10, 84, 200, 108], 'Folders'), ...rows, sel];
    const qs = write(targets, 'en-US');
    expect(qs.filter((q) => q.tid && q.text.includes('"Inbox" section')).map((q) => q.text)).toEqual([]);
    // with the folder link named otherwise, the list is named by its landmark again
    inbox.name = inbox.text = 'Posteingang';
    expect(write(targets, 'en-US').some((q) => q.tid && q.text.includes('"Inbox" section'))).toBe(true);
  });

  it('a name the screen shows cut by an ellipsis is not quoted', () => {
    nextId = 0;
    const lm = 'Quarterly planning and budget review';
    const title = T('text', lm, 'Quarterly plan…', [300, 4, 420, 20], lm, { checks: { text: { refined: true, lines: 1, line_visible: [1], truncated: true } } as QueryTarget['checks'] });
    const buttons = [0, 1, 2].map((i) => T('button', ['Close', 'Minimize', 'Zoom'][i]!, '', [10 + i * 20, 6, 22 + i * 20, 18], lm));
    const targets = [...buttons, title, T('button', 'Share', 'Share', [600, 40, 680, 70], 'Toolbar')];
    const qs = write(targets, 'en-US');
    // (the title itself may be quoted as painted, "Quarterly plan…"; the landmark may not be named at all)
    expect(qs.filter((q) => q.tid && / section$| in the Quarterly/.test(q.text)).map((q) => q.text)).toEqual([]);
    // painted whole, the title names its window
    title.text = lm;
    title.checks = { text: { refined: true, lines: 1, line_visible: [1], truncated: false } } as QueryTarget['checks'];
    const whole = write(targets, 'en-US');
    expect(whole.some((q) => q.tid && q.style === 'positional' && q.text.includes(`"${lm}" section`))).toBe(true);
  });
});

describe('grids of look-alike controls', () => {
  it('two "Forward" buttons placed diagonally get no row/column ordinal; a 2×2 grid does', () => {
    nextId = 0;
    const a = T('button', 'Weiterleiten', 'Weiterleiten', [100, 100, 200, 130], 'main');
    const b = T('button', 'Weiterleiten', 'Weiterleiten', [400, 300, 500, 330], 'main');
    const spec = { kind: 'dup' as const, roleClass: 'button', label: 'Weiterleiten', icon: null, axis: 'grid' as const, n: 0, row: 1, col: 1 };
    expect(resolveQuery(spec, [a, b], ctx)).toEqual([]);
    const qs = write([a, b, T('link', 'Hilfe', 'Hilfe', [800, 10, 860, 30], 'header')], 'de-DE');
    expect(qs.filter((q) => /Zeile \d, Spalte \d/.test(q.text)).map((q) => q.text)).toEqual([]);
    // four of them in two rows and two columns: a grid a person can count in
    nextId = 0;
    const grid = [0, 1].flatMap((r) => [0, 1].map((c) => T('button', 'Weiterleiten', 'Weiterleiten', [100 + c * 300, 100 + r * 200, 200 + c * 300, 130 + r * 200], 'main')));
    expect(resolveQuery(spec, grid, ctx)).toEqual([grid[0]]);
    const g = write([...grid, T('link', 'Hilfe', 'Hilfe', [800, 10, 860, 30], 'header')], 'de-DE');
    expect(g.some((q) => q.tid === grid[3]!.tid && q.text.includes('Zeile 2, Spalte 2'))).toBe(true);
  });
});

describe('icons counted in their landmark', () => {
  it('"the reply icon in the window" counts the reply icon of the window\'s own toolbar', () => {
    nextId = 0;
    const win = 'Re: Budget';
    const title = T('text', win, win, [400, 4, 520, 20], win);
    const tbReply = T('button', 'Reply', '', [300, 40, 330, 70], 'Toolbar', { icon: 'reply' });
    const tbDelete = T('button', 'Delete', '', [334, 40, 364, 70], 'Toolbar', { icon: 'trash-2' });
    const bodyReply = T('button', 'Reply', '', [300, 400, 330, 430], win, { icon: 'reply' });
    const other = T('button', 'Reply', '', [900, 400, 930, 430], 'Other window', { icon: 'reply' });
    const otherTitle = T('text', 'Other window', 'Other window', [900, 4, 1000, 20], 'Other window');
    const targets = [title, tbReply, tbDelete, bodyReply, other, otherTitle];
    // the toolbar lies inside the window's extent: two reply icons there
    expect(resolveQuery({ kind: 'icon', icon: 'reply', landmark: win }, targets, ctx)).toHaveLength(2);
    const qs = ofTarget(write(targets, 'en-US'), bodyReply);
    expect(qs.filter((q) => q.style === 'icon').map((q) => q.text)).toEqual([]);
    // the same page with the toolbar drawn outside the window: the window holds one reply icon
    tbReply.bbox_css = [1300, 700, 1330, 730];
    tbDelete.bbox_css = [1334, 700, 1364, 730];
    expect(resolveQuery({ kind: 'icon', icon: 'reply', landmark: win }, targets, ctx)).toEqual([bodyReply]);
  });
});

describe('Messages compose button', () => {
  it('is a new-message button in every language (not "Neue E-Mail")', () => {
    const fams = GROUNDING_FAMILIES.filter((f) => /^mobile\.(ios|android)\.messages$/.test(f));
    expect(fams.length).toBe(2);
    let seen = 0;
    for (const fam of fams) {
      for (let i = 0; i < 12; i++) {
        const sc = sampleScenario({ families: [fam], locales: ['de-DE'], themes: ['light'] }, 7, i);
        const ids = Object.entries(sc.hints).filter(([, h]) => h.action === 'cmd:new-chat' || h.action === 'cmd:compose').map(([id]) => id);
        for (const id of ids) {
          seen++;
          const tag = new RegExp(`id="${id}"[^>]*>`).exec(sc.html)?.[0] ?? '';
          expect(sc.hints[id]!.action).toBe('cmd:new-chat');
          expect(tag).toContain('Neue Nachricht');
          expect(tag).not.toContain('E-Mail');
        }
      }
    }
    expect(seen).toBeGreaterThan(0);
  });
});

describe('labels only as the screen shows them', () => {
  /**
   * Order rows: each row's checkbox is named "Select #26254" by aria-label only (the screen shows
   * "#26254" in the next cell, not "Select"); a "Remember me" checkbox has a visible <label>.
   */
  function rows(): { targets: QueryTarget[]; boxes: QueryTarget[]; remember: QueryTarget } {
    nextId = 0;
    const lm = 'Orders';
    const ids = ['#26254', '#51196', '#82630'];
    const boxes: QueryTarget[] = [];
    const targets: QueryTarget[] = [];
    ids.forEach((id, k) => {
      const y = 100 + 40 * k;
      const cb = T('checkbox', `Select ${id}`, '', [20, y, 36, y + 16], lm, { aria: { checked: 'false' } });
      boxes.push(cb);
      targets.push(cb, T('text', id, id, [60, y, 130, y + 16], lm), T('text', `Customer ${k}`, `Customer ${k}`, [160, y, 300, y + 16], lm));
    });
    const remember = T('checkbox', 'Remember me', '', [20, 300, 36, 316], null, { aria: { checked: 'true' } });
    targets.push(remember);
    return { targets, boxes, remember };
  }
  it.each(['en-US', 'de-DE', 'ja-JP', 'zh-CN'])('%s: an aria-only name is never quoted; a name the screen shows is', (locale) => {
    const { targets, boxes, remember } = rows();
    // the <label> of "Remember me" is a visible text run beside its box
    const qs = write(targets, locale, runsOf(targets, [{ t: 'Remember me', r: [40, 300, 140, 316] }]));
    for (const b of boxes) for (const q of ofTarget(qs, b)) expect(q.text, q.text).not.toMatch(/Select/);
    expect(boxes.some((b) => ofTarget(qs, b).length > 0), 'the row checkboxes still get queries (place, state)').toBe(true);
    expect(ofTarget(qs, remember).some((q) => q.text.includes('Remember me'))).toBe(true);
  });
});

describe('a quoted accessible name must be on screen', () => {
  // a calendar's day buttons show "17", "18"; their accessible names are full dates ("17. Jan.")
  it('a day button showing "17" is never asked for by its name "17. Jan." in any style', () => {
    for (const locale of ['de-DE', 'ja-JP', 'en-US']) {
      nextId = 0;
      const days = [17, 18, 19, 20].map((d, i) => T('button', `${d}. Jan.`, String(d), [10 + i * 40, 100, 40 + i * 40, 130], null, { hint: { action: 'pick-date' } } as Partial<QueryTarget>));
      const qs = write(days, locale);
      const quotesName = qs.filter((q) => /Jan\./.test(q.text));
      expect(quotesName.map((q) => q.text), locale).toEqual([]);
      expect(qs.length, locale).toBeGreaterThan(0); // the days are still asked for, by what they show
    }
  });
});
