/**
 * #15 letter_sequence_click (group B, ordered text click, Click×k): Latin letters scattered over a
 * picture; the prompt names the letters to click in turn ("click A, K, Q"). Hard puzzles put the
 * other case of a target on the picture as a decoy (target "g", decoy "G"), so case matters.
 */
import { glyphAt } from '../../../../renderers/glyphs.js';
import { defineKnobs, knob } from '../../engine.js';
import { path } from '../../lib/draw.js';
import type { ClickFrame } from '../../lib/frames.js';
import { CASE_DISTINCT, type GlyphItem, UPPER, checkItems, itemsSvg } from '../../lib/glyph-pictures.js';
import { say } from '../../lib/i18n.js';
import { hasRepeats, inOrder, listSep, orderHits, orderedClickEngine, scatterInk, texturedPicture } from './template.js';

/** Latent state of letter_sequence_click (puzzle px). */
export interface LetterSequenceLatent extends Record<string, unknown> {
  frame: ClickFrame;
  /** Target letters in click order (case-exact). */
  targets: string[];
  items: GlyphItem[];
  order: number[];
  clutter: number;
  noise_lines: number;
  bg_hue: number;
}

const ok = (c: string): boolean => UPPER.includes(c) || CASE_DISTINCT.includes(c);

/** Engine #15 letter_sequence_click (group B, Click×k, verifier `click`/`sequence`). */
export const letterSequenceClick = orderedClickEngine({
  type: 'letter_sequence_click',
  group: 'ordered_text_click',
  number: 15,
  knobs: defineKnobs({ targets: knob('letters to click, in order', 3, 4, 5), decoys: knob('letters that must not be clicked', 2, 3, 3), case_confusion: knob('targets may be lower case with their capital as a decoy', false, false, true), max_rot: knob('max glyph rotation, degrees', 20, 35, 45), size: knob('glyph size range, puzzle px', [34, 40], [31, 37], [30, 35]), clutter: knob('background clutter shapes', 8, 14, 20), noise_lines: knob('noise curves over the picture', 0, 2, 3) }),
  frame: { imageH: 180 },

  sample(rng, k, frame): LetterSequenceLatent {
    let targets: string[];
    let decoys: string[];
    if (k.case_confusion) {
      const lower = rng.sample(CASE_DISTINCT.filter((c) => UPPER.includes(c.toUpperCase())), 2);
      const upper = rng.sample(UPPER.filter((c) => !lower.includes(c.toLowerCase())), k.targets - 2);
      targets = rng.shuffle([...lower, ...upper]);
      decoys = [...lower.map((c) => c.toUpperCase()), ...rng.sample(UPPER.filter((c) => !targets.includes(c) && !lower.includes(c.toLowerCase())), k.decoys - 2)];
    } else {
      const picked = rng.sample(UPPER, k.targets + k.decoys);
      targets = picked.slice(0, k.targets);
      decoys = picked.slice(k.targets);
    }
    const items = rng.shuffle(scatterInk(rng, frame.image_box, [...targets, ...decoys], k.size, k.max_rot, true));
    return { frame, targets, items, order: targets.map((t) => items.findIndex((it) => it.ch === t)), clutter: k.clutter, noise_lines: k.noise_lines, bg_hue: rng.int(0, 359) };
  },

  validate(l) {
    if (l.targets.length < 2) return 'fewer than two targets';
    const chars = l.items.map((i) => i.ch);
    if (chars.some((c) => !ok(c))) return 'letter not allowed (ambiguous shape)';
    if (hasRepeats(chars)) return 'duplicate letter on the picture';
    if (!orderHits(l.order, l.items, l.targets, (it) => it.ch)) return 'order does not match targets';
    return checkItems(l.items, l.frame.image_box, 24);
  },

  clicks: (l) => inOrder(l.items, l.order),
  picture: (l, _style, rng) => texturedPicture(l, l.frame.image_box, rng, l.noise_lines, itemsSvg(l.items)),
  prompt: (l, style) => ({
    lead: say(style.locale, { en: 'Click in order:', zh: '请依次点击：' }),
    ref: (x, cy) => l.targets.map((t, i) => path(glyphAt(t, 19, x + 10 + i * 25, cy, { face: style.face, weight: 700 }).d, { fill: style.accent })).join(''),
    refW: l.targets.length * 25,
  }),

  stepName: (t) => `"${t.ch}"`,
  reasoning: {
    key: (l) => (l.targets.some((t) => t !== t.toUpperCase()) ? 'reasoning_case' : 'reasoning'),
    params: (l, locale) => ({ targets: l.targets.join(listSep(locale)), count: l.items.length }),
  },
  instruction: { params: (l) => ({ p: l.targets.join(', '), p2: l.targets.join(' ') }) },
});
