/**
 * Typed numeric answers accept the number words of every locale an instruction is written in
 * (generators/captcha/lib/number-words.ts): checked on every numeric text-entry engine against number
 * words written out here by hand (the independent oracle), and no accepted word names two numbers.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../core/rng.js';
import { DIFFICULTIES } from '../core/schema.js';
import { scoreVerifier } from '../score/scorer.js';
import { ENGINES } from '../generators/captcha/registry.js';
import { CAPTCHA_LOCALES } from '../generators/captcha/lib/i18n.js';
import { NUMBER_SPELLERS, numberAnswers } from '../generators/captcha/lib/number-words.js';
import type { Action } from '../core/actions.js';

/** 0–20 in each locale, as a native writer spells them (hand-written; not generated). */
const HAND: Record<string, string[]> = {
  'en-US': 'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'.split(' '),
  'zh-CN': '零 一 二 三 四 五 六 七 八 九 十 十一 十二 十三 十四 十五 十六 十七 十八 十九 二十'.split(' '),
  'ja-JP': '零 一 二 三 四 五 六 七 八 九 十 十一 十二 十三 十四 十五 十六 十七 十八 十九 二十'.split(' '),
  'de-DE': 'null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn fünfzehn sechzehn siebzehn achtzehn neunzehn zwanzig'.split(' '),
  'es-ES': 'cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciséis diecisiete dieciocho diecinueve veinte'.split(' '),
  'fr-FR': 'zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize dix-sept dix-huit dix-neuf vingt'.split(' '),
  ar: ['صفر', 'واحد', 'اثنان', 'ثلاثة', 'أربعة', 'خمسة', 'ستة', 'سبعة', 'ثمانية', 'تسعة', 'عشرة', 'أحد عشر', 'اثنا عشر', 'ثلاثة عشر', 'أربعة عشر', 'خمسة عشر', 'ستة عشر', 'سبعة عشر', 'ثمانية عشر', 'تسعة عشر', 'عشرون'],
};

/** Larger numbers, hand-written from each language's rules (French 71/80/91, German compounds, Spanish cien/ciento). */
const HAND_LARGE: Array<[string, number, string]> = [
  ['fr-FR', 21, 'vingt et un'], ['fr-FR', 71, 'soixante et onze'], ['fr-FR', 80, 'quatre-vingts'], ['fr-FR', 91, 'quatre-vingt-onze'],
  ['fr-FR', 200, 'deux cents'], ['fr-FR', 201, 'deux cent un'], ['fr-FR', 21, 'vingt-et-un'],
  ['de-DE', 21, 'einundzwanzig'], ['de-DE', 35, 'fünfunddreißig'], ['de-DE', 105, 'hundertfünf'], ['de-DE', 30, 'dreissig'],
  ['es-ES', 22, 'veintidós'], ['es-ES', 31, 'treinta y uno'], ['es-ES', 100, 'cien'], ['es-ES', 105, 'ciento cinco'], ['es-ES', 500, 'quinientos'],
  ['ja-JP', 100, '百'], ['ja-JP', 342, '三百四十二'], ['zh-CN', 105, '一百零五'], ['zh-CN', 2, '两'],
  ['ar', 21, 'واحد وعشرون'], ['ar', 105, 'مئة وخمسة'], ['ar', 105, '١٠٥'], ['en-US', 42, 'forty two'],
];

const typed = (v: Parameters<typeof scoreVerifier>[0], text: string): number => {
  if (v.kind !== 'text_entry') throw new Error('not a text-entry verifier');
  const click: Action = { type: 'click', point: [v.input_box[0] + 2, v.input_box[1] + 2] };
  return scoreVerifier(v, [click, { type: 'type', text }]).score;
};

