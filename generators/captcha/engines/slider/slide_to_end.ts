/**
 * #37 slide_to_end (group E, drag-to-end, Drag): a "slide to verify" track with a handle; drag the
 * handle to the far end. `dx = track inner end - handle edge` (negative for right-to-left tracks).
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxInside, boxRect, label, sliderTrack, widgetCard, infoIcon } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { sliderEngine } from './template.js';

/** Latent state of slide_to_end (puzzle px). */
export interface SlideToEndLatent extends Record<string, unknown> {
  width: number;
  height: number;
  track_box: Box;
  handle_box: Box;
  /** Handle starts at the right and moves left. */
  rtl: boolean;
  /** Inner padding between handle and track ends, px. */
  pad: number;
  /** Accepted relative error of the displacement. */
  rel_tolerance: number;
}

const KNOBS = defineKnobs({ track: knob('track length range, puzzle px', [280, 300], [240, 300], [200, 300]), handle: knob('handle width, puzzle px', 48, 42, 36), offset: knob('max start offset of the handle from the track end, puzzle px', 0, 16, 36), rtl_p: knob('probability of a right-to-left track', 0, 0, 0.35) });

function expectedDx(l: SlideToEndLatent): number {
  return l.rtl ? l.track_box[0] + l.pad - l.handle_box[0] : l.track_box[2] - l.pad - l.handle_box[2];
}

/** Engine #37 slide_to_end (group E, Drag, verifier `drag`, rel_tolerance 0.08). */
export const slideToEnd = sliderEngine<SlideToEndLatent, typeof KNOBS>({
  type: 'slide_to_end', group: 'drag_to_end', number: 37, knobs: KNOBS,
  sample(rng, k) {
    const tw = rng.int(k.track[0], k.track[1]);
    const th = Math.round(k.handle * 0.9);
    const width = tw + 20;
    const height = 56 + th + 16;
    const track: Box = [10, 56, 10 + tw, 56 + th];
    const rtl = rng.bool(k.rtl_p);
    const pad = 2;
    const off = k.offset ? rng.int(0, k.offset) : 0;
    const handle: Box = rtl
      ? [track[2] - pad - off - k.handle, track[1] + pad, track[2] - pad - off, track[3] - pad]
      : [track[0] + pad + off, track[1] + pad, track[0] + pad + off + k.handle, track[3] - pad];
    return { width, height, track_box: track, handle_box: handle, rtl, pad, rel_tolerance: 0.08 };
  },

  validate(l) {
    const nearLeft = l.handle_box[0] - l.track_box[0] < l.track_box[2] - l.handle_box[2];
    if (l.rtl === nearLeft) return 'handle starts at the wrong end for the direction';
    if (Math.abs(expectedDx(l)) < 100) return 'track too short';
    if (!boxInside(l.handle_box, l.track_box)) return 'handle outside the track';
    if (!boxInside(l.track_box, [0, 0, l.width, l.height])) return 'track outside the widget';
    if (l.handle_box[2] - l.handle_box[0] < 24) return 'handle too small';
    return null;
  },

  draw(l, style) {
    let body = widgetCard(style, l.width, l.height);
    body += label(style, say(style.locale, { en: 'Security check', zh: '安全验证' }), 14, 32, 15, style.text, { weight: 700 });
    body += infoIcon(l.width - 22, 27, 8, style.subtext);
    const hint = l.rtl ? (say(style.locale, { en: 'Slide to the left to verify', zh: '请按住滑块，拖动到最左边' })) : say(style.locale, { en: 'Slide to the right to verify', zh: '请按住滑块，拖动到最右边' });
    // filled part between the track start and the handle (progress) when the handle is offset
    const t = l.track_box;
    const h = l.handle_box;
    const filled: Box = l.rtl ? [h[2], t[1] + 1, t[2] - 1, t[3] - 1] : [t[0] + 1, t[1] + 1, h[0], t[3] - 1];
    body += sliderTrack(style, t, h, hint, l.rtl ? -1 : 1);
    if (filled[2] - filled[0] > 2 * l.pad + 1) body += boxRect(filled, { fill: style.accent, opacity: 0.22 });
    return { body };
  },

  dx: expectedDx,
  solve(l) {
    const start = boxCenter(l.handle_box);
    const dx = expectedDx(l);
    return {
      actions: [{ type: 'drag', start, end: [start[0] + dx, start[1]] }],
      verifier: { kind: 'drag', handle_box: l.handle_box, track_box: l.track_box, expected_dx: dx, rel_tolerance: l.rel_tolerance, max_dy: 5 },
      ordered: true,
    };
  },
  // the side in the reasoning's language: the English word in en (zh texts do not use it), the catalogue's word elsewhere
  reasoning: (l, locale) => ({ side: locale === 'en-US' || locale === 'zh-CN' ? (l.rtl ? 'left' : 'right') : say(locale, `slide_to_end.side_${l.rtl ? 'left' : 'right'}`), end_zh: l.rtl ? '最左端' : '最右端', dir_zh: l.rtl ? '向左' : '向右' }),
  instruction: (l, locale) => ({ p: say(locale, `slide_to_end.side_${l.rtl ? 'left' : 'right'}`), p2: l.rtl ? '最左边' : '最右边' }),
});
