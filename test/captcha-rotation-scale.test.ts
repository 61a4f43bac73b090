/**
 * Rotation by slider (issue 15, CAPTCHA item 2): the drag→angle mapping and the turn direction must be
 * derivable from what the agent sees. The instruction states the full-travel turn and its direction,
 * and the rendered track carries degree ticks exactly where the handle's centre must stop for 90°, 180°,
 * 270° and 360° (checked on pixels: ink at the tick columns of the track's top edge, none halfway
 * between), and the gold drag ends at the tick position for the needed angle.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../core/rng.js';
import { getEngine } from '../generators/captcha/registry.js';
import { makeStyle } from '../generators/captcha/lib/style.js';
import { rasterSvg } from './captcha-contract-helpers.js';

const TYPES = ['rotate_disc_slider', 'rotate_inner_outer_align', 'dial_rotate_to_mark', 'rotate_3d_to_match'] as const;

function latent(type: string, k: number): any {
  const e = getEngine(type);
  for (let t = 0; t < 50; t++) {
    const l = e.sample(new Rng(`rotation-scale-${type}-${k}-${t}`), (['easy', 'medium', 'hard'] as const)[k % 3]!);
    if (e.validate(l) === null) return JSON.parse(JSON.stringify(l));
  }
  throw new Error(`no valid latent for ${type}`);
}

describe.each(TYPES.map((t) => [t]))('%s shows the drag→angle mapping', (type) => {
  it('the instruction states the full-travel turn and its direction, in both locales', () => {
    const l = latent(type, 0);
    const e = getEngine(type);
    expect(e.instruction(l, 'en-US')).toMatch(/one full turn \(360°\)/);
    expect(e.instruction(l, 'en-US')).toMatch(type === 'rotate_3d_to_match' ? /front moving right/ : /clockwise/);
    expect(e.instruction(l, 'zh-CN')).toMatch(/360°/);
    expect(e.instruction(l, 'zh-CN')).toMatch(type === 'rotate_3d_to_match' ? /正面向右/ : /顺时针/);
  });

  it('the track shows ticks where the handle centre stops for 90°..360°, and the gold drag matches the scale', async () => {
    for (let k = 0; k < 3; k++) {
      const l = latent(type, k);
      const e = getEngine(type);
      const style = makeStyle('classic', k % 2 ? 'dark' : 'light', 'en-US');
      const img = await rasterSvg(e.draw(l, style, new Rng('draw')).svg);
      const hc = (l.handle_box[0] + l.handle_box[2]) / 2;
      const y = l.track_box[1] + 3;
      const lum = (x: number): number => {
        const o = (y * img.width + Math.round(x)) * 4;
        return (img.data[o]! + img.data[o + 1]! + img.data[o + 2]!) / 3;
      };
      const px = (deg: number): number => hc + deg / l.mapping.deg_per_px;
      for (const deg of [90, 180, 270, 360]) {
        // the tick column differs from the track fill halfway to the previous mark
        const tick = Math.min(lum(px(deg) - 0.5), lum(px(deg)));
        const bare = lum(px(deg - 45));
        expect({ deg, contrast: Math.abs(tick - bare) > 40 }).toEqual({ deg, contrast: true });
      }
      const drag = e.solve(l).actions[0] as { start: [number, number]; end: [number, number] };
      expect(Math.abs(drag.end[0] - px(l.needed_deg))).toBeLessThanOrEqual(0.5);
    }
  });
});
