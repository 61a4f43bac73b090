/**
 * Page locales of the grounding generator: BCP-47 tags, writing direction, the @fontsource faces
 * each script needs, and a seeded faker per locale.
 */
import { Faker, base, en, en_US, zh_CN, ja, de, es, fr, ar, type LocaleDefinition } from '@faker-js/faker';
import type { FontSpec } from './templating.js';

/** Page locales the grounding generator writes. `ar` is right-to-left. */
export const GROUNDING_LOCALES = ['en-US', 'zh-CN', 'ja-JP', 'de-DE', 'es-ES', 'fr-FR', 'ar'] as const;
/** A page locale. */
export type GroundingLocale = (typeof GROUNDING_LOCALES)[number];
/** Two-letter language of a locale (string catalogue column). */
export type Lang = 'en' | 'zh' | 'ja' | 'de' | 'es' | 'fr' | 'ar';
/** Catalogue column order of the string tables (`templates/i18n/*.yaml` tuples). */
export const LANGS: readonly Lang[] = ['en', 'zh', 'ja', 'de', 'es', 'fr', 'ar'];

/** Language of a locale tag (`de-DE` -> `de`); unknown languages map to `en`. */
export function langOf(locale: string): Lang {
  const l = locale.toLowerCase().split('-')[0] as Lang;
  return LANGS.includes(l) ? l : 'en';
}

/** Writing direction of a locale. */
export function dirOf(locale: string): 'ltr' | 'rtl' {
  return langOf(locale) === 'ar' ? 'rtl' : 'ltr';
}

/** True for locales written without spaces between words (CJK). */
export function isCjk(locale: string): boolean {
  const l = langOf(locale);
  return l === 'zh' || l === 'ja';
}

/**
 * Extra font packages a locale needs on top of the platform's Latin face: Noto Sans SC (zh), Noto
 * Sans JP (ja), Noto Sans Arabic (ar). Listed after the Latin face so Latin glyphs keep the platform look.
 */
export function scriptFonts(locale: string): FontSpec[] {
  switch (langOf(locale)) {
    case 'zh':
      return [{ pkg: 'noto-sans-sc', weights: [400, 500, 700] }];
    case 'ja':
      return [{ pkg: 'noto-sans-jp', weights: [400, 500, 700] }];
    case 'ar':
      return [{ pkg: 'noto-sans-arabic', weights: [400, 500, 700] }];
    default:
      return [];
  }
}

const FAKER_DEFS: Record<Lang, LocaleDefinition[]> = {
  en: [en_US, en, base],
  zh: [zh_CN, en, base],
  ja: [ja, en, base],
  de: [de, en, base],
  es: [es, en, base],
  fr: [fr, en, base],
  ar: [ar, en, base],
};

/** A faker instance for the locale (falls back to English where the locale has no data), seeded. */
export function fakerFor(locale: string, seed: number): Faker {
  const f = new Faker({ locale: FAKER_DEFS[langOf(locale)] });
  f.seed(seed);
  return f;
}

/** A person's display name in the locale's order (family name first for zh / ja, no space for zh). */
export function fullName(faker: Faker, locale: string): string {
  const first = faker.person.firstName();
  const last = faker.person.lastName();
  const l = langOf(locale);
  if (l === 'zh') return `${last}${first}`;
  if (l === 'ja') return `${last} ${first}`;
  return `${first} ${last}`;
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
