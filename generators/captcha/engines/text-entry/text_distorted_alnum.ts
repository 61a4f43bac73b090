/**
 * #1 text_distorted_alnum (group A, OCR text entry, Click+Type): a warped alphanumeric string over a
 * noisy background, an input box and a verify button. Answer: the string (case-insensitive).
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { glyphAt } from '../../../../renderers/glyphs.js';
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import {
  Ids, boxInside, boxRect, button, footerIcons, hsl, inputField, intBox, label, noiseDots, noiseLines, path, ptText,
  svgDoc, widgetCard,
} from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import type { GlyphSpec as PictureGlyph } from '../../lib/glyph-pictures.js';

/** Characters never used: pairs a reader cannot tell apart (0/O, 1/I/l) in any of our faces. */
export const AMBIGUOUS = '0O1IlioQD';
const SAFE = 'ACEFHJKMNPRTUVWXY34679';
const CONFUSABLE = 'B8G6S5Z2';

/** One glyph of the code (puzzle px): lib/glyph-pictures.ts's glyph without weight and face (one face per puzzle). */
type GlyphSpec = Omit<PictureGlyph, 'weight' | 'face'>;
/** Latent state of text_distorted_alnum (puzzle px). */
export interface TextDistortedLatent extends Record<string, unknown> {
  width: number;
  height: number;
  text: string;
  case_sensitive: boolean;
  image_box: Box;
  input_box: Box;
  button_box: Box;
  glyphs: GlyphSpec[];
  warp: { amp: number; period: number; phase: number };
  noise: { lines: number; dots: number };
  bg_hue: number;
}

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ length: knob('number of characters', 4, 5, 6), warp_amp: knob('sine warp amplitude, puzzle px', 2, 4, 6), max_rot: knob('max per-glyph rotation, degrees', 10, 22, 32), noise_lines: knob('noise curves over the text', 2, 4, 7), noise_dots: knob('noise dots', 40, 80, 140), confusable: knob('charset includes look-alike but distinct characters (B/8, G/6, S/5, Z/2)', false, false, true) });

const W = 320;
const H = 226;
const IMG: Box = [10, 48, 310, 160];

function warpFn(l: TextDistortedLatent): (x: number, y: number) => [number, number] {
  const { amp, period, phase } = l.warp;
  return (x, y) => [x + amp * 0.35 * Math.sin((2 * Math.PI * y) / (period * 0.6) + phase), y + amp * Math.sin((2 * Math.PI * x) / period + phase)];
}

function glyphOutlineOf(l: TextDistortedLatent, g: GlyphSpec) {
  return glyphAt(g.ch, g.size, g.cx, g.cy, { rot: g.rot, skew: g.skew, sx: g.sx, weight: 700, warp: warpFn(l) });
}

