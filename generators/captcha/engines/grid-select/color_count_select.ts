/**
 * #94 color_count_select (group I, multi-select grid + submit, Set+Submit): each cell holds several
 * shapes painted in a few colours; select every cell whose shapes show exactly N different colours,
 * then submit (NextGen Color_Counting). The number of shapes is independent of the number of colours
 * (a cell with 6 shapes may show 2 colours), so counting shapes does not solve it. Hard puzzles give
 * the other cells N ± 1 colours and use more shapes.
 *
 * Colours come from `PALETTE`, eight named colours far apart (every pair differs by at least 60 in
 * RGB Euclidean distance, checked in validate), so "different colour" is never a judgement call.
 * Validity: shapes do not overlap and stay inside their cell, every colour counted is used, exactly
 * the answer cells show N colours.
 */
import type { Box } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxInside, boxesOverlap } from '../../lib/draw.js';
import type { GridFrame } from '../../lib/grids.js';
import { plainTile } from '../../lib/backdrops.js';
import { iconSvg } from '../../lib/icons.js';
import { iconRegion, regionBBox } from '../../lib/regions.js';
import { numberEn } from '../../lib/words.js';
import { say } from '../../lib/i18n.js';
import { placeWithRetries } from '../../lib/placement.js';
import { type KnobsOf, answerProblem, countGrid, gridSelectEngine, indicesWhere } from './template.js';

/** Named colours a cell's shapes are painted in (CSS hex). */
export const PALETTE: readonly string[] = ['#e53935', '#1e6fe0', '#2e9d4a', '#f2c318', '#8e44c8', '#f07d1a', '#111111', '#16b3c6'];

interface Obj {
  kind: string;
  cx: number;
  cy: number;
  r: number;
  rot: number;
  /** Index into PALETTE. */
  color: number;
}
/** Latent state of color_count_select (puzzle px). */
export interface ColorCountLatent extends Record<string, unknown> {
  frame: GridFrame;
  n: number;
  cells: Obj[][];
  answer: number[];
}

const KNOBS = defineKnobs({ n: knob('target number of colours', [1, 2], [2, 3], [3, 4]), shapes: knob('shapes per cell', [3, 4], [4, 5], [5, 7]), near: knob('other cells differ from N by exactly one colour', false, false, true) });
const KINDS = ['circle', 'star', 'heart', 'square', 'triangle', 'diamond', 'hexagon'];
const objBox = (o: Obj): Box => {
  const b = regionBBox(iconRegion(o.kind, o.cx, o.cy, o.r, o.rot));
  return [Math.floor(b[0]), Math.floor(b[1]), Math.ceil(b[2]), Math.ceil(b[3])];
};
const colours = (objs: readonly Obj[]): number => new Set(objs.map((o) => o.color)).size;
const rgb = (hex: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/** Engine #94 color_count_select (group I, Set+Submit, verifier `click`/`set` + submit). */
export const colorCountSelect = gridSelectEngine<ColorCountLatent, KnobsOf<typeof KNOBS>>({
  type: 'color_count_select', number: 94, knobs: KNOBS,
  sample(rng, k) {
    const { frame, n, answer } = countGrid(rng, [3, 3], 96, k.n, [2, 3]);
    const cells: Obj[][] = frame.tiles.map((b, i) => {
      const c = answer.includes(i) ? n : rng.pick((k.near ? [n - 1, n + 1] : [n - 2, n - 1, n + 1, n + 2]).filter((x) => x >= 1 && x <= 5));
      const count = Math.max(c, rng.int(k.shapes[0], k.shapes[1]));
      const used = rng.sample([...PALETTE.keys()], c);
      // every chosen colour at least once, the rest drawn from the chosen colours
      const cols = rng.shuffle([...used, ...Array.from({ length: count - c }, () => rng.pick(used))]);
      const objs: Obj[] = [];
      for (const color of cols) {
        const propose = (): Obj => {
          const r = rng.int(8, 11);
          return { kind: rng.pick(KINDS), cx: rng.int(b[0] + r + 5, b[2] - r - 5), cy: rng.int(b[1] + r + 5, b[3] - r - 5), r, rot: rng.int(-20, 20), color };
        };
        const o = placeWithRetries(200, propose, (o) => objs.every((p) => !boxesOverlap(objBox(p), objBox(o), 3)));
        if (o) objs.push(o);
      }
      return objs;
    });
    return { frame, n, cells, answer };
  },

  validate(l) {
    for (let a = 0; a < PALETTE.length; a++)
      for (let b = 0; b < a; b++) {
        const [p, q] = [rgb(PALETTE[a]!), rgb(PALETTE[b]!)];
        if (Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]) < 60) return 'palette colours too close';
      }
    if (l.cells.length !== l.frame.tiles.length) return 'one cell per tile needed';
    for (let i = 0; i < l.cells.length; i++) {
      const b = l.frame.tiles[i]!;
      const inner: Box = [b[0] + 3, b[1] + 3, b[2] - 3, b[3] - 3];
      const objs = l.cells[i]!;
      if (!objs.length) return 'empty cell';
      for (let j = 0; j < objs.length; j++) {
        const o = objs[j]!;
        if (o.color < 0 || o.color >= PALETTE.length) return 'colour outside the palette';
        if (o.r < 7) return 'shape too small to see its colour';
        if (!boxInside(objBox(o), inner)) return 'shape cut by its cell edge';
        for (let q = 0; q < j; q++) if (boxesOverlap(objBox(o), objBox(objs[q]!), 2)) return 'shapes overlap: a colour may be hidden';
      }
    }
    return answerProblem(l.answer, indicesWhere(l.cells, (c) => colours(c) === l.n), l.cells.length, 'answer does not list exactly the cells with N colours', 'need matching and other cells');
  },

  tiles: (l, style, rng) => l.frame.tiles.map((b, i) => plainTile(rng, b, style) + l.cells[i]!.map((o) => iconSvg(o.kind, o.cx, o.cy, o.r, o.rot, PALETTE[o.color]!, 'stroke="rgba(255,255,255,0.8)" stroke-width="1"')).join('')),
  prompt: (l, style) => ({ lead: say(style.locale, { en: 'Select every square whose shapes have exactly', zh: '请选择图形恰好有' }), big: say(style.locale, { en: `${l.n} (${numberEn(l.n)}) colour${l.n > 1 ? 's' : ''}`, zh: `${l.n} 种颜色的方格` }) }),
  reasoning: (l, locale) => ({ counts: l.cells.map((c) => colours(c)).join(say(locale, { en: ', ', zh: '、', ja: '、', ar: '، ' })), n: l.n }),
  instruction: (l) => ({ n: l.n, p: l.n > 1 ? 's' : '' }),
});
