/**
 * #54 avoid_decoy_click (group G, visual reasoning, Click): "click the picture" with a misleading
 * element on it (a bright "click here" badge with an arrow, OCW Misleading_Click style) that must not
 * be clicked. Any point of the picture outside the badge (plus a margin) is right: the verifier is
 * `click` / `any` over the up-to-four strips of the picture around the avoided box.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob, IDENTITY_AFFINE } from '../../engine.js';
import { Ids, boxInside, boxRect, label, path, ptText } from '../../lib/draw.js';
import { quoteLabel, say } from '../../lib/i18n.js';
import { singleClickEngine } from './template.js';
import { chrome } from '../../lib/controls.js';
import { polyD } from '../../lib/geometry.js';
import { tilePicture } from '../../lib/backdrops.js';

/** Latent state of avoid_decoy_click (puzzle px). */
export interface AvoidDecoyLatent extends Record<string, unknown> {
  width: number;
  height: number;
  image_box: Box;
  /** The misleading badge. */
  badge_box: Box;
  /** Arrow pointing at the badge: below it (true) or above it. */
  arrow_below: boolean;
  /** Badge and arrow together: the area that must not be clicked. */
  avoid_box: Box;
  /** Margin around the badge that is not accepted either, px. */
  margin: number;
  hue: number;
}

const KNOBS = defineKnobs({ badge_w: knob('badge width range, puzzle px (bigger covers more of the picture)', [90, 110], [130, 160], [180, 220]), margin: knob('no-click margin around the badge, puzzle px', 6, 8, 10) });

const W = 320;
const IMG: Box = [10, 44, 310, 234];
const MIN_STRIP = 16;

/** Accepted boxes: the picture minus the badge and its margin, as up to four strips of at least 16 px. */
export function acceptBoxes(l: AvoidDecoyLatent): Box[] {
  const [x1, y1, x2, y2] = l.image_box;
  const a: Box = [l.avoid_box[0] - l.margin, l.avoid_box[1] - l.margin, l.avoid_box[2] + l.margin, l.avoid_box[3] + l.margin];
  const out: Box[] = [];
  if (a[1] - y1 >= MIN_STRIP) out.push([x1, y1, x2, a[1]]);
  if (y2 - a[3] >= MIN_STRIP) out.push([x1, a[3], x2, y2]);
  if (a[0] - x1 >= MIN_STRIP) out.push([x1, Math.max(y1, a[1]), a[0], Math.min(y2, a[3])]);
  if (x2 - a[2] >= MIN_STRIP) out.push([a[2], Math.max(y1, a[1]), x2, Math.min(y2, a[3])]);
  return out;
}

/** Engine #54 avoid_decoy_click (group G, Click, verifier `click` / `any` over the strips). */
export const avoidDecoyClick = singleClickEngine<AvoidDecoyLatent, typeof KNOBS>({
  type: 'avoid_decoy_click',
  number: 54,
  group: 'visual_reasoning',
  knobs: KNOBS,

  sample(rng, k, difficulty) {
    const bw = rng.int(k.badge_w[0], k.badge_w[1]);
    const bh = Math.round(bw * 0.42);
    const x = rng.int(IMG[0] + 22, IMG[2] - 22 - bw);
    const y = rng.int(IMG[1] + 22, IMG[3] - 22 - bh);
    const badge: Box = [x, y, x + bw, y + bh];
    const below = badge[3] + 40 < IMG[3];
    const avoid: Box = below ? [badge[0], badge[1], badge[2], badge[3] + 30] : [badge[0], Math.min(badge[1], badge[1] - 30), badge[2], badge[3]];
    return { width: W, height: IMG[3] + 12, image_box: IMG, badge_box: badge, arrow_below: below, avoid_box: avoid, margin: k.margin, hue: rng.int(0, 359) };
  },

  validate(l) {
    if (!boxInside(l.avoid_box, l.image_box)) return 'badge outside the picture';
    if (!boxInside(l.badge_box, l.avoid_box)) return 'badge not inside the avoided area';
    const boxes = acceptBoxes(l);
    if (boxes.length < 2) return 'too little picture left to click';
    for (const b of boxes) if (b[2] - b[0] < MIN_STRIP || b[3] - b[1] < MIN_STRIP) return 'a strip is too thin';
    return null;
  },

  picture(l, style, rng) {
    const ids = new Ids();
    const pic = tilePicture(rng.fork('pic'), l.image_box, ids, l.hue, 4);
    let body = chrome(style, l.width, l.height, say(style.locale, 'avoid_decoy_click.title'));
    body += pic.body;
    const a = l.badge_box;
    const [cx, cy] = boxCenter(a);
    const h = a[3] - a[1];
    body += boxRect([a[0] + 3, a[1] + 4, a[2] + 3, a[3] + 4], { fill: 'rgba(0,0,0,0.3)', rx: h / 2 });
    body += boxRect(a, { fill: '#ff3b30', stroke: '#ffffff', sw: 2.5, rx: h / 2 });
    body += label(style, say(style.locale, 'avoid_decoy_click.badge'), cx, cy + h * 0.16, h * 0.42, '#ffffff', { anchor: 'middle', weight: 700, maxWidth: a[2] - a[0] - 16 });
    // an arrow pointing at the badge from the nearer side
    const below = l.arrow_below;
    const ay = below ? a[3] + 6 : a[1] - 6;
    const s = below ? 1 : -1;
    body += path(polyD([[cx, ay], [cx - 10, ay + 12 * s], [cx - 4, ay + 12 * s], [cx - 4, ay + 22 * s], [cx + 4, ay + 22 * s], [cx + 4, ay + 12 * s], [cx + 10, ay + 12 * s]]), { fill: '#ffd60a', stroke: '#7a5a00', sw: 1 });
    return { svg: body, defs: pic.defs };
  },

  target(l) {
    const boxes = acceptBoxes(l);
    // gold: centre of the largest strip
    const sorted = [...boxes].sort((p, q) => (q[2] - q[0]) * (q[3] - q[1]) - (p[2] - p[0]) * (p[3] - p[1]));
    return { boxes: [sorted[0]!, ...boxes.filter((b) => b !== sorted[0])] };
  },

  reasoning(l, locale, m = IDENTITY_AFFINE, widget = locale) {
    const boxes = acceptBoxes(l);
    const best = [...boxes].sort((p, q) => (q[2] - q[0]) * (q[3] - q[1]) - (p[2] - p[0]) * (p[3] - p[1]))[0]!;
    const at = ptText(m, boxCenter(best));
    const badge = ptText(m, boxCenter(l.badge_box));
    return say(locale, 'avoid_decoy_click.reasoning', { badge, at, badge_label: quoteLabel(locale, say(widget, 'avoid_decoy_click.badge')) });
  },

  // the badge is named by the label drawn on it in the widget
  text: (_l, locale, widget) => ({ badge_label: quoteLabel(locale, say(widget, 'avoid_decoy_click.badge')) }),

});
