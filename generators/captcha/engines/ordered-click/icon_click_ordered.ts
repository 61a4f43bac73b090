/**
 * #21 icon_click_ordered (group C, ordered icon click, Click×k): procedurally drawn icons scattered
 * over a textured picture with decoys; a reference strip in the prompt bar shows the targets in the
 * order they must be clicked.
 */
import type { Box } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxInside, boxesOverlap, hsl, rect } from '../../lib/draw.js';
import { scatter } from '../../lib/placement.js';
import { ICON_FAMILIES, ICON_KINDS, ICONS, type IconItem, iconName, iconNoun, iconSvg } from '../../lib/icons.js';
import { STRIP, type StripLatent, drawStripFrame, hasRepeats, inOrder, listSep, orderHits, orderedClickEngine, stripLatent, stripSteps } from './template.js';

/** Latent state of icon_click_ordered (puzzle px): targets are icon kinds. */
export interface IconClickLatent extends StripLatent {
  items: IconItem[];
}

const PAD = 3;
/** Icon kinds used here: plain circles, triangles and squares are left out because the picture's
 * background clutter is made of such shapes. */
export const KINDS = ICON_KINDS.filter((k) => !['circle', 'triangle', 'square'].includes(k));
const itemBox = (cx: number, cy: number, r: number): Box => [Math.floor(cx - r - PAD), Math.floor(cy - r - PAD), Math.ceil(cx + r + PAD), Math.ceil(cy + r + PAD)];

/** Engine #21 icon_click_ordered (group C, Click×k, verifier `click`/`sequence`). */
export const iconClickOrdered = orderedClickEngine({
  type: 'icon_click_ordered',
  group: 'ordered_icon_click',
  number: 21,
  knobs: defineKnobs({ targets: knob('icons to click, in order', 3, 3, 4), decoys: knob('icons that must not be clicked', 1, 2, 3), similar: knob('decoys drawn from the look-alike families of the targets', false, false, true), max_rot: knob('max icon rotation, degrees', 15, 35, 60), radius: knob('icon half-size range, puzzle px', [18, 22], [16, 20], [14, 18]), clutter: knob('background clutter shapes', 8, 16, 24), noise_lines: knob('noise lines drawn over the picture', 0, 2, 3) }),
  frame: null,

  sample(rng, k): IconClickLatent {
    const targets = rng.sample(KINDS, k.targets);
    let pool = KINDS.filter((x) => !targets.includes(x));
    if (k.similar) {
      const fam = new Set(ICON_FAMILIES.filter((f) => f.some((x) => targets.includes(x))).flat());
      const near = pool.filter((x) => fam.has(x));
      pool = near.length >= k.decoys ? near : pool;
    }
    const decoys = rng.sample(pool, k.decoys);
    const kinds = [...targets, ...decoys];
    const radii = kinds.map(() => Math.round(rng.float(k.radius[0], k.radius[1])));
    const spots = scatter(rng, STRIP.image_box, radii, 6, itemBox) ?? [];
    const items: IconItem[] = spots.map((s, i) => ({
      kind: kinds[i]!,
      cx: s.cx,
      cy: s.cy,
      r: radii[i]!,
      rot: rng.int(-k.max_rot, k.max_rot),
      color: hsl(rng.int(0, 359), rng.float(60, 90), rng.float(40, 60)),
      box: s.box,
    }));
    return stripLatent({}, targets, rng.shuffle(items), (it) => it.kind, k, rng);
  },

  validate(l) {
    if (l.targets.length < 2) return 'fewer than two targets';
    const kinds = l.items.map((i) => i.kind);
    if (kinds.some((k) => !ICONS[k] || !KINDS.includes(k))) return 'icon kind not allowed here';
    if (hasRepeats(kinds)) return 'duplicate icon on the picture';
    if (!orderHits(l.order, l.items, l.targets, (it) => it.kind)) return 'order does not match targets';
    for (let i = 0; i < l.items.length; i++) {
      const it = l.items[i]!;
      if (it.r < 12) return 'icon too small';
      if (!boxInside(it.box, l.image_box)) return 'target outside the picture';
      for (let j = 0; j < i; j++) if (boxesOverlap(it.box, l.items[j]!.box, 2)) return 'overlapping targets';
    }
    return null;
  },

  clicks: (l) => inOrder(l.items, l.order),
  // reference strip: the targets in order, monochrome, on a panel
  draw: (l, style, rng) =>
    drawStripFrame(l, style, rng, (sx) => rect(sx - 4, 12, l.targets.length * 30 + 6, 32, { fill: style.panel, rx: style.radius }) + l.targets.map((t, i) => iconSvg(t, sx + 14 + i * 30, 28, 11, rng.float(-6, 6), style.text)).join(''), () =>
      l.items.map((it) => iconSvg(it.kind, it.cx + 1.5, it.cy + 2, it.r, it.rot, 'rgba(0,0,0,0.45)') + iconSvg(it.kind, it.cx, it.cy, it.r, it.rot, it.color, 'stroke="#ffffff" stroke-width="1.6" stroke-linejoin="round"')).join('')),

  steps: (l, locale, m) => stripSteps(inOrder(l.items, l.order), l.targets.map((t) => ({ en: `the ${iconName(t, locale)}`, zh: iconName(t, locale), ja: iconNoun(t, 'ja-JP'), de: iconNoun(t, 'de-DE'), es: iconNoun(t, 'es-ES'), fr: iconNoun(t, 'fr-FR'), ar: iconNoun(t, 'ar') })), l.image_box, locale, m),
  reasoning: { params: (l, locale) => ({ names: l.targets.map((t) => iconNoun(t, locale)).join(listSep(locale)), count: l.items.length, decoys: l.items.length - l.targets.length }) },
  instruction: { params: (l) => ({ targets_length: l.targets.length }) },
});
