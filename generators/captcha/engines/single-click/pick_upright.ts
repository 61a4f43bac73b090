/**
 * #32 pick_upright (group D, image rotation, Click): the same round picture several times, each turned
 * by a different angle; exactly one copy is upright. Answer: a click in that copy (verifier `click` /
 * `any` with one box). Knob: how far the wrong copies are turned (small angles are harder).
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob, IDENTITY_AFFINE } from '../../engine.js';
import { Ids, n1, noiseDots, ptText } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { singleClickEngine } from './template.js';
import { cellWords, gridBoxes } from '../../lib/grids.js';
import { chrome, tile } from '../../lib/controls.js';
import { discPlace, landscape } from '../../lib/backdrops.js';

/** Latent state of pick_upright (puzzle px, degrees clockwise). */
export interface PickUprightLatent extends Record<string, unknown> {
  width: number;
  height: number;
  cols: number;
  cells: Box[];
  /** Rotation of each copy; exactly one is 0. */
  angles: number[];
  /** Index of the upright copy. */
  answer: number;
  /** Smallest |angle| allowed for a wrong copy, degrees. */
  min_angle: number;
  scene_hue: number;
  noise: number;
}

const KNOBS = defineKnobs({ copies: knob('number of copies (grid size)', [2, 2], [2, 3], [2, 3]), min_angle: knob('smallest turn of a wrong copy, degrees', 90, 40, 20), noise: knob('noise dots per copy', 0, 15, 30) });

const W = 320;

/** Engine #32 pick_upright (group D, Click, verifier `click` / `any`). */
export const pickUpright = singleClickEngine<PickUprightLatent, typeof KNOBS>({
  type: 'pick_upright',
  number: 32,
  group: 'image_rotation',
  knobs: KNOBS,

  sample(rng, k, difficulty) {
    const [rows, cols] = k.copies;
    const cw = (W - 28 - 10 * (cols - 1)) / cols;
    const area: Box = [14, 48, W - 14, Math.round(48 + rows * cw + 10 * (rows - 1))];
    const cells = gridBoxes(area, rows, cols, 10);
    const n = rows * cols;
    const answer = rng.int(0, n - 1);
    const angles: number[] = [];
    for (let i = 0; i < n; i++) {
      if (i === answer) angles.push(0);
      else if (k.min_angle >= 90) angles.push(rng.pick([90, 180, 270]));
      else angles.push(rng.int(k.min_angle, 360 - k.min_angle));
    }
    return { width: W, height: area[3] + 40, cols, cells, angles, answer, min_angle: k.min_angle, scene_hue: rng.int(0, 359), noise: k.noise };
  },

  validate(l) {
    if (l.angles.length !== l.cells.length) return 'one angle per copy';
    const up = l.angles.map((a, i) => (((a % 360) + 360) % 360 === 0 ? i : -1)).filter((i) => i >= 0);
    if (up.length !== 1 || up[0] !== l.answer) return 'exactly one copy must be upright';
    for (const [i, a] of l.angles.entries()) {
      if (i === l.answer) continue;
      const d = Math.min(((a % 360) + 360) % 360, 360 - (((a % 360) + 360) % 360));
      if (d < l.min_angle) return 'a wrong copy is too close to upright';
    }
    for (const c of l.cells) if (c[2] - c[0] < 70 || c[3] - c[1] < 70) return 'copies too small';
    return null;
  },

  picture(l, style, rng) {
    const ids = new Ids();
    let defs = '';
    let body = chrome(style, l.width, l.height, say(style.locale, 'pick_upright.title'));
    l.cells.forEach((c, i) => {
      const [cx, cy] = boxCenter(c);
      const r = (c[2] - c[0]) / 2 - 6;
      const sc = landscape(rng.fork('scene'), discPlace(cx, cy, r, l.angles[i]!), ids, { hue: l.scene_hue, sun: true, house: true, tree: true, road: true, clouds: 2 });
      const clip = ids.next();
      defs += sc.defs + `<clipPath id="${clip}"><circle cx="${n1(cx)}" cy="${n1(cy)}" r="${n1(r)}"/></clipPath>`;
      body += tile(style, c, style.panel);
      body += `<g clip-path="url(#${clip})">${sc.body}${noiseDots(rng.fork('noise' + i), [cx - r, cy - r, cx + r, cy + r], l.noise, 0.6)}</g>`;
    });
    return { svg: body, defs: defs };
  },

  target: (l) => ({ boxes: [l.cells[l.answer]!] }),

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const at = ptText(m, boxCenter(l.cells[l.answer]!));
    const where = cellWords(l.answer, l.cols, locale);
    return say(locale, 'pick_upright.reasoning', { n: l.cells.length, where, at });
  },

});
