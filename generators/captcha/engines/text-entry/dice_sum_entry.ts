/**
 * #9 dice_sum_entry (group A, OCR text entry, Click+Type): N dice thrown on a table (rotated, some
 * close together); type the sum of the pips (Arkose dice_match, Open CaptchaWorld Dice_Count).
 * Validity: no two dice overlap (centre distance above the sum of circumscribed radii), every die
 * inside the picture, so every pip is visible and the sum read from the picture is the latent sum.
 */
import type { Box } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { Ids, boxInside, hsl, noiseDots, rect } from '../../lib/draw.js';
import { type EntryFrame, entryFrame } from '../../lib/frames.js';
import { numberAnswers } from '../../lib/words.js';
import { type DieColors, dieSvg } from '../../lib/dice-clocks.js';
import { say } from '../../lib/i18n.js';
import { textEntryEngine } from './template.js';

interface Die {
  value: number;
  cx: number;
  cy: number;
  /** Side, puzzle px. */
  size: number;
  rot: number;
  colors: DieColors;
}
/** Latent state of dice_sum_entry (puzzle px). */
export interface DiceSumLatent extends Record<string, unknown> {
  frame: EntryFrame;
  dice: Die[];
  sum: number;
  table: string;
  clutter: number;
}

const KNOBS = defineKnobs({ dice: knob('number of dice', 2, 3, 5), max_rot: knob('max die rotation, degrees', 15, 40, 90), size: knob('die side range, puzzle px', [46, 54], [40, 48], [34, 40]), gap: knob('minimum gap between dice beyond their circumscribed circles, puzzle px (small = crowded)', 14, 6, 1), clutter: knob('distracting marks on the table', 0, 6, 14) });

const DIE_COLORS: DieColors[] = [
  { body: '#fbfbf7', edge: '#9a9a92', pip: '#1a1a1a' },
  { body: '#d83a34', edge: '#8e1c18', pip: '#ffffff' },
  { body: '#2759c9', edge: '#173a86', pip: '#ffffff' },
  { body: '#1f1f1f', edge: '#000000', pip: '#f5f5f5' },
  { body: '#f4c430', edge: '#a07c10', pip: '#222222' },
  { body: '#2e9d55', edge: '#1a6434', pip: '#ffffff' },
];

/** Engine #9 dice_sum_entry (group A, Click+Type, verifier `text_entry`). */
export const diceSumEntry = textEntryEngine<DiceSumLatent, typeof KNOBS>({
  type: 'dice_sum_entry',
  number: 9,
  knobs: KNOBS,

  sample(rng, k) {
    const frame = entryFrame(rng, 130);
    const ib = frame.image_box;
    const dice: Die[] = [];
    const palette = rng.bool(0.5) ? [rng.pick(DIE_COLORS)] : DIE_COLORS;
    for (let i = 0; i < k.dice; i++) {
      const size = Math.round(rng.float(k.size[0], k.size[1]));
      const R = (size * Math.SQRT2) / 2;
      for (let t = 0; t < 200; t++) {
        const cx = Math.round(rng.float(ib[0] + R + 3, ib[2] - R - 3));
        const cy = Math.round(rng.float(ib[1] + R + 3, ib[3] - R - 3));
        if (dice.every((d) => Math.hypot(d.cx - cx, d.cy - cy) >= R + (d.size * Math.SQRT2) / 2 + k.gap)) {
          dice.push({ value: rng.int(1, 6), cx, cy, size, rot: rng.int(-k.max_rot, k.max_rot), colors: rng.pick(palette) });
          break;
        }
      }
    }
    return { frame, dice, sum: dice.reduce((s, d) => s + d.value, 0), table: hsl(rng.int(0, 359), rng.float(20, 45), rng.float(35, 70)), clutter: k.clutter };
  },

  check(l) {
    if (l.dice.length < 2) return 'fewer than two dice';
    if (l.sum !== l.dice.reduce((s, d) => s + d.value, 0)) return 'sum does not match the dice';
    for (let i = 0; i < l.dice.length; i++) {
      const d = l.dice[i]!;
      if (!Number.isInteger(d.value) || d.value < 1 || d.value > 6) return 'die value out of range';
      if (d.size < 30) return 'die too small to count pips';
      const R = (d.size * Math.SQRT2) / 2;
      const b: Box = [Math.floor(d.cx - R), Math.floor(d.cy - R), Math.ceil(d.cx + R), Math.ceil(d.cy + R)];
      if (!boxInside(b, l.frame.image_box)) return 'die outside the picture';
      for (let j = 0; j < i; j++) {
        const e = l.dice[j]!;
        if (Math.hypot(d.cx - e.cx, d.cy - e.cy) < R + (e.size * Math.SQRT2) / 2) return 'dice overlap: pips could be hidden';
      }
    }
    return null;
  },

  picture(l, style, rng) {
    const ids = new Ids();
    const g = ids.next();
    const ib = l.frame.image_box;
    const defs = `<radialGradient id="${g}" cx="0.5" cy="0.45" r="0.75"><stop offset="0" stop-color="${l.table}"/><stop offset="1" stop-color="#1d1d1d" stop-opacity="0.55"/></radialGradient>`;
    let pic = rect(ib[0], ib[1], ib[2] - ib[0], ib[3] - ib[1], { fill: l.table, rx: 3 }) + rect(ib[0], ib[1], ib[2] - ib[0], ib[3] - ib[1], { fill: `url(#${g})`, rx: 3 });
    pic += noiseDots(rng, ib, 70, 0.35);
    // clutter: faint circles and scratches that are not dice
    for (let i = 0; i < l.clutter; i++) {
      const x = rng.float(ib[0], ib[2]);
      const y = rng.float(ib[1], ib[3]);
      pic += `<line x1="${Math.round(x)}" y1="${Math.round(y)}" x2="${Math.round(x + rng.float(-30, 30))}" y2="${Math.round(y + rng.float(-10, 10))}" stroke="rgba(255,255,255,0.25)" stroke-width="1"/>`;
    }
    for (const d of l.dice) pic += dieSvg(d.cx, d.cy, d.size, d.rot, d.value, d.colors);
    return { svg: pic, defs: defs };
  },

  answer: (l) => ({ text: String(l.sum), valid: numberAnswers(l.sum) }),

  reading(l, locale) {
    const sorted = [...l.dice].sort((a, b) => a.cx - b.cx);
    const vals = sorted.map((d) => d.value);
    return say(locale, 'dice_sum_entry.reasoning', { n: l.dice.length, list: vals.join(say(locale, 'dice_sum_entry.list_sep')), sum_expr: vals.join(' + '), sum: l.sum });
  },

});
