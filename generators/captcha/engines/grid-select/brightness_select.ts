/**
 * #82 brightness_select (group I, multi-select grid + submit, Set+Submit): tiles hold patches of one
 * hue (or grey) at different lightness; select every tile lighter (or darker) than the sample, then
 * submit (MCA-Bench brightness). The knob is the smallest CIELAB ΔL* between any tile and the sample.
 */
import { defineKnobs, knob } from '../../engine.js';
import { boxRect, circle, rect } from '../../lib/draw.js';
import type { GridFrame } from '../../lib/grids.js';
import { hslToRgb, lightness, rgbToHex } from '../../lib/color.js';
import { say } from '../../lib/i18n.js';
import { placeWithRetries } from '../../lib/placement.js';
import { type KnobsOf, answerProblem, gridSelectEngine, indicesWhere, squareFrame } from './template.js';

/** Latent state of brightness_select (puzzle px). */
export interface BrightnessLatent extends Record<string, unknown> {
  frame: GridFrame;
  relation: 'lighter' | 'darker';
  sample: string;
  colors: string[];
  answer: number[];
  min_dl: number;
}

const KNOBS = defineKnobs({ grid: knob('rows x cols', [3, 3], [3, 3], [4, 4]), min_dl: knob('minimum |ΔL*| between any tile and the sample', 22, 13, 8), grey: knob('probability of grey (no hue) patches', 0.5, 0.3, 0.2) });

/** Engine #82 brightness_select (group I, Set+Submit, verifier `click`/`set` + submit). */
export const brightnessSelect = gridSelectEngine<BrightnessLatent, KnobsOf<typeof KNOBS>>({
  type: 'brightness_select', number: 82, knobs: KNOBS,
  sample(rng, k) {
    const { frame } = squareFrame(rng, k.grid);
    const grey = rng.bool(k.grey);
    const h = rng.int(0, 359);
    const s = grey ? 0 : rng.float(35, 70);
    const mk = (l: number): string => rgbToHex(hslToRgb(h, s, l));
    const sampleL = rng.float(38, 62);
    const sample = mk(sampleL);
    const L0 = lightness(sample);
    const colors: string[] = [];
    for (let i = 0; i < frame.tiles.length; i++) {
      const first = rng.bool();
      // fall back to the other side when one side has no room
      const side = (t: number): string => mk((t < 60 ? first : !first) ? rng.float(sampleL + 4, 95) : rng.float(5, sampleL - 4));
      colors.push(placeWithRetries(120, side, (c) => Math.abs(lightness(c) - L0) >= k.min_dl) ?? sample);
    }
    const relation = rng.bool() ? 'lighter' : 'darker';
    return { frame, relation, sample, colors, answer: indicesWhere(colors, (c) => (relation === 'lighter' ? lightness(c) > L0 : lightness(c) < L0)), min_dl: k.min_dl };
  },

  validate(l) {
    if (l.colors.length !== l.frame.tiles.length) return 'one colour per tile needed';
    const L0 = lightness(l.sample);
    for (const c of l.colors) if (Math.abs(lightness(c) - L0) < l.min_dl) return 'a tile is too close to the sample in lightness';
    const want = indicesWhere(l.colors, (c) => (l.relation === 'lighter' ? lightness(c) > L0 : lightness(c) < L0));
    return answerProblem(l.answer, want, l.colors.length, 'answer does not match the lightness', 'need tiles on both sides of the sample');
  },

  tiles(l, style, rng) {
    const light = style.theme === 'light';
    return l.frame.tiles.map((b, i) => {
      const s = b[2] - b[0];
      let t = rect(b[0], b[1], s, s, { fill: light ? '#f1f1f1' : '#2b2b2b' });
      t += rect(b[0] + s * 0.14, b[1] + s * 0.14, s * 0.72, s * 0.72, { fill: l.colors[i]!, rx: 6, stroke: 'rgba(127,127,127,0.4)', sw: 1 });
      for (let j = 0; j < 5; j++) t += circle(rng.float(b[0], b[2]), rng.float(b[1], b[3]), rng.float(0.5, 1.1), { fill: '#808080', opacity: 0.3 });
      return t;
    });
  },

  prompt: (l, style) => ({
    lead: say(style.locale, { en: 'Select every tile that is', zh: '请选择所有比右侧样本' }),
    big: l.relation === 'lighter' ? say(style.locale, { en: 'lighter than the sample', zh: '更亮的方块' }) : say(style.locale, { en: 'darker than the sample', zh: '更暗的方块' }),
    example: (b) => boxRect(b, { fill: style.theme === 'light' ? '#f1f1f1' : '#2b2b2b', rx: 6, stroke: style.border, sw: 1 }) + rect(b[0] + 8, b[1] + 8, b[2] - b[0] - 16, b[3] - b[1] - 16, { fill: l.sample, rx: 4 }),
  }),
  reasoning: (l, locale) => ({ relation: say(locale, `brightness_select.${l.relation}`) }),
  instruction: (l, locale) => ({ p: say(locale, `brightness_select.word_${l.relation}`), p2: l.relation === 'lighter' ? '更亮' : '更暗' }),
});
