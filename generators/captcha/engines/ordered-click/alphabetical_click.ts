/**
 * #17 alphabetical_click (group B, ordered text click, Click×k): letters scattered over a picture;
 * click them in alphabetical order (A→Z). Hard puzzles mix upper and lower case (order ignores case;
 * no letter appears in both cases). N and Z, which a quarter turn swaps, tilt at most `TILT_LIMIT`
 * degrees (measured on glyph masks in test/captcha-glyph-orientation.test.ts: beyond it a tilted N is as
 * close to a tilted Z as to an upright N).
 */
import { defineKnobs, knob } from '../../engine.js';
import { path } from '../../lib/draw.js';
import { glyphAt } from '../../../../renderers/glyphs.js';
import type { ClickFrame } from '../../lib/frames.js';
import { type GlyphItem, UPPER, checkItems, itemsSvg } from '../../lib/glyph-pictures.js';
import { say } from '../../lib/i18n.js';
import { checkSorted, inOrder, listSep, orderedClickEngine, scatterInk, texturedPicture } from './template.js';

/** Lower-case letters allowed in mixed-case puzzles (no i, l, o: confusable with I, 1, 0). */
export const LOWER_OK = [...'abdefghjkmnpqrtuy'];

/** Letters that a large tilt turns into another letter, and their max tilt, degrees. */
export const TILT_LIMIT: Readonly<Record<string, number>> = { N: 15, Z: 15 };

/** Latent state of alphabetical_click (puzzle px). */
export interface AlphabeticalLatent extends Record<string, unknown> {
  frame: ClickFrame;
  items: GlyphItem[];
  order: number[];
  clutter: number;
  noise_lines: number;
  bg_hue: number;
}

const key = (c: string): string => c.toUpperCase();

/** Engine #17 alphabetical_click (group B, Click×k, verifier `click`/`sequence`). */
export const alphabeticalClick = orderedClickEngine({
  type: 'alphabetical_click',
  group: 'ordered_text_click',
  number: 17,
  knobs: defineKnobs({ count: knob('letters to order', 3, 4, 5), mixed_case: knob('letters may be lower case (order ignores case)', false, false, true), max_rot: knob('max glyph rotation, degrees', 20, 35, 45), adjacent: knob('letters drawn from a narrow alphabet window (close neighbours)', false, true, true), size: knob('glyph size range, puzzle px', [34, 40], [31, 37], [30, 35]), clutter: knob('background clutter shapes', 8, 14, 20), noise_lines: knob('noise curves over the picture', 0, 2, 3) }),
  frame: { imageH: 180 },

  sample(rng, k, frame): AlphabeticalLatent {
    let pool = UPPER;
    if (k.adjacent) {
      const s = rng.int(0, UPPER.length - 9);
      pool = UPPER.slice(s, s + 9);
    }
    const letters = rng.sample(pool, k.count).map((c) => (k.mixed_case && LOWER_OK.includes(c.toLowerCase()) && rng.bool(0.5) ? c.toLowerCase() : c));
    const items = rng.shuffle(scatterInk(rng, frame.image_box, letters, k.size, k.max_rot, true))
      .map((it) => {
        const lim = TILT_LIMIT[it.ch];
        return lim !== undefined && Math.abs(it.rot) > lim ? { ...it, rot: Math.sign(it.rot) * lim } : it;
      });
    const order = items.map((_, i) => i).sort((a, b) => key(items[a]!.ch).localeCompare(key(items[b]!.ch)));
    return { frame, items, order, clutter: k.clutter, noise_lines: k.noise_lines, bg_hue: rng.int(0, 359) };
  },

  validate(l) {
    if (l.items.length < 3) return 'fewer than three letters';
    const keys = l.items.map((i) => key(i.ch));
    if (new Set(keys).size !== keys.length) return 'a letter appears twice (in either case)';
    for (const it of l.items) if (!UPPER.includes(it.ch) && !LOWER_OK.includes(it.ch)) return 'letter not allowed (ambiguous shape)';
    for (const it of l.items) if (Math.abs(it.rot) > (TILT_LIMIT[it.ch] ?? 90)) return `${it.ch} tilted so far it reads as another letter`;
    return checkSorted(l.order, l.items.length, (i) => key(l.items[i]!.ch), 'asc', 'letter', 'order is not alphabetical') ?? checkItems(l.items, l.frame.image_box, 24);
  },

  clicks: (l) => inOrder(l.items, l.order),
  picture: (l, _style, rng) => texturedPicture(l, l.frame.image_box, rng, l.noise_lines, itemsSvg(l.items)),
  prompt: (_l, style) => ({
    lead: say(style.locale, { en: 'Click in alphabetical order', zh: '请按字母表顺序点击' }),
    ref: (x, cy) =>
      path(glyphAt('A', 16, x + 8, cy, { face: style.face, weight: 700 }).d, { fill: style.accent }) +
      path(`M${x + 20} ${cy}L${x + 36} ${cy}M${x + 31} ${cy - 4}L${x + 36} ${cy}L${x + 31} ${cy + 4}`, { stroke: style.accent, sw: 2, extra: 'stroke-linecap="round" stroke-linejoin="round"' }) +
      path(glyphAt('Z', 16, x + 46, cy, { face: style.face, weight: 700 }).d, { fill: style.accent }),
    refW: 56,
  }),

  stepName: (t) => `"${t.ch}"`,
  reasoning: { params: (l, locale) => ({ shown: l.items.map((i) => i.ch).join(listSep(locale)), sorted: inOrder(l.items, l.order).map((i) => i.ch).join(' → ') }) },
  instruction: { params: (l) => ({ items_length: l.items.length }) },
});
