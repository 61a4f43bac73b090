/**
 * #34 drag_clock_hand (group D, image rotation, Drag): an analog clock whose hour hand already shows the
 * asked time and whose minute hand points elsewhere; drag the minute hand's tip round to the asked
 * minute. Verifier `drags` with one item: start on the minute hand's tip, end inside a box around the
 * target tip position (its half-size is the tolerance, under half a resolution step along the rim).
 */
import type { Point } from '../../../../core/geometry.js';
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { circle, hsl, line, ptText, svgDoc } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { boxAround, rotAbout } from '../../lib/geometry.js';
import { chrome } from '../../lib/controls.js';
import { dragsSolution } from '../../lib/solutions.js';
import { rotatedText } from '../../lib/rotation.js';
import { timeText } from '../single-click/clock_read_click.js';

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

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ resolution: knob('minute resolution of the asked time', 15, 5, 5), numerals: knob('hour numerals on the dial', true, true, false) });

const W = 300;
const H = 310;
const tipLen = (l: ClockHandLatent): number => l.clock.r * 0.8;
/** Tip of the minute hand at minute m. */
export function tipAt(l: ClockHandLatent, m: number): Point {
  const { cx, cy } = l.clock;
  return rotAbout(cx, cy, cx, cy - tipLen(l), (m % 60) * 6);
}

/** Engine #34 drag_clock_hand (group D, Drag, verifier `drags`). */
export const dragClockHand = defineEngine<ClockHandLatent>({
  type: 'drag_clock_hand',
  group: 'image_rotation',
  number: 34,
  actionForm: 'Drag',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
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

  draw(l, style) {
    const { cx, cy, r } = l.clock;
    const ink = style.theme === 'light' ? '#1f2329' : '#e8eaed';
    let body = chrome(style, l.width, l.height, say(style.locale, { en: `Drag the minute hand to show ${timeText(l.target)}`, zh: `拖动分针，使时钟显示 ${timeText(l.target)}` }));
    body += circle(cx, cy, r, { fill: hsl(l.hue, 25, style.theme === 'light' ? 97 : 18), stroke: hsl(l.hue, 40, 45), sw: 3 });
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
    return { svg: svgDoc(l.width, l.height, body), width: l.width, height: l.height };
  },

  solve(l) {
    const [sx, sy] = tipAt(l, l.minute_now);
    const [tx, ty] = tipAt(l, l.target % 60);
    return dragsSolution([{ handle_box: boxAround(sx, sy, l.handle_r), target_box: boxAround(tx, ty, l.tol_px) }]);
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const mm = l.target % 60;
    const from = ptText(m, tipAt(l, l.minute_now));
    const to = ptText(m, tipAt(l, mm));
    return say(locale, {
      en: `To show ${timeText(l.target)} the hour hand is already right; the minute hand must point at ${mm} minutes (the ${mm / 5 || 12} mark). Its tip is now at ${from} (${l.minute_now} minutes): drag it to ${to} and release.`,
      zh: `要显示 ${timeText(l.target)}，时针已经在正确位置，分针要指向 ${mm} 分（${mm / 5 || 12} 点刻度）。分针尖端现在在 ${from}（${l.minute_now} 分），按住它拖到 ${to} 松开。`,
    });
  },

  instruction(l, locale) {
    return say(locale, 'drag_clock_hand.instruction', { timeText: timeText(l.target) });
  },
});
