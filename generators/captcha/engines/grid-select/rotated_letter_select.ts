/**
 * #85 rotated_letter_select (group I, multi-select grid + submit, Set+Submit): capital letters at
 * various angles; select every letter tilted by more than the stated angle, then submit (MCA-Bench).
 * Tilts keep a margin around the threshold (the knob), and letters whose turned form reads as another
 * upright letter (C↔U, E↔m, M↔W, N↔Z, and the symmetric H, I, O, S, X) are never used.
 */
import { glyphAt, type LatinFace } from '../../../../renderers/glyphs.js';
import { defineKnobs, knob } from '../../engine.js';
import { hsl, path } from '../../lib/draw.js';
import type { GridFrame } from '../../lib/grids.js';
import { plainTile } from '../../lib/backdrops.js';
import { say } from '../../lib/i18n.js';
import { type KnobsOf, answerProblem, gridSelectEngine, indicesWhere, pickTiles, squareFrame } from './template.js';

/** Letters whose turned form never reads as another upright letter (within ±120°). */
export const ROTATE_CHARSET = [...'ABDFGJKLPRTVY'];

interface Tile {
  ch: string;
  angle: number;
  face: LatinFace;
  size: number;
  color: string;
}
/** Latent state of rotated_letter_select (puzzle px). */
export interface RotatedLatent extends Record<string, unknown> {
  frame: GridFrame;
  threshold: number;
  /** Non-targets stay within ±upright_max; targets lie in [target_min, 120]. */
  upright_max: number;
  target_min: number;
  tiles: Tile[];
  answer: number[];
}

const KNOBS = defineKnobs({ grid: knob('rows x cols', [3, 3], [3, 3], [4, 4]), threshold: knob('tilt angle named in the prompt, degrees', 45, 45, 30), margin: knob('[upright_max, target_min] band around the threshold that no tile uses, degrees', [10, 75], [22, 68], [12, 50]), targets: knob('tilted tile count range', [2, 3], [2, 4], [3, 6]) });

/** Engine #85 rotated_letter_select (group I, Set+Submit, verifier `click`/`set` + submit). */
export const rotatedLetterSelect = gridSelectEngine<RotatedLatent, KnobsOf<typeof KNOBS>>({
  type: 'rotated_letter_select', number: 85, knobs: KNOBS,
  sample(rng, k) {
    const { frame, tile } = squareFrame(rng, k.grid);
    const n = frame.tiles.length;
    const answer = pickTiles(rng, n, k.targets);
    const face = rng.pick(['roboto', 'inter', 'noto-sans'] as const);
    const tiles: Tile[] = [...Array(n).keys()].map((i) => ({
      ch: rng.pick(ROTATE_CHARSET),
      angle: (rng.bool() ? 1 : -1) * (answer.includes(i) ? rng.int(k.margin[1], 120) : rng.int(0, k.margin[0])),
      face, size: Math.round(tile * rng.float(0.5, 0.6)), color: hsl(rng.int(0, 359), rng.float(50, 80), rng.float(25, 40)),
    }));
    return { frame, threshold: k.threshold, upright_max: k.margin[0], target_min: k.margin[1], tiles, answer };
  },

  validate(l) {
    if (!(l.upright_max < l.threshold && l.threshold < l.target_min)) return 'threshold not inside its margin band';
    if (l.target_min - l.upright_max < 30) return 'margin around the threshold too narrow to judge';
    if (l.tiles.length !== l.frame.tiles.length) return 'one letter per tile needed';
    for (const t of l.tiles) {
      if (!ROTATE_CHARSET.includes(t.ch)) return `letter ${t.ch} is ambiguous when turned`;
      const a = Math.abs(t.angle);
      if (a > 120) return 'tilt beyond 120° reads as upside down';
      if (a > l.upright_max && a < l.target_min) return 'tilt inside the ambiguous band';
    }
    return answerProblem(l.answer, indicesWhere(l.tiles, (t) => Math.abs(t.angle) >= l.target_min), l.tiles.length, 'answer does not list exactly the tilted letters', 'need tilted and upright letters');
  },

  tiles(l, style, rng) {
    const dark = style.theme === 'dark';
    return l.frame.tiles.map((b, i) => {
      const t = l.tiles[i]!;
      const o = glyphAt(t.ch, t.size, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, { rot: t.angle, face: t.face, weight: 700 });
      return plainTile(rng, b, style) + path(o.d, { fill: dark ? hsl(rng.int(0, 359), 60, 80) : t.color });
    });
  },

  prompt: (l, style) => ({ lead: say(style.locale, { en: 'Select all letters tilted by', zh: '请选择所有倾斜角度' }), big: say(style.locale, { en: `more than ${l.threshold}°`, zh: `超过 ${l.threshold}° 的字母` }) }),
  reasoning: (l) => ({ angles: l.tiles.map((t) => `${t.ch}${Math.abs(t.angle)}°`).join(' '), threshold: l.threshold }),
  instruction: (l) => ({ threshold: l.threshold }),
});
