/**
 * #84 inverted_letter_select (group I, multi-select grid + submit, Set+Submit): capital letters, some
 * upside down (turned 180°); select every upside-down letter, then submit (MCA-Bench). Hard puzzles add
 * mirrored (left-right flipped, upright) letters as decoys and small tilts.
 *
 * Letters that look the same upside down (H, I, N, O, S, X, Z) or turn into other letters (M/W, P→d,
 * U→∩, V→Λ≈A, Q) are never used, nor letters whose 180° turn looks like their left-right mirror image
 * (top-bottom symmetric B, C, D, E, K, and nearly so G, J): turned over they would read as "mirrored",
 * which the decoys say does not count. Both sets are measured on rendered glyph masks in every face
 * (test/captcha-glyph-orientation.test.ts: intersection over union of the two variants <= 0.7).
 */
import { glyphAt, type LatinFace } from '../../../../renderers/glyphs.js';
import { defineKnobs, knob } from '../../engine.js';
import { hsl, path } from '../../lib/draw.js';
import type { GridFrame } from '../../lib/grids.js';
import { plainTile } from '../../lib/backdrops.js';
import { say } from '../../lib/i18n.js';
import { type KnobsOf, answerProblem, gridSelectEngine, indicesWhere, squareFrame } from './template.js';

/** Letters whose upside-down form is unmistakable: unlike the upright letter and unlike its mirror image. */
export const INVERT_CHARSET = [...'AFLRTY'];
/** Faces the letters are drawn in (weight 700). */
export const INVERT_FACES: readonly LatinFace[] = ['roboto', 'inter', 'noto-sans'];
/** Letters whose mirror image differs from their upside-down form. */
export const MIRROR_OK = [...'FLR'];

interface Tile {
  ch: string;
  state: 'upright' | 'inverted' | 'mirrored';
  tilt: number;
  face: LatinFace;
  size: number;
  color: string;
}
/** Latent state of inverted_letter_select (puzzle px). */
export interface InvertedLatent extends Record<string, unknown> {
  frame: GridFrame;
  tiles: Tile[];
  answer: number[];
}

const KNOBS = defineKnobs({ grid: knob('rows x cols', [3, 3], [3, 3], [4, 4]), inverted: knob('upside-down tile count range', [2, 3], [2, 4], [3, 5]), mirrored: knob('mirrored (upright) decoy tiles', 0, 1, 3), tilt: knob('extra tilt on every tile, degrees', 0, 8, 14) });

/** Engine #84 inverted_letter_select (group I, Set+Submit, verifier `click`/`set` + submit). */
export const invertedLetterSelect = gridSelectEngine<InvertedLatent, KnobsOf<typeof KNOBS>>({
  type: 'inverted_letter_select', number: 84, knobs: KNOBS,
  sample(rng, k) {
    const { frame, tile } = squareFrame(rng, k.grid);
    const n = frame.tiles.length;
    const idx = rng.shuffle([...Array(n).keys()]);
    const nInv = rng.int(k.inverted[0], k.inverted[1]);
    const inv = new Set(idx.slice(0, nInv));
    const mir = new Set(idx.slice(nInv, nInv + k.mirrored));
    const face = rng.pick(INVERT_FACES);
    const tiles: Tile[] = [...Array(n).keys()].map((i) => {
      const state = inv.has(i) ? 'inverted' : mir.has(i) ? 'mirrored' : 'upright';
      return {
        ch: rng.pick(state === 'mirrored' ? MIRROR_OK : INVERT_CHARSET),
        state, tilt: rng.int(-k.tilt, k.tilt), face, size: Math.round(tile * rng.float(0.5, 0.6)),
        color: hsl(rng.int(0, 359), rng.float(50, 80), rng.float(25, 40)),
      };
    });
    return { frame, tiles, answer: [...inv].sort((a, b) => a - b) };
  },

  validate(l) {
    if (l.tiles.length !== l.frame.tiles.length) return 'one letter per tile needed';
    for (const t of l.tiles) {
      if (!INVERT_CHARSET.includes(t.ch)) return `letter ${t.ch} is ambiguous upside down`;
      if (t.state === 'mirrored' && !MIRROR_OK.includes(t.ch)) return `mirrored ${t.ch} looks upright or upside down`;
      if (Math.abs(t.tilt) > 20) return 'tilt too large';
    }
    return answerProblem(l.answer, indicesWhere(l.tiles, (t) => t.state === 'inverted'), l.tiles.length, 'answer does not list exactly the upside-down letters', 'need upside-down and upright letters');
  },

  tiles(l, style, rng) {
    const dark = style.theme === 'dark';
    return l.frame.tiles.map((b, i) => {
      const t = l.tiles[i]!;
      const o = glyphAt(t.ch, t.size, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, { rot: (t.state === 'inverted' ? 180 : 0) + t.tilt, sx: t.state === 'mirrored' ? -1 : 1, face: t.face, weight: 700 });
      return plainTile(rng, b, style) + path(o.d, { fill: dark ? hsl(rng.int(0, 359), 60, 80) : t.color });
    });
  },

  prompt: (_l, style) => ({ lead: say(style.locale, { en: 'Select all letters that are', zh: '请选择所有' }), big: say(style.locale, { en: 'upside down', zh: '倒置（上下颠倒）的字母' }) }),
  reasoning(l, locale) {
    const nm = l.tiles.filter((t) => t.state === 'mirrored').length;
    return { mirrored: nm ? say(locale, `inverted_letter_select.${nm === 1 ? 'mirrored_one' : 'mirrored_many'}`, { nm }) : '' };
  },
});
