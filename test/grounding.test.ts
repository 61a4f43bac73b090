/**
 * Grounding generator without a browser: scenario templates (every family × locale × theme), the
 * family resolver, determinism, and the query writer on hand-made target lists.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../core/errors.js';
import { Rng } from '../core/rng.js';
import { Query, type Target } from '../core/schema.js';
import { GROUNDING_FAMILIES, resolveFamilies } from '../generators/grounding/index.js';
import { familySchedule, sampleScenario, scenarioIndex, type Scenario } from '../generators/grounding/scenarios.js';
import { parseUnicodeRange, REPO_ROOT } from '../generators/grounding/templating.js';
import { Faker, base, de, en, ja, zh_CN } from '@faker-js/faker';
import { GROUNDING_LOCALES, LANGS, LOCALE_TABLE, type GroundingLocale } from '../generators/grounding/locales.js';
import { localeProfile } from '../generators/grounding/locale-profile.js';
import { resolveQuery, writeQueries, type QueryTarget, type WrittenQuery } from '../generators/grounding/queries.js';

const LOCALES = ['en-US', 'zh-CN'] as const;
const THEMES = ['light', 'dark'] as const;
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const SVG_EMPTY_OK = /^(path|rect|circle|line|polyline|polygon|ellipse)$/;

/** Minimal well-formedness: every non-void element is closed in order; returns the first problem or null. */
function tagBalance(html: string): string | null {
  const body = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<style>[\s\S]*?<\/style>/g, '<style></style>');
  const stack: string[] = [];
  for (const m of body.matchAll(/<(\/?)([a-zA-Z][\w-]*)([^>]*?)(\/?)>/g)) {
    const [, close, rawName, , selfClose] = m;
    const name = rawName!.toLowerCase();
    if (close) {
      const top = stack.pop();
      if (top !== name) return `</${name}> closes <${top ?? 'nothing'}> at ${m.index}`;
    } else if (!VOID.has(name) && !selfClose) stack.push(name);
    else if (selfClose && !VOID.has(name) && !SVG_EMPTY_OK.test(name)) return `self-closed <${name}/>`;
  }
  return stack.length ? `unclosed <${stack.join('> <')}>` : null;
}

const DEFS = scenarioIndex();
/** Every family in every locale it supports (both themes alternating), two samples each. */
function scenarios(): Array<{ fam: string; locale: GroundingLocale; theme: (typeof THEMES)[number]; sc: Scenario }> {
  const out: Array<{ fam: string; locale: GroundingLocale; theme: (typeof THEMES)[number]; sc: Scenario }> = [];
  for (const fam of GROUNDING_FAMILIES) {
    const def = DEFS.get(fam)!;
    def.locales.forEach((locale, li) => {
      for (const index of [0, 1]) {
        const theme = THEMES[(li + index) % 2]!;
        out.push({ fam, locale, theme, sc: sampleScenario({ families: [fam], locales: [locale], themes: [theme] }, 20240611, index) });
      }
    });
  }
  return out;
}
const ALL = scenarios();

