/**
 * #22 shape_attribute_ordered (group C, ordered icon click, Click×k): coloured shapes on a plain
 * board; the prompt names targets by colour and shape ("red circle → blue triangle → green star").
 * Hard puzzles add decoys that share one attribute with a target (a red triangle next to the red
 * circle), so both attributes must be read.
 */
import type { Box } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxInside, boxesOverlap, footerIcons, intBox, label, svgDoc, widgetCard, boxRect, wrapPhrases } from '../../lib/draw.js';
import type { ClickFrame } from '../../lib/frames.js';
import { namedColor } from '../../lib/palette.js';
import { plainPicture } from '../../lib/backdrops.js';
import { placeWithRetries } from '../../lib/placement.js';
import { iconName, iconSvg } from '../../lib/icons.js';
import { iconRegion, regionBBox } from '../../lib/regions.js';
import type { Rng } from '../../../../core/rng.js';
import { type CaptchaLocale, say } from '../../lib/i18n.js';
import { hasRepeats, inOrder, orderedClickEngine } from './template.js';

/** A coloured shape on the board. */
export interface ShapeItem {
  kind: string;
  color: string;
  cx: number;
  cy: number;
  r: number;
  rot: number;
  box: Box;
}
/** Latent state of shape_attribute_ordered (puzzle px). */
export interface ShapeAttrLatent extends Record<string, unknown> {
  frame: ClickFrame;
  items: ShapeItem[];
  /** Indices into `items` in click order. */
  order: number[];
}

/** Shapes and colours that have one everyday name each. */
export const ATTR_SHAPES = ['circle', 'triangle', 'square', 'star', 'hexagon', 'diamond', 'heart'];
export const ATTR_COLORS = ['red', 'blue', 'green', 'orange', 'purple', 'yellow'];

/** Box of a shape item: its drawn region's bounds grown by 3 px. */
export function shapeBox(kind: string, cx: number, cy: number, r: number, rot: number): Box {
  const b = regionBBox(iconRegion(kind, cx, cy, r, rot));
  return intBox([b[0] - 3, b[1] - 3, b[2] + 3, b[3] + 3]);
}

/** Place shapes without overlap inside `area` (boxes 6 px apart). Returns null when crowded. */
export function placeShapes(rng: Rng, area: Box, specs: Array<{ kind: string; color: string; r: number; rot: number }>): ShapeItem[] | null {
  const out: ShapeItem[] = [];
  for (const s of specs) {
    const spot = placeWithRetries(
      200,
      () => {
        const cx = Math.round(rng.float(area[0] + s.r + 4, area[2] - s.r - 4));
        const cy = Math.round(rng.float(area[1] + s.r + 4, area[3] - s.r - 4));
        return { ...s, cx, cy, box: shapeBox(s.kind, cx, cy, s.r, s.rot) };
      },
      (c) => boxInside(c.box, area) && out.every((o) => !boxesOverlap(o.box, c.box, 6)),
    );
    if (!spot) return null;
    out.push(spot);
  }
  return out;
}

/** Checks shared by shape boards: boxes match the drawn regions, inside `area`, apart. */
export function checkShapes(items: readonly ShapeItem[], area: Box, minR: number): string | null {
  for (let i = 0; i < items.length; i++) {
    const it = items[i]!;
    if (it.r < minR) return 'shape too small';
    const b = shapeBox(it.kind, it.cx, it.cy, it.r, it.rot);
    if (b.some((v, q) => v !== it.box[q])) return 'click box does not match the shape';
    if (!boxInside(it.box, area)) return 'shape outside the picture';
    for (let j = 0; j < i; j++) if (boxesOverlap(it.box, items[j]!.box, 2)) return 'overlapping shapes';
  }
  return null;
}

const nameOf = (it: { kind: string; color: string }, zh: boolean): string =>
  zh ? `${namedColor(it.color).zh}${iconName(it.kind, 'zh-CN')}` : `${namedColor(it.color).en} ${iconName(it.kind, 'en-US')}`;

/** A target's name in the instruction, in `locale` (catalogue keys `item`, `color_<colour>`, `shape_<shape>`). */
const itemName = (it: { kind: string; color: string }, locale: CaptchaLocale): string =>
  say(locale, 'shape_attribute_ordered.item', { color: say(locale, `shape_attribute_ordered.color_${it.color}`), shape: say(locale, `shape_attribute_ordered.shape_${it.kind}`) });

