/**
 * #81 color_discrimination_select (group I, multi-select grid + submit, Set+Submit): tiles hold
 * colour patches of near hues; select every tile whose colour matches the sample swatch, then submit
 * (MCA-Bench colour discrimination). The knob is the CIE76 ΔE*ab between the sample and the nearest
 * decoy; matching tiles stay within ΔE 2.5 of the sample (slight shading).
 */
import { defineKnobs, knob } from '../../engine.js';
import { boxRect, circle, path, rect } from '../../lib/draw.js';
import type { GridFrame } from '../../lib/grids.js';
import { deltaE, hslToRgb, rgbToHex } from '../../lib/color.js';
import { roundedSquarePath } from '../../lib/dice-clocks.js';
import { say } from '../../lib/i18n.js';
import { placeWithRetries } from '../../lib/placement.js';
import { type KnobsOf, answerProblem, gridSelectEngine, indicesWhere, pickTiles, squareFrame } from './template.js';

interface Patch {
  color: string;
  shape: 'square' | 'circle' | 'blob';
  scale: number;
  rot: number;
}
/** Latent state of color_discrimination_select (puzzle px). */
export interface ColorDiscLatent extends Record<string, unknown> {
  frame: GridFrame;
  sample: string;
  patches: Patch[];
  answer: number[];
  min_delta: number;
}

const KNOBS = defineKnobs({ grid: knob('rows x cols', [3, 3], [3, 3], [4, 4]), min_delta: knob('minimum ΔE*ab between the sample and any decoy', 30, 22, 14), max_delta: knob('decoys are drawn within this ΔE*ab of the sample (near hues)', 70, 40, 26), targets: knob('matching tile count range', [2, 3], [2, 4], [3, 5]) });
const MATCH = 2.5;

/** Engine #81 color_discrimination_select (group I, Set+Submit, verifier `click`/`set` + submit). */
export const colorDiscriminationSelect = gridSelectEngine<ColorDiscLatent, KnobsOf<typeof KNOBS>>({
  type: 'color_discrimination_select', number: 81, knobs: KNOBS,
  sample(rng, k) {
    const { frame } = squareFrame(rng, k.grid);
    const h = rng.int(0, 359);
    const s = rng.float(45, 80);
    const li = rng.float(40, 62);
    const sample = rgbToHex(hslToRgb(h, s, li));
    const n = frame.tiles.length;
    const answer = pickTiles(rng, n, k.targets);
    const patches: Patch[] = [];
    for (let i = 0; i < n; i++) {
      const color = answer.includes(i)
        ? placeWithRetries(30, () => rgbToHex(hslToRgb(h, s, li + rng.float(-0.8, 0.8))), (c) => deltaE(c, sample) <= MATCH)
        : placeWithRetries(200, () => rgbToHex(hslToRgb(h + rng.float(-40, 40), Math.max(10, Math.min(95, s + rng.float(-25, 25))), Math.max(20, Math.min(80, li + rng.float(-15, 15))))), (c) => deltaE(c, sample) >= k.min_delta && deltaE(c, sample) <= k.max_delta);
      patches.push({ color: color ?? sample, shape: rng.pick(['square', 'circle', 'blob'] as const), scale: Math.round(rng.float(0.55, 0.72) * 100) / 100, rot: rng.int(-20, 20) });
    }
    return { frame, sample, patches, answer, min_delta: k.min_delta };
  },

  validate(l) {
    if (l.patches.length !== l.frame.tiles.length) return 'one patch per tile needed';
    for (const p of l.patches) {
      const d = deltaE(p.color, l.sample);
      if (d > MATCH && d < l.min_delta) return `a decoy is only ΔE ${d.toFixed(1)} from the sample`;
    }
    const want = indicesWhere(l.patches, (p) => deltaE(p.color, l.sample) <= MATCH);
    return answerProblem(l.answer, want, l.patches.length, 'answer does not match the colours', 'need some matching and some other tiles');
  },

  tiles(l, style, rng) {
    const light = style.theme === 'light';
    return l.frame.tiles.map((b, i) => {
      const p = l.patches[i]!;
      const s = b[2] - b[0];
      const cx = (b[0] + b[2]) / 2;
      const cy = (b[1] + b[3]) / 2;
      let t = rect(b[0], b[1], s, s, { fill: light ? '#ecedef' : '#2a2d33' });
      for (let j = 0; j < 6; j++) t += circle(rng.float(b[0], b[2]), rng.float(b[1], b[3]), rng.float(0.5, 1.2), { fill: light ? '#000000' : '#ffffff', opacity: 0.12 });
      const r = (p.scale * s) / 2;
      if (p.shape === 'circle') return t + circle(cx, cy, r, { fill: p.color });
      if (p.shape === 'square') return t + path(roundedSquarePath(cx, cy, 2 * r, p.rot, r * 0.25), { fill: p.color });
      let d = '';
      for (let a = 0; a < 12; a++) {
        const ang = (a / 12) * Math.PI * 2;
        const rr = r * (0.85 + 0.15 * Math.sin(a * 2.3 + p.rot));
        d += `${a ? 'L' : 'M'}${(cx + rr * Math.cos(ang)).toFixed(1)} ${(cy + rr * Math.sin(ang)).toFixed(1)}`;
      }
      return t + path(d + 'Z', { fill: p.color, extra: 'stroke-linejoin="round"' });
    });
  },

  prompt: (l, style) => ({
    lead: say(style.locale, { en: 'Select every tile in the same colour as', zh: '请选择与右侧样本颜色相同的所有方块' }),
    big: say(style.locale, { en: 'the sample', zh: '样本颜色' }),
    example: (b) => boxRect(b, { fill: l.sample, stroke: style.border, sw: 1.5, rx: 6 }),
  }),
  reasoning: (l) => ({ near: Math.min(...l.patches.map((p) => deltaE(p.color, l.sample)).filter((d) => d > MATCH)).toFixed(0) }),
});
