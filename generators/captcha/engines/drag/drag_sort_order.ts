/**
 * #91 drag_sort_order (group J, drag extras, Drag×k): numbered tiles in a shuffled row and a row of
 * empty slots labelled 1st … kth; drag every tile into the slot of its rank (ascending, or descending
 * when the prompt says so). Verifier `drags`: exactly k drags, tile i into slot rank(i), any order.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import type { Rng } from '../../../../core/rng.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxRect, hsl, label, ptText } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { placeWithRetries } from '../../lib/placement.js';
import { gridBoxes } from '../../lib/grids.js';
import { shrink } from '../../lib/geometry.js';
import { dragEngine } from './template.js';

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

const KNOBS = defineKnobs({ tiles: knob('number of tiles', 3, 4, 5), range: knob('value range', [1, 9], [10, 99], [10, 60]), descending_p: knob('probability of sorting largest first', 0, 0.3, 0.5) });

const W = 320;
/** Slot index of tile i. */
export const rankOf = (l: DragSortLatent, i: number): number => {
  const sorted = [...l.values].sort((a, b) => (l.descending ? b - a : a - b));
  return sorted.indexOf(l.values[i]!);
};

/** One sampled state (may be invalid; `sample` retries a few times with the same rng stream). */
function sampleOnce(rng: Rng, k: (typeof KNOBS)['difficulties']['easy']): DragSortLatent {
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

/** Null when the latent is valid, else a short reason. */
function whyInvalid(l: DragSortLatent): string | null {
  if (l.values.length < 2 || l.tiles.length !== l.values.length || l.slots.length !== l.values.length) return 'one tile and one slot per value';
  if (new Set(l.values).size !== l.values.length) return 'repeated value (order ambiguous)';
  const sorted = [...l.values].sort((a, b) => (l.descending ? b - a : a - b));
  if (sorted.join() === l.values.join()) return 'tiles already in order';
  return null;
}

/** Engine #91 drag_sort_order (group J, Drag×k, verifier `drags`). */
export const dragSortOrder = dragEngine<DragSortLatent, typeof KNOBS>({
  type: 'drag_sort_order', group: 'drag_extras', number: 91, form: 'Drag×k', knobs: KNOBS,
  sample(rng, k) {
    // resample a few times when the cheap state fails validation (same rng stream: deterministic)
    let last!: DragSortLatent;
    return placeWithRetries(16, () => (last = sampleOnce(rng, k)), (l) => whyInvalid(l) === null) ?? last;
  },

  validate: whyInvalid,

  title: (l) => ({ en: l.descending ? 'Drag the tiles into the slots, largest first' : 'Drag the tiles into the slots, smallest first', zh: l.descending ? '把数字块按从大到小拖入下方格子' : '把数字块按从小到大拖入下方格子' }),

  draw(l, style) {
    let body = '';
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
    return { body };
  },

  items: (l) => l.values.map((_, i) => ({ handle_box: shrink(l.tiles[i]!, 2), target_box: shrink(l.slots[rankOf(l, i)]!, 4) })),

  reasoningKey: (l) => (l.descending ? 'reasoning_desc' : 'reasoning_asc'),
  reasoning(l, locale) {
    const sep = say(locale, 'drag_sort_order.list_sep');
    return { values: l.values.join(sep), sorted: [...l.values].sort((a, b) => (l.descending ? b - a : a - b)).join(sep) };
  },
  step: (l, i, _locale, m) => ({ v: l.values[i]!, from: ptText(m, boxCenter(l.tiles[i]!)), to: ptText(m, boxCenter(l.slots[rankOf(l, i)]!)) }),

  instructionKey: (l) => (l.descending ? 'instruction_1' : 'instruction_2'),
});
