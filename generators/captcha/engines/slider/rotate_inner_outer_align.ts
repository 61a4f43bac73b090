/**
 * #30 rotate_inner_outer_align (group D, image rotation, Drag): one round picture whose inner disc is
 * turned by θ against the outer ring; the slider turns the inner disc clockwise by
 * `x * mapping.deg_per_px` degrees for x px of handle travel (mapping in the latent). Answer:
 * `dx = ((360 - θ) mod 360) / deg_per_px`. Knob `seam`: how visible the border between disc and ring is.
 * The rotation is baked into coordinates (no `transform`).
 *
 * The mapping is shown, not only stored: the track carries ticks and labels where the handle's centre
 * stops for 90°, 180°, 270°, 360° and a turn-direction sign (kit2 `rotationTrack`), and the instruction
 * states it (kit2 `rotationScaleText`).
 */
import type { Box } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { Ids, circle, n1, noiseDots } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { chrome } from '../../lib/controls.js';
import { rotationDragText, rotationScaleText, rotationSliderInvalid, rotationTrack } from '../../lib/rotation.js';
import { discPlace, landscape } from '../../lib/backdrops.js';
import { sliderEngine } from './template.js';

/** Latent state of rotate_inner_outer_align (puzzle px, degrees clockwise). */
export interface InnerOuterLatent extends Record<string, unknown> {
  width: number;
  height: number;
  /** Picture centre, outer radius, inner disc radius. */
  disc: { cx: number; cy: number; r: number; r_in: number };
  /** Clockwise rotation of the inner disc against the ring, degrees in [0, 360). */
  theta: number;
  /** Clockwise rotation still needed: (360 - theta) mod 360. */
  needed_deg: number;
  step: number;
  track_box: Box;
  handle_box: Box;
  travel: number;
  mapping: { deg_per_px: number; direction: 'cw' };
  tol_deg: number;
  /** `ring`: a light ring marks the seam; `thin`: a hairline; `none`: no seam line. */
  seam: 'ring' | 'thin' | 'none';
  scene_hue: number;
  noise: number;
}

const KNOBS = defineKnobs({ step: knob('granularity of θ, degrees', 30, 10, 5), seam: knob('seam visibility between inner disc and outer ring (ring, thin, none)', 'ring', 'thin', 'none'), tol_deg: knob('accepted angle error, degrees', 12, 10, 8), noise: knob('noise dots over the picture', 0, 40, 100) });

const W = 300;
const H = 320;

/** Engine #30 rotate_inner_outer_align (group D, Drag, verifier `drag`; tolerance tol_deg / needed_deg). */
export const rotateInnerOuterAlign = sliderEngine<InnerOuterLatent, typeof KNOBS>({
  type: 'rotate_inner_outer_align', group: 'image_rotation', number: 30, knobs: KNOBS,
  sample(rng, k) {
    const steps = Math.floor(360 / k.step);
    const lo = Math.ceil(30 / k.step);
    const needed = rng.int(lo, steps - lo) * k.step;
    const track: Box = [12, 266, 288, 306];
    const handle: Box = [12, 266, 64, 306];
    const travel = track[2] - track[0] - (handle[2] - handle[0]);
    return {
      width: W,
      height: H,
      disc: { cx: 150, cy: 152, r: 104, r_in: 62 },
      theta: (360 - needed) % 360,
      needed_deg: needed,
      step: k.step,
      track_box: track,
      handle_box: handle,
      travel,
      mapping: { deg_per_px: 360 / travel, direction: 'cw' },
      tol_deg: k.tol_deg,
      seam: k.seam,
      scene_hue: rng.int(0, 359),
      noise: k.noise,
    };
  },

  validate(l) {
    if ((l.theta + l.needed_deg) % 360 !== 0) return 'needed angle does not undo theta';
    const why = rotationSliderInvalid(l);
    if (why) return why;
    const { cx, cy, r, r_in } = l.disc;
    if (r_in < 40 || r - r_in < 28) return 'inner disc or ring too thin to compare';
    if (cy - r < 44 || cy + r > l.track_box[1] - 4 || cx - r < 0 || cx + r > l.width) return 'picture outside its area';
    return null;
  },

  draw(l, style, rng) {
    const ids = new Ids();
    const { cx, cy, r, r_in } = l.disc;
    const opts = { hue: l.scene_hue, sun: true, house: true, tree: true, road: true, clouds: 3, clutter: 5 };
    const outer = landscape(rng.fork('scene'), discPlace(cx, cy, r, 0), ids, opts);
    const inner = landscape(rng.fork('scene'), discPlace(cx, cy, r, l.theta), ids, opts);
    const cOut = ids.next();
    const cIn = ids.next();
    const defs = outer.defs + inner.defs +
      `<clipPath id="${cOut}"><circle cx="${n1(cx)}" cy="${n1(cy)}" r="${n1(r)}"/></clipPath>` +
      `<clipPath id="${cIn}"><circle cx="${n1(cx)}" cy="${n1(cy)}" r="${n1(r_in)}"/></clipPath>`;
    let body = chrome(style, l.width, l.height, say(style.locale, { en: 'Drag the slider to align the picture', zh: '拖动滑块，使内圈与外圈图案对齐' }));
    body += circle(cx, cy, r + 5, { fill: style.panel, stroke: style.border, sw: 1 });
    body += `<g clip-path="url(#${cOut})">${outer.body}</g>`;
    body += `<g clip-path="url(#${cIn})">${inner.body}</g>`;
    if (l.seam === 'ring') body += circle(cx, cy, r_in, { stroke: 'rgba(255,255,255,0.85)', sw: 3 });
    else if (l.seam === 'thin') body += circle(cx, cy, r_in, { stroke: 'rgba(255,255,255,0.5)', sw: 1 });
    body += `<g clip-path="url(#${cOut})">${noiseDots(rng.fork('noise'), [cx - r, cy - r, cx + r, cy + r], l.noise, 0.5)}</g>`;
    body += rotationTrack(style, l.track_box, l.handle_box, l.mapping.deg_per_px, 'cw');
    return { body, defs };
  },

  dx: (l) => l.needed_deg / l.mapping.deg_per_px,
  tolPx: (l) => l.tol_deg / l.mapping.deg_per_px,
  reasoning: (l, locale, m) => ({ theta: l.theta, tail: rotationDragText(locale, l, m) }),
  instruction: (_l, locale) => ({ rotationScaleText: rotationScaleText(locale, 'cw') }),
});
