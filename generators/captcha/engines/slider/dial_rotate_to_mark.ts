/**
 * #35 dial_rotate_to_mark (group D, image rotation, Drag): a numbered dial turned by θ and a fixed
 * marker above it; the prompt names a number. Moving the slider right by x px turns the dial clockwise
 * by `x * mapping.deg_per_px` degrees (mapping in the latent). Answer: the clockwise turn that brings
 * the named number under the marker, `dx = needed_deg / deg_per_px`. The tolerance stays under half
 * the spacing between numbers, so a neighbour never scores.
 *
 * The mapping is shown, not only stored: the track carries ticks and labels where the handle's centre
 * stops for 90°, 180°, 270°, 360° and a turn-direction sign (kit2 `rotationTrack`), and the instruction
 * states it (kit2 `rotationScaleText`).
 */
import type { Box } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { circle, hsl, line, path } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { chrome } from '../../lib/controls.js';
import { polyD, rotAbout } from '../../lib/geometry.js';
import { sliderEngine } from './template.js';
import { rotatedText, rotationDragText, rotationScaleText, rotationSliderInvalid, rotationTrack } from '../../lib/rotation.js';

/** Latent state of dial_rotate_to_mark (puzzle px, degrees clockwise from 12 o'clock). */
export interface DialLatent extends Record<string, unknown> {
  width: number;
  height: number;
  dial: { cx: number; cy: number; r: number };
  /** Labels clockwise around the dial; label i sits at theta + i * 360 / n. */
  labels: number[];
  /** Current clockwise rotation of the dial, degrees in [0, 360). */
  theta: number;
  /** Index into `labels` of the number to bring under the marker. */
  target: number;
  needed_deg: number;
  track_box: Box;
  handle_box: Box;
  travel: number;
  mapping: { deg_per_px: number; direction: 'cw' };
  tol_deg: number;
  hue: number;
}

const KNOBS = defineKnobs({ numbers: knob('numbers on the dial (density)', 8, 12, 12), shuffled: knob('labels in random order instead of counting up', false, false, true) });

const W = 300;
const H = 330;
const mod = (a: number, n: number): number => ((a % n) + n) % n;

/** Current clockwise angle (from the top) of label i. */
const angleOf = (l: DialLatent, i: number): number => mod(l.theta + (i * 360) / l.labels.length, 360);

/** Engine #35 dial_rotate_to_mark (group D, Drag, verifier `drag`; tolerance tol_deg / needed_deg). */
export const dialRotateToMark = sliderEngine<DialLatent, typeof KNOBS>({
  type: 'dial_rotate_to_mark', group: 'image_rotation', number: 35, knobs: KNOBS,
  sample(rng, k) {
    const labels = k.shuffled ? rng.sample(Array.from({ length: 39 }, (_, i) => i + 1), k.numbers) : Array.from({ length: k.numbers }, (_, i) => i + 1);
    const theta = rng.int(0, 359);
    const target = rng.int(0, k.numbers - 1);
    const track: Box = [12, 280, 288, 320];
    const handle: Box = [12, 280, 64, 320];
    const travel = track[2] - track[0] - (handle[2] - handle[0]);
    const l: DialLatent = {
      width: W,
      height: H,
      dial: { cx: 150, cy: 164, r: 98 },
      labels,
      theta,
      target,
      needed_deg: 0,
      track_box: track,
      handle_box: handle,
      travel,
      mapping: { deg_per_px: 360 / travel, direction: 'cw' },
      tol_deg: Math.min(10, Math.floor((0.4 * 360) / k.numbers)),
      hue: rng.int(0, 359),
    };
    l.needed_deg = mod(360 - angleOf(l, target), 360);
    return l;
  },

  validate(l) {
    if (new Set(l.labels).size !== l.labels.length) return 'duplicate numbers on the dial';
    if (l.target < 0 || l.target >= l.labels.length) return 'target not on the dial';
    const e = mod(angleOf(l, l.target) + l.needed_deg, 360);
    if (Math.min(e, 360 - e) > 1e-6) return 'needed angle does not bring the target to the marker';
    if (l.tol_deg >= 180 / l.labels.length) return 'tolerance reaches a neighbouring number';
    return rotationSliderInvalid(l);
  },

  draw(l, style) {
    const { cx, cy, r } = l.dial;
    const n = l.labels.length;
    let body = chrome(style, l.width, l.height, say(style.locale, { en: `Turn the dial until ${l.labels[l.target]} is at the marker`, zh: `转动刻度盘，使 ${l.labels[l.target]} 对准上方标记` }));
    body += circle(cx, cy, r + 4, { fill: hsl(l.hue, 18, style.theme === 'light' ? 80 : 30) });
    body += circle(cx, cy, r, { fill: hsl(l.hue, 30, style.theme === 'light' ? 95 : 20), stroke: hsl(l.hue, 30, 50), sw: 2 });
    for (let i = 0; i < n * 4; i++) {
      const a = l.theta + (i * 90) / n;
      const [x1, y1] = rotAbout(cx, cy, cx, cy - r + 3, a);
      const [x2, y2] = rotAbout(cx, cy, cx, cy - r + (i % 4 === 0 ? 16 : 9), a);
      body += line(x1, y1, x2, y2, hsl(l.hue, 30, 40), i % 4 === 0 ? 2.2 : 1);
    }
    l.labels.forEach((v, i) => {
      const a = angleOf(l, i);
      const [x, y] = rotAbout(cx, cy, cx, cy - r * 0.68, a);
      body += rotatedText(style, String(v), x, y, 18, a, style.theme === 'light' ? '#222' : '#eee');
    });
    body += circle(cx, cy, 9, { fill: hsl(l.hue, 40, 45) });
    // fixed marker above the dial
    body += path(polyD([[cx - 9, cy - r - 16], [cx + 9, cy - r - 16], [cx, cy - r - 2]]), { fill: '#e53935', stroke: '#ffffff', sw: 1 });
    body += rotationTrack(style, l.track_box, l.handle_box, l.mapping.deg_per_px, 'cw');
    return { body };
  },

  dx: (l) => l.needed_deg / l.mapping.deg_per_px,
  tolPx: (l) => l.tol_deg / l.mapping.deg_per_px,
  reasoning: (l, locale, m) => ({ v: l.labels[l.target]!, a: Math.round(angleOf(l, l.target)), needed: l.needed_deg, tail: rotationDragText(locale, l, m) }),
  instruction: (l, locale) => ({ label: l.labels[l.target]!, rotationScaleText: rotationScaleText(locale, 'cw') }),
});