/** Engine #22 shape_attribute_ordered (group C, Click×k, verifier `click`/`sequence`). */
export const shapeAttributeOrdered = orderedClickEngine({
  type: 'shape_attribute_ordered',
  group: 'ordered_icon_click',
  number: 22,
  knobs: defineKnobs({ targets: knob('shapes to click, in order', 3, 3, 4), decoys: knob('other shapes on the board', 2, 4, 5), shared: knob('decoys share the colour or the shape of a target', false, true, true), radius: knob('shape half-size range, puzzle px', [17, 20], [15, 18], [14, 17]) }),
  frame: { imageH: 180, width: 320, promptH: 58 },

  sample(rng, k, frame): ShapeAttrLatent {
    const combos = ATTR_SHAPES.flatMap((s) => ATTR_COLORS.map((c) => ({ kind: s, color: c })));
    const targets = rng.sample(combos, k.targets);
    const used = new Set(targets.map((t) => `${t.kind}|${t.color}`));
    const decoys: Array<{ kind: string; color: string }> = [];
    for (const c of rng.shuffle(combos)) {
      if (decoys.length >= k.decoys || used.has(`${c.kind}|${c.color}`)) continue;
      const shares = targets.some((t) => t.kind === c.kind || t.color === c.color);
      if (k.shared && decoys.length < Math.ceil(k.decoys * 0.7) && !shares) continue;
      decoys.push(c);
      used.add(`${c.kind}|${c.color}`);
    }
    const specs = [...targets, ...decoys].map((c) => ({ ...c, r: Math.round(rng.float(k.radius[0], k.radius[1])), rot: c.kind === 'circle' ? 0 : rng.int(-20, 20) }));
    const items = rng.shuffle(placeShapes(rng, frame.image_box, specs) ?? []);
    const order = targets.map((t) => items.findIndex((it) => it.kind === t.kind && it.color === t.color));
    return { frame, items, order };
  },

  validate(l) {
    if (l.order.length < 2) return 'fewer than two targets';
    if (hasRepeats(l.items.map((i) => `${i.kind}|${i.color}`))) return 'two shapes with the same colour and kind';
    if (l.items.some((i) => !ATTR_SHAPES.includes(i.kind) || !ATTR_COLORS.includes(i.color))) return 'shape or colour without a single name';
    if (l.order.some((i) => !l.items[i]) || new Set(l.order).size !== l.order.length) return 'order refers to missing shapes';
    const pw = l.frame.prompt_box[2] - l.frame.prompt_box[0] - 20;
    for (const zh of [false, true]) {
      const seq = l.order.map((i) => nameOf(l.items[i]!, zh)).join(' → ');
      if (wrapPhrases(seq, 13, pw, { face: 'noto-sans', weight: 700 }).length > 2) return 'prompt does not fit two lines';
    }
    return checkShapes(l.items, l.frame.image_box, 12);
  },

  draw(l, style, rng) {
    const zh = style.locale === 'zh-CN';
    let s = widgetCard(style, l.frame.width, l.frame.height);
    const pb = l.frame.prompt_box;
    if (l.frame.prompt === 'bottom') s += boxRect(pb, { fill: style.panel, rx: style.radius });
    const seq = l.order.map((i) => nameOf(l.items[i]!, zh)).join(' → ');
    const lines = wrapPhrases(seq, 13, pb[2] - pb[0] - 12, { face: style.face, weight: 700 });
    if (lines.length === 1) {
      s += label(style, say(style.locale, { en: 'Click in this order:', zh: '请按顺序点击：' }), pb[0] + 6, pb[1] + 21, 14, style.text, { weight: 700 });
      s += label(style, seq, pb[0] + 6, pb[1] + 45, 13, style.accent, { weight: 700 });
    } else {
      lines.slice(0, 2).forEach((ln, i) => (s += label(style, ln, pb[0] + 6, pb[1] + 23 + i * 22, 13, style.accent, { weight: 700, maxWidth: pb[2] - pb[0] - 12 })));
    }
    s += plainPicture(rng, l.frame.image_box, style);
    for (const it of l.items) {
      s += iconSvg(it.kind, it.cx + 1.5, it.cy + 2, it.r, it.rot, 'rgba(0,0,0,0.25)');
      s += iconSvg(it.kind, it.cx, it.cy, it.r, it.rot, namedColor(it.color).hex, 'stroke="rgba(0,0,0,0.45)" stroke-width="1"');
    }
    s += footerIcons(style, 12, l.frame.height - 14);
    return { svg: svgDoc(l.frame.width, l.frame.height, s), width: l.frame.width, height: l.frame.height };
  },

  clicks: (l) => inOrder(l.items, l.order),
  stepName: (it, _j, _l, locale) => (locale === 'en-US' || locale === 'zh-CN' ? nameOf(it, locale === 'zh-CN') : itemName(it, locale)),
  reasoning: { params: (l) => ({ count: l.order.length, decoys: l.items.length - l.order.length }) },
  instruction: { key: () => 'instruction_2', params: (l, locale) => ({ seq: l.order.map((i) => itemName(l.items[i]!, locale)).join(say(locale, 'shape_attribute_ordered.instruction_1')) }) },
});
