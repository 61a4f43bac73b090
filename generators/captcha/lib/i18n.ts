/**
 * CAPTCHA text in every locale, through ONE lookup: {@link say}. Text is either inline
 * ({@link LocaleText}, for short phrases built next to their data) or a key into the locale
 * catalogues `generators/captcha/i18n/<locale>.json` (instructions and reasoning phrases, keyed by
 * CAPTCHA type, with `{name}` placeholders), the way the grounding side keeps UI strings in
 * `templates/i18n`. A locale without its own string falls back to English.
 */
import { readFileSync } from 'node:fs';

/** Every locale `uisynth captcha --locales` accepts (the grounding side's seven, `ar` right-to-left). */
export const CAPTCHA_LOCALES = ['en-US', 'zh-CN', 'ja-JP', 'de-DE', 'es-ES', 'fr-FR', 'ar'] as const;
export type CaptchaLocale = (typeof CAPTCHA_LOCALES)[number];
/** The locale mix of `uisynth captcha` when `--locales` is not given. */
export const DEFAULT_CAPTCHA_LOCALES: readonly CaptchaLocale[] = ['en-US', 'zh-CN'];
/**
 * Locales every record carries an instruction and a reasoning for (`captcha.instructions`,
 * `solution.reasonings`), whatever its own locale; a record in another locale adds its own instruction,
 * and its own reasoning where the type's reasoning is written in that locale ({@link reasonsIn}).
 */
export const RECORD_LOCALES: readonly CaptchaLocale[] = ['en-US', 'zh-CN'];
/** Locales written right to left. */
export const RTL_LOCALES: readonly CaptchaLocale[] = ['ar'];

/**
 * The locale text is drawn in inside a widget: the locale itself, except right-to-left locales, whose
 * script the glyph renderer (renderers/glyphs.ts) cannot shape; their widgets are drawn in English.
 */
export const drawnLocale = (locale: CaptchaLocale): CaptchaLocale => (RTL_LOCALES.includes(locale) ? 'en-US' : locale);

/** What joins two sentences: nothing in Chinese and Japanese, a space elsewhere. */
export const sentenceGap = (locale: CaptchaLocale): string => (locale === 'zh-CN' || locale === 'ja-JP' ? '' : ' ');

/** Opening and closing quotation marks of each locale, for quoting a drawn label in record text. */
const QUOTES: Record<CaptchaLocale, [string, string]> = {
  'en-US': ['"', '"'], 'zh-CN': ['“', '”'], 'ja-JP': ['「', '」'], 'de-DE': ['„', '“'], 'es-ES': ['«', '»'], 'fr-FR': ['« ', ' »'], ar: ['"', '"'],
};
/** `label` in the quotation marks of `locale`: `"Submit"`, `“提交”`, `「Submit」`, `„Submit“`, `«Submit»`, `« Submit »`. */
export const quoteLabel = (locale: CaptchaLocale, label: string): string => `${QUOTES[locale][0]}${label}${QUOTES[locale][1]}`;

/** A short text in the locales it has: English and Chinese always, the others where translated. */
export interface LocaleText {
  en: string;
  zh: string;
  ja?: string;
  de?: string;
  es?: string;
  fr?: string;
  ar?: string;
}
/** @deprecated name kept for engines written before the catalogues: a {@link LocaleText}. */
export type Bi = LocaleText;

const SHORT: Record<CaptchaLocale, keyof LocaleText> = { 'en-US': 'en', 'zh-CN': 'zh', 'ja-JP': 'ja', 'de-DE': 'de', 'es-ES': 'es', 'fr-FR': 'fr', ar: 'ar' };

/** One locale's catalogue: CAPTCHA type (or `common`) → key → text with `{name}` placeholders. */
export type Catalogue = Record<string, Record<string, string>>;
const CATALOGUES = new Map<CaptchaLocale, Catalogue>();
/**
 * The catalogue of a locale, read once from `generators/captcha/i18n/<locale>.json`.
 * @throws Error (our bug) when the file is missing or not JSON
 */
export function catalogue(locale: CaptchaLocale): Catalogue {
  let c = CATALOGUES.get(locale);
  if (!c) {
    c = JSON.parse(readFileSync(new URL(`../i18n/${locale}.json`, import.meta.url), 'utf8')) as Catalogue;
    CATALOGUES.set(locale, c);
  }
  return c;
}

/** Values for the `{name}` placeholders of a catalogue text. */
export type TextParams = Readonly<Record<string, string | number>>;

/**
 * THE text lookup of the CAPTCHA engines.
 * - `say(locale, { en, zh, ... })`: the inline text of `locale`, else English.
 * - `say(locale, 'type.key', params)`: catalogue text `type` → `key` of `locale` (else en-US) with every
 *   `{name}` replaced by `params[name]`.
 * @throws Error (our bug) for a key missing from the en-US catalogue or a placeholder without a value
 */
