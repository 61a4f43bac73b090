/**
 * #47 multi_piece_jigsaw (group F, slider puzzle, Drag×k): a picture on a grid with k empty cells and
 * k loose pieces (scaled-down tiles, shuffled) in a tray below; drag each piece into its cell, in any
 * order. Verifier `drags`: exactly k drags, each from a piece into its cell (inset by 8 px).
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxRect, ptText } from '../../lib/draw.js';
import { cellWords, gridBoxes } from '../../lib/grids.js';
import { shrink } from '../../lib/geometry.js';
import { clippedTilePicture, dragEngine, tilePictureBase } from './template.js';

/** Latent state of multi_piece_jigsaw (puzzle px). */
export interface MultiPieceLatent extends Record<string, unknown> {
  width: number;
  height: number;
  image_box: Box;
  tray_box: Box;
  rows: number;
  cols: number;
  cells: Box[];
  /** Empty cells (indices), in the order of `pieces`. */
  holes: number[];
  /** Piece boxes in the tray; pieces[i] shows cell holes[i]. */
  pieces: Box[];
  /** Piece size relative to a tile. */
  scale: number;
  hue: number;
  marks: number;
}

const KNOBS = defineKnobs({ pieces: knob('number of loose pieces / empty cells', 2, 3, 4), adjacent: knob('empty cells next to each other (similar-looking pieces)', false, false, true) });

const W = 320;
const IMG: Box = [10, 46, 310, 226];
const ROWS = 3;
const COLS = 4;

/** Engine #47 multi_piece_jigsaw (group F, Drag×k, verifier `drags`). */
export const multiPieceJigsaw = dragEngine<MultiPieceLatent, typeof KNOBS>({
  type: 'multi_piece_jigsaw', group: 'slider_puzzle', number: 47, form: 'Drag×k', knobs: KNOBS,
  sample(rng, k) {
    const cells = gridBoxes(IMG, ROWS, COLS, 0);
    let holes: number[] = [];
    if (k.adjacent) {
      // a 2x2 block
      const r = rng.int(0, ROWS - 2);
      const c = rng.int(0, COLS - 2);
      holes = rng.shuffle([r * COLS + c, r * COLS + c + 1, (r + 1) * COLS + c, (r + 1) * COLS + c + 1]).slice(0, k.pieces);
    } else {
      for (let t = 0; t < 100 && holes.length < k.pieces; t++) {
        const h = rng.int(0, ROWS * COLS - 1);
        const near = holes.some((o) => Math.abs((o % COLS) - (h % COLS)) + Math.abs(Math.floor(o / COLS) - Math.floor(h / COLS)) < 2);
        if (!near) holes.push(h);
      }
    }
    const scale = 0.8;
    const tw = (IMG[2] - IMG[0]) / COLS;
    const th = (IMG[3] - IMG[1]) / ROWS;
    const pw = Math.round(tw * scale);
    const ph = Math.round(th * scale);
    const tray: Box = [10, IMG[3] + 10, 310, IMG[3] + 10 + ph + 20];
    const gap = (tray[2] - tray[0] - holes.length * pw) / (holes.length + 1);
    const slots = holes.map((_, i) => Math.round(tray[0] + gap + i * (pw + gap)));
    const order = rng.shuffle(holes.map((_, i) => i));
    const pieces: Box[] = holes.map((_, i) => {
      const x = slots[order[i]!]!;
      const y = tray[1] + 10 + rng.int(-4, 4);
      return [x, y, x + pw, y + ph];
    });
    return { width: W, height: tray[3] + 12, image_box: IMG, tray_box: tray, rows: ROWS, cols: COLS, cells, holes, pieces, scale, hue: rng.int(0, 359), marks: 5 };
  },

  validate(l) {
    if (l.holes.length < 2 || l.holes.length !== l.pieces.length) return 'need at least two pieces, one per hole';
    if (new Set(l.holes).size !== l.holes.length) return 'duplicate hole';
    for (const h of l.holes) if (h < 0 || h >= l.cells.length) return 'hole outside the grid';
    for (const [i, p] of l.pieces.entries()) {
      if (p[0] < l.tray_box[0] || p[2] > l.tray_box[2] || p[1] < l.tray_box[1] || p[3] > l.tray_box[3]) return 'piece outside the tray';
      for (let j = 0; j < i; j++) {
        const q = l.pieces[j]!;
        if (p[0] < q[2] + 4 && q[0] < p[2] + 4) return 'pieces overlap';
      }
    }
    for (const c of l.cells) if (c[2] - c[0] < 40) return 'cells too small';
    return null;
  },

  title: () => ({ en: 'Drag each piece into its place', zh: '把每块拼图拖到正确的位置' }),

  draw(l, style, rng) {
    const base = tilePictureBase(rng, l);
    const ids = base.ids;
    let { defs, body } = base;
    for (const h of l.holes) {
      const c = l.cells[h]!;
      body += boxRect(c, { fill: style.panel });
      body += boxRect(shrink(c, 2), { stroke: style.subtext, sw: 1.2, extra: 'stroke-dasharray="4 3"' });
    }
    body += boxRect(l.tray_box, { fill: style.panel, stroke: style.border, sw: 1, rx: style.radius });
    l.holes.forEach((h, i) => {
      const c = l.cells[h]!;
      const p = l.pieces[i]!;
      const s = l.scale;
      const ib = l.image_box;
      const box: Box = [p[0] + s * (ib[0] - c[0]), p[1] + s * (ib[1] - c[1]), p[0] + s * (ib[2] - c[0]), p[1] + s * (ib[3] - c[1])];
      const pic = clippedTilePicture(rng, ids, box, p, l.hue, l.marks);
      defs += pic.defs;
      body += boxRect([p[0] + 2, p[1] + 3, p[2] + 2, p[3] + 3], { fill: 'rgba(0,0,0,0.3)' });
      body += pic.body;
      body += boxRect(p, { stroke: '#ffffff', sw: 1.5 });
    });
    return { body, defs };
  },

  items: (l) => l.holes.map((h, i) => ({ handle_box: shrink(l.pieces[i]!, 3), target_box: shrink(l.cells[h]!, 8) })),

  reasoning: (l) => ({ n: l.holes.length }),
  step: (l, i, locale, m) => ({ from: ptText(m, boxCenter(l.pieces[i]!)), to: ptText(m, boxCenter(l.cells[l.holes[i]!]!)), cell: cellWords(l.holes[i]!, l.cols, locale) }),

  instruction: (l) => ({ holes_length: l.holes.length }),
});
