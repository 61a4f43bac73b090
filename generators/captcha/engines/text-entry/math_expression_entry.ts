/**
 * #3 math_expression_entry (group A, OCR text entry, Click+Type): a distorted arithmetic expression
 * "a op b = ?" (svg-captcha math mode); hard puzzles use three operands with operator precedence or
 * numbers written as words. Answer: the value, accepted as digits, English words or Chinese numerals.
 */
import { defineKnobs, knob } from '../../engine.js';
import { Ids, boxRect, hsl, noiseDots, noiseLines, path } from '../../lib/draw.js';
import { type EntryFrame, entryFrame } from '../../lib/frames.js';
import { type GlyphSpec, checkString, layoutString, specOutline } from '../../lib/glyph-pictures.js';
import { numberAnswers, numberEn, numberZh } from '../../lib/words.js';
import { say } from '../../lib/i18n.js';
import { textEntryEngine } from './template.js';

/** Operators: `*` is drawn as ×, `-` as − (U+2212). */
export type Op = '+' | '-' | '*';

/** Latent state of math_expression_entry (puzzle px). */
export interface MathExprLatent extends Record<string, unknown> {
  frame: EntryFrame;
  terms: number[];
  ops: Op[];
  /** How operands are written: digits, English words or Chinese numerals. */
  numerals: 'digits' | 'en' | 'zh';
  /** The drawn string without spaces (glyph order). */
  shown: string;
  glyphs: GlyphSpec[];
  value: number;
  noise_lines: number;
  bg_hue: number;
}

const KNOBS = defineKnobs({ terms: knob('number of operands', 2, 2, 3), operand_max: knob('largest operand', 9, 49, 20), ops: knob('operators used', ['+', '-'], ['+', '-', '*'], ['+', '-', '*']), words: knob('probability that operands are written as words', 0, 0, 0.5), noise_lines: knob('noise curves', 1, 3, 4) });

const SYM: Record<Op, string> = { '+': '+', '-': '\u2212', '*': '\u00d7' };

/** Evaluate with the usual precedence (× before + and −). */
export function evaluate(terms: readonly number[], ops: readonly Op[]): number {
  const vals = [terms[0]!];
  const sums: Op[] = [];
  ops.forEach((op, i) => {
    if (op === '*') vals[vals.length - 1]! *= terms[i + 1]!;
    else {
      vals.push(terms[i + 1]!);
      sums.push(op);
    }
  });
  return sums.reduce((acc, op, i) => (op === '+' ? acc + vals[i + 1]! : acc - vals[i + 1]!), vals[0]!);
}

function numeral(n: number, mode: MathExprLatent['numerals']): string {
  return mode === 'en' ? numberEn(n) : mode === 'zh' ? numberZh(n) : String(n);
}
/** The expression as drawn, with spaces between tokens. */
function expressionText(l: Pick<MathExprLatent, 'terms' | 'ops' | 'numerals'>): string {
  let s = numeral(l.terms[0]!, l.numerals);
  l.ops.forEach((op, i) => (s += ` ${SYM[op]} ${numeral(l.terms[i + 1]!, l.numerals)}`));
  return s + ' = ?';
}

/** Engine #3 math_expression_entry (group A, Click+Type, verifier `text_entry`). */
export const mathExpressionEntry = textEntryEngine<MathExprLatent, typeof KNOBS>({
  type: 'math_expression_entry',
  number: 3,
  knobs: KNOBS,

  sample(rng, k, difficulty) {
    const frame = entryFrame(rng, 100);
    const numerals: MathExprLatent['numerals'] = rng.bool(k.words) ? (rng.bool() ? 'en' : 'zh') : 'digits';
    const n = numerals === 'digits' ? k.terms : 2;
    const ops: Op[] = Array.from({ length: n - 1 }, () => rng.pick(k.ops));
    if (difficulty === 'hard' && n === 3 && !ops.includes('*')) ops[rng.int(0, 1)] = '*';
    const terms: number[] = [];
    for (let i = 0; i < n; i++) {
      const mul = ops[i - 1] === '*' || ops[i] === '*';
      const max = numerals !== 'digits' ? 12 : mul ? 9 : k.operand_max;
      terms.push(rng.int(mul ? 2 : 1, max));
    }
    // keep a subtraction non-negative by swapping its operands when the left side is smaller
    if (n === 2 && ops[0] === '-' && terms[0]! < terms[1]!) terms.reverse();
    const base = { terms, ops, numerals };
    const text = expressionText(base);
    const chars = [...text];
    const hue = rng.int(0, 359);
    const laid = layoutString(rng, chars, frame.image_box, {
      size: [34, 44], maxRot: difficulty === 'easy' ? 10 : 20, maxSkew: 8, spacing: 1, jitterY: 6, weight: 700,
      face: rng.pick(['roboto', 'inter', 'noto-sans'] as const), color: () => hsl(hue + rng.int(-40, 40), rng.float(55, 80), rng.float(22, 36)),
    });
    const glyphs = laid.filter((g) => g.ch !== ' ');
    return { frame, terms, ops, numerals, shown: text.replace(/ /g, ''), glyphs, value: evaluate(terms, ops), noise_lines: k.noise_lines, bg_hue: rng.int(0, 359) };
  },

  check(l) {
    if (l.terms.length !== l.ops.length + 1 || l.terms.length < 2) return 'operands and operators do not match';
    if (l.terms.some((t) => !Number.isInteger(t) || t < 0 || t > 99)) return 'operand out of range';
    if (l.value !== evaluate(l.terms, l.ops)) return 'value does not match the expression';
    if (l.value < 0 || l.value > 999) return 'result out of range';
    if (l.shown !== expressionText(l).replace(/ /g, '')) return 'drawn text does not match the expression';
    return checkString(l.glyphs, l.shown, l.frame.image_box, 16, 0.2);
  },

  picture(l, style, rng) {
    const ids = new Ids();
    const g = ids.next();
    const ib = l.frame.image_box;
    const defs = `<linearGradient id="${g}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(l.bg_hue, 40, 90)}"/><stop offset="1" stop-color="${hsl(l.bg_hue + 50, 35, 80)}"/></linearGradient>`;
    let pic = boxRect(ib, { fill: `url(#${g})`, rx: 2 });
    pic += noiseDots(rng, ib, 50, 0.6);
    pic += noiseLines(rng, ib, Math.ceil(l.noise_lines / 2));
    for (const gl of l.glyphs) pic += path(specOutline(gl).d, { fill: gl.color });
    pic += noiseLines(rng, ib, l.noise_lines, l.glyphs.map((x) => x.color), [1, 2]);
    return { svg: pic, defs: defs };
  },

  answer: (l) => ({ text: String(l.value), valid: numberAnswers(l.value) }),

  reading(l, locale) {
    const expr = expressionText(l).replace(' = ?', '');
    const plain = l.terms.map(String).reduce((s, t, i) => (i ? `${s} ${SYM[l.ops[i - 1]!]} ${t}` : t), '');
    const hasMul = l.ops.includes('*') && l.ops.length > 1;
    const also = l.numerals !== 'digits' ? say(locale, 'math_expression_entry.plain_as', { plain }) : '';
    return say(locale, `math_expression_entry.${hasMul ? 'reasoning_mul' : 'reasoning'}`, { expr, also, value: l.value });
  },

});
