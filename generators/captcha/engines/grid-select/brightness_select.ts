/**
 * #82 brightness_select (group I, multi-select grid + submit, Set+Submit): tiles hold patches of one
 * hue (or grey) at different lightness; select every tile lighter (or darker) than the sample, then
 * submit (MCA-Bench brightness). The knob is the smallest CIELAB ΔL* between any tile and the sample.
 */
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { Ids, boxRect, circle, rect, svgDoc } from '../../lib/draw.js';
import { type GridFrame, checkGridFrame, drawGridFrame, gridFrame, gridSteps } from '../../lib/grids.js';
import { clickSetSubmit } from '../../lib/solutions.js';
import { hslToRgb, lightness, rgbToHex } from '../../lib/color.js';
import { say } from '../../lib/i18n.js';

/** Latent state of brightness_select (puzzle px). */
export interface BrightnessLatent extends Record<string, unknown> {
  frame: GridFrame;
  relation: 'lighter' | 'darker';
  sample: string;
  colors: string[];
  answer: number[];
  min_dl: number;
}

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ grid: knob('rows x cols', [3, 3], [3, 3], [4, 4]), min_dl: knob('minimum |ΔL*| between any tile and the sample', 22, 13, 8), grey: knob('probability of grey (no hue) patches', 0.5, 0.3, 0.2) });

/** Engine #82 brightness_select (group I, Set+Submit, verifier `click`/`set` + submit). */
export const brightnessSelect = defineEngine<BrightnessLatent>({
  type: 'brightness_select',
  group: 'multi_select_grid',
  number: 82,
  actionForm: 'Set+Submit',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
    const [rows, cols] = k.grid;
    const frame = gridFrame(rng, rows, cols, rows === 3 ? 96 : 72);
    const grey = rng.bool(k.grey);
    const h = rng.int(0, 359);
    const s = grey ? 0 : rng.float(35, 70);
    const mk = (l: number): string => rgbToHex(hslToRgb(h, s, l));
    const sampleL = rng.float(38, 62);
    const sample = mk(sampleL);
    const L0 = lightness(sample);
    const n = rows * cols;
    const colors: string[] = [];
    for (let i = 0; i < n; i++) {
      let c = sample;
      const first = rng.bool();
      for (let t = 0; t < 120; t++) {
        const up = t < 60 ? first : !first; // fall back to the other side when one side has no room
        const cand = mk(up ? rng.float(sampleL + 4, 95) : rng.float(5, sampleL - 4));
        if (Math.abs(lightness(cand) - L0) >= k.min_dl) {
          c = cand;
          break;
        }
      }
      colors.push(c);
    }
    const relation = rng.bool() ? 'lighter' : 'darker';
    const answer = colors.map((c, i) => ((relation === 'lighter' ? lightness(c) > L0 : lightness(c) < L0) ? i : -1)).filter((i) => i >= 0);
    return { frame, relation, sample, colors, answer, min_dl: k.min_dl };
  },

  validate(l) {
    const f = checkGridFrame(l.frame);
    if (f) return f;
    if (l.colors.length !== l.frame.tiles.length) return 'one colour per tile needed';
    const L0 = lightness(l.sample);
    for (const c of l.colors) if (Math.abs(lightness(c) - L0) < l.min_dl) return 'a tile is too close to the sample in lightness';
    const want = l.colors.map((c, i) => ((l.relation === 'lighter' ? lightness(c) > L0 : lightness(c) < L0) ? i : -1)).filter((i) => i >= 0);
    if (want.join(',') !== l.answer.join(',')) return 'answer does not match the lightness';
    if (!l.answer.length || l.answer.length === l.colors.length) return 'need tiles on both sides of the sample';
    return null;
  },

  draw(l, style, rng) {
    const ids = new Ids();
    const light = style.theme === 'light';
    const tiles = l.frame.tiles.map((b, i) => {
      const s = b[2] - b[0];
      let t = rect(b[0], b[1], s, s, { fill: light ? '#f1f1f1' : '#2b2b2b' });
      t += rect(b[0] + s * 0.14, b[1] + s * 0.14, s * 0.72, s * 0.72, { fill: l.colors[i]!, rx: 6, stroke: 'rgba(127,127,127,0.4)', sw: 1 });
      for (let j = 0; j < 5; j++) t += circle(rng.float(b[0], b[2]), rng.float(b[1], b[3]), rng.float(0.5, 1.1), { fill: '#808080', opacity: 0.3 });
      return t;
    });
    const lighter = l.relation === 'lighter';
    const g = drawGridFrame(style, l.frame, {
      lead: say(style.locale, { en: 'Select every tile that is', zh: '请选择所有比右侧样本' }),
      big: lighter ? (say(style.locale, { en: 'lighter than the sample', zh: '更亮的方块' })) : say(style.locale, { en: 'darker than the sample', zh: '更暗的方块' }),
      example: (b) => boxRect(b, { fill: light ? '#f1f1f1' : '#2b2b2b', rx: 6, stroke: style.border, sw: 1 }) + rect(b[0] + 8, b[1] + 8, b[2] - b[0] - 16, b[3] - b[1] - 16, { fill: l.sample, rx: 4 }),
    }, tiles, ids);
    return { svg: svgDoc(l.frame.width, l.frame.height, g.body, g.defs), width: l.frame.width, height: l.frame.height };
  },

  solve(l) {
    return clickSetSubmit(l.answer.map((i) => l.frame.tiles[i]!), l.frame.submit_box);
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const lighter = l.relation === 'lighter';
    return say(locale, { en: `The sample swatch sits at the right of the header. Comparing each tile's lightness with it, the tiles ${lighter ? 'lighter' : 'darker'} than the sample are selected. ` + gridSteps(l.frame, l.answer, locale, m), zh: `样本色块在标题右侧。逐格比较每个方块与样本的明暗程度，${lighter ? '比样本更亮' : '比样本更暗'}的方块入选。` + gridSteps(l.frame, l.answer, locale, m) });
  },

  instruction(l, locale) {
    const lighter = l.relation === 'lighter';
    return say(locale, 'brightness_select.instruction', { p: lighter ? 'lighter' : 'darker', p2: lighter ? '更亮' : '更暗' });
  },
});
