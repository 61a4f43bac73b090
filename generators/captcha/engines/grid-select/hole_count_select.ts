/**
 * #68 hole_count_select (group G, visual reasoning, Set+Submit): every cell holds an irregular shape
 * with zero to three holes; select the cells whose shape has exactly k holes (NextGen Hole_Counting).
 *
 * The hole count is measured after drawing (labels are measured on what is drawn, never assumed from the latent): the shape is rasterised with
 * its holes (even-odd) and enclosed background components are counted by flood fill; the label is that
 * measurement, and a state whose measurement differs from the intended count is rejected.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { circle, hsl, path } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { selectLayout } from '../../lib/grids.js';
import { polyD } from '../../lib/geometry.js';
import { rasterIds } from '../../lib/proj3d.js';
import { type KnobsOf, cellSelectEngine, perCell, pickHits } from './template.js';

interface Blob {
  cx: number;
  cy: number;
  radii: number[];
}
interface ShapeSpec {
  outer: Blob;
  holes: Blob[];
  /** Dark spots on the shape that are not holes (texture decoys). */
  spots: Array<[number, number, number]>;
  hue: number;
}
/** Latent state of hole_count_select (puzzle px). */
export interface HoleCountLatent extends Record<string, unknown> {
  width: number;
  height: number;
  cols: number;
  cells: Box[];
  shapes: ShapeSpec[];
  /** Measured hole count per cell. */
  measured: number[];
  k: number;
  submit_box: Box;
}

const KNOBS = defineKnobs({ grid: knob('rows x columns of cells', [2, 3], [3, 3], [3, 3]), hole_r: knob('hole radius range, puzzle px', [7, 9], [6, 8], [5, 7]), spots: knob('ring marks on the shape that are not holes', 0, 1, 3), max_holes: knob('most holes in one shape', 2, 3, 3) });

const W = 320;
const blobPts = (b: Blob): Array<[number, number]> => b.radii.map((r, i) => [b.cx + r * Math.cos((2 * Math.PI * i) / b.radii.length), b.cy + r * Math.sin((2 * Math.PI * i) / b.radii.length)] as [number, number]);

/** Count holes of a drawn shape: enclosed background components of its 1 px raster inside the cell. */
export function measureHoles(c: Box, s: ShapeSpec): number {
  const polys = [{ pts: blobPts(s.outer), id: 1 }, ...s.holes.map((b) => ({ pts: blobPts(b), id: 2 }))];
  const { ids, w, h } = rasterIds(polys, c, 1);
  const seen = new Uint8Array(w * h);
  let holes = 0;
  const stack: number[] = [];
  for (let p = 0; p < w * h; p++) {
    if (ids[p] === 1 || seen[p]) continue;
    let border = false;
    stack.push(p);
    seen[p] = 1;
    while (stack.length) {
      const q = stack.pop()!;
      const x = q % w;
      const y = (q - x) / w;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) border = true;
      const nb = [x > 0 ? q - 1 : -1, x < w - 1 ? q + 1 : -1, y > 0 ? q - w : -1, y < h - 1 ? q + w : -1];
      for (const r of nb) {
        if (r < 0 || seen[r] || ids[r] === 1) continue;
        seen[r] = 1;
        stack.push(r);
      }
    }
    if (!border) holes++;
  }
  return holes;
}

/** Engine #68 hole_count_select (group G, Set+Submit, verifier `click` / `set` + submit). */
export const holeCountSelect = cellSelectEngine<HoleCountLatent, KnobsOf<typeof KNOBS>>({
  type: 'hole_count_select', number: 68, group: 'visual_reasoning', knobs: KNOBS,
  sample(rng, kn) {
    const [rows, cols] = kn.grid;
    const lay = selectLayout(rows, cols, 50, 92, 8, W);
    const k = rng.int(1, kn.max_holes);
    const hits = pickHits(rng, rows * cols);
    const shapes: ShapeSpec[] = lay.cells.map((c, i) => {
      const [cx, cy] = boxCenter(c);
      const want = hits.has(i) ? k : rng.pick([0, 1, 2, 3].filter((x) => x !== k && x <= kn.max_holes));
      const base = 36;
      const outer: Blob = { cx, cy, radii: Array.from({ length: 16 }, () => Math.round(base * rng.float(0.82, 1.08))) };
      let holes: Blob[] = [];
      for (let t = 0; t < 400 && holes.length < want; t++) {
        if (t % 80 === 79) holes = [];
        const r = rng.int(kn.hole_r[0], kn.hole_r[1]);
        const a = rng.float(0, Math.PI * 2);
        const d = rng.float(0, base * 0.82 - r - 6);
        const hb: Blob = { cx: Math.round(cx + d * Math.cos(a)), cy: Math.round(cy + d * Math.sin(a)), radii: Array.from({ length: 10 }, () => Math.round(r * rng.float(0.85, 1.15))) };
        if (holes.some((o) => Math.hypot(o.cx - hb.cx, o.cy - hb.cy) < r + Math.max(...o.radii) + 6)) continue;
        holes.push(hb);
      }
      const spots: Array<[number, number, number]> = [];
      for (let t = 0; t < 100 && spots.length < kn.spots; t++) {
        const a = rng.float(0, Math.PI * 2);
        const d = rng.float(0, base * 0.6);
        const sp: [number, number, number] = [Math.round(cx + d * Math.cos(a)), Math.round(cy + d * Math.sin(a)), rng.int(3, 5)];
        if (holes.some((o) => Math.hypot(o.cx - sp[0], o.cy - sp[1]) < Math.max(...o.radii) + sp[2] + 4)) continue;
        spots.push(sp);
      }
      return { outer, holes, spots, hue: rng.int(0, 359) };
    });
    return { width: W, height: lay.height, cols, cells: lay.cells, shapes, measured: shapes.map((s, i) => measureHoles(lay.cells[i]!, s)), k, submit_box: lay.submit };
  },

  validate(l) {
    if (l.shapes.length !== l.cells.length) return 'one shape per cell';
    for (const [i, s] of l.shapes.entries()) {
      const m = measureHoles(l.cells[i]!, s);
      if (m !== s.holes.length) return 'measured hole count differs from the drawn holes';
      if (m !== l.measured[i]) return 'measured counts out of date';
    }
    const hits = l.measured.filter((m) => m === l.k).length;
    if (hits < 1 || hits === l.cells.length) return 'need some cells with and some without k holes';
    return null;
  },

  prompt: (l, style) => say(style.locale, { en: `Select shapes with exactly ${l.k} hole${l.k > 1 ? 's' : ''}`, zh: `选出恰好有 ${l.k} 个洞的图形` }),
  cell(l, i) {
    const s = l.shapes[i]!;
    const d = polyD(blobPts(s.outer)) + s.holes.map((h) => polyD(blobPts(h))).join('');
    return path(d, { fill: hsl(s.hue, 55, 52), stroke: hsl(s.hue, 55, 28), sw: 1.5, extra: 'fill-rule="evenodd" stroke-linejoin="round"' }) + s.spots.map(([x, y, r]) => circle(x, y, r, { stroke: hsl(s.hue, 55, 28), sw: 1.5 })).join('');
  },
  hit: (l, i) => l.measured[i] === l.k,
  reasoning: (l, locale) => ({ counts: perCell(l.measured, l.cols, locale), k: l.k }),
  instruction: (l) => ({ k: l.k, p: l.k > 1 ? 's' : '' }),
});
