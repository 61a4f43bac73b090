/**
 * #6 text_outline_textured (group A, OCR text entry, Click+Type): hollow, outlined glyphs (stroke
 * only) over a patterned background (stripes, checks, dots, waves or cross-hatching) whose contrast is
 * the difficulty knob. Answer: the string (case-insensitive).
 */
import { defineKnobs, knob } from '../../engine.js';
import { Ids, boxRect, circle, hsl, n1, path, rect } from '../../lib/draw.js';
import { type EntryFrame, entryFrame } from '../../lib/frames.js';
import { type GlyphSpec, checkString, layoutString, specOutline } from '../../lib/glyph-pictures.js';
import { CROWD_CHARSET } from './text_overlap_crowded.js';
import { say } from '../../lib/i18n.js';
import { textEntryEngine } from './template.js';

/** Background patterns. */
export const PATTERNS = ['stripes', 'checks', 'dots', 'waves', 'hatch'] as const;

/** Latent state of text_outline_textured (puzzle px). */
export interface OutlineTexturedLatent extends Record<string, unknown> {
  frame: EntryFrame;
  text: string;
  glyphs: GlyphSpec[];
  stroke_width: number;
  pattern: (typeof PATTERNS)[number];
  /** Pattern ink opacity in [0, 1]. */
  contrast: number;
  pattern_scale: number;
  hue: number;
  fill_tint: boolean;
}

const KNOBS = defineKnobs({ length: knob('characters', 4, 5, 6), stroke_width: knob('outline stroke width, puzzle px', 2.6, 2.1, 1.7), contrast: knob('pattern ink opacity', 0.18, 0.32, 0.48), pattern_scale: knob('pattern period, puzzle px', 14, 11, 9) });

/** Engine #6 text_outline_textured (group A, Click+Type, verifier `text_entry`). */
export const textOutlineTextured = textEntryEngine<OutlineTexturedLatent, typeof KNOBS>({
  type: 'text_outline_textured',
  number: 6,
  knobs: KNOBS,

  sample(rng, k) {
    const frame = entryFrame(rng, 110);
    const chars = Array.from({ length: k.length }, () => rng.pick(CROWD_CHARSET));
    const hue = rng.int(0, 359);
    const glyphs = layoutString(rng, chars, frame.image_box, {
      size: [52, 62], maxRot: 16, maxSkew: 8, spacing: 1.08, jitterY: 6, weight: 700,
      face: rng.pick(['roboto', 'inter', 'noto-sans'] as const), color: () => hsl(hue, rng.float(60, 85), rng.float(22, 34)),
    });
    return {
      frame, text: chars.join(''), glyphs, stroke_width: k.stroke_width, pattern: rng.pick(PATTERNS), contrast: k.contrast,
      pattern_scale: k.pattern_scale, hue, fill_tint: rng.bool(0.3),
    };
  },

  check(l) {
    for (const ch of l.text) if (!CROWD_CHARSET.includes(ch)) return `character ${ch} not allowed`;
    if (l.stroke_width < 1.2) return 'outline too thin to read';
    if (l.contrast > 0.6) return 'pattern contrast too close to the outline';
    // outlines need room: bigger glyphs, no overlap
    return checkString(l.glyphs, l.text, l.frame.image_box, 34, 0.55);
  },

  picture(l, style, rng) {
    const ids = new Ids();
    const clip = ids.next();
    const ib = l.frame.image_box;
    const [x1, y1, x2, y2] = ib;
    const defs = `<clipPath id="${clip}"><rect x="${x1}" y="${y1}" width="${x2 - x1}" height="${y2 - y1}"/></clipPath>`;
    const paper = hsl(l.hue + 180, 25, 94);
    const ink = hsl(l.hue + rng.int(-30, 30), 55, 30);
    const s = l.pattern_scale;
    let pat = '';
    const op = l.contrast;
    if (l.pattern === 'stripes' || l.pattern === 'hatch') {
      let d = '';
      for (let x = x1 - (y2 - y1); x < x2; x += s) d += `M${n1(x)} ${n1(y2)}L${n1(x + (y2 - y1))} ${n1(y1)}`;
      if (l.pattern === 'hatch') for (let x = x1; x < x2 + (y2 - y1); x += s) d += `M${n1(x)} ${n1(y2)}L${n1(x - (y2 - y1))} ${n1(y1)}`;
      pat = path(d, { stroke: ink, sw: l.stroke_width * 0.9, opacity: op });
    } else if (l.pattern === 'checks') {
      for (let y = y1, r = 0; y < y2; y += s, r++) for (let x = x1 + (r % 2) * s; x < x2; x += 2 * s) pat += rect(x, y, s, s, { fill: ink, opacity: op * 0.7 });
    } else if (l.pattern === 'dots') {
      for (let y = y1 + s / 2, r = 0; y < y2; y += s, r++) for (let x = x1 + s / 2 + (r % 2) * (s / 2); x < x2; x += s) pat += circle(x, y, s * 0.22, { fill: ink, opacity: op });
    } else {
      let d = '';
      for (let y = y1 + s / 2; y < y2 + s; y += s) {
        d += `M${n1(x1)} ${n1(y)}`;
        for (let x = x1; x <= x2; x += 6) d += `L${n1(x)} ${n1(y + (s / 3) * Math.sin(x / s))}`;
      }
      pat = path(d, { stroke: ink, sw: l.stroke_width * 0.9, opacity: op });
    }
    let pic = boxRect(ib, { fill: paper, rx: 2 }) + `<g clip-path="url(#${clip})">${pat}</g>`;
    for (const gl of l.glyphs) {
      const d = specOutline(gl).d;
      pic += path(d, { fill: l.fill_tint ? paper : 'none', stroke: gl.color, sw: l.stroke_width, extra: 'stroke-linejoin="round"' });
    }
    return { svg: pic, defs: defs };
  },

  answer: (l) => ({ text: l.text, valid: [l.text] }),

  reading(l, locale) {
    const chars = [...l.text].join(say(locale, 'text_outline_textured.char_sep'));
    return say(locale, 'text_outline_textured.reasoning', { pattern: say(locale, `text_outline_textured.pattern_${l.pattern}`), n: l.text.length, chars });
  },

});
