/**
 * #76 press_and_hold (group H, one-click verification, LongPress): a "Press & Hold" button with an
 * empty progress track (PerimeterX / HUMAN style, Open CaptchaWorld Hold_Button); the answer is one
 * long press inside the button. The required hold time is recorded in the verifier
 * (`min_duration_ms`, informative: the action language carries no duration).
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob, IDENTITY_AFFINE } from '../../engine.js';
import { boxInside, boxRect, boxesOverlap, label, ptText, widgetCard } from '../../lib/draw.js';
import { lucideSvg } from '../../lib/lucide.js';
import { quoteLabel, say } from '../../lib/i18n.js';
import { singleClickEngine } from './template.js';

/** Latent state of press_and_hold (puzzle px). */
export interface PressHoldLatent extends Record<string, unknown> {
  width: number;
  height: number;
  button_box: Box;
  /** Thin progress track under (or inside) the button. */
  track_box: Box;
  hold_ms: number;
  /** Secondary link that must not be pressed (hard). */
  help_box: Box | null;
  shape: 'pill' | 'rect' | 'round';
}

/** Hold time in seconds as the widget, instruction and reasoning all write it (`1500` → `1.5`, `3000` → `3`). */
export const seconds = (ms: number): string => String(Math.round(ms / 100) / 10);
const KNOBS = defineKnobs({ hold_ms: knob('required hold duration, ms', 1500, 3000, 5000), button: knob('button size (w x h), puzzle px', [220, 52], [180, 46], [140, 40]), help_link: knob('a secondary "Need help?" link next to the button', false, false, true) });

/** Engine #76 press_and_hold (group H, LongPress, verifier `click` with action `long_press`). */
export const pressAndHold = singleClickEngine<PressHoldLatent, typeof KNOBS>({
  type: 'press_and_hold',
  number: 76,
  group: 'one_click',
  actionForm: 'LongPress',
  knobs: KNOBS,

  sample(rng, k, difficulty) {
    const width = 300;
    const [bw, bh] = k.button;
    const shape = rng.pick(['pill', 'rect', 'round'] as const);
    const bx = k.help_link ? 20 : Math.round((width - bw) / 2);
    const by = 92;
    const button_box: Box = [bx, by, bx + bw, by + bh];
    const track_box: Box = [bx, by + bh + 10, bx + bw, by + bh + 16];
    const help_box: Box | null = k.help_link ? [bx + bw + 14, by + 6, width - 14, by + bh - 6] : null;
    return { width, height: track_box[3] + 46, button_box, track_box, hold_ms: k.hold_ms, help_box, shape };
  },

  validate(l) {
    const all: Box = [0, 0, l.width, l.height];
    if (!boxInside(l.button_box, all) || !boxInside(l.track_box, all)) return 'button outside the widget';
    if (l.button_box[2] - l.button_box[0] < 100 || l.button_box[3] - l.button_box[1] < 32) return 'button too small to press';
    if (l.help_box && (boxesOverlap(l.help_box, l.button_box, 4) || !boxInside(l.help_box, all))) return 'help link overlaps the button';
    if (l.hold_ms < 500 || l.hold_ms > 10000) return 'hold time out of range';
    return null;
  },

  picture(l, style, rng) {
    let s = widgetCard(style, l.width, l.height);
    s += label(style, say(style.locale, 'press_and_hold.title'), 18, 36, 17, style.text, { weight: 700, maxWidth: l.width - 36 });
    s += label(style, say(style.locale, 'press_and_hold.hint', { seconds: seconds(l.hold_ms) }), 18, 60, 12.5, style.subtext, { maxWidth: l.width - 36 });
    const b = l.button_box;
    const bw = b[2] - b[0];
    const bh = b[3] - b[1];
    const rx = l.shape === 'pill' ? bh / 2 : l.shape === 'round' ? 12 : style.radius;
    s += boxRect(b, { fill: style.bg, stroke: style.accent, sw: 2, rx });
    s += lucideSvg(l.shape === 'round' ? 'pointer' : 'hand', { cx: b[0] + 22, cy: b[1] + bh / 2, size: Math.min(22, bh - 14) }, style.accent, { weight: 1.1 });
    s += label(style, say(style.locale, 'press_and_hold.button'), b[0] + 22 + (bw - 22) / 2, b[1] + bh / 2 + 5.5, 15, style.accent, { anchor: 'middle', weight: 700, maxWidth: bw - 50 });
    s += boxRect(l.track_box, { fill: style.panel, stroke: style.border, sw: 1, rx: 3 });
    if (l.help_box) {
      const h = l.help_box;
      s += label(style, say(style.locale, 'press_and_hold.help'), (h[0] + h[2]) / 2, (h[1] + h[3]) / 2 + 5, 13, style.subtext, { anchor: 'middle', maxWidth: h[2] - h[0] });
    }
    s += label(style, say(style.locale, 'press_and_hold.footer'), l.width - 16, l.height - 14, 10.5, style.subtext, { anchor: 'end' });
    return { svg: s };
  },

  target: (l) => ({ boxes: [l.button_box], holdMs: l.hold_ms }),

  reasoning(l, locale, m = IDENTITY_AFFINE, widget = locale) {
    const at = ptText(m, boxCenter(l.button_box));
    const help = l.help_box ? say(locale, 'press_and_hold.help_not_target', { help_label: quoteLabel(locale, say(widget, 'press_and_hold.help')) }) : '';
    return say(locale, 'press_and_hold.reasoning', { seconds: seconds(l.hold_ms), help, at, button_label: quoteLabel(locale, say(widget, 'press_and_hold.button')) });
  },

  // the button is named by the label drawn in the widget (`picture` draws say(style.locale, 'press_and_hold.button'))
  text: (l, locale, widget) => ({ seconds: seconds(l.hold_ms), button_label: quoteLabel(locale, say(widget, 'press_and_hold.button')) }),
});
