/**
 * #45 concat_restore_slider (group F, slider puzzle, Drag): a picture cut into horizontal strips; every
 * second strip is shifted left by `shift` px with wrap-around (tianai CONCAT style). The slider moves
 * those strips right 1:1. Answer: `dx = shift`.
 */
import type { Box } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { Ids, line, sliderTrack } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { chrome } from '../../lib/controls.js';
import { sliderEngine } from './template.js';
import { tilePicture } from '../../lib/backdrops.js';

/** Latent state of concat_restore_slider (puzzle px). */
export interface ConcatLatent extends Record<string, unknown> {
  width: number;
  height: number;
  image_box: Box;
  track_box: Box;
  handle_box: Box;
  strips: number;
  /** Strips with odd index are shown shifted left by this many px (wrapping). */
  shift: number;
  hue: number;
  marks: number;
  /** A light line marks the cut between strips. */
  seam: boolean;
  tol_px: number;
}

const KNOBS = defineKnobs({ strips: knob('number of horizontal strips', 2, 2, 3), marks: knob('extra bold shapes in the picture (content cues)', 6, 4, 3), seam: knob('a light line between strips', true, false, false), tol_px: knob('accepted displacement error, puzzle px', 6, 5, 5) });

const W = 320;
const H = 282;
const IMG: Box = [10, 46, 310, 216];

/** Strip i's box. */
export function stripBox(l: ConcatLatent, i: number): Box {
  const h = (l.image_box[3] - l.image_box[1]) / l.strips;
  return [l.image_box[0], Math.round(l.image_box[1] + i * h), l.image_box[2], Math.round(l.image_box[1] + (i + 1) * h)];
}

/** Engine #45 concat_restore_slider (group F, Drag, verifier `drag`; tolerance tol_px / shift). */
export const concatRestoreSlider = sliderEngine<ConcatLatent, typeof KNOBS>({
  type: 'concat_restore_slider', group: 'slider_puzzle', number: 45, knobs: KNOBS,
  sample(rng, k) {
    const track: Box = [10, 230, 310, 270];
    const handle: Box = [10, 230, 60, 270];
    const travel = track[2] - track[0] - (handle[2] - handle[0]);
    return {
      width: W,
      height: H,
      image_box: IMG,
      track_box: track,
      handle_box: handle,
      strips: k.strips,
      shift: rng.int(60, travel - 10),
      hue: rng.int(0, 359),
      marks: k.marks,
      seam: k.seam,
      tol_px: k.tol_px,
    };
  },

  validate(l) {
    const travel = l.track_box[2] - l.track_box[0] - (l.handle_box[2] - l.handle_box[0]);
    const w = l.image_box[2] - l.image_box[0];
    if (l.shift < 40 || l.shift > travel) return 'shift outside the slider range';
    if (w - l.shift < 40) return 'shift too close to a full wrap';
    if (l.strips < 2 || (l.image_box[3] - l.image_box[1]) / l.strips < 40) return 'strips too thin';
    return null;
  },

  draw(l, style, rng) {
    const ids = new Ids();
    const w = l.image_box[2] - l.image_box[0];
    let defs = '';
    let body = chrome(style, l.width, l.height, say(style.locale, { en: 'Drag the slider to restore the picture', zh: '拖动滑块，拼合完整图片' }));
    for (let i = 0; i < l.strips; i++) {
      const sb = stripBox(l, i);
      const clip = ids.next();
      defs += `<clipPath id="${clip}"><rect x="${sb[0]}" y="${sb[1]}" width="${sb[2] - sb[0]}" height="${sb[3] - sb[1]}"/></clipPath>`;
      const off = i % 2 === 1 ? -l.shift : 0;
      const parts = off ? [off, off + w] : [0];
      let g = '';
      for (const dx of parts) {
        const pic = tilePicture(rng.fork('pic'), [l.image_box[0] + dx, l.image_box[1], l.image_box[2] + dx, l.image_box[3]], ids, l.hue, l.marks);
        defs += pic.defs;
        g += pic.body;
      }
      body += `<g clip-path="url(#${clip})">${g}</g>`;
    }
    if (l.seam)
      for (let i = 1; i < l.strips; i++) body += line(l.image_box[0], stripBox(l, i)[1], l.image_box[2], stripBox(l, i)[1], 'rgba(255,255,255,0.7)', 1.5);
    body += sliderTrack(style, l.track_box, l.handle_box, say(style.locale, { en: 'Slide to restore the picture', zh: '向右拖动还原图片' }));
    return { body, defs };
  },

  dx: (l) => l.shift,
  tolPx: (l) => l.tol_px,
  reasoning: (l, locale) => ({ strips: l.strips, which: say(locale, l.strips === 2 ? { en: 'bottom half', zh: '下半部分', ja: '下半分', de: 'die untere Hälfte', es: 'la mitad inferior', fr: 'la moitié inférieure', ar: 'النصف السفلي' } : { en: 'middle strip', zh: '中间一条', ja: '中央の帯', de: 'der mittlere Streifen', es: 'la franja central', fr: 'la bande du milieu', ar: 'الشريط الأوسط' }) }),
});
