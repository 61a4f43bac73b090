/**
 * #13 word_click_ordered (group B, ordered text click, Click×k): characters (CJK from Noto Sans SC, or
 * Latin) scattered over a textured picture with decoy characters; the prompt bar lists the targets in
 * the order they must be clicked.
 */
import type { Box } from '../../../../core/geometry.js';
import { glyphAt } from '../../../../renderers/glyphs.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxInside, boxesOverlap, hsl, path } from '../../lib/draw.js';
import { scatter } from '../../lib/placement.js';
import { say } from '../../lib/i18n.js';
import { STRIP, type StripLatent, drawStripFrame, hasRepeats, inOrder, orderHits, orderedClickEngine, quoted, stripLatent, stripSteps } from './template.js';

/** Common, mutually distinct CJK characters (no look-alike pairs such as 日/曰, 土/士, 己/已). */
export const CJK_POOL = [...'天地山水火木金日月星云风雨雪花草树林石田河海江湖春夏秋冬东西南北大小多少中国家学生工作时年心手口目耳马牛羊鸟鱼虫龙虎猫狗米面茶酒书画琴棋门窗桥路车船飞光明红绿黄白黑青方圆长高远近新老美好快乐安笑歌舞松竹梅兰菊灯'];
/** Latin targets: upper-case letters that no face makes ambiguous. */
export const LATIN_POOL = [...'ABCDEFGHJKLMNPRSTUVWXYZ'];

interface Item {
  ch: string;
  cx: number;
  cy: number;
  size: number;
  rot: number;
  color: string;
  /** Click box, puzzle px. */
  box: Box;
}
/** Latent state of word_click_ordered (puzzle px): targets are characters. */
export interface WordClickLatent extends StripLatent {
  script: 'cjk' | 'latin';
  /** Every character on the picture (targets and decoys). */
  items: Item[];
}

/** Click box half-size as a fraction of the glyph size (a rotated glyph fits within it). */
const BOX_HALF = 0.62;

function itemBox(cx: number, cy: number, size: number): Box {
  const h = size * BOX_HALF;
  return [Math.floor(cx - h), Math.floor(cy - h), Math.ceil(cx + h), Math.ceil(cy + h)];
}

function itemOutline(it: Item) {
  return glyphAt(it.ch, it.size, it.cx, it.cy, { rot: it.rot, weight: 700 });
}

/** Engine #13 word_click_ordered (group B, Click×k, verifier `click`/`sequence`). */
export const wordClickOrdered = orderedClickEngine({
  type: 'word_click_ordered',
  group: 'ordered_text_click',
  number: 13,
  knobs: defineKnobs({ targets: knob('characters to click, in order', 3, 4, 5), decoys: knob('extra characters that must not be clicked', 1, 2, 3), max_rot: knob('max glyph rotation, degrees', 20, 35, 50), size: knob('glyph size range, puzzle px', [34, 40], [31, 37], [28, 34]), clutter: knob('background clutter shapes', 8, 16, 26), noise_lines: knob('noise curves over the picture', 0, 2, 4) }),
  frame: null,

  sample(rng, k): WordClickLatent {
    const script = rng.bool(0.7) ? 'cjk' : 'latin';
    const pool = script === 'cjk' ? CJK_POOL : LATIN_POOL;
    const n = k.targets + k.decoys;
    const chars = rng.sample(pool, n);
    const sizes = chars.map(() => Math.round(rng.float(k.size[0], k.size[1])));
    const spots = scatter(rng, STRIP.image_box, sizes, 6, itemBox) ?? [];
    const items: Item[] = spots.map((s, i) => ({
      ch: chars[i]!,
      cx: s.cx,
      cy: s.cy,
      size: sizes[i]!,
      rot: rng.int(-k.max_rot, k.max_rot),
      color: hsl(rng.int(0, 359), rng.float(65, 95), rng.float(45, 62)),
      box: s.box,
    }));
    // the first k sampled characters are the targets; items are listed in a shuffled order
    const targets = chars.slice(0, Math.min(k.targets, items.length));
    return stripLatent({ script }, targets, rng.shuffle(items), (it) => it.ch, k, rng);
  },

  validate(l) {
    if (l.targets.length < 2) return 'fewer than two targets';
    if (hasRepeats(l.items.map((i) => i.ch))) return 'duplicate character on the picture';
    if (hasRepeats(l.targets)) return 'duplicate target';
    if (!orderHits(l.order, l.items, l.targets, (it) => it.ch)) return 'order does not match targets';
    for (let i = 0; i < l.items.length; i++) {
      const it = l.items[i]!;
      if (it.size < 24) return 'glyph too small';
      if (!boxInside(it.box, l.image_box)) return 'target outside the picture';
      const ink = itemOutline(it).bbox;
      if (ink[0] < it.box[0] - 1 || ink[1] < it.box[1] - 1 || ink[2] > it.box[2] + 1 || ink[3] > it.box[3] + 1) return 'glyph ink outside its box';
      for (let j = 0; j < i; j++) if (boxesOverlap(it.box, l.items[j]!.box, 2)) return 'overlapping targets';
    }
    return null;
  },

  clicks: (l) => inOrder(l.items, l.order),
  // prompt characters drawn as glyph paths with a little jitter (no <text>), then the picture's characters
  draw: (l, style, rng) =>
    drawStripFrame(l, style, rng, (x0) => {
      let out = '';
      for (let x = x0, i = 0; i < l.targets.length; i++, x += 27) out += path(glyphAt(l.targets[i]!, 20, x + 11, 28, { rot: rng.float(-4, 4), weight: 700 }).d, { fill: style.accent });
      return out;
    }, () =>
      l.items.map((it) => {
        const o = itemOutline(it);
        return path(o.d, { fill: 'none', stroke: 'rgba(0,0,0,0.55)', sw: 3, extra: 'stroke-linejoin="round"' }) + path(o.d, { fill: it.color, stroke: '#ffffff', sw: 0.8 });
      }).join('')),

  steps: (l, locale, m) => stripSteps(inOrder(l.items, l.order), l.targets.map((t) => ({ en: `"${t}"`, zh: `「${t}」`, ja: quoted(t, 'ja-JP'), de: quoted(t, 'de-DE'), es: quoted(t, 'es-ES'), fr: quoted(t, 'fr-FR'), ar: quoted(t, 'ar') })), l.image_box, locale, m),
  reasoning: { params: (l, locale) => ({ targets: l.targets.map((t) => quoted(t, locale)).join(say(locale, { en: ', ', zh: '', ja: '', ar: '، ' })), count: l.items.length, decoys: l.items.length - l.targets.length }) },
  instruction: { params: (l) => ({ p: l.targets.join(', '), p2: l.targets.join(' ') }) },
});
