/**
 * #2 text_dictionary_word (group A, OCR text entry, Click+Type): a real English word drawn along a
 * curved baseline with crowded glyphs and strike-through noise (reCAPTCHA v1 style). Answer: the word
 * (case-insensitive).
 */
import { defineKnobs, knob } from '../../engine.js';
import { Ids, boxRect, hsl, noiseDots, path } from '../../lib/draw.js';
import { type EntryFrame, entryFrame } from '../../lib/frames.js';
import { type GlyphSpec, checkString, layoutString, specOutline } from '../../lib/glyph-pictures.js';
import { EN_WORDS } from '../../lib/words.js';
import { LATIN_FACES } from '../../../../renderers/glyphs.js';
import { say } from '../../lib/i18n.js';
import { textEntryEngine } from './template.js';

/** Latent state of text_dictionary_word (puzzle px). */
export interface DictionaryWordLatent extends Record<string, unknown> {
  frame: EntryFrame;
  word: string;
  /** How the word is cased in the picture. */
  casing: 'lower' | 'upper' | 'title';
  glyphs: GlyphSpec[];
  curve: { amp: number; period: number; phase: number };
  spacing: number;
  strikes: number;
  ink: string;
  bg_hue: number;
}

const KNOBS = defineKnobs({ length: knob('word length range, letters', [4, 5], [5, 7], [7, 9]), curve_amp: knob('baseline curvature amplitude, puzzle px', 4, 9, 14), spacing: knob('advance multiplier (below 1 = overlapping glyphs)', 1, 0.9, 0.8), strikes: knob('strike-through curves in the ink colour', 0, 1, 2), max_rot: knob('extra per-glyph rotation, degrees', 6, 12, 18) });

const cased = (w: string, c: DictionaryWordLatent['casing']): string =>
  c === 'upper' ? w.toUpperCase() : c === 'title' ? w[0]!.toUpperCase() + w.slice(1) : w;

/** Engine #2 text_dictionary_word (group A, Click+Type, verifier `text_entry`). */
export const textDictionaryWord = textEntryEngine<DictionaryWordLatent, typeof KNOBS>({
  type: 'text_dictionary_word',
  number: 2,
  knobs: KNOBS,

  sample(rng, k) {
    const frame = entryFrame(rng, 110);
    const pool = EN_WORDS.filter((w) => w.length >= k.length[0] && w.length <= k.length[1]);
    const word = rng.pick(pool);
    const casing = rng.pick(['lower', 'lower', 'upper', 'title'] as const);
    const curve = { amp: k.curve_amp, period: Math.round(rng.float(160, 300)), phase: Math.round(rng.float(0, 6.28) * 100) / 100 };
    const ink = rng.bool(0.5) ? '#1b1b1b' : hsl(rng.int(0, 359), rng.float(50, 80), rng.float(20, 32));
    const face = rng.pick(LATIN_FACES);
    const glyphs = layoutString(rng, [...cased(word, casing)], frame.image_box, {
      size: [40, 50], maxRot: k.max_rot, maxSkew: 10, spacing: k.spacing, jitterY: 3, curve, weight: 700, face, color: () => ink,
    });
    return { frame, word, casing, glyphs, curve, spacing: k.spacing, strikes: k.strikes, ink, bg_hue: rng.int(0, 359) };
  },

  check(l) {
    if (!EN_WORDS.includes(l.word)) return 'not a dictionary word';
    if (l.spacing < 0.75) return 'glyphs overlap too much';
    return checkString(l.glyphs, cased(l.word, l.casing), l.frame.image_box, 22, 0.18);
  },

  picture(l, _style, rng) {
    const ids = new Ids();
    const g = ids.next();
    const ib = l.frame.image_box;
    const defs = `<linearGradient id="${g}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${hsl(l.bg_hue, 25, 94)}"/><stop offset="1" stop-color="${hsl(l.bg_hue + 40, 30, 86)}"/></linearGradient>`;
    let pic = boxRect(ib, { fill: `url(#${g})`, rx: 2 });
    pic += noiseDots(rng, ib, 40, 0.5);
    for (const gl of l.glyphs) pic += path(specOutline(gl).d, { fill: gl.color });
    // strike-through curves that follow the word's baseline (shared strokes)
    const first = l.glyphs[0]!;
    const last = l.glyphs[l.glyphs.length - 1]!;
    for (let s = 0; s < l.strikes; s++) {
      const off = rng.float(-0.15, 0.15) * first.size;
      let d = '';
      const x0 = first.cx - first.size * 0.4;
      const x1 = last.cx + last.size * 0.4;
      for (let i = 0; i <= 20; i++) {
        const x = x0 + ((x1 - x0) * i) / 20;
        const y = (ib[1] + ib[3]) / 2 + off + l.curve.amp * Math.sin((2 * Math.PI * x) / l.curve.period + l.curve.phase) + 4 * Math.sin(i * 0.7 + s);
        d += `${i ? 'L' : 'M'}${Math.round(x * 10) / 10} ${Math.round(y * 10) / 10}`;
      }
      pic += path(d, { stroke: l.ink, sw: rng.float(1.8, 2.8), extra: 'stroke-linecap="round"' });
    }
    return { svg: pic, defs };
  },

  answer: (l) => ({ text: l.word, valid: [l.word] }),

  reading(l, locale) {
    const letters = [...cased(l.word, l.casing)].join(say(locale, 'text_dictionary_word.letter_sep'));
    return say(locale, `text_dictionary_word.reasoning${l.strikes ? '_struck' : ''}`, { letters, word: l.word });
  },
});
