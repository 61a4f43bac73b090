/**
 * #86 hollow_pattern_select (group I, multi-select grid + submit, Set+Submit): tiles with shapes, some
 * filled and some hollow (outline only); select every hollow shape, then submit (MCA-Bench). The
 * outline width is the knob; outlines never exceed 28 % of the shape's half-size so the hole stays
 * visible, and filled shapes contrast with the tile (ΔE ≥ 25) so they never look empty.
 */
import { defineKnobs, knob } from '../../engine.js';
import type { GridFrame } from '../../lib/grids.js';
import { plainTile } from '../../lib/backdrops.js';
import { iconName, iconNoun, iconSvg } from '../../lib/icons.js';
import { deltaE, hslToRgb, rgbToHex } from '../../lib/color.js';
import { say } from '../../lib/i18n.js';
import { type KnobsOf, answerProblem, gridSelectEngine, indicesWhere, pickTiles, squareFrame } from './template.js';

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

const KNOBS = defineKnobs({ grid: knob('rows x cols', [3, 3], [3, 3], [4, 4]), stroke: knob('outline width, puzzle px (thicker = hollow shapes look fuller)', 3, 5, 6), hollow: knob('hollow tile count range', [2, 4], [2, 5], [3, 7]) });
/** Shapes with one clear interior. */
export const HOLLOW_KINDS = ['circle', 'square', 'triangle', 'star', 'heart', 'hexagon', 'diamond', 'pentagon'];

/** Engine #86 hollow_pattern_select (group I, Set+Submit, verifier `click`/`set` + submit). */
export const hollowPatternSelect = gridSelectEngine<HollowLatent, KnobsOf<typeof KNOBS>>({
  type: 'hollow_pattern_select', number: 86, knobs: KNOBS,
  sample(rng, k) {
    const { frame } = squareFrame(rng, k.grid);
    const n = frame.tiles.length;
    const answer = pickTiles(rng, n, k.hollow);
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
    if (l.tiles.length !== l.frame.tiles.length) return 'one shape per tile needed';
    const tile = l.frame.tiles[0]![2] - l.frame.tiles[0]![0];
    for (const t of l.tiles) {
      if (!HOLLOW_KINDS.includes(t.kind)) return 'shape without a clear interior';
      if (l.stroke > 0.28 * t.scale * tile) return 'outline so thick the hole disappears';
      if (deltaE(t.color, l.tile_tone) < 25) return 'filled colour too close to the tile';
    }
    return answerProblem(l.answer, indicesWhere(l.tiles, (t) => t.hollow), l.tiles.length, 'answer does not list exactly the hollow shapes', 'need hollow and filled shapes');
  },

  tiles(l, style, rng) {
    return l.frame.tiles.map((b, i) => {
      const t = l.tiles[i]!;
      const attrs = `stroke="${t.color}" stroke-width="${l.stroke}" stroke-linejoin="round"`;
      return plainTile(rng, b, style, l.tile_tone) + iconSvg(t.kind, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, t.scale * (b[2] - b[0]), t.rot, t.hollow ? 'none' : t.color, attrs);
    });
  },

  prompt: (_l, style) => ({ lead: say(style.locale, { en: 'Select every shape that is', zh: '请选择所有' }), big: say(style.locale, { en: 'hollow (outline only)', zh: '空心的图形' }) }),
  reasoning: (l, locale) => ({ names: l.answer.map((i) => iconNoun(l.tiles[i]!.kind, locale)).join(say(locale, { en: ', ', zh: '、', ja: '、', ar: '، ' })) }),
});
