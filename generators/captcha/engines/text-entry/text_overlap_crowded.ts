/**
 * #5 text_overlap_crowded (group A, OCR text entry, Click+Type): a single-colour string whose glyphs
 * touch and overlap (negative spacing, shared strokes) over a plain background with a long stroke
 * through the text. Answer: the string (case-insensitive).
 */
import { defineKnobs, knob } from '../../engine.js';
import { boxRect, hsl, noiseDots, path } from '../../lib/draw.js';
import { type EntryFrame, entryFrame } from '../../lib/frames.js';
import { type GlyphSpec, checkString, layoutString, specOutline } from '../../lib/glyph-pictures.js';
import { say } from '../../lib/i18n.js';
import { textEntryEngine } from './template.js';

/**
 * Characters used here: upper case and digits that stay distinct when neighbours overlap (no V or W:
 * "VV" reads as "W"; none of text_distorted_alnum's AMBIGUOUS set).
 */
export const CROWD_CHARSET = [...'ACEFHJKMNPRTUXY34679'];

/** Latent state of text_overlap_crowded (puzzle px). */
export interface OverlapCrowdedLatent extends Record<string, unknown> {
  frame: EntryFrame;
  text: string;
  glyphs: GlyphSpec[];
  /** Advance multiplier (1 - overlap ratio). */
  spacing: number;
  ink: string;
  paper: string;
  strokes: number;
}

const KNOBS = defineKnobs({ length: knob('characters', 5, 6, 7), overlap: knob('fraction of each advance shared with the neighbour', 0.12, 0.2, 0.24), strokes: knob('long strokes through the text in the ink colour', 1, 1, 2), max_rot: knob('max per-glyph rotation, degrees', 8, 14, 18) });

/** Engine #5 text_overlap_crowded (group A, Click+Type, verifier `text_entry`). */
export const textOverlapCrowded = textEntryEngine<OverlapCrowdedLatent, typeof KNOBS>({
  type: 'text_overlap_crowded',
  number: 5,
  knobs: KNOBS,

  sample(rng, k) {
    const frame = entryFrame(rng, 100);
    // no two equal neighbours: overlapped twins merge into one shape
    const chars: string[] = [];
    while (chars.length < k.length) {
      const c = rng.pick(CROWD_CHARSET);
      if (c !== chars[chars.length - 1]) chars.push(c);
    }
    const dark = rng.bool(0.25);
    const ink = dark ? hsl(rng.int(0, 359), 30, 92) : rng.bool(0.6) ? '#161616' : hsl(rng.int(0, 359), 60, 25);
    const paper = dark ? hsl(rng.int(0, 359), 25, 16) : hsl(rng.int(0, 359), 20, 96);
    const glyphs = layoutString(rng, chars, frame.image_box, {
      size: [44, 54], maxRot: k.max_rot, maxSkew: 12, spacing: 1 - k.overlap, jitterY: 4, weight: 700,
      face: rng.pick(['roboto', 'inter', 'noto-sans'] as const), color: () => ink,
    });
    return { frame, text: chars.join(''), glyphs, spacing: 1 - k.overlap, ink, paper, strokes: k.strokes };
  },

  check(l) {
    for (const ch of l.text) if (!CROWD_CHARSET.includes(ch)) return `character ${ch} not allowed`;
    if (l.spacing < 0.72) return 'glyphs overlap beyond the legible bound';
    for (let i = 1; i < l.text.length; i++) if (l.text[i] === l.text[i - 1]) return 'equal neighbours merge when overlapped';
    // neighbouring centres at least 40 % of a glyph size apart: overlapping, never stacked
    return checkString(l.glyphs, l.text, l.frame.image_box, 26, 0.4);
  },

  picture(l, style, rng) {
    const ib = l.frame.image_box;
    let pic = boxRect(ib, { fill: l.paper, rx: 2 });
    pic += noiseDots(rng, ib, 30, 0.4, [l.ink]);
    for (const gl of l.glyphs) pic += path(specOutline(gl).d, { fill: gl.color });
    const first = l.glyphs[0]!;
    const last = l.glyphs[l.glyphs.length - 1]!;
    for (let s = 0; s < l.strokes; s++) {
      const y0 = first.cy + rng.float(-0.2, 0.2) * first.size;
      const y1 = last.cy + rng.float(-0.2, 0.2) * last.size;
      const cy = (y0 + y1) / 2 + rng.float(-18, 18);
      pic += path(`M${Math.round(first.cx - 20)} ${Math.round(y0)}Q${Math.round((first.cx + last.cx) / 2)} ${Math.round(cy)} ${Math.round(last.cx + 20)} ${Math.round(y1)}`, {
        stroke: l.ink, sw: rng.float(2.2, 3.4), extra: 'stroke-linecap="round"',
      });
    }
    return { svg: pic };
  },

  answer: (l) => ({ text: l.text, valid: [l.text] }),

  reading(l, locale) {
    const chars = [...l.text].join(say(locale, 'text_overlap_crowded.char_sep'));
    return say(locale, 'text_overlap_crowded.reasoning', { n: l.text.length, chars });
  },

});
