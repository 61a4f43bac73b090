/**
 * #20 result_digits_click (group B, ordered text click, Click×k): the prompt shows an equation
 * ("23 + 19 = ?"); digits are scattered on the picture; click the digits of the result in order
 * (MCA-Bench arithmetic selection). Results have no repeated digit, so the click order is unique.
 */
import { defineKnobs, knob } from '../../engine.js';
import { label } from '../../lib/draw.js';
import { textWidth } from '../../../../renderers/glyphs.js';
import type { ClickFrame } from '../../lib/frames.js';
import { type GlyphItem, checkItems, itemsSvg } from '../../lib/glyph-pictures.js';
import { placeWithRetries } from '../../lib/placement.js';
import { uniqueChars } from '../../lib/words.js';
import { say } from '../../lib/i18n.js';
import { hasRepeats, inOrder, listSep, orderHits, orderedClickEngine, scatterInk, texturedPicture } from './template.js';

type Op = '+' | '-' | '*';
/** Latent state of result_digits_click (puzzle px). */
export interface ResultDigitsLatent extends Record<string, unknown> {
  frame: ClickFrame;
  a: number;
  b: number;
  op: Op;
  value: number;
  items: GlyphItem[];
  order: number[];
  clutter: number;
  noise_lines: number;
  bg_hue: number;
}

const SYM = { '+': '+', '-': '\u2212', '*': '\u00d7' } as const;
const calc = (a: number, b: number, op: Op): number => (op === '+' ? a + b : op === '-' ? a - b : a * b);

/** Engine #20 result_digits_click (group B, Click×k, verifier `click`/`sequence`). */
export const resultDigitsClick = orderedClickEngine({
  type: 'result_digits_click',
  group: 'ordered_text_click',
  number: 20,
  knobs: defineKnobs({ result_digits: knob('digits in the result', 2, 2, 3), decoys: knob('digits on the picture that are not in the result', 2, 4, 5), ops: knob('operators used', ['+'], ['+', '-'], ['+', '-', '*']), max_rot: knob('max digit rotation, degrees', 15, 25, 25), size: knob('digit size range, puzzle px', [34, 40], [31, 37], [29, 34]), clutter: knob('background clutter shapes', 8, 14, 20), noise_lines: knob('noise curves over the picture', 0, 2, 3) }),
  frame: { imageH: 180 },

  sample(rng, k, frame): ResultDigitsLatent {
    const lo = 10 ** (k.result_digits - 1);
    const hi = 10 ** k.result_digits - 1;
    // an equation whose result has the wanted digit count, no repeated digit, and not both 6/9 or 1/7
    let last = { op: '+' as Op, a: 0, b: 0, v: 0 };
    const propose = (): typeof last => {
      const op = rng.pick(k.ops);
      let a: number;
      let b: number;
      if (op === '*') {
        a = rng.int(11, 40);
        b = rng.int(3, 9);
      } else if (op === '-') {
        a = rng.int(lo + 10, Math.min(hi + 40, 999));
        b = rng.int(5, a - lo);
      } else {
        a = rng.int(Math.floor(lo / 2), Math.floor(hi / 2));
        b = rng.int(Math.floor(lo / 2), Math.floor(hi / 2));
      }
      return (last = { op, a, b, v: calc(a, b, op) });
    };
    const good = (c: typeof last): boolean => {
      const sv = String(c.v);
      return c.v >= lo && c.v <= hi && uniqueChars(sv) && !(sv.includes('6') && sv.includes('9')) && !(sv.includes('1') && sv.includes('7'));
    };
    const { op, a, b, v } = placeWithRetries(100, propose, good) ?? last;
    const res = [...String(v)];
    // 6/9 and 1/7 read as each other when turned: never both on one picture
    const clash = (d: string): boolean => (res.includes('6') && d === '9') || (res.includes('9') && d === '6') || (res.includes('1') && d === '7') || (res.includes('7') && d === '1');
    const decoys: string[] = [];
    for (const d of rng.shuffle([...'0123456789'])) {
      const pair = (x: string, y: string): boolean => (d === x && decoys.includes(y)) || (d === y && decoys.includes(x));
      if (decoys.length < k.decoys && !res.includes(d) && !clash(d) && !pair('6', '9') && !pair('1', '7')) decoys.push(d);
    }
    const items = rng.shuffle(scatterInk(rng, frame.image_box, [...res, ...decoys], k.size, k.max_rot, true))
      .map((it) => (it.ch === '1' ? { ...it, rot: Math.max(-8, Math.min(8, it.rot)) } : it));
    return { frame, a, b, op, value: v, items, order: res.map((d) => items.findIndex((it) => it.ch === d)), clutter: k.clutter, noise_lines: k.noise_lines, bg_hue: rng.int(0, 359) };
  },

  validate(l) {
    if (calc(l.a, l.b, l.op) !== l.value) return 'value does not match the equation';
    if (l.value < 10) return 'result needs at least two digits';
    if (!uniqueChars(String(l.value))) return 'repeated digit in the result: click order not unique';
    const chars = l.items.map((i) => i.ch);
    if (hasRepeats(chars)) return 'duplicate digit on the picture';
    if (chars.includes('6') && chars.includes('9')) return '6 and 9 together are confusable when rotated';
    if (chars.includes('1') && chars.includes('7')) return '1 and 7 together are confusable when rotated';
    if (l.items.some((i) => Math.abs(i.rot) > (i.ch === '1' ? 8 : 30))) return 'rotation too large for digits';
    if (!orderHits(l.order, l.items, [...String(l.value)], (it) => it.ch)) return 'order does not spell the result';
    return checkItems(l.items, l.frame.image_box, 24);
  },

  clicks: (l) => inOrder(l.items, l.order),
  picture: (l, _style, rng) => texturedPicture(l, l.frame.image_box, rng, l.noise_lines, itemsSvg(l.items)),
  prompt: (l, style) => {
    const eq = `${l.a} ${SYM[l.op]} ${l.b} = ?`;
    return { lead: say(style.locale, { en: 'Click the digits of', zh: '依次点击结果的各位数字：' }), ref: (x, cy) => label(style, eq, x, cy + 6, 17, style.accent, { weight: 700 }), refW: textWidth(eq, 17, { face: style.face, weight: 700 }) };
  },

  stepName: (t, _j, _l, locale) => say(locale, 'result_digits_click.step', { digit: t.ch }),
  reasoning: { params: (l, locale) => ({ a: l.a, op: SYM[l.op], b: l.b, value: l.value, digits: [...String(l.value)].join(listSep(locale)), count: l.items.length }) },
  instruction: { params: (l) => ({ a: l.a, p: SYM[l.op], b: l.b }) },
});