export function say(locale: CaptchaLocale, text: LocaleText | string, params: TextParams = {}): string {
  if (typeof text !== 'string') return text[SHORT[locale]] ?? text.en;
  const dot = text.indexOf('.');
  const [type, key] = [text.slice(0, dot), text.slice(dot + 1)];
  const raw = catalogue(locale)[type]?.[key] ?? catalogue('en-US')[type]?.[key];
  if (raw === undefined) throw new Error(`captcha i18n: no text '${text}' in en-US.json`);
  const out = raw.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`captcha i18n: '${text}' needs a value for {${name}}`);
    return String(v);
  });
  return locale === 'fr-FR' ? elideFrench(out) : out;
}

/** A word's forms in the locales besides English and Chinese (noun tables: lib/icons.ts, lib/lucide.ts, lib/plane-shapes.ts). */
export interface OtherLocaleForms<T> {
  ja: string;
  de: T;
  es: T;
  fr: T;
  ar: T;
}
/** The form of a word in `locale`: `en` / `zh` as given, else `pick` of that locale's entry of `t` (ja as it is). */
export function wordIn<T>(locale: CaptchaLocale, en: string, zh: string, t: OtherLocaleForms<T>, pick: (v: T) => string): string {
  if (locale === 'en-US') return en;
  if (locale === 'zh-CN') return zh;
  if (locale === 'ja-JP') return t.ja;
  return pick(t[SHORT[locale] as 'de' | 'es' | 'fr' | 'ar']);
}

/**
 * Whether CAPTCHA type `type` has its reasoning written in `locale`: en-US and zh-CN always; another
 * locale when its catalogue holds every `reasoning*` text the en-US catalogue has for that type. The
 * registry (generators/captcha/registry.ts) reasons in English whole where this is false, and a record
 * carries `solution.reasonings[locale]` only where it is true.
 */
export function reasonsIn(type: string, locale: CaptchaLocale): boolean {
  if (RECORD_LOCALES.includes(locale)) return true;
  const keys = Object.keys(catalogue('en-US')[type] ?? {}).filter((k) => k.startsWith('reasoning'));
  const own = catalogue(locale)[type] ?? {};
  return keys.length > 0 && keys.every((k) => own[k] !== undefined);
}

/**
 * {@link say} of a catalogue text whose placeholder values depend on the language: the text of
 * `locale`, or English where `locale` has none, with `params` asked for in the language actually used
 * (so an English fallback never gets a German noun, nor a German text an English one).
 */
export function sayIn(locale: CaptchaLocale, text: string, params: (used: CaptchaLocale) => TextParams): string {
  const dot = text.indexOf('.');
  const used = catalogue(locale)[text.slice(0, dot)]?.[text.slice(dot + 1)] !== undefined ? locale : 'en-US';
  return say(used, text, params(used));
}

/**
 * French elision where a placeholder put a vowel or mute h after "de" / "que": "combien de étoiles" ->
 * "combien d'étoiles", "de hexagones" -> "d'hexagones" (the shape and colour words of the catalogues
 * have no aspirated h).
 */
function elideFrench(s: string): string {
  return s.replace(/\b(de|que) (?=[aeiouyhàâäéèêëîïôöûüœ])/g, (_m, w: string) => `${w.slice(0, -1)}\u2019`);
}

/**
 * Arabic count phrase with the noun form Arabic grammar asks for after a number written in digits:
 * 1 → `one` (the noun with واحد/واحدة), 2 → `two` (the dual), a number whose last two digits are 3–10
 * → `${n} ${few}` (plural), any other → `${n} ${many}` (singular, as after 11–99 and 100, 200, …).
 * The forms are given in the case the sentence needs (e.g. the dual مرتين after a verb, خانتان as a subject).
 * @example arabicCount(3, { one: 'مرة واحدة', two: 'مرتين', few: 'مرات', many: 'مرة' }) // '3 مرات'
 */
export function arabicCount(n: number, forms: { one: string; two: string; few: string; many: string }): string {
  if (n === 1) return forms.one;
  if (n === 2) return forms.two;
  const r = n % 100;
  return r >= 3 && r <= 10 ? `${n} ${forms.few}` : `${n} ${forms.many}`;
}

/** How often to press a button, in `locale`: "3 times" / "1 time" / "3 次" / "3 回" / "3-mal" / "einmal" / "3 veces" / "3 fois" / "3 مرات". */
export function timesText(locale: CaptchaLocale, k: number): string {
  return say(locale, {
    en: `${k} time${k > 1 ? 's' : ''}`, zh: `${k} 次`, ja: `${k} 回`,
    de: k === 1 ? 'einmal' : `${k}-mal`, es: k === 1 ? 'una vez' : `${k} veces`, fr: k === 1 ? 'une fois' : `${k} fois`,
    ar: arabicCount(k, { one: 'مرة واحدة', two: 'مرتين', few: 'مرات', many: 'مرة' }),
  });
}

/** @deprecated use {@link say}: `tr(b, locale)` = `say(locale, b)`. */
export const tr = (b: LocaleText, locale: CaptchaLocale): string => say(locale, b);
/** @deprecated use {@link say}: `L(locale, en, zh)` = `say(locale, { en, zh })`. */
export const L = (locale: CaptchaLocale, en: string, zh: string): string => say(locale, { en, zh });
