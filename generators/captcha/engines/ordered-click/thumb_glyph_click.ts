/**
 * #19 thumb_glyph_click (group B, ordered text click, Click×k): the targets are shown as a small
 * noisy thumbnail image of glyphs (different weight, stretch and colour from the big picture, as in
 * GeeTest / go-captcha "thumb" prompts); click the same characters on the picture in the thumbnail's
 * left-to-right order. Decoy characters are scattered too.
 */
import type { Box } from '../../../../core/geometry.js';
import { glyphAt } from '../../../../renderers/glyphs.js';
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { Ids, boxRect, hsl, noiseDots, noiseLines, path, svgDoc, texturedBackground } from '../../lib/draw.js';
import { type ClickFrame, clickFrame, drawClickFrame, orderSteps } from '../../lib/frames.js';
import { clickSequence } from '../../lib/solutions.js';
import { type GlyphItem, UPPER, checkItems, itemsSvg, scatterGlyphs } from '../../lib/glyph-pictures.js';
import { CJK_POOL } from './word_click_ordered.js';
import { say } from '../../lib/i18n.js';

interface ThumbGlyph {
  ch: string;
  size: number;
  rot: number;
  skew: number;
  sx: number;
  color: string;
}
/** Latent state of thumb_glyph_click (puzzle px). */
export interface ThumbGlyphLatent extends Record<string, unknown> {
  frame: ClickFrame;
  script: 'cjk' | 'latin';
  /** Target characters in thumbnail (click) order. */
  targets: string[];
  thumb: ThumbGlyph[];
  thumb_noise: number;
  thumb_hue: number;
  items: GlyphItem[];
  order: number[];
  clutter: number;
  bg_hue: number;
}

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ targets: knob('characters to click', 3, 3, 4), decoys: knob('characters not in the thumbnail', 1, 2, 3), thumb_distortion: knob('thumbnail glyph rotation/skew, degrees', 6, 14, 22), thumb_noise: knob('noise dots and lines in the thumbnail', 10, 25, 45), max_rot: knob('max rotation on the picture, degrees', 20, 35, 50), size: knob('glyph size range on the picture, puzzle px', [33, 39], [31, 37], [29, 34]), clutter: knob('background clutter shapes', 8, 14, 22) });
const TW = 26; // thumbnail slot per glyph

/** Engine #19 thumb_glyph_click (group B, Click×k, verifier `click`/`sequence`). */
export const thumbGlyphClick = defineEngine<ThumbGlyphLatent>({
  type: 'thumb_glyph_click',
  group: 'ordered_text_click',
  number: 19,
  actionForm: 'Click×k',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
    const frame = clickFrame(rng, 180);
    const script = rng.bool(0.7) ? 'cjk' : 'latin';
    const chars = rng.sample(script === 'cjk' ? CJK_POOL : UPPER, k.targets + k.decoys);
    const targets = chars.slice(0, k.targets);
    const items = rng.shuffle(scatterGlyphs(rng, frame.image_box, chars, k.size, k.max_rot, () => hsl(rng.int(0, 359), rng.float(65, 95), rng.float(45, 62))));
    const thumb = targets.map((ch) => ({
      ch, size: Math.round(rng.float(18, 21)), rot: rng.int(-k.thumb_distortion, k.thumb_distortion), skew: rng.int(-k.thumb_distortion, k.thumb_distortion),
      sx: Math.round(rng.float(0.8, 1.2) * 100) / 100, color: hsl(rng.int(0, 359), rng.float(50, 80), rng.float(20, 35)),
    }));
    return {
      frame, script, targets, thumb, thumb_noise: k.thumb_noise, thumb_hue: rng.int(0, 359), items,
      order: targets.map((t) => items.findIndex((it) => it.ch === t)), clutter: k.clutter, bg_hue: rng.int(0, 359),
    };
  },

  validate(l) {
    if (l.targets.length < 2) return 'fewer than two targets';
    if (l.thumb.map((t) => t.ch).join('|') !== l.targets.join('|')) return 'thumbnail does not show the targets';
    if (l.thumb.some((t) => t.size < 16 || Math.abs(t.skew) > 30)) return 'thumbnail glyph illegible';
    const chars = l.items.map((i) => i.ch);
    if (new Set(chars).size !== chars.length) return 'duplicate character on the picture';
    if (l.order.length !== l.targets.length || l.order.some((i, j) => l.items[i]?.ch !== l.targets[j])) return 'order does not match targets';
    if (l.targets.length * TW + 8 > 130) return 'thumbnail too wide for the prompt';
    return checkItems(l.items, l.frame.image_box, 24);
  },

  draw(l, style, rng) {
    const ids = new Ids();
    const bg = texturedBackground(rng.fork('bg'), l.frame.image_box, ids, { hue: l.bg_hue, clutter: l.clutter });
    const pic = bg.body + noiseLines(rng, l.frame.image_box, 1) + itemsSvg(l.items);
    const tw = l.targets.length * TW + 8;
    const lead = say(style.locale, { en: 'Click in this order:', zh: '请按下图顺序点击：' });
    const body = drawClickFrame(style, l.frame, lead, (x, cy) => {
      const tb: Box = [Math.round(x), Math.round(cy - 16), Math.round(x + tw), Math.round(cy + 16)];
      let out = boxRect(tb, { fill: hsl(l.thumb_hue, 30, 88), stroke: style.border, sw: 1, rx: 3 });
      out += noiseDots(rng, tb, l.thumb_noise, 0.6);
      out += noiseLines(rng, tb, Math.round(l.thumb_noise / 20), undefined, [0.6, 1.2]);
      l.thumb.forEach((t, i) => {
        out += path(glyphAt(t.ch, t.size, tb[0] + 4 + TW * (i + 0.5), cy, { rot: t.rot, skew: t.skew, sx: t.sx, weight: 400 }).d, { fill: t.color });
      });
      return out;
    }, pic, tw);
    return { svg: svgDoc(l.frame.width, l.frame.height, body, bg.defs), width: l.frame.width, height: l.frame.height };
  },

  solve(l) {
    return clickSequence(l.order.map((i) => l.items[i]!.box));
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const steps = orderSteps(l.order.map((i) => ({ name: say(locale, { en: `"${l.items[i]!.ch}"`, zh: `「${l.items[i]!.ch}」` }), box: l.items[i]!.box })), l.frame.image_box, locale, m);
    const decoys = l.items.length - l.targets.length;
    return say(locale, { en: `The thumbnail in the prompt reads, left to right, ${l.targets.join(', ')} (in a different font and colour than the picture). The picture has ${l.items.length} characters, ${decoys} of them decoys. ${steps}. Click them in the thumbnail's order.`, zh: `提示中的小图从左到右是 ${l.targets.join('、')}（字体和颜色与大图不同）。大图中有 ${l.items.length} 个字，其中 ${decoys} 个是干扰字。${steps}。按小图顺序点击。` });
  },

  instruction(l, locale) {
    return say(locale, 'thumb_glyph_click.instruction', { targets_length: l.targets.length });
  },
});
