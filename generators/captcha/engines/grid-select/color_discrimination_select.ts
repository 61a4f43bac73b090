/**
 * #81 color_discrimination_select (group I, multi-select grid + submit, Set+Submit): tiles hold
 * colour patches of near hues; select every tile whose colour matches the sample swatch, then submit
 * (MCA-Bench colour discrimination). The knob is the CIE76 ΔE*ab between the sample and the nearest
 * decoy; matching tiles stay within ΔE 2.5 of the sample (slight shading).
 */
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { boxRect, circle, path, rect, svgDoc, Ids } from '../../lib/draw.js';
import { type GridFrame, checkGridFrame, drawGridFrame, gridFrame, gridSteps } from '../../lib/grids.js';
import { clickSetSubmit } from '../../lib/solutions.js';
import { deltaE, hslToRgb, rgbToHex } from '../../lib/color.js';
import { roundedSquarePath } from '../../lib/dice-clocks.js';
import { say } from '../../lib/i18n.js';

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

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ grid: knob('rows x cols', [3, 3], [3, 3], [4, 4]), min_delta: knob('minimum ΔE*ab between the sample and any decoy', 30, 22, 14), max_delta: knob('decoys are drawn within this ΔE*ab of the sample (near hues)', 70, 40, 26), targets: knob('matching tile count range', [2, 3], [2, 4], [3, 5]) });
const MATCH = 2.5;

/** Engine #81 color_discrimination_select (group I, Set+Submit, verifier `click`/`set` + submit). */
export const colorDiscriminationSelect = defineEngine<ColorDiscLatent>({
  type: 'color_discrimination_select',
  group: 'multi_select_grid',
  number: 81,
  actionForm: 'Set+Submit',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
    const [rows, cols] = k.grid;
    const frame = gridFrame(rng, rows, cols, rows === 3 ? 96 : 72);
    const h = rng.int(0, 359);
    const s = rng.float(45, 80);
    const li = rng.float(40, 62);
    const sample = rgbToHex(hslToRgb(h, s, li));
    const n = rows * cols;
    const answer = rng.sample([...Array(n).keys()], rng.int(k.targets[0], k.targets[1])).sort((a, b) => a - b);
    const patches: Patch[] = [];
    for (let i = 0; i < n; i++) {
      let color = sample;
      if (answer.includes(i)) {
        for (let t = 0; t < 30; t++) {
          const c = rgbToHex(hslToRgb(h, s, li + rng.float(-0.8, 0.8)));
          if (deltaE(c, sample) <= MATCH) {
            color = c;
            break;
          }
        }
      } else {
        for (let t = 0; t < 200; t++) {
          const c = rgbToHex(hslToRgb(h + rng.float(-40, 40), Math.max(10, Math.min(95, s + rng.float(-25, 25))), Math.max(20, Math.min(80, li + rng.float(-15, 15)))));
          const d = deltaE(c, sample);
          if (d >= k.min_delta && d <= k.max_delta) {
            color = c;
            break;
          }
        }
      }
      patches.push({ color, shape: rng.pick(['square', 'circle', 'blob'] as const), scale: Math.round(rng.float(0.55, 0.72) * 100) / 100, rot: rng.int(-20, 20) });
    }
    return { frame, sample, patches, answer, min_delta: k.min_delta };
  },

  validate(l) {
    const f = checkGridFrame(l.frame);
    if (f) return f;
    if (l.patches.length !== l.frame.tiles.length) return 'one patch per tile needed';
    const want: number[] = [];
    for (let i = 0; i < l.patches.length; i++) {
      const d = deltaE(l.patches[i]!.color, l.sample);
      if (d <= MATCH) want.push(i);
      else if (d < l.min_delta) return `a decoy is only ΔE ${d.toFixed(1)} from the sample`;
    }
    if (want.join(',') !== l.answer.join(',')) return 'answer does not match the colours';
    if (!l.answer.length || l.answer.length === l.patches.length) return 'need some matching and some other tiles';
    return null;
  },

  draw(l, style, rng) {
    const ids = new Ids();
    const light = style.theme === 'light';
    const tiles = l.frame.tiles.map((b, i) => {
      const p = l.patches[i]!;
      const s = b[2] - b[0];
      const cx = (b[0] + b[2]) / 2;
      const cy = (b[1] + b[3]) / 2;
      let t = rect(b[0], b[1], s, s, { fill: light ? '#ecedef' : '#2a2d33' });
      for (let j = 0; j < 6; j++) t += circle(rng.float(b[0], b[2]), rng.float(b[1], b[3]), rng.float(0.5, 1.2), { fill: light ? '#000000' : '#ffffff', opacity: 0.12 });
      const r = (p.scale * s) / 2;
      if (p.shape === 'circle') t += circle(cx, cy, r, { fill: p.color });
      else if (p.shape === 'square') t += path(roundedSquarePath(cx, cy, 2 * r, p.rot, r * 0.25), { fill: p.color });
      else {
        let d = '';
        for (let a = 0; a < 12; a++) {
          const ang = (a / 12) * Math.PI * 2;
          const rr = r * (0.85 + 0.15 * Math.sin(a * 2.3 + p.rot));
          d += `${a ? 'L' : 'M'}${(cx + rr * Math.cos(ang)).toFixed(1)} ${(cy + rr * Math.sin(ang)).toFixed(1)}`;
        }
        t += path(d + 'Z', { fill: p.color, extra: 'stroke-linejoin="round"' });
      }
      return t;
    });
    const ex = (b: [number, number, number, number]): string => boxRect(b, { fill: l.sample, stroke: style.border, sw: 1.5, rx: 6 });
    const g = drawGridFrame(style, l.frame, {
      lead: say(style.locale, { en: 'Select every tile in the same colour as', zh: '请选择与右侧样本颜色相同的所有方块' }),
      big: say(style.locale, { en: 'the sample', zh: '样本颜色' }),
      example: ex,
    }, tiles, ids);
    return { svg: svgDoc(l.frame.width, l.frame.height, g.body, g.defs), width: l.frame.width, height: l.frame.height };
  },

  solve(l) {
    return clickSetSubmit(l.answer.map((i) => l.frame.tiles[i]!), l.frame.submit_box);
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const near = Math.min(...l.patches.map((p) => deltaE(p.color, l.sample)).filter((d) => d > MATCH));
    return say(locale, { en: `The sample swatch is at the right of the header. Comparing each tile's patch with it, the identical ones match; the others differ slightly in hue or lightness (closest ΔE≈${near.toFixed(0)}) and are left out. ` + gridSteps(l.frame, l.answer, locale, m), zh: `样本色块在标题右侧。逐格比较色块与样本：颜色完全一致的保留；其余色块色相或明暗略有不同（最接近的色差 ΔE≈${near.toFixed(0)}），不选。` + gridSteps(l.frame, l.answer, locale, m) });
  },

  instruction(_l, locale) {
    return say(locale, 'color_discrimination_select.instruction');
  },
});
