/**
 * #60 grid_coordinate_move (group G, visual reasoning, Arrows×k+Submit): a lettered / numbered grid with
 * a token; the prompt gives a cell ("C4"). → moves the token one cell forward in reading order (left to
 * right, then to the next row), ← one cell back (printed in the widget). Answer: |target - current|
 * presses of the arrow towards the target, then Submit. Verifier `presses` (reading order as a 1-row
 * state grid, no wrap): any press sequence that leaves the token on the target is right.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxRect, hsl, label, ptText } from '../../lib/draw.js';
import { iconSvg } from '../../lib/icons.js';
import { arabicCount, say } from '../../lib/i18n.js';
import { arrowGlyph, glyphButton, submitButton } from '../../lib/controls.js';
import { gridBoxes } from '../../lib/grids.js';
import { arrowsEngine, pressCount } from './template.js';

/** Latent state of grid_coordinate_move (puzzle px; cells row-major). */
export interface GridCoordLatent extends Record<string, unknown> {
  width: number;
  height: number;
  n: number;
  cells: Box[];
  token: number;
  target: number;
  icon: string;
  left_box: Box;
  right_box: Box;
  submit_box: Box;
  hue: number;
  /** Highlight the row the target is in (easier). */
  hint_row: boolean;
}

const KNOBS = defineKnobs({ n: knob('grid size (n x n)', 4, 5, 5), max_presses: knob('max arrow presses', 4, 7, 10), hint_row: knob('shade the target row', true, false, false) });

const W = 320;
/** Cell name: column letter + row number, e.g. `C4`. */
export const cellName = (i: number, n: number): string => `${String.fromCharCode(65 + (i % n))}${Math.floor(i / n) + 1}`;

/** Engine #60 grid_coordinate_move (group G, Arrows×k+Submit, verifier `presses`). */
export const gridCoordinateMove = arrowsEngine<GridCoordLatent, typeof KNOBS>({
  type: 'grid_coordinate_move',
  group: 'visual_reasoning',
  number: 60,
  knobs: KNOBS,

  sample(rng, k) {
    const cell = Math.floor(200 / k.n);
    const g0: [number, number] = [64, 84];
    const area: Box = [g0[0], g0[1], g0[0] + cell * k.n, g0[1] + cell * k.n];
    const token = rng.int(0, k.n * k.n - 1);
    let target = token;
    for (let t = 0; t < 50 && (target === token || Math.abs(target - token) > k.max_presses); t++) target = rng.int(0, k.n * k.n - 1);
    const y = area[3] + 14;
    return {
      width: W,
      height: y + 50,
      n: k.n,
      cells: gridBoxes(area, k.n, k.n, 0),
      token,
      target,
      icon: rng.pick(['star', 'heart', 'crown', 'bolt', 'drop', 'house']),
      left_box: [14, y, 58, y + 36],
      right_box: [112, y, 156, y + 36],
      submit_box: [W - 104, y, W - 14, y + 36],
      hue: rng.int(0, 359),
      hint_row: k.hint_row,
    };
  },

  validate(l) {
    const N = l.n * l.n;
    if (l.cells.length !== N) return 'cell count does not match the grid';
    if (l.token < 0 || l.token >= N || l.target < 0 || l.target >= N) return 'token or target outside the grid';
    if (l.token === l.target) return 'token already on the target';
    if (Math.abs(l.target - l.token) > 10) return 'too many presses';
    if (l.cells[0]![2] - l.cells[0]![0] < 30) return 'cells too small';
    return null;
  },

  picture(l, style) {
    let body = '';
    body += label(style, say(style.locale, 'grid_coordinate_move.rule'), 14, 50, 11, style.subtext, { maxWidth: l.width - 28 });
    const tr = Math.floor(l.target / l.n);
    l.cells.forEach((c, i) => {
      const r = Math.floor(i / l.n);
      const shade = (r + (i % l.n)) % 2 === 0;
      body += boxRect(c, { fill: l.hint_row && r === tr ? hsl(l.hue, 60, style.theme === 'light' ? 88 : 30) : shade ? style.panel : style.bg, stroke: style.border, sw: 1 });
    });
    const c0 = l.cells[0]!;
    const cw = c0[2] - c0[0];
    for (let i = 0; i < l.n; i++) {
      body += label(style, String.fromCharCode(65 + i), c0[0] + cw * (i + 0.5), c0[1] - 6, 13, style.subtext, { anchor: 'middle', weight: 700 });
      body += label(style, String(i + 1), c0[0] - 12, c0[1] + cw * (i + 0.5) + 5, 13, style.subtext, { anchor: 'middle', weight: 700 });
    }
    const [tx, ty] = boxCenter(l.cells[l.token]!);
    body += iconSvg(l.icon, tx, ty, cw * 0.32, 0, hsl(l.hue, 70, 48), 'stroke="#ffffff" stroke-width="1.5"');
    body += glyphButton(style, l.left_box, (cx, cy, r, c) => arrowGlyph(cx, cy, r, 'left', c), l.token === 0);
    body += glyphButton(style, l.right_box, (cx, cy, r, c) => arrowGlyph(cx, cy, r, 'right', c), l.token === l.n * l.n - 1);
    body += submitButton(style, l.submit_box);
    return { svg: body };
  },

  gold(l) {
    const d = l.target - l.token;
    return {
      presses: {
        buttons: [{ box: l.left_box, move: [-1, 0] }, { box: l.right_box, move: [1, 0] }],
        grid: [l.n * l.n, 1],
        start: [l.token, 0],
        goals: [[l.target, 0]],
        edge: 'clamp',
        submit: l.submit_box,
        gold: Array.from({ length: Math.abs(d) }, () => (d > 0 ? 1 : 0)),
      },
    };
  },

  reasoningKey: (l) => (l.target > l.token ? 'reasoning_forward' : 'reasoning_back'),

  reasoning(l, locale, m) {
    const d = l.target - l.token;
    const k = Math.abs(d);
    return { from: cellName(l.token, l.n), to: cellName(l.target, l.n), cells: say(locale, {
        en: `${k} cell${k > 1 ? 's' : ''}`, zh: `${k} 格`, ja: `${k} マス`, de: `${k} Feld${k > 1 ? 'er' : ''}`, es: `${k} casilla${k > 1 ? 's' : ''}`, fr: `${k} case${k > 1 ? 's' : ''}`,
        // after بمسافة (genitive): خلية واحدة, خليتين, 3 خلايا, 11 خلية (الخلية: the instruction's word for a cell)
        ar: arabicCount(k, { one: 'خلية واحدة', two: 'خليتين', few: 'خلايا', many: 'خلية' }),
      }), btn: ptText(m, boxCenter(d > 0 ? l.right_box : l.left_box)), count: pressCount(locale, k) };
  },

  text: (l) => ({ cellName: cellName(l.target, l.n) }),
});
