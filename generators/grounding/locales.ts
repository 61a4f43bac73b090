/**
 * The locale vocabulary of the grounding generator, as one table ({@link LOCALE_TABLE}): per language
 * its page locale tag, writing direction, script fonts, faker data, name order and the fixed formatting
 * rules (numbers, money, clock, dates) the page builders use. Everything else that depends on the
 * language reads this table, usually through a sample's {@link LocaleProfile} (locale-profile.ts).
 *
 * Formatting is fixed here rather than taken from `Intl`, so pages do not change with the ICU build.
 */
import { base, en, en_US, zh_CN, ja, de, es, fr, ar, type LocaleDefinition } from '@faker-js/faker';
import type { FontSpec } from './templating.js';

/** Page locales the grounding generator writes. `ar` is right-to-left. */
export const GROUNDING_LOCALES = ['en-US', 'zh-CN', 'ja-JP', 'de-DE', 'es-ES', 'fr-FR', 'ar'] as const;
/** A page locale. */
export type GroundingLocale = (typeof GROUNDING_LOCALES)[number];
/** Two-letter language of a locale (string catalogue column). */
export type Lang = 'en' | 'zh' | 'ja' | 'de' | 'es' | 'fr' | 'ar';

/** How a person's display name is written: given name first, family name first, or family name first with no space. */
export type NameOrder = 'given family' | 'family given' | 'familygiven';

/** One row of {@link LOCALE_TABLE}: what the page side needs to know about one language. */
export interface LocaleRow {
  /** The page locale written for this language (BCP-47). */
  tag: GroundingLocale;
  /** Writing direction (`dir` attribute of the page). */
  dir: 'ltr' | 'rtl';
  /** Written without spaces between words (CJK): body class `cjk`, sentences joined without a space. */
  cjk: boolean;
  /**
   * @fontsource packages the script needs on top of the platform's Latin face (listed after it, so Latin
   * glyphs keep the platform look).
   */
  scriptFonts: readonly FontSpec[];
  /** faker locale data, most specific first (English fills what the locale lacks). */
  fakerData: readonly LocaleDefinition[];
  /** Order of a person's display name. */
  nameOrder: NameOrder;
  /** Digit-group separator of numbers (`1,234` / `1.234` / `1 234`). */
  thousands: string;
  /** Decimal separator. */
  decimal: string;
  /**
   * Money: `prefix + number + suffix`, the number being the amount times `scale` with `decimals`
   * decimals in this locale's number format (yen amounts are 100 times the others, no decimals).
   */
  currency: { prefix: string; suffix: string; scale: number; decimals: number };
  /** 12-hour clock with AM / PM (else 24-hour). */
  clock12: boolean;
  /** A short date ("Mar 4", "4. Mär.", "3月4日") from the catalogue's month names (`months`, January first). */
  shortDate(month: number, day: number, months: readonly string[]): string;
  /** A full date label of a file or message ("Mar 4, 2025", "2025/3/4", "04.03.2025"). */
  dateLabel(year: number, month: number, day: number, months: readonly string[]): string;
  /** Field order and separator of the numeric date in a desktop taskbar (`3/4/2025`, `2025/3/4`, `4.3.2025`). */
  numericDate: { order: 'mdy' | 'ymd' | 'dmy'; sep: string; pad?: boolean };
  /** Title of a calendar month view ("March 2025", "2025年3月"). */
  monthTitle(year: number, month: number, months: readonly string[]): string;
}

const SC: FontSpec = { pkg: 'noto-sans-sc', weights: [400, 500, 700] };
const JP: FontSpec = { pkg: 'noto-sans-jp', weights: [400, 500, 700] };
const ARABIC: FontSpec = { pkg: 'noto-sans-arabic', weights: [400, 500, 700] };

const pad2 = (n: number): string => String(n).padStart(2, '0');
const englishShortDate = (month: number, day: number, months: readonly string[]): string => `${months[month - 1]!.slice(0, 3)} ${day}`;
const cjkShortDate = (month: number, day: number): string => `${month}月${day}日`;
const cjkDateLabel = (year: number, month: number, day: number): string => `${year}/${month}/${day}`;
const dottedDateLabel = (year: number, month: number, day: number): string => `${pad2(day)}.${pad2(month)}.${year}`;
/** Day/month/year as Spain writes it ("27/1/2024", `toLocaleDateString('es-ES')`). */
const spanishDateLabel = (year: number, month: number, day: number): string => `${day}/${month}/${year}`;
/** Day/month/year as France writes it ("27/01/2024", `toLocaleDateString('fr-FR')`). */
const frenchDateLabel = (year: number, month: number, day: number): string => `${pad2(day)}/${pad2(month)}/${year}`;
const cjkMonthTitle = (year: number, month: number): string => `${year}年${month}月`;
const latinMonthTitle = (year: number, month: number, months: readonly string[]): string => `${months[month - 1]} ${year}`;
/**
 * Abbreviated month names as calendars and clocks in these languages write them (CLDR, format
 * abbreviated: what `Intl.DateTimeFormat(locale, {day: 'numeric', month: 'short'})` gives, checked by
 * test/grounding.test.ts). Kept as data rather than asked from `Intl` at generation time: a Node built
 * with reduced locale data would print English. A plain cut of the full name wrote "10 déce.", "4 dici.",
 * "4. Mär.".
 */
const MONTHS_SHORT = {
  de: ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'],
  es: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
  fr: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
} as const;
const EURO = { prefix: '', suffix: ' €', scale: 1, decimals: 2 };
const DMY = { order: 'dmy', sep: '.' } as const;

