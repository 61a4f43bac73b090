/**
 * #88 multi_script_select (group I, multi-select grid + submit, Set+Submit): each cell holds two or
 * three glyphs from several scripts (Latin, Greek, Cyrillic, kana, Chinese), turned at random angles;
 * select every cell that contains the prompt glyph (in any rotation), then submit (NextGen
 * Multi_Script). Glyphs are never mirrored, and the pool holds no two glyphs that are rotations of each
 * other (no b/q, d/p, n/u, M/W, N/Z, 6/9; one of Φ/Ф), so a turned glyph is identified uniquely.
 */
import { glyphAt } from '../../../../renderers/glyphs.js';
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { Ids, boxInside, boxesOverlap, hsl, intBox, path, svgDoc } from '../../lib/draw.js';
import { type GridFrame, checkGridFrame, drawGridFrame, gridFrame, gridSteps } from '../../lib/grids.js';
import { plainTile } from '../../lib/backdrops.js';
import { clickSetSubmit } from '../../lib/solutions.js';
import { say } from '../../lib/i18n.js';

/** Glyph pool by script. */
export const SCRIPT_POOL: Readonly<Record<string, readonly string[]>> = {
  latin: ['R', 'G', 'F', 'K', 'J', 'P', 'Q'],
  greek: ['λ', 'Ω', 'Ψ', 'Φ', 'ξ', 'δ', 'Σ'],
  cyrillic: ['Ж', 'Д', 'Б', 'Я', 'Ю', 'Ы'],
  kana: ['あ', 'ぬ', 'カ', 'ほ', 'ゆ'],
  han: ['水', '火', '鸟', '龙', '马', '风', '雨', '书'],
};
const ALL = Object.values(SCRIPT_POOL).flat();
const scriptOf = (g: string): string => Object.keys(SCRIPT_POOL).find((s) => SCRIPT_POOL[s]!.includes(g)) ?? '';

interface Glyph {
  ch: string;
  dx: number;
  dy: number;
  rot: number;
  size: number;
  color: string;
}
/** Latent state of multi_script_select (puzzle px). */
export interface MultiScriptLatent extends Record<string, unknown> {
  frame: GridFrame;
  target: string;
  cells: Glyph[][];
  answer: number[];
}

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ grid: knob('rows x cols', [3, 3], [3, 3], [3, 3]), per_cell: knob('glyphs per cell', 2, 2, 3), same_script: knob('decoys drawn from the target’s script first', false, true, true), max_rot: knob('glyph rotation range, degrees', 30, 90, 180) });
const SLOTS: Record<number, Array<[number, number]>> = { 2: [[-0.2, -0.17], [0.2, 0.17]], 3: [[-0.22, -0.2], [0.22, -0.15], [0, 0.22]] };

