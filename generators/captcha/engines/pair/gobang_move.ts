/**
 * #56 gobang_move (group G, visual reasoning, Pair): a 5×5 board of icons (GeeTest 五子棋 style);
 * swapping two icons makes five identical icons in a row, column or diagonal. Answer: any valid swap
 * (verifier `pair`, two clicks in either order; every swap that completes a line is listed).
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxRect, hsl } from '../../lib/draw.js';
import { iconNoun, iconSvg } from '../../lib/icons.js';
import { say } from '../../lib/i18n.js';
import { cellWords, gridBoxes } from '../../lib/grids.js';
import { chrome, tile } from '../../lib/controls.js';
import { pairEngine } from './template.js';

/** Latent state of gobang_move (puzzle px; board row-major). */
export interface GobangLatent extends Record<string, unknown> {
  width: number;
  height: number;
  board: string[];
  cells: Box[];
  /** Every swap (i < j) that completes a line of five. */
  valid_pairs: Array<[number, number]>;
  max_valid: number;
  hues: Record<string, number>;
}

const KNOBS = defineKnobs({ kinds: knob('icon kinds on the board', 3, 3, 4), max_valid: knob('max valid swaps (1 = unique answer)', 1, 2, 3) });

const W = 320;
const N = 5;
/** The 12 lines of five (rows, columns, diagonals). */
export const LINES5: number[][] = [
  ...Array.from({ length: N }, (_, r) => Array.from({ length: N }, (_, c) => r * N + c)),
  ...Array.from({ length: N }, (_, c) => Array.from({ length: N }, (_, r) => r * N + c)),
  Array.from({ length: N }, (_, i) => i * N + i),
  Array.from({ length: N }, (_, i) => i * N + (N - 1 - i)),
];
const hasFive = (b: readonly string[]): boolean => LINES5.some((ln) => ln.every((i) => b[i] === b[ln[0]!]));
/** Every swap (i < j) of two different icons that creates a line of five. */
export function gobangSwaps(b: readonly string[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < b.length; i++) {
    for (let j = i + 1; j < b.length; j++) {
      if (b[i] === b[j]) continue;
      const s = b.slice();
      [s[i], s[j]] = [s[j]!, s[i]!];
      if (hasFive(s)) out.push([i, j]);
    }
  }
  return out;
}

const KINDS = ['star', 'heart', 'moon', 'drop', 'leaf', 'bolt', 'crown', 'flag'];

/** Engine #56 gobang_move (group G, Pair, verifier `pair`). */
export const gobangMove = pairEngine<GobangLatent, typeof KNOBS>({
  type: 'gobang_move', group: 'visual_reasoning', number: 56, knobs: KNOBS,
  sample(rng, k) {
    const kinds = rng.sample(KINDS, k.kinds);
    const A = kinds[0]!;
    let board: string[] = [];
    for (let t = 0; t < 300; t++) {
      const line = rng.pick(LINES5);
      const gap = rng.pick(line);
      board = Array.from({ length: N * N }, () => rng.pick(kinds.slice(1)));
      for (const i of line) board[i] = A;
      board[gap] = rng.pick(kinds.slice(1));
      // one A off the line (the piece to move) plus a few more As elsewhere as near-misses
      const off = rng.shuffle(Array.from({ length: N * N }, (_, i) => i).filter((i) => !line.includes(i)));
      board[off[0]!] = A;
      for (let e = 1; e <= k.max_valid + 1; e++) if (rng.bool(0.5)) board[off[e]!] = A;
      if (hasFive(board)) continue;
      const v = gobangSwaps(board);
      if (v.length >= 1 && v.length <= k.max_valid) break;
    }
    const base = rng.int(0, 359);
    const hues = Object.fromEntries(kinds.map((kd, i) => [kd, (base + Math.round((360 * i) / kinds.length)) % 360]));
    const area: Box = [20, 46, 300, 326];
    return { width: W, height: 338, board, cells: gridBoxes(area, N, N, 4), valid_pairs: gobangSwaps(board), max_valid: k.max_valid, hues };
  },

  validate(l) {
    if (l.board.length !== N * N || l.cells.length !== N * N) return 'board is not 5x5';
    if (hasFive(l.board)) return 'board already has a line of five';
    const v = gobangSwaps(l.board);
    if (v.length === 0) return 'no swap makes five';
    if (v.length > l.max_valid) return 'too many valid swaps for the difficulty';
    if (JSON.stringify(v) !== JSON.stringify(l.valid_pairs)) return 'valid_pairs do not match the board';
    for (const c of l.cells) if (c[2] - c[0] < 36) return 'cells too small';
    return null;
  },

  draw(l, style) {
    let body = chrome(style, l.width, l.height, say(style.locale, { en: 'Swap two icons to line up five', zh: '交换两个图标，使五个相同图标连成一线' }));
    body += boxRect([16, 42, 304, 330], { fill: hsl(35, 45, style.theme === 'light' ? 78 : 30), rx: style.radius });
    l.cells.forEach((c, i) => {
      body += tile(style, c, hsl(35, 40, style.theme === 'light' ? 90 : 22));
      const [cx, cy] = boxCenter(c);
      const kind = l.board[i]!;
      body += iconSvg(kind, cx, cy, (c[2] - c[0]) * 0.32, 0, hsl(l.hues[kind] ?? 0, 70, 45));
    });
    return body;
  },

  reasoning(l, locale, [i, j]) {
    const s = l.board.slice();
    [s[i], s[j]] = [s[j]!, s[i]!];
    const line = LINES5.find((ln) => ln.every((x) => s[x] === s[ln[0]!]))!;
    return { name: iconNoun(s[line[0]!]!, locale), a: cellWords(i, N, locale), b: cellWords(j, N, locale) };
  },
});
