/**
 * #86 hollow_pattern_select (group I, multi-select grid + submit, Set+Submit): tiles with shapes, some
 * filled and some hollow (outline only); select every hollow shape, then submit (MCA-Bench). The
 * outline width is the knob; outlines never exceed 28 % of the shape's half-size so the hole stays
 * visible, and filled shapes contrast with the tile (ΔE ≥ 25) so they never look empty.
 */
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { Ids, svgDoc } from '../../lib/draw.js';
import { type GridFrame, checkGridFrame, drawGridFrame, gridFrame, gridSteps } from '../../lib/grids.js';
import { plainTile } from '../../lib/backdrops.js';
import { clickSetSubmit } from '../../lib/solutions.js';
import { iconName, iconSvg } from '../../lib/icons.js';
import { deltaE, hslToRgb, rgbToHex } from '../../lib/color.js';
import { say } from '../../lib/i18n.js';

interface Tile {
  kind: string;
  hollow: boolean;
  color: string;
  rot: number;
  /** Half-size as a fraction of the tile. */
  scale: number;
}
/** Latent state of hollow_pattern_select (puzzle px). */
export interface HollowLatent extends Record<string, unknown> {
  frame: GridFrame;
  tiles: Tile[];
  stroke: number;
  tile_tone: string;
  answer: number[];
}

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ grid: knob('rows x cols', [3, 3], [3, 3], [4, 4]), stroke: knob('outline width, puzzle px (thicker = hollow shapes look fuller)', 3, 5, 6), hollow: knob('hollow tile count range', [2, 4], [2, 5], [3, 7]) });
/** Shapes with one clear interior. */
export const HOLLOW_KINDS = ['circle', 'square', 'triangle', 'star', 'heart', 'hexagon', 'diamond', 'pentagon'];

/** Engine #86 hollow_pattern_select (group I, Set+Submit, verifier `click`/`set` + submit). */
export const hollowPatternSelect = defineEngine<HollowLatent>({
  type: 'hollow_pattern_select',
  group: 'multi_select_grid',
  number: 86,
  actionForm: 'Set+Submit',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
    const [rows, cols] = k.grid;
    const frame = gridFrame(rng, rows, cols, rows === 3 ? 96 : 72);
    const n = rows * cols;
    const answer = rng.sample([...Array(n).keys()], rng.int(k.hollow[0], k.hollow[1])).sort((a, b) => a - b);
    const tile_tone = rgbToHex(hslToRgb(rng.int(0, 359), 15, 95));
    const tiles: Tile[] = [...Array(n).keys()].map((i) => ({
      kind: rng.pick(HOLLOW_KINDS),
      hollow: answer.includes(i),
      color: rgbToHex(hslToRgb(rng.int(0, 359), rng.float(55, 80), rng.float(35, 50))),
      rot: rng.int(-15, 15),
      scale: Math.round(rng.float(0.3, 0.36) * 100) / 100,
    }));
    return { frame, tiles, stroke: k.stroke, tile_tone, answer };
  },

  validate(l) {
    const f = checkGridFrame(l.frame);
    if (f) return f;
    if (l.tiles.length !== l.frame.tiles.length) return 'one shape per tile needed';
    const tile = l.frame.tiles[0]![2] - l.frame.tiles[0]![0];
    for (const t of l.tiles) {
      if (!HOLLOW_KINDS.includes(t.kind)) return 'shape without a clear interior';
      if (l.stroke > 0.28 * t.scale * tile) return 'outline so thick the hole disappears';
      if (deltaE(t.color, l.tile_tone) < 25) return 'filled colour too close to the tile';
    }
    const want = l.tiles.map((t, i) => (t.hollow ? i : -1)).filter((i) => i >= 0);
    if (want.join(',') !== l.answer.join(',')) return 'answer does not list exactly the hollow shapes';
    if (!l.answer.length || l.answer.length === l.tiles.length) return 'need hollow and filled shapes';
    return null;
  },

  draw(l, style, rng) {
    const ids = new Ids();
    const tiles = l.frame.tiles.map((b, i) => {
      const t = l.tiles[i]!;
      const s = b[2] - b[0];
      const r = t.scale * s;
      const cx = (b[0] + b[2]) / 2;
      const cy = (b[1] + b[3]) / 2;
      const attrs = `stroke="${t.color}" stroke-width="${l.stroke}" stroke-linejoin="round"`;
      return plainTile(rng, b, style, l.tile_tone) + iconSvg(t.kind, cx, cy, r, t.rot, t.hollow ? 'none' : t.color, attrs);
    });
    const g = drawGridFrame(style, l.frame, { lead: say(style.locale, { en: 'Select every shape that is', zh: '请选择所有' }), big: say(style.locale, { en: 'hollow (outline only)', zh: '空心的图形' }) }, tiles, ids);
    return { svg: svgDoc(l.frame.width, l.frame.height, g.body, g.defs), width: l.frame.width, height: l.frame.height };
  },

  solve(l) {
    return clickSetSubmit(l.answer.map((i) => l.frame.tiles[i]!), l.frame.submit_box);
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const names = l.answer.map((i) => iconName(l.tiles[i]!.kind, locale)).join(say(locale, { en: ', ', zh: '、' }));
    return say(locale, { en: `Going tile by tile: shapes drawn as an outline with the tile showing through the middle are hollow (${names}); solid ones are not. ` + gridSteps(l.frame, l.answer, locale, m), zh: `逐格观察：只有轮廓线、中间透出底色的是空心图形（${names}），实心填充的不选。` + gridSteps(l.frame, l.answer, locale, m) });
  },

  instruction(_l, locale) {
    return say(locale, 'hollow_pattern_select.instruction');
  },
});
