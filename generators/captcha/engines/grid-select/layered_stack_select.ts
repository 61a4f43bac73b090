/**
 * #69 layered_stack_select (group G, visual reasoning, Set+Submit): every cell holds a stack of two to
 * four overlapping shapes including one red and one blue shape; select the cells where the red shape
 * lies above the blue one (NextGen Layered_Stack).
 *
 * Measured after drawing: in every cell the upper of the red / blue pair hides at least 12 % of the
 * lower one (so the order is visible) and every shape keeps `min_visible` of its area, on an id raster
 * of the drawn outlines.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { hsl, path } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { SCENE_COLORS } from '../../lib/palette.js';
import { PLANE_SHAPES } from '../../lib/plane-shapes.js';
import { selectLayout } from '../../lib/grids.js';
import { polyArea, polyD } from '../../lib/geometry.js';
import { visibleSamples } from '../../lib/proj3d.js';
import { type KnobsOf, cellSelectEngine, pickHits } from './template.js';

interface Layer {
  shape: string;
  dx: number;
  dy: number;
  r: number;
  rot: number;
  /** 'red', 'blue' or a hue for other shapes. */
  color: 'red' | 'blue' | number;
}
/** Latent state of layered_stack_select (puzzle px). */
export interface LayeredStackLatent extends Record<string, unknown> {
  width: number;
  height: number;
  cols: number;
  cells: Box[];
  /** Layers per cell, back to front. */
  stacks: Layer[][];
  submit_box: Box;
  min_visible: number;
}

const KNOBS = defineKnobs({ grid: knob('rows x columns of cells', [2, 3], [3, 3], [3, 3]), layers: knob('shapes per stack', [2, 2], [2, 3], [3, 3]), spread: knob('how far the shapes of a cell are spread apart, puzzle px', 30, 46, 52), min_visible: knob('least visible fraction of any shape', 0.45, 0.3, 0.22) });

const W = 320;
const KINDS = ['circle', 'square', 'triangle', 'hexagon', 'diamond', 'pentagon'];
const RED = SCENE_COLORS[0]!.fill;
const BLUE = SCENE_COLORS[1]!.fill;
const redAbove = (s: Layer[]): boolean => s.findIndex((g) => g.color === 'red') > s.findIndex((g) => g.color === 'blue');

function polys(c: Box, s: Layer[]): Array<Array<[number, number]>> {
  const [cx, cy] = boxCenter(c);
  return s.map((g) => PLANE_SHAPES[g.shape]!.pts(cx + g.dx, cy + g.dy, g.r, g.rot));
}

/** Measured problems of one stack (null when fine): hidden shapes, or red / blue not overlapping. */
function stackProblem(c: Box, s: Layer[], minVisible: number): string | null {
  const ps = polys(c, s);
  const seen = visibleSamples(ps.map((pts, id) => ({ pts, id })), c, 3);
  if (ps.some((pts, j) => (9 * (seen.get(j) ?? 0)) / Math.abs(polyArea(pts)) < minVisible)) return 'a shape is hidden too much (measured)';
  const r = s.findIndex((g) => g.color === 'red');
  const b = s.findIndex((g) => g.color === 'blue');
  const [lo, hi] = r < b ? [r, b] : [b, r];
  const alone = visibleSamples([{ pts: ps[lo]!, id: 0 }], c, 3).get(0) ?? 0;
  const under = visibleSamples([{ pts: ps[lo]!, id: 0 }, { pts: ps[hi]!, id: 1 }], c, 3).get(0) ?? 0;
  if (alone - under < 0.12 * alone) return 'red and blue barely overlap (order not visible)';
  return null;
}

