/**
 * #29 rotate_disc_slider (group D, image rotation, Drag): a circular picture rotated by θ and a
 * slider under it. Moving the handle right by x px turns the picture clockwise by
 * `x * mapping.deg_per_px` degrees (the mapping is part of the latent state); the answer is the
 * displacement that makes the picture upright: `dx = ((360 - θ) mod 360) / deg_per_px`.
 *
 * The rotation is baked into the drawn coordinates (no `transform="rotate(θ)"`, which would leak θ).
 *
 * The mapping is shown, not only stored: the track carries ticks and labels where the handle's centre
 * stops for 90°, 180°, 270°, 360° and a turn-direction sign (kit2 `rotationTrack`), and the instruction
 * states it (kit2 `rotationScaleText`).
 */
import type { Box, Point } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import type { Rng } from '../../../../core/rng.js';
import { defineKnobs, knob } from '../../engine.js';
import { rotationScaleText, rotationTrack } from '../../lib/rotation.js';
import { Ids, boxInside, circle, hsl, label, n1, noiseDots, path, widgetCard, footerIcons } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { sliderEngine } from './template.js';

/** Latent state of rotate_disc_slider (puzzle px, degrees clockwise). */
export interface RotateDiscLatent extends Record<string, unknown> {
  width: number;
  height: number;
  disc: { cx: number; cy: number; r: number };
  /** Current clockwise rotation of the picture, degrees in [0, 360). */
  theta: number;
  /** Clockwise rotation still needed to make it upright: (360 - theta) mod 360. */
  needed_deg: number;
  /** Angle granularity θ was drawn from, degrees. */
  step: number;
  /** Orientation cues drawn in the picture. */
  cues: string[];
  track_box: Box;
  handle_box: Box;
  /** Max handle displacement, px. */
  travel: number;
  mapping: { deg_per_px: number; direction: 'cw' };
  /** Accepted angle error, degrees (becomes the verifier's relative tolerance). */
  tol_deg: number;
  scene_hue: number;
  /** Noise dots over the picture. */
  noise: number;
}

const KNOBS = defineKnobs({ step: knob('granularity of θ, degrees', 45, 15, 5), cues: knob('orientation cues in the picture (sky, sun, house, tree, ground)', ['sky', 'sun', 'ground', 'house', 'tree'], ['sky', 'ground', 'house', 'tree'], ['ground', 'tree']), tol_deg: knob('accepted angle error, degrees', 12, 10, 8), noise: knob('noise dots over the picture', 0, 40, 120) });

const W = 300;
const H = 300;

/** Rotate (x, y) (scene coords relative to the disc centre, unit = r) by θ clockwise, to puzzle px. */
function rot(l: RotateDiscLatent, x: number, y: number): Point {
  const a = (l.theta * Math.PI) / 180;
  const { cx, cy, r } = l.disc;
  return [cx + r * (x * Math.cos(a) - y * Math.sin(a)), cy + r * (x * Math.sin(a) + y * Math.cos(a))];
}
function polyD(l: RotateDiscLatent, pts: Array<[number, number]>): string {
  return pts.map((p, i) => {
    const [x, y] = rot(l, p[0], p[1]);
    return `${i ? 'L' : 'M'}${n1(x)} ${n1(y)}`;
  }).join('') + 'Z';
}

function scene(l: RotateDiscLatent, rng: Rng): string {
  const h = l.scene_hue;
  let s = '';
  const { cx, cy, r } = l.disc;
  // sky: whole disc (rotation-invariant), lighter towards the top via a rotated band
  s += circle(cx, cy, r, { fill: l.cues.includes('sky') ? hsl(205 + (h % 30), 70, 72) : hsl(h, 25, 62) });
  if (l.cues.includes('sky')) s += path(polyD(l, [[-1.2, -1.2], [1.2, -1.2], [1.2, -0.5], [-1.2, -0.5]]), { fill: hsl(205 + (h % 30), 80, 84), opacity: 0.7 });
  if (l.cues.includes('sun')) {
    const [x, y] = rot(l, rng.float(-0.5, 0.5), -0.62);
    s += circle(x, y, r * 0.14, { fill: '#ffd54a' });
  }
  // clouds as blobs (no orientation info on their own)
  for (let i = 0; i < 3; i++) {
    const [x, y] = rot(l, rng.float(-0.7, 0.7), rng.float(-0.7, -0.2));
    s += circle(x, y, r * rng.float(0.06, 0.11), { fill: '#ffffff', opacity: 0.7 });
  }
  if (l.cues.includes('ground')) {
    const pts: Array<[number, number]> = [[-1.3, 1.3]];
    const ph = rng.float(0, 6);
    for (let i = 0; i <= 16; i++) {
      const x = -1.3 + (2.6 * i) / 16;
      pts.push([x, 0.28 + 0.07 * Math.sin(x * 3 + ph)]);
    }
    pts.push([1.3, 1.3]);
    s += path(polyD(l, pts), { fill: hsl(100 + (h % 40), 45, 38) });
    s += path(polyD(l, [[-1.3, 0.62], [1.3, 0.55], [1.3, 1.3], [-1.3, 1.3]]), { fill: hsl(30, 35, 32), opacity: 0.8 });
  }
  if (l.cues.includes('house')) {
    const hx = rng.float(-0.55, -0.15);
    s += path(polyD(l, [[hx - 0.22, 0.32], [hx - 0.22, 0.0], [hx + 0.22, 0.0], [hx + 0.22, 0.32]]), { fill: hsl(h + 20, 45, 80) });
    s += path(polyD(l, [[hx - 0.3, 0.02], [hx, -0.28], [hx + 0.3, 0.02]]), { fill: hsl(h, 60, 42) });
    s += path(polyD(l, [[hx - 0.06, 0.32], [hx - 0.06, 0.14], [hx + 0.06, 0.14], [hx + 0.06, 0.32]]), { fill: hsl(h + 200, 30, 30) });
  }
  if (l.cues.includes('tree')) {
    const tx = rng.float(0.2, 0.55);
    s += path(polyD(l, [[tx - 0.04, 0.34], [tx - 0.04, 0.0], [tx + 0.04, 0.0], [tx + 0.04, 0.34]]), { fill: '#6d4c2f' });
    s += path(polyD(l, [[tx - 0.2, 0.06], [tx, -0.42], [tx + 0.2, 0.06]]), { fill: hsl(125, 50, 30) });
    s += path(polyD(l, [[tx - 0.16, -0.1], [tx, -0.5], [tx + 0.16, -0.1]]), { fill: hsl(125, 55, 36) });
  }
  return s;
}