describe('scenario templates', () => {
  it('cover at least 40 families: macOS >= 8, Windows >= 8, iOS >= 6, Android >= 6, web >= 12', () => {
    expect(GROUNDING_FAMILIES.length).toBeGreaterThanOrEqual(40);
    const per = (p: string) => GROUNDING_FAMILIES.filter((f) => DEFS.get(f)!.platform === p).length;
    expect(per('desktop.macos')).toBeGreaterThanOrEqual(8);
    expect(per('desktop.windows')).toBeGreaterThanOrEqual(8);
    expect(per('mobile.ios')).toBeGreaterThanOrEqual(6);
    expect(per('mobile.android')).toBeGreaterThanOrEqual(6);
    expect(per('web')).toBeGreaterThanOrEqual(12);
    for (const f of ['desktop.macos.mail', 'mobile.android.settings', 'web.shop']) expect(GROUNDING_FAMILIES).toContain(f);
    // every locale is covered by at least 40 families
    for (const l of GROUNDING_LOCALES) expect(GROUNDING_FAMILIES.filter((f) => DEFS.get(f)!.locales.includes(l)).length, l).toBeGreaterThanOrEqual(40);
  });

  it.each(ALL.map((x, i) => [`${x.fam} ${x.locale} ${x.theme} #${i % 2}`, x] as const))('%s renders a well-formed self-contained page', (_n, { fam, locale, theme, sc }) => {
    const { html } = sc;
    expect(sc.family).toBe(fam);
    expect(sc.locale).toBe(locale);
    expect(sc.theme).toBe(theme);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain(`<html lang="${locale}"${locale === 'ar' ? ' dir="rtl"' : ''} data-theme="${theme}"`);
    expect(tagBalance(html)).toBeNull();
    // nothing is loaded from outside: every url() / src / href resource is the project's asset server
    // (page text may mention web addresses, e.g. a browser's address bar or search results)
    const urls = [...html.matchAll(/url\(([^)]+)\)|\s(?:src|href)="((?:https?:)?\/\/[^"]+)"/gi)].map((m) => (m[1] ?? m[2])!.replace(/^['"]|['"]$/g, '')).filter((u) => !u.startsWith('#'));
    expect(urls.length).toBeGreaterThan(0);
    for (const u of urls) expect(u.startsWith('http://uisynth.local/assets/'), u).toBe(true);
    expect(html).not.toMatch(/<script|<link|<iframe|@import|src="/i);
    // every asset URL maps to a file that exists
    for (const u of new Set(urls)) {
      const rel = u.slice('http://uisynth.local/assets/'.length);
      expect(existsSync(join(REPO_ROOT, rel.startsWith('templates/') ? '' : 'node_modules', rel)), u).toBe(true);
    }
    // ids are unique; every hinted control exists
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of Object.keys(sc.hints)) {
      if (/^pg-\d+$/.test(id) && !ids.includes(id)) continue; // last page number is generated separately
      expect(ids, id).toContain(id);
    }
    // icons are lucide icons, inlined
    const icons = [...html.matchAll(/data-icon="([^"]+)"/g)].map((m) => m[1]!);
    expect(icons.length).toBeGreaterThan(3);
    for (const i of icons) expect(existsSync(join(REPO_ROOT, 'node_modules/lucide-static/icons', `${i}.svg`)), i).toBe(true);
    // icon-only buttons carry an accessible name
    for (const m of html.matchAll(/<button([^>]*)><svg(?:(?!<\/svg>)[^])*<\/svg><\/button>/g)) expect(m[1]).toMatch(/aria-label="[^"]+"/);
  });

  it('every character a page shows is covered by an embedded font face (no host fonts, no tofu)', () => {
    const missing = new Map<string, string>();
    for (const { fam, locale, sc } of ALL) {
      const faces = [...sc.html.matchAll(/@font-face\{[^}]*unicode-range:([^;]+);\}/g)].map((m) => parseUnicodeRange(m[1]!));
      const body = sc.html.slice(sc.html.indexOf('<body')).replace(/<svg[\s\S]*?<\/svg>/g, '').replace(/<[^>]*>/g, ' ').replace(/&[a-z]+;|&#\d+;/g, ' ');
      for (const ch of new Set(body)) {
        const cp = ch.codePointAt(0)!;
        if (cp < 0x7f || /\s/.test(ch)) continue;
        if (!faces.some((rs) => rs.some(([lo, hi]) => cp >= lo && cp <= hi))) missing.set(`U+${cp.toString(16)} ${ch}`, `${fam} ${locale}`);
      }
    }
    expect([...missing.entries()].slice(0, 20)).toEqual([]);
  });

  it('zh-CN pages embed Noto Sans SC faces whose unicode-ranges cover every CJK character used (no tofu)', () => {
    for (const { sc } of ALL.filter((x) => x.locale === 'zh-CN')) {
      const faces = [...sc.html.matchAll(/@font-face\{font-family:'Noto Sans SC';[^}]*unicode-range:([^;]+);\}/g)].map((m) => parseUnicodeRange(m[1]!));
      expect(faces.length).toBeGreaterThan(5);
      const body = sc.html.slice(sc.html.indexOf('<body'));
      const cjk = new Set([...body].filter((c) => /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/.test(c)));
      expect(cjk.size).toBeGreaterThan(20);
      for (const ch of cjk) {
        const cp = ch.codePointAt(0)!;
        expect(faces.some((rs) => rs.some(([lo, hi]) => cp >= lo && cp <= hi)), `U+${cp.toString(16)} ${ch}`).toBe(true);
      }
    }
  });

  it('en-US pages have no CJK text and embed only Latin faces (Inter / Roboto / Noto Sans)', () => {
    for (const { sc } of ALL.filter((x) => x.locale === 'en-US')) {
      const body = sc.html.slice(sc.html.indexOf('<body'));
      expect(body).not.toMatch(/[\u4e00-\u9fff]/);
      expect(sc.html).toMatch(/font-family:'(Inter|Roboto|Noto Sans|Open Sans|Noto Serif)'/);
      expect(sc.html).not.toContain("'Noto Sans SC';font-style");
    }
  });

  it('zh-CN pages localise the UI chrome', () => {
    const zh = ALL.filter((x) => x.locale === 'zh-CN');
    const has = (fam: string, s: string) => zh.filter((x) => x.fam === fam).every((x) => x.sc.html.includes(s));
    expect(has('desktop.macos.mail', '收件箱')).toBe(true);
    expect(has('web.shop', '加入购物车')).toBe(true);
    expect(zh.filter((x) => x.fam === 'mobile.android.settings').every((x) => /设置|网络和互联网|显示|提示音和振动/.test(x.sc.html))).toBe(true);
  });

  it('devices per platform: phones 360-430 CSS px wide at dpr 2-3 with touch; desktops from laptops to 4K', () => {
    for (const { fam, sc } of ALL) {
      expect(DEFS.get(fam)!.devices.some((d) => d.width === sc.viewport.width && d.height === sc.viewport.height && d.dpr === sc.dpr)).toBe(true);
      if (sc.platform.startsWith('mobile.')) {
        expect(sc).toMatchObject({ mobile: true, touch: true });
        expect(sc.viewport.width).toBeGreaterThanOrEqual(360);
        expect(sc.viewport.width).toBeLessThanOrEqual(430);
        expect(sc.dpr).toBeGreaterThanOrEqual(2);
        expect(sc.dpr).toBeLessThanOrEqual(3);
      } else if (sc.platform.startsWith('desktop.')) {
        expect(sc).toMatchObject({ mobile: false, touch: false });
      }
    }
    const all = [...DEFS.values()].flatMap((d) => d.devices);
    for (const [w, h] of [[2560, 1440], [3840, 2160], [768, 1024], [1366, 768], [360, 800], [430, 932]]) expect(all.some((d) => d.width === w && d.height === h), `${w}x${h}`).toBe(true);
  });
});

