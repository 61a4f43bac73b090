/**
 * A sample's locale, resolved once: the row of the locale table (locales.ts), a seeded faker in that
 * language and the string catalogue's translator, with the formatting rules bound. The scenario sampler
 * makes one per sample and passes it down to the app context, the page shells and the `template` app;
 * nothing below the sampler looks the locale up again.
 */
import { Faker } from '@faker-js/faker';
import { translator, type Catalogue, type Translator } from './i18n.js';
import { LOCALE_TABLE, langOf, type GroundingLocale, type Lang, type LocaleRow } from './locales.js';
import type { FontSpec } from './templating.js';

/** Everything about a sample's page locale. */
export interface LocaleProfile {
  /** The page locale (BCP-47): the page's `lang` and the record's `locale`. */
  locale: GroundingLocale;
  /** Its language (string catalogue column). */
  lang: Lang;
  /** Writing direction. */
  dir: 'ltr' | 'rtl';
  /** Written without spaces between words (zh, ja). */
  cjk: boolean;
  /** @fontsource faces of the script, to list after the platform's Latin face (empty for Latin scripts). */
  scriptFonts: readonly FontSpec[];
  /** faker in the language, seeded once for the sample (shared by everything that draws content). */
  faker: Faker;
  /** The string catalogue in the language (built-in plus the scenario file's own strings). */
  t: Translator;
  /** A person's display name in the language's name order (draws first name, then last name, from {@link faker}). */
  personName(): string;
  /** A number with the language's digit grouping and decimal separator (`decimals` digits, default 0). */
  num(v: number, decimals?: number): string;
  /** An amount of money in the language's currency format (see {@link LocaleRow.currency}). */
  money(v: number): string;
  /** Clock time (12-hour with AM/PM for English, else 24-hour); `h` 0–23. */
  clock(h: number, m: number): string;
  /** Short date like "Mar 4" / "3月4日"; `month` 1–12. */
  shortDate(month: number, day: number): string;
  /** Full date label like "Mar 4, 2025" / "2025/3/4" / "04.03.2025"; `month` 1–12. */
  dateLabel(year: number, month: number, day: number): string;
  /** Calendar month title like "March 2025" / "2025年3月". */
  monthTitle(year: number, month: number): string;
  /** The table row (for rules not bound above, e.g. {@link LocaleRow.numericDate}). */
  row: LocaleRow;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * Resolve a page locale into its profile.
 * @param locale page locale (a tag of {@link GROUNDING_LOCALES}; other tags get the English row but keep their tag)
 * @param fakerSeed seed of the sample's faker (an int32 drawn from the sample RNG)
 * @param extra the scenario file's own strings and lists (they win over the built-in catalogue)
 */
export function localeProfile(locale: GroundingLocale, fakerSeed: number, extra?: Catalogue): LocaleProfile {
  const lang = langOf(locale);
  const row: LocaleRow = LOCALE_TABLE[lang];
  const faker = new Faker({ locale: [...row.fakerData] });
  faker.seed(fakerSeed);
  const t = translator(lang, extra);
  const num = (v: number, decimals = 0): string => {
    const [i, d] = v.toFixed(decimals).split('.') as [string, string | undefined];
    const g = i.replace(/\B(?=(\d{3})+(?!\d))/g, row.thousands);
    return d ? `${g}${row.decimal}${d}` : g;
  };
  const shortDate = (month: number, day: number): string => row.shortDate(month, day, t.list('months'));
  return {
    locale,
    lang,
    dir: row.dir,
    cjk: row.cjk,
    scriptFonts: row.scriptFonts,
    faker,
    t,
    row,
    personName() {
      const first = faker.person.firstName();
      const last = faker.person.lastName();
      return row.nameOrder === 'familygiven' ? `${last}${first}` : row.nameOrder === 'family given' ? `${last} ${first}` : `${first} ${last}`;
    },
    num,
    money(v) {
      const c = row.currency;
      return `${c.prefix}${num(c.scale === 1 ? v : Math.round(v * c.scale), c.decimals)}${c.suffix}`;
    },
    clock(h, m) {
      return row.clock12 ? `${h % 12 === 0 ? 12 : h % 12}:${pad2(m)} ${h < 12 ? 'AM' : 'PM'}` : `${h}:${pad2(m)}`;
    },
    shortDate,
    dateLabel: (year, month, day) => row.dateLabel(year, month, day, t.list('months')),
    monthTitle: (year, month) => row.monthTitle(year, month, t.list('months')),
  };
}
