/**
 * #89 area_select_point (group I, multi-select + submit, Set+Submit): one picture (not a grid) with
 * several drawn objects; click every instance of the named object, then submit (hCaptcha
 * area_select). Each instance's click box is its drawn icon box; decoys are other objects (hard: from
 * the same family).
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxInside, boxesOverlap, hsl, intBox, ptText, regionWord } from '../../lib/draw.js';
import { type GridFrame, gridFrame } from '../../lib/grids.js';
import { tileBackdrop } from '../../lib/backdrops.js';
import { LUCIDE_BY_ICON, LUCIDE_ITEMS, lucideNoun, lucideOutline, lucideSvg } from '../../lib/lucide.js';
import { say } from '../../lib/i18n.js';
import { placeWithRetries } from '../../lib/placement.js';
import { type KnobsOf, gridSelectEngine, indicesWhere } from './template.js';

interface Obj {
  icon: string;
  cx: number;
  cy: number;
  size: number;
  rot: number;
  color: string;
  box: Box;
}
/** Latent state of area_select_point (puzzle px). The picture is the frame's single tile. */
export interface AreaSelectLatent extends Record<string, unknown> {
  frame: GridFrame;
  target_icon: string;
  objects: Obj[];
  /** Indices into `objects` of the target instances. */
  answer: number[];
  hue: number;
}

const KNOBS = defineKnobs({ instances: knob('target instance count range', [2, 2], [2, 3], [3, 4]), decoys: knob('other objects', 3, 5, 7), size: knob('object size range, puzzle px', [48, 58], [40, 50], [34, 42]), similar: knob('decoys from the target’s family', false, false, true) });
const objBox = (icon: string, cx: number, cy: number, size: number, rot: number): Box => {
  const o = lucideOutline(icon, { cx, cy, size, rot });
  return intBox([o.bbox[0] - 4, o.bbox[1] - 4, o.bbox[2] + 4, o.bbox[3] + 4]);
};

/** Engine #89 area_select_point (group I, Set+Submit, verifier `click`/`set` + submit). */
export const areaSelectPoint = gridSelectEngine<AreaSelectLatent, KnobsOf<typeof KNOBS>>({
  type: 'area_select_point', number: 89, knobs: KNOBS,
  sample(rng, k) {
    const frame = gridFrame(rng, 1, 1, 296);
    const area = frame.tiles[0]!;
    const target = rng.pick(LUCIDE_ITEMS);
    const fam = LUCIDE_ITEMS.filter((i) => i.family === target.family && i.icon !== target.icon);
    const rest = LUCIDE_ITEMS.filter((i) => i.family !== target.family);
    const nt = rng.int(k.instances[0], k.instances[1]);
    const icons = [...Array(nt).fill(target.icon), ...Array.from({ length: k.decoys }, () => (k.similar && fam.length && rng.bool(0.6) ? rng.pick(fam) : rng.pick(rest)).icon)];
    const objects: Obj[] = [];
    for (const icon of icons) {
      const propose = (): Omit<Obj, 'color'> => {
        const size = Math.round(rng.float(k.size[0], k.size[1]));
        const rot = rng.int(-15, 15);
        const cx = Math.round(rng.float(area[0] + size / 2 + 4, area[2] - size / 2 - 4));
        const cy = Math.round(rng.float(area[1] + size / 2 + 4, area[3] - size / 2 - 4));
        return { icon, cx, cy, size, rot, box: objBox(icon, cx, cy, size, rot) };
      };
      const o = placeWithRetries(200, propose, (o) => boxInside(o.box, area) && objects.every((p) => !boxesOverlap(p.box, o.box, 4)));
      if (o) objects.push({ icon, cx: o.cx, cy: o.cy, size: o.size, rot: o.rot, color: hsl(rng.int(0, 359), rng.float(45, 75), rng.float(20, 32)), box: o.box });
    }
    const shuffled = rng.shuffle(objects);
    return { frame, target_icon: target.icon, objects: shuffled, answer: indicesWhere(shuffled, (o) => o.icon === target.icon), hue: rng.int(0, 359) };
  },

  validate(l) {
    if (!LUCIDE_BY_ICON.has(l.target_icon)) return 'unknown target';
    const area = l.frame.tiles[0]!;
    for (let i = 0; i < l.objects.length; i++) {
      const o = l.objects[i]!;
      if (!LUCIDE_BY_ICON.has(o.icon)) return 'object without a label';
      if (o.size < 30) return 'object too small';
      const b = objBox(o.icon, o.cx, o.cy, o.size, o.rot);
      if (b.some((v, q) => v !== o.box[q])) return 'click box does not match the object';
      if (!boxInside(o.box, area)) return 'object outside the picture';
      for (let j = 0; j < i; j++) if (boxesOverlap(o.box, l.objects[j]!.box, 2)) return 'objects overlap';
    }
    if (indicesWhere(l.objects, (o) => o.icon === l.target_icon).join(',') !== l.answer.join(',')) return 'answer does not list exactly the target instances';
    if (l.answer.length < 2) return 'fewer than two instances';
    return l.answer.length === l.objects.length ? 'no decoys' : null;
  },

  tiles(l, style, rng, ids) {
    const bd = tileBackdrop(rng, l.frame.tiles[0]!, ids, l.hue, style.theme === 'dark' && rng.bool(0.5));
    const pic = l.objects.map((o) => lucideSvg(o.icon, { cx: o.cx + 1.5, cy: o.cy + 2, size: o.size, rot: o.rot }, 'rgba(0,0,0,0.22)', { weight: 1.4 }) + lucideSvg(o.icon, { cx: o.cx, cy: o.cy, size: o.size, rot: o.rot }, o.color, { weight: 1.4 }));
    return { tiles: [bd.body + pic.join('')], defs: bd.defs };
  },

  prompt: (l, style) => ({ lead: say(style.locale, { en: 'Click on every', zh: '请点击图中所有的' }), big: say(style.locale, LUCIDE_BY_ICON.get(l.target_icon)!) }),
  targets: (l) => l.answer.map((i) => l.objects[i]!.box),
  steps: false,

  reasoning(l, locale, m) {
    const area = l.frame.tiles[0]!;
    const parts = l.answer.map((i) => {
      const c = boxCenter(l.objects[i]!.box);
      return `${regionWord(c[0], c[1], area, locale)} ${ptText(m, c)}`;
    });
    return { count: l.objects.length, n: l.answer.length, item: lucideNoun(l.target_icon, locale, true), parts: parts.join(say(locale, { en: '; the ', zh: '、', ja: '、', de: '; ', es: '; ', fr: ' ; ', ar: '؛ ' })), sub: ptText(m, boxCenter(l.frame.submit_box)) };
  },
  // the item's noun in the instruction's language (lib/lucide.ts LUCIDE_NOUNS), singular and plural
  instruction: (l, locale) => ({ item: lucideNoun(l.target_icon, locale, false), items: lucideNoun(l.target_icon, locale, true) }),
});