/** Engine #88 multi_script_select (group I, Set+Submit, verifier `click`/`set` + submit). */
export const multiScriptSelect = defineEngine<MultiScriptLatent>({
  type: 'multi_script_select',
  group: 'multi_select_grid',
  number: 88,
  actionForm: 'Set+Submit',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
    const [rows, cols] = k.grid;
    const frame = gridFrame(rng, rows, cols, 96);
    const target = rng.pick(ALL);
    const same = SCRIPT_POOL[scriptOf(target)]!.filter((g) => g !== target);
    const other = ALL.filter((g) => g !== target && !same.includes(g));
    const n = rows * cols;
    const answer = rng.sample([...Array(n).keys()], rng.int(2, 4)).sort((a, b) => a - b);
    const slots = SLOTS[k.per_cell]!;
    const cells: Glyph[][] = [...Array(n).keys()].map((i) => {
      const decoyPool = k.same_script && rng.bool(0.7) ? [...same, ...rng.sample(other, 3)] : other;
      const chars = rng.sample(decoyPool, k.per_cell);
      if (answer.includes(i)) chars[rng.int(0, k.per_cell - 1)] = target;
      return rng.shuffle(slots).map((sl, j) => ({
        ch: chars[j]!, dx: sl[0], dy: sl[1], rot: rng.int(-k.max_rot, k.max_rot), size: Math.round(k.per_cell === 3 ? rng.float(23, 26) : rng.float(27, 31)), color: hsl(rng.int(0, 359), rng.float(50, 80), rng.float(25, 40)),
      }));
    });
    return { frame, target, cells, answer };
  },

  validate(l) {
    const f = checkGridFrame(l.frame);
    if (f) return f;
    if (!ALL.includes(l.target)) return 'target not in the pool';
    if (l.cells.length !== l.frame.tiles.length) return 'one cell per tile needed';
    for (let i = 0; i < l.cells.length; i++) {
      const c = l.cells[i]!;
      const b = l.frame.tiles[i]!;
      const s = b[2] - b[0];
      const inks = c.map((g) => intBox(glyphAt(g.ch, g.size, (b[0] + b[2]) / 2 + g.dx * s, (b[1] + b[3]) / 2 + g.dy * s, { rot: g.rot, weight: 700 }).bbox));
      for (let j = 0; j < inks.length; j++) {
        if (!boxInside(inks[j]!, b)) return 'glyph cut by its cell edge';
        for (let q = 0; q < j; q++) if (boxesOverlap(inks[j]!, inks[q]!, 1)) return 'glyphs in a cell overlap';
      }
    }
    for (const c of l.cells) {
      const chars = c.map((g) => g.ch);
      if (chars.some((g) => !ALL.includes(g))) return 'glyph not in the pool';
      if (new Set(chars).size !== chars.length) return 'repeated glyph in a cell';
      if (c.some((g) => g.size < 22)) return 'glyph too small';
    }
    const want = l.cells.map((c, i) => (c.some((g) => g.ch === l.target) ? i : -1)).filter((i) => i >= 0);
    if (want.join(',') !== l.answer.join(',')) return 'answer does not list exactly the cells with the target glyph';
    if (!l.answer.length || l.answer.length === l.cells.length) return 'need cells with and without the glyph';
    return null;
  },

  draw(l, style, rng) {
    const ids = new Ids();
    const dark = style.theme === 'dark';
    const tiles = l.frame.tiles.map((b, i) => {
      const s = b[2] - b[0];
      let t = plainTile(rng, b, style);
      for (const g of l.cells[i]!) t += path(glyphAt(g.ch, g.size, (b[0] + b[2]) / 2 + g.dx * s, (b[1] + b[3]) / 2 + g.dy * s, { rot: g.rot, weight: 700 }).d, { fill: dark ? hsl(rng.int(0, 359), 60, 80) : g.color });
      return t;
    });
    const g = drawGridFrame(style, l.frame, {
      lead: say(style.locale, { en: 'Select all squares containing', zh: '请选择包含右侧字符的所有方格' }),
      big: say(style.locale, { en: 'this glyph (maybe turned)', zh: '该字符（可能被旋转）' }),
      example: (b) => `<rect x="${b[0]}" y="${b[1]}" width="${b[2] - b[0]}" height="${b[3] - b[1]}" rx="6" fill="${style.bg}" stroke="${style.border}"/>` + path(glyphAt(l.target, (b[2] - b[0]) * 0.6, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, { weight: 700 }).d, { fill: style.text }),
    }, tiles, ids);
    return { svg: svgDoc(l.frame.width, l.frame.height, g.body, g.defs), width: l.frame.width, height: l.frame.height };
  },

  solve(l) {
    return clickSetSubmit(l.answer.map((i) => l.frame.tiles[i]!), l.frame.submit_box);
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    return say(locale, { en: `The prompt glyph is "${l.target}". Turning each glyph in each square upright in the mind and comparing, the squares that contain "${l.target}" are selected; the other glyphs (Latin, Greek, Cyrillic, kana, Chinese) are not. ` + gridSteps(l.frame, l.answer, locale, m), zh: `提示中的字符是「${l.target}」。逐格检查每个方格里的字符，把它们转正后比较，含有「${l.target}」的方格入选，其他字符（来自拉丁、希腊、西里尔、假名、汉字等）不选。` + gridSteps(l.frame, l.answer, locale, m) });
  },

  instruction(l, locale) {
    return say(locale, 'multi_script_select.instruction', { target: l.target });
  },
});
