/**
 * #59 sum_match_arrows (group G, visual reasoning, Arrows×k+Submit): a target sum and a row of options,
 * each with two or three dice; a frame marks the current option and ← / → move it one option per
 * press (Arkose dice_match). Exactly one option's dice add up to the target. Answer: |target - cursor|
 * presses of the arrow towards it, then Submit. Verifier `presses` (lib/pager.ts `pagerSolution`): any press
 * sequence that leaves the frame on that option is right.
 */
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { hsl, label } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { type PagerLayout, optWord, pagerLayout } from '../../lib/pager.js';
import { tile } from '../../lib/controls.js';
import { arrowsEngine, listSep } from './template.js';
import { plainDieSvg } from '../../lib/dice-clocks.js';

/** Latent state of sum_match_arrows (puzzle px). */
export interface SumMatchLatent extends Record<string, unknown> {
  width: number;
  height: number;
  sum: number;
  /** Dice values per option. */
  options: number[][];
  rots: number[][];
  layout: PagerLayout;
  cursor: number;
  answer: number;
  hue: number;
}

const KNOBS = defineKnobs({ options: knob('number of options', 3, 4, 4), dice: knob('dice per option', 2, 2, 3), near: knob('wrong options sum to within 1-2 of the target', false, true, true), max_rot: knob('max die turn, degrees', 0, 20, 40) });

const W = 320;
const sumOf = (v: number[]): number => v.reduce((a, b) => a + b, 0);

/** Engine #59 sum_match_arrows (group G, Arrows×k+Submit, verifier `presses`). */
export const sumMatchArrows = arrowsEngine<SumMatchLatent, typeof KNOBS>({
  type: 'sum_match_arrows',
  group: 'visual_reasoning',
  number: 59,
  knobs: KNOBS,

  sample(rng, k) {
    const roll = (): number[] => Array.from({ length: k.dice }, () => rng.int(1, 6));
    const answerDice = roll();
    const sum = sumOf(answerDice);
    const options: number[][] = [];
    const answer = rng.int(0, k.options - 1);
    for (let i = 0; i < k.options; i++) {
      if (i === answer) {
        options.push(answerDice);
        continue;
      }
      let d = roll();
      for (let t = 0; t < 60; t++) {
        const s = sumOf(d);
        if (s !== sum && (!k.near || Math.abs(s - sum) <= 2)) break;
        d = roll();
      }
      options.push(d);
    }
    let cursor = rng.int(0, k.options - 1);
    if (cursor === answer) cursor = (answer + 1 + rng.int(0, k.options - 2)) % k.options;
    const layout = pagerLayout([14, 96, 306, 186], k.options, 1, 200, W);
    return { width: W, height: 250, sum, options, rots: options.map((o) => o.map(() => (k.max_rot ? rng.int(-k.max_rot, k.max_rot) : 0))), layout, cursor, answer, hue: rng.int(0, 359) };
  },

  validate(l) {
    const hits = l.options.map((o, i) => (sumOf(o) === l.sum ? i : -1)).filter((i) => i >= 0);
    if (hits.length !== 1 || hits[0] !== l.answer) return 'exactly one option must add up to the target';
    if (l.options.some((o) => o.some((v) => v < 1 || v > 6))) return 'die value out of range';
    return null;
  },

  picture(l, style) {
    let body = tile(style, [14, 44, 306, 86], style.panel);
    body += label(style, say(style.locale, 'sum_match_arrows.target', { sum: l.sum }), 160, 72, 20, style.text, { anchor: 'middle', weight: 700 });
    l.layout.options.forEach((b, i) => {
      body += tile(style, b);
      const [cx, cy] = boxCenter(b);
      const n = l.options[i]!.length;
      const s = Math.min((b[2] - b[0]) / (n === 3 ? 5.2 : 4.2), 14);
      l.options[i]!.forEach((v, j) => {
        const dx = n === 3 ? (j === 2 ? 0 : (j - 0.5) * 2.3 * s) : (j - 0.5) * 2.4 * s;
        const dy = n === 3 ? (j === 2 ? 1.2 * s : -1.1 * s) : 0;
        body += plainDieSvg(cx + dx, cy + dy, s, v, l.rots[i]![j]!, '#fbfbf7', hsl(l.hue, 60, 30));
      });
    });
    return { svg: body };
  },

  gold: (l) => ({ pager: { layout: l.layout, cursor: l.cursor, target: l.answer } }),

  reasoning(l, locale) {
    // en / zh "option 1 2+3=5"; the other locales join option and sum with a word or colon ("Option 1 hat 2+3=5", "la opción 1 suma 2+3=5")
    const colon = say(locale, { en: ' ', zh: ' ', ja: '：', de: ' hat ', es: ' suma ', fr: ' fait ', ar: ' مجموعه ' });
    const sums = l.options.map((o, i) => `${optWord(i, locale)}${colon}${o.join('+')}=${sumOf(o)}`);
    return { sum: l.sum, sums: sums.join(listSep(locale)), opt: optWord(l.answer, locale) };
  },

  text: (l) => ({ sum: l.sum }),
});
