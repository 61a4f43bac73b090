/**
 * #17 alphabetical_click (group B, ordered text click, Click×k): letters scattered over a picture;
 * click them in alphabetical order (A→Z). Hard puzzles mix upper and lower case (order ignores case;
 * no letter appears in both cases). N and Z, which a quarter turn swaps, tilt at most `TILT_LIMIT`
 * degrees (measured on glyph masks in test/captcha-glyph-orientation.test.ts: beyond it a tilted N is as
 * close to a tilted Z as to an upright N).
 */
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { Ids, hsl, noiseLines, path, svgDoc, texturedBackground } from '../../lib/draw.js';
import { glyphAt } from '../../../../renderers/glyphs.js';
import { type ClickFrame, clickFrame, drawClickFrame, orderSteps } from '../../lib/frames.js';
import { clickSequence } from '../../lib/solutions.js';
import { type GlyphItem, UPPER, checkItems, itemsSvg, scatterGlyphs } from '../../lib/glyph-pictures.js';
import { say } from '../../lib/i18n.js';

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

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ count: knob('letters to order', 3, 4, 5), mixed_case: knob('letters may be lower case (order ignores case)', false, false, true), max_rot: knob('max glyph rotation, degrees', 20, 35, 45), adjacent: knob('letters drawn from a narrow alphabet window (close neighbours)', false, true, true), size: knob('glyph size range, puzzle px', [34, 40], [31, 37], [30, 35]), clutter: knob('background clutter shapes', 8, 14, 20), noise_lines: knob('noise curves over the picture', 0, 2, 3) });

const key = (c: string): string => c.toUpperCase();

/** Engine #17 alphabetical_click (group B, Click×k, verifier `click`/`sequence`). */
export const alphabeticalClick = defineEngine<AlphabeticalLatent>({
  type: 'alphabetical_click',
  group: 'ordered_text_click',
  number: 17,
  actionForm: 'Click×k',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
    const frame = clickFrame(rng, 180);
    let pool = UPPER;
    if (k.adjacent) {
      const s = rng.int(0, UPPER.length - 9);
      pool = UPPER.slice(s, s + 9);
    }
    const letters = rng.sample(pool, k.count).map((c) => (k.mixed_case && LOWER_OK.includes(c.toLowerCase()) && rng.bool(0.5) ? c.toLowerCase() : c));
    const items = rng.shuffle(scatterGlyphs(rng, frame.image_box, letters, k.size, k.max_rot, () => hsl(rng.int(0, 359), rng.float(65, 95), rng.float(45, 62)), { face: rng.pick(['roboto', 'inter', 'noto-sans'] as const) }))
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
    if (l.order.length !== l.items.length || new Set(l.order).size !== l.order.length) return 'order must use every letter once';
    for (let i = 1; i < l.order.length; i++) if (key(l.items[l.order[i - 1]!]!.ch) >= key(l.items[l.order[i]!]!.ch)) return 'order is not alphabetical';
    return checkItems(l.items, l.frame.image_box, 24);
  },

  draw(l, style, rng) {
    const ids = new Ids();
    const bg = texturedBackground(rng.fork('bg'), l.frame.image_box, ids, { hue: l.bg_hue, clutter: l.clutter });
    const pic = bg.body + noiseLines(rng, l.frame.image_box, l.noise_lines) + itemsSvg(l.items);
    const lead = say(style.locale, { en: 'Click in alphabetical order', zh: '请按字母表顺序点击' });
    const body = drawClickFrame(style, l.frame, lead, (x, cy) =>
      path(glyphAt('A', 16, x + 8, cy, { face: style.face, weight: 700 }).d, { fill: style.accent }) +
      path(`M${x + 20} ${cy}L${x + 36} ${cy}M${x + 31} ${cy - 4}L${x + 36} ${cy}L${x + 31} ${cy + 4}`, { stroke: style.accent, sw: 2, extra: 'stroke-linecap="round" stroke-linejoin="round"' }) +
      path(glyphAt('Z', 16, x + 46, cy, { face: style.face, weight: 700 }).d, { fill: style.accent }), pic, 56);
    return { svg: svgDoc(l.frame.width, l.frame.height, body, bg.defs), width: l.frame.width, height: l.frame.height };
  },

  solve(l) {
    return clickSequence(l.order.map((i) => l.items[i]!.box));
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const shown = l.items.map((i) => i.ch).join(say(locale, { en: ', ', zh: '、' }));
    const sorted = l.order.map((i) => l.items[i]!.ch);
    const steps = orderSteps(l.order.map((i) => ({ name: `"${l.items[i]!.ch}"`, box: l.items[i]!.box })), l.frame.image_box, locale, m);
    return say(locale, { en: `The picture shows the letters ${shown}. In alphabetical order (ignoring case) they are ${sorted.join(' → ')}. ${steps}. Click them in this order.`, zh: `图中的字母有：${shown}。按字母表顺序（不区分大小写）排列为 ${sorted.join(' → ')}。${steps}。依次点击。` });
  },

  instruction(l, locale) {
    return say(locale, 'alphabetical_click.instruction', { items_length: l.items.length });
  },
});
