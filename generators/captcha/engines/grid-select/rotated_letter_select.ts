/**
 * #85 rotated_letter_select (group I, multi-select grid + submit, Set+Submit): capital letters at
 * various angles; select every letter tilted by more than the stated angle, then submit (MCA-Bench).
 * Tilts keep a margin around the threshold (the knob), and letters whose turned form reads as another
 * upright letter (C↔U, E↔m, M↔W, N↔Z, and the symmetric H, I, O, S, X) are never used.
 */
import { glyphAt, type LatinFace } from '../../../../renderers/glyphs.js';
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { Ids, hsl, path, svgDoc } from '../../lib/draw.js';
import { type GridFrame, checkGridFrame, drawGridFrame, gridFrame, gridSteps } from '../../lib/grids.js';
import { plainTile } from '../../lib/backdrops.js';
import { clickSetSubmit } from '../../lib/solutions.js';
import { say } from '../../lib/i18n.js';

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

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ grid: knob('rows x cols', [3, 3], [3, 3], [4, 4]), threshold: knob('tilt angle named in the prompt, degrees', 45, 45, 30), margin: knob('[upright_max, target_min] band around the threshold that no tile uses, degrees', [10, 75], [22, 68], [12, 50]), targets: knob('tilted tile count range', [2, 3], [2, 4], [3, 6]) });

/** Engine #85 rotated_letter_select (group I, Set+Submit, verifier `click`/`set` + submit). */
export const rotatedLetterSelect = defineEngine<RotatedLatent>({
  type: 'rotated_letter_select',
  group: 'multi_select_grid',
  number: 85,
  actionForm: 'Set+Submit',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
    const [rows, cols] = k.grid;
    const frame = gridFrame(rng, rows, cols, rows === 3 ? 96 : 72);
    const n = rows * cols;
    const answer = rng.sample([...Array(n).keys()], rng.int(k.targets[0], k.targets[1])).sort((a, b) => a - b);
    const tile = rows === 3 ? 96 : 72;
    const face = rng.pick(['roboto', 'inter', 'noto-sans'] as const);
    const tiles: Tile[] = [...Array(n).keys()].map((i) => ({
      ch: rng.pick(ROTATE_CHARSET),
      angle: (rng.bool() ? 1 : -1) * (answer.includes(i) ? rng.int(k.margin[1], 120) : rng.int(0, k.margin[0])),
      face, size: Math.round(tile * rng.float(0.5, 0.6)), color: hsl(rng.int(0, 359), rng.float(50, 80), rng.float(25, 40)),
    }));
    return { frame, threshold: k.threshold, upright_max: k.margin[0], target_min: k.margin[1], tiles, answer };
  },

  validate(l) {
    const f = checkGridFrame(l.frame);
    if (f) return f;
    if (!(l.upright_max < l.threshold && l.threshold < l.target_min)) return 'threshold not inside its margin band';
    if (l.target_min - l.upright_max < 30) return 'margin around the threshold too narrow to judge';
    if (l.tiles.length !== l.frame.tiles.length) return 'one letter per tile needed';
    for (const t of l.tiles) {
      if (!ROTATE_CHARSET.includes(t.ch)) return `letter ${t.ch} is ambiguous when turned`;
      const a = Math.abs(t.angle);
      if (a > 120) return 'tilt beyond 120° reads as upside down';
      if (a > l.upright_max && a < l.target_min) return 'tilt inside the ambiguous band';
    }
    const want = l.tiles.map((t, i) => (Math.abs(t.angle) >= l.target_min ? i : -1)).filter((i) => i >= 0);
    if (want.join(',') !== l.answer.join(',')) return 'answer does not list exactly the tilted letters';
    if (!l.answer.length || l.answer.length === l.tiles.length) return 'need tilted and upright letters';
    return null;
  },

  draw(l, style, rng) {
    const ids = new Ids();
    const dark = style.theme === 'dark';
    const tiles = l.frame.tiles.map((b, i) => {
      const t = l.tiles[i]!;
      const o = glyphAt(t.ch, t.size, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, { rot: t.angle, face: t.face, weight: 700 });
      return plainTile(rng, b, style) + path(o.d, { fill: dark ? hsl(rng.int(0, 359), 60, 80) : t.color });
    });
    const g = drawGridFrame(style, l.frame, { lead: say(style.locale, { en: 'Select all letters tilted by', zh: '请选择所有倾斜角度' }), big: say(style.locale, { en: `more than ${l.threshold}°`, zh: `超过 ${l.threshold}° 的字母` }) }, tiles, ids);
    return { svg: svgDoc(l.frame.width, l.frame.height, g.body, g.defs), width: l.frame.width, height: l.frame.height };
  },

  solve(l) {
    return clickSetSubmit(l.answer.map((i) => l.frame.tiles[i]!), l.frame.submit_box);
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const angles = l.tiles.map((t) => `${t.ch}${Math.abs(t.angle)}°`).join(' ');
    return say(locale, { en: `Estimating each letter's tilt from upright, row by row: ${angles}. Those tilted more than ${l.threshold}° are selected. ` + gridSteps(l.frame, l.answer, locale, m), zh: `估计每个字母相对正立方向的倾斜角（按行）：${angles}。倾斜超过 ${l.threshold}° 的入选。` + gridSteps(l.frame, l.answer, locale, m) });
  },

  instruction(l, locale) {
    return say(locale, 'rotated_letter_select.instruction', { threshold: l.threshold });
  },
});
