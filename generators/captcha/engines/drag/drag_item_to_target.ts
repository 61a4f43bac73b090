/**
 * #40 drag_item_to_target (group E, drag-to-end, Drag): an object and several coloured baskets on a
 * canvas; drag the object into the basket of the named colour. Free 2D drag: verifier `drags` with one
 * item (start inside the object's box, end inside the named basket's opening).
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxesOverlap, boxInside, boxRect, hsl, line, noiseDots, path, ptText, regionWord } from '../../lib/draw.js';
import { scatter } from '../../lib/placement.js';
import { iconName, iconNoun, iconSvg } from '../../lib/icons.js';
import { SCENE_COLORS, namedColor } from '../../lib/palette.js';
import { say } from '../../lib/i18n.js';
import { polyD, shrink } from '../../lib/geometry.js';
import { dragEngine } from './template.js';

interface Basket {
  /** Index into SCENE_COLORS. */
  color: number;
  box: Box;
}
/** Latent state of drag_item_to_target (puzzle px). */
export interface DragItemLatent extends Record<string, unknown> {
  width: number;
  height: number;
  area: Box;
  item: { kind: string; cx: number; cy: number; r: number; hue: number; box: Box };
  baskets: Basket[];
  /** Index into `baskets` of the named one. */
  target: number;
  /** Margin between a basket's outline and its accepted drop box, px. */
  margin: number;
  bg_hue: number;
}

const KNOBS = defineKnobs({ baskets: knob('number of baskets (1 target + decoys)', 2, 3, 4), basket_w: knob('basket width range, puzzle px', [84, 96], [70, 82], [58, 66]), margin: knob('inset of the accepted drop box inside the basket, puzzle px', 6, 8, 9) });

const W = 320;
const H = 300;
const AREA: Box = [10, 44, 310, 290];
const ITEMS = ['star', 'heart', 'drop', 'leaf', 'moon', 'bolt', 'crown', 'house', 'flag'];

/** The drop box of a basket: its body inset by the margin. */
const dropBox = (b: Basket, margin: number): Box => shrink([b.box[0], b.box[1] + 10, b.box[2], b.box[3]], margin);

