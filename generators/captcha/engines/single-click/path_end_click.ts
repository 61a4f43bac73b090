/**
 * #52 path_end_click (group G, visual reasoning, Click): several roads run across a map from the left;
 * a toy car sits at the start of one. Click the end point of the car's road (AWS toy-car style). Every
 * road ends at a round marker; roads may cross. Verifier `click` / `any` with the marker's box.
 */
import type { Box, Point } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import type { Rng } from '../../../../core/rng.js';
import { defineKnobs, knob, IDENTITY_AFFINE, type Difficulty } from '../../engine.js';
import { boxRect, circle, hsl, n1, noiseDots, path, ptText, regionWord } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { singleClickEngine } from './template.js';
import { boxAround, polyD, rotAbout } from '../../lib/geometry.js';
import { chrome } from '../../lib/controls.js';

/** A road: cubic Bezier from start to end (puzzle px). */
interface Road {
  p0: Point;
  c1: Point;
  c2: Point;
  p1: Point;
  hue: number;
}
/** Latent state of path_end_click (puzzle px). */
export interface PathEndLatent extends Record<string, unknown> {
  width: number;
  height: number;
  area: Box;
  roads: Road[];
  /** Road the car starts on. */
  car: number;
  /** Click box of each road's end marker. */
  ends: Box[];
  same_colour: boolean;
}

const KNOBS = defineKnobs({ roads: knob('number of roads', 2, 3, 4), wiggle: knob('how far control points stray vertically (more crossings)', 0.3, 0.6, 0.9), same_colour: knob('all roads in one colour', false, false, true) });
const DIFF = KNOBS.difficulties;

const W = 320;
const H = 280;
const AREA: Box = [10, 44, 310, 270];
const END_R = 11;

/** Point of a cubic Bezier at t. */
export function bez(r: Road, t: number): Point {
  const u = 1 - t;
  const f = (a: number, b: number, c: number, d: number): number => u * u * u * a + 3 * u * u * t * b + 3 * u * t * t * c + t * t * t * d;
  return [f(r.p0[0], r.c1[0], r.c2[0], r.p1[0]), f(r.p0[1], r.c1[1], r.c2[1], r.p1[1])];
}
const roadD = (r: Road): string => `M${n1(r.p0[0])} ${n1(r.p0[1])}C${n1(r.c1[0])} ${n1(r.c1[1])} ${n1(r.c2[0])} ${n1(r.c2[1])} ${n1(r.p1[0])} ${n1(r.p1[1])}`;

function sampleRoads(rng: Rng, n: number, wiggle: number): Road[] {
  const h = AREA[3] - AREA[1];
  const lanes = (k: number): number[] => rng.shuffle(Array.from({ length: k }, (_, i) => AREA[1] + 22 + ((h - 44) * (i + 0.5)) / k));
  const starts = lanes(n).sort((a, b) => a - b);
  const ends = lanes(n);
  return starts.map((y0, i) => {
    const y1 = ends[i]!;
    const x0 = AREA[0] + 26;
    const x1 = AREA[2] - 22 - rng.int(0, 30);
    const span = h * wiggle;
    return {
      p0: [x0, Math.round(y0)],
      c1: [Math.round(x0 + (x1 - x0) * rng.float(0.25, 0.45)), Math.round(Math.min(AREA[3] - 16, Math.max(AREA[1] + 16, y0 + rng.float(-span, span))))],
      c2: [Math.round(x0 + (x1 - x0) * rng.float(0.55, 0.75)), Math.round(Math.min(AREA[3] - 16, Math.max(AREA[1] + 16, y1 + rng.float(-span, span))))],
      p1: [x1, Math.round(y1)],
      hue: rng.int(0, 359),
    };
  });
}

/** One sampled state (may be invalid; `sample` retries a few times with the same rng stream). */
function sampleOnce(rng: Rng, difficulty: Difficulty): PathEndLatent {
  const k = DIFF[difficulty];
  const roads = sampleRoads(rng, k.roads, k.wiggle);
  return { width: W, height: H, area: AREA, roads, car: rng.int(0, k.roads - 1), ends: roads.map((r) => boxAround(r.p1[0], r.p1[1], END_R + 3)), same_colour: k.same_colour };
}

