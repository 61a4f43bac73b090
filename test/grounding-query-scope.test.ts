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

/**
 * Issue 15 item 11 (coverage): targets a person can name in three ways that the writer used to leave
 * with fewer. Hand-made screens; each query must resolve to exactly its own target.
 */
describe('coverage of window controls, calendars, sheets and boards (item 11)', () => {
  const writeH = (targets: QueryTarget[], locale: string, hints: Record<string, { action: string; args?: Record<string, string> }>, textRuns = runsOf(targets)): WrittenQuery[] =>
    writeQueries({ targets, locale, recordId: 'grounding-1-0000000', rng: new Rng('cov'), pageTexts: targets.flatMap((t) => [t.name, t.text]).filter(Boolean).map((s) => s.toLowerCase()), textRuns, hints });
  const resolvesToOwn = (qs: readonly WrittenQuery[], targets: readonly QueryTarget[], locale: string, hints?: Record<string, { action: string; args?: Record<string, string> }>): void => {
    for (const q of qs) if (q.tid) expect(resolveQuery(q.spec, targets, { locale, hints }).map((t) => t.tid), q.text).toEqual([q.tid]);
  };
  const styles = (qs: readonly WrittenQuery[], t: QueryTarget): string[] => [...new Set(ofTarget(qs, t).map((q) => q.style))].sort();

  /** A macOS window "Musik" (traffic lights, title) above a Dock whose icon-only "Musik" item is named like the window. */
  function macWindow(skin: 'macos' | 'windows', menuBarShowsTitle = false) {
    nextId = 0;
    const lm = 'Musik';
    const sfx = skin === 'macos' ? '' : '-win';
    const keys = skin === 'macos' ? ['close', 'minimize', 'zoom'] : ['minimize', 'zoom', 'close'];
    const x0 = skin === 'macos' ? 20 : 700;
    const buttons = keys.map((k, i) => T('button', k, '', [x0 + i * 20, 10, x0 + i * 20 + 12, 22], lm, { dom: { tag: 'button', id: `w0-${k}`, selector: `#w0-${k}` } } as Partial<QueryTarget>));
    const title = T('text', 'Musik', 'Musik', [380, 8, 430, 24], lm);
    const dock = T('link', 'Musik', '', [400, 760, 440, 800], 'Dock', { icon: 'music' });
    const other = T('link', 'Fotos', '', [450, 760, 490, 800], 'Dock', { icon: 'image' });
    const targets = [...buttons, title, dock, other];
    if (menuBarShowsTitle) targets.push(T('menuitem', 'Musik', 'Musik', [40, 0, 90, 6], 'Menüleiste'), T('menuitem', 'Ablage', 'Ablage', [100, 0, 150, 6], 'Menüleiste'));
    const hints = Object.fromEntries(keys.map((k) => [`w0-${k}`, { action: `app-window-${k}${sfx}`, args: { app: 'Musik' } }]));
    return { targets, buttons, hints };
  }
  it('a window\'s caption buttons: described, asked for by what they do and by their place, in German too (no phrase in de before); the window title is nameable beside a Dock icon of the same name', () => {
    const { targets, buttons, hints } = macWindow('macos');
    const qs = writeH(targets, 'de-DE', hints);
    resolvesToOwn(qs, targets, 'de-DE', hints);
    for (const b of buttons) expect(styles(qs, b), b.name).toEqual(['functional', 'positional', 'text']);
    const close = ofTarget(qs, buttons[0]!);
    expect(close.find((q) => q.style === 'functional')!.text).toBe('das Fenster Musik schließen');
    expect(close.find((q) => q.style === 'text')!.text).toBe('die Schließen-Schaltfläche des Fensters Musik');
    // the ordinal in the window named by its title (refused before: the Dock icon "owned" the title by its name)
    expect(close.find((q) => q.style === 'positional')!.spec.kind).toBe('ordinal');
  });
  it.each(['macos', 'windows'] as const)('%s: where the window cannot be quoted (the menu bar shows its name too), the place comes from the page: close is leftmost on macOS, rightmost on Windows', (skin) => {
    const { targets, buttons, hints } = macWindow(skin, true);
    const qs = writeH(targets, 'en-US', hints);
    resolvesToOwn(qs, targets, 'en-US', hints);
    const close = buttons.find((b) => b.name === 'close')!;
    const pos = ofTarget(qs, close).find((q) => q.style === 'positional')!;
    expect(pos.text).toBe(`the ${skin === 'macos' ? 'leftmost' : 'rightmost'} of the three window controls of the Musik window`);
    for (const b of buttons) expect(styles(qs, b)).toEqual(['functional', 'positional', 'text']);
  });

  it('calendar days of this, the previous and the next month have distinct phrases in every language (the two "1"s shared one before)', () => {
    for (const locale of ['en-US', 'ja-JP', 'de-DE', 'es-ES', 'fr-FR', 'ar', 'zh-CN']) {
      nextId = 0;
      const lm = 'Kalender';
      const spec: Array<[string, string]> = [['31', 'pick-day-prev'], ['1', 'pick-day'], ['2', 'pick-day'], ['1', 'pick-day-next']];
      const days = spec.map(([n], i) => T('button', n, n, [10 + i * 40, 100, 30 + i * 40, 120], lm, { dom: { tag: 'button', id: `d${i}`, selector: `#d${i}` } } as Partial<QueryTarget>));
      const hints = Object.fromEntries(spec.map(([n, action], i) => [`d${i}`, { action, args: { name: n } }]));
      const qs = writeH(days, locale, hints);
      resolvesToOwn(qs, days, locale, hints);
      for (const d of days) expect(ofTarget(qs, d).some((q) => q.style === 'functional'), `${locale} ${d.tid}`).toBe(true);
      const fn = days.map((d) => ofTarget(qs, d).find((q) => q.style === 'functional')!.text);
      expect(new Set(fn).size, locale).toBe(4);
    }
  });

  it('the one text of a taskbar (its clock) is "the text in the taskbar"; not where another text is written there', () => {
    nextId = 0;
    const lm = 'Taskleiste';
    const icons = ['Start', 'Suche', 'Explorer'].map((n, i) => T('link', n, '', [500 + i * 44, 760, 540 + i * 44, 800], lm, { icon: ['layout-grid', 'search', 'folder'][i] }));
    const clock = T('text', '12:20 28.05.2024', '12:20 28.05.2024', [1200, 762, 1260, 798], lm);
    const targets = [...icons, clock, T('button', 'OK', 'OK', [600, 300, 660, 330], 'Dialog')];
    const qs = write(targets, 'de-DE');
    resolvesToOwn(qs, targets, 'de-DE');
    expect(ofTarget(qs, clock).find((q) => q.style === 'positional')?.spec).toEqual({ kind: 'only', roleClass: 'text', landmark: lm });
    // the page's hint says what the clock is for: asked for by that too, in the page's language
    const withId = targets.map((t) => (t === clock ? { ...t, dom: { tag: 'span', id: 'clock', selector: '#clock' } } : t));
    const qh = writeH(withId, 'de-DE', { clock: { action: 'clock' } });
    expect(qh.filter((q) => q.tid === clock.tid && q.style === 'functional').map((q) => q.text)).toEqual(['das aktuelle Datum und die Uhrzeit ansehen']);
    // a second text written in the taskbar's extent (a tray label that is no target)
    const qs2 = write(targets, 'de-DE', runsOf(targets, [{ t: 'DEU', r: [1150, 770, 1180, 790] }]));
    expect(ofTarget(qs2, clock).some((q) => q.style === 'positional')).toBe(false);
  });

  it('row headers are counted among row headers ("the third row header from the top"), not among every text of the sheet', () => {
    nextId = 0;
    const lm = 'Budget.xlsx';
    const targets: QueryTarget[] = [];
    const heads: QueryTarget[] = [];
    for (let r = 0; r < 4; r++) {
      const y = 40 + r * 20;
      const h = T('rowheader', String(r + 1), String(r + 1), [0, y, 30, y + 20], lm);
      heads.push(h);
      targets.push(h, T('cell', String(10 * (r + 1)), String(10 * (r + 1)), [30, y, 100, y + 20], lm), T('cell', `Item ${r + 1}`, `Item ${r + 1}`, [100, y, 200, y + 20], lm));
    }
    const qs = write(targets, 'en-US');
    resolvesToOwn(qs, targets, 'en-US');
    const pos = ofTarget(qs, heads[2]!).find((q) => q.style === 'positional')!;
    expect(pos.spec).toMatchObject({ kind: 'ordinal', roleClass: 'rowheader', n: 3, axis: 'col' });
    expect(pos.text).toMatch(/^the third row header/);
  });

  /** Seven evenly spaced weekday headers over a month grid; optionally a checkbox column left of them. */
  function month(extraLeft: boolean) {
    nextId = 0;
    const lm = 'Calendar';
    const heads = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].map((d, i) => T('columnheader', d, d, [100 + i * 120, 50, 130 + i * 120, 66], lm));
    const days = Array.from({ length: 7 }, (_, i) => T('button', String(i + 1), String(i + 1), [100 + i * 120, 80, 115 + i * 120, 96], lm));
    const targets = [...heads, ...days];
    if (extraLeft) targets.push(T('checkbox', 'Week 1', '', [60, 80, 76, 96], lm, { aria: { checked: 'false' } }));
    return { targets, heads };
  }
  it('evenly spaced column headers (calendar weekdays) are counted from the left; not when something of the table lies beside them', () => {
    const a = month(false);
    const qs = write(a.targets, 'en-US');
    resolvesToOwn(qs, a.targets, 'en-US');
    expect(ofTarget(qs, a.heads[1]!).find((q) => q.style === 'positional')?.spec).toMatchObject({ kind: 'ordinal', roleClass: 'columnheader', n: 2, axis: 'row' });
    const b = month(true);
    const qs2 = write(b.targets, 'en-US');
    expect(b.heads.some((h) => ofTarget(qs2, h).some((q) => q.spec.kind === 'ordinal'))).toBe(false);
  });

  it('a kanban column\'s icon-only "+" is no look-alike of its cards (links showing text): "the button in the column"', () => {
    nextId = 0;
    const lm = 'To do';
    const title = T('text', 'To do', 'To do', [10, 10, 60, 26], lm);
    const add = T('button', 'Add: To do', '', [200, 6, 230, 30], lm, { icon: 'plus' });
    const cards = ['Fix login', 'Write docs'].map((c, i) => T('link', c, c, [10, 40 + i * 80, 230, 110 + i * 80], lm));
    const other = T('button', 'Create', 'Create', [400, 6, 480, 30], 'Toolbar');
    const targets = [title, add, ...cards, other, T('button', 'Invite', 'Invite', [500, 6, 580, 30], 'Toolbar')];
    const qs = write(targets, 'en-US');
    resolvesToOwn(qs, targets, 'en-US');
    expect(ofTarget(qs, add).find((q) => q.spec.kind === 'only')?.text).toBe('the button in the "To do" section');
  });
});
