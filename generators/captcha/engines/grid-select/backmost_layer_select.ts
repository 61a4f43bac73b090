/**
 * #67 backmost_layer_select (group G, visual reasoning, Set+Submit): every cell holds two or three
 * overlapping shapes; select the cells whose backmost shape is the named one (NextGen Backmost_Layer).
 *
 * Measured after drawing (labels are measured on what is drawn, never assumed from the latent): every shape keeps at least `min_visible` of its
 * area visible and every upper shape really covers part of the one below (so the order shows), both
 * measured on an id raster of the drawn outlines; otherwise the state is rejected.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { hsl, path } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { PLANE_SHAPES, planeName, planeNoun } from '../../lib/plane-shapes.js';
import { selectLayout } from '../../lib/grids.js';
import { polyD, polyArea } from '../../lib/geometry.js';
import { visibleSamples } from '../../lib/proj3d.js';
import { type KnobsOf, cellSelectEngine, pickHits } from './template.js';

interface Layer {
  shape: string;
  /** Offset of the shape centre from the cell centre, px. */
  dx: number;
  dy: number;
  r: number;
  rot: number;
  hue: number;
}
/** Latent state of backmost_layer_select (puzzle px). */
export interface BackmostLatent extends Record<string, unknown> {
  width: number;
  height: number;
  cols: number;
  cells: Box[];
  /** Layers per cell, back to front. */
  stacks: Layer[][];
  target_kind: string;
  submit_box: Box;
  min_visible: number;
}

const KNOBS = defineKnobs({ grid: knob('rows x columns of cells', [2, 3], [3, 3], [3, 3]), layers: knob('shapes per cell', [2, 2], [2, 3], [3, 3]), spread: knob('how far the shapes of a cell are spread apart, puzzle px (less = more overlap)', 30, 46, 50), min_visible: knob('least visible fraction of any shape (after overlap)', 0.5, 0.35, 0.25) });

const W = 320;
const KINDS = ['circle', 'square', 'triangle', 'star', 'hexagon', 'diamond'];

/** Polygons of a cell's layers, back to front. */
function cellPolys(c: Box, layers: Layer[]): Array<Array<[number, number]>> {
  const [cx, cy] = boxCenter(c);
  return layers.map((g) => PLANE_SHAPES[g.shape]!.pts(cx + g.dx, cy + g.dy, g.r, g.rot));
}

/** Visible fraction of each layer and whether each upper layer covers part of the one below. */
export function measureStack(c: Box, layers: Layer[]): { visible: number[]; covers: boolean[] } {
  const polys = cellPolys(c, layers);
  // 3 px sampling: one sample stands for 9 px²
  const seen = visibleSamples(polys.map((pts, id) => ({ pts, id })), c, 3);
  const visible = polys.map((pts, i) => (9 * (seen.get(i) ?? 0)) / Math.max(1, Math.abs(polyArea(pts))));
  const covers = polys.slice(1).map((_, i) => {
    // does layer i+1 hide part of layer i? compare layer i alone vs under i+1
    const alone = visibleSamples([{ pts: polys[i]!, id: 0 }], c, 3).get(0) ?? 0;
    const under = visibleSamples([{ pts: polys[i]!, id: 0 }, { pts: polys[i + 1]!, id: 1 }], c, 3).get(0) ?? 0;
    return alone - under >= 0.1 * alone;
  });
  return { visible, covers };
}

