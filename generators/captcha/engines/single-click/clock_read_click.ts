/**
 * #73 clock_read_click (group G, visual reasoning, Click): several analog clocks; the prompt gives a time
 * and exactly one clock shows it. Decoys differ by at least the minute resolution, and on hard levels
 * include the same time with hour and minute hands swapped. Verifier `click` / `any`.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob, IDENTITY_AFFINE } from '../../engine.js';
import { circle, hsl, line, ptText } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { singleClickEngine } from './template.js';
import { cellWords, gridBoxes } from '../../lib/grids.js';
import { chrome, tile } from '../../lib/controls.js';
import { rotAbout } from '../../lib/geometry.js';
import { rotatedText } from '../../lib/rotation.js';

/** Latent state of clock_read_click (puzzle px; times as minutes after 12:00, 0..719). */
export interface ClockReadLatent extends Record<string, unknown> {
  width: number;
  height: number;
  cols: number;
  cells: Box[];
  /** Time shown per clock (minutes after 12:00); for a swapped clock, the angles are swapped. */
  times: number[];
  /** Clocks whose hour and minute hands are swapped (decoys). */
  swapped: boolean[];
  target: number;
  answer: number;
  numerals: 'arabic' | 'roman' | 'ticks';
  resolution: number;
  hue: number;
}

const KNOBS = defineKnobs({ clocks: knob('number of clocks', [2, 2], [2, 3], [2, 3]), resolution: knob('minute resolution of the times', 15, 5, 5), numerals: knob('dial numerals (arabic, roman, ticks only)', 'arabic', 'arabic', 'roman'), swap_decoy: knob('a decoy with hour and minute hands swapped', false, false, true) });

