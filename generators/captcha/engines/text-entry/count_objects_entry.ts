/**
 * #10 count_objects_entry (group A, OCR text entry, Click+Type): a scene of drawn shapes; type how
 * many of the named kind there are (NextGen Occluded_Pattern_Counting). Hard puzzles use look-alike
 * distractors and let distractors partly cover targets.
 *
 * Verify after rendering (labels come from what is drawn): the count is re-measured on the drawn geometry — every
 * shape is the same polygon set that is drawn, and each target's visible fraction under the shapes
 * drawn above it is measured on a 0.5 px grid; a target less than 65 % visible, or two targets
 * touching, rejects the puzzle.
 */
import type { Box } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { Ids, boxesOverlap, hsl, noiseDots, rect } from '../../lib/draw.js';
import { type EntryFrame, entryFrame } from '../../lib/frames.js';
import { ICON_FAMILIES, ICONS, iconName, iconPlural } from '../../lib/icons.js';
import { iconRegion, regionBBox, regionSvg, visibleFraction } from '../../lib/regions.js';
import { numberAnswers } from '../../lib/words.js';
import { say } from '../../lib/i18n.js';
import { textEntryEngine } from './template.js';

interface Obj {
  kind: string;
  cx: number;
  cy: number;
  r: number;
  rot: number;
  color: string;
  target: boolean;
}
/** Latent state of count_objects_entry (puzzle px). Objects are listed in drawing order. */
export interface CountObjectsLatent extends Record<string, unknown> {
  frame: EntryFrame;
  target_kind: string;
  objects: Obj[];
  count: number;
  bg_hue: number;
}

const KNOBS = defineKnobs({ count: knob('target count range', [2, 5], [3, 7], [4, 9]), distractors: knob('distractor shapes', 3, 6, 9), similar: knob('distractors drawn from the target’s look-alike family', false, false, true), occluders: knob('distractors placed over a target’s edge', 0, 1, 3), radius: knob('shape half-size range, puzzle px', [14, 17], [12, 15], [11, 14]) });

/** Kinds a target may be; pairs that share a name are never mixed (star / six-pointed star, circle / ring). */
export const COUNT_KINDS = ['star', 'heart', 'triangle', 'square', 'circle', 'hexagon', 'diamond', 'plus', 'moon', 'bolt', 'drop', 'arrow', 'cloud', 'leaf', 'crown'];
const CLASH: Record<string, string[]> = { star: ['star6'], star6: ['star'], circle: ['ring', 'cloud'], ring: ['circle'] };
/** English plural of an icon name. */

const regionOf = (o: Obj) => iconRegion(o.kind, o.cx, o.cy, o.r, o.rot);
const boxOf = (o: Obj): Box => {
  const b = regionBBox(regionOf(o));
  return [Math.floor(b[0]), Math.floor(b[1]), Math.ceil(b[2]), Math.ceil(b[3])];
};