/** Engine #67 backmost_layer_select (group G, Set+Submit, verifier `click` / `set` + submit). */
export const backmostLayerSelect = cellSelectEngine<BackmostLatent, KnobsOf<typeof KNOBS>>({
  type: 'backmost_layer_select', number: 67, group: 'visual_reasoning', knobs: KNOBS,
  sample(rng, k) {
    const [rows, cols] = k.grid;
    const lay = selectLayout(rows, cols, 50, cols === 3 && rows === 3 ? 96 : 92, 8, W);
    const target = rng.pick(KINDS);
    const hits = pickHits(rng, rows * cols);
    const stacks = lay.cells.map((_, i) => {
      const m = rng.int(k.layers[0], k.layers[1]);
      const others = rng.sample(KINDS.filter((x) => x !== target), m);
      // hit cells: the target at the bottom; other cells: often the target higher up (a near miss)
      const fixed = hits.has(i) ? [target, ...others.slice(0, m - 1)] : [others[0]!, ...rng.shuffle(rng.bool(0.6) ? [target, ...others.slice(1, m - 1)] : others.slice(1, m))];
      // spread layers along a random direction; tighten the spread until the measured overlaps hold
      const dir = rng.float(0, Math.PI * 2);
      const hues = fixed.map(() => rng.int(0, 359));
      const rots = fixed.map(() => rng.int(0, 359));
      let layers: Layer[] = [];
      for (let t = 0; t < 12; t++) {
        const sp = k.spread * (t === 0 ? 0.5 : rng.float(0.12, 0.9));
        if (t > 0) for (let j = 0; j < rots.length; j++) rots[j] = rng.int(0, 359);
        layers = fixed.map((shape, j) => {
          const u = m === 1 ? 0 : j / (m - 1) - 0.5;
          return { shape, dx: Math.round(u * sp * Math.cos(dir)) + 0, dy: Math.round(u * sp * Math.sin(dir)) + 0, r: m >= 3 ? 19 : 22, rot: rots[j]!, hue: hues[j]! };
        });
        const ms = measureStack(lay.cells[i]!, layers);
        if (ms.covers.every(Boolean) && ms.visible.every((v) => v >= k.min_visible)) break;
      }
      return layers;
    });
    return { width: W, height: lay.height, cols, cells: lay.cells, stacks, target_kind: target, submit_box: lay.submit, min_visible: k.min_visible };
  },

  validate(l) {
    if (l.stacks.length !== l.cells.length) return 'one stack per cell';
    const hits = l.stacks.filter((s) => s[0]?.shape === l.target_kind).length;
    if (hits < 1) return 'no cell to select';
    if (hits === l.cells.length) return 'every cell matches';
    for (const [i, s] of l.stacks.entries()) {
      if (s.length < 2) return 'a cell needs two shapes';
      if (new Set(s.map((g) => g.shape)).size !== s.length) return 'repeated shape in a cell';
      const c = l.cells[i]!;
      for (const g of s) if (Math.abs(g.dx) + g.r > (c[2] - c[0]) / 2 - 2 || Math.abs(g.dy) + g.r > (c[3] - c[1]) / 2 - 2) return 'shape leaves its cell';
      const m = measureStack(c, s);
      if (m.visible.some((v) => v < l.min_visible)) return 'a shape is hidden too much (measured)';
      if (m.covers.some((x) => !x)) return 'a shape does not overlap the one below (order not visible)';
    }
    return null;
  },

  prompt(l, style) {
    const name = planeName(l.target_kind, style.locale);
    return say(style.locale, { en: `Select cells whose bottom shape is a ${name}`, zh: `选出最底层图形是${name}的格子` });
  },
  cell: (l, i) => cellPolys(l.cells[i]!, l.stacks[i]!).map((pts, j) => path(polyD(pts), { fill: hsl(l.stacks[i]![j]!.hue, 65, 55), stroke: hsl(l.stacks[i]![j]!.hue, 60, 28), sw: 1.5, extra: 'stroke-linejoin="round"' })).join(''),
  hit: (l, i) => l.stacks[i]![0]!.shape === l.target_kind,
  // the shape in the reasoning's language: the bare name in en / zh, with its indefinite article elsewhere ("ein Dreieck")
  reasoning: (l, locale) => ({ name: locale === 'en-US' || locale === 'zh-CN' ? planeName(l.target_kind, locale) : planeNoun(l.target_kind, locale, 'a') }),
  // the shape named in the instruction's language with its article (lib/plane-shapes.ts PLANE_NOUNS)
  instruction: (l, locale) => ({ a: planeNoun(l.target_kind, locale, 'a'), planeName2: planeName(l.target_kind, 'zh-CN') }),
});
