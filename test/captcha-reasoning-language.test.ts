/**
 * CAPTCHA reasonings are in the language their locale key claims:
 * - every type has its reasoning written in ja-JP, de-DE, es-ES, fr-FR and ar (lib/i18n.ts reasonsIn);
 * - every type's reasoning in those locales carries no English function word and no English noun of the
 *   engines' noun tables outside a quoted drawn label, and differs from the English reasoning;
 * - a record in such a locale carries its reasoning under its own locale key and as `solution.reasoning`
 *   (core/schema.ts); a type without reasoning texts in a locale would reason in English whole (registry);
 * - the oracle flags the en-US reasoning.
 * Oracles: hand-written English word list and the noun tables of lib/icons.ts, lib/lucide.ts, lib/palette.ts.
 */
import { describe, expect, it } from 'vitest';
import { CaptchaRecord, DIFFICULTIES } from '../core/schema.js';
import { ENGINES } from '../generators/captcha/registry.js';
import { captchaSampleDetailed } from '../generators/captcha/index.js';
import { ICONS } from '../generators/captcha/lib/icons.js';
import { LUCIDE_ITEMS } from '../generators/captcha/lib/lucide.js';
import { NAMED_COLORS } from '../generators/captcha/lib/palette.js';
import { latents } from './captcha-latents.js';
import { type CaptchaLocale, arabicCount, catalogue, reasonsIn, timesText } from '../generators/captcha/lib/i18n.js';

const LOCALES: CaptchaLocale[] = ['ja-JP', 'de-DE', 'es-ES', 'fr-FR', 'ar'];



/**
 * English words no sentence of the other six languages contains (hand-written; not "type" or "centre",
 * which are French words, nor "in", "an", "die", "on").
 */
const ENGLISH = /\b(the|and|of|with|from|is|are|this|that|then|click|drag|press|row|column|tiles?|picture|left|right|top|bottom|middle|handle|each|every|only|them|its|which|into|at|by|it)\b/i;
/** English nouns of the engines' noun tables (icons, lucide items, named colours). */
const NOUNS = new Set<string>([
  ...Object.values(ICONS).flatMap((i) => i.en.split(' ')),
  ...Object.values(ICONS).map((i) => `${i.en}s`),
  ...LUCIDE_ITEMS.flatMap((i) => [...i.en.split(' '), ...i.enPlural.split(' ')]),
  ...NAMED_COLORS.map((c) => c.en),
]);
/** Table nouns spelled the same in that language (hand-written). */
const COGNATES: Partial<Record<CaptchaLocale, string[]>> = {
  'fr-FR': ['triangle', 'triangles', 'orange', 'rose', 'cyan', 'bus', 'pizza', 'pizzas', 'rat', 'rats', 'plus'],
  'es-ES': ['pizza', 'pizzas', 'tractor'],
  'de-DE': ['Orange', 'Cyan', 'Bus', 'Pizza'],
};
const words = (s: string): string[] => s.match(/\p{L}+(?:-\p{L}+)*/gu) ?? [];
/** The text without quoted drawn labels (the quotation marks of lib/i18n.ts QUOTES). */
const unquoted = (s: string): string => s.replace(/"[^"]*"|“[^”]*”|「[^」]*」|„[^“]*“|«[^»]*»/g, ' ');
/** Why `s` reads as English in `loc`, or null. `typed`: the answer the reasoning says to type (an English word may be the answer). */
function english(s: string, loc: CaptchaLocale, typed: string[] = []): string | null {
  const u = typed.reduce((t, w) => t.split(w).join(' '), unquoted(s));
  const fw = u.match(ENGLISH);
  if (fw) return `English word "${fw[0]}"`;
  const noun = words(u).find((w) => NOUNS.has(w) && !(COGNATES[loc] ?? []).includes(w));
  return noun ? `English noun "${noun}"` : null;
}

/**
 * es-ES addresses the user as tú throughout ("Haz clic", "pulsa", "arrastra": 95 of the 97 "clic" imperatives
 * when this test was written), never as usted ("Haga clic", "pulse", "arrastre"). Usted imperatives (hand-written
 * list) are looked for where an imperative stands: at the start of a sentence or clause and after "y" / "luego",
 * so a subjunctive in a subordinate clause ("para que el reloj marque") does not count.
 */
