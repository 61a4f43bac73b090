/**
 * #57 match_three_swap (group G, visual reasoning, Pair): a 3×3 board of icons with no line yet;
 * swapping two orthogonally adjacent icons makes three identical icons in a row or column.
 * Answer: any valid pair (verifier kind `pair`, two clicks in either order).
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxRect, boxesOverlap, footerIcons, hsl, label, widgetCard } from '../../lib/draw.js';
import { ICONS, ICON_FAMILIES, ICON_KINDS, iconNoun, iconSvg } from '../../lib/icons.js';
import { say } from '../../lib/i18n.js';
import { pairEngine } from './template.js';

/** Latent state of match_three_swap (puzzle px). */
export interface MatchThreeLatent extends Record<string, unknown> {
  width: number;
  height: number;
  /** 9 icon kinds, row-major. */
  board: string[];
  /** Click box of each cell, row-major. */
  cells: Box[];
  /** Icon colour per kind. */
  colors: Record<string, string>;
  /** Every adjacent swap that completes a line, as cell index pairs (i < j). */
  valid_pairs: Array<[number, number]>;
  board_box: Box;
  /** Max valid swaps allowed by the difficulty. */
  max_valid: number;
}

const KNOBS = defineKnobs({ kinds: knob('number of icon kinds on the board', 3, 4, 4), max_valid: knob('max number of valid swaps (1 = unique answer)', 1, 2, 2), similar: knob('icons from one look-alike family, one colour', false, false, true) });

const W = 300;
const H = 330;
const BOARD: Box = [24, 52, 276, 304];
const N = 3;

const LINES: number[][] = [
  [0, 1, 2], [3, 4, 5], [6, 7, 8],
  [0, 3, 6], [1, 4, 7], [2, 5, 8],
];
/** Whether the board has three identical icons in a row or column. */
export function hasLine(b: readonly string[]): boolean {
  return LINES.some(([a, c, d]) => b[a!] === b[c!] && b[a!] === b[d!]);
}
/** Every orthogonally adjacent swap (i < j) of different icons that creates a line. */
export function validSwaps(b: readonly string[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < N * N; i++) {
    for (const j of [i + 1, i + N]) {
      if (j >= N * N || (j === i + 1 && j % N === 0)) continue;
      if (b[i] === b[j]) continue;
      const s = b.slice();
      [s[i], s[j]] = [s[j]!, s[i]!];
      if (hasLine(s)) out.push([i, j]);
    }
  }
  return out;
}

/** Engine #57 match_three_swap (group G, Pair, verifier `pair`). */
export const matchThreeSwap = pairEngine<MatchThreeLatent, typeof KNOBS>({
  type: 'match_three_swap', group: 'visual_reasoning', number: 57, knobs: KNOBS,
  sample(rng, k) {
    let kinds: string[];
    if (k.similar) {
      const fams = ICON_FAMILIES.filter((f) => f.length >= k.kinds);
      kinds = rng.sample(rng.pick(fams), k.kinds);
    } else kinds = rng.sample(ICON_KINDS, k.kinds);
    const one = hsl(rng.int(0, 359), 70, 48);
    const colors: Record<string, string> = {};
    const hues = rng.shuffle([0, 45, 120, 200, 275, 320]);
    kinds.forEach((kd, i) => (colors[kd] = k.similar ? one : hsl(hues[i]!, 75, 48)));
    let board: string[] = [];
    for (let t = 0; t < 400; t++) {
      board = Array.from({ length: 9 }, () => rng.pick(kinds));
      const v = validSwaps(board);
      if (!hasLine(board) && v.length >= 1 && v.length <= k.max_valid) break;
    }
    const cw = (BOARD[2] - BOARD[0]) / N;
    const cells: Box[] = Array.from({ length: 9 }, (_, i) => {
      const c = i % N;
      const r = Math.floor(i / N);
      return [Math.round(BOARD[0] + c * cw + 3), Math.round(BOARD[1] + r * cw + 3), Math.round(BOARD[0] + (c + 1) * cw - 3), Math.round(BOARD[1] + (r + 1) * cw - 3)];
    });
    return { width: W, height: H, board, cells, colors, valid_pairs: validSwaps(board), board_box: BOARD, max_valid: k.max_valid };
  },

  validate(l) {
    if (l.board.length !== 9 || l.cells.length !== 9) return 'board is not 3x3';
    if (l.board.some((k) => !ICONS[k])) return 'unknown icon kind';
    if (hasLine(l.board)) return 'board already has a line';
    const v = validSwaps(l.board);
    if (v.length === 0) return 'no valid swap';
    if (v.length > l.max_valid) return 'too many valid swaps for the difficulty';
    if (JSON.stringify(v) !== JSON.stringify(l.valid_pairs)) return 'valid_pairs do not match the board';
    for (let i = 0; i < 9; i++) {
      const c = l.cells[i]!;
      if (c[2] - c[0] < 40) return 'cell too small';
      for (let j = 0; j < i; j++) if (boxesOverlap(c, l.cells[j]!)) return 'overlapping cells';
    }
    return null;
  },

  draw(l, style, rng) {
    let body = widgetCard(style, l.width, l.height);
    body += label(style, say(style.locale, { en: 'Swap two neighbours to line up three', zh: '交换两个相邻图标，使三个相同图标连成一线' }), 14, 32, 14, style.text, { weight: 700, maxWidth: l.width - 28 });
    body += boxRect(l.board_box, { fill: style.panel, rx: style.radius + 2 });
    l.cells.forEach((c, i) => {
      const [cx, cy] = [(c[0] + c[2]) / 2, (c[1] + c[3]) / 2];
      body += boxRect(c, { fill: style.theme === 'light' ? '#ffffff' : '#1b1e24', stroke: style.border, sw: 1, rx: style.radius });
      const kind = l.board[i]!;
      body += iconSvg(kind, cx, cy, (c[2] - c[0]) * 0.32, rng.float(-6, 6), l.colors[kind]!);
    });
    body += footerIcons(style, 14, l.height - 13);
    return body;
  },

  reasoning(l, locale, [i, j]) {
    const s = l.board.slice();
    [s[i], s[j]] = [s[j]!, s[i]!];
    const line = LINES.find(([a, b, c]) => s[a!] === s[b!] && s[a!] === s[c!])!;
    const rc = (x: number): string => say(locale, 'match_three_swap.cell', { row: Math.floor(x / 3) + 1, col: (x % 3) + 1 });
    const isRow = line[1]! - line[0]! === 1;
    const lineName = say(locale, isRow ? 'match_three_swap.row' : 'match_three_swap.column', { n: isRow ? Math.floor(line[0]! / 3) + 1 : (line[0]! % 3) + 1 });
    return { a: iconNoun(l.board[i]!, locale), at_a: rc(i), b: iconNoun(l.board[j]!, locale), at_b: rc(j), kind: iconNoun(s[line[0]!]!, locale), line: lineName };
  },
});
