/**
 * #33 rotate_3d_to_match (group D, image rotation, Drag): a polycube drawn in 3D (orthographic, camera
 * tilted down) and a small target view of the same object turned about the vertical axis. Moving the
 * slider right by x px turns the object by `x * mapping.deg_per_px` degrees about the vertical axis
 * (front moving right; mapping in the latent). Answer: `dx = needed_deg / deg_per_px`.
 *
 * Validity: the coloured polycube has no quarter-turn symmetry about the vertical axis (otherwise
 * several slider positions would match the target).
 *
 * The mapping is shown, not only stored: the track carries ticks and labels where the handle's centre
 * stops for 90°, 180°, 270°, 360° and a turn-direction sign (kit2 `rotationTrack`), and the instruction
 * states it (kit2 `rotationScaleText`).
 */
import type { Box } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxRect, hsl, label, path } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { sliderEngine } from './template.js';
import { chrome, tile } from '../../lib/controls.js';
import { polyD } from '../../lib/geometry.js';
import { rotationScaleText, rotationSliderInvalid, rotationTrack } from '../../lib/rotation.js';
import { type V3, connected, polycubeCentre, polycubeFaces, shade } from '../../lib/proj3d.js';

/** Latent state of rotate_3d_to_match (world units, degrees, puzzle px). */
export interface Rotate3dLatent extends Record<string, unknown> {
  width: number;
  height: number;
  cubes: V3[];
  /** Hue of each cube. */
  hues: number[];
  pitch: number;
  /** Current yaw of the object and yaw of the target view, degrees. */
  yaw: number;
  target_yaw: number;
  needed_deg: number;
  panel_box: Box;
  target_box: Box;
  track_box: Box;
  handle_box: Box;
  travel: number;
  mapping: { deg_per_px: number; direction: 'front-right' };
  tol_deg: number;
}

const KNOBS = defineKnobs({ cubes: knob('number of unit cubes in the object', 4, 5, 6), colours: knob('number of distinct cube colours (1 = shape cues only)', 4, 2, 1), step: knob('granularity of the needed turn, degrees', 45, 15, 5), tol_deg: knob('accepted angle error, degrees', 15, 12, 10) });

const W = 320;
const H = 330;

/** Canonical key of coloured cubes (positions relative to the minimum corner, with colour). */
function colouredKey(cubes: readonly V3[], hues: readonly number[]): string {
  const lo = [0, 1, 2].map((k) => Math.min(...cubes.map((c) => c[k]!)));
  return cubes.map((c, i) => `${c[0] - lo[0]!},${c[1] - lo[1]!},${c[2] - lo[2]!}:${hues[i]}`).sort().join(';');
}

/** Whether a quarter turn about y (1, 2 or 3 times) maps the coloured polycube onto itself. */
export function hasTurnSymmetry(cubes: readonly V3[], hues: readonly number[]): boolean {
  const k0 = colouredKey(cubes, hues);
  let cs = cubes.map((c) => c.slice() as V3);
  for (let t = 1; t < 4; t++) {
    cs = cs.map(([x, y, z]) => [z, y, -x] as V3);
    if (colouredKey(cs, hues) === k0) return true;
  }
  return false;
}

/** SVG of the polycube at a yaw inside box `b`. */
function drawCubes(l: Rotate3dLatent, b: Box, yaw: number, scale: number): string {
  const centre = polycubeCentre(l.cubes);
  const v = { yaw, pitch: l.pitch, scale, cx: (b[0] + b[2]) / 2, cy: (b[1] + b[3]) / 2 + scale * 0.1 };
  let s = '';
  // ground shadow
  const sh: Array<[number, number]> = [];
  for (let i = 0; i < 24; i++) {
    const a = (2 * Math.PI * i) / 24;
    sh.push([v.cx + Math.cos(a) * scale * 1.9, v.cy + scale * 1.25 + Math.sin(a) * scale * 0.45]);
  }
  s += path(polyD(sh), { fill: 'rgba(0,0,0,0.12)' });
  for (const f of polycubeFaces(l.cubes, v, centre)) {
    const k = shade(f.normal, v);
    s += path(polyD(f.pts), { fill: hsl(l.hues[f.owner]!, 55, 30 + 38 * k), stroke: hsl(l.hues[f.owner]!, 40, 18), sw: 1.2, extra: 'stroke-linejoin="round"' });
  }
  return s;
}