/** Engine #40 drag_item_to_target (group E, Drag, verifier `drags` with one item). */
export const dragItemToTarget = dragEngine<DragItemLatent, typeof KNOBS>({
  type: 'drag_item_to_target', group: 'drag_to_end', number: 40, knobs: KNOBS,
  sample(rng, k) {
    const bw = rng.int(k.basket_w[0], k.basket_w[1]);
    const bh = Math.round(bw * 0.72);
    const r = 20;
    const sizes = [0, ...Array.from({ length: k.baskets }, () => 1)];
    const spots = scatter(rng, shrink(AREA, 6), sizes, 14, (cx, cy, s) =>
      s === 0 ? [cx - r - 4, cy - r - 4, cx + r + 4, cy + r + 4] : [cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2].map(Math.round) as Box,
    ) ?? [];
    const colors = rng.sample(SCENE_COLORS.map((_, i) => i), k.baskets);
    const it = spots[0] ?? { cx: 0, cy: 0, box: [0, 0, 1, 1] as Box };
    return {
      width: W,
      height: H,
      area: AREA,
      item: { kind: rng.pick(ITEMS), cx: it.cx, cy: it.cy, r, hue: rng.int(0, 359), box: it.box },
      baskets: spots.slice(1).map((s, i) => ({ color: colors[i]!, box: s.box })),
      target: rng.int(0, k.baskets - 1),
      margin: k.margin,
      bg_hue: rng.int(0, 359),
    };
  },

  validate(l) {
    if (l.baskets.length < 1 || l.target < 0 || l.target >= l.baskets.length) return 'could not place every basket';
    if (new Set(l.baskets.map((b) => b.color)).size !== l.baskets.length) return 'two baskets share a colour';
    if (!boxInside(l.item.box, l.area)) return 'object outside the canvas';
    for (const [i, b] of l.baskets.entries()) {
      if (!boxInside(b.box, l.area)) return 'basket outside the canvas';
      if (boxesOverlap(b.box, l.item.box, 4)) return 'object overlaps a basket';
      for (let j = 0; j < i; j++) if (boxesOverlap(b.box, l.baskets[j]!.box, 4)) return 'baskets overlap';
      const d = dropBox(b, l.margin);
      if (d[2] - d[0] < 16 || d[3] - d[1] < 14) return 'drop box too small';
    }
    return null;
  },

  title(l) {
    const c = SCENE_COLORS[l.baskets[l.target]!.color]!;
    return { en: `Drag the ${iconName(l.item.kind, 'en-US')} into the ${c.en} basket`, zh: `把${iconName(l.item.kind, 'zh-CN')}拖进${c.zh}篮子` };
  },

  draw(l, style, rng) {
    let body = boxRect(l.area, { fill: hsl(l.bg_hue, 30, style.theme === 'light' ? 93 : 22), rx: style.radius });
    for (let y = l.area[1] + 18; y < l.area[3]; y += 22) body += line(l.area[0] + 4, y, l.area[2] - 4, y, hsl(l.bg_hue, 25, style.theme === 'light' ? 86 : 28), 1);
    body += noiseDots(rng, l.area, 30, 0.35);
    for (const b of l.baskets) {
      const col = SCENE_COLORS[b.color]!.fill;
      const [x1, y1, x2, y2] = b.box;
      const inset = (x2 - x1) * 0.1;
      body += path(polyD([[x1, y1 + 8], [x2, y1 + 8], [x2 - inset, y2], [x1 + inset, y2]]), { fill: col, stroke: 'rgba(0,0,0,0.35)', sw: 1.2 });
      for (let i = 1; i < 4; i++) {
        const y = y1 + 8 + ((y2 - y1 - 8) * i) / 4;
        const f = (y - y1 - 8) / (y2 - y1 - 8);
        body += line(x1 + inset * f + 2, y, x2 - inset * f - 2, y, 'rgba(255,255,255,0.35)', 1.5);
      }
      body += boxRect([x1 - 3, y1 + 2, x2 + 3, y1 + 10], { fill: col, stroke: 'rgba(0,0,0,0.35)', sw: 1.2, rx: 3 });
      body += path(`M${x1 + 8} ${y1 + 4}Q${(x1 + x2) / 2} ${y1 - 22} ${x2 - 8} ${y1 + 4}`, { stroke: col, sw: 3 });
    }
    const it = l.item;
    body += iconSvg(it.kind, it.cx + 2, it.cy + 3, it.r, 0, 'rgba(0,0,0,0.3)');
    body += iconSvg(it.kind, it.cx, it.cy, it.r, 0, hsl(it.hue, 75, 50), 'stroke="#ffffff" stroke-width="1.5"');
    return { body };
  },

  items: (l) => [{ handle_box: l.item.box, target_box: dropBox(l.baskets[l.target]!, l.margin) }],

  reasoning(l, locale, m) {
    const b = l.baskets[l.target]!;
    const c = SCENE_COLORS[b.color]!;
    return {
      n: l.baskets.length,
      color: locale === 'zh-CN' ? c.zh : locale === 'en-US' ? c.en : say(locale, namedColor(c.key)),
      where: regionWord((b.box[0] + b.box[2]) / 2, (b.box[1] + b.box[3]) / 2, l.area, locale),
      name: iconNoun(l.item.kind, locale),
      from: ptText(m, boxCenter(l.item.box)),
      to: ptText(m, boxCenter(dropBox(b, l.margin))),
    };
  },

  instruction(l, locale) {
    const c = SCENE_COLORS[l.baskets[l.target]!.color]!;
    // the object's noun and the basket's colour in the instruction's language (lib/icons.ts ICON_NOUNS, palette.ts NAMED_COLORS)
    const name = locale === 'en-US' || locale === 'zh-CN' ? iconName(l.item.kind, locale) : iconNoun(l.item.kind, locale);
    return { name, color: say(locale, namedColor(c.key)), iconName2: iconName(l.item.kind, 'zh-CN'), c_zh: c.zh };
  },
});
