/**
 * #28 connect_dots_click (group C, ordered icon click, Click×k): numbered dots of a connect-the-dots
 * drawing (the dots lie around a closed outline); click the dots in increasing numeric order. Hard
 * puzzles skip numbers (3, 7, 12, …) and tilt the numerals.
 *
 * Validity: every label is unambiguously attached to its dot (its own dot is the nearest, every other
 * dot at least 1.6× farther), labels and dots do not collide, and numerals with a "1" stay nearly
 * upright (a tilted 1 reads as 7).
 */
import type { Box } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxInside, boxesOverlap, circle, path, n1 } from '../../lib/draw.js';
import type { ClickFrame } from '../../lib/frames.js';
import { plainPicture } from '../../lib/backdrops.js';
import { wordBox, wordOutline } from '../../lib/glyph-pictures.js';
import { say } from '../../lib/i18n.js';
import { checkSorted, hasRepeats, inOrder, listSep, orderedClickEngine } from './template.js';

interface Dot {
  n: number;
  x: number;
  y: number;
  /** Label centre and tilt. */
  lx: number;
  ly: number;
  lrot: number;
  box: Box;
}
/** Latent state of connect_dots_click (puzzle px). */
export interface ConnectDotsLatent extends Record<string, unknown> {
  frame: ClickFrame;
  dots: Dot[];
  order: number[];
  label_size: number;
  hint_lines: boolean;
}

const HALF = 11;
const FACE = 'roboto' as const;

const labelBox = (d: Pick<Dot, 'n' | 'lx' | 'ly' | 'lrot'>, size: number): Box => wordBox(String(d.n), size, d.lx, d.ly, d.lrot, FACE, 700, 1);

/** Engine #28 connect_dots_click (group C, Click×k, verifier `click`/`sequence`). */
export const connectDotsClick = orderedClickEngine({
  type: 'connect_dots_click',
  group: 'ordered_icon_click',
  number: 28,
  knobs: defineKnobs({ count: knob('dots', 4, 5, 6), skip: knob('numbers skip values (not consecutive)', false, false, true), max_tilt: knob('max numeral tilt, degrees', 0, 15, 35), hint_lines: knob('faint outline drawn through the dots', true, false, false) }),
  frame: { imageH: 200 },

  sample(rng, k, frame): ConnectDotsLatent {
    const ib = frame.image_box;
    const cx = (ib[0] + ib[2]) / 2 + rng.float(-20, 20);
    const cy = (ib[1] + ib[3]) / 2 + rng.float(-10, 10);
    const rx = (ib[2] - ib[0]) / 2 - 36;
    const ry = (ib[3] - ib[1]) / 2 - 30;
    // angles around the loop with jitter, radii varied: an irregular closed outline
    const a0 = rng.float(0, Math.PI * 2);
    const dir = rng.bool() ? 1 : -1;
    const nums: number[] = [];
    let v = k.skip ? rng.int(1, 5) : 1;
    for (let i = 0; i < k.count; i++) {
      nums.push(v);
      v += k.skip ? rng.int(2, 6) : 1;
    }
    const dots: Dot[] = nums.map((n, i) => {
      const a = a0 + dir * ((2 * Math.PI * i) / k.count + rng.float(-0.25, 0.25));
      const rr = rng.float(0.55, 1);
      const x = Math.round(cx + rx * rr * Math.cos(a));
      const y = Math.round(cy + ry * rr * Math.sin(a));
      const ux = Math.cos(a);
      const uy = Math.sin(a);
      const tilt = String(n).includes('1') ? Math.min(k.max_tilt, 6) : k.max_tilt;
      return { n, x, y, lx: Math.round(x + ux * 19), ly: Math.round(y + uy * 17), lrot: tilt ? rng.int(-tilt, tilt) : 0, box: [x - HALF, y - HALF, x + HALF, y + HALF] as Box };
    });
    const shuffled = rng.shuffle(dots);
    const order = shuffled.map((_, i) => i).sort((a, b) => shuffled[a]!.n - shuffled[b]!.n);
    return { frame, dots: shuffled, order, label_size: 15, hint_lines: k.hint_lines };
  },

  validate(l) {
    if (l.dots.length < 3) return 'fewer than three dots';
    if (hasRepeats(l.dots.map((d) => d.n))) return 'repeated number';
    const sorted = checkSorted(l.order, l.dots.length, (i) => l.dots[i]!.n, 'asc', 'dot', 'order is not increasing');
    if (sorted) return sorted;
    if (l.label_size < 12) return 'numbers too small';
    const lbs = l.dots.map((d) => labelBox(d, l.label_size));
    for (let i = 0; i < l.dots.length; i++) {
      const d = l.dots[i]!;
      if (String(d.n).includes('1') && Math.abs(d.lrot) > 8) return 'a tilted 1 reads as 7';
      if (!boxInside(d.box, l.frame.image_box) || !boxInside(lbs[i]!, l.frame.image_box)) return 'dot or number outside the picture';
      const own = Math.hypot(d.lx - d.x, d.ly - d.y);
      for (let j = 0; j < l.dots.length; j++) {
        if (j === i) continue;
        const e = l.dots[j]!;
        if (Math.hypot(d.x - e.x, d.y - e.y) < 36) return 'dots too close';
        if (Math.hypot(d.lx - e.x, d.ly - e.y) < own * 1.6) return 'a number sits closer to another dot';
        if (boxesOverlap(lbs[i]!, lbs[j]!, 2) || boxesOverlap(lbs[i]!, e.box, 0)) return 'number collides with another dot or number';
        if (j < i && boxesOverlap(d.box, e.box, 2)) return 'dots overlap';
      }
    }
    return null;
  },

  clicks: (l) => inOrder(l.dots, l.order),
  picture(l, style, rng) {
    let pic = plainPicture(rng, l.frame.image_box, style, 'none');
    const ink = style.theme === 'light' ? '#1f2329' : '#eceef1';
    if (l.hint_lines) {
      const d = inOrder(l.dots, l.order).map((p, i) => `${i ? 'L' : 'M'}${n1(p.x)} ${n1(p.y)}`).join('') + 'Z';
      pic += path(d, { stroke: ink, sw: 1, opacity: 0.18, extra: 'stroke-dasharray="3 4"' });
    }
    for (const d of l.dots) pic += circle(d.x, d.y, 5.5, { fill: ink }) + path(wordOutline(String(d.n), l.label_size, d.lx, d.ly, d.lrot, FACE, 700).d, { fill: ink });
    return pic;
  },
  prompt: (_l, style) => ({ lead: say(style.locale, { en: 'Click the dots in increasing number order', zh: '按数字从小到大依次点击圆点' }) }),

  stepName: (d, _j, _l, locale) => say(locale, 'connect_dots_click.step', { n: d.n }),
  reasoning: {
    params: (l, locale) => {
      const nums = inOrder(l.dots, l.order).map((d) => d.n);
      return { numbers: nums.join(listSep(locale)), gap_note: nums.some((n, i) => i && n !== nums[i - 1]! + 1) ? say(locale, 'connect_dots_click.not_consecutive') : '' };
    },
  },
  instruction: { params: (l) => ({ dots_length: l.dots.length }) },
});
