/**
 * #34 drag_clock_hand (group D, image rotation, Drag): an analog clock whose hour hand already shows the
 * asked time and whose minute hand points elsewhere; drag the minute hand's tip round to the asked
 * minute. Verifier `drags` with one item: start on the minute hand's tip, end inside a box around the
 * target tip position (its half-size is the tolerance, under half a resolution step along the rim).
 */
import type { Point } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { circle, hsl, line, ptText } from '../../lib/draw.js';
import { boxAround, rotAbout } from '../../lib/geometry.js';
import { rotatedText } from '../../lib/rotation.js';
import { timeText } from '../single-click/clock_read_click.js';
import { dragEngine } from './template.js';

/** Latent state of drag_clock_hand (puzzle px; time in minutes after 12:00). */
export interface ClockHandLatent extends Record<string, unknown> {
  width: number;
  height: number;
  clock: { cx: number; cy: number; r: number };
  /** Asked time. */
  target: number;
  /** Minute the minute hand shows now. */
  minute_now: number;
  resolution: number;
  numerals: boolean;
  /** Half-size of the handle and of the accepted drop box, px. */
  handle_r: number;
  tol_px: number;
  hue: number;
}

const KNOBS = defineKnobs({ resolution: knob('minute resolution of the asked time', 15, 5, 5), numerals: knob('hour numerals on the dial', true, true, false) });

const W = 300;
const H = 310;
const tipLen = (l: ClockHandLatent): number => l.clock.r * 0.8;
/** Tip of the minute hand at minute m. */
export function tipAt(l: ClockHandLatent, m: number): Point {
  const { cx, cy } = l.clock;
  return rotAbout(cx, cy, cx, cy - tipLen(l), (m % 60) * 6);
}

/** Engine #34 drag_clock_hand (group D, Drag, verifier `drags`). */
export const dragClockHand = dragEngine<ClockHandLatent, typeof KNOBS>({
  type: 'drag_clock_hand', group: 'image_rotation', number: 34, knobs: KNOBS,
  sample(rng, k) {
    const target = rng.int(0, 720 / k.resolution - 1) * k.resolution;
    // the minute hand starts 15 to 45 minutes away from the answer
    const now = ((target % 60) + 5 * rng.int(3, 9)) % 60;
    const r = 110;
    return {
      width: W,
      height: H,
      clock: { cx: 150, cy: 172, r },
      target,
      minute_now: now,
      resolution: k.resolution,
      numerals: k.numerals,
      handle_r: 12,
      // under half a resolution step along the rim (5 min = 30° → 0.8 r * sin(15°) ≈ 22 px)
      tol_px: Math.min(12, Math.floor(tipLen({ clock: { cx: 0, cy: 0, r } } as ClockHandLatent) * Math.sin((k.resolution * 6 * Math.PI) / 360) * 0.5)),
      hue: rng.int(0, 359),
    };
  },

  validate(l) {
    const d = Math.abs(((l.minute_now - (l.target % 60)) % 60 + 60) % 60);
    if (Math.min(d, 60 - d) < 10) return 'minute hand already near the answer';
    if (l.target % l.resolution !== 0) return 'time off the resolution grid';
    if (l.tol_px < 5) return 'tolerance under 5 px';
    const a = tipAt(l, l.target % 60);
    const b = tipAt(l, l.minute_now);
    if (Math.hypot(a[0] - b[0], a[1] - b[1]) < 2 * (l.handle_r + l.tol_px)) return 'start and target boxes overlap';
    return null;
  },

  title: (l) => ({ en: `Drag the minute hand to show ${timeText(l.target)}`, zh: `拖动分针，使时钟显示 ${timeText(l.target)}` }),

  draw(l, style) {
    const { cx, cy, r } = l.clock;
    const ink = style.theme === 'light' ? '#1f2329' : '#e8eaed';
    let body = circle(cx, cy, r, { fill: hsl(l.hue, 25, style.theme === 'light' ? 97 : 18), stroke: hsl(l.hue, 40, 45), sw: 3 });
    for (let k = 0; k < 60; k++) {
      const big = k % 5 === 0;
      const [x1, y1] = rotAbout(cx, cy, cx, cy - r + 4, k * 6);
      const [x2, y2] = rotAbout(cx, cy, cx, cy - r + (big ? 13 : 7), k * 6);
      body += line(x1, y1, x2, y2, ink, big ? 2.2 : 1);
    }
    if (l.numerals) for (let h = 0; h < 12; h++) {
      const [x, y] = rotAbout(cx, cy, cx, cy - r * 0.7, h * 30);
      body += rotatedText(style, String(h || 12), x, y, 17, 0, ink, 400);
    }
    const [hx, hy] = rotAbout(cx, cy, cx, cy - r * 0.5, (l.target / 720) * 360);
    body += line(cx, cy, hx, hy, ink, 6, 'stroke-linecap="round"');
    const [mx, my] = tipAt(l, l.minute_now);
    body += line(cx, cy, mx, my, hsl(l.hue, 70, 45), 3.5, 'stroke-linecap="round"');
    body += circle(mx, my, 8, { fill: hsl(l.hue, 70, 45), stroke: '#ffffff', sw: 2 });
    body += circle(cx, cy, 5, { fill: ink });
    return { body };
  },

  items(l) {
    const [sx, sy] = tipAt(l, l.minute_now);
    const [tx, ty] = tipAt(l, l.target % 60);
    return [{ handle_box: boxAround(sx, sy, l.handle_r), target_box: boxAround(tx, ty, l.tol_px) }];
  },

  reasoning(l, _locale, m) {
    const mm = l.target % 60;
    return { time: timeText(l.target), mm, mark: mm / 5 || 12, from: ptText(m, tipAt(l, l.minute_now)), now: l.minute_now, to: ptText(m, tipAt(l, mm)) };
  },

  instruction: (l) => ({ timeText: timeText(l.target) }),
});
