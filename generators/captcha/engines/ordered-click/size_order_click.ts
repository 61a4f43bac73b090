/**
 * #23 size_order_click (group C, ordered icon click, Click×k): copies of one shape in different
 * sizes and colours; click them from largest to smallest (or smallest to largest). The size gap
 * between neighbours in the order is the difficulty knob; areas are re-measured on the drawn polygons.
 */
import { defineKnobs, knob } from '../../engine.js';
import { hsl } from '../../lib/draw.js';
import type { ClickFrame } from '../../lib/frames.js';
import { ordinal } from '../../lib/english.js';
import { plainPicture } from '../../lib/backdrops.js';
import { iconNoun, iconSvg } from '../../lib/icons.js';
import { iconRegion, regionArea } from '../../lib/regions.js';
import { type ShapeItem, checkShapes, placeShapes } from './shape_attribute_ordered.js';
import { say } from '../../lib/i18n.js';
import { inOrder, orderedClickEngine } from './template.js';

/** Latent state of size_order_click (puzzle px). */
export interface SizeOrderLatent extends Record<string, unknown> {
  frame: ClickFrame;
  kind: string;
  direction: 'desc' | 'asc';
  items: ShapeItem[];
  order: number[];
  min_ratio: number;
}

/** Shape kinds used (solid, compact). */
export const SIZE_KINDS = ['star', 'heart', 'circle', 'hexagon', 'square', 'diamond', 'drop', 'moon', 'cloud'];

/**
 * Ordinal stems of the steps "the 2nd largest" in German ("zweit" + "größte") and Arabic ("ثاني" + "أكبر شكل"),
 * passed as `{nth}` there (English: "2nd"); es, fr and ja write the digit `{n}` (es "la 2.ª", fr "la 2e", ja "2 番目").
 */
const ORDINAL_STEMS: Record<'de' | 'ar', Record<number, string>> = {
  de: { 2: 'zweit', 3: 'dritt', 4: 'viert', 5: 'fünft', 6: 'sechst', 7: 'siebt', 8: 'acht' },
  ar: { 2: 'ثاني', 3: 'ثالث', 4: 'رابع', 5: 'خامس', 6: 'سادس', 7: 'سابع', 8: 'ثامن' },
};

/** Engine #23 size_order_click (group C, Click×k, verifier `click`/`sequence`). */
export const sizeOrderClick = orderedClickEngine({
  type: 'size_order_click',
  group: 'ordered_icon_click',
  number: 23,
  knobs: defineKnobs({ count: knob('shapes to order', 3, 4, 5), min_ratio: knob('minimum area ratio between neighbours in the order', 1.9, 1.55, 1.35), max_rot: knob('max rotation, degrees', 10, 30, 45) }),
  frame: { imageH: 190 },

  sample(rng, k, frame): SizeOrderLatent {
    const kind = rng.pick(SIZE_KINDS);
    const direction = rng.bool(0.6) ? 'desc' : 'asc';
    const lr = Math.sqrt(k.min_ratio) * rng.float(1.04, 1.12); // linear ratio per step
    const r0 = rng.float(10, 12.5);
    const radii = Array.from({ length: k.count }, (_, i) => Math.round(r0 * lr ** i * 10) / 10);
    const specs = rng.shuffle(radii).map((r) => ({ kind, color: hsl(rng.int(0, 359), rng.float(60, 85), rng.float(42, 58)), r, rot: rng.int(-k.max_rot, k.max_rot) }));
    const items = placeShapes(rng, frame.image_box, specs) ?? [];
    const order = items.map((_, i) => i).sort((a, b) => (direction === 'desc' ? items[b]!.r - items[a]!.r : items[a]!.r - items[b]!.r));
    return { frame, kind, direction, items, order, min_ratio: k.min_ratio };
  },

  validate(l) {
    if (l.items.length < 3) return 'fewer than three shapes';
    if (l.items.some((i) => i.kind !== l.kind) || !SIZE_KINDS.includes(l.kind)) return 'shapes must all be the same kind';
    if (l.order.length !== l.items.length || new Set(l.order).size !== l.order.length) return 'order must use every shape once';
    // re-measure the drawn areas and check the order and the gaps
    const areas = l.order.map((i) => {
      const it = l.items[i]!;
      return regionArea(iconRegion(it.kind, it.cx, it.cy, it.r, it.rot), 0.5);
    });
    for (let i = 1; i < areas.length; i++) {
      const [big, small] = l.direction === 'desc' ? [areas[i - 1]!, areas[i]!] : [areas[i]!, areas[i - 1]!];
      if (big / small < l.min_ratio * 0.97) return 'two sizes too close to order';
    }
    return checkShapes(l.items, l.frame.image_box, 9);
  },

  clicks: (l) => inOrder(l.items, l.order),
  picture(l, style, rng) {
    let pic = plainPicture(rng, l.frame.image_box, style);
    for (const it of l.items) {
      pic += iconSvg(it.kind, it.cx + 1.5, it.cy + 2, it.r, it.rot, 'rgba(0,0,0,0.25)');
      pic += iconSvg(it.kind, it.cx, it.cy, it.r, it.rot, it.color, 'stroke="rgba(0,0,0,0.4)" stroke-width="1"');
    }
    return pic;
  },
  prompt: (l, style) => ({ lead: l.direction === 'desc' ? say(style.locale, { en: 'Click the shapes from largest to smallest', zh: '请按从大到小的顺序点击图形' }) : say(style.locale, { en: 'Click the shapes from smallest to largest', zh: '请按从小到大的顺序点击图形' }) }),

  // "the largest", "the 2nd largest", ...
  stepName: (_t, j, l, locale) => say(locale, `size_order_click.${j === 0 ? 'step_first' : 'step'}_${l.direction}`, { nth: locale === 'de-DE' || locale === 'ar' ? ORDINAL_STEMS[locale === 'ar' ? 'ar' : 'de'][j + 1] ?? `${j + 1}.` : ordinal(j + 1), n: j + 1 }),
  reasoning: { key: (l) => `reasoning_${l.direction}`, params: (l, locale) => ({ count: l.items.length, shape: iconNoun(l.kind, locale) }) },
  instruction: { key: (l) => (l.direction === 'desc' ? 'instruction_1' : 'instruction_2'), params: (l) => ({ items_length: l.items.length }) },
});
