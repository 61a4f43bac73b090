/**
 * #27 distance_order_click (group C, ordered icon click, Click×k): icons around a red target marker;
 * click them from nearest to farthest (centre-to-centre distance). Distance gaps between neighbours in
 * the order are the difficulty knob.
 */
import { defineKnobs, knob } from '../../engine.js';
import { boxInside, boxesOverlap, circle, hsl } from '../../lib/draw.js';
import type { ClickFrame } from '../../lib/frames.js';
import { plainPicture } from '../../lib/backdrops.js';
import { placeWithRetries } from '../../lib/placement.js';
import { ICONS, type IconItem, iconNoun, iconSvg } from '../../lib/icons.js';
import { say } from '../../lib/i18n.js';
import { hasRepeats, inOrder, orderedClickEngine } from './template.js';

type Item = IconItem;
/** Latent state of distance_order_click (puzzle px). */
export interface DistanceOrderLatent extends Record<string, unknown> {
  frame: ClickFrame;
  marker: [number, number];
  items: Item[];
  order: number[];
  min_gap: number;
}

const KINDS = Object.keys(ICONS).filter((k) => !['circle', 'ring'].includes(k));
const dist = (l: Pick<DistanceOrderLatent, 'marker'>, it: Item): number => Math.hypot(it.cx - l.marker[0], it.cy - l.marker[1]);

/** Engine #27 distance_order_click (group C, Click×k, verifier `click`/`sequence`). */
export const distanceOrderClick = orderedClickEngine({
  type: 'distance_order_click',
  group: 'ordered_icon_click',
  number: 27,
  knobs: defineKnobs({ count: knob('icons to order', 3, 4, 5), min_gap: knob('minimum difference between two distances, puzzle px', 34, 22, 13) }),
  frame: { imageH: 200 },

  sample(rng, k, frame): DistanceOrderLatent {
    const ib = frame.image_box;
    const marker: [number, number] = [Math.round(rng.float(ib[0] + 70, ib[2] - 70)), Math.round(rng.float(ib[1] + 50, ib[3] - 50))];
    const kinds = rng.sample(KINDS, k.count);
    const icon = (kind: string): Item => {
      const r = 14;
      const a = rng.float(0, Math.PI * 2);
      const d = rng.float(34, 165);
      const cx = Math.round(marker[0] + d * Math.cos(a));
      const cy = Math.round(marker[1] + d * Math.sin(a));
      return { kind, cx, cy, r, rot: rng.int(-15, 15), color: hsl(rng.int(0, 359), rng.float(60, 85), rng.float(40, 56)), box: [cx - r - 4, cy - r - 4, cx + r + 4, cy + r + 4] };
    };
    let items: Item[] = [];
    for (let attempt = 0; attempt < 8 && items.length < k.count; attempt++) {
      items = [];
      for (const kind of kinds) {
        const fits = (it: Item): boolean => boxInside(it.box, ib) && !items.some((o) => boxesOverlap(o.box, it.box, 6)) && !items.some((o) => Math.abs(dist({ marker }, o) - dist({ marker }, it)) < k.min_gap);
        const it = placeWithRetries(300, () => icon(kind), fits);
        if (it) items.push(it);
      }
    }
    const order = items.map((_, i) => i).sort((a, b) => dist({ marker }, items[a]!) - dist({ marker }, items[b]!));
    return { frame, marker, items, order, min_gap: k.min_gap };
  },

  validate(l) {
    if (l.items.length < 3) return 'fewer than three icons';
    if (hasRepeats(l.items.map((i) => i.kind))) return 'two icons look the same';
    if (l.order.length !== l.items.length || new Set(l.order).size !== l.order.length) return 'order must use every icon once';
    const ds = l.order.map((i) => dist(l, l.items[i]!));
    for (let i = 1; i < ds.length; i++) if (ds[i]! - ds[i - 1]! < l.min_gap) return 'two distances too close to order';
    for (let i = 0; i < l.items.length; i++) {
      const it = l.items[i]!;
      if (!boxInside(it.box, l.frame.image_box)) return 'icon outside the picture';
      if (dist(l, it) < it.r + 16) return 'icon covers the marker';
      for (let j = 0; j < i; j++) if (boxesOverlap(it.box, l.items[j]!.box, 2)) return 'icons overlap';
    }
    return null;
  },

  clicks: (l) => inOrder(l.items, l.order),
  picture(l, style, rng) {
    let pic = plainPicture(rng, l.frame.image_box, style, rng.pick(['grid', 'dots'] as const));
    const [mx, my] = l.marker;
    pic += circle(mx, my, 11, { fill: 'rgba(224,49,49,0.18)' }) + circle(mx, my, 6.5, { fill: '#e03131', stroke: '#ffffff', sw: 2 });
    for (const it of l.items) {
      pic += iconSvg(it.kind, it.cx + 1.5, it.cy + 2, it.r, it.rot, 'rgba(0,0,0,0.25)');
      pic += iconSvg(it.kind, it.cx, it.cy, it.r, it.rot, it.color, 'stroke="rgba(0,0,0,0.4)" stroke-width="1"');
    }
    return pic;
  },
  prompt: (_l, style) => ({ lead: say(style.locale, { en: 'Click the icons from nearest to farthest from the red dot', zh: '按离红点从近到远的顺序点击图标' }) }),

  stepName: (it, _j, l, locale, m) => iconNoun(it.kind, locale) + say(locale, 'distance_order_click.step_distance', { d: Math.round(dist(l, it) * m.sx) }),
  reasoning: { params: (l, _locale, m) => ({ x: Math.round(l.marker[0] * m.sx + m.tx), y: Math.round(l.marker[1] * m.sy + m.ty) }) },
  instruction: { params: (l) => ({ items_length: l.items.length }) },
});
