/**
 * #13 word_click_ordered (group B, ordered text click, Click×k): characters (CJK from Noto Sans SC, or
 * Latin) scattered over a textured picture with decoy characters; the prompt bar lists the targets in
 * the order they must be clicked.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { glyphAt, textWidth } from '../../../../renderers/glyphs.js';
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { Ids, boxInside, boxesOverlap, footerIcons, hsl, label, noiseLines, path, ptText, regionWord, svgDoc, texturedBackground, widgetCard } from '../../lib/draw.js';
import { scatter } from '../../lib/placement.js';
import { say } from '../../lib/i18n.js';

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
/** Latent state of word_click_ordered (puzzle px). */
export interface WordClickLatent extends Record<string, unknown> {
  width: number;
  height: number;
  script: 'cjk' | 'latin';
  /** Target characters in click order. */
  targets: string[];
  /** Every character on the picture (targets and decoys). */
  items: Item[];
  /** `order[i]` = index into `items` of the i-th click. */
  order: number[];
  image_box: Box;
  clutter: number;
  noise_lines: number;
  bg_hue: number;
}

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ targets: knob('characters to click, in order', 3, 4, 5), decoys: knob('extra characters that must not be clicked', 1, 2, 3), max_rot: knob('max glyph rotation, degrees', 20, 35, 50), size: knob('glyph size range, puzzle px', [34, 40], [31, 37], [28, 34]), clutter: knob('background clutter shapes', 8, 16, 26), noise_lines: knob('noise curves over the picture', 0, 2, 4) });

const W = 320;
const H = 262;
const IMG: Box = [10, 54, 310, 234];
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
export const wordClickOrdered = defineEngine<WordClickLatent>({
  type: 'word_click_ordered',
  group: 'ordered_text_click',
  number: 13,
  actionForm: 'Click×k',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
    const script = rng.bool(0.7) ? 'cjk' : 'latin';
    const pool = script === 'cjk' ? CJK_POOL : LATIN_POOL;
    const n = k.targets + k.decoys;
    const chars = rng.sample(pool, n);
    const sizes = chars.map(() => Math.round(rng.float(k.size[0], k.size[1])));
    const spots = scatter(rng, IMG, sizes, 6, itemBox) ?? [];
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
    const shuffled = rng.shuffle(items);
    return {
      width: W,
      height: H,
      script,
      targets,
      items: shuffled,
      order: targets.map((t) => shuffled.findIndex((it) => it.ch === t)),
      image_box: IMG,
      clutter: k.clutter,
      noise_lines: k.noise_lines,
      bg_hue: rng.int(0, 359),
    };
  },

  validate(l) {
    if (l.targets.length < 2) return 'fewer than two targets';
    const chars = l.items.map((i) => i.ch);
    if (new Set(chars).size !== chars.length) return 'duplicate character on the picture';
    if (new Set(l.targets).size !== l.targets.length) return 'duplicate target';
    const order = l.order;
    if (order.length !== l.targets.length || order.some((i, j) => i < 0 || l.items[i]?.ch !== l.targets[j])) return 'order does not match targets';
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

  draw(l, style, rng) {
    const ids = new Ids();
    const bg = texturedBackground(rng.fork('bg'), l.image_box, ids, { hue: l.bg_hue, clutter: l.clutter });
    let body = widgetCard(style, l.width, l.height);
    const lead = say(style.locale, { en: 'Click in order:', zh: '请依次点击：' });
    const lw = textWidth(lead, 15, { face: style.face, weight: 700 });
    body += label(style, lead, 14, 34, 15, style.text, { weight: 700 });
    // prompt characters, drawn as glyph paths with a little jitter (no <text>)
    let x = 14 + lw + 8;
    for (const t of l.targets) {
      const o = glyphAt(t, 20, x + 11, 28, { rot: rng.float(-4, 4), weight: 700 });
      body += path(o.d, { fill: style.accent });
      x += 27;
    }
    body += bg.body;
    body += noiseLines(rng, l.image_box, l.noise_lines);
    for (const it of l.items) {
      const o = itemOutline(it);
      body += path(o.d, { fill: 'none', stroke: 'rgba(0,0,0,0.55)', sw: 3, extra: 'stroke-linejoin="round"' });
      body += path(o.d, { fill: it.color, stroke: '#ffffff', sw: 0.8 });
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
      return { t, where: regionWord(it.cx, it.cy, l.image_box, locale), at: ptText(m, boxCenter(it.box)) };
    });
    const decoys = l.items.length - l.targets.length;
    return say(locale, {
      en: `The prompt asks for ${l.targets.map((t) => `"${t}"`).join(', ')} in that order. The picture holds ${l.items.length} characters, ${decoys} of them decoys. ` +
      parts.map((p, i) => `#${i + 1} "${p.t}" is at the ${p.where} ${p.at}`).join('; ') + '. Click them in this order.',
      zh: `提示要求依次点击「${l.targets.join('」「')}」。图中共有 ${l.items.length} 个字，其中 ${decoys} 个是干扰字。` +
        parts.map((p, i) => `第${i + 1}个「${p.t}」在图片${p.where} ${p.at}`).join('；') + '。按顺序点击这些位置。',
    });
  },

  instruction(l, locale) {
    return say(locale, 'word_click_ordered.instruction', { p: l.targets.join(', '), p2: l.targets.join(' ') });
  },
});