/** Engine #1 text_distorted_alnum (group A, Click+Type, verifier `text_entry`). */
export const textDistortedAlnum = defineEngine<TextDistortedLatent>({
  type: 'text_distorted_alnum',
  group: 'ocr_text_entry',
  number: 1,
  actionForm: 'Click+Type',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
    const charset = k.confusable ? SAFE + CONFUSABLE : SAFE;
    const chars = Array.from({ length: k.length }, () => rng.pick([...charset]));
    const iw = IMG[2] - IMG[0];
    const slot = (iw - 30) / k.length;
    const glyphs: GlyphSpec[] = chars.map((ch, i) => {
      const size = rng.float(38, 50) - k.length * 1.5;
      return {
        ch,
        cx: IMG[0] + 15 + slot * (i + 0.5) + rng.float(-slot * 0.12, slot * 0.12),
        cy: (IMG[1] + IMG[3]) / 2 + rng.float(-14, 14),
        size: Math.round(size * 10) / 10,
        rot: rng.int(-k.max_rot, k.max_rot),
        skew: rng.int(-12, 12),
        sx: Math.round(rng.float(0.85, 1.15) * 100) / 100,
        color: hsl(rng.int(0, 359), rng.float(55, 85), rng.float(22, 38)),
      };
    });
    return {
      width: W,
      height: H,
      text: chars.join(''),
      case_sensitive: false,
      image_box: IMG,
      input_box: [10, 174, 214, 214],
      button_box: [222, 174, 310, 214],
      glyphs,
      warp: { amp: k.warp_amp, period: Math.round(rng.float(90, 180)), phase: Math.round(rng.float(0, 6.28) * 100) / 100 },
      noise: { lines: k.noise_lines, dots: k.noise_dots },
      bg_hue: rng.int(0, 359),
    };
  },

  validate(l) {
    if (l.text.length < 3) return 'text too short';
    if (l.glyphs.map((g) => g.ch).join('') !== l.text) return 'glyphs do not spell the answer';
    for (const ch of l.text) if (AMBIGUOUS.includes(ch)) return `ambiguous character ${ch}`;
    if (l.text !== l.text.toUpperCase()) return 'lower-case character in a case-insensitive answer';
    const boxes: Box[] = [];
    for (const g of l.glyphs) {
      if (g.size < 22) return 'glyph too small';
      const b = intBox(glyphOutlineOf(l, g).bbox);
      if (!boxInside(b, [l.image_box[0] + 2, l.image_box[1] + 2, l.image_box[2] - 2, l.image_box[3] - 2])) return 'glyph outside the image';
      boxes.push(b);
    }
    for (let i = 1; i < l.glyphs.length; i++) {
      const a = l.glyphs[i - 1]!;
      const b = l.glyphs[i]!;
      if (b.cx - a.cx < 0.5 * Math.min(a.size, b.size)) return 'glyphs too close to read in order';
    }
    if (boxInside(l.input_box, [0, 0, l.width, l.height]) === false) return 'input box outside widget';
    return null;
  },

  draw(l, style, rng) {
    const ids = new Ids();
    const { defs, body: bg } = (() => {
      const g = ids.next();
      const d = `<linearGradient id="${g}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(l.bg_hue, 35, 88)}"/><stop offset="1" stop-color="${hsl(l.bg_hue + 60, 40, 78)}"/></linearGradient>`;
      return { defs: d, body: boxRect(l.image_box, { fill: `url(#${g})`, rx: 2 }) };
    })();
    let body = widgetCard(style, l.width, l.height);
    body += label(style, say(style.locale, 'text_distorted_alnum.title'), 14, 32, 15, style.text, { weight: 700, maxWidth: l.width - 70 });
    body += footerIcons(style, l.width - 52, 26);
    body += bg;
    body += noiseDots(rng, l.image_box, Math.round(l.noise.dots / 2), 0.7);
    body += noiseLines(rng, l.image_box, Math.max(1, Math.round(l.noise.lines / 2)), undefined, [1, 2]);
    for (const g of l.glyphs) body += path(glyphOutlineOf(l, g).d, { fill: g.color });
    body += noiseLines(rng, l.image_box, l.noise.lines, l.glyphs.map((g) => g.color), [1.2, 2.4]);
    body += noiseDots(rng, l.image_box, l.noise.dots, 0.8, l.glyphs.map((g) => g.color));
    body += inputField(style, l.input_box, say(style.locale, 'text_distorted_alnum.placeholder'));
    body += button(style, l.button_box, say(style.locale, 'text_distorted_alnum.verify'));
    return { svg: svgDoc(l.width, l.height, body, defs), width: l.width, height: l.height };
  },

  solve(l) {
    return {
      actions: [
        { type: 'click', point: boxCenter(l.input_box) },
        { type: 'type', text: l.text },
      ],
      verifier: { kind: 'text_entry', input_box: l.input_box, answer: l.text, valid_answers: [l.text], case_sensitive: l.case_sensitive },
      ordered: true,
    };
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const chars = [...l.text].join(say(locale, 'text_distorted_alnum.char_sep'));
    const at = ptText(m, boxCenter(l.input_box));
    return say(locale, 'text_distorted_alnum.reasoning', { n: l.text.length, chars, at, text: l.text });
  },

  instruction(_l, locale) {
    return say(locale, 'text_distorted_alnum.instruction');
  },
});
