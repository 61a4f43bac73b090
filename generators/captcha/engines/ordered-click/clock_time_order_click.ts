/**
 * #25 clock_time_order_click (group C, ordered icon click, Click×k): analog clock faces showing
 * different times (all between 1:00 and 11:59, so "earliest" is unambiguous on a 12-hour dial);
 * click them from the earliest time to the latest. Minute resolution, minimum gap and dial style
 * (numerals, ticks, Roman, quarters only) are the knobs. The hour hand sits where it would at that
 * minute ((h + m/60) × 30°).
 */
import type { Box } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxInside, boxesOverlap } from '../../lib/draw.js';
import type { ClickFrame } from '../../lib/frames.js';
import { plainPicture } from '../../lib/backdrops.js';
import { type ClockStyle, clockSvg } from '../../lib/dice-clocks.js';
import { say } from '../../lib/i18n.js';
import { checkSorted, inOrder, listSep, orderedClickEngine } from './template.js';

interface Clock {
  h: number;
  m: number;
  cx: number;
  cy: number;
  r: number;
  style: ClockStyle;
  box: Box;
}
/** Latent state of clock_time_order_click (puzzle px). */
export interface ClockOrderLatent extends Record<string, unknown> {
  frame: ClickFrame;
  clocks: Clock[];
  order: number[];
  min_gap: number;
  palette: number;
}

const PALETTES = [
  { face: '#ffffff', rim: '#2d3340', ink: '#1e2229', hand: '#1e2229', accent: '#e03131' },
  { face: '#fff8e7', rim: '#8c6b3f', ink: '#3b2f1e', hand: '#3b2f1e', accent: '#c2410c' },
  { face: '#eef4ff', rim: '#1c4fa8', ink: '#12306b', hand: '#12306b', accent: '#1c7ed6' },
  { face: '#1f2329', rim: '#9aa0a6', ink: '#f1f3f5', hand: '#f1f3f5', accent: '#fab005' },
];
const fmt = (c: { h: number; m: number }): string => `${c.h}:${String(c.m).padStart(2, '0')}`;
const minutes = (c: { h: number; m: number }): number => c.h * 60 + c.m;

/** Engine #25 clock_time_order_click (group C, Click×k, verifier `click`/`sequence`). */
export const clockTimeOrderClick = orderedClickEngine({
  type: 'clock_time_order_click',
  group: 'ordered_icon_click',
  number: 25,
  knobs: defineKnobs({ count: knob('clocks', 3, 4, 5), resolution: knob('minutes between possible times', 30, 5, 1), min_gap: knob('minimum difference between two clocks, minutes', 60, 25, 9), styles: knob('dial styles used', ['numerals'], ['numerals', 'ticks', 'quarters'], ['numerals', 'ticks', 'roman', 'quarters']) }),
  frame: { imageH: 190 },

  sample(rng, k, frame): ClockOrderLatent {
    const ib = frame.image_box;
    const times: Array<{ h: number; m: number }> = [];
    for (let t = 0; t < 300 && times.length < k.count; t++) {
      const h = rng.int(1, 11);
      const m = rng.int(0, Math.floor(59 / k.resolution)) * k.resolution;
      if (times.every((x) => Math.abs(minutes(x) - (h * 60 + m)) >= k.min_gap)) times.push({ h, m });
    }
    // lay clocks on a grid: up to 3 per row
    const n = times.length;
    const rows = n <= 3 ? 1 : 2;
    const perRow = Math.ceil(n / rows);
    const cw = (ib[2] - ib[0]) / perRow;
    const ch = (ib[3] - ib[1]) / rows;
    const r = Math.floor(Math.min(cw, ch) / 2 - 8);
    const clocks: Clock[] = times.map((t, i) => {
      const row = Math.floor(i / perRow);
      const inRow = row === rows - 1 ? n - perRow * (rows - 1) : perRow;
      const col = i % perRow;
      const x0 = ib[0] + ((ib[2] - ib[0]) - inRow * cw) / 2;
      const cx = Math.round(x0 + (col + 0.5) * cw + rng.float(-3, 3));
      const cy = Math.round(ib[1] + (row + 0.5) * ch + rng.float(-3, 3));
      return { ...t, cx, cy, r, style: rng.pick(k.styles), box: [cx - r - 3, cy - r - 3, cx + r + 4, cy + r + 4] as Box };
    });
    const shuffled = rng.shuffle(clocks.map((c) => ({ h: c.h, m: c.m, style: c.style }))).map((t, i) => ({ ...clocks[i]!, ...t }));
    const order = shuffled.map((_, i) => i).sort((a, b) => minutes(shuffled[a]!) - minutes(shuffled[b]!));
    return { frame, clocks: shuffled, order, min_gap: k.min_gap, palette: rng.int(0, PALETTES.length - 1) };
  },

  validate(l) {
    if (l.clocks.length < 3) return 'fewer than three clocks';
    for (const c of l.clocks) {
      if (!Number.isInteger(c.h) || c.h < 1 || c.h > 11 || !Number.isInteger(c.m) || c.m < 0 || c.m > 59) return 'time outside 1:00–11:59';
      if (c.r < 26) return 'clock too small to read';
    }
    for (let i = 0; i < l.clocks.length; i++) {
      for (let j = 0; j < i; j++) {
        if (Math.abs(minutes(l.clocks[i]!) - minutes(l.clocks[j]!)) < l.min_gap) return 'two times too close';
        if (boxesOverlap(l.clocks[i]!.box, l.clocks[j]!.box, 1)) return 'clocks overlap';
      }
      if (!boxInside(l.clocks[i]!.box, l.frame.image_box)) return 'clock outside the picture';
    }
    return checkSorted(l.order, l.clocks.length, (i) => minutes(l.clocks[i]!), 'asc', 'clock', 'order is not earliest to latest');
  },

  clicks: (l) => inOrder(l.clocks, l.order),
  picture(l, style, rng) {
    const pal = PALETTES[l.palette % PALETTES.length]!;
    return plainPicture(rng, l.frame.image_box, style, 'none') + l.clocks.map((c) => clockSvg(c.cx, c.cy, c.r, c.h, c.m, c.style, pal, style.face)).join('');
  },
  prompt: (_l, style) => ({ lead: say(style.locale, { en: 'Click the clocks from earliest to latest time', zh: '按时间从早到晚依次点击时钟' }) }),

  stepName: (c, _j, _l, locale) => say(locale, 'clock_time_order_click.step', { time: fmt(c) }),
  reasoning: { params: (l, locale) => ({ times: l.clocks.map(fmt).join(listSep(locale)) }) },
  instruction: { params: (l) => ({ clocks_length: l.clocks.length }) },
});