describe('locale table and a sample\'s locale profile', () => {
  it('has one row per page locale, in catalogue column order', () => {
    expect(LANGS.map((l) => LOCALE_TABLE[l].tag)).toEqual([...GROUNDING_LOCALES]);
    expect(LANGS).toEqual(['en', 'zh', 'ja', 'de', 'es', 'fr', 'ar']);
  });
  it('resolves direction, script fonts and CJK spacing', () => {
    const p = (l: GroundingLocale) => localeProfile(l, 1);
    expect(GROUNDING_LOCALES.filter((l) => p(l).dir === 'rtl')).toEqual(['ar']);
    expect(GROUNDING_LOCALES.filter((l) => p(l).cjk)).toEqual(['zh-CN', 'ja-JP']);
    expect(Object.fromEntries(GROUNDING_LOCALES.map((l) => [l, p(l).scriptFonts.map((f) => f.pkg).join()]))).toEqual({
      'en-US': '', 'zh-CN': 'noto-sans-sc', 'ja-JP': 'noto-sans-jp', 'de-DE': '', 'es-ES': '', 'fr-FR': '', ar: 'noto-sans-arabic',
    });
  });
  it('formats numbers, money, clock and dates by the table (no Intl)', () => {
    const p = (l: GroundingLocale) => localeProfile(l, 1);
    expect(p('en-US').num(1234567.891, 2)).toBe('1,234,567.89');
    expect(p('de-DE').num(1234567.891, 2)).toBe('1.234.567,89');
    expect(p('es-ES').num(1234567, 0)).toBe('1.234.567');
    expect(p('fr-FR').num(1234567.891, 2)).toBe('1\u202f234\u202f567,89');
    expect(p('en-US').money(1234.5)).toBe('$1,234.50');
    expect(p('zh-CN').money(1234.5)).toBe('¥1,234.50');
    expect(p('ja-JP').money(1234.5)).toBe('¥123,450');
    expect(p('de-DE').money(1234.5)).toBe('1.234,50 €');
    expect(p('ar').money(4.5)).toBe('4.50 ر.س');
    expect([p('en-US').clock(0, 5), p('en-US').clock(13, 7), p('de-DE').clock(13, 7)]).toEqual(['12:05 AM', '1:07 PM', '13:07']);
    expect([p('en-US').shortDate(3, 4), p('de-DE').shortDate(3, 4), p('zh-CN').shortDate(3, 4), p('fr-FR').shortDate(1, 9)]).toEqual(['Mar 4', '4. März', '3月4日', '9 janv.']);
    expect([p('en-US').dateLabel(2025, 3, 4), p('ja-JP').dateLabel(2025, 3, 4), p('de-DE').dateLabel(2025, 3, 4)]).toEqual(['Mar 4, 2025', '2025/3/4', '04.03.2025']);
    expect([p('en-US').monthTitle(2025, 3), p('zh-CN').monthTitle(2025, 3)]).toEqual(['March 2025', '2025年3月']);
  });
  it.each(['fr-FR', 'es-ES', 'de-DE'] as const)('writes %s numeric dates as its calendars do (oracle: toLocaleDateString)', (locale) => {
    const p = localeProfile(locale, 1);
    const { order, sep, pad } = p.row.numericDate;
    for (const [y, m, d] of [[2024, 1, 27], [2025, 7, 19], [2025, 12, 3]] as const) {
      const icu = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString(locale, { timeZone: 'UTC' });
      const f = (v: number): string => (pad ? String(v).padStart(2, '0') : String(v));
      expect([...order].map((k) => (k === 'y' ? String(y) : f(k === 'm' ? m : d))).join(sep), `${locale} taskbar ${y}-${m}-${d}`).toBe(icu);
      if (locale !== 'de-DE') expect(p.dateLabel(y, m, d), `${locale} label ${y}-${m}-${d}`).toBe(icu);
    }
  });
  it.each(['fr-FR', 'es-ES', 'de-DE'] as const)('writes %s short dates as its calendars do (oracle: ICU through Intl.DateTimeFormat)', (locale) => {
    const p = localeProfile(locale, 1);
    const icu = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    for (let m = 1; m <= 12; m++) expect(p.shortDate(m, 10), `month ${m}`).toBe(icu.format(Date.UTC(2024, m - 1, 10)));
  });
  it('writes a person\'s name in the language\'s order from its own seeded faker', () => {
    // oracle: a faker built directly from @faker-js/faker with the same data and seed
    const names = (defs: ConstructorParameters<typeof Faker>[0]['locale'], seed: number) => {
      const f = new Faker({ locale: defs });
      f.seed(seed);
      return { first: f.person.firstName(), last: f.person.lastName() };
    };
    const zh = names([zh_CN, en, base], 42);
    expect(localeProfile('zh-CN', 42).personName()).toBe(`${zh.last}${zh.first}`);
    const jp = names([ja, en, base], 42);
    expect(localeProfile('ja-JP', 42).personName()).toBe(`${jp.last} ${jp.first}`);
    const dn = names([de, en, base], 42);
    expect(localeProfile('de-DE', 42).personName()).toBe(`${dn.first} ${dn.last}`);
  });
  it('the translator of a profile reads the scenario\'s own strings first', () => {
    const extra = { strings: new Map([['save', { en: 'Keep', de: 'Behalten' }]]), lists: new Map() };
    expect([localeProfile('de-DE', 1).t('save'), localeProfile('de-DE', 1, extra).t('save'), localeProfile('fr-FR', 1, extra).t('save')]).toEqual(['Speichern', 'Behalten', 'Keep']);
  });
});

