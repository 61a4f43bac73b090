/**
 * #87 count_match_select (group I, multi-select grid + submit, Set+Submit): each cell holds a few
 * small objects; select every cell with exactly N objects, then submit (NextGen Color_Counting style).
 * Hard puzzles give the other cells N ± 1 objects and vary sizes. Counts are re-measured on the
 * drawn geometry: objects in a cell never overlap (box separation), and every object lies inside its
 * cell with a margin.
 */
import type { Box } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxInside, boxesOverlap, hsl } from '../../lib/draw.js';
import { type GridFrame, gridFrame } from '../../lib/grids.js';
import { plainTile } from '../../lib/backdrops.js';
import { iconSvg } from '../../lib/icons.js';
import { iconRegion, regionBBox } from '../../lib/regions.js';
import { numberEn } from '../../lib/words.js';
import { say } from '../../lib/i18n.js';
import { placeWithRetries } from '../../lib/placement.js';
import { type KnobsOf, answerProblem, gridSelectEngine, indicesWhere, pickTiles } from './template.js';

interface Obj {
  kind: string;
  cx: number;
  cy: number;
  r: number;
  rot: number;
  color: string;
}
/** Latent state of count_match_select (puzzle px). */
export interface CountMatchLatent extends Record<string, unknown> {
  frame: GridFrame;
  n: number;
  cells: Obj[][];
  answer: number[];
}

const KNOBS = defineKnobs({ grid: knob('rows x cols', [3, 3], [3, 3], [3, 3]), n: knob('target count range', [2, 3], [3, 5], [4, 6]), near: knob('other cells differ from N by exactly one', false, false, true), radius: knob('object half-size range, puzzle px', [9, 12], [8, 11], [7, 10]) });
const KINDS = ['circle', 'star', 'heart', 'square', 'triangle', 'diamond', 'hexagon'];
const objBox = (o: Obj): Box => {
  const b = regionBBox(iconRegion(o.kind, o.cx, o.cy, o.r, o.rot));
  return [Math.floor(b[0]), Math.floor(b[1]), Math.ceil(b[2]), Math.ceil(b[3])];
};

/** Engine #87 count_match_select (group I, Set+Submit, verifier `click`/`set` + submit). */
export const countMatchSelect = gridSelectEngine<CountMatchLatent, KnobsOf<typeof KNOBS>>({
  type: 'count_match_select', number: 87, knobs: KNOBS,
  sample(rng, k) {
    const frame = gridFrame(rng, k.grid[0], k.grid[1], 96);
    const n = rng.int(k.n[0], k.n[1]);
    const answer = pickTiles(rng, frame.tiles.length, [2, 3]);
    const cells: Obj[][] = frame.tiles.map((b, i) => {
      const c = answer.includes(i) ? n : rng.pick((k.near ? [n - 1, n + 1] : [n - 2, n - 1, n + 1, n + 2]).filter((x) => x >= 1 && x <= 8));
      const kind = rng.pick(KINDS);
      const objs: Obj[] = [];
      for (let j = 0; j < c; j++) {
        const propose = (): Obj => {
          const r = Math.round(rng.float(k.radius[0], k.radius[1]));
          return { kind, cx: Math.round(rng.float(b[0] + r + 5, b[2] - r - 5)), cy: Math.round(rng.float(b[1] + r + 5, b[3] - r - 5)), r, rot: rng.int(-20, 20), color: hsl(rng.int(0, 359), rng.float(55, 80), rng.float(38, 52)) };
        };
        const o = placeWithRetries(200, propose, (o) => objs.every((p) => !boxesOverlap(objBox(p), objBox(o), 4)));
        if (o) objs.push(o);
      }
      return objs;
    });
    return { frame, n, cells, answer };
  },

  validate(l) {
    if (l.cells.length !== l.frame.tiles.length) return 'one cell per tile needed';
    for (let i = 0; i < l.cells.length; i++) {
      const b = l.frame.tiles[i]!;
      const inner: Box = [b[0] + 3, b[1] + 3, b[2] - 3, b[3] - 3];
      const objs = l.cells[i]!;
      for (let j = 0; j < objs.length; j++) {
        const ob = objBox(objs[j]!);
        if (objs[j]!.r < 6) return 'object too small to count';
        if (!boxInside(ob, inner)) return 'object cut by its cell edge';
        for (let q = 0; q < j; q++) if (boxesOverlap(ob, objBox(objs[q]!), 2)) return 'objects overlap: count ambiguous';
      }
    }
    return answerProblem(l.answer, indicesWhere(l.cells, (c) => c.length === l.n), l.cells.length, 'answer does not list exactly the cells with N objects', 'need matching and other cells');
  },

  tiles: (l, style, rng) => l.frame.tiles.map((b, i) => plainTile(rng, b, style) + l.cells[i]!.map((o) => iconSvg(o.kind, o.cx, o.cy, o.r, o.rot, o.color, 'stroke="rgba(0,0,0,0.35)" stroke-width="1"')).join('')),
  prompt: (l, style) => ({ lead: say(style.locale, { en: 'Select every square with exactly', zh: '请选择所有恰好包含' }), big: say(style.locale, { en: `${l.n} (${numberEn(l.n)}) shapes`, zh: `${l.n} 个图形的方格` }) }),
  reasoning: (l, locale) => ({ counts: l.cells.map((c) => c.length).join(say(locale, { en: ', ', zh: '、', ja: '、', ar: '، ' })), n: l.n }),
  instruction: (l) => ({ n: l.n }),
});
