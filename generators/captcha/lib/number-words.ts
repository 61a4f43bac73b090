/**
 * Number words 0–999 in every CAPTCHA locale: THE table of how a typed numeric answer may be spelled
 * ({@link NUMBER_SPELLERS}, one speller per locale) and {@link numberAnswers}, the accepted spellings
 * a numeric text-entry verifier lists in `valid_answers`.
 *
 * A record carries instructions in en-US, zh-CN and its own locale (generators/captcha/index.ts), and
 * a verifier is built from the latent state alone (no locale), so a numeric answer accepts the words
 * of every locale: no word names two different numbers in two of these languages (checked in
 * test/captcha-number-words.test.ts). The scorer (score/scorer.ts, reward/uisynth_reward.py) compares
 * trimmed, lower-cased text against this list, so upper-case spellings need no entry of their own.
 */
import type { CaptchaLocale } from './i18n.js';

const EN_ONES = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

function check(n: number, who: string): void {
  if (!Number.isInteger(n) || n < 0 || n > 999) throw new RangeError(`${who}: ${n}`);
}

/** English words for 0–999 ("forty-two", "one hundred and five"). Throws RangeError outside. */
export function numberEn(n: number): string {
  check(n, 'numberEn');
  if (n < 20) return EN_ONES[n]!;
  if (n < 100) return EN_TENS[Math.floor(n / 10)]! + (n % 10 ? '-' + EN_ONES[n % 10]! : '');
  const h = `${EN_ONES[Math.floor(n / 100)]!} hundred`;
  return n % 100 ? `${h} and ${numberEn(n % 100)}` : h;
}

const ZH_DIG = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
/** Chinese numerals for 0–999 (十二, 二十, 一百零五). Throws RangeError outside. */
export function numberZh(n: number): string {
  check(n, 'numberZh');
  if (n < 10) return ZH_DIG[n]!;
  if (n < 20) return '十' + (n % 10 ? ZH_DIG[n % 10]! : '');
  if (n < 100) return ZH_DIG[Math.floor(n / 10)]! + '十' + (n % 10 ? ZH_DIG[n % 10]! : '');
  const h = ZH_DIG[Math.floor(n / 100)]! + '百';
  const r = n % 100;
  if (!r) return h;
  if (r < 10) return h + '零' + ZH_DIG[r]!;
  return h + ZH_DIG[Math.floor(r / 10)]! + '十' + (r % 10 ? ZH_DIG[r % 10]! : '');
}

/** Japanese kanji numerals for 0–999 (十二, 二十, 百五, 二百十): no 一 before 百 and no 零 inside. */
export function numberJa(n: number): string {
  check(n, 'numberJa');
  if (n === 0) return '零';
  const d = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
  const h = Math.floor(n / 100);
  const t = Math.floor((n % 100) / 10);
  const o = n % 10;
  return (h ? (h === 1 ? '' : d[h]!) + '百' : '') + (t ? (t === 1 ? '' : d[t]!) + '十' : '') + d[o]!;
}

const DE_ONES = ['null', 'eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun', 'zehn', 'elf', 'zwölf', 'dreizehn', 'vierzehn', 'fünfzehn', 'sechzehn', 'siebzehn', 'achtzehn', 'neunzehn'];
const DE_TENS = ['', '', 'zwanzig', 'dreißig', 'vierzig', 'fünfzig', 'sechzig', 'siebzig', 'achtzig', 'neunzig'];
/** German words for 0–99 as one word ("einundzwanzig"); "ein" inside compounds. */
function de99(n: number): string {
  if (n < 20) return DE_ONES[n]!;
  const o = n % 10;
  const tens = DE_TENS[Math.floor(n / 10)]!;
  return o ? `${o === 1 ? 'ein' : DE_ONES[o]!}und${tens}` : tens;
}
/** German words for 0–999, one word: "zweiundvierzig", "hundertfünf" (also "einhundertfünf"). Throws RangeError outside. */
export function numberDe(n: number): string[] {
  check(n, 'numberDe');
  if (n < 100) return [de99(n)];
  const h = Math.floor(n / 100);
  const r = n % 100;
  const rest = r ? (r === 1 ? 'eins' : de99(r)) : '';
  return h === 1 ? [`hundert${rest}`, `einhundert${rest}`] : [`${DE_ONES[h]!}hundert${rest}`];
}

const FR_ONES = ['zéro', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix', 'onze', 'douze', 'treize', 'quatorze', 'quinze', 'seize', 'dix-sept', 'dix-huit', 'dix-neuf'];
const FR_TENS = ['', '', 'vingt', 'trente', 'quarante', 'cinquante', 'soixante'];
/** French words for 0–99, traditional spelling ("vingt et un", "soixante-dix", "quatre-vingts"). */
function fr99(n: number, final: boolean): string {
  if (n < 20) return FR_ONES[n]!;
  const t = Math.floor(n / 10);
  const o = n % 10;
  if (t < 7) return FR_TENS[t]! + (o === 1 ? ' et un' : o ? '-' + FR_ONES[o]! : '');
  if (t === 7) return 'soixante' + (o === 1 ? ' et onze' : '-' + FR_ONES[10 + o]!);
  if (t === 8) return o ? 'quatre-vingt-' + FR_ONES[o]! : final ? 'quatre-vingts' : 'quatre-vingt';
  return 'quatre-vingt-' + FR_ONES[10 + o]!;
}
/**
 * French words for 0–999: the traditional spelling ("vingt et un", "deux cents", "cent un") and the
 * 1990 reformed one (hyphens everywhere: "vingt-et-un", "deux-cent-un"). Throws RangeError outside.
 */
export function numberFr(n: number): string[] {
  check(n, 'numberFr');
  const h = Math.floor(n / 100);
  const r = n % 100;
  let trad: string;
  if (!h) trad = fr99(r, true);
  else {
    const head = h === 1 ? 'cent' : `${FR_ONES[h]!} cent${r ? '' : 's'}`;
    trad = r ? `${head} ${fr99(r, true)}` : head;
  }
  return [trad, trad.replace(/ /g, '-')];
}

const ES_ONES = ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve',
  'veinte', 'veintiuno', 'veintidós', 'veintitrés', 'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete', 'veintiocho', 'veintinueve'];
