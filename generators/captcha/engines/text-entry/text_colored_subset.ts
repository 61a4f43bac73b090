/**
 * #4 text_colored_subset (group A, OCR text entry, Click+Type): a string whose characters come in
 * 2–4 named colours; the prompt asks for the characters of one colour only, in reading order.
 * Answer: that subset (case-insensitive).
 */
import { defineKnobs, knob } from '../../engine.js';
import { Ids, boxRect, hsl, noiseDots, noiseLines, path } from '../../lib/draw.js';
import { type EntryFrame, entryFrame, entryTitleMax } from '../../lib/frames.js';
import { NAMED_COLORS, namedColor, swatch } from '../../lib/palette.js';
import { say, sayIn } from '../../lib/i18n.js';
import { textEntryEngine } from './template.js';
import { textWidth } from '../../../../renderers/glyphs.js';
import { type GlyphSpec, checkString, layoutString, specOutline } from '../../lib/glyph-pictures.js';
import { AMBIGUOUS } from './text_distorted_alnum.js';

/** Colour swatch after the title: size and gap before it, puzzle px. */
const SWATCH = 12;
const SWATCH_GAP = 8;

/** Latent state of text_colored_subset (puzzle px). */
export interface ColoredSubsetLatent extends Record<string, unknown> {
  frame: EntryFrame;
  text: string;
  /** Colour key per character. */
  colors: string[];
  target_color: string;
  answer: string;
  glyphs: GlyphSpec[];
  bg_hue: number;
  noise_lines: number;
}

const KNOBS = defineKnobs({ length: knob('characters in the string', 5, 6, 8), colors: knob('distinct colours used', 2, 3, 4), min_hue_gap: knob('minimum hue distance between the colours, degrees', 100, 60, 28), noise_lines: knob('noise curves (drawn in the glyph colours)', 1, 2, 4) });

const CHARSET = [...'ACEFHJKMNPRTUVWXY34679'].filter((c) => !AMBIGUOUS.includes(c));
/** Colours used here: chromatic named colours that read clearly on a pale background. */
export const SUBSET_COLORS = NAMED_COLORS.filter((c) => c.hue >= 0 && c.key !== 'yellow' && c.key !== 'cyan').map((c) => c.key);

const hueGap = (a: string, b: string): number => {
  const d = Math.abs(namedColor(a).hue - namedColor(b).hue) % 360;
  return Math.min(d, 360 - d);
};

/** Engine #4 text_colored_subset (group A, Click+Type, verifier `text_entry`). */
export const textColoredSubset = textEntryEngine<ColoredSubsetLatent, typeof KNOBS>({
  type: 'text_colored_subset',
  number: 4,
  knobs: KNOBS,

  sample(rng, k, difficulty) {
    const frame = entryFrame(rng, 100);
    // pick colours greedily under the hue gap
    const palette: string[] = [];
    for (const c of rng.shuffle(SUBSET_COLORS)) if (palette.length < k.colors && palette.every((p) => hueGap(p, c) >= k.min_hue_gap)) palette.push(c);
    const target = palette[0] ?? 'red';
    const n = k.length;
    const nTarget = rng.int(2, Math.max(2, Math.min(4, n - palette.length + 1)));
    const colors: string[] = [...Array(nTarget).fill(target)];
    const others = palette.slice(1);
    for (let i = nTarget; i < n; i++) colors.push(others.length ? others[(i - nTarget) % others.length]! : target);
    const order = rng.shuffle(colors);
    const chars = Array.from({ length: n }, () => rng.pick(CHARSET));
    const text = chars.join('');
    const glyphs = layoutString(rng, chars, frame.image_box, {
      size: [36, 46], maxRot: difficulty === 'hard' ? 24 : 14, maxSkew: 8, spacing: 1.02, jitterY: 8, weight: 700,
      face: rng.pick(['roboto', 'inter', 'noto-sans'] as const), color: (i) => namedColor(order[i]!).hex,
    });
    return {
      frame, text, colors: order, target_color: target,
      answer: chars.filter((_, i) => order[i] === target).join(''),
      glyphs, bg_hue: rng.int(0, 359), noise_lines: k.noise_lines,
    };
  },

  check(l) {
    if (l.colors.length !== l.text.length) return 'one colour per character needed';
    for (const c of l.colors) if (!SUBSET_COLORS.includes(c)) return `colour ${c} not allowed`;
    const used = [...new Set(l.colors)];
    if (used.length < 2) return 'only one colour';
    for (let i = 0; i < used.length; i++) for (let j = 0; j < i; j++) if (hueGap(used[i]!, used[j]!) < 25) return 'two colours too close to name apart';
    const want = [...l.text].filter((_, i) => l.colors[i] === l.target_color).join('');
    if (want !== l.answer) return 'answer does not match the colours';
    if (l.answer.length < 2 || l.answer.length === l.text.length) return 'subset must have 2+ characters and leave some out';
    for (const ch of l.text) if (AMBIGUOUS.includes(ch)) return `ambiguous character ${ch}`;
    if (l.glyphs.some((g, i) => g.color !== namedColor(l.colors[i]!).hex)) return 'glyph colour does not match its label';
    return checkString(l.glyphs, l.text, l.frame.image_box, 24, 0.45);
  },

  picture(l, style, rng) {
    const ids = new Ids();
    const g = ids.next();
    const ib = l.frame.image_box;
    const defs = `<linearGradient id="${g}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${hsl(l.bg_hue, 15, 95)}"/><stop offset="1" stop-color="${hsl(l.bg_hue + 30, 18, 89)}"/></linearGradient>`;
    let pic = boxRect(ib, { fill: `url(#${g})`, rx: 2 });
    pic += noiseDots(rng, ib, 45, 0.5);
    for (const gl of l.glyphs) pic += path(specOutline(gl).d, { fill: gl.color });
    pic += noiseLines(rng, ib, l.noise_lines, [...new Set(l.colors)].map((c) => namedColor(c).hex), [0.8, 1.6]);
    return { svg: pic, defs };
  },

  // the colour swatch follows the title, which is shrunk to leave room for it before the icons
  titleRoom: SWATCH_GAP + SWATCH,
  afterTitle(l, style, title) {
    const tw = Math.min(textWidth(title, 15, { face: style.face, weight: 700 }), entryTitleMax(l.frame, SWATCH_GAP + SWATCH));
    return swatch(14 + tw + SWATCH_GAP, 27, SWATCH, namedColor(l.target_color).hex, style.border);
  },

  answer: (l) => ({ text: l.answer, valid: [l.answer] }),

  reading(l, locale) {
    const c = namedColor(l.target_color);
    // colour names in the language the reasoning is written in (English where `locale` has none)
    return sayIn(locale, 'text_colored_subset.reasoning', (used) => ({ listing: [...l.text].map((ch, i) => `${ch}(${say(used, namedColor(l.colors[i]!))})`).join(' '), color: say(used, c), answer: l.answer }));
  },

  text(l, locale) {
    return { color: say(locale, namedColor(l.target_color)) };
  },
});
