/**
 * #74 checkbox_not_robot (group H, one-click verification, Click): an "I'm not a robot"-style widget
 * with a checkbox, a label, a logo and privacy links. Answer: one click inside the checkbox.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob, IDENTITY_AFFINE } from '../../engine.js';
import { boxInside, boxRect, circle, label, n1, path, ptText } from '../../lib/draw.js';
import { quoteLabel, say } from '../../lib/i18n.js';
import { singleClickEngine } from './template.js';

/** Latent state of checkbox_not_robot (puzzle px). */
export interface CheckboxLatent extends Record<string, unknown> {
  width: number;
  height: number;
  /** The drawn checkbox square. */
  checkbox_box: Box;
  /** Accepted click area: the checkbox plus a small margin. */
  click_box: Box;
  /** Logo variant drawn at the right. */
  logo: 'arrows' | 'shield' | 'cloud';
}

const KNOBS = defineKnobs({ width: knob('widget width, puzzle px', 304, 270, 236), box: knob('checkbox side, puzzle px', 28, 24, 20), margin: knob('accepted margin around the checkbox, puzzle px', 4, 3, 2) });

function logo(kind: CheckboxLatent['logo'], cx: number, cy: number, r: number, accent: string): string {
  if (kind === 'arrows') {
    let s = '';
    const cols = ['#4a90e2', '#1c3aa9', '#b0b0b0'];
    for (let k = 0; k < 3; k++) {
      const a0 = (k * 2 * Math.PI) / 3 - Math.PI / 2;
      let d = '';
      for (let i = 0; i <= 10; i++) {
        const a = a0 + (i / 10) * (Math.PI * 0.55);
        d += `${i ? 'L' : 'M'}${n1(cx + r * Math.cos(a))} ${n1(cy + r * Math.sin(a))}`;
      }
      const ae = a0 + Math.PI * 0.55;
      const hx = cx + r * Math.cos(ae);
      const hy = cy + r * Math.sin(ae);
      s += path(d, { stroke: cols[k]!, sw: r * 0.32, extra: 'stroke-linecap="round"' });
      s += circle(hx, hy, r * 0.22, { fill: cols[k]! });
    }
    return s;
  }
  if (kind === 'shield') {
    return path(`M${n1(cx)} ${n1(cy - r)}L${n1(cx + r * 0.85)} ${n1(cy - r * 0.6)}L${n1(cx + r * 0.7)} ${n1(cy + r * 0.4)}L${n1(cx)} ${n1(cy + r)}L${n1(cx - r * 0.7)} ${n1(cy + r * 0.4)}L${n1(cx - r * 0.85)} ${n1(cy - r * 0.6)}Z`, { fill: accent }) +
      path(`M${n1(cx - r * 0.35)} ${n1(cy)}L${n1(cx - r * 0.05)} ${n1(cy + r * 0.3)}L${n1(cx + r * 0.4)} ${n1(cy - r * 0.3)}`, { stroke: '#ffffff', sw: r * 0.18, extra: 'stroke-linecap="round" stroke-linejoin="round"' });
  }
  return circle(cx - r * 0.45, cy + r * 0.15, r * 0.45, { fill: '#f6821f' }) + circle(cx + r * 0.15, cy - r * 0.1, r * 0.6, { fill: '#f6821f' }) + circle(cx + r * 0.65, cy + r * 0.2, r * 0.38, { fill: '#fbad41' }) + boxRect([cx - r * 0.9, cy + r * 0.15, cx + r * 1.0, cy + r * 0.6], { fill: '#f6821f' });
}

/** Engine #74 checkbox_not_robot (group H, Click, verifier `click`/`any`). */
export const checkboxNotRobot = singleClickEngine<CheckboxLatent, typeof KNOBS>({
  type: 'checkbox_not_robot',
  number: 74,
  group: 'one_click',
  knobs: KNOBS,

  sample(rng, k, difficulty) {
    const width = k.width + rng.int(-8, 8);
    const height = Math.round(k.box * 2.6);
    const x = rng.int(12, 18);
    const y = Math.round((height - k.box) / 2);
    const cb: Box = [x, y, x + k.box, y + k.box];
    return {
      width,
      height,
      checkbox_box: cb,
      click_box: [cb[0] - k.margin, cb[1] - k.margin, cb[2] + k.margin, cb[3] + k.margin],
      logo: rng.pick(['arrows', 'shield', 'cloud'] as const),
    };
  },

  validate(l) {
    const s = l.checkbox_box[2] - l.checkbox_box[0];
    if (s < 16) return 'checkbox too small';
    if (!boxInside(l.checkbox_box, l.click_box)) return 'click box does not contain the checkbox';
    if (!boxInside(l.click_box, [0, 0, l.width, l.height])) return 'click box outside the widget';
    if (l.width < 200) return 'widget too narrow for its label';
    return null;
  },

  picture(l, style, rng) {
    const cb = l.checkbox_box;
    const s = cb[2] - cb[0];
    const light = style.theme === 'light';
    let body = boxRect([0.5, 0.5, l.width - 0.5, l.height - 0.5], { fill: light ? '#f9f9f9' : '#222222', stroke: light ? '#d3d3d3' : '#444444', sw: 1, rx: 3 });
    body += boxRect(cb, { fill: light ? '#ffffff' : '#2b2b2b', stroke: light ? '#c1c1c1' : '#6b6b6b', sw: 2, rx: 2 });
    const lx = cb[2] + Math.round(s * 0.45);
    const rightW = 64;
    body += label(style, say(style.locale, 'checkbox_not_robot.label'), lx, l.height / 2 + s * 0.2, Math.max(12, s * 0.52), style.text, { maxWidth: l.width - lx - rightW - 6 });
    const logoX = l.width - rightW / 2 - 4;
    body += logo(l.logo, logoX, l.height * 0.38, Math.min(13, l.height * 0.2), style.accent);
    body += label(style, say(style.locale, 'checkbox_not_robot.privacy'), logoX, l.height * 0.38 + Math.min(13, l.height * 0.2) + 12, 8.5, style.subtext, { anchor: 'middle', maxWidth: rightW });
    return { svg: body };
  },

  target: (l) => ({ boxes: [l.click_box], point: boxCenter(l.checkbox_box) }),

  reasoning(l, locale, m = IDENTITY_AFFINE, widget = locale) {
    const at = ptText(m, boxCenter(l.checkbox_box));
    return say(locale, 'checkbox_not_robot.reasoning', { at, checkbox_label: quoteLabel(locale, say(widget, 'checkbox_not_robot.label')) });
  },

  // the checkbox is named by the label drawn beside it in the widget
  text: (_l, locale, widget) => ({ checkbox_label: quoteLabel(locale, say(widget, 'checkbox_not_robot.label')) }),

});
