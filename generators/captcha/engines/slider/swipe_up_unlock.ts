/**
 * #38 swipe_up_unlock (group E, drag-to-end, Drag): a phone-style lock panel with a vertical track; drag
 * the handle from the bottom to the top end. `dy = track top + pad - handle top` (negative = up).
 * Verifier `drag_y`: the VenusBench-CAPTCHA drag rule with the axes swapped (exactly one drag starting
 * on the handle, signed dy within the relative tolerance, at most 5 px horizontal drift).
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxInside, boxRect, hsl, label, path, widgetCard } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { polyD } from '../../lib/geometry.js';
import { sliderEngine } from './template.js';

/** Latent state of swipe_up_unlock (puzzle px). */
export interface SwipeUpLatent extends Record<string, unknown> {
  width: number;
  height: number;
  track_box: Box;
  handle_box: Box;
  /** Gap between handle and track ends, px. */
  pad: number;
  rel_tolerance: number;
  /** Clock shown on the lock panel (decoration). */
  clock: string;
  hue: number;
}

const KNOBS = defineKnobs({ track: knob('track length range, puzzle px', [250, 270], [200, 270], [160, 270]), offset: knob('max start offset of the handle above the track bottom, puzzle px', 0, 20, 40), rel_tolerance: knob('accepted relative error of the displacement', 0.1, 0.08, 0.06) });

const W = 240;

const expectedDy = (l: SwipeUpLatent): number => l.track_box[1] + l.pad - l.handle_box[1];

/** Engine #38 swipe_up_unlock (group E, Drag, verifier `drag_y`). */
export const swipeUpUnlock = sliderEngine<SwipeUpLatent, typeof KNOBS>({
  type: 'swipe_up_unlock', group: 'drag_to_end', number: 38, knobs: KNOBS,
  sample(rng, k) {
    const len = rng.int(k.track[0], k.track[1]);
    const top = 112;
    const track: Box = [W / 2 - 26, top, W / 2 + 26, top + len];
    const pad = 3;
    const off = k.offset ? rng.int(0, k.offset) : 0;
    const handle: Box = [track[0] + pad, track[3] - pad - off - 46, track[2] - pad, track[3] - pad - off];
    const hh = rng.int(6, 22);
    const mm = rng.int(0, 59);
    const clock = `${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
    return { width: W, height: track[3] + 20, track_box: track, handle_box: handle, pad, rel_tolerance: k.rel_tolerance, clock, hue: rng.int(0, 359) };
  },

  validate(l) {
    if (!boxInside(l.handle_box, l.track_box)) return 'handle outside the track';
    if (!boxInside(l.track_box, [0, 0, l.width, l.height])) return 'track outside the widget';
    const dy = expectedDy(l);
    if (dy > -100) return 'track too short';
    if (l.handle_box[3] - l.handle_box[1] < 24 || l.handle_box[2] - l.handle_box[0] < 24) return 'handle too small';
    if (Math.abs(dy) * l.rel_tolerance < 4) return 'tolerance under 4 px';
    return null;
  },

  draw(l, style) {
    let body = widgetCard(style, l.width, l.height);
    // lock-screen wallpaper band and clock
    body += boxRect([8, 8, l.width - 8, 98], { fill: hsl(l.hue, 45, style.theme === 'light' ? 88 : 26), rx: style.radius + 4 });
    body += label(style, l.clock, l.width / 2, 58, 34, style.text, { anchor: 'middle', weight: 700 });
    body += label(style, say(style.locale, { en: 'Swipe up to unlock', zh: '向上滑动解锁' }), l.width / 2, 84, 13, style.subtext, { anchor: 'middle', maxWidth: l.width - 30 });
    const t = l.track_box;
    const h = l.handle_box;
    const tw = t[2] - t[0];
    body += boxRect(t, { fill: style.panel, stroke: style.border, sw: 1, rx: tw / 2 });
    // faint chevrons in the track above the handle, pointing up
    const cx = (t[0] + t[2]) / 2;
    for (let y = h[1] - 22; y > t[1] + 16; y -= 26) {
      body += path(polyD([[cx - 8, y + 5], [cx, y - 3], [cx + 8, y + 5]], false), { stroke: style.subtext, sw: 2, opacity: 0.5, extra: 'stroke-linecap="round" stroke-linejoin="round"' });
    }
    // lock icon at the top end
    body += boxRect([cx - 8, t[1] + 14, cx + 8, t[1] + 26], { fill: style.subtext, rx: 2 });
    body += path(`M${cx - 5} ${t[1] + 14}V${t[1] + 10}A5 5 0 0 1 ${cx + 5} ${t[1] + 10}V${t[1] + 14}`, { stroke: style.subtext, sw: 2 });
    body += boxRect(h, { fill: style.accent, rx: Math.min((h[2] - h[0]) / 2, style.radius * 3), extra: 'stroke="rgba(0,0,0,0.15)" stroke-width="1"' });
    const [hx, hy] = boxCenter(h);
    for (const oy of [-5, 4]) body += path(polyD([[hx - 7, hy + oy + 4], [hx, hy + oy - 3], [hx + 7, hy + oy + 4]], false), { stroke: style.onAccent, sw: 2.2, extra: 'stroke-linecap="round" stroke-linejoin="round"' });
    return { body };
  },

  dx: expectedDy,
  solve(l) {
    const start = boxCenter(l.handle_box);
    const dy = expectedDy(l);
    return {
      actions: [{ type: 'drag', start, end: [start[0], start[1] + dy] }],
      verifier: { kind: 'drag_y', handle_box: l.handle_box, track_box: l.track_box, expected_dy: dy, rel_tolerance: l.rel_tolerance, max_dx: 5 },
      ordered: true,
    };
  },
  reasoning: (l, _locale, m) => ({ dy: Math.round(Math.abs(expectedDy(l)) * m.sy) }),
});