const ES_TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const ES_HUNDREDS = ['', 'ciento', 'doscientos', 'trescientos', 'cuatrocientos', 'quinientos', 'seiscientos', 'setecientos', 'ochocientos', 'novecientos'];
/** Spanish words for 0–999 ("veintidós", "treinta y uno", "cien", "ciento cinco"). Throws RangeError outside. */
export function numberEs(n: number): string {
  check(n, 'numberEs');
  const es99 = (m: number): string => (m < 30 ? ES_ONES[m]! : ES_TENS[Math.floor(m / 10)]! + (m % 10 ? ' y ' + ES_ONES[m % 10]! : ''));
  if (n < 100) return es99(n);
  if (n === 100) return 'cien';
  const r = n % 100;
  return ES_HUNDREDS[Math.floor(n / 100)]! + (r ? ' ' + es99(r) : '');
}

const AR_ONES = ['صفر', 'واحد', 'اثنان', 'ثلاثة', 'أربعة', 'خمسة', 'ستة', 'سبعة', 'ثمانية', 'تسعة', 'عشرة', 'أحد عشر', 'اثنا عشر'];
const AR_TENS = ['', '', 'عشرون', 'ثلاثون', 'أربعون', 'خمسون', 'ستون', 'سبعون', 'ثمانون', 'تسعون'];
const AR_HUNDREDS = ['', 'مئة', 'مئتان', 'ثلاثمئة', 'أربعمئة', 'خمسمئة', 'ستمئة', 'سبعمئة', 'ثمانمئة', 'تسعمئة'];
/**
 * Arabic for 0–999: the words in the nominative ("اثنان", "ثلاثة عشر", "واحد وعشرون", "مئة وخمسة",
 * also with the older spelling مائة) and the number in Arabic-Indic digits ("١٠٥"). Throws RangeError outside.
 */
export function numberAr(n: number): string[] {
  check(n, 'numberAr');
  const ar99 = (m: number): string => {
    if (m <= 12) return AR_ONES[m]!;
    if (m < 20) return `${AR_ONES[m - 10]!} عشر`;
    const o = m % 10;
    return o ? `${AR_ONES[o]!} و${AR_TENS[Math.floor(m / 10)]!}` : AR_TENS[Math.floor(m / 10)]!;
  };
  const h = Math.floor(n / 100);
  const r = n % 100;
  const words = !h ? ar99(r) : r ? `${AR_HUNDREDS[h]!} و${ar99(r)}` : AR_HUNDREDS[h]!;
  const digits = String(n).replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
  return [words, words.replace(/مئة/g, 'مائة').replace(/مئتان/g, 'مائتان'), digits];
}

/**
 * THE number-word table: locale → the spellings of n (0–999) a writer of that locale types, first
 * the usual one. en-US also without the hyphen; zh-CN also 两 for 2; de-DE also with ss for ß; ja-JP
 * leaves out the forms Chinese reads as another number. {@link numberAnswers} adds each spelling
 * without accents ("dieciseis"); other misspellings are not guessed.
 */
export const NUMBER_SPELLERS: Readonly<Record<CaptchaLocale, (n: number) => string[]>> = {
  'en-US': (n) => {
    const w = numberEn(n);
    return w.includes('-') ? [w, w.replace(/-/g, ' ')] : [w];
  },
  'zh-CN': (n) => (n === 2 ? [numberZh(n), '两'] : [numberZh(n)]),
  // not 百五 / 二百一 (105, 201) nor 百十 (110): Chinese readers take 百五 for 150 and 二百一 for 210
  'ja-JP': (n) => (n > 100 && n % 100 > 0 && n % 100 <= 10 ? [] : [numberJa(n)]),
  'de-DE': (n) => numberDe(n).flatMap((w) => (w.includes('ß') ? [w, w.replace(/ß/g, 'ss')] : [w])),
  'es-ES': (n) => [numberEs(n)],
  'fr-FR': (n) => numberFr(n),
  ar: (n) => numberAr(n),
};

/** `s` without combining accents ("dieciséis" → "dieciseis", "zwölf" → "zwolf"). */
/** `s` without combining accents ("zwölf" -> "zwolf", "dieciséis" -> "dieciseis"): the spelling of a keyboard without them. */
export const stripAccents = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').normalize('NFC');

/**
 * Accepted spellings of a non-negative integer answer, in this order: the digits, then the words of
 * every locale in the order of {@link NUMBER_SPELLERS} (each also without accents), full-width digits
 * ("１２"); duplicates dropped. Outside 0–999: the digits only.
 */
export function numberAnswers(n: number): string[] {
  const out = [String(n)];
  if (Number.isInteger(n) && n >= 0 && n <= 999) {
    for (const spell of Object.values(NUMBER_SPELLERS)) for (const w of spell(n)) out.push(w, stripAccents(w));
    out.push(String(n).replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d))));
  }
  return [...new Set(out)];
}