/** Engine #69 layered_stack_select (group G, Set+Submit, verifier `click` / `set` + submit). */
export const layeredStackSelect = cellSelectEngine<LayeredStackLatent, KnobsOf<typeof KNOBS>>({
  type: 'layered_stack_select', number: 69, group: 'visual_reasoning', knobs: KNOBS,
  sample(rng, k) {
    const [rows, cols] = k.grid;
    const lay = selectLayout(rows, cols, 50, cols === 3 && rows === 3 ? 96 : 92, 8, W);
    const hits = pickHits(rng, rows * cols);
    const stacks = lay.cells.map((_, i) => {
      const m = rng.int(k.layers[0], k.layers[1]);
      const colors: Array<Layer['color']> = ['red', 'blue', ...Array.from({ length: m - 2 }, () => rng.pick([45, 120, 275, 320]))];
      let order = rng.shuffle(colors);
      const ri = order.indexOf('red');
      const bi = order.indexOf('blue');
      if ((ri > bi) !== hits.has(i)) order = order.map((c) => (c === 'red' ? 'blue' : c === 'blue' ? 'red' : c));
      // red and blue take the two middle positions (so they overlap); others the outer ones
      const kinds = rng.sample(KINDS, m);
      const mid = Math.floor((m - 1) / 2);
      const outer = rng.shuffle(Array.from({ length: m }, (_, p) => p).filter((p) => p !== mid && p !== mid + 1));
      const slotOf = (c: Layer['color']): number => (c === 'red' ? (rng.bool() ? mid : mid + 1) : -1);
      const rs = slotOf('red');
      const slots = order.map((c) => (c === 'red' ? rs : c === 'blue' ? (rs === mid ? mid + 1 : mid) : outer.pop()!));
      const dir = rng.float(0, Math.PI * 2);
      const rots = order.map(() => rng.int(0, 359));
      let layers: Layer[] = [];
      for (let t = 0; t < 12; t++) {
        const sp = k.spread * (t === 0 ? 0.5 : rng.float(0.12, 0.9));
        if (t > 0) for (let j = 0; j < rots.length; j++) rots[j] = rng.int(0, 359);
        layers = order.map((color, j) => {
          const u = m === 1 ? 0 : slots[j]! / (m - 1) - 0.5;
          return { shape: kinds[j]!, dx: Math.round(u * sp * Math.cos(dir)) + 0, dy: Math.round(u * sp * Math.sin(dir)) + 0, r: m >= 3 ? 19 : 22, rot: rots[j]!, color };
        });
        if (stackProblem(lay.cells[i]!, layers, k.min_visible) === null) break;
      }
      return layers;
    });
    return { width: W, height: lay.height, cols, cells: lay.cells, stacks, submit_box: lay.submit, min_visible: k.min_visible };
  },

  validate(l) {
    if (l.stacks.length !== l.cells.length) return 'one stack per cell';
    const hits = l.stacks.filter(redAbove).length;
    if (hits < 1 || hits === l.cells.length) return 'need some cells with and some without red above blue';
    for (const [i, s] of l.stacks.entries()) {
      if (s.filter((g) => g.color === 'red').length !== 1 || s.filter((g) => g.color === 'blue').length !== 1) return 'a stack needs one red and one blue shape';
      const c = l.cells[i]!;
      for (const g of s) if (Math.abs(g.dx) + g.r > (c[2] - c[0]) / 2 - 2 || Math.abs(g.dy) + g.r > (c[3] - c[1]) / 2 - 2) return 'shape leaves its cell';
      const why = stackProblem(c, s, l.min_visible);
      if (why) return why;
    }
    return null;
  },

  prompt: (_l, style) => say(style.locale, { en: 'Select cells where red is above blue', zh: '选出红色图形压在蓝色图形上面的格子' }),
  cell(l, i) {
    const s = l.stacks[i]!;
    const fill = (g: Layer): string => (g.color === 'red' ? RED : g.color === 'blue' ? BLUE : hsl(g.color, 55, 62));
    return polys(l.cells[i]!, s).map((pts, j) => path(polyD(pts), { fill: fill(s[j]!), stroke: 'rgba(0,0,0,0.45)', sw: 1.4, extra: 'stroke-linejoin="round"' })).join('');
  },
  hit: (l, i) => redAbove(l.stacks[i]!),
  reasoning: () => ({}),
});