describe('scenario sampler', () => {
  const cfg = { families: [...GROUNDING_FAMILIES], locales: [...LOCALES], themes: [...THEMES] };
  it('is deterministic in (seed, index) and varies with both', () => {
    const a = sampleScenario(cfg, 5, 4);
    const b = sampleScenario(cfg, 5, 4);
    expect(b).toEqual(a);
    expect(sampleScenario(cfg, 5, 7).html).not.toBe(a.html);
    expect(sampleScenario(cfg, 6, 4).html).not.toBe(a.html);
  });
  it('round-robins the configured families by index (weighted schedule, every family first)', () => {
    const sched = familySchedule(cfg).map((d) => d.name);
    const fams = Array.from({ length: 8 }, (_, i) => sampleScenario(cfg, 1, i).family);
    expect(fams).toEqual(sched.slice(0, 8));
    // the first round holds every family that supports the config's locales once
    expect(new Set(sched.slice(0, GROUNDING_FAMILIES.length)).size).toBe(GROUNDING_FAMILIES.length);
  });
  it('uses both locales and both themes over a run', () => {
    const s = Array.from({ length: 24 }, (_, i) => sampleScenario(cfg, 3, i));
    expect(new Set(s.map((x) => x.locale)).size).toBe(2);
    expect(new Set(s.map((x) => x.theme)).size).toBe(2);
    expect(s.every((x) => x.persona.name.length > 0)).toBe(true);
  });
});

