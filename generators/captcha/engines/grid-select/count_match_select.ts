/**
 * #87 count_match_select (group I, multi-select grid + submit, Set+Submit): each cell holds a few
 * small objects; select every cell with exactly N objects, then submit (NextGen Color_Counting style).
 * Hard puzzles give the other cells N ± 1 objects and vary sizes. Counts are re-measured on the
 * drawn geometry: objects in a cell never overlap (box separation), and every object lies inside its
 * cell with a margin.
 */
import type { Box } from '../../../../core/geometry.js';
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { Ids, boxInside, boxesOverlap, hsl, svgDoc } from '../../lib/draw.js';
import { type GridFrame, checkGridFrame, drawGridFrame, gridFrame, gridSteps } from '../../lib/grids.js';
import { plainTile } from '../../lib/backdrops.js';
import { clickSetSubmit } from '../../lib/solutions.js';
import { iconSvg } from '../../lib/icons.js';
import { iconRegion, regionBBox } from '../../lib/regions.js';
import { numberEn } from '../../lib/words.js';
import { say } from '../../lib/i18n.js';

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

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ grid: knob('rows x cols', [3, 3], [3, 3], [3, 3]), n: knob('target count range', [2, 3], [3, 5], [4, 6]), near: knob('other cells differ from N by exactly one', false, false, true), radius: knob('object half-size range, puzzle px', [9, 12], [8, 11], [7, 10]) });
const KINDS = ['circle', 'star', 'heart', 'square', 'triangle', 'diamond', 'hexagon'];
const objBox = (o: Obj): Box => {
  const b = regionBBox(iconRegion(o.kind, o.cx, o.cy, o.r, o.rot));
  return [Math.floor(b[0]), Math.floor(b[1]), Math.ceil(b[2]), Math.ceil(b[3])];
};

/** Engine #87 count_match_select (group I, Set+Submit, verifier `click`/`set` + submit). */
export const countMatchSelect = defineEngine<CountMatchLatent>({
  type: 'count_match_select',
  group: 'multi_select_grid',
  number: 87,
  actionForm: 'Set+Submit',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
    const [rows, cols] = k.grid;
    const frame = gridFrame(rng, rows, cols, 96);
    const n = rng.int(k.n[0], k.n[1]);
    const cellsN = rows * cols;
    const answer = rng.sample([...Array(cellsN).keys()], rng.int(2, 3)).sort((a, b) => a - b);
    const cells: Obj[][] = frame.tiles.map((b, i) => {
      let c = n;
      if (!answer.includes(i)) {
        const opts = k.near ? [n - 1, n + 1] : [n - 2, n - 1, n + 1, n + 2];
        c = rng.pick(opts.filter((x) => x >= 1 && x <= 8));
      }
      const kind = rng.pick(KINDS);
      const objs: Obj[] = [];
      for (let j = 0; j < c; j++) {
        for (let t = 0; t < 200; t++) {
          const r = Math.round(rng.float(k.radius[0], k.radius[1]));
          const o: Obj = { kind, cx: Math.round(rng.float(b[0] + r + 5, b[2] - r - 5)), cy: Math.round(rng.float(b[1] + r + 5, b[3] - r - 5)), r, rot: rng.int(-20, 20), color: hsl(rng.int(0, 359), rng.float(55, 80), rng.float(38, 52)) };
          const ob = objBox(o);
          if (objs.every((p) => !boxesOverlap(objBox(p), ob, 4))) {
            objs.push(o);
            break;
          }
        }
      }
      return objs;
    });
    return { frame, n, cells, answer };
  },

  validate(l) {
    const f = checkGridFrame(l.frame);
    if (f) return f;
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
    const want = l.cells.map((c, i) => (c.length === l.n ? i : -1)).filter((i) => i >= 0);
    if (want.join(',') !== l.answer.join(',')) return 'answer does not list exactly the cells with N objects';
    if (!l.answer.length || l.answer.length === l.cells.length) return 'need matching and other cells';
    return null;
  },

  draw(l, style, rng) {
    const ids = new Ids();
    const tiles = l.frame.tiles.map((b, i) => {
      let t = plainTile(rng, b, style);
      for (const o of l.cells[i]!) t += iconSvg(o.kind, o.cx, o.cy, o.r, o.rot, o.color, 'stroke="rgba(0,0,0,0.35)" stroke-width="1"');
      return t;
    });
    const g = drawGridFrame(style, l.frame, { lead: say(style.locale, { en: 'Select every square with exactly', zh: '请选择所有恰好包含' }), big: say(style.locale, { en: `${l.n} (${numberEn(l.n)}) shapes`, zh: `${l.n} 个图形的方格` }) }, tiles, ids);
    return { svg: svgDoc(l.frame.width, l.frame.height, g.body, g.defs), width: l.frame.width, height: l.frame.height };
  },

  solve(l) {
    return clickSetSubmit(l.answer.map((i) => l.frame.tiles[i]!), l.frame.submit_box);
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const counts = l.cells.map((c) => c.length).join(say(locale, { en: ', ', zh: '、' }));
    return say(locale, { en: `Counting the shapes in each square, row by row: ${counts}. The squares with exactly ${l.n} are selected. ` + gridSteps(l.frame, l.answer, locale, m), zh: `逐格数图形个数（按行）：${counts}。恰好 ${l.n} 个的方格入选。` + gridSteps(l.frame, l.answer, locale, m) });
  },

  instruction(l, locale) {
    return say(locale, 'count_match_select.instruction', { n: l.n });
  },
});
