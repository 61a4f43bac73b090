/**
 * #16 number_ascending_click (group B, ordered text click, Click×k): numbers scattered over a
 * picture in different sizes; click them from smallest to largest (or largest to smallest). Hard
 * puzzles use close values, and draw larger numbers smaller so size is no cue.
 */
import { defineKnobs, knob } from '../../engine.js';
import type { ClickFrame } from '../../lib/frames.js';
import { type WordItem, checkWords, scatterWords, wordsSvg } from '../../lib/glyph-pictures.js';
import { say } from '../../lib/i18n.js';
import { checkSorted, inOrder, inkColor, listSep, orderedClickEngine, pickInkFace, texturedPicture } from './template.js';

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

/** Max |rotation| at which no digit reads as another (1 turned ~20° looks like 7; 6/9 need ~180°). */
const MAX_SAFE_ROT = 15;

/** Engine #16 number_ascending_click (group B, Click×k, verifier `click`/`sequence`). */
export const numberAscendingClick = orderedClickEngine({
  type: 'number_ascending_click',
  group: 'ordered_text_click',
  number: 16,
  knobs: defineKnobs({ count: knob('numbers to order', 4, 5, 6), range: knob('value range', [1, 30], [10, 99], [10, 99]), min_gap: knob('minimum difference between two values', 3, 2, 1), size_misleads: knob('larger values are drawn smaller', false, false, true), max_rot: knob('max rotation, degrees', 15, 15, 15), clutter: knob('background clutter shapes', 8, 14, 20), noise_lines: knob('noise curves over the picture', 0, 2, 3) }),
  frame: { imageH: 180 },

  sample(rng, k, frame, difficulty): NumberAscendingLatent {
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
    const items = rng.shuffle(scatterWords(rng, frame.image_box, vals.map(String), size, k.max_rot, inkColor(rng), { face: pickInkFace(rng) }));
    const order = items.map((_, i) => i).sort((a, b) => (direction === 'asc' ? 1 : -1) * (Number(items[a]!.text) - Number(items[b]!.text)));
    return { frame, direction, items, order, clutter: k.clutter, noise_lines: k.noise_lines, bg_hue: rng.int(0, 359) };
  },

  validate(l) {
    if (l.items.length < 3) return 'fewer than three numbers';
    const v = l.items.map((i) => Number(i.text));
    if (v.some((x) => !Number.isInteger(x) || x < 0)) return 'not a whole number';
    if (new Set(v).size !== v.length) return 'repeated value';
    if (l.items.some((i) => Math.abs(i.rot) > MAX_SAFE_ROT)) return 'rotation could make 1 read as 7';
    return checkSorted(l.order, l.items.length, (i) => Number(l.items[i]!.text), l.direction, 'number', 'order is not sorted') ?? checkWords(l.items, l.frame.image_box, 22);
  },

  clicks: (l) => inOrder(l.items, l.order),
  picture: (l, _style, rng) => texturedPicture(l, l.frame.image_box, rng, l.noise_lines, wordsSvg(l.items)),
  prompt: (l, style) => ({ lead: l.direction === 'asc' ? say(style.locale, { en: 'Click the numbers from smallest to largest', zh: '请从小到大依次点击数字' }) : say(style.locale, { en: 'Click the numbers from largest to smallest', zh: '请从大到小依次点击数字' }) }),

  stepName: (t) => t.text,
  reasoning: { key: (l) => `reasoning_${l.direction}`, params: (l, locale) => ({ shown: l.items.map((i) => i.text).join(listSep(locale)), sorted: inOrder(l.items, l.order).map((i) => i.text).join(' → ') }) },
  instruction: { key: (l) => (l.direction === 'asc' ? 'instruction_1' : 'instruction_2'), params: (l) => ({ items_length: l.items.length }) },
});
