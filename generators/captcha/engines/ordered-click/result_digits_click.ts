/**
 * #20 result_digits_click (group B, ordered text click, Click×k): the prompt shows an equation
 * ("23 + 19 = ?"); digits are scattered on the picture; click the digits of the result in order
 * (MCA-Bench arithmetic selection). Results have no repeated digit, so the click order is unique.
 */
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { Ids, hsl, label, noiseLines, svgDoc, texturedBackground } from '../../lib/draw.js';
import { textWidth } from '../../../../renderers/glyphs.js';
import { type ClickFrame, clickFrame, drawClickFrame, orderSteps } from '../../lib/frames.js';
import { clickSequence } from '../../lib/solutions.js';
import { type GlyphItem, checkItems, itemsSvg, scatterGlyphs } from '../../lib/glyph-pictures.js';
import { uniqueChars } from '../../lib/words.js';
import { say } from '../../lib/i18n.js';

/** Latent state of result_digits_click (puzzle px). */
export interface ResultDigitsLatent extends Record<string, unknown> {
  frame: ClickFrame;
  a: number;
  b: number;
  op: '+' | '-' | '*';
  value: number;
  items: GlyphItem[];
  order: number[];
  clutter: number;
  noise_lines: number;
  bg_hue: number;
}

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ result_digits: knob('digits in the result', 2, 2, 3), decoys: knob('digits on the picture that are not in the result', 2, 4, 5), ops: knob('operators used', ['+'], ['+', '-'], ['+', '-', '*']), max_rot: knob('max digit rotation, degrees', 15, 25, 25), size: knob('digit size range, puzzle px', [34, 40], [31, 37], [29, 34]), clutter: knob('background clutter shapes', 8, 14, 20), noise_lines: knob('noise curves over the picture', 0, 2, 3) });
const SYM = { '+': '+', '-': '\u2212', '*': '\u00d7' } as const;
const calc = (a: number, b: number, op: '+' | '-' | '*'): number => (op === '+' ? a + b : op === '-' ? a - b : a * b);

/** Engine #20 result_digits_click (group B, Click×k, verifier `click`/`sequence`). */
export const resultDigitsClick = defineEngine<ResultDigitsLatent>({
  type: 'result_digits_click',
  group: 'ordered_text_click',
  number: 20,
  actionForm: 'Click×k',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
    const frame = clickFrame(rng, 180);
    let a = 0;
    let b = 0;
    let op: '+' | '-' | '*' = '+';
    let v = 0;
    const lo = 10 ** (k.result_digits - 1);
    const hi = 10 ** k.result_digits - 1;
    for (let t = 0; t < 100; t++) {
      op = rng.pick(k.ops);
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
      v = calc(a, b, op);
      const sv = String(v);
      if (v >= lo && v <= hi && uniqueChars(sv) && !(sv.includes('6') && sv.includes('9')) && !(sv.includes('1') && sv.includes('7'))) break;
    }
    const res = [...String(v)];
    // 6/9 and 1/7 read as each other when turned: never both on one picture
    const clash = (d: string): boolean => (res.includes('6') && d === '9') || (res.includes('9') && d === '6') || (res.includes('1') && d === '7') || (res.includes('7') && d === '1');
    const decoys: string[] = [];
    for (const d of rng.shuffle([...'0123456789'])) {
      const pair = (x: string, y: string): boolean => (d === x && decoys.includes(y)) || (d === y && decoys.includes(x));
      if (decoys.length < k.decoys && !res.includes(d) && !clash(d) && !pair('6', '9') && !pair('1', '7')) decoys.push(d);
    }
    const chars = [...res, ...decoys];
    const items = rng.shuffle(scatterGlyphs(rng, frame.image_box, chars, k.size, k.max_rot, () => hsl(rng.int(0, 359), rng.float(65, 95), rng.float(45, 62)), { face: rng.pick(['roboto', 'inter', 'noto-sans'] as const) }))
      .map((it) => (it.ch === '1' ? { ...it, rot: Math.max(-8, Math.min(8, it.rot)) } : it));
    return { frame, a, b, op, value: v, items, order: res.map((d) => items.findIndex((it) => it.ch === d)), clutter: k.clutter, noise_lines: k.noise_lines, bg_hue: rng.int(0, 359) };
  },

  validate(l) {
    if (calc(l.a, l.b, l.op) !== l.value) return 'value does not match the equation';
    const res = [...String(l.value)];
    if (l.value < 10) return 'result needs at least two digits';
    if (!uniqueChars(String(l.value))) return 'repeated digit in the result: click order not unique';
    const chars = l.items.map((i) => i.ch);
    if (new Set(chars).size !== chars.length) return 'duplicate digit on the picture';
    if (chars.includes('6') && chars.includes('9')) return '6 and 9 together are confusable when rotated';
    if (chars.includes('1') && chars.includes('7')) return '1 and 7 together are confusable when rotated';
    if (l.items.some((i) => Math.abs(i.rot) > (i.ch === '1' ? 8 : 30))) return 'rotation too large for digits';
    if (l.order.length !== res.length || l.order.some((i, j) => l.items[i]?.ch !== res[j])) return 'order does not spell the result';
    return checkItems(l.items, l.frame.image_box, 24);
  },

  draw(l, style, rng) {
    const ids = new Ids();
    const bg = texturedBackground(rng.fork('bg'), l.frame.image_box, ids, { hue: l.bg_hue, clutter: l.clutter });
    const pic = bg.body + noiseLines(rng, l.frame.image_box, l.noise_lines) + itemsSvg(l.items);
    const eq = `${l.a} ${SYM[l.op]} ${l.b} = ?`;
    const w = textWidth(eq, 17, { face: style.face, weight: 700 });
    const lead = say(style.locale, { en: 'Click the digits of', zh: '依次点击结果的各位数字：' });
    const body = drawClickFrame(style, l.frame, lead, (x, cy) => label(style, eq, x, cy + 6, 17, style.accent, { weight: 700 }), pic, w);
    return { svg: svgDoc(l.frame.width, l.frame.height, body, bg.defs), width: l.frame.width, height: l.frame.height };
  },

  solve(l) {
    return clickSequence(l.order.map((i) => l.items[i]!.box));
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const res = String(l.value);
    const steps = orderSteps(l.order.map((i) => ({ name: say(locale, { en: `digit ${l.items[i]!.ch}`, zh: `数字 ${l.items[i]!.ch}` }), box: l.items[i]!.box })), l.frame.image_box, locale, m);
    return say(locale, { en: `The prompt's equation is ${l.a} ${SYM[l.op]} ${l.b} = ?, which is ${res}, so the digits ${[...res].join(', ')} must be clicked in that order. The picture holds ${l.items.length} digits. ${steps}.`, zh: `提示中的算式是 ${l.a} ${SYM[l.op]} ${l.b} = ?，结果为 ${res}，需要依次点击 ${[...res].join('、')}。图中共有 ${l.items.length} 个数字。${steps}。` });
  },

  instruction(l, locale) {
    return say(locale, 'result_digits_click.instruction', { a: l.a, p: SYM[l.op], b: l.b });
  },
});
