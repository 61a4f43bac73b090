/**
 * #11 dice_roll_path_entry (group A, OCR text entry, Click+Type): a die (drawn in isometric view
 * with its top, south and east faces) starts on a grid and rolls one cell per arrow along a path;
 * type the number on its top face at the end (NextGen Dice_Roll_Path).
 *
 * Rolling rules (opposite faces sum to 7): east → top = 7 − east, east = old top; west → top = east,
 * east = 7 − old top; north → top = south, south = 7 − old top; south → top = 7 − south, south = old top.
 */
import type { Box } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxInside, boxRect, label, line, n1, path, rect } from '../../lib/draw.js';
import { type EntryFrame, entryFrame } from '../../lib/frames.js';
import { dieSvg, isoDieSvg } from '../../lib/dice-clocks.js';
import { numberAnswers } from '../../lib/words.js';
import { say } from '../../lib/i18n.js';
import { textEntryEngine } from './template.js';

/** A compass step. */
export type Step = 'N' | 'E' | 'S' | 'W';
/** Die orientation: the numbers on the top, south (front) and east (right) faces. */
export interface DieState {
  top: number;
  south: number;
  east: number;
}

/** Roll a die one cell in direction `d`. */
export function roll(s: DieState, d: Step): DieState {
  switch (d) {
    case 'E':
      return { top: 7 - s.east, south: s.south, east: s.top };
    case 'W':
      return { top: s.east, south: s.south, east: 7 - s.top };
    case 'N':
      return { top: s.south, south: 7 - s.top, east: s.east };
    case 'S':
      return { top: 7 - s.south, south: s.top, east: s.east };
  }
}

const DELTA: Record<Step, [number, number]> = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };

/** Latent state of dice_roll_path_entry (puzzle px). */
export interface DiceRollLatent extends Record<string, unknown> {
  frame: EntryFrame;
  rows: number;
  cols: number;
  start: [number, number];
  path: Step[];
  die: DieState;
  final: DieState;
  grid_box: Box;
  iso_box: Box;
}

const KNOBS = defineKnobs({ steps: knob('path length, cells', [1, 2], [3, 4], [5, 6]), grid: knob('grid size (cols x rows)', [4, 3], [5, 4], [6, 4]) });

const CELL = 30;

