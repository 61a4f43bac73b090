/**
 * #19 thumb_glyph_click (group B, ordered text click, Click×k): the targets are shown as a small
 * noisy thumbnail image of glyphs (different weight, stretch and colour from the big picture, as in
 * GeeTest / go-captcha "thumb" prompts); click the same characters on the picture in the thumbnail's
 * left-to-right order. Decoy characters are scattered too.
 */
import type { Box } from '../../../../core/geometry.js';
import { glyphAt } from '../../../../renderers/glyphs.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxRect, hsl, noiseDots, noiseLines, path } from '../../lib/draw.js';
import type { ClickFrame } from '../../lib/frames.js';
import { type GlyphItem, UPPER, checkItems, itemsSvg } from '../../lib/glyph-pictures.js';
import { CJK_POOL } from './word_click_ordered.js';
import { say } from '../../lib/i18n.js';
import { hasRepeats, inOrder, listSep, orderHits, orderedClickEngine, quoted, scatterInk, texturedPicture } from './template.js';

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

const TW = 26; // thumbnail slot per glyph

/** Engine #19 thumb_glyph_click (group B, Click×k, verifier `click`/`sequence`). */
export const thumbGlyphClick = orderedClickEngine({
  type: 'thumb_glyph_click',
  group: 'ordered_text_click',
  number: 19,
  knobs: defineKnobs({ targets: knob('characters to click', 3, 3, 4), decoys: knob('characters not in the thumbnail', 1, 2, 3), thumb_distortion: knob('thumbnail glyph rotation/skew, degrees', 6, 14, 22), thumb_noise: knob('noise dots and lines in the thumbnail', 10, 25, 45), max_rot: knob('max rotation on the picture, degrees', 20, 35, 50), size: knob('glyph size range on the picture, puzzle px', [33, 39], [31, 37], [29, 34]), clutter: knob('background clutter shapes', 8, 14, 22) }),
  frame: { imageH: 180 },

  sample(rng, k, frame): ThumbGlyphLatent {
    const script = rng.bool(0.7) ? 'cjk' : 'latin';
    const chars = rng.sample(script === 'cjk' ? CJK_POOL : UPPER, k.targets + k.decoys);
    const targets = chars.slice(0, k.targets);
    const items = rng.shuffle(scatterInk(rng, frame.image_box, chars, k.size, k.max_rot, false));
    const thumb = targets.map((ch) => ({
      ch, size: Math.round(rng.float(18, 21)), rot: rng.int(-k.thumb_distortion, k.thumb_distortion), skew: rng.int(-k.thumb_distortion, k.thumb_distortion),
      sx: Math.round(rng.float(0.8, 1.2) * 100) / 100, color: hsl(rng.int(0, 359), rng.float(50, 80), rng.float(20, 35)),
    }));
    return { frame, script, targets, thumb, thumb_noise: k.thumb_noise, thumb_hue: rng.int(0, 359), items, order: targets.map((t) => items.findIndex((it) => it.ch === t)), clutter: k.clutter, bg_hue: rng.int(0, 359) };
  },

  validate(l) {
    if (l.targets.length < 2) return 'fewer than two targets';
    if (l.thumb.map((t) => t.ch).join('|') !== l.targets.join('|')) return 'thumbnail does not show the targets';
    if (l.thumb.some((t) => t.size < 16 || Math.abs(t.skew) > 30)) return 'thumbnail glyph illegible';
    if (hasRepeats(l.items.map((i) => i.ch))) return 'duplicate character on the picture';
    if (!orderHits(l.order, l.items, l.targets, (it) => it.ch)) return 'order does not match targets';
    if (l.targets.length * TW + 8 > 130) return 'thumbnail too wide for the prompt';
    return checkItems(l.items, l.frame.image_box, 24);
  },

  clicks: (l) => inOrder(l.items, l.order),
  picture: (l, _style, rng) => texturedPicture(l, l.frame.image_box, rng, 1, itemsSvg(l.items)),
  prompt: (l, style, rng) => {
    const tw = l.targets.length * TW + 8;
    const thumbnail = (x: number, cy: number): string => {
      const tb: Box = [Math.round(x), Math.round(cy - 16), Math.round(x + tw), Math.round(cy + 16)];
      let out = boxRect(tb, { fill: hsl(l.thumb_hue, 30, 88), stroke: style.border, sw: 1, rx: 3 });
      out += noiseDots(rng, tb, l.thumb_noise, 0.6);
      out += noiseLines(rng, tb, Math.round(l.thumb_noise / 20), undefined, [0.6, 1.2]);
      return out + l.thumb.map((t, i) => path(glyphAt(t.ch, t.size, tb[0] + 4 + TW * (i + 0.5), cy, { rot: t.rot, skew: t.skew, sx: t.sx, weight: 400 }).d, { fill: t.color })).join('');
    };
    return { lead: say(style.locale, { en: 'Click in this order:', zh: '请按下图顺序点击：' }), ref: thumbnail, refW: tw };
  },

  stepName: (t, _j, _l, locale) => quoted(t.ch, locale),
  reasoning: { params: (l, locale) => ({ targets: l.targets.join(listSep(locale)), count: l.items.length, decoys: l.items.length - l.targets.length }) },
  instruction: { params: (l) => ({ targets_length: l.targets.length }) },
});
