/**
 * #83 vowel_select (group I, multi-select grid + submit, Set+Submit): letter tiles in assorted fonts;
 * select every vowel (A, E, I, O, U in either case), then submit (MCA-Bench vowel selection). Hard
 * puzzles mix cases and faces. Letters that could be misread as a vowel are never used as consonants
 * (lower-case l ≈ I, Q ≈ O, and digits are absent).
 */
import { glyphAt, type LatinFace } from '../../../../renderers/glyphs.js';
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { Ids, hsl, path, svgDoc } from '../../lib/draw.js';
import { type GridFrame, checkGridFrame, drawGridFrame, gridFrame, gridSteps } from '../../lib/grids.js';
import { plainTile } from '../../lib/backdrops.js';
import { clickSetSubmit } from '../../lib/solutions.js';
import { say } from '../../lib/i18n.js';

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

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ grid: knob('rows x cols', [3, 3], [3, 3], [4, 4]), vowels: knob('vowel tile count range', [2, 3], [2, 4], [3, 6]), mixed_case: knob('lower-case letters appear', false, true, true), max_rot: knob('letter rotation, degrees', 5, 12, 20) });
/** The vowels (instruction: A, E, I, O, U). */
export const VOWELS = 'AEIOUaeiou';
const CONS_UPPER = [...'BCDFGHJKMNPRSTVWXZ'];
const CONS_LOWER = [...'bdfghjkmnprtvwxz'];
const FACES: LatinFace[] = ['roboto', 'inter', 'noto-sans'];

/** Engine #83 vowel_select (group I, Set+Submit, verifier `click`/`set` + submit). */
export const vowelSelect = defineEngine<VowelLatent>({
  type: 'vowel_select',
  group: 'multi_select_grid',
  number: 83,
  actionForm: 'Set+Submit',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
    const [rows, cols] = k.grid;
    const frame = gridFrame(rng, rows, cols, rows === 3 ? 96 : 72);
    const n = rows * cols;
    const answer = rng.sample([...Array(n).keys()], rng.int(k.vowels[0], k.vowels[1])).sort((a, b) => a - b);
    const tile = rows === 3 ? 96 : 72;
    const letters: LetterTile[] = [];
    for (let i = 0; i < n; i++) {
      const lower = k.mixed_case && rng.bool(0.4);
      const ch = answer.includes(i) ? rng.pick([...(lower ? 'aeou' : 'AEIOU')]) : rng.pick(lower ? CONS_LOWER : CONS_UPPER);
      letters.push({ ch, face: rng.pick(FACES), rot: rng.int(-k.max_rot, k.max_rot), size: Math.round(tile * rng.float(0.48, 0.6)), color: hsl(rng.int(0, 359), rng.float(50, 80), rng.float(25, 40)) });
    }
    return { frame, letters, answer };
  },

  validate(l) {
    const f = checkGridFrame(l.frame);
    if (f) return f;
    if (l.letters.length !== l.frame.tiles.length) return 'one letter per tile needed';
    for (const t of l.letters) {
      if (!VOWELS.includes(t.ch) && !CONS_UPPER.includes(t.ch) && !CONS_LOWER.includes(t.ch)) return `letter ${t.ch} could be misread as a vowel`;
      if (t.size < 28) return 'letter too small';
    }
    const want = l.letters.map((t, i) => (VOWELS.includes(t.ch) ? i : -1)).filter((i) => i >= 0);
    if (want.join(',') !== l.answer.join(',')) return 'answer does not list exactly the vowels';
    if (!l.answer.length || l.answer.length === l.letters.length) return 'need vowels and consonants';
    return null;
  },

  draw(l, style, rng) {
    const ids = new Ids();
    const dark = style.theme === 'dark';
    const tiles = l.frame.tiles.map((b, i) => {
      const t = l.letters[i]!;
      const cx = (b[0] + b[2]) / 2 + rng.float(-3, 3);
      const cy = (b[1] + b[3]) / 2 + rng.float(-3, 3);
      return plainTile(rng, b, style) + path(glyphAt(t.ch, t.size, cx, cy, { rot: t.rot, face: t.face, weight: rng.pick([400, 700] as const) }).d, { fill: dark ? hsl(rng.int(0, 359), 60, 80) : t.color });
    });
    const g = drawGridFrame(style, l.frame, { lead: say(style.locale, { en: 'Select all tiles with a', zh: '请选择所有元音字母' }), big: say(style.locale, { en: 'vowel (A E I O U)', zh: 'A E I O U' }) }, tiles, ids);
    return { svg: svgDoc(l.frame.width, l.frame.height, g.body, g.defs), width: l.frame.width, height: l.frame.height };
  },

  solve(l) {
    return clickSetSubmit(l.answer.map((i) => l.frame.tiles[i]!), l.frame.submit_box);
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const shown = l.letters.map((t) => t.ch).join(' ');
    return say(locale, { en: `Row by row the tiles read: ${shown}. The vowels are A, E, I, O and U in either case. ` + gridSteps(l.frame, l.answer, locale, m), zh: `网格中的字母按行依次为：${shown}。元音是 A、E、I、O、U（不分大小写）。` + gridSteps(l.frame, l.answer, locale, m) });
  },

  instruction(_l, locale) {
    return say(locale, 'vowel_select.instruction');
  },
});