/** Engine #11 dice_roll_path_entry (group A, Click+Type, verifier `text_entry`). */
export const diceRollPathEntry = textEntryEngine<DiceRollLatent, typeof KNOBS>({
  type: 'dice_roll_path_entry',
  number: 11,
  knobs: KNOBS,

  sample(rng, k) {
    const frame = entryFrame(rng, 150);
    const [cols, rows] = k.grid;
    const ib = frame.image_box;
    const gw = cols * CELL;
    const gh = rows * CELL;
    const gx = ib[2] - 12 - gw;
    const gy = Math.round((ib[1] + ib[3]) / 2 - gh / 2);
    const grid_box: Box = [gx, gy, gx + gw, gy + gh];
    const iso_box: Box = [ib[0] + 8, ib[1] + 8, gx - 12, ib[3] - 8];
    // random self-avoiding walk
    const n = rng.int(k.steps[0], k.steps[1]);
    let start: [number, number] = [rng.int(0, cols - 1), rng.int(0, rows - 1)];
    let steps: Step[] = [];
    for (let t = 0; t < 50; t++) {
      start = [rng.int(0, cols - 1), rng.int(0, rows - 1)];
      steps = [];
      const seen = new Set([start.join(',')]);
      let [x, y] = start;
      for (let i = 0; i < n; i++) {
        const opts = (['N', 'E', 'S', 'W'] as Step[]).filter((d) => {
          const nx = x + DELTA[d][0];
          const ny = y + DELTA[d][1];
          return nx >= 0 && ny >= 0 && nx < cols && ny < rows && !seen.has(`${nx},${ny}`);
        });
        if (!opts.length) break;
        const d = rng.pick(opts);
        steps.push(d);
        x += DELTA[d][0];
        y += DELTA[d][1];
        seen.add(`${x},${y}`);
      }
      if (steps.length === n) break;
    }
    // a valid orientation: top, south, east pairwise adjacent (distinct, no opposite pair)
    const top = rng.int(1, 6);
    const south = rng.pick([1, 2, 3, 4, 5, 6].filter((v) => v !== top && v !== 7 - top));
    const east = rng.pick([1, 2, 3, 4, 5, 6].filter((v) => ![top, 7 - top, south, 7 - south].includes(v)));
    const die = { top, south, east };
    const final = steps.reduce(roll, die);
    return { frame, rows, cols, start, path: steps, die, final, grid_box, iso_box };
  },

  check(l) {
    const { top, south, east } = l.die;
    const vals = [top, south, east];
    if (vals.some((v) => !Number.isInteger(v) || v < 1 || v > 6)) return 'face out of range';
    if (new Set([...vals, ...vals.map((v) => 7 - v)]).size !== 6) return 'faces are not pairwise adjacent';
    if (l.path.length < 1) return 'empty path';
    const seen = new Set([l.start.join(',')]);
    let [x, y] = l.start;
    for (const d of l.path) {
      x += DELTA[d][0];
      y += DELTA[d][1];
      if (x < 0 || y < 0 || x >= l.cols || y >= l.rows) return 'path leaves the grid';
      if (seen.has(`${x},${y}`)) return 'path revisits a cell';
      seen.add(`${x},${y}`);
    }
    const fin = l.path.reduce(roll, l.die);
    if (fin.top !== l.final.top || fin.south !== l.final.south || fin.east !== l.final.east) return 'final state does not follow the rolls';
    if (!boxInside(l.grid_box, l.frame.image_box) || !boxInside(l.iso_box, l.frame.image_box)) return 'grid outside the picture';
    if (l.iso_box[2] - l.iso_box[0] < 80) return 'no room for the die view';
    return null;
  },

  picture(l, style) {
    const ib = l.frame.image_box;
    const light = style.theme === 'light';
    const ink = light ? '#2b2f36' : '#e6e8eb';
    let pic = boxRect(ib, { fill: light ? '#f3efe6' : '#262a31', stroke: style.border, sw: 1, rx: 3 });
    // isometric view of the start orientation with compass hints
    const ix = (l.iso_box[0] + l.iso_box[2]) / 2;
    const iy = (l.iso_box[1] + l.iso_box[3]) / 2 - 4;
    const es = Math.min(34, (l.iso_box[2] - l.iso_box[0]) / 2.4);
    const col = { body: '#fdfdf8', edge: '#6b6b66', pip: '#c81e1e' };
    pic += isoDieSvg(ix, iy, es, l.die.top, l.die.south, l.die.east, col);
    const dx = es * Math.cos(Math.PI / 6);
    pic += label(style, 'S', ix - dx / 2 - 4, iy + es + 8, 12, ink, { anchor: 'middle', weight: 700 });
    pic += label(style, 'E', ix + dx / 2 + 4, iy + es + 8, 12, ink, { anchor: 'middle', weight: 700 });
    // grid
    const [gx, gy] = l.grid_box;
    let d = '';
    for (let c = 0; c <= l.cols; c++) d += `M${gx + c * CELL} ${gy}L${gx + c * CELL} ${gy + l.rows * CELL}`;
    for (let r = 0; r <= l.rows; r++) d += `M${gx} ${gy + r * CELL}L${gx + l.cols * CELL} ${gy + r * CELL}`;
    pic += rect(gx, gy, l.cols * CELL, l.rows * CELL, { fill: light ? '#ffffff' : '#1c1f25' });
    pic += path(d, { stroke: light ? '#b9b4a8' : '#4a505b', sw: 1 });
    // compass: N arrow at the grid's top-right
    const nx = l.grid_box[2] - 6;
    const ny = l.grid_box[1] - 2;
    pic += path(`M${nx} ${ny - 2}L${nx - 4} ${ny + 6}L${nx + 4} ${ny + 6}Z`, { fill: ink });
    pic += label(style, 'N', nx - 12, ny + 6, 10, ink, { anchor: 'middle', weight: 700 });
    const cc = (x: number, y: number): [number, number] => [gx + x * CELL + CELL / 2, gy + y * CELL + CELL / 2];
    // path arrows
    let [x, y] = l.start;
    for (const s of l.path) {
      const a = cc(x, y);
      x += DELTA[s][0];
      y += DELTA[s][1];
      const b = cc(x, y);
      const ux = (b[0] - a[0]) / CELL;
      const uy = (b[1] - a[1]) / CELL;
      const s0: [number, number] = [a[0] + ux * 8, a[1] + uy * 8];
      const s1: [number, number] = [b[0] - ux * 8, b[1] - uy * 8];
      pic += line(s0[0], s0[1], s1[0], s1[1], '#e8590c', 2.6, 'stroke-linecap="round"');
      pic += path(`M${n1(s1[0] + ux * 4)} ${n1(s1[1] + uy * 4)}L${n1(s1[0] - ux * 3 - uy * 5)} ${n1(s1[1] - uy * 3 + ux * 5)}L${n1(s1[0] - ux * 3 + uy * 5)} ${n1(s1[1] - uy * 3 - ux * 5)}Z`, { fill: '#e8590c' });
    }
    // the die on its start cell (top view), and a flag ring on the end cell
    const sc = cc(l.start[0], l.start[1]);
    pic += dieSvg(sc[0], sc[1], CELL - 8, 0, l.die.top, col);
    const ec = cc(x, y);
    pic += `<circle cx="${ec[0]}" cy="${ec[1]}" r="${CELL / 2 - 3}" fill="none" stroke="#1971c2" stroke-width="2.4" stroke-dasharray="4 3"/>`;
    return { svg: pic };
  },

  answer: (l) => ({ text: String(l.final.top), valid: numberAnswers(l.final.top) }),

  reading(l, locale) {
    let s = l.die;
    const parts: string[] = [];
    for (const d of l.path) {
      s = roll(s, d);
      parts.push(say(locale, 'dice_roll_path_entry.step', { dir: say(locale, `dice_roll_path_entry.dir_${d}`), top: s.top }));
    }
    const cells = say(locale, `dice_roll_path_entry.${l.path.length > 1 ? 'cells' : 'cell'}`);
    return say(locale, 'dice_roll_path_entry.reasoning', { top: l.die.top, south: l.die.south, east: l.die.east, n: l.path.length, cells, steps: parts.join(say(locale, 'dice_roll_path_entry.step_sep')), final: l.final.top });
  },

});
