/**
 * #46 jigsaw_tile_swap (group F, slider puzzle, Drag): a picture cut into a grid of tiles where two
 * tiles are swapped; drag one of them onto the other to swap them back. Verifier `drags` with one
 * drag and two alternatives (A onto B, or B onto A); the drop must land inside the other tile (inset
 * by 6 px). The picture has a diagonal colour gradient so every tile position has its own colour.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { line, ptText } from '../../lib/draw.js';
import { cellWords, gridBoxes } from '../../lib/grids.js';
import { shrink } from '../../lib/geometry.js';
import { placeWithRetries } from '../../lib/placement.js';
import { clippedTilePicture, dragEngine, tilePictureBase } from './template.js';

/** Latent state of jigsaw_tile_swap (puzzle px). */
export interface TileSwapLatent extends Record<string, unknown> {
  width: number;
  height: number;
  image_box: Box;
  rows: number;
  cols: number;
  cells: Box[];
  /** The two swapped tiles (cell indices, a < b). */
  a: number;
  b: number;
  /** Swapped tiles must lie in different rows (and columns when set). */
  apart: boolean;
  hue: number;
  marks: number;
}

const KNOBS = defineKnobs({ grid: knob('rows x columns of tiles', [3, 3], [3, 3], [4, 4]), apart: knob('swapped tiles in different rows and columns (easier to spot)', true, false, false), marks: knob('bold shapes in the picture (content cues)', 6, 4, 4) });

const W = 320;
const IMG: Box = [10, 46, 310, 256];

/** Engine #46 jigsaw_tile_swap (group F, Drag, verifier `drags`, count 1 with two alternatives). */
export const jigsawTileSwap = dragEngine<TileSwapLatent, typeof KNOBS>({
  type: 'jigsaw_tile_swap', group: 'slider_puzzle', number: 46, knobs: KNOBS,
  sample(rng, k) {
    const [rows, cols] = k.grid;
    const n = rows * cols;
    const a = rng.int(0, n - 1);
    // the last proposal is kept even when no proposal is accepted (validate then rejects it)
    let last = 0;
    const b = placeWithRetries(51, () => (last = rng.int(0, n - 1)), (c) => c !== a && Math.floor(a / cols) !== Math.floor(c / cols) && (!k.apart || a % cols !== c % cols)) ?? last;
    return {
      width: W,
      height: IMG[3] + 12,
      image_box: IMG,
      rows,
      cols,
      cells: gridBoxes(IMG, rows, cols, 0),
      a: Math.min(a, b),
      b: Math.max(a, b),
      apart: k.apart,
      hue: rng.int(0, 359),
      marks: k.marks,
    };
  },

  validate(l) {
    const n = l.rows * l.cols;
    if (l.cells.length !== n) return 'cell count does not match the grid';
    if (l.a === l.b || l.a < 0 || l.b >= n) return 'need two different tiles';
    if (Math.floor(l.a / l.cols) === Math.floor(l.b / l.cols)) return 'swapped tiles in one row (too alike)';
    if (l.apart && l.a % l.cols === l.b % l.cols) return 'swapped tiles in one column';
    for (const c of l.cells) if (c[2] - c[0] < 40 || c[3] - c[1] < 36) return 'tiles too small';
    return null;
  },

  title: () => ({ en: 'Two tiles are swapped: drag one onto the other', zh: '有两块图片位置互换了，拖动其中一块到另一块上' }),

  draw(l, style, rng) {
    const base = tilePictureBase(rng, l);
    const ids = base.ids;
    let { defs, body } = base;
    for (const [dst, src] of [[l.a, l.b], [l.b, l.a]] as const) {
      const d = l.cells[dst]!;
      const s = l.cells[src]!;
      const dx = d[0] - s[0];
      const dy = d[1] - s[1];
      const pic = clippedTilePicture(rng, ids, [l.image_box[0] + dx, l.image_box[1] + dy, l.image_box[2] + dx, l.image_box[3] + dy], d, l.hue, l.marks);
      defs += pic.defs;
      body += pic.body;
    }
    const ib = l.image_box;
    for (let c = 1; c < l.cols; c++) body += line(l.cells[c]![0], ib[1], l.cells[c]![0], ib[3], 'rgba(255,255,255,0.85)', 1.5);
    for (let r = 1; r < l.rows; r++) body += line(ib[0], l.cells[r * l.cols]![1], ib[2], l.cells[r * l.cols]![1], 'rgba(255,255,255,0.85)', 1.5);
    return { body, defs };
  },

  items(l) {
    const A = l.cells[l.a]!;
    const B = l.cells[l.b]!;
    return [{ handle_box: shrink(A, 4), target_box: shrink(B, 6) }, { handle_box: shrink(B, 4), target_box: shrink(A, 6) }];
  },
  count: 1,

  reasoning: (l, locale, m) => ({ rows: l.rows, cols: l.cols, A: cellWords(l.a, l.cols, locale), B: cellWords(l.b, l.cols, locale), pa: ptText(m, boxCenter(l.cells[l.a]!)), pb: ptText(m, boxCenter(l.cells[l.b]!)) }),
});
