/**
 * #71 shadow_direction_select (group G, visual reasoning, Set+Submit): every cell shows a light (sun or
 * lamp) and an upright object casting a shadow on the ground; select the cells where the shadow points
 * away from the light (NextGen Shadow_Direction). Consistent shadows lie within ±10° of the direction
 * away from the light; inconsistent ones are at least `min_off` degrees off.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxRect, circle, hsl, line, path } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { selectLayout } from '../../lib/grids.js';
import { polyD, rotAbout } from '../../lib/geometry.js';
import { type KnobsOf, cellSelectEngine, pickHits } from './template.js';

interface Scene {
  /** Direction of the light from the object, degrees clockwise from up (screen). */
  light: number;
  /** Direction the shadow points, same convention. */
  shadow: number;
  object: 'pole' | 'box' | 'tree';
  hue: number;
}
/** Latent state of shadow_direction_select (puzzle px). */
export interface ShadowLatent extends Record<string, unknown> {
  width: number;
  height: number;
  cols: number;
  cells: Box[];
  scenes: Scene[];
  min_off: number;
  submit_box: Box;
}

const KNOBS = defineKnobs({ grid: knob('rows x columns of cells', [2, 3], [3, 3], [3, 3]), min_off: knob('smallest error of an inconsistent shadow, degrees', 70, 45, 30) });

const W = 320;
const angDist = (a: number, b: number): number => Math.abs((((a - b) % 360) + 540) % 360 - 180);
const consistent = (s: Scene): boolean => angDist(s.shadow, s.light + 180) <= 10;

/** The picture of one cell `c`: light source, shadow and the object standing at the base (puzzle px). */
function scene(c: Box, s: Scene): string {
  const [cx, cy] = boxCenter(c);
  const R = (c[2] - c[0]) / 2;
  // light source
  const [lx, ly] = rotAbout(cx, cy, cx, cy - R * 0.72, s.light);
  let body = circle(lx, ly, 7, { fill: '#ffc107', stroke: '#e08e00', sw: 1.2 });
  for (let r = 0; r < 8; r++) {
    const [x1, y1] = rotAbout(lx, ly, lx, ly - 9.5, r * 45);
    const [x2, y2] = rotAbout(lx, ly, lx, ly - 13, r * 45);
    body += line(x1, y1, x2, y2, '#e08e00', 1.6, 'stroke-linecap="round"');
  }
  // shadow: a long quad from the object's base along the shadow direction
  const base: [number, number] = [cx, cy + 10];
  const len = R * 0.6;
  const [tx, ty] = rotAbout(base[0], base[1], base[0], base[1] - len, s.shadow);
  const [ax, ay] = rotAbout(base[0], base[1], base[0] - 6, base[1], s.shadow);
  const [bx, by] = rotAbout(base[0], base[1], base[0] + 6, base[1], s.shadow);
  const [tax, tay] = rotAbout(tx, ty, tx - 4, ty, s.shadow);
  const [tbx, tby] = rotAbout(tx, ty, tx + 4, ty, s.shadow);
  body += path(polyD([[ax, ay], [tax, tay], [tbx, tby], [bx, by]]), { fill: 'rgba(0,0,0,0.38)' });
  // object standing at the base
  if (s.object === 'pole') return body + boxRect([cx - 3, cy - 22, cx + 3, cy + 10], { fill: hsl(s.hue + 180, 30, 35) }) + circle(cx, cy - 24, 5, { fill: hsl(s.hue + 180, 50, 50) });
  if (s.object === 'box') return body + boxRect([cx - 9, cy - 10, cx + 9, cy + 10], { fill: hsl(s.hue + 90, 45, 48), stroke: 'rgba(0,0,0,0.4)', sw: 1 });
  return body + boxRect([cx - 2.5, cy - 6, cx + 2.5, cy + 10], { fill: '#6d4c2f' }) + path(polyD([[cx - 11, cy - 2], [cx, cy - 26], [cx + 11, cy - 2]]), { fill: hsl(125, 45, 35) });
}

/** Engine #71 shadow_direction_select (group G, Set+Submit, verifier `click` / `set` + submit). */
export const shadowDirectionSelect = cellSelectEngine<ShadowLatent, KnobsOf<typeof KNOBS>>({
  type: 'shadow_direction_select', number: 71, group: 'visual_reasoning', knobs: KNOBS,
  sample(rng, k) {
    const [rows, cols] = k.grid;
    const lay = selectLayout(rows, cols, 50, 92, 8, W);
    const hits = pickHits(rng, rows * cols);
    const scenes: Scene[] = lay.cells.map((_, i) => {
      // light in the upper half (sun / lamp above the horizon), shadow on the ground
      const light = (rng.int(-70, 70) + 360) % 360;
      const away = (light + 180) % 360;
      const shadow = hits.has(i) ? (away + rng.int(-6, 6) + 360) % 360 : (away + rng.pick([-1, 1]) * rng.int(k.min_off, 150) + 360) % 360;
      return { light, shadow, object: rng.pick(['pole', 'box', 'tree'] as const), hue: rng.int(0, 359) };
    });
    return { width: W, height: lay.height, cols, cells: lay.cells, scenes, min_off: k.min_off, submit_box: lay.submit };
  },

  validate(l) {
    if (l.scenes.length !== l.cells.length) return 'one scene per cell';
    const hits = l.scenes.filter(consistent).length;
    if (hits < 1 || hits === l.cells.length) return 'need some consistent and some inconsistent shadows';
    for (const s of l.scenes) if (!consistent(s) && angDist(s.shadow, s.light + 180) < l.min_off) return 'an inconsistent shadow is too close to right';
    return null;
  },

  prompt: (_l, style) => say(style.locale, { en: 'Select shadows that match their light', zh: '选出影子方向与光源一致的图片' }),
  tone: (l, i, style) => hsl(l.scenes[i]!.hue, 35, style.theme === 'light' ? 90 : 24),
  cell: (l, i) => scene(l.cells[i]!, l.scenes[i]!),
  hit: (l, i) => consistent(l.scenes[i]!),
  reasoning: (l) => ({ min_off: l.min_off }),
});
