/**
 * #71 shadow_direction_select (group G, visual reasoning, Set+Submit): every cell shows a light (sun or
 * lamp) and an upright object casting a shadow on the ground; select the cells where the shadow points
 * away from the light (NextGen Shadow_Direction). Consistent shadows lie within ±10° of the direction
 * away from the light; inconsistent ones are at least `min_off` degrees off.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { boxRect, circle, hsl, line, path, ptText, svgDoc } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { cellWords, selectLayout } from '../../lib/grids.js';
import { chrome, submitButton, tile } from '../../lib/controls.js';
import { clickSetSubmit } from '../../lib/solutions.js';
import { polyD, rotAbout } from '../../lib/geometry.js';

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

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ grid: knob('rows x columns of cells', [2, 3], [3, 3], [3, 3]), min_off: knob('smallest error of an inconsistent shadow, degrees', 70, 45, 30) });

const W = 320;
const angDist = (a: number, b: number): number => Math.abs((((a - b) % 360) + 540) % 360 - 180);
const consistent = (s: Scene): boolean => angDist(s.shadow, s.light + 180) <= 10;

/** Engine #71 shadow_direction_select (group G, Set+Submit, verifier `click` / `set` + submit). */
export const shadowDirectionSelect = defineEngine<ShadowLatent>({
  type: 'shadow_direction_select',
  group: 'visual_reasoning',
  number: 71,
  actionForm: 'Set+Submit',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
    const [rows, cols] = k.grid;
    const lay = selectLayout(rows, cols, 50, 92, 8, W);
    const n = rows * cols;
    const hits = new Set(rng.sample(Array.from({ length: n }, (_, i) => i), rng.int(1, Math.min(4, n - 1))));
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

  draw(l, style) {
    let body = chrome(style, l.width, l.height, say(style.locale, { en: 'Select shadows that match their light', zh: '选出影子方向与光源一致的图片' }));
    l.scenes.forEach((s, i) => {
      const c = l.cells[i]!;
      const [cx, cy] = boxCenter(c);
      const R = (c[2] - c[0]) / 2;
      body += tile(style, c, hsl(s.hue, 35, style.theme === 'light' ? 90 : 24));
      // light source
      const [lx, ly] = rotAbout(cx, cy, cx, cy - R * 0.72, s.light);
      body += circle(lx, ly, 7, { fill: '#ffc107', stroke: '#e08e00', sw: 1.2 });
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
      if (s.object === 'pole') {
        body += boxRect([cx - 3, cy - 22, cx + 3, cy + 10], { fill: hsl(s.hue + 180, 30, 35) });
        body += circle(cx, cy - 24, 5, { fill: hsl(s.hue + 180, 50, 50) });
      } else if (s.object === 'box') {
        body += boxRect([cx - 9, cy - 10, cx + 9, cy + 10], { fill: hsl(s.hue + 90, 45, 48), stroke: 'rgba(0,0,0,0.4)', sw: 1 });
      } else {
        body += boxRect([cx - 2.5, cy - 6, cx + 2.5, cy + 10], { fill: '#6d4c2f' });
        body += path(polyD([[cx - 11, cy - 2], [cx, cy - 26], [cx + 11, cy - 2]]), { fill: hsl(125, 45, 35) });
      }
    });
    body += submitButton(style, l.submit_box);
    return { svg: svgDoc(l.width, l.height, body), width: l.width, height: l.height };
  },

  solve(l) {
    return clickSetSubmit(l.cells.filter((_, i) => consistent(l.scenes[i]!)), l.submit_box);
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const hits = l.cells.map((_, i) => i).filter((i) => consistent(l.scenes[i]!));
    const list = hits.map((i) => `${cellWords(i, l.cols, locale)} ${ptText(m, boxCenter(l.cells[i]!))}`);
    const sub = ptText(m, boxCenter(l.submit_box));
    return say(locale, {
      en: `A shadow must run from the object directly away from the light. Comparing light and shadow in every cell, they agree in: ${list.join('; ')}; in the others the shadow is off by ${l.min_off}° or more. Click each, then Submit at ${sub}.`,
      zh: `影子应当从物体出发、指向背离光源的方向。逐格比较光源和影子的方向，一致的格子是：${list.join('、')}；其他格子的影子偏了 ${l.min_off}° 以上。逐个点击后点击提交 ${sub}。`,
    });
  },

  instruction(_l, locale) {
    return say(locale, 'shadow_direction_select.instruction');
  },
});
