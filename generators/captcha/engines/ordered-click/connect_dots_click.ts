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
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { boxInside, boxesOverlap, circle, path, svgDoc, n1 } from '../../lib/draw.js';
import { type ClickFrame, clickFrame, drawClickFrame, orderSteps } from '../../lib/frames.js';
import { plainPicture } from '../../lib/backdrops.js';
import { clickSequence } from '../../lib/solutions.js';
import { wordBox, wordOutline } from '../../lib/glyph-pictures.js';
import { say } from '../../lib/i18n.js';

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

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ count: knob('dots', 4, 5, 6), skip: knob('numbers skip values (not consecutive)', false, false, true), max_tilt: knob('max numeral tilt, degrees', 0, 15, 35), hint_lines: knob('faint outline drawn through the dots', true, false, false) });
const HALF = 11;
const FACE = 'roboto' as const;

const labelBox = (d: Pick<Dot, 'n' | 'lx' | 'ly' | 'lrot'>, size: number): Box => wordBox(String(d.n), size, d.lx, d.ly, d.lrot, FACE, 700, 1);

/** Engine #28 connect_dots_click (group C, Click×k, verifier `click`/`sequence`). */
export const connectDotsClick = defineEngine<ConnectDotsLatent>({
  type: 'connect_dots_click',
  group: 'ordered_icon_click',
  number: 28,
  actionForm: 'Click×k',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
    const frame = clickFrame(rng, 200);
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
    const ns = l.dots.map((d) => d.n);
    if (new Set(ns).size !== ns.length) return 'repeated number';
    if (l.order.length !== l.dots.length || new Set(l.order).size !== l.order.length) return 'order must use every dot once';
    for (let i = 1; i < l.order.length; i++) if (l.dots[l.order[i - 1]!]!.n >= l.dots[l.order[i]!]!.n) return 'order is not increasing';
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

  draw(l, style, rng) {
    let pic = plainPicture(rng, l.frame.image_box, style, 'none');
    const light = style.theme === 'light';
    const ink = light ? '#1f2329' : '#eceef1';
    if (l.hint_lines) {
      const seq = l.order.map((i) => l.dots[i]!);
      const d = seq.map((p, i) => `${i ? 'L' : 'M'}${n1(p.x)} ${n1(p.y)}`).join('') + 'Z';
      pic += path(d, { stroke: ink, sw: 1, opacity: 0.18, extra: 'stroke-dasharray="3 4"' });
    }
    for (const d of l.dots) {
      pic += circle(d.x, d.y, 5.5, { fill: ink });
      pic += path(wordOutline(String(d.n), l.label_size, d.lx, d.ly, d.lrot, FACE, 700).d, { fill: ink });
    }
    const body = drawClickFrame(style, l.frame, say(style.locale, { en: 'Click the dots in increasing number order', zh: '按数字从小到大依次点击圆点' }), null, pic);
    return { svg: svgDoc(l.frame.width, l.frame.height, body), width: l.frame.width, height: l.frame.height };
  },

  solve(l) {
    return clickSequence(l.order.map((i) => l.dots[i]!.box));
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const steps = orderSteps(l.order.map((i) => ({ name: say(locale, { en: `dot ${l.dots[i]!.n}`, zh: `编号 ${l.dots[i]!.n} 的圆点` }), box: l.dots[i]!.box })), l.frame.image_box, locale, m);
    const nums = l.order.map((i) => l.dots[i]!.n);
    return say(locale, { en: `Each dot has a number next to it; in increasing order they are ${nums.join(', ')}${nums.some((n, i) => i && n !== nums[i - 1]! + 1) ? ' (not consecutive)' : ''}. ${steps}. Click the dots themselves in this order.`, zh: `每个圆点旁有一个编号，编号从小到大依次为 ${nums.join('、')}${nums.some((n, i) => i && n !== nums[i - 1]! + 1) ? '（编号不连续）' : ''}。${steps}。按编号顺序点击圆点本身。` });
  },

  instruction(l, locale) {
    return say(locale, 'connect_dots_click.instruction', { dots_length: l.dots.length });
  },
});