/** Engine #29 rotate_disc_slider (group D, Drag, verifier `drag`; tolerance = tol_deg / needed_deg). */
export const rotateDiscSlider = sliderEngine<RotateDiscLatent, typeof KNOBS>({
  type: 'rotate_disc_slider', group: 'image_rotation', number: 29, knobs: KNOBS,
  sample(rng, k) {
    const steps = Math.floor(360 / k.step);
    // needed rotation in [step, 360 - step], and at least 30 deg so the drag is clearly non-zero
    const lo = Math.ceil(30 / k.step);
    const needed = rng.int(lo, steps - lo) * k.step;
    const track: Box = [12, 244, 288, 286];
    const handle: Box = [12, 244, 64, 286];
    const travel = track[2] - track[0] - (handle[2] - handle[0]);
    return {
      width: W,
      height: H,
      disc: { cx: 150, cy: 142, r: 84 },
      theta: (360 - needed) % 360,
      needed_deg: needed,
      step: k.step,
      cues: k.cues,
      track_box: track,
      handle_box: handle,
      travel,
      mapping: { deg_per_px: 360 / travel, direction: 'cw' },
      tol_deg: k.tol_deg,
      scene_hue: rng.int(0, 359),
      noise: k.noise,
    };
  },

  validate(l) {
    if ((l.theta + l.needed_deg) % 360 !== 0) return 'needed angle does not undo theta';
    if (l.needed_deg < 20 || l.needed_deg > 340) return 'rotation too close to upright';
    if (!l.cues.includes('ground') && !l.cues.includes('sky')) return 'no orientation cue';
    const dx = l.needed_deg / l.mapping.deg_per_px;
    const hw = l.handle_box[2] - l.handle_box[0];
    if (l.handle_box[0] + dx + hw > l.track_box[2] + 0.5) return 'handle would leave the track';
    if (Math.abs(l.travel * l.mapping.deg_per_px - 360) > 1e-6) return 'mapping does not cover a full turn';
    if (dx * (l.tol_deg / l.needed_deg) < 2) return 'tolerance under 2 px';
    const { cx, cy, r } = l.disc;
    if (!boxInside([cx - r, cy - r, cx + r, cy + r], [0, 40, l.width, l.track_box[1]])) return 'disc outside its area';
    return null;
  },

  draw(l, style, rng) {
    const ids = new Ids();
    const clip = ids.next();
    const { cx, cy, r } = l.disc;
    let body = widgetCard(style, l.width, l.height);
    body += label(style, say(style.locale, { en: 'Drag the slider to turn the picture upright', zh: '拖动滑块，使图片角度为正' }), 14, 30, 14, style.text, { weight: 700, maxWidth: l.width - 60 });
    body += footerIcons(style, l.width - 48, 24);
    body += circle(cx, cy, r + 6, { fill: style.panel, stroke: style.border, sw: 1 });
    body += `<g clip-path="url(#${clip})">${scene(l, rng.fork('scene'))}${noiseDots(rng, [cx - r, cy - r, cx + r, cy + r], l.noise, 0.5)}</g>`;
    body += rotationTrack(style, l.track_box, l.handle_box, l.mapping.deg_per_px, 'cw');
    const defs = `<clipPath id="${clip}"><circle cx="${n1(cx)}" cy="${n1(cy)}" r="${n1(r)}"/></clipPath>`;
    return { body, defs };
  },

  dx: (l) => l.needed_deg / l.mapping.deg_per_px,
  solve(l) {
    const dx = l.needed_deg / l.mapping.deg_per_px;
    const start = boxCenter(l.handle_box);
    return {
      actions: [{ type: 'drag', start, end: [start[0] + Math.round(dx), start[1]] }],
      verifier: { kind: 'drag', handle_box: l.handle_box, track_box: l.track_box, expected_dx: Math.round(dx * 1000) / 1000, rel_tolerance: Math.round((l.tol_deg / l.needed_deg) * 10000) / 10000, max_dy: 5 },
      ordered: true,
    };
  },
  reasoning: (l, _locale, m) => ({ theta: l.theta, full: Math.round(l.travel * m.sx), needed: l.needed_deg }),
  instruction: (_l, locale) => ({ rotationScaleText: rotationScaleText(locale, 'cw') }),
});
