/**
 * #50 odd_one_out_click (group G, visual reasoning, Click): a grid of identical icons except one that
 * differs in colour shade, turn, size or handedness (mirror image). Difference magnitude is the knob.
 * Verifier `click` / `any` with the odd cell.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob, IDENTITY_AFFINE } from '../../engine.js';
import { hsl, path, ptText } from '../../lib/draw.js';
import { iconName, iconNoun, iconOutline } from '../../lib/icons.js';
import { say } from '../../lib/i18n.js';
import { singleClickEngine } from './template.js';
import { cellWords, gridBoxes } from '../../lib/grids.js';
import { chrome, tile } from '../../lib/controls.js';
import { mirrorPathX } from '../../lib/geometry.js';

type Diff = 'color' | 'rotate' | 'size' | 'mirror';
/** Latent state of odd_one_out_click (puzzle px). */
export interface OddOneOutLatent extends Record<string, unknown> {
  width: number;
  height: number;
  rows: number;
  cols: number;
  cells: Box[];
  kind: string;
  hue: number;
  /** Base rotation of every icon, degrees. */
  rot: number;
  odd: number;
  diff: Diff;
  /** Magnitude: lightness points (color), degrees (rotate), relative scale change (size); 1 for mirror. */
  amount: number;
}

const KNOBS = defineKnobs({ grid: knob('rows x columns of icons', [3, 3], [3, 4], [4, 4]), color_dl: knob('lightness difference of an odd colour, points', 26, 16, 11), rotate_deg: knob('turn of an odd icon, degrees', 90, 45, 25), size_rel: knob('relative size change of an odd icon', 0.35, 0.24, 0.17) });

const W = 320;
/** Icons that change visibly under a turn and under a mirror. */
const CHIRAL = ['bolt', 'flag', 'moon', 'leaf'];
const TURNABLE = ['bolt', 'flag', 'moon', 'leaf', 'arrow', 'house', 'heart', 'drop', 'crown'];
const ALL = ['bolt', 'flag', 'moon', 'leaf', 'arrow', 'house', 'heart', 'drop', 'crown', 'star', 'cloud'];

/** Engine #50 odd_one_out_click (group G, Click, verifier `click` / `any`). */
export const oddOneOutClick = singleClickEngine<OddOneOutLatent, typeof KNOBS>({
  type: 'odd_one_out_click',
  number: 50,
  group: 'visual_reasoning',
  knobs: KNOBS,

  sample(rng, k, difficulty) {
    const [rows, cols] = k.grid;
    const diff = rng.pick<Diff>(['color', 'rotate', 'size', 'mirror']);
    const kind = diff === 'mirror' ? rng.pick(CHIRAL) : diff === 'rotate' ? rng.pick(TURNABLE) : rng.pick(ALL);
    const cw = Math.floor((W - 28 - 8 * (cols - 1)) / cols);
    const area: Box = [14, 44, 14 + cols * cw + 8 * (cols - 1), 44 + rows * cw + 8 * (rows - 1)];
    const amount = diff === 'color' ? k.color_dl * (rng.bool() ? 1 : -1) : diff === 'rotate' ? k.rotate_deg * (rng.bool() ? 1 : -1) : diff === 'size' ? k.size_rel * (rng.bool() ? 1 : -1) : 1;
    return { width: W, height: area[3] + 14, rows, cols, cells: gridBoxes(area, rows, cols, 8), kind, hue: rng.int(0, 359), rot: rng.int(-20, 20), odd: rng.int(0, rows * cols - 1), diff, amount };
  },

  validate(l) {
    if (l.cells.length !== l.rows * l.cols) return 'cell count does not match the grid';
    if (l.odd < 0 || l.odd >= l.cells.length) return 'odd cell outside the grid';
    if (l.diff === 'mirror' && !CHIRAL.includes(l.kind)) return 'icon looks the same mirrored';
    if (l.diff === 'rotate' && (!TURNABLE.includes(l.kind) || Math.abs(l.amount) < 15)) return 'turn too small or icon symmetric';
    if (l.diff === 'color' && Math.abs(l.amount) < 8) return 'colour difference too small';
    if (l.diff === 'size' && Math.abs(l.amount) < 0.12) return 'size difference too small';
    for (const c of l.cells) if (c[2] - c[0] < 44) return 'cells too small';
    return null;
  },

  picture(l, style, rng) {
    let body = chrome(style, l.width, l.height, say(style.locale, 'odd_one_out_click.title'));
    l.cells.forEach((c, i) => {
      const [cx, cy] = boxCenter(c);
      const odd = i === l.odd;
      let r = (c[2] - c[0]) * 0.3;
      let rot = l.rot;
      let light = 50;
      if (odd && l.diff === 'size') r *= 1 + l.amount;
      if (odd && l.diff === 'rotate') rot += l.amount;
      if (odd && l.diff === 'color') light = 50 + l.amount;
      const o = iconOutline(l.kind, cx, cy, r, rot);
      const d = odd && l.diff === 'mirror' ? mirrorPathX(o.d, cx) : o.d;
      body += tile(style, c);
      body += path(d, { fill: hsl(l.hue, 70, light), stroke: hsl(l.hue, 60, 28), sw: 1.2, extra: `fill-rule="${o.rule}" stroke-linejoin="round"` });
    });
    return { svg: body };
  },

  target: (l) => ({ boxes: [l.cells[l.odd]!] }),

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const name = iconNoun(l.kind, locale);
    const at = ptText(m, boxCenter(l.cells[l.odd]!));
    const where = cellWords(l.odd, l.cols, locale);
    const diff = { color: l.amount > 0 ? 'lighter' : 'darker', rotate: 'rotate', size: l.amount > 0 ? 'larger' : 'smaller', mirror: 'mirror' }[l.diff];
    return say(locale, 'odd_one_out_click.reasoning', { n: l.cells.length, name, where, diff: say(locale, `odd_one_out_click.diff_${diff}`, { deg: Math.abs(l.amount) }), at });
  },

});
