/**
 * #91 drag_sort_order (group J, drag extras, Drag×k): numbered tiles in a shuffled row and a row of
 * empty slots labelled 1st … kth; drag every tile into the slot of its rank (ascending, or descending
 * when the prompt says so). Verifier `drags`: exactly k drags, tile i into slot rank(i), any order.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import type { Rng } from '../../../../core/rng.js';
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE, type Difficulty } from '../../engine.js';
import { boxRect, hsl, label, ptText, svgDoc } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { chrome } from '../../lib/controls.js';
import { dragsSolution } from '../../lib/solutions.js';
import { gridBoxes } from '../../lib/grids.js';
import { shrink } from '../../lib/geometry.js';

/** Latent state of drag_sort_order (puzzle px). */
export interface DragSortLatent extends Record<string, unknown> {
  width: number;
  height: number;
  values: number[];
  tiles: Box[];
  slots: Box[];
  descending: boolean;
  hue: number;
}

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ tiles: knob('number of tiles', 3, 4, 5), range: knob('value range', [1, 9], [10, 99], [10, 60]), descending_p: knob('probability of sorting largest first', 0, 0.3, 0.5) });

const W = 320;
/** Slot index of tile i. */
export const rankOf = (l: DragSortLatent, i: number): number => {
  const sorted = [...l.values].sort((a, b) => (l.descending ? b - a : a - b));
  return sorted.indexOf(l.values[i]!);
};

/** One sampled state (may be invalid; `sample` retries a few times with the same rng stream). */
function sampleOnce(rng: Rng, difficulty: Difficulty): DragSortLatent {
  const k = DIFF[difficulty];
  const pool = Array.from({ length: k.range[1] - k.range[0] + 1 }, (_, i) => k.range[0] + i);
  const values = rng.sample(pool, k.tiles);
  const n = k.tiles;
  return {
    width: W,
    height: 236,
    values,
    tiles: gridBoxes([14, 56, 306, 112], 1, n, 10),
    slots: gridBoxes([14, 156, 306, 212], 1, n, 10),
    descending: rng.bool(k.descending_p),
    hue: rng.int(0, 359),
  };
}

/** Engine #91 drag_sort_order (group J, Drag×k, verifier `drags`). */
export const dragSortOrder = defineEngine<DragSortLatent>({
  type: 'drag_sort_order',
  group: 'drag_extras',
  number: 91,
  actionForm: 'Drag×k',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    // resample a few times when the cheap state fails validation (same rng stream: deterministic)
    let l = sampleOnce(rng, difficulty);
    for (let t = 0; t < 15 && dragSortOrder.validate(l) !== null; t++) l = sampleOnce(rng, difficulty);
    return l;
  },

  validate(l) {
    if (l.values.length < 2 || l.tiles.length !== l.values.length || l.slots.length !== l.values.length) return 'one tile and one slot per value';
    if (new Set(l.values).size !== l.values.length) return 'repeated value (order ambiguous)';
    const sorted = [...l.values].sort((a, b) => (l.descending ? b - a : a - b));
    if (sorted.join() === l.values.join()) return 'tiles already in order';
    return null;
  },

  draw(l, style) {
    let body = chrome(style, l.width, l.height, say(style.locale, { en: l.descending ? 'Drag the tiles into the slots, largest first' : 'Drag the tiles into the slots, smallest first', zh: l.descending ? '把数字块按从大到小拖入下方格子' : '把数字块按从小到大拖入下方格子' }));
    l.values.forEach((v, i) => {
      const b = l.tiles[i]!;
      body += boxRect([b[0] + 2, b[1] + 3, b[2] + 2, b[3] + 3], { fill: 'rgba(0,0,0,0.2)', rx: style.radius + 2 });
      body += boxRect(b, { fill: hsl(l.hue + i * 37, 65, style.theme === 'light' ? 60 : 45), rx: style.radius + 2 });
      const [cx, cy] = boxCenter(b);
      body += label(style, String(v), cx, cy + 9, 24, '#ffffff', { anchor: 'middle', weight: 700 });
    });
    l.slots.forEach((b, i) => {
      body += boxRect(b, { fill: style.panel, stroke: style.subtext, sw: 1.4, rx: style.radius + 2, extra: 'stroke-dasharray="5 4"' });
      const [cx] = boxCenter(b);
      body += label(style, say(style.locale, { en: `${i + 1}${['st', 'nd', 'rd'][i] ?? 'th'}`, zh: `第${i + 1}` }), cx, b[3] + 16, 12, style.subtext, { anchor: 'middle' });
    });
    return { svg: svgDoc(l.width, l.height, body), width: l.width, height: l.height };
  },

  solve(l) {
    return dragsSolution(l.values.map((_, i) => ({ handle_box: shrink(l.tiles[i]!, 2), target_box: shrink(l.slots[rankOf(l, i)]!, 4) })));
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const sorted = [...l.values].sort((a, b) => (l.descending ? b - a : a - b));
    const steps = l.values.map((v, i) => `${v} ${ptText(m, boxCenter(l.tiles[i]!))} → ${ptText(m, boxCenter(l.slots[rankOf(l, i)]!))}`);
    return say(locale, {
      en: `The tiles read ${l.values.join(', ')}; ${l.descending ? 'largest first' : 'smallest first'} they go ${sorted.join(', ')}. Drag each tile into the slot of its place: ${steps.join('; ')}.`,
      zh: `数字块是 ${l.values.join('、')}，${l.descending ? '从大到小' : '从小到大'}排列为 ${sorted.join('、')}。把每块拖到对应名次的格子：${steps.join('；')}。`,
    });
  },

  instruction(l, locale) {
    return l.descending
      ? say(locale, 'drag_sort_order.instruction_1')
      : say(locale, 'drag_sort_order.instruction_2');
  },
});
