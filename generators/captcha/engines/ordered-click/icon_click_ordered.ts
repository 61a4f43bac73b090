/**
 * #21 icon_click_ordered (group C, ordered icon click, Click×k): procedurally drawn icons scattered
 * over a textured picture with decoys; a reference strip in the prompt bar shows the targets in the
 * order they must be clicked.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { textWidth } from '../../../../renderers/glyphs.js';
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { Ids, boxInside, boxesOverlap, footerIcons, hsl, label, noiseLines, ptText, regionWord, rect, svgDoc, texturedBackground, widgetCard } from '../../lib/draw.js';
import { scatter } from '../../lib/placement.js';
import { ICON_FAMILIES, ICON_KINDS, ICONS, iconName, iconSvg } from '../../lib/icons.js';
import { say } from '../../lib/i18n.js';

interface Item {
  kind: string;
  cx: number;
  cy: number;
  /** Half-size of the icon, puzzle px. */
  r: number;
  rot: number;
  color: string;
  box: Box;
}
/** Latent state of icon_click_ordered (puzzle px). */
export interface IconClickLatent extends Record<string, unknown> {
  width: number;
  height: number;
  /** Target icon kinds in click order. */
  targets: string[];
  items: Item[];
  /** `order[i]` = index into `items` of the i-th click. */
  order: number[];
  image_box: Box;
  clutter: number;
  noise_lines: number;
  bg_hue: number;
}

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ targets: knob('icons to click, in order', 3, 3, 4), decoys: knob('icons that must not be clicked', 1, 2, 3), similar: knob('decoys drawn from the look-alike families of the targets', false, false, true), max_rot: knob('max icon rotation, degrees', 15, 35, 60), radius: knob('icon half-size range, puzzle px', [18, 22], [16, 20], [14, 18]), clutter: knob('background clutter shapes', 8, 16, 24), noise_lines: knob('noise lines drawn over the picture', 0, 2, 3) });

const W = 320;
const H = 262;
const IMG: Box = [10, 54, 310, 234];
const PAD = 3;
/** Icon kinds used here: plain circles, triangles and squares are left out because the picture's
 * background clutter is made of such shapes. */
export const KINDS = ICON_KINDS.filter((k) => !['circle', 'triangle', 'square'].includes(k));
const itemBox = (cx: number, cy: number, r: number): Box => [Math.floor(cx - r - PAD), Math.floor(cy - r - PAD), Math.ceil(cx + r + PAD), Math.ceil(cy + r + PAD)];

/** Engine #21 icon_click_ordered (group C, Click×k, verifier `click`/`sequence`). */
export const iconClickOrdered = defineEngine<IconClickLatent>({
  type: 'icon_click_ordered',
  group: 'ordered_icon_click',
  number: 21,
  actionForm: 'Click×k',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
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
    const spots = scatter(rng, IMG, radii, 6, itemBox) ?? [];
    const items: Item[] = spots.map((s, i) => ({
      kind: kinds[i]!,
      cx: s.cx,
      cy: s.cy,
      r: radii[i]!,
      rot: rng.int(-k.max_rot, k.max_rot),
      color: hsl(rng.int(0, 359), rng.float(60, 90), rng.float(40, 60)),
      box: s.box,
    }));
    const shuffled = rng.shuffle(items);
    return {
      width: W,
      height: H,
      targets,
      items: shuffled,
      order: targets.map((t) => shuffled.findIndex((it) => it.kind === t)),
      image_box: IMG,
      clutter: k.clutter,
      noise_lines: k.noise_lines,
      bg_hue: rng.int(0, 359),
    };
  },

  validate(l) {
    if (l.targets.length < 2) return 'fewer than two targets';
    const kinds = l.items.map((i) => i.kind);
    if (kinds.some((k) => !ICONS[k] || !KINDS.includes(k))) return 'icon kind not allowed here';
    if (new Set(kinds).size !== kinds.length) return 'duplicate icon on the picture';
    if (l.order.length !== l.targets.length || l.order.some((i, j) => l.items[i]?.kind !== l.targets[j])) return 'order does not match targets';
    for (let i = 0; i < l.items.length; i++) {
      const it = l.items[i]!;
      if (it.r < 12) return 'icon too small';
      if (!boxInside(it.box, l.image_box)) return 'target outside the picture';
      for (let j = 0; j < i; j++) if (boxesOverlap(it.box, l.items[j]!.box, 2)) return 'overlapping targets';
    }
    return null;
  },

  draw(l, style, rng) {
    const ids = new Ids();
    const bg = texturedBackground(rng.fork('bg'), l.image_box, ids, { hue: l.bg_hue, clutter: l.clutter });
    let body = widgetCard(style, l.width, l.height);
    const lead = say(style.locale, { en: 'Click in order:', zh: '请依次点击：' });
    const lw = textWidth(lead, 15, { face: style.face, weight: 700 });
    body += label(style, lead, 14, 34, 15, style.text, { weight: 700 });
    // reference strip: the targets in order, monochrome, on a panel
    const sx = 14 + lw + 8;
    body += rect(sx - 4, 12, l.targets.length * 30 + 6, 32, { fill: style.panel, rx: style.radius });
    l.targets.forEach((t, i) => {
      body += iconSvg(t, sx + 14 + i * 30, 28, 11, rng.float(-6, 6), style.text);
    });
    body += bg.body;
    body += noiseLines(rng, l.image_box, l.noise_lines);
    for (const it of l.items) {
      body += iconSvg(it.kind, it.cx + 1.5, it.cy + 2, it.r, it.rot, 'rgba(0,0,0,0.45)');
      body += iconSvg(it.kind, it.cx, it.cy, it.r, it.rot, it.color, 'stroke="#ffffff" stroke-width="1.6" stroke-linejoin="round"');
    }
    body += footerIcons(style, 12, l.height - 14);
    return { svg: svgDoc(l.width, l.height, body, bg.defs), width: l.width, height: l.height };
  },

  solve(l) {
    const boxes = l.order.map((i) => l.items[i]!.box);
    return {
      actions: boxes.map((b) => ({ type: 'click' as const, point: boxCenter(b) })),
      verifier: { kind: 'click', action: 'click', mode: 'sequence', boxes, submit_box: null, min_duration_ms: null },
      ordered: true,
    };
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const parts = l.targets.map((t, j) => {
      const it = l.items[l.order[j]!]!;
      return { name: iconName(t, locale), where: regionWord(it.cx, it.cy, l.image_box, locale), at: ptText(m, boxCenter(it.box)) };
    });
    const decoys = l.items.length - l.targets.length;
    return say(locale, {
      en: `The reference strip shows, left to right: ${parts.map((p) => p.name).join(', ')}. The picture has ${l.items.length} icons, ${decoys} of them decoys. ` +
      parts.map((p, i) => `#${i + 1} the ${p.name} is at the ${p.where} ${p.at}`).join('; ') + '. Click them in this order.',
      zh: `参考条从左到右依次是：${parts.map((p) => p.name).join('、')}。图中共有 ${l.items.length} 个图标，其中 ${decoys} 个是干扰图标。` +
        parts.map((p, i) => `第${i + 1}个${p.name}在图片${p.where} ${p.at}`).join('；') + '。按顺序点击。',
    });
  },

  instruction(l, locale) {
    return say(locale, 'icon_click_ordered.instruction', { targets_length: l.targets.length });
  },
});