describe('resolveFamilies', () => {
  it('accepts all and comma lists', () => {
    expect(resolveFamilies('all')).toEqual([...GROUNDING_FAMILIES]);
    expect(resolveFamilies('web.shop, desktop.macos.mail')).toEqual(['web.shop', 'desktop.macos.mail']);
  });
  it('rejects unknown names with the allowed values', () => {
    expect(() => resolveFamilies('web.shop,nope')).toThrow(UsageError);
    expect(() => resolveFamilies('nope')).toThrow(/--families: unknown value 'nope'; allowed: .*web\.shop/);
    expect(() => resolveFamilies('')).toThrow(UsageError);
  });
});

// ------------------------------------------------------------------------------------------ queries

let nextId = 0;
function T(role: string, name: string, text: string, box: [number, number, number, number], extra: Partial<QueryTarget> = {}): QueryTarget {
  return {
    tid: `t${nextId++}`,
    role,
    name,
    text,
    aria: {},
    bbox_css: box,
    dom: { tag: 'button', id: null, selector: `#x${nextId}` },
    context: { neighbors: [], landmark: null },
    icon: null,
    ...extra,
  } as QueryTarget;
}

/** A small mail-like page: toolbar of icon buttons, sidebar list, two identical "Reply" buttons, a switch. */
function fixture(): QueryTarget[] {
  nextId = 0;
  const tb = { landmark: 'Toolbar', neighbors: [] };
  const sb = { landmark: 'Mailbox list', neighbors: [] };
  return [
    T('button', 'Archive', '', [300, 10, 330, 38], { icon: 'archive', context: tb, dom: { tag: 'button', id: 'tb-archive', selector: '#tb-archive' } }),
    T('button', 'Delete', '', [334, 10, 364, 38], { icon: 'trash-2', context: tb, dom: { tag: 'button', id: 'tb-delete', selector: '#tb-delete' } }),
    T('button', 'Flag', '', [368, 10, 398, 38], { icon: 'flag', context: tb }),
    T('link', 'Inbox', 'Inbox 12', [10, 60, 200, 88], { icon: 'inbox', context: sb }),
    T('link', 'Drafts', 'Drafts', [10, 88, 200, 116], { icon: 'file-text', context: sb }),
    T('link', 'Sent', 'Sent', [10, 116, 200, 144], { icon: 'send', context: sb }),
    T('link', 'Trash', 'Trash', [10, 144, 200, 172], { icon: 'trash-2', context: sb }),
    T('button', 'Reply', 'Reply', [400, 500, 470, 528], { context: { landmark: 'main', neighbors: [] } }),
    T('button', 'Reply', 'Reply', [400, 600, 470, 628], { context: { landmark: 'main', neighbors: [] } }),
    T('button', 'Forward', 'Forward', [476, 600, 560, 628], { context: { landmark: 'main', neighbors: [] } }),
    T('text', 'Order updates', 'Order updates', [400, 300, 520, 324], { context: { landmark: 'main', neighbors: [] } }),
    T('switch', 'Order updates', '', [640, 296, 692, 328], { aria: { checked: 'true' }, context: { landmark: 'main', neighbors: ['Order updates'] } }),
    T('searchbox', 'Search', 'Search', [900, 10, 1080, 38], { context: tb }),
    T('heading', 'Inbox', 'Inbox', [240, 10, 290, 30], { context: tb }),
  ];
}
const HINTS = { 'tb-archive': { action: 'archive' }, 'tb-delete': { action: 'delete' } };