const USTED = /(?:^|[.:;!?¿¡(«]\s*|,\s+|\by\s+|\bluego\s+)(haga|pulse|arrastre|seleccione|escriba|lea|introduzca|mantenga|deslice|elija|presione|utilice|use|busque|localice|responda|suelte|coloque|cuente|mueva|gire|siga|compare|ordene|cuente)\b/i;
const TU = /(?:^|[.:;!?¿¡(«]\s*|,\s+|\by\s+|\bluego\s+)(haz|pulsa|arrastra|selecciona|escribe|lee|introduce|mantén|desliza|elige|usa|utiliza|busca|localiza|responde|suelta|coloca|mueve|gira|sigue)\b/i;

/**
 * Arabic count nouns `[singular, plural]` (hand-written): after a number in digits Arabic takes the plural for
 * 3–10 and the singular (tamyiz) for 11–99 and for 100, 200, …; 1 and 2 are written as words (واحد/واحدة, the
 * dual), not as a digit before the noun.
 */
const AR_COUNT_NOUNS: Array<[string, string]> = [
  ['دقيقة', 'دقائق'], ['مرة', 'مرات'], ['خانة', 'خانات'], ['أيقونة', 'أيقونات'], ['نقطة', 'نقاط'], ['زاوية', 'زوايا'],
  ['مربع', 'مربعات'], ['خلية', 'خلايا'], ['شبكة', 'شبكات'], ['رمز', 'رموز'], ['شكل', 'أشكال'], ['حرف', 'أحرف'], ['قطعة', 'قطع'],
  ['لون', 'ألوان'], ['بطاقة', 'بطاقات'], ['ثقب', 'ثقوب'], ['سلة', 'سلال'], ['ضغطة', 'ضغطات'], ['نجمة', 'نجوم'],
];
/**
 * Why a number-noun pair of Arabic text `s` disagrees, or null. Not counts: a number after its noun ("الدقيقة 15"),
 * after the article ("اللوحات الـ 3" "the 3 panels"), or the second factor of a size ("3×3").
 */
function arabicCountProblem(s: string): string | null {
  for (const m of s.matchAll(/(?<![\d.,:×]|الـ ?)(\d+)\s+(\p{Script=Arabic}+)(?![\p{L}\p{M}])/gu)) {
    const n = Number(m[1]);
    const pair = AR_COUNT_NOUNS.find(([sg, pl]) => m[2] === sg || m[2] === pl);
    if (!pair) continue;
    if (n === 1 || n === 2) return `"${m[0]}": 1 and 2 are written as words (واحد, the dual)`;
    const plural = n % 100 >= 3 && n % 100 <= 10;
    if ((m[2] === pair[1]) !== plural) return `"${m[0]}": ${n} takes the ${plural ? 'plural' : 'singular'} ${plural ? pair[1] : pair[0]}`;
  }
  return null;
}

describe('CAPTCHA reasonings are written in their locale', () => {
  it('every type has its reasoning written in the five locales, and a type without texts has none', () => {
    for (const loc of LOCALES) {
      expect(ENGINES.filter((e) => !reasonsIn(e.type, loc)).map((e) => e.type), loc).toEqual([]);
      expect(reasonsIn('no_such_type', loc), loc).toBe(false);
    }
  });

  it.each(DIFFICULTIES.map((d) => [d]))('%s: every type reasons without English, Arabic counts agree, es-ES instructions and reasonings in tú', (d) => {
    const offenders: string[] = [];
    let tu = 0;
    for (const e of ENGINES) {
      for (const l of latents(e, d, 2, 'reason')) {
        for (const loc of LOCALES) {
          const r = e.reasoning(l, loc, undefined, loc);
          const typed = e.solve(l).actions.flatMap((a) => (a.type === 'type' ? [a.text] : []));
          const why = english(r, loc, typed);
          if (why) offenders.push(`${e.type} ${loc}: ${why}: ${r}`);
          if (r === e.reasoning(l, 'en-US', undefined, loc)) offenders.push(`${e.type} ${loc}: same as English: ${r}`);
        }
        for (const s of [e.instruction(l, 'ar'), e.reasoning(l, 'ar', undefined, 'ar')]) {
          const bad = arabicCountProblem(s);
          if (bad) offenders.push(`${e.type} ar: ${bad}: ${s}`);
        }
        for (const s of [e.instruction(l, 'es-ES'), e.reasoning(l, 'es-ES', undefined, 'es-ES')]) {
          if (USTED.test(s)) offenders.push(`${e.type} es-ES: usted: ${s}`);
          if (TU.test(s)) tu++;
        }
      }
    }
    expect(offenders.slice(0, 20), offenders.join('\n')).toEqual([]);
    expect(tu).toBeGreaterThan(ENGINES.length); // tú forms are there to be found (the oracle matches the real text)
  });

  it('the oracle flags English: every en-US reasoning', () => {
    for (const e of ENGINES) {
      const l = latents(e, 'easy', 1, 'reason')[0]!;
      expect(english(e.reasoning(l, 'en-US'), 'de-DE'), e.type).not.toBeNull();
    }
  });
});

describe('a record keys a reasoning by its locale', () => {
  const cfg = (type: string, locale: CaptchaLocale) => ({ types: [type], contexts: ['web' as const], difficulties: ['easy' as const], locales: [locale] });
  it.each([['de-DE', 'spatial_relation_click'], ['ar', 'count_match_arrows'], ['es-ES', 'path_navigate_arrows']] as const)('%s (%s)', async (loc, type) => {
    const a = CaptchaRecord.omit({ image: true }).parse((await captchaSampleDetailed(cfg(type, loc), 7, 0)).record);
    expect(Object.keys(a.solution.reasonings).sort()).toEqual([loc, 'en-US', 'zh-CN'].sort());
    expect(a.solution.reasoning).toBe(a.solution.reasonings[loc]);
    expect(english(a.solution.reasoning, loc)).toBeNull();
  });
  it('en-US and zh-CN records keep their reasoning', async () => {
    for (const loc of ['en-US', 'zh-CN'] as const) {
      const r = CaptchaRecord.omit({ image: true }).parse((await captchaSampleDetailed(cfg('clock_time_order_click', loc), 7, 0)).record);
      expect(r.solution.reasoning).toBe(r.solution.reasonings[loc]);
      expect(r.solution.reasoning.length).toBeGreaterThan(20);
    }
  });
});

describe('Arabic counts: the noun form each number takes', () => {
  it('the oracle (hand-written sentences)', () => {
    expect(arabicCountProblem('اضغط السهم 3 مرات')).toBeNull();
    expect(arabicCountProblem('اضغط السهم 11 مرة')).toBeNull();
    expect(arabicCountProblem('اضغط السهم 5 مرة')).not.toBeNull();
    expect(arabicCountProblem('اضغط السهم 12 مرات')).not.toBeNull();
    expect(arabicCountProblem('اضغط السهم 2 مرات')).not.toBeNull();
    expect(arabicCountProblem('يشير إلى الدقيقة 5')).toBeNull();
    expect(arabicCountProblem('بفحص الشبكة 3×3 مربعًا مربعًا')).toBeNull();
    expect(arabicCountProblem('كل لوحة من اللوحات الـ 3 شبكة نقاط')).toBeNull();
  });
  it('arabicCount (lib/i18n.ts) and timesText give those forms', () => {
    const forms = { one: 'خانة واحدة', two: 'خانتين', few: 'خانات', many: 'خانة' };
    expect([1, 2, 3, 10, 11, 99, 100, 103, 111].map((n) => arabicCount(n, forms))).toEqual(['خانة واحدة', 'خانتين', '3 خانات', '10 خانات', '11 خانة', '99 خانة', '100 خانة', '103 خانات', '111 خانة']);
    expect([1, 2, 3, 12].map((n) => timesText('ar', n))).toEqual(['مرة واحدة', 'مرتين', '3 مرات', '12 مرة']);
    expect([1, 2, 3].map((n) => timesText('de-DE', n))).toEqual(['einmal', '2-mal', '3-mal']);
    expect([1, 4].map((n) => timesText('es-ES', n))).toEqual(['una vez', '4 veces']);
    expect([1, 4].map((n) => timesText('fr-FR', n))).toEqual(['une fois', '4 fois']);
    expect([1, 4].map((n) => timesText('en-US', n))).toEqual(['1 time', '4 times']);
  });
  it('every catalogue text of ar writes no count noun right after a placeholder (the noun form would depend on the number)', () => {
    const nouns = AR_COUNT_NOUNS.flat().join('|');
    const re = new RegExp(`(?<!×|الـ ?)\\{\\w+\\}\\s+(${nouns})(?![\\p{L}\\p{M}])`, 'u');
    const c = catalogue('ar');
    // icon_click_ordered.instruction: {targets_length} is 3 or 4 (its knob table), always the plural
    const bad = Object.entries(c).flatMap(([t, keys]) => Object.entries(keys).filter(([k, v]) => re.test(v) && `${t}.${k}` !== 'icon_click_ordered.instruction').map(([k, v]) => `${t}.${k}: ${v}`));
    expect(bad).toEqual([]);
  });
});

describe('es-ES text addresses the user as tú, never as usted', () => {
  it('the oracle tells the two apart', () => {
    expect(USTED.test('Haga clic en el campo de entrada y escriba cuántos hay.')).toBe(true);
    expect(USTED.test('Haz clic en el cuadro de texto y luego pulse Enviar.')).toBe(true);
    expect(USTED.test('Arrastra el minutero para que el reloj marque las 3:15.')).toBe(false);
    expect(TU.test('Haz clic en el cuadro de texto y escribe cuántos hay.')).toBe(true);
  });
  it('every catalogue text of es-ES', () => {
    const c = catalogue('es-ES');
    const usted = Object.entries(c).flatMap(([t, keys]) => Object.entries(keys).filter(([, v]) => USTED.test(v)).map(([k, v]) => `${t}.${k}: ${v}`));
    expect(usted).toEqual([]);
  });
});