describe('number words in every locale', () => {
  it('numberAnswers(n) holds the hand-written words of every locale for 0–20 and the larger samples', () => {
    for (const locale of CAPTCHA_LOCALES) for (let n = 0; n <= 20; n++) expect(numberAnswers(n), `${locale} ${n}`).toContain(HAND[locale]![n]);
    for (const [locale, n, w] of HAND_LARGE) expect(numberAnswers(n), `${locale} ${n}`).toContain(w);
  });

  it('no accepted spelling names two different numbers (0–999, lower-cased as the scorer compares)', () => {
    const seen = new Map<string, number>();
    const clashes: string[] = [];
    for (let n = 0; n <= 999; n++) {
      for (const w of numberAnswers(n)) {
        const k = w.toLowerCase();
        const m = seen.get(k);
        if (m !== undefined && m !== n) clashes.push(`${w}: ${m} and ${n}`);
        seen.set(k, n);
      }
    }
    expect(clashes).toEqual([]);
    // every locale has a speller, and each gives at least one word for every n (ja-JP may leave out the forms Chinese misreads)
    for (const locale of CAPTCHA_LOCALES) expect(NUMBER_SPELLERS[locale](7).length, locale).toBeGreaterThan(0);
  });

  // every text-entry engine whose answer is a number: the number word of every locale scores 1,
  // a neighbouring number's word scores 0
  const numeric = ENGINES.filter((e) => {
    for (let k = 0; k < 30; k++) {
      const l = e.sample(new Rng(`nw-probe-${e.type}-${k}`), (['easy', 'medium', 'hard'] as const)[k % 3]!);
      if (e.validate(l)) continue;
      const v = e.solve(l).verifier;
      if (v.kind !== 'text_entry') return false;
      if (/^\d+$/.test(v.answer)) return true;
    }
    return false;
  });

  // text_colored_subset types a string of coloured characters, which may be all digits ("07"): a code, not a number
  const CODES = ['text_colored_subset'];
  it('finds the numeric text-entry engines', () => {
    expect(numeric.map((e) => e.type).sort()).toEqual(
      ['color_cipher_entry', 'commonsense_question_entry', 'count_objects_entry', 'dice_roll_path_entry', 'dice_sum_entry', 'math_expression_entry', 'occluded_pattern_count_entry', 'text_question_logic', ...CODES].sort(),
    );
  });

  it.each(numeric.filter((e) => !CODES.includes(e.type)).map((e) => [e.type, e] as const))('%s: the answer typed as a word of every locale scores 1, a wrong number 0', (_t, e) => {
    let checked = 0;
    for (const d of DIFFICULTIES) {
      for (let k = 0; k < 40 && checked < 3 * (DIFFICULTIES.indexOf(d) + 1); k++) {
        const l = e.sample(new Rng(`nw-${e.type}-${d}-${k}`), d);
        if (e.validate(l)) continue;
        const v = e.solve(l).verifier;
        if (v.kind !== 'text_entry' || !/^\d+$/.test(v.answer)) continue;
        const n = Number(v.answer);
        if (n > 19) continue; // the hand table goes to 20; wrong = n + 1
        checked++;
        for (const locale of CAPTCHA_LOCALES) {
          expect(typed(v, HAND[locale]![n]!), `${locale} ${n}`).toBe(1);
          expect(typed(v, ` ${HAND[locale]![n]!.toUpperCase()} `), `${locale} ${n} upper`).toBe(1);
          expect(typed(v, HAND[locale]![n + 1]!), `${locale} ${n + 1} for ${n}`).toBe(0);
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('commonsense word answers in every locale', () => {
  /** Hand-written answers of three word facts per locale (not taken from the engine's table), and a wrong one. */
  const CASES: Array<[string, string[], string]> = [
    ['grass', ['Verde', 'vert', 'Grün', 'gruen', '緑', 'أخضر', 'green', '绿色'], 'rojo'],
    ['bark', ['perro', 'Chien', 'Hund', '犬', 'كلب', 'dog'], 'gato'],
    ['sunrise', ['este', "l'est", 'Osten', '東', 'الشرق', 'east'], 'oeste'],
  ];
  const engine = ENGINES.find((e) => e.type === 'commonsense_question_entry')!;
  it.each(CASES)('%s: typed in any instruction language scores 1, a wrong word 0', (fact, words, wrong) => {
    let v: ReturnType<typeof engine.solve>['verifier'] | null = null;
    for (let k = 0; k < 400 && !v; k++) {
      const l = engine.sample(new Rng(`cs-${fact}-${k}`), 'medium') as { fact?: string };
      if (l.fact === fact && !engine.validate(l as never)) v = engine.solve(l as never).verifier;
    }
    expect(v, `no ${fact} puzzle sampled`).not.toBeNull();
    for (const w of words) expect(typed(v!, w), w).toBe(1);
    expect(typed(v!, wrong)).toBe(0);
  });
});
