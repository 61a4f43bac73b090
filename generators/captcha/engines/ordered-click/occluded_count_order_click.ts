/**
 * #97 occluded_count_order_click (group C, Click×k): each panel holds a full rectangular grid of dots,
 * part of it hidden under a card; click the panels from fewest to most dots, hidden ones included
 * (NextGen-CAPTCHAs Occluded_Pattern_Counting, answered by ordering instead of typing one count). Valid:
 * the card hides a dot and leaves one in every row and column (rows × cols readable); counts differ by `min_gap`.
 */
import type { Box } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxInside, boxRect, circle } from '../../lib/draw.js';
import type { ClickFrame } from '../../lib/frames.js';
import { plainPicture } from '../../lib/backdrops.js';
import { placeWithRetries } from '../../lib/placement.js';
import { say } from '../../lib/i18n.js';
import { checkSorted, inOrder, listSep, orderedClickEngine } from './template.js';

interface Panel { rows: number; cols: number; hide: [number, number, number, number]; hue: number; box: Box } // hide: [row0, col0, row1, col1) cells
/** Latent state of occluded_count_order_click (puzzle px): panels (grid, hidden block, dot hue, box), click order. */
export interface OccludedCountLatent extends Record<string, unknown> { frame: ClickFrame; panels: Panel[]; order: number[]; min_gap: number }
const P = 10; // dot pitch, puzzle px
const dots = (p: Panel): number => p.rows * p.cols;
const at = (p: Panel, r: number, c: number): [number, number] => [(p.box[0] + p.box[2]) / 2 + (c - (p.cols - 1) / 2) * P, (p.box[1] + p.box[3]) / 2 + (r - (p.rows - 1) / 2) * P]; // dot centre
const cells = (p: Panel, r0: number, c0: number, r1: number, c1: number, pad: number): Box => [at(p, r0, c0)[0] - pad, at(p, r0, c0)[1] - pad, at(p, r1, c1)[0] + pad, at(p, r1, c1)[1] + pad]; // box of rows r0..r1 × cols c0..c1
/** Engine #97 occluded_count_order_click (group C, Click×k, verifier `click`/`sequence`). */
export const occludedCountOrderClick = orderedClickEngine({
  type: 'occluded_count_order_click', group: 'ordered_icon_click', number: 97,
  knobs: defineKnobs({ panels: knob('panels to order', 3, 3, 4), grid: knob('rows and columns per grid, range', [2, 4], [3, 5], [3, 6]), min_gap: knob('minimum difference between two counts', 3, 2, 1) }),
  frame: { imageH: 104 },
  sample(rng, k, frame): OccludedCountLatent {
    const [ib, w, panels] = [frame.image_box, (frame.image_box[2] - frame.image_box[0]) / k.panels, [] as Panel[]];
    for (let i = 0; i < k.panels; i++) {
      const [rows, cols] = placeWithRetries(40, () => [rng.int(k.grid[0], k.grid[1]), rng.int(k.grid[0], k.grid[1])], ([r, c]) => panels.every((p) => Math.abs(dots(p) - r! * c!) >= k.min_gap)) ?? [2, 2];
      const [h, v] = [rng.int(1, rows! - 1), rng.int(1, cols! - 1)];
      const [r0, c0] = [rng.int(0, rows! - h), rng.int(0, cols! - v)];
      panels.push({ rows: rows!, cols: cols!, hide: [r0, c0, r0 + h, c0 + v], hue: rng.int(0, 359), box: [Math.round(ib[0] + i * w + 3), ib[1] + 5, Math.round(ib[0] + (i + 1) * w - 3), ib[3] - 5] });
    }
    return { frame, panels, order: panels.map((_, i) => i).sort((a, b) => dots(panels[a]!) - dots(panels[b]!)), min_gap: k.min_gap };
  },
  validate(l) {
    if (l.panels.length < 3) return 'fewer than three panels';
    for (const [r0, c0, r1, c1, p] of l.panels.map((p) => [...p.hide, p] as const)) {
      if (r1 <= r0 || c1 <= c0) return 'the card hides no dot';
      if (r0 < 0 || c0 < 0 || r1 - r0 >= p.rows || c1 - c0 >= p.cols || r1 > p.rows || c1 > p.cols) return 'a row or column is fully hidden: grid size unreadable';
      if (!boxInside(cells(p, 0, 0, p.rows - 1, p.cols - 1, 7), p.box) || !boxInside(p.box, l.frame.image_box)) return 'grid outside its panel';
    }
    const counts = l.order.map((i) => dots(l.panels[i]!));
    if (counts.some((n, i) => i > 0 && n - counts[i - 1]! < l.min_gap)) return 'two counts too close to order';
    return checkSorted(l.order, l.panels.length, (i) => dots(l.panels[i]!), 'asc', 'panel', 'order is not fewest to most');
  },
  clicks: (l) => inOrder(l.panels, l.order),
  picture: (l, style, rng) => plainPicture(rng, l.frame.image_box, style, 'none') + l.panels.map((p) => {
    let s = boxRect(p.box, { fill: style.theme === 'light' ? '#ffffff' : '#2c313a', stroke: style.border, sw: 1, rx: 6 });
    for (let r = 0; r < p.rows; r++) for (let c = 0; c < p.cols; c++) s += circle(...at(p, r, c), 3, { fill: `hsl(${p.hue},70%,${style.theme === 'light' ? 45 : 62}%)` });
    return s + boxRect(cells(p, p.hide[0], p.hide[1], p.hide[2] - 1, p.hide[3] - 1, 5), { fill: '#8a919c', stroke: '#5c636e', sw: 1, rx: 2 });
  }).join(''),
  prompt: (_l, style) => ({ lead: say(style.locale, { en: 'Click from fewest to most dots (hidden ones count)', zh: '按点数从少到多点击（被遮住的也算）' }) }),
  stepName: (p, _j, _l, locale) => say(locale, 'occluded_count_order_click.step', { rows: p.rows, cols: p.cols, n: dots(p) }),
  reasoning: { params: (l, locale) => ({ counts: l.panels.map(dots).join(listSep(locale)) }) },
  instruction: { params: (l) => ({ panels: l.panels.length }) },
});
