/**
 * #41 curve_align_slider (group E, drag-to-end, Drag): a dashed reference curve and a solid copy of it
 * shifted left by `shift` px; the slider moves the solid curve right 1:1. Answer: `dx = shift`.
 *
 * Validity: the curve is not periodic within the slider's range — every other handle position more
 * than the tolerance away leaves a mean squared gap of at least `min_gap` (relative to the curve's
 * variance), so exactly one position aligns the curves.
 */
import type { Box } from '../../../../core/geometry.js';
import type { Rng } from '../../../../core/rng.js';
import { defineKnobs, knob, type Difficulty } from '../../engine.js';
import { Ids, boxRect, line, n1, path, sliderTrack } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { chrome } from '../../lib/controls.js';
import { sliderEngine } from './template.js';

interface Wave {
  amp: number;
  /** Cycles over the plot width. */
  freq: number;
  phase: number;
}
/** Latent state of curve_align_slider (puzzle px). */
export interface CurveAlignLatent extends Record<string, unknown> {
  width: number;
  height: number;
  plot_box: Box;
  track_box: Box;
  handle_box: Box;
  /** Sum of these sines plus the bumps, in units of half the plot height. */
  waves: Wave[];
  bumps: Array<{ at: number; amp: number; width: number }>;
  /** The solid curve is the reference shifted left by this many px. */
  shift: number;
  tol_px: number;
  /** Required relative mean squared gap at every wrong position. */
  min_gap: number;
}

const KNOBS = defineKnobs({ waves: knob('sine components in the curve (complexity)', 1, 2, 3), bumps: knob('local bumps that break periodicity', 2, 2, 1), tol_px: knob('accepted displacement error, puzzle px', 7, 6, 5) });

const W = 320;
const H = 270;
const PLOT: Box = [12, 46, 308, 206];

/** Curve value at plot-relative x (px from the plot's left edge), in [-1, 1]-ish units. */
export function curveAt(l: Pick<CurveAlignLatent, 'waves' | 'bumps' | 'plot_box'>, x: number): number {
  const w = l.plot_box[2] - l.plot_box[0];
  const u = x / w;
  let y = 0;
  for (const s of l.waves) y += s.amp * Math.sin(2 * Math.PI * s.freq * u + s.phase);
  for (const b of l.bumps) y += b.amp * Math.exp(-(((u - b.at) / b.width) ** 2));
  return y;
}

/** Mean squared gap between the reference and the solid curve when the handle moved by d px (table[x + o] = curve at integer x). */
function gapAt(l: CurveAlignLatent, table: Float64Array, o: number, d: number): number {
  const w = l.plot_box[2] - l.plot_box[0];
  let acc = 0;
  let n = 0;
  for (let x = 0; x <= w; x += 3) {
    const e = table[x + o]! - table[Math.round(x + l.shift - d) + o]!;
    acc += e * e;
    n++;
  }
  return acc / n;
}

function sampleWaves(rng: Rng, n: number): Wave[] {
  return Array.from({ length: n }, (_, i) => ({ amp: Math.round(rng.float(0.25, 0.45) * 100) / 100, freq: Math.round(rng.float(0.8 + i * 0.7, 1.6 + i * 0.9) * 100) / 100, phase: Math.round(rng.float(0, 6.28) * 100) / 100 }));
}

/** One sampled curve state (may fail {@link curveProblem}). */
function sampleCurve(rng: Rng, difficulty: Difficulty): CurveAlignLatent {
  const k = KNOBS.difficulties[difficulty];
  const track: Box = [12, 222, 308, 260];
  const handle: Box = [12, 222, 62, 260];
  const travel = track[2] - track[0] - (handle[2] - handle[0]);
  const l: CurveAlignLatent = {
    width: W,
    height: H,
    plot_box: PLOT,
    track_box: track,
    handle_box: handle,
    waves: sampleWaves(rng, k.waves),
    bumps: Array.from({ length: k.bumps }, () => ({ at: Math.round(rng.float(-0.3, 1.6) * 100) / 100 + 0, amp: Math.round(rng.float(0.3, 0.55) * (rng.bool() ? 1 : -1) * 100) / 100, width: Math.round(rng.float(0.06, 0.14) * 100) / 100 })),
    shift: rng.int(70, travel - 10),
    tol_px: k.tol_px,
    min_gap: 0.08,
  };
  // scale so the curve's peak over every x the plot can show is 0.9 (stays inside the plot)
  let peak = 0;
  for (let x = -travel; x <= PLOT[2] - PLOT[0] + travel; x += 3) peak = Math.max(peak, Math.abs(curveAt(l, x)));
  const f = peak > 0 ? 0.9 / peak : 1;
  l.waves = l.waves.map((w) => ({ ...w, amp: Math.floor(w.amp * f * 100) / 100 }));
  l.bumps = l.bumps.map((b) => ({ ...b, amp: Math.trunc(b.amp * f * 100) / 100 + 0 }));
  return l;
}

