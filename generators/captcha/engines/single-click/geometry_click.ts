/**
 * #49 geometry_click (group G, visual reasoning, Click): many plane shapes on a canvas; the prompt names
 * one shape ("click the hexagon") that appears exactly once. Hard levels use look-alike shapes
 * (pentagon / heptagon / octagon around a hexagon). Verifier `click` / `any` with that shape's box.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob, IDENTITY_AFFINE } from '../../engine.js';
import { boxInside, boxRect, boxesOverlap, hsl, noiseLines, path, ptText, regionWord } from '../../lib/draw.js';
import { scatter } from '../../lib/placement.js';
import { say } from '../../lib/i18n.js';
import { singleClickEngine } from './template.js';
import { PLANE_FAMILIES, PLANE_SHAPES, planeName, planeNoun, planeShapeD } from '../../lib/plane-shapes.js';
import { boxAround } from '../../lib/geometry.js';
import { chrome } from '../../lib/controls.js';

interface Item {
  shape: string;
  cx: number;
  cy: number;
  r: number;
  rot: number;
  hue: number;
  box: Box;
}
/** Latent state of geometry_click (puzzle px). */
export interface GeometryClickLatent extends Record<string, unknown> {
  width: number;
  height: number;
  area: Box;
  items: Item[];
  /** The named shape (appears exactly once). */
  target_kind: string;
  answer: number;
  noise_lines: number;
}

const KNOBS = defineKnobs({ shapes: knob('shapes on the canvas', 5, 7, 9), similar: knob('other shapes drawn from the target family (look-alikes)', false, false, true), noise_lines: knob('noise curves over the canvas', 0, 2, 4) });

const W = 320;
const H = 280;
const AREA: Box = [10, 44, 310, 270];
const NAMES = Object.keys(PLANE_SHAPES);

/** Engine #49 geometry_click (group G, Click, verifier `click` / `any`). */
export const geometryClick = singleClickEngine<GeometryClickLatent, typeof KNOBS>({
  type: 'geometry_click',
  number: 49,
  group: 'visual_reasoning',
  knobs: KNOBS,

  sample(rng, k, difficulty) {
    const target = rng.pick(NAMES);
    let pool = NAMES.filter((n) => n !== target);
    if (k.similar) {
      const fam = new Set(PLANE_FAMILIES.filter((f) => f.includes(target)).flat());
      const near = pool.filter((n) => fam.has(n));
      if (near.length >= 2) pool = [...near, ...near, ...pool];
    }
    const kinds = [target, ...Array.from({ length: k.shapes - 1 }, () => rng.pick(pool))];
    const radii = kinds.map(() => rng.int(17, 25));
    const spots = scatter(rng, AREA, radii, 6, (cx, cy, r) => boxAround(cx, cy, r + 3)) ?? [];
    const items: Item[] = spots.map((s, i) => ({ shape: kinds[i]!, cx: s.cx, cy: s.cy, r: radii[i]!, rot: rng.int(0, 359), hue: rng.int(0, 359), box: s.box }));
    const shuffled = rng.shuffle(items);
    return { width: W, height: H, area: AREA, items: shuffled, target_kind: target, answer: shuffled.findIndex((it) => it.shape === target), noise_lines: k.noise_lines };
  },

  validate(l) {
    if (l.items.length < 3) return 'could not place the shapes';
    const hits = l.items.filter((it) => it.shape === l.target_kind).length;
    if (hits !== 1) return 'the named shape must appear exactly once';
    if (l.items[l.answer]?.shape !== l.target_kind) return 'answer is not the named shape';
    for (const [i, it] of l.items.entries()) {
      if (!PLANE_SHAPES[it.shape]) return 'unknown shape';
      if (it.r < 14) return 'shape too small';
      if (!boxInside(it.box, l.area)) return 'shape outside the canvas';
      for (let j = 0; j < i; j++) if (boxesOverlap(it.box, l.items[j]!.box, 2)) return 'shapes overlap';
    }
    return null;
  },

  picture(l, style, rng) {
    let body = chrome(style, l.width, l.height, say(style.locale, 'geometry_click.title', { planeName: planeName(l.target_kind, 'en-US'), planeName2: planeName(l.target_kind, 'zh-CN') }));
    body += boxRect(l.area, { fill: style.panel, rx: style.radius });
    body += noiseLines(rng, l.area, l.noise_lines, undefined, [1, 1.8]);
    for (const it of l.items) {
      body += path(planeShapeD(it.shape, it.cx, it.cy, it.r, it.rot), { fill: hsl(it.hue, 65, 55), stroke: hsl(it.hue, 60, 30), sw: 1.5, extra: 'stroke-linejoin="round"' });
    }
    return { svg: body };
  },

  target: (l) => ({ boxes: [l.items[l.answer]!.box] }),

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const it = l.items[l.answer]!;
    // en / zh: the bare name after "a"; elsewhere with its indefinite article (lib/plane-shapes.ts PLANE_NOUNS)
    const name = locale === 'en-US' || locale === 'zh-CN' ? planeName(l.target_kind, locale) : planeNoun(l.target_kind, locale, 'a');
    const where = regionWord(it.cx, it.cy, l.area, locale);
    const at = ptText(m, boxCenter(it.box));
    return say(locale, 'geometry_click.reasoning', { n: l.items.length, where, name, at });
  },

  // the shape named in the instruction's language with its article (lib/plane-shapes.ts PLANE_NOUNS)
  text: (l, locale) => ({ the: planeNoun(l.target_kind, locale, 'the'), planeName: planeName(l.target_kind, 'en-US'), planeName2: planeName(l.target_kind, 'zh-CN') }),
});