function write(targets: QueryTarget[], locale: string, seed = 'q'): WrittenQuery[] {
  return writeQueries({
    targets,
    locale,
    recordId: 'grounding-1-0000000',
    rng: new Rng(seed),
    pageTexts: targets.flatMap((t) => [t.name, t.text]).filter(Boolean).concat(['printer settings']).map((s) => s.toLowerCase()),
    hints: HINTS,
    family: 'desktop.macos.mail',
    rejectedTargets: [{ name: 'Archive old mail', text: 'Archive old mail', role: 'link', reason: 'offscreen', unseen: true }],
  });
}

describe('query writer', () => {
  for (const locale of LOCALES) {
    it(`${locale}: every positive query resolves to exactly its own target`, () => {
      const targets = fixture();
      const qs = write(targets, locale);
      expect(qs.length).toBeGreaterThan(20);
      for (const q of qs) {
        Query.parse({ qid: q.qid, text: q.text, locale: q.locale, style: q.style, tid: q.tid });
        const r = resolveQuery(q.spec, targets, { locale, hints: HINTS });
        if (q.tid === null) expect(r, q.text).toHaveLength(0);
        else expect(r.map((t) => t.tid), `${q.text} (${q.style})`).toEqual([q.tid]);
      }
    });

    it(`${locale}: text queries only for unique (role, label); ambiguous controls get positional ones instead`, () => {
      const targets = fixture();
      const qs = write(targets, locale);
      const replies = targets.filter((t) => t.name === 'Reply').map((t) => t.tid);
      for (const q of qs.filter((q) => q.tid && replies.includes(q.tid))) expect(['positional', 'spatial']).toContain(q.style);
      expect(qs.some((q) => q.tid === replies[0] && q.style === 'positional')).toBe(true);
      // the heading "Inbox" shares its words with the Inbox link: no text query for it
      const heading = targets.find((t) => t.role === 'heading')!;
      expect(qs.some((q) => q.tid === heading.tid && q.style === 'text')).toBe(false);
      // plain text "Order updates" shares its words with the switch's label: no text query either
      const txt = targets.find((t) => t.role === 'text')!;
      expect(qs.some((q) => q.tid === txt.tid && q.style === 'text')).toBe(false);
    });

    it(`${locale}: icon-only buttons get icon and functional queries; ≥3 styles where possible`, () => {
      const targets = fixture();
      const qs = write(targets, locale);
      const styles = (tid: string) => new Set(qs.filter((q) => q.tid === tid).map((q) => q.style));
      const archive = targets[0]!;
      expect(styles(archive.tid)).toContain('icon');
      expect(styles(archive.tid)).toContain('functional');
      expect(styles(archive.tid).size).toBeGreaterThanOrEqual(3);
      const drafts = targets[4]!;
      expect(styles(drafts.tid).size).toBeGreaterThanOrEqual(3);
      const sw = targets.find((t) => t.role === 'switch')!;
      expect(styles(sw.tid)).toContain('state');
      expect(styles(sw.tid).size).toBeGreaterThanOrEqual(3);
      // trash-2 is on both Delete and Trash: not unique page-wide, so the icon query is scoped by landmark
      const del = qs.find((q) => q.tid === targets[1]!.tid && q.style === 'icon');
      expect(del?.spec).toMatchObject({ kind: 'icon', landmark: 'Toolbar' });
    });

    it(`${locale}: hard negatives are ~10%, tid null, absent from pageTexts`, () => {
      const targets = fixture();
      const qs = write(targets, locale);
      const neg = qs.filter((q) => q.style === 'negative');
      expect(neg.length).toBeGreaterThan(0);
      expect(neg.length / qs.length).toBeGreaterThan(0.05);
      expect(neg.length / qs.length).toBeLessThan(0.2);
      const page = targets.flatMap((t) => [t.name, t.text]).concat(['printer settings']).map((s) => s.toLowerCase());
      for (const q of neg) {
        expect(q.tid).toBeNull();
        const label = (q.spec as { label: string }).label.toLowerCase();
        expect(page.some((p) => p.includes(label)), label).toBe(false);
      }
      // "Print" is a mail negative but "printer settings" is on the page: never asked for
      if (locale === 'en-US') expect(neg.some((q) => /\bprint\b/i.test(q.text))).toBe(false);
    });
  }

  it("users' pages (negativeSources 'unseen'): negatives only name elements the hit test found but nobody can see", () => {
    const rejectedTargets = [
      { name: 'Archive old mail', text: 'Archive old mail', role: 'link', reason: 'offscreen', unseen: true },
      { name: 'Export contacts', text: 'Export contacts', role: 'button', reason: 'opacity', unseen: true },
      // partly clipped (60% visible) or faint: on screen, so never "absent"
      { name: 'Half shown', text: 'Half shown', role: 'link', reason: 'clipped', unseen: false },
      { name: 'Faint link', text: 'Faint link', role: 'link', reason: 'opacity', unseen: false },
    ];
    for (const seed of ['a', 'b', 'c', 'd']) {
      const qs = writeQueries({
        targets: fixture(),
        locale: 'en-US',
        recordId: 'grounding-1-0000000',
        rng: new Rng(seed),
        pageTexts: fixture().flatMap((t) => [t.name, t.text]).filter(Boolean).map((s) => s.toLowerCase()),
        family: null,
        negativeSources: 'unseen',
        rejectedTargets,
      });
      const labels = qs.filter((q) => q.style === 'negative').map((q) => (q.spec as { label: string }).label);
      expect(labels.length).toBeGreaterThan(0);
      for (const l of labels) expect(['Archive old mail', 'Export contacts']).toContain(l);
    }
    // generated pages keep the scenario catalogue as well
    const gen = write(fixture(), 'en-US', 'a').filter((q) => q.style === 'negative').map((q) => (q.spec as { label: string }).label);
    expect(gen.some((l) => l !== 'Archive old mail')).toBe(true);
    expect(gen).not.toContain('Half shown');
  });

  it('spatial queries are not written past a seen element of the same kind that the hit test rejected', () => {
    const main = { landmark: 'main', neighbors: [] };
    const mk = (): QueryTarget[] => [
      T('heading', 'Welcome', 'Welcome', [100, 100, 300, 130], { context: main }),
      T('button', 'Sideways', 'Sideways', [100, 180, 220, 210], { context: main }),
    ];
    const specs = (rejectedTargets: Parameters<typeof writeQueries>[0]['rejectedTargets']): string[] => {
      const out: string[] = [];
      for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
        const qs = writeQueries({ targets: mk(), locale: 'en-US', recordId: 'grounding-1-0000000', rng: new Rng(seed), pageTexts: ['welcome', 'sideways', 'rotated order'], family: null, rejectedTargets });
        for (const q of qs) if (q.style === 'spatial') out.push(JSON.stringify(q.spec));
      }
      return out;
    };
    // without the rejected button, "the button below Welcome" is written for Sideways
    expect(specs([]).some((s) => s.includes('"dir":"below"'))).toBe(true);
    // a rotated (rejected, but visible) button sits between them: no "below Welcome" any more
    const rotated = { name: 'Rotated order', text: 'Rotated order', role: 'button', reason: 'rotated', unseen: false, bbox_css: [110, 140, 230, 170] as [number, number, number, number] };
    expect(specs([rotated]).some((s) => s.includes('"dir":"below"'))).toBe(false);
    // an unseen one (off screen, hidden) does not block
    expect(specs([{ ...rotated, reason: 'display_none', unseen: true }]).some((s) => s.includes('"dir":"below"'))).toBe(true);
  });

  it('ordinals and spatial queries account for seen elements the hit test rejected (a button under a tooltip)', () => {
    const tb = { landmark: 'Formatting', neighbors: [] };
    const mk = (): QueryTarget[] => [
      T('button', 'Bold', 'Bold', [10, 10, 60, 40], { context: tb }),
      T('button', 'Underline', 'Underline', [130, 10, 180, 40], { context: tb }),
      T('button', 'Strike', 'Strike', [190, 10, 240, 40], { context: tb }),
      T('text', 'Ctrl+I', 'Ctrl+I', [80, 18, 110, 32], { context: tb }),
    ];
    const italic = { name: 'Italic', text: 'Italic', role: 'button', reason: 'occluded_center', unseen: false, bbox_css: [70, 10, 120, 40] as [number, number, number, number] };
    const run = (rejectedTargets: Parameters<typeof writeQueries>[0]['rejectedTargets']) => {
      const out: WrittenQuery[] = [];
      for (const seed of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
        out.push(...writeQueries({ targets: mk(), locale: 'en-US', recordId: 'grounding-1-0000000', rng: new Rng(seed), pageTexts: ['bold', 'italic', 'underline', 'strike', 'ctrl+i'], family: null, rejectedTargets }));
      }
      return out;
    };
    const ords = (qs: WrittenQuery[]) => qs.filter((q) => q.spec.kind === 'ordinal');
    expect(ords(run([])).length).toBeGreaterThan(0);
    expect(ords(run([italic]))).toEqual([]);
    expect(ords(run([{ ...italic, unseen: true, reason: 'offscreen', bbox_css: [70, 900, 120, 930] }])).length).toBeGreaterThan(0);
    // the tooltip text overlaps the rejected Italic button: nothing is "right of"/"left of" it
    const around = (qs: WrittenQuery[]) => qs.filter((q) => q.spec.kind === 'dir' && (q.spec as { anchor: string }).anchor === 'Ctrl+I');
    expect(around(run([])).length).toBeGreaterThan(0);
    expect(around(run([italic]))).toEqual([]);
  });

  it('qids are sequential, texts unique, output deterministic', () => {
    const a = write(fixture(), 'en-US', 's1');
    const b = write(fixture(), 'en-US', 's1');
    expect(b).toEqual(a);
    a.forEach((q, i) => expect(q.qid).toBe(`grounding-1-0000000-q${i}`));
    expect(new Set(a.map((q) => q.text.toLowerCase())).size).toBe(a.length);
    expect(write(fixture(), 'en-US', 's2').map((q) => q.text)).not.toEqual(a.map((q) => q.text));
  });

  it('writes natural phrasing in both locales', () => {
    const en = write(fixture(), 'en-US').map((q) => q.text);
    const zh = write(fixture(), 'zh-CN').filter((q) => q.locale === 'zh-CN').map((q) => q.text);
    expect(en.some((t) => /^(archive the selected message|move this email to the archive)$/.test(t))).toBe(true);
    expect(zh.some((t) => /归档当前选中的邮件|把这封邮件移到归档/.test(t))).toBe(true);
    expect(zh.some((t) => /“Drafts”链接|点击“Drafts”/.test(t))).toBe(true);
    expect(zh.every((t) => !/\bthe\b/.test(t))).toBe(true);
  });

  it('a rejected element that is visible with the same label makes a text query ambiguous', () => {
    const targets = fixture();
    const qs = writeQueries({
      targets,
      locale: 'en-US',
      recordId: 'r',
      rng: new Rng('x'),
      pageTexts: ['drafts', 'sent', 'trash', 'inbox'],
      rejectedTargets: [{ name: 'Drafts', text: 'Drafts', role: 'link', reason: 'occluded_center' }],
    });
    const drafts = targets[4]!;
    expect(qs.some((q) => q.tid === drafts.tid && q.style === 'text')).toBe(false);
  });

  it('accepts full record targets (Target is a QueryTarget)', () => {
    const t = { ...fixture()[3]!, bbox: [10, 60, 200, 88], point: [100, 70] } as unknown as Target;
    const asQueryTarget: QueryTarget = t;
    expect(writeQueries({ targets: [asQueryTarget], locale: 'en-US', recordId: 'r', rng: new Rng('y'), pageTexts: [] }).length).toBeGreaterThan(0);
  });
});

describe('spatial phrases in every language say "immediately" or "first"', () => {
  // "the button below X" is ambiguous when several buttons lie below X; the writer only guarantees the nearest
  it.each([
    ['de', 'erste', 'direkt'],
    ['es', 'primer', 'justo'],
    ['fr', 'premier', 'juste'],
    ['ar', 'أول', 'مباشرة'],
    ['ja', '最初', 'すぐ'],
  ] as const)('%s', async (l, first, immediately) => {
    const { gDir } = await import('../generators/grounding/query-lang.js');
    for (const dir of ['left', 'right', 'above', 'below'] as const) {
      expect(gDir(l, dir, 'button', 'OK', false, true), `${l} ${dir} far`).toContain(first);
      for (const alt of [false, true]) {
        const q = gDir(l, dir, 'button', 'OK', alt);
        expect(q.includes(first) || q.includes(immediately) || q.includes('隣'), `${l} ${dir}: ${q}`).toBe(true);
      }
    }
  });
});