/** Why a curve state is invalid (shift out of range, flat, leaves the plot, several aligning positions), or null. */
function curveProblem(l: CurveAlignLatent): string | null {
  const travel = l.track_box[2] - l.track_box[0] - (l.handle_box[2] - l.handle_box[0]);
  if (l.shift < 60 || l.shift > travel) return 'shift outside the slider range';
  const w = l.plot_box[2] - l.plot_box[0];
  let mean = 0;
  let sq = 0;
  let n = 0;
  let peak = 0;
  // the solid curve shows x + shift - d for x in [0, w], d in [0, travel]: x in [-travel, w + travel]
  const o = travel;
  const table = new Float64Array(w + 2 * travel + 1);
  for (let x = -travel; x <= w + travel; x++) table[x + o] = curveAt(l, x);
  for (let x = -travel; x <= w + travel; x += 3) {
    const y = table[x + o]!;
    mean += y;
    sq += y * y;
    n++;
    peak = Math.max(peak, Math.abs(y));
  }
  const variance = sq / n - (mean / n) ** 2;
  if (peak > 1.05) return 'curve leaves the plot';
  if (variance < 0.02) return 'curve too flat';
  for (let d = 0; d <= travel; d += 2) {
    if (Math.abs(d - l.shift) <= l.tol_px * 1.5) continue;
    if (gapAt(l, table, o, d) < l.min_gap * variance) return 'another slider position also aligns the curves';
  }
  return null;
}

/** Engine #41 curve_align_slider (group E, Drag, verifier `drag`; tolerance tol_px / shift). */
export const curveAlignSlider = sliderEngine<CurveAlignLatent, typeof KNOBS>({
  type: 'curve_align_slider', group: 'drag_to_end', number: 41, knobs: KNOBS,
  sample(rng, _k, difficulty) {
    // resample the curve until exactly one slider position aligns it (cheap; validate checks again)
    let l = sampleCurve(rng, difficulty);
    for (let t = 0; t < 15 && curveProblem(l); t++) l = sampleCurve(rng, difficulty);
    return l;
  },

  validate(l) {
    return curveProblem(l);
  },

  draw(l, style) {
    const ids = new Ids();
    const clip = ids.next();
    const p = l.plot_box;
    const w = p[2] - p[0];
    const mid = (p[1] + p[3]) / 2;
    const hh = (p[3] - p[1]) / 2 - 8;
    const pts = (off: number): string => {
      let d = '';
      for (let x = 0; x <= w; x += 3) d += `${x ? 'L' : 'M'}${n1(p[0] + x)} ${n1(mid - curveAt(l, x + off) * hh)}`;
      return d;
    };
    let body = chrome(style, l.width, l.height, say(style.locale, { en: 'Slide until the two curves line up', zh: '拖动滑块，使两条曲线重合' }));
    body += boxRect(p, { fill: style.panel, stroke: style.border, sw: 1, rx: style.radius });
    for (let gx = p[0] + 37; gx < p[2]; gx += 37) body += line(gx, p[1] + 2, gx, p[3] - 2, style.border, 0.8);
    for (let gy = p[1] + 32; gy < p[3]; gy += 32) body += line(p[0] + 2, gy, p[2] - 2, gy, style.border, 0.8);
    const defs = `<clipPath id="${clip}"><rect x="${p[0]}" y="${p[1]}" width="${w}" height="${p[3] - p[1]}"/></clipPath>`;
    body += `<g clip-path="url(#${clip})">`;
    body += path(pts(0), { stroke: style.subtext, sw: 2.2, extra: 'stroke-dasharray="6 4" stroke-linecap="round"' });
    body += path(pts(l.shift), { stroke: style.accent, sw: 2.6, extra: 'stroke-linecap="round" stroke-linejoin="round"' });
    body += '</g>';
    body += sliderTrack(style, l.track_box, l.handle_box, say(style.locale, { en: 'Slide to align the curves', zh: '向右拖动对齐曲线' }));
    return { body, defs };
  },

  dx: (l) => l.shift,
  tolPx: (l) => l.tol_px,
  reasoning: () => ({}),
});
