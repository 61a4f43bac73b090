/**
 * #88 multi_script_select (group I, multi-select grid + submit, Set+Submit): each cell holds two or
 * three glyphs from several scripts (Latin, Greek, Cyrillic, kana, Chinese), turned at random angles;
 * select every cell that contains the prompt glyph (in any rotation), then submit (NextGen
 * Multi_Script). Glyphs are never mirrored, and the pool holds no two glyphs that are rotations of each
 * other (no b/q, d/p, n/u, M/W, N/Z, 6/9; one of Φ/Ф), so a turned glyph is identified uniquely.
 */
import type { Box } from '../../../../core/geometry.js';
import { glyphAt } from '../../../../renderers/glyphs.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxInside, boxesOverlap, hsl, intBox, path } from '../../lib/draw.js';
import { type GridFrame, gridFrame } from '../../lib/grids.js';
import { plainTile } from '../../lib/backdrops.js';
import { say } from '../../lib/i18n.js';
import { type KnobsOf, answerProblem, gridSelectEngine, indicesWhere, pickTiles } from './template.js';

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

const KNOBS = defineKnobs({ grid: knob('rows x cols', [3, 3], [3, 3], [3, 3]), per_cell: knob('glyphs per cell', 2, 2, 3), same_script: knob('decoys drawn from the target’s script first', false, true, true), max_rot: knob('glyph rotation range, degrees', 30, 90, 180) });
const SLOTS: Record<number, Array<[number, number]>> = { 2: [[-0.2, -0.17], [0.2, 0.17]], 3: [[-0.22, -0.2], [0.22, -0.15], [0, 0.22]] };

/** The drawn glyphs of one cell in tile `b` (puzzle px). */
const glyphs = (b: Box, c: readonly Glyph[]): Array<ReturnType<typeof glyphAt>> => c.map((g) => glyphAt(g.ch, g.size, (b[0] + b[2]) / 2 + g.dx * (b[2] - b[0]), (b[1] + b[3]) / 2 + g.dy * (b[2] - b[0]), { rot: g.rot, weight: 700 }));

/** Engine #88 multi_script_select (group I, Set+Submit, verifier `click`/`set` + submit). */
export const multiScriptSelect = gridSelectEngine<MultiScriptLatent, KnobsOf<typeof KNOBS>>({
  type: 'multi_script_select', number: 88, knobs: KNOBS,
  sample(rng, k) {
    const frame = gridFrame(rng, k.grid[0], k.grid[1], 96);
    const target = rng.pick(ALL);
    const same = SCRIPT_POOL[scriptOf(target)]!.filter((g) => g !== target);
    const other = ALL.filter((g) => g !== target && !same.includes(g));
    const n = frame.tiles.length;
    const answer = pickTiles(rng, n, [2, 4]);
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
    if (!ALL.includes(l.target)) return 'target not in the pool';
    if (l.cells.length !== l.frame.tiles.length) return 'one cell per tile needed';
    for (let i = 0; i < l.cells.length; i++) {
      const inks = glyphs(l.frame.tiles[i]!, l.cells[i]!).map((o) => intBox(o.bbox));
      for (let j = 0; j < inks.length; j++) {
        if (!boxInside(inks[j]!, l.frame.tiles[i]!)) return 'glyph cut by its cell edge';
        for (let q = 0; q < j; q++) if (boxesOverlap(inks[j]!, inks[q]!, 1)) return 'glyphs in a cell overlap';
      }
    }
    for (const c of l.cells) {
      const chars = c.map((g) => g.ch);
      if (chars.some((g) => !ALL.includes(g))) return 'glyph not in the pool';
      if (new Set(chars).size !== chars.length) return 'repeated glyph in a cell';
      if (c.some((g) => g.size < 22)) return 'glyph too small';
    }
    return answerProblem(l.answer, indicesWhere(l.cells, (c) => c.some((g) => g.ch === l.target)), l.cells.length, 'answer does not list exactly the cells with the target glyph', 'need cells with and without the glyph');
  },

  tiles(l, style, rng) {
    const dark = style.theme === 'dark';
    return l.frame.tiles.map((b, i) => plainTile(rng, b, style) + glyphs(b, l.cells[i]!).map((o, j) => path(o.d, { fill: dark ? hsl(rng.int(0, 359), 60, 80) : l.cells[i]![j]!.color })).join(''));
  },

  prompt: (l, style) => ({
    lead: say(style.locale, { en: 'Select all squares containing', zh: '请选择包含右侧字符的所有方格' }),
    big: say(style.locale, { en: 'this glyph (maybe turned)', zh: '该字符（可能被旋转）' }),
    example: (b) => `<rect x="${b[0]}" y="${b[1]}" width="${b[2] - b[0]}" height="${b[3] - b[1]}" rx="6" fill="${style.bg}" stroke="${style.border}"/>` + path(glyphAt(l.target, (b[2] - b[0]) * 0.6, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2, { weight: 700 }).d, { fill: style.text }),
  }),
  reasoning: (l) => ({ target: l.target }),
  instruction: (l) => ({ target: l.target }),
});
