/**
 * #23 size_order_click (group C, ordered icon click, Click×k): copies of one shape in different
 * sizes and colours; click them from largest to smallest (or smallest to largest). The size gap
 * between neighbours in the order is the difficulty knob; areas are re-measured on the drawn polygons.
 */
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { hsl, svgDoc } from '../../lib/draw.js';
import { type ClickFrame, clickFrame, drawClickFrame, orderSteps } from '../../lib/frames.js';
import { ordinal } from '../../lib/english.js';
import { plainPicture } from '../../lib/backdrops.js';
import { clickSequence } from '../../lib/solutions.js';
import { iconName, iconSvg } from '../../lib/icons.js';
import { iconRegion, regionArea } from '../../lib/regions.js';
import { type ShapeItem, checkShapes, placeShapes } from './shape_attribute_ordered.js';
import { say } from '../../lib/i18n.js';

/** Latent state of size_order_click (puzzle px). */
export interface SizeOrderLatent extends Record<string, unknown> {
  frame: ClickFrame;
  kind: string;
  direction: 'desc' | 'asc';
  items: ShapeItem[];
  order: number[];
  min_ratio: number;
}

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ count: knob('shapes to order', 3, 4, 5), min_ratio: knob('minimum area ratio between neighbours in the order', 1.9, 1.55, 1.35), max_rot: knob('max rotation, degrees', 10, 30, 45) });
/** Shape kinds used (solid, compact). */
export const SIZE_KINDS = ['star', 'heart', 'circle', 'hexagon', 'square', 'diamond', 'drop', 'moon', 'cloud'];

/** Engine #23 size_order_click (group C, Click×k, verifier `click`/`sequence`). */
export const sizeOrderClick = defineEngine<SizeOrderLatent>({
  type: 'size_order_click',
  group: 'ordered_icon_click',
  number: 23,
  actionForm: 'Click×k',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
    const frame = clickFrame(rng, 190);
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

  draw(l, style, rng) {
    let pic = plainPicture(rng, l.frame.image_box, style);
    for (const it of l.items) {
      pic += iconSvg(it.kind, it.cx + 1.5, it.cy + 2, it.r, it.rot, 'rgba(0,0,0,0.25)');
      pic += iconSvg(it.kind, it.cx, it.cy, it.r, it.rot, it.color, 'stroke="rgba(0,0,0,0.4)" stroke-width="1"');
    }
    const lead = l.direction === 'desc' ? (say(style.locale, { en: 'Click the shapes from largest to smallest', zh: '请按从大到小的顺序点击图形' })) : say(style.locale, { en: 'Click the shapes from smallest to largest', zh: '请按从小到大的顺序点击图形' });
    const body = drawClickFrame(style, l.frame, lead, null, pic);
    return { svg: svgDoc(l.frame.width, l.frame.height, body), width: l.frame.width, height: l.frame.height };
  },

  solve(l) {
    return clickSequence(l.order.map((i) => l.items[i]!.box));
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const zh = locale === 'zh-CN';
    const name = iconName(l.kind, locale);
    const desc = l.direction === 'desc';
    const rank = (j: number): string =>
      zh ? (j === 0 ? (desc ? '最大' : '最小') : `第${j + 1}${desc ? '大' : '小'}`) : `${j === 0 ? '' : ordinal(j + 1) + ' '}${desc ? 'largest' : 'smallest'}`;
    const steps = orderSteps(l.order.map((i, j) => ({ name: say(locale, { en: `the ${rank(j)}`, zh: `${rank(j)}的` }), box: l.items[i]!.box })), l.frame.image_box, locale, m);
    return say(locale, { en: `There are ${l.items.length} ${name} shapes of different sizes (colour is irrelevant). By area, ${desc ? 'largest to smallest' : 'smallest to largest'}: ${steps}. Click them in this order.`, zh: `图中有 ${l.items.length} 个大小不同的${name}，颜色与大小无关。按面积${desc ? '从大到小' : '从小到大'}：${steps}。依次点击。` });
  },

  instruction(l, locale) {
    if (l.direction === 'desc') return say(locale, 'size_order_click.instruction_1', { items_length: l.items.length });
    return say(locale, 'size_order_click.instruction_2', { items_length: l.items.length });
  },
});
