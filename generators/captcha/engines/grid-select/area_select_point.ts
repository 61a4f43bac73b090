/**
 * #89 area_select_point (group I, multi-select + submit, Set+Submit): one picture (not a grid) with
 * several drawn objects; click every instance of the named object, then submit (hCaptcha
 * area_select). Each instance's click box is its drawn icon box; decoys are other objects (hard: from
 * the same family).
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { Ids, boxInside, boxesOverlap, hsl, intBox, ptText, regionWord, svgDoc } from '../../lib/draw.js';
import { type GridFrame, checkGridFrame, drawGridFrame, gridFrame } from '../../lib/grids.js';
import { clickSetSubmit } from '../../lib/solutions.js';
import { tileBackdrop } from '../../lib/backdrops.js';
import { LUCIDE_BY_ICON, LUCIDE_ITEMS, lucideOutline, lucideSvg } from '../../lib/lucide.js';
import { say } from '../../lib/i18n.js';

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

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ instances: knob('target instance count range', [2, 2], [2, 3], [3, 4]), decoys: knob('other objects', 3, 5, 7), size: knob('object size range, puzzle px', [48, 58], [40, 50], [34, 42]), similar: knob('decoys from the target’s family', false, false, true) });
const objBox = (icon: string, cx: number, cy: number, size: number, rot: number): Box => {
  const o = lucideOutline(icon, { cx, cy, size, rot });
  return intBox([o.bbox[0] - 4, o.bbox[1] - 4, o.bbox[2] + 4, o.bbox[3] + 4]);
};

/** Engine #89 area_select_point (group I, Set+Submit, verifier `click`/`set` + submit). */
export const areaSelectPoint = defineEngine<AreaSelectLatent>({
  type: 'area_select_point',
  group: 'multi_select_grid',
  number: 89,
  actionForm: 'Set+Submit',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
    const frame = gridFrame(rng, 1, 1, 296);
    const area = frame.tiles[0]!;
    const target = rng.pick(LUCIDE_ITEMS);
    const fam = LUCIDE_ITEMS.filter((i) => i.family === target.family && i.icon !== target.icon);
    const rest = LUCIDE_ITEMS.filter((i) => i.family !== target.family);
    const nt = rng.int(k.instances[0], k.instances[1]);
    const icons = [...Array(nt).fill(target.icon), ...Array.from({ length: k.decoys }, () => (k.similar && fam.length && rng.bool(0.6) ? rng.pick(fam) : rng.pick(rest)).icon)];
    const objects: Obj[] = [];
    for (const icon of icons) {
      for (let t = 0; t < 200; t++) {
        const size = Math.round(rng.float(k.size[0], k.size[1]));
        const rot = rng.int(-15, 15);
        const cx = Math.round(rng.float(area[0] + size / 2 + 4, area[2] - size / 2 - 4));
        const cy = Math.round(rng.float(area[1] + size / 2 + 4, area[3] - size / 2 - 4));
        const box = objBox(icon, cx, cy, size, rot);
        if (boxInside(box, area) && objects.every((o) => !boxesOverlap(o.box, box, 4))) {
          objects.push({ icon, cx, cy, size, rot, color: hsl(rng.int(0, 359), rng.float(45, 75), rng.float(20, 32)), box });
          break;
        }
      }
    }
    const shuffled = rng.shuffle(objects);
    return { frame, target_icon: target.icon, objects: shuffled, answer: shuffled.map((o, i) => (o.icon === target.icon ? i : -1)).filter((i) => i >= 0), hue: rng.int(0, 359) };
  },

  validate(l) {
    const f = checkGridFrame(l.frame);
    if (f) return f;
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
    const want = l.objects.map((o, i) => (o.icon === l.target_icon ? i : -1)).filter((i) => i >= 0);
    if (want.join(',') !== l.answer.join(',')) return 'answer does not list exactly the target instances';
    if (l.answer.length < 2) return 'fewer than two instances';
    if (l.answer.length === l.objects.length) return 'no decoys';
    return null;
  },

  draw(l, style, rng) {
    const ids = new Ids();
    const area = l.frame.tiles[0]!;
    const bd = tileBackdrop(rng, area, ids, l.hue, style.theme === 'dark' && rng.bool(0.5));
    let pic = bd.body;
    for (const o of l.objects) {
      pic += lucideSvg(o.icon, { cx: o.cx + 1.5, cy: o.cy + 2, size: o.size, rot: o.rot }, 'rgba(0,0,0,0.22)', { weight: 1.4 });
      pic += lucideSvg(o.icon, { cx: o.cx, cy: o.cy, size: o.size, rot: o.rot }, o.color, { weight: 1.4 });
    }
    const item = LUCIDE_BY_ICON.get(l.target_icon)!;
    const g = drawGridFrame(style, l.frame, { lead: say(style.locale, { en: 'Click on every', zh: '请点击图中所有的' }), big: say(style.locale, item) }, [pic], ids);
    return { svg: svgDoc(l.frame.width, l.frame.height, g.body, bd.defs + g.defs), width: l.frame.width, height: l.frame.height };
  },

  solve(l) {
    return clickSetSubmit(l.answer.map((i) => l.objects[i]!.box), l.frame.submit_box);
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const item = LUCIDE_BY_ICON.get(l.target_icon)!;
    const area = l.frame.tiles[0]!;
    const parts = l.answer.map((i) => {
      const c = boxCenter(l.objects[i]!.box);
      return `${regionWord(c[0], c[1], area, locale)} ${ptText(m, c)}`;
    });
    const sub = ptText(m, boxCenter(l.frame.submit_box));
    return say(locale, { en: `The picture holds ${l.objects.length} objects; ${l.answer.length} of them are ${item.enPlural}, at the ${parts.join('; the ')}. Click each of them, then the submit button at ${sub}.`, zh: `图中共有 ${l.objects.length} 个物体，其中${item.zh}有 ${l.answer.length} 个，分别在${parts.join('、')}。逐个点击后，再点击 ${sub} 的提交按钮。` });
  },

  instruction(l, locale) {
    const item = LUCIDE_BY_ICON.get(l.target_icon)!;
    return say(locale, 'area_select_point.instruction', { item_en: item.en, item_zh: item.zh });
  },
});
