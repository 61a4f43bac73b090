/**
 * #16 number_ascending_click (group B, ordered text click, Click×k): numbers scattered over a
 * picture in different sizes; click them from smallest to largest (or largest to smallest). Hard
 * puzzles use close values, and draw larger numbers smaller so size is no cue.
 */
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { Ids, hsl, noiseLines, svgDoc, texturedBackground } from '../../lib/draw.js';
import { type ClickFrame, clickFrame, drawClickFrame, orderSteps } from '../../lib/frames.js';
import { clickSequence } from '../../lib/solutions.js';
import { type WordItem, checkWords, scatterWords, wordsSvg } from '../../lib/glyph-pictures.js';
import { say } from '../../lib/i18n.js';

/** Latent state of number_ascending_click (puzzle px). */
export interface NumberAscendingLatent extends Record<string, unknown> {
  frame: ClickFrame;
  direction: 'asc' | 'desc';
  items: WordItem[];
  order: number[];
  clutter: number;
  noise_lines: number;
  bg_hue: number;
}

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ count: knob('numbers to order', 4, 5, 6), range: knob('value range', [1, 30], [10, 99], [10, 99]), min_gap: knob('minimum difference between two values', 3, 2, 1), size_misleads: knob('larger values are drawn smaller', false, false, true), max_rot: knob('max rotation, degrees', 15, 15, 15), clutter: knob('background clutter shapes', 8, 14, 20), noise_lines: knob('noise curves over the picture', 0, 2, 3) });

/** Max |rotation| at which no digit reads as another (1 turned ~20° looks like 7; 6/9 need ~180°). */
const MAX_SAFE_ROT = 15;

/** Engine #16 number_ascending_click (group B, Click×k, verifier `click`/`sequence`). */
export const numberAscendingClick = defineEngine<NumberAscendingLatent>({
  type: 'number_ascending_click',
  group: 'ordered_text_click',
  number: 16,
  actionForm: 'Click×k',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
    const frame = clickFrame(rng, 180);
    const direction = rng.bool(0.75) ? 'asc' : 'desc';
    let lo = k.range[0];
    let hi = k.range[1];
    if (difficulty === 'hard') {
      lo = rng.int(10, 80);
      hi = lo + 16;
    }
    const vals: number[] = [];
    for (let t = 0; t < 200 && vals.length < k.count; t++) {
      const v = rng.int(lo, hi);
      if (vals.every((w) => Math.abs(w - v) >= k.min_gap)) vals.push(v);
    }
    const sorted = [...vals].sort((a, b) => a - b);
    const size = (i: number): number => {
      if (!k.size_misleads) return Math.round(rng.float(26, 36));
      const rank = sorted.indexOf(vals[i]!);
      return Math.round(36 - (rank / Math.max(1, vals.length - 1)) * 10 + rng.float(-1.5, 1.5));
    };
    const items = rng.shuffle(scatterWords(rng, frame.image_box, vals.map(String), size, k.max_rot, () => hsl(rng.int(0, 359), rng.float(65, 95), rng.float(45, 62)), { face: rng.pick(['roboto', 'inter', 'noto-sans'] as const) }));
    const order = items.map((_, i) => i).sort((a, b) => (direction === 'asc' ? 1 : -1) * (Number(items[a]!.text) - Number(items[b]!.text)));
    return { frame, direction, items, order, clutter: k.clutter, noise_lines: k.noise_lines, bg_hue: rng.int(0, 359) };
  },

  validate(l) {
    if (l.items.length < 3) return 'fewer than three numbers';
    const v = l.items.map((i) => Number(i.text));
    if (v.some((x) => !Number.isInteger(x) || x < 0)) return 'not a whole number';
    if (new Set(v).size !== v.length) return 'repeated value';
    if (l.items.some((i) => Math.abs(i.rot) > MAX_SAFE_ROT)) return 'rotation could make 1 read as 7';
    if (l.order.length !== l.items.length || new Set(l.order).size !== l.order.length) return 'order must use every number once';
    for (let i = 1; i < l.order.length; i++) {
      const a = Number(l.items[l.order[i - 1]!]!.text);
      const b = Number(l.items[l.order[i]!]!.text);
      if (l.direction === 'asc' ? a >= b : a <= b) return 'order is not sorted';
    }
    return checkWords(l.items, l.frame.image_box, 22);
  },

  draw(l, style, rng) {
    const ids = new Ids();
    const bg = texturedBackground(rng.fork('bg'), l.frame.image_box, ids, { hue: l.bg_hue, clutter: l.clutter });
    const pic = bg.body + noiseLines(rng, l.frame.image_box, l.noise_lines) + wordsSvg(l.items);
    const lead = l.direction === 'asc' ? (say(style.locale, { en: 'Click the numbers from smallest to largest', zh: '请从小到大依次点击数字' })) : say(style.locale, { en: 'Click the numbers from largest to smallest', zh: '请从大到小依次点击数字' });
    const body = drawClickFrame(style, l.frame, lead, null, pic);
    return { svg: svgDoc(l.frame.width, l.frame.height, body, bg.defs), width: l.frame.width, height: l.frame.height };
  },

  solve(l) {
    return clickSequence(l.order.map((i) => l.items[i]!.box));
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const shown = l.items.map((i) => i.text).join(say(locale, { en: ', ', zh: '、' }));
    const sorted = l.order.map((i) => l.items[i]!.text);
    const steps = orderSteps(l.order.map((i) => ({ name: l.items[i]!.text, box: l.items[i]!.box })), l.frame.image_box, locale, m);
    return say(locale, { en: `The numbers on the picture are ${shown} (their size says nothing about their value). ${l.direction === 'asc' ? 'Smallest to largest' : 'Largest to smallest'}: ${sorted.join(' → ')}. ${steps}. Click them in this order.`, zh: `图中的数字有：${shown}（字号大小与数值无关）。${l.direction === 'asc' ? '从小到大' : '从大到小'}排列为 ${sorted.join(' → ')}。${steps}。依次点击。` });
  },

  instruction(l, locale) {
    if (l.direction === 'asc') return say(locale, 'number_ascending_click.instruction_1', { items_length: l.items.length });
    return say(locale, 'number_ascending_click.instruction_2', { items_length: l.items.length });
  },
});
