/**
 * #77 click_dot_target (group H, one-click verification, Click): a picture sprinkled with small
 * dots of several named colours; click the one dot of the named colour (NextGen Red_Dot). Hard
 * puzzles use smaller dots and neighbouring hues as distractors.
 *
 * Tolerance (as a person would accept a click near a small target): the accepted box is the dot's radius plus max(4 px, 15 %) on every
 * side, recorded as the verifier box; distractor dots keep out of that box.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob, IDENTITY_AFFINE } from '../../engine.js';
import { Ids, boxInside, circle, hsl, label, noiseDots, ptText, rect, regionWord, widgetCard, footerIcons } from '../../lib/draw.js';
import { NAMED_COLORS, namedColor, swatch } from '../../lib/palette.js';
import { say } from '../../lib/i18n.js';
import { singleClickEngine } from './template.js';

interface Dot {
  color: string;
  cx: number;
  cy: number;
  r: number;
}
/** Latent state of click_dot_target (puzzle px). */
export interface ClickDotLatent extends Record<string, unknown> {
  width: number;
  height: number;
  image_box: Box;
  target_color: string;
  /** dots[0] is the target. */
  dots: Dot[];
  click_box: Box;
  bg_hue: number;
}

const KNOBS = defineKnobs({ radius: knob('dot radius, puzzle px', 10, 8, 7), distractors: knob('dots of other colours', 5, 10, 16), min_hue_gap: knob('minimum hue distance from the target colour, degrees', 90, 50, 28) });
const DOT_COLORS = NAMED_COLORS.filter((c) => c.hue >= 0).map((c) => c.key);
const hueGap = (a: string, b: string): number => {
  const d = Math.abs(namedColor(a).hue - namedColor(b).hue) % 360;
  return Math.min(d, 360 - d);
};
/** Accepted click box around a dot: radius + max(4, 15 % of radius). */
export function dotClickBox(d: Dot): Box {
  const h = d.r + Math.max(4, 0.15 * d.r);
  return [Math.floor(d.cx - h), Math.floor(d.cy - h), Math.ceil(d.cx + h), Math.ceil(d.cy + h)];
}

/** Engine #77 click_dot_target (group H, Click, verifier `click`/`any`). */
export const clickDotTarget = singleClickEngine<ClickDotLatent, typeof KNOBS>({
  type: 'click_dot_target',
  number: 77,
  group: 'one_click',
  knobs: KNOBS,

  sample(rng, k, difficulty) {
    const width = 320;
    const image_box: Box = [10, 50, 310, 230];
    const target = rng.pick(DOT_COLORS);
    const others = DOT_COLORS.filter((c) => c !== target && hueGap(c, target) >= k.min_hue_gap);
    const dots: Dot[] = [];
    for (let i = 0; i <= k.distractors; i++) {
      const r = i === 0 ? k.radius : Math.max(5, k.radius + rng.int(-2, 2));
      for (let t = 0; t < 200; t++) {
        const cx = Math.round(rng.float(image_box[0] + r + 8, image_box[2] - r - 8));
        const cy = Math.round(rng.float(image_box[1] + r + 8, image_box[3] - r - 8));
        if (dots.every((d) => Math.hypot(d.cx - cx, d.cy - cy) > d.r + r + 12)) {
          dots.push({ color: i === 0 ? target : rng.pick(others), cx, cy, r });
          break;
        }
      }
    }
    return { width, height: 262, image_box, target_color: target, dots, click_box: dotClickBox(dots[0]!), bg_hue: rng.int(0, 359) };
  },

  validate(l) {
    const t = l.dots[0];
    if (!t || t.color !== l.target_color) return 'first dot is not the target';
    if (l.dots.filter((d) => d.color === l.target_color).length !== 1) return 'more than one dot of the target colour';
    for (const d of l.dots) if (!DOT_COLORS.includes(d.color)) return 'dot colour without a name';
    if (l.dots.some((d, i) => i && hueGap(d.color, l.target_color) < 25)) return 'distractor hue too close to name apart';
    const b = dotClickBox(t);
    if (b.some((v, q) => v !== l.click_box[q])) return 'click box does not match the dot';
    if (b[2] - b[0] < 20) return 'click box too small';
    if (!boxInside(b, l.image_box)) return 'dot outside the picture';
    for (const d of l.dots.slice(1)) {
      const dx = Math.max(b[0] - d.cx, 0, d.cx - b[2]);
      const dy = Math.max(b[1] - d.cy, 0, d.cy - b[3]);
      if (Math.hypot(dx, dy) < d.r + 2) return 'a distractor touches the accepted area';
    }
    return null;
  },

  picture(l, style, rng) {
    const ids = new Ids();
    const g = ids.next();
    const ib = l.image_box;
    const defs = `<linearGradient id="${g}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(l.bg_hue, 20, 93)}"/><stop offset="1" stop-color="${hsl(l.bg_hue + 40, 22, 85)}"/></linearGradient>`;
    let s = widgetCard(style, l.width, l.height);
    const c = namedColor(l.target_color);
    s += label(style, say(style.locale, 'click_dot_target.title', { color_en: c.en, color_zh: c.zh }), 14, 32, 16, style.text, { weight: 700, maxWidth: l.width - 60 });
    s += swatch(l.width - 34, 27, 14, c.hex, style.border);
    s += rect(ib[0], ib[1], ib[2] - ib[0], ib[3] - ib[1], { fill: `url(#${g})`, rx: 3 });
    s += noiseDots(rng, ib, 70, 0.35);
    for (const d of l.dots) s += circle(d.cx, d.cy, d.r, { fill: namedColor(d.color).hex, stroke: 'rgba(0,0,0,0.35)', sw: 1 });
    s += footerIcons(style, 12, l.height - 16);
    return { svg: s, defs: defs };
  },

  target: (l) => ({ boxes: [l.click_box], point: [l.dots[0]!.cx, l.dots[0]!.cy] }),

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const t = l.dots[0]!;
    const c = namedColor(l.target_color);
    const where = regionWord(t.cx, t.cy, l.image_box, locale);
    const at = ptText(m, boxCenter(l.click_box));
    return say(locale, 'click_dot_target.reasoning', { n: l.dots.length, color: say(locale, c), where, at });
  },

  text: (l, locale) => ({ color: say(locale, namedColor(l.target_color)) }),
});