const W = 320;
const ROMAN = ['XII', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI'];
/** `h:mm` of minutes after 12:00. */
export const timeText = (t: number): string => `${Math.floor(t / 60) || 12}:${String(t % 60).padStart(2, '0')}`;
/** Hour- and minute-hand angles (degrees clockwise from 12) of a time. */
const angles = (t: number): [number, number] => [(t / 720) * 360, ((t % 60) / 60) * 360];

/** Engine #73 clock_read_click (group G, Click, verifier `click` / `any`). */
export const clockReadClick = singleClickEngine<ClockReadLatent, typeof KNOBS>({
  type: 'clock_read_click',
  number: 73,
  group: 'visual_reasoning',
  knobs: KNOBS,

  sample(rng, k, difficulty) {
    const [rows, cols] = k.clocks;
    const n = rows * cols;
    const slots = 720 / k.resolution;
    const target = rng.int(0, slots - 1) * k.resolution;
    const times = [target];
    const swapped = [false];
    if (k.swap_decoy) {
      // the swapped decoy: hour hand where the target's minute hand is and vice versa (shown through angles)
      times.push(target);
      swapped.push(true);
    }
    // a near decoy: same hour, minutes off by a multiple of the resolution
    while (times.length < n) {
      const near = times.length === (k.swap_decoy ? 2 : 1);
      const t = near ? (target + rng.pick([-2, -1, 1, 2]) * k.resolution + 720) % 720 : rng.int(0, slots - 1) * k.resolution;
      if (times.some((x, i) => !swapped[i] && x === t)) continue;
      times.push(t);
      swapped.push(false);
    }
    const order = rng.shuffle(times.map((_, i) => i));
    const cw = Math.floor((W - 28 - 10 * (cols - 1)) / cols);
    const area: Box = [14, 46, 14 + cols * cw + 10 * (cols - 1), 46 + rows * cw + 10 * (rows - 1)];
    return {
      width: W,
      height: area[3] + 14,
      cols,
      cells: gridBoxes(area, rows, cols, 10),
      times: order.map((i) => times[i]!),
      swapped: order.map((i) => swapped[i]!),
      target,
      answer: order.indexOf(0),
      numerals: k.numerals,
      resolution: k.resolution,
      hue: rng.int(0, 359),
    };
  },

  validate(l) {
    if (l.times.length !== l.cells.length || l.swapped.length !== l.cells.length) return 'one time per clock';
    // what each clock reads (hands as drawn): a swapped clock reads as another time or an impossible one
    const reads = l.times.map((t, i) => (l.swapped[i] ? -1 : t));
    if (reads.filter((t) => t === l.target).length !== 1 || reads[l.answer] !== l.target) return 'exactly one clock must show the time';
    for (const [i, t] of l.times.entries()) {
      if (t % l.resolution !== 0) return 'time off the resolution grid';
      if (l.swapped[i]) {
        const [h, m] = angles(t);
        // swapped hands are only a decoy when they differ visibly from the true hands
        if (Math.abs(h - m) < 20 || Math.abs(h - m) > 340) return 'swapped hands nearly overlap';
      }
    }
    for (const c of l.cells) if (c[2] - c[0] < 80) return 'clocks too small';
    return null;
  },

  picture(l, style, rng) {
    const tt = timeText(l.target);
    let body = chrome(style, l.width, l.height, say(style.locale, 'clock_read_click.title', { time: tt }));
    const ink = style.theme === 'light' ? '#1f2329' : '#e8eaed';
    l.cells.forEach((c, i) => {
      body += tile(style, c);
      const [cx, cy] = boxCenter(c);
      const R = (c[2] - c[0]) / 2 - 8;
      body += circle(cx, cy, R, { fill: hsl(l.hue, 25, style.theme === 'light' ? 97 : 18), stroke: hsl(l.hue, 40, 45), sw: 2.5 });
      for (let k = 0; k < 60; k++) {
        const big = k % 5 === 0;
        if (!big && l.numerals !== 'ticks') continue;
        const [x1, y1] = rotAbout(cx, cy, cx, cy - R + 3, k * 6);
        const [x2, y2] = rotAbout(cx, cy, cx, cy - R + (big ? 9 : 5), k * 6);
        body += line(x1, y1, x2, y2, ink, big ? 2 : 1);
      }
      if (l.numerals !== 'ticks') {
        for (let h = 0; h < 12; h++) {
          const [x, y] = rotAbout(cx, cy, cx, cy - R * 0.72, h * 30);
          const s = l.numerals === 'roman' ? ROMAN[h]! : String(h || 12);
          body += rotatedText(style, s, x, y, l.numerals === 'roman' ? R * 0.2 : R * 0.24, 0, ink, 400);
        }
      }
      let [ha, ma] = angles(l.times[i]!);
      if (l.swapped[i]) [ha, ma] = [ma, ha];
      const [hx, hy] = rotAbout(cx, cy, cx, cy - R * 0.5, ha);
      const [mx, my] = rotAbout(cx, cy, cx, cy - R * 0.82, ma);
      body += line(cx, cy, hx, hy, ink, 4.5, 'stroke-linecap="round"');
      body += line(cx, cy, mx, my, ink, 2.5, 'stroke-linecap="round"');
      body += circle(cx, cy, 3.5, { fill: hsl(l.hue, 70, 45) });
    });
    return { svg: body };
  },

  target: (l) => ({ boxes: [l.cells[l.answer]!] }),

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const tt = timeText(l.target);
    const at = ptText(m, boxCenter(l.cells[l.answer]!));
    const where = cellWords(l.answer, l.cols, locale);
    const mm = l.target % 60;
    const sw = l.swapped.some(Boolean);
    return say(locale, 'clock_read_click.reasoning', {
      time: tt, mark_en: mm / 5 || 12, mark_zh: mm / 5, mm, hour: Math.floor(l.target / 60) || 12, pct: Math.round((mm / 60) * 100),
      swapped: sw ? say(locale, 'clock_read_click.swapped') : '', where, at,
    });
  },

  text: (l, locale) => ({ timeText: timeText(l.target) }),
});
