/**
 * #75 verify_button (group H, one-click verification, Click): a verification panel with several
 * buttons; click the one labelled "Click to verify" (GeeTest one-click style). Hard puzzles give every
 * button the same look and use look-alike labels ("Verify later", "Verify by SMS").
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob, IDENTITY_AFFINE } from '../../engine.js';
import { boxInside, boxRect, boxesOverlap, label, ptText, regionWord, widgetCard } from '../../lib/draw.js';
import { type Bi, quoteLabel, say } from '../../lib/i18n.js';
import { singleClickEngine } from './template.js';
import { lucideSvg } from '../../lib/lucide.js';

interface Btn {
  label: Bi;
  box: Box;
  /** `primary` filled accent, `secondary` outlined, `ghost` text only. */
  look: 'primary' | 'secondary' | 'ghost';
}
/** Latent state of verify_button (puzzle px). */
export interface VerifyButtonLatent extends Record<string, unknown> {
  width: number;
  height: number;
  layout: 'stack' | 'grid';
  buttons: Btn[];
  target: number;
  icon: string;
}

const KNOBS = defineKnobs({ buttons: knob('buttons in the panel', 2, 3, 4), same_look: knob('every button has the same look as the target', false, false, true), lookalike: knob('decoy labels that also mention verifying', false, true, true) });
/** The target label. */
export const TARGET_LABEL: Bi = { en: 'Click to verify', zh: '点击验证' };
const PLAIN: Bi[] = [
  { en: 'Cancel', zh: '取消' }, { en: 'Help', zh: '帮助' }, { en: 'Back', zh: '返回' }, { en: 'Privacy policy', zh: '隐私政策' }, { en: 'Report a problem', zh: '反馈问题' },
];
const LOOKALIKE: Bi[] = [{ en: 'Verify later', zh: '稍后验证' }, { en: 'Verify by SMS', zh: '短信验证' }, { en: 'Audio challenge', zh: '语音验证' }];

/** Engine #75 verify_button (group H, Click, verifier `click`/`any`). */
export const verifyButton = singleClickEngine<VerifyButtonLatent, typeof KNOBS>({
  type: 'verify_button',
  number: 75,
  group: 'one_click',
  knobs: KNOBS,

  sample(rng, k, difficulty) {
    const width = 300;
    const layout = k.buttons >= 4 && rng.bool(0.5) ? 'grid' : 'stack';
    const labels: Bi[] = [TARGET_LABEL];
    const pool = k.lookalike ? [...rng.sample(LOOKALIKE, 2), ...rng.shuffle(PLAIN)] : rng.shuffle(PLAIN);
    for (const b of pool) if (labels.length < k.buttons) labels.push(b);
    const shuffled = rng.shuffle(labels);
    const top = 112;
    const buttons: Btn[] = shuffled.map((lb, i) => {
      let box: Box;
      if (layout === 'grid') {
        const c = i % 2;
        const r = Math.floor(i / 2);
        box = [16 + c * 138, top + r * 50, 16 + c * 138 + 130, top + r * 50 + 40];
      } else box = [16, top + i * 48, width - 16, top + i * 48 + 40];
      const isT = lb === TARGET_LABEL;
      return { label: lb, box, look: k.same_look || isT ? 'primary' : rng.pick(['secondary', 'ghost'] as const) };
    });
    const last = buttons[buttons.length - 1]!.box[3];
    return { width, height: last + 30, layout, buttons, target: shuffled.indexOf(TARGET_LABEL), icon: rng.pick(['shield-check', 'user-check', 'lock', 'scan-face']) };
  },

  validate(l) {
    const t = l.buttons[l.target];
    if (!t || t.label.en !== TARGET_LABEL.en) return 'target is not the verify button';
    if (l.buttons.filter((b) => b.label.en === TARGET_LABEL.en || b.label.zh === TARGET_LABEL.zh).length !== 1) return 'more than one verify button';
    for (let i = 0; i < l.buttons.length; i++) {
      const b = l.buttons[i]!.box;
      if (!boxInside(b, [0, 0, l.width, l.height])) return 'button outside the panel';
      if (b[3] - b[1] < 28 || b[2] - b[0] < 90) return 'button too small';
      for (let j = 0; j < i; j++) if (boxesOverlap(b, l.buttons[j]!.box, 4)) return 'buttons overlap';
    }
    return null;
  },

  picture(l, style, rng) {
    let s = widgetCard(style, l.width, l.height);
    s += lucideSvg(l.icon, { cx: 34, cy: 36, size: 30 }, style.accent, { weight: 1.1 });
    s += label(style, say(style.locale, 'verify_button.title'), 60, 42, 18, style.text, { weight: 700, maxWidth: l.width - 76 });
    s += label(style, say(style.locale, 'verify_button.line1'), 18, 74, 13, style.subtext, { maxWidth: l.width - 36 });
    s += label(style, say(style.locale, 'verify_button.line2'), 18, 93, 13, style.subtext, { maxWidth: l.width - 36 });
    for (const b of l.buttons) {
      const w = b.box[2] - b.box[0];
      const h = b.box[3] - b.box[1];
      const cy = b.box[1] + h / 2 + 5;
      const text = say(style.locale, b.label);
      if (b.look === 'primary') {
        s += boxRect(b.box, { fill: style.accent, rx: style.radius });
        s += label(style, text, b.box[0] + w / 2, cy, 14, style.onAccent, { anchor: 'middle', weight: 700, maxWidth: w - 12 });
      } else if (b.look === 'secondary') {
        s += boxRect(b.box, { fill: style.bg, stroke: style.border, sw: 1.3, rx: style.radius });
        s += label(style, text, b.box[0] + w / 2, cy, 14, style.text, { anchor: 'middle', maxWidth: w - 12 });
      } else {
        s += label(style, text, b.box[0] + w / 2, cy, 14, style.accent, { anchor: 'middle', maxWidth: w - 12 });
      }
    }
    return { svg: s };
  },

  target: (l) => ({ boxes: [l.buttons[l.target]!.box] }),

  reasoning(l, locale, m = IDENTITY_AFFINE, widget = locale) {
    const b = l.buttons[l.target]!.box;
    const c = boxCenter(b);
    // buttons are named by the labels drawn in the widget (`picture` draws say(style.locale, label))
    const others = l.buttons.filter((_, i) => i !== l.target).map((x) => quoteLabel(locale, say(widget, x.label))).join(say(locale, 'verify_button.label_sep'));
    const where = regionWord(c[0], c[1], [0, 0, l.width, l.height], locale);
    return say(locale, 'verify_button.reasoning', { n: l.buttons.length, target_label: quoteLabel(locale, say(widget, TARGET_LABEL)), others, where, at: ptText(m, c) });
  },

  text: (_l, locale, widget) => ({ target_label: quoteLabel(locale, say(widget, TARGET_LABEL)) }),
});