/** The locale table: one row per language, in catalogue column order (see {@link LANGS}). */
export const LOCALE_TABLE = {
  en: {
    tag: 'en-US', dir: 'ltr', cjk: false, scriptFonts: [], fakerData: [en_US, en, base], nameOrder: 'given family',
    thousands: ',', decimal: '.', currency: { prefix: '$', suffix: '', scale: 1, decimals: 2 }, clock12: true,
    shortDate: englishShortDate,
    dateLabel: (year, month, day, months) => `${englishShortDate(month, day, months)}, ${year}`,
    numericDate: { order: 'mdy', sep: '/' },
    monthTitle: latinMonthTitle,
  },
  zh: {
    tag: 'zh-CN', dir: 'ltr', cjk: true, scriptFonts: [SC], fakerData: [zh_CN, en, base], nameOrder: 'familygiven',
    thousands: ',', decimal: '.', currency: { prefix: '¥', suffix: '', scale: 1, decimals: 2 }, clock12: false,
    shortDate: cjkShortDate, dateLabel: cjkDateLabel, numericDate: { order: 'ymd', sep: '/' }, monthTitle: cjkMonthTitle,
  },
  ja: {
    tag: 'ja-JP', dir: 'ltr', cjk: true, scriptFonts: [JP], fakerData: [ja, en, base], nameOrder: 'family given',
    thousands: ',', decimal: '.', currency: { prefix: '¥', suffix: '', scale: 100, decimals: 0 }, clock12: false,
    shortDate: cjkShortDate, dateLabel: cjkDateLabel, numericDate: { order: 'ymd', sep: '/' }, monthTitle: cjkMonthTitle,
  },
  de: {
    tag: 'de-DE', dir: 'ltr', cjk: false, scriptFonts: [], fakerData: [de, en, base], nameOrder: 'given family',
    thousands: '.', decimal: ',', currency: EURO, clock12: false,
    shortDate: (month, day) => `${day}. ${MONTHS_SHORT.de[month - 1]}`,
    dateLabel: dottedDateLabel, numericDate: DMY, monthTitle: latinMonthTitle,
  },
  es: {
    tag: 'es-ES', dir: 'ltr', cjk: false, scriptFonts: [], fakerData: [es, en, base], nameOrder: 'given family',
    thousands: '.', decimal: ',', currency: EURO, clock12: false,
    shortDate: (month, day) => `${day} ${MONTHS_SHORT.es[month - 1]}`, dateLabel: spanishDateLabel, numericDate: { order: 'dmy', sep: '/' }, monthTitle: latinMonthTitle,
  },
  fr: {
    tag: 'fr-FR', dir: 'ltr', cjk: false, scriptFonts: [], fakerData: [fr, en, base], nameOrder: 'given family',
    thousands: '\u202f', decimal: ',', currency: EURO, clock12: false,
    shortDate: (month, day) => `${day} ${MONTHS_SHORT.fr[month - 1]}`, dateLabel: frenchDateLabel, numericDate: { order: 'dmy', sep: '/', pad: true }, monthTitle: latinMonthTitle,
  },
  ar: {
    tag: 'ar', dir: 'rtl', cjk: false, scriptFonts: [ARABIC], fakerData: [ar, en, base], nameOrder: 'given family',
    thousands: ',', decimal: '.', currency: { prefix: '', suffix: ' ر.س', scale: 1, decimals: 2 }, clock12: false,
    shortDate: (month, day, months) => `${day} ${months[month - 1]}`,
    dateLabel: dottedDateLabel, numericDate: DMY, monthTitle: latinMonthTitle,
  },
} as const satisfies Record<Lang, LocaleRow>;

/** Catalogue column order of the string tables (`templates/i18n/*.yaml` tuples): the table's row order. */
export const LANGS: readonly Lang[] = Object.keys(LOCALE_TABLE) as Lang[];

/** Language of a locale tag (`de-DE` -> `de`); unknown languages map to `en`. */
export function langOf(locale: string): Lang {
  const l = locale.toLowerCase().split('-')[0] as Lang;
  return LANGS.includes(l) ? l : 'en';
}

/** The table row of a locale tag (unknown languages get the English row). */
export function localeRow(locale: string): LocaleRow {
  return LOCALE_TABLE[langOf(locale)];
}

/**
 * Locale to write a user's page's queries in (`--pages` without `--locales`): the root element's
 * `lang` when it names one of our languages (`lang="de"` -> `de-DE`, `zh-Hans` -> `zh-CN`), else the
 * script of the page's visible-ish text (kana -> ja-JP, Han -> zh-CN, Arabic -> ar), else `en-US`.
 * @param html the page's HTML source (markup is stripped before the script count)
 */
export function pageLocale(html: string): GroundingLocale {
  const m = /<html\b[^>]*?\blang\s*=\s*["']?([A-Za-z-]+)/i.exec(html);
  if (m) {
    const tag = m[1]!.toLowerCase();
    const hit = GROUNDING_LOCALES.find((l) => l.toLowerCase() === tag) ?? GROUNDING_LOCALES.find((l) => l.toLowerCase().split('-')[0] === tag.split('-')[0]);
    if (hit) return hit;
  }
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .slice(0, 200_000);
  const count = (re: RegExp): number => (text.match(re) ?? []).length;
  const kana = count(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu);
  const han = count(/\p{Script=Han}/gu);
  const arabic = count(/\p{Script=Arabic}/gu);
  const latin = count(/\p{Script=Latin}/gu);
  if (kana > 0 && kana + han > latin) return 'ja-JP';
  if (han > latin) return 'zh-CN';
  if (arabic > latin) return 'ar';
  return 'en-US';
}