/** Engine #52 path_end_click (group G, Click, verifier `click` / `any`). */
export const pathEndClick = singleClickEngine<PathEndLatent, typeof KNOBS>({
  type: 'path_end_click',
  number: 52,
  group: 'visual_reasoning',
  knobs: KNOBS,

  sample(rng, _k, difficulty) {
    // resample a few times when the cheap state fails validation (same rng stream: deterministic)
    let l = sampleOnce(rng, difficulty);
    for (let t = 0; t < 15 && pathEndClick.validate(l) !== null; t++) l = sampleOnce(rng, difficulty);
    return l;
  },

  validate(l) {
    if (l.roads.length < 2 || l.car < 0 || l.car >= l.roads.length) return 'need at least two roads';
    for (const [i, r] of l.roads.entries()) {
      for (let t = 0; t <= 1; t += 0.05) {
        const [x, y] = bez(r, t);
        if (x < l.area[0] + 6 || x > l.area[2] - 6 || y < l.area[1] + 6 || y > l.area[3] - 6) return 'road leaves the map';
      }
      for (let j = 0; j < i; j++) {
        const o = l.roads[j]!;
        if (Math.hypot(o.p1[0] - r.p1[0], o.p1[1] - r.p1[1]) < 3 * END_R + 6) return 'end markers too close';
        if (Math.abs(o.p0[1] - r.p0[1]) < 34) return 'starts too close';
        // an end marker must not sit on another road (which end belongs to which road stays clear)
        for (const [a, b] of [[r, o], [o, r]] as const) {
          for (let u = 0; u <= 1; u += 0.02) {
            const q = bez(b, u);
            if (Math.hypot(a.p1[0] - q[0], a.p1[1] - q[1]) < END_R + 9) return 'a road passes too close to another road end';
          }
        }
      }
    }
    return null;
  },

  picture(l, style, rng) {
    let body = chrome(style, l.width, l.height, say(style.locale, 'path_end_click.title'));
    body += boxRect(l.area, { fill: hsl(100, 30, style.theme === 'light' ? 82 : 28), rx: style.radius });
    body += noiseDots(rng, l.area, 50, 0.4, [hsl(100, 35, 60), hsl(80, 30, 45)]);
    const roadCol = (r: Road): string => (l.same_colour ? '#7d7f86' : hsl(r.hue, 35, 55));
    for (const r of l.roads) body += path(roadD(r), { stroke: '#3b3d42', sw: 13, extra: 'stroke-linecap="round"' });
    for (const r of l.roads) {
      body += path(roadD(r), { stroke: roadCol(r), sw: 10, extra: 'stroke-linecap="round"' });
      body += path(roadD(r), { stroke: 'rgba(255,255,255,0.8)', sw: 1.2, extra: 'stroke-dasharray="5 5"' });
    }
    for (const r of l.roads) {
      body += circle(r.p1[0], r.p1[1], END_R, { fill: '#ffffff', stroke: '#e53935', sw: 3 });
      body += circle(r.p1[0], r.p1[1], 3.5, { fill: '#e53935' });
    }
    // the car: a small body + cabin + wheels oriented along the road start
    const c = l.roads[l.car]!;
    const [x0, y0] = c.p0;
    const [x1, y1] = bez(c, 0.04);
    const ang = (Math.atan2(y1 - y0, x1 - x0) * 180) / Math.PI;
    const P = (pts: Array<[number, number]>): string => polyD(pts.map(([x, y]) => rotAbout(x0, y0, x0 + x, y0 + y, ang)));
    body += path(P([[-13, -7], [13, -7], [13, 7], [-13, 7]]), { fill: '#f2c318', stroke: '#6b5200', sw: 1.2 });
    body += path(P([[-4, -5], [7, -5], [7, 5], [-4, 5]]), { fill: '#9fd3ff' });
    for (const [wx, wy] of [[-8, -8.5], [8, -8.5], [-8, 8.5], [8, 8.5]] as Array<[number, number]>) body += path(P([[wx - 3.5, wy - 2], [wx + 3.5, wy - 2], [wx + 3.5, wy + 2], [wx - 3.5, wy + 2]]), { fill: '#222' });
    return { svg: body };
  },

  target: (l) => ({ boxes: [l.ends[l.car]!] }),

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const c = l.roads[l.car]!;
    const at = ptText(m, boxCenter(l.ends[l.car]!));
    const start = ptText(m, c.p0);
    const where = regionWord(c.p1[0], c.p1[1], l.area, locale);
    return say(locale, 'path_end_click.reasoning', { n: l.roads.length, start, crossings: l.roads.length > 2 ? say(locale, 'path_end_click.crossings') : '', where, at });
  },

});
