/**
 * #83 vowel_select (group I, multi-select grid + submit, Set+Submit): letter tiles in assorted fonts;
 * select every vowel (A, E, I, O, U in either case), then submit (MCA-Bench vowel selection). Hard
 * puzzles mix cases and faces. Letters that could be misread as a vowel are never used as consonants
 * (lower-case l ≈ I, Q ≈ O, and digits are absent).
 */
import { glyphAt, type LatinFace } from '../../../../renderers/glyphs.js';
import { defineKnobs, knob } from '../../engine.js';
import { hsl, path } from '../../lib/draw.js';
import type { GridFrame } from '../../lib/grids.js';
import { plainTile } from '../../lib/backdrops.js';
import { say } from '../../lib/i18n.js';
import { type KnobsOf, answerProblem, gridSelectEngine, indicesWhere, pickTiles, squareFrame } from './template.js';

interface LetterTile {
  ch: string;
  face: LatinFace;
  rot: number;
  size: number;
  color: string;
}
/** Latent state of vowel_select (puzzle px). */
export interface VowelLatent extends Record<string, unknown> {
  frame: GridFrame;
  letters: LetterTile[];
  answer: number[];
}

const KNOBS = defineKnobs({ grid: knob('rows x cols', [3, 3], [3, 3], [4, 4]), vowels: knob('vowel tile count range', [2, 3], [2, 4], [3, 6]), mixed_case: knob('lower-case letters appear', false, true, true), max_rot: knob('letter rotation, degrees', 5, 12, 20) });
/** The vowels (instruction: A, E, I, O, U). */
export const VOWELS = 'AEIOUaeiou';
const CONS_UPPER = [...'BCDFGHJKMNPRSTVWXZ'];
const CONS_LOWER = [...'bdfghjkmnprtvwxz'];
const FACES: LatinFace[] = ['roboto', 'inter', 'noto-sans'];

/** Engine #83 vowel_select (group I, Set+Submit, verifier `click`/`set` + submit). */
export const vowelSelect = gridSelectEngine<VowelLatent, KnobsOf<typeof KNOBS>>({
  type: 'vowel_select', number: 83, knobs: KNOBS,
  sample(rng, k) {
    const { frame, tile } = squareFrame(rng, k.grid);
    const answer = pickTiles(rng, frame.tiles.length, k.vowels);
    const letters: LetterTile[] = [];
    for (let i = 0; i < frame.tiles.length; i++) {
      const lower = k.mixed_case && rng.bool(0.4);
      const ch = answer.includes(i) ? rng.pick([...(lower ? 'aeou' : 'AEIOU')]) : rng.pick(lower ? CONS_LOWER : CONS_UPPER);
      letters.push({ ch, face: rng.pick(FACES), rot: rng.int(-k.max_rot, k.max_rot), size: Math.round(tile * rng.float(0.48, 0.6)), color: hsl(rng.int(0, 359), rng.float(50, 80), rng.float(25, 40)) });
    }
    return { frame, letters, answer };
  },

  validate(l) {
    if (l.letters.length !== l.frame.tiles.length) return 'one letter per tile needed';
    for (const t of l.letters) {
      if (!VOWELS.includes(t.ch) && !CONS_UPPER.includes(t.ch) && !CONS_LOWER.includes(t.ch)) return `letter ${t.ch} could be misread as a vowel`;
      if (t.size < 28) return 'letter too small';
    }
    return answerProblem(l.answer, indicesWhere(l.letters, (t) => VOWELS.includes(t.ch)), l.letters.length, 'answer does not list exactly the vowels', 'need vowels and consonants');
  },

  tiles(l, style, rng) {
    const dark = style.theme === 'dark';
    return l.frame.tiles.map((b, i) => {
      const t = l.letters[i]!;
      const cx = (b[0] + b[2]) / 2 + rng.float(-3, 3);
      const cy = (b[1] + b[3]) / 2 + rng.float(-3, 3);
      return plainTile(rng, b, style) + path(glyphAt(t.ch, t.size, cx, cy, { rot: t.rot, face: t.face, weight: rng.pick([400, 700] as const) }).d, { fill: dark ? hsl(rng.int(0, 359), 60, 80) : t.color });
    });
  },

  prompt: (_l, style) => ({ lead: say(style.locale, { en: 'Select all tiles with a', zh: '请选择所有元音字母' }), big: say(style.locale, { en: 'vowel (A E I O U)', zh: 'A E I O U' }) }),
  reasoning: (l) => ({ shown: l.letters.map((t) => t.ch).join(' ') }),
});
