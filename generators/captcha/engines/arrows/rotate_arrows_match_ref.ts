/**
 * #31 rotate_arrows_match_ref (group D, image rotation, Arrows×k+Submit): a reference object and the
 * same object at another orientation with ↺ / ↻ buttons; each press turns it by `step` degrees (the
 * step is printed in the widget). Answer: the shorter way round, i.e. `k` presses of one button with
 * k < n/2 (n = 360 / step; states with k = n/2 are rejected so the shortest sequence is unique), then
 * Submit. Verifier `click` / `sequence` with the button's box repeated k times (repeats allowed).
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { circle, hsl, label, ptText } from '../../lib/draw.js';
import { iconNoun, iconSvg } from '../../lib/icons.js';
import { say } from '../../lib/i18n.js';
import { glyphButton, rotateGlyph, submitButton, tile } from '../../lib/controls.js';
import { arrowsEngine, pressCount } from './template.js';
import { rotAbout } from '../../lib/geometry.js';

/** Icons with no rotational symmetry (a turn by any step changes them). */
export const ASYMMETRIC_ICONS = ['arrow', 'house', 'flag', 'bolt', 'leaf', 'drop', 'moon', 'heart', 'crown'] as const;

/** Latent state of rotate_arrows_match_ref (puzzle px, degrees clockwise). */
export interface RotateArrowsLatent extends Record<string, unknown> {
  width: number;
  height: number;
  kind: string;
  hue: number;
  /** Degrees per press. */
  step: number;
  ref_rot: number;
  cur_rot: number;
  /** Signed presses of the shorter way: > 0 clockwise (↻), < 0 counter-clockwise (↺). */
  presses: number;
  ref_box: Box;
  cur_box: Box;
  ccw_box: Box;
  cw_box: Box;
  submit_box: Box;
  /** Marker dot that breaks any mirror symmetry of the icon. */
  marker: boolean;
}

const KNOBS = defineKnobs({ step: knob('degrees per button press', 90, 45, 30), max_presses: knob('max presses of the shorter way', 1, 3, 5), marker: knob('orientation marker on the object', true, true, false) });

const W = 320;
const H = 300;
const mod = (a: number, n: number): number => ((a % n) + n) % n;

/** Draw the object centred in `b` at rotation `rot` (degrees clockwise), baked into coordinates. */
export function drawObject(l: RotateArrowsLatent, b: Box, rot: number): string {
  const [cx, cy] = boxCenter(b);
  const r = (b[2] - b[0]) * 0.34;
  let s = iconSvg(l.kind, cx + 2, cy + 3, r, rot, 'rgba(0,0,0,0.25)');
  s += iconSvg(l.kind, cx, cy, r, rot, hsl(l.hue, 70, 50), `stroke="${hsl(l.hue, 60, 30)}" stroke-width="2" stroke-linejoin="round"`);
  if (l.marker) {
    const [mx, my] = rotAbout(cx, cy, cx + r * 0.28, cy - r * 0.3, rot);
    s += circle(mx, my, r * 0.13, { fill: '#ffffff', stroke: hsl(l.hue, 60, 25), sw: 1.5 });
  }
  return s;
}

/** Engine #31 rotate_arrows_match_ref (group D, Arrows×k+Submit, verifier `click` / `sequence`). */
export const rotateArrowsMatchRef = arrowsEngine<RotateArrowsLatent, typeof KNOBS>({
  type: 'rotate_arrows_match_ref',
  group: 'image_rotation',
  number: 31,
  knobs: KNOBS,

  sample(rng, k, difficulty) {
    const n = 360 / k.step;
    const mag = rng.int(1, Math.min(k.max_presses, Math.ceil(n / 2) - 1));
    const presses = rng.bool() ? mag : -mag;
    const ref = rng.int(0, n - 1) * k.step + (difficulty === 'hard' ? rng.int(-10, 10) : 0);
    return {
      width: W,
      height: H,
      kind: rng.pick(ASYMMETRIC_ICONS),
      hue: rng.int(0, 359),
      step: k.step,
      ref_rot: ref,
      cur_rot: mod(ref - presses * k.step, 360),
      presses,
      ref_box: [14, 44, 150, 180],
      cur_box: [170, 44, 306, 180],
      ccw_box: [182, 190, 228, 230],
      cw_box: [248, 190, 294, 230],
      submit_box: [14, 246, 306, 286],
      marker: k.marker,
    };
  },

  validate(l) {
    if (!(ASYMMETRIC_ICONS as readonly string[]).includes(l.kind)) return 'object has a rotational symmetry';
    const n = Math.round(360 / l.step);
    if (n * l.step !== 360) return 'step does not divide a full turn';
    const q = mod(l.ref_rot - l.cur_rot, 360) / l.step;
    if (Math.abs(q - Math.round(q)) > 1e-6) return 'reference is not reachable in whole steps';
    const k = Math.round(q) % n;
    if (k === 0) return 'already matching';
    if (2 * k === n) return 'both directions need the same number of presses';
    const shortest = k < n / 2 ? k : k - n;
    if (shortest !== l.presses) return 'presses is not the shorter way';
    return null;
  },

  picture(l, style) {
    let body = '';
    body += tile(style, l.ref_box, style.panel);
    body += tile(style, l.cur_box);
    body += drawObject(l, l.ref_box, l.ref_rot);
    body += drawObject(l, l.cur_box, l.cur_rot);
    body += label(style, say(style.locale, 'rotate_arrows_match_ref.reference'), (l.ref_box[0] + l.ref_box[2]) / 2, l.ref_box[3] + 20, 13, style.subtext, { anchor: 'middle' });
    body += label(style, say(style.locale, 'rotate_arrows_match_ref.step', { step: l.step }), (l.ref_box[0] + l.ref_box[2]) / 2, l.ref_box[3] + 40, 12, style.subtext, { anchor: 'middle', maxWidth: 136 });
    body += glyphButton(style, l.ccw_box, (cx, cy, r, c) => rotateGlyph(cx, cy, r, false, c));
    body += glyphButton(style, l.cw_box, (cx, cy, r, c) => rotateGlyph(cx, cy, r, true, c));
    body += submitButton(style, l.submit_box);
    return { svg: body };
  },

  gold: (l) => ({ repeat: { button: l.presses > 0 ? l.cw_box : l.ccw_box, times: Math.abs(l.presses), submit: l.submit_box } }),

  reasoningKey: (l) => (l.presses > 0 ? 'reasoning_cw' : 'reasoning_ccw'),

  reasoning(l, locale, m) {
    const k = Math.abs(l.presses);
    const deg = k * l.step;
    return { name: iconNoun(l.kind, locale), deg, rest: 360 - deg, step: l.step, n: 360 / l.step, btn: ptText(m, boxCenter(l.presses > 0 ? l.cw_box : l.ccw_box)), count: pressCount(locale, k) };
  },
});
