/**
 * #39 slide_to_zone (group E, drag-to-end, Drag): a slider track with a highlighted target zone;
 * the handle's centre must stop inside the zone. `dx = zone centre - handle centre`; the tolerance is
 * the zone's half-width (as a relative tolerance), so the accepted drags are exactly those that leave
 * the handle's centre in the zone, edges included.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxInside, boxRect, label, path } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { chrome } from '../../lib/controls.js';
import { polyD } from '../../lib/geometry.js';
import { sliderEngine } from './template.js';

/** Latent state of slide_to_zone (puzzle px). */
export interface SlideToZoneLatent extends Record<string, unknown> {
  width: number;
  height: number;
  track_box: Box;
  handle_box: Box;
  /** Target zone [x1, x2) along the track. */
  zone: [number, number];
  /** Zone fill opacity (contrast knob). */
  zone_opacity: number;
}

const KNOBS = defineKnobs({ zone: knob('zone width range, puzzle px', [56, 70], [36, 48], [24, 32]), zone_opacity: knob('zone highlight opacity (contrast)', 0.45, 0.3, 0.2) });

const W = 320;
const H = 140;

const expectedDx = (l: SlideToZoneLatent): number => (l.zone[0] + l.zone[1]) / 2 - (l.handle_box[0] + l.handle_box[2]) / 2;

/** Engine #39 slide_to_zone (group E, Drag, verifier `drag`; tolerance = zone half-width). */
export const slideToZone = sliderEngine<SlideToZoneLatent, typeof KNOBS>({
  type: 'slide_to_zone', group: 'drag_to_end', number: 39, knobs: KNOBS,
  sample(rng, k) {
    const track: Box = [10, 70, 310, 112];
    const handle: Box = [12, 72, 58, 110];
    const zw = rng.int(k.zone[0], k.zone[1]);
    const z0 = rng.int(handle[2] + 70, track[2] - 4 - zw);
    return { width: W, height: H, track_box: track, handle_box: handle, zone: [z0, z0 + zw], zone_opacity: k.zone_opacity };
  },

  validate(l) {
    const zw = l.zone[1] - l.zone[0];
    if (zw < 16) return 'zone too narrow';
    if (l.zone[0] < l.handle_box[2] + 40) return 'zone overlaps the handle start';
    if (l.zone[1] > l.track_box[2] - 2) return 'zone outside the track';
    if (!boxInside(l.handle_box, l.track_box)) return 'handle outside the track';
    if (expectedDx(l) < 80) return 'drag too short';
    return null;
  },

  draw(l, style) {
    let body = chrome(style, l.width, l.height, say(style.locale, { en: 'Slide the handle into the highlighted zone', zh: '将滑块拖入高亮区域' }));
    const t = l.track_box;
    const h = l.handle_box;
    const r = Math.min(style.radius * 2, (t[3] - t[1]) / 2);
    body += boxRect(t, { fill: style.panel, stroke: style.border, sw: 1, rx: r });
    const zb: Box = [l.zone[0], t[1] + 2, l.zone[1], t[3] - 2];
    body += boxRect(zb, { fill: style.accent, opacity: l.zone_opacity, rx: 4 });
    body += boxRect(zb, { stroke: style.accent, sw: 1.5, rx: 4, extra: 'stroke-dasharray="4 3"' });
    const zc = (l.zone[0] + l.zone[1]) / 2;
    body += path(polyD([[zc - 5, t[1] - 10], [zc + 5, t[1] - 10], [zc, t[1] - 3]]), { fill: style.accent });
    body += label(style, say(style.locale, { en: 'drop here', zh: '拖到这里' }), zc, t[3] + 18, 12, style.subtext, { anchor: 'middle' });
    body += boxRect(h, { fill: style.accent, rx: Math.min(style.radius * 2, (h[3] - h[1]) / 2), extra: 'stroke="rgba(0,0,0,0.15)" stroke-width="1"' });
    const [hx, hy] = boxCenter(h);
    for (const ox of [-4, 4]) body += path(polyD([[hx + ox - 3, hy - 5], [hx + ox + 2, hy], [hx + ox - 3, hy + 5]], false), { stroke: style.onAccent, sw: 2, extra: 'stroke-linecap="round" stroke-linejoin="round"' });
    return { body };
  },

  dx: expectedDx,
  tolPx: (l) => (l.zone[1] - l.zone[0]) / 2,
  reasoning: (l, _locale, m) => ({ zone: `${Math.round(l.zone[0] * m.sx + m.tx)}–${Math.round(l.zone[1] * m.sx + m.tx)}` }),
});