/** Engine #10 count_objects_entry (group A, Click+Type, verifier `text_entry`). */
export const countObjectsEntry = textEntryEngine<CountObjectsLatent, typeof KNOBS>({
  type: 'count_objects_entry',
  number: 10,
  knobs: KNOBS,

  sample(rng, k) {
    const frame = entryFrame(rng, 140);
    const ib = frame.image_box;
    const target = rng.pick(COUNT_KINDS);
    const fam = ICON_FAMILIES.find((f) => f.includes(target)) ?? [];
    let pool = Object.keys(ICONS).filter((x) => x !== target && !(CLASH[target] ?? []).includes(x));
    if (k.similar) {
      const near = pool.filter((x) => fam.includes(x));
      if (near.length) pool = [...near, ...near, ...pool];
    }
    const n = rng.int(k.count[0], k.count[1]);
    const palette = Array.from({ length: 5 }, () => hsl(rng.int(0, 359), rng.float(55, 85), rng.float(40, 58)));
    const objs: Obj[] = [];
    const place = (kind: string, isTarget: boolean, near?: Obj): boolean => {
      for (let t = 0; t < 150; t++) {
        const r = Math.round(rng.float(k.radius[0], k.radius[1]));
        let cx: number;
        let cy: number;
        if (near) {
          const a = rng.float(0, Math.PI * 2);
          const dist = (near.r + r) * rng.float(0.95, 1.15);
          cx = Math.round(near.cx + dist * Math.cos(a));
          cy = Math.round(near.cy + dist * Math.sin(a));
        } else {
          cx = Math.round(rng.float(ib[0] + r + 4, ib[2] - r - 4));
          cy = Math.round(rng.float(ib[1] + r + 4, ib[3] - r - 4));
        }
        const o: Obj = { kind, cx, cy, r, rot: rng.int(-25, 25), color: rng.pick(palette), target: isTarget };
        const b = boxOf(o);
        if (b[0] < ib[0] + 2 || b[1] < ib[1] + 2 || b[2] > ib[2] - 2 || b[3] > ib[3] - 2) continue;
        const clear = objs.every((p) => (near && p === near) || !boxesOverlap(boxOf(p), b, 3));
        if (clear) {
          objs.push(o);
          return true;
        }
      }
      return false;
    };
    for (let i = 0; i < n; i++) place(target, true);
    const targets = [...objs];
    for (let i = 0; i < k.distractors; i++) place(rng.pick(pool), false);
    for (let i = 0; i < k.occluders && targets.length; i++) place(rng.pick(pool), false, rng.pick(targets));
    return { frame, target_kind: target, objects: objs, count: objs.filter((o) => o.target).length, bg_hue: rng.int(0, 359) };
  },

  check(l) {
    if (!COUNT_KINDS.includes(l.target_kind)) return 'target kind not allowed';
    const ts = l.objects.filter((o) => o.target);
    if (ts.length !== l.count) return 'count does not match the scene';
    if (l.count < 1) return 'no target in the scene';
    for (const o of l.objects) {
      if (!ICONS[o.kind]) return 'unknown shape';
      if (o.target !== (o.kind === l.target_kind)) return 'a shape of the target kind is not counted';
      if ((CLASH[l.target_kind] ?? []).includes(o.kind)) return 'distractor shares the target’s name';
      if (o.r < 10) return 'shape too small';
      const b = boxOf(o);
      const ib = l.frame.image_box;
      if (b[0] < ib[0] || b[1] < ib[1] || b[2] > ib[2] || b[3] > ib[3]) return 'shape outside the picture';
    }
    for (let i = 0; i < ts.length; i++) for (let j = 0; j < i; j++) if (boxesOverlap(boxOf(ts[i]!), boxOf(ts[j]!), 1)) return 'two targets touch: count ambiguous';
    // re-measure on the drawn geometry: each target must stay at least 65 % visible
    const regions = l.objects.map(regionOf);
    for (let i = 0; i < l.objects.length; i++) {
      if (!l.objects[i]!.target) continue;
      if (visibleFraction(regions, i) < 0.65) return 'target mostly hidden by a distractor';
    }
    return null;
  },

  picture(l, style, rng) {
    const ids = new Ids();
    const g = ids.next();
    const ib = l.frame.image_box;
    const defs = `<linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(l.bg_hue, 30, 93)}"/><stop offset="1" stop-color="${hsl(l.bg_hue + 30, 30, 84)}"/></linearGradient>`;
    let pic = rect(ib[0], ib[1], ib[2] - ib[0], ib[3] - ib[1], { fill: `url(#${g})`, rx: 3 });
    pic += noiseDots(rng, ib, 60, 0.4);
    for (const o of l.objects) pic += regionSvg(regionOf(o), o.color, 'stroke="rgba(0,0,0,0.55)" stroke-width="1.2" stroke-linejoin="round"');
    return { svg: pic, defs };
  },

  answer: (l) => ({ text: String(l.count), valid: numberAnswers(l.count) }),

  reading(l, locale) {
    const others = l.objects.length - l.count;
    const covered = l.objects.filter((o, i) => o.target && l.objects.slice(i + 1).some((p) => !p.target && boxesOverlap(boxOf(o), boxOf(p)))).length;
    const names = { iconName: iconName(l.target_kind, 'zh-CN'), plural: iconPlural(l.target_kind, locale) };
    const coveredText = covered ? say(locale, `count_objects_entry.covered_${covered === 1 ? 'one' : 'many'}`, { ...names, n: covered }) : '';
    return say(locale, 'count_objects_entry.reasoning', { ...names, total: l.objects.length, others, covered: coveredText, count: l.count });
  },

  // `things`: the plural noun in the text's locale (instruction, and the title drawn in the widget's locale)
  text: (l, locale) => ({ things: iconPlural(l.target_kind, locale) }),
});