/** Engine #33 rotate_3d_to_match (group D, Drag, verifier `drag`; tolerance tol_deg / needed_deg). */
export const rotate3dToMatch = sliderEngine<Rotate3dLatent, typeof KNOBS>({
  type: 'rotate_3d_to_match', group: 'image_rotation', number: 33, knobs: KNOBS,
  sample(rng, k) {
    const cubes: V3[] = [[0, 0, 0]];
    const has = (c: V3): boolean => cubes.some((d) => d[0] === c[0] && d[1] === c[1] && d[2] === c[2]);
    for (let t = 0; t < 200 && cubes.length < k.cubes; t++) {
      const b = rng.pick(cubes);
      const d = rng.pick<V3>([[1, 0, 0], [-1, 0, 0], [0, 0, 1], [0, 0, -1], [0, 1, 0]]);
      const c: V3 = [b[0] + d[0], b[1] + d[1], b[2] + d[2]];
      if (has(c) || c[1] > 1 || Math.abs(c[0]) > 1 || Math.abs(c[2]) > 1) continue;
      if (c[1] === 1 && !has([c[0], 0, c[2]])) continue; // no floating cubes
      cubes.push(c);
    }
    const base = rng.int(0, 359);
    const palette = Array.from({ length: k.colours }, (_, i) => (base + Math.round((360 * i) / k.colours)) % 360);
    const hues = cubes.map((_, i) => palette[i % palette.length]!);
    const steps = Math.floor(360 / k.step);
    const lo = Math.ceil(40 / k.step);
    const needed = rng.int(lo, steps - lo) * k.step;
    const yaw = rng.int(0, 359);
    const track: Box = [12, 280, 308, 320];
    const handle: Box = [12, 280, 64, 320];
    const travel = track[2] - track[0] - (handle[2] - handle[0]);
    return {
      width: W,
      height: H,
      cubes,
      hues: rng.shuffle(hues),
      pitch: rng.int(22, 32),
      yaw,
      target_yaw: (yaw + needed) % 360,
      needed_deg: needed,
      panel_box: [14, 44, 306, 268],
      target_box: [20, 50, 116, 146],
      track_box: track,
      handle_box: handle,
      travel,
      mapping: { deg_per_px: 360 / travel, direction: 'front-right' },
      tol_deg: k.tol_deg,
    };
  },

  validate(l) {
    if (l.cubes.length < 3 || l.cubes.length !== l.hues.length) return 'object too small';
    if (!connected(l.cubes)) return 'cubes not connected';
    if (hasTurnSymmetry(l.cubes, l.hues)) return 'object looks the same after a quarter turn';
    if ((((l.target_yaw - l.yaw - l.needed_deg) % 360) + 360) % 360 !== 0) return 'target yaw does not match needed angle';
    return rotationSliderInvalid(l);
  },

  draw(l, style) {
    let body = chrome(style, l.width, l.height, say(style.locale, { en: 'Turn the object to match the small view', zh: '拖动滑块旋转物体，使其与小图一致' }));
    body += tile(style, l.panel_box, style.panel);
    body += drawCubes(l, [l.panel_box[0] + 90, l.panel_box[1] + 10, l.panel_box[2], l.panel_box[3] - 10], l.yaw, 34);
    body += boxRect(l.target_box, { fill: style.theme === 'light' ? '#ffffff' : '#15171c', stroke: style.accent, sw: 1.5, rx: 6 });
    body += drawCubes(l, [l.target_box[0], l.target_box[1] + 4, l.target_box[2], l.target_box[3] - 8], l.target_yaw, 15);
    body += label(style, say(style.locale, { en: 'Target', zh: '目标' }), (l.target_box[0] + l.target_box[2]) / 2, l.target_box[3] + 16, 12, style.subtext, { anchor: 'middle' });
    body += rotationTrack(style, l.track_box, l.handle_box, l.mapping.deg_per_px, 'front-right');
    return { body };
  },

  dx: (l) => l.needed_deg / l.mapping.deg_per_px,
  tolPx: (l) => l.tol_deg / l.mapping.deg_per_px,
  reasoning: (l, _locale, m) => ({ n: l.cubes.length, needed: l.needed_deg, full: Math.round(l.travel * m.sx) }),
  instruction: (_l, locale) => ({ rotationScaleText: rotationScaleText(locale, 'front-right') }),
});
