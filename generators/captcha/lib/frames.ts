/**
 * Widget frames of the text-entry and ordered-click forms: the entry frame (picture, input box,
 * verify button) and the click frame (prompt bar with an optional reference strip, picture), with the
 * reasoning sentences that describe them. Geometry that decides where targets are lives in the latent
 * state; only colours and decoration come from the draw rng. Puzzle px, x2/y2 exclusive.
 */
import { type Box, boxCenter } from '../../../core/geometry.js';
import type { Rng } from '../../../core/rng.js';
import { boxesOverlap, boxInside, boxRect, button, footerIcons, inputField, label, ptText, regionWord, widgetCard } from './draw.js';
import { type Affine, type CaptchaLocale, IDENTITY_AFFINE, type PuzzleStyle } from '../engine.js';
import { type LocaleText, drawnLocale, say } from './i18n.js';
import { fitSize, textWidth } from '../../../renderers/glyphs.js';

/** Standard widget width, puzzle px. */
export const FRAME_W = 320;

/** Layout of a text-entry widget (puzzle px). Part of each group-A latent. */
export interface EntryFrame {
  width: number;
  height: number;
  /** `row`: input and button side by side; `stack`: full-width input above a full-width button. */
  layout: 'row' | 'stack';
  image_box: Box;
  input_box: Box;
  button_box: Box;
}

/** Sample an entry frame with a picture `imageH` px tall (layout chosen by `rng`). */
export function entryFrame(rng: Rng, imageH: number, width = FRAME_W): EntryFrame {
  const layout = rng.bool(0.6) ? 'row' : 'stack';
  const ib = 48 + imageH;
  const image_box: Box = [10, 48, width - 10, ib];
  if (layout === 'row') {
    return { width, height: ib + 66, layout, image_box, input_box: [10, ib + 14, width - 106, ib + 54], button_box: [width - 98, ib + 14, width - 10, ib + 54] };
  }
  return { width, height: ib + 108, layout, image_box, input_box: [10, ib + 12, width - 10, ib + 52], button_box: [10, ib + 60, width - 10, ib + 98] };
}

/** Null when the frame is well formed (boxes inside the widget, no overlaps, input tall enough), else a reason. */
export function checkEntryFrame(f: EntryFrame): string | null {
  const all: Box = [0, 0, f.width, f.height];
  for (const b of [f.image_box, f.input_box, f.button_box]) if (!boxInside(b, all)) return 'frame box outside the widget';
  if (boxesOverlap(f.input_box, f.image_box) || boxesOverlap(f.input_box, f.button_box)) return 'input box overlaps the picture or the button';
  if (f.input_box[3] - f.input_box[1] < 24 || f.input_box[2] - f.input_box[0] < 120) return 'input box too small';
  return null;
}

/**
 * Draw the entry widget around a picture: card, title (localised), refresh/info icons, picture
 * (`pictureSvg`, drawn by the engine inside `f.image_box`), input with placeholder and verify button.
 */
export function drawEntryFrame(style: PuzzleStyle, f: EntryFrame, title: string | LocaleText, pictureSvg: string, placeholder?: string | LocaleText, titleRoom = 0): string {
  const loc = drawnLocale(style.locale);
  const text = (t: string | LocaleText): string => (typeof t === 'string' ? t : say(loc, t));
  let s = widgetCard(style, f.width, f.height);
  s += label(style, text(title), 14, 32, 15, style.text, { weight: 700, maxWidth: entryTitleMax(f, titleRoom) });
  s += footerIcons(style, f.width - 52, 26);
  s += pictureSvg;
  s += inputField(style, f.input_box, placeholder ? text(placeholder) : say(loc, 'common.entry_placeholder'));
  s += button(style, f.button_box, say(loc, 'common.verify'));
  return s;
}

/**
 * Widest the title of an entry frame may be drawn (puzzle px; it is shrunk to fit): the space left of
 * the refresh / info icons, less `room` px kept free after it (e.g. for a colour swatch).
 */
export const entryTitleMax = (f: EntryFrame, room = 0): number => f.width - 76 - room;

/** Closing sentence of an entry reasoning: where the input is and what to type. */
export function entryTail(f: EntryFrame, answer: string, locale: CaptchaLocale, m: Affine = IDENTITY_AFFINE): string {
  const at = ptText(m, boxCenter(f.input_box));
  return say(locale, 'common.entry_tail', { at, answer });
}

/** Layout of an ordered-click widget. Part of each B/C latent. */
export interface ClickFrame {
  width: number;
  height: number;
  /** `top`: prompt bar above the picture (GeeTest-like); `bottom`: prompt below it (Tencent-like). */
  prompt: 'top' | 'bottom';
  prompt_box: Box;
  image_box: Box;
}

/** Sample a click frame with a picture `imageH` px tall and a prompt `promptH` px tall. */
export function clickFrame(rng: Rng, imageH: number, width = FRAME_W, promptH = 40): ClickFrame {
  const prompt = rng.bool(0.6) ? 'top' : 'bottom';
  if (prompt === 'top') {
    return { width, height: 14 + promptH + imageH + 28, prompt, prompt_box: [10, 8, width - 10, 8 + promptH], image_box: [10, 14 + promptH, width - 10, 14 + promptH + imageH] };
  }
  return { width, height: 10 + imageH + 8 + promptH + 28, prompt, prompt_box: [10, 10 + imageH + 6, width - 10, 10 + imageH + 6 + promptH], image_box: [10, 10, width - 10, 10 + imageH] };
}

/**
 * Draw the click widget: card, prompt (lead text, then `ref(x, cy)` — the engine's reference strip
 * drawn from x at vertical centre cy, `refW` px wide, returning SVG; pass `refW` 0 and no ref for a
 * text-only prompt), picture, footer icons. The lead shrinks to leave room for the reference.
 */
export function drawClickFrame(
  style: PuzzleStyle,
  f: ClickFrame,
  lead: string,
  ref: ((x: number, cy: number) => string) | null,
  pictureSvg: string,
  refW = 0,
): string {
  let s = widgetCard(style, f.width, f.height);
  const pb = f.prompt_box;
  const cy = (pb[1] + pb[3]) / 2;
  if (f.prompt === 'bottom') s += boxRect(pb, { fill: style.panel, rx: style.radius });
  const maxLead = pb[2] - pb[0] - 12 - (ref ? refW + 8 : 0);
  const size = fitSize(lead, 15, maxLead, { face: style.face, weight: 700 }, 10);
  const lw = textWidth(lead, size, { face: style.face, weight: 700 });
  s += label(style, lead, pb[0] + 6, cy + size * 0.36, size, style.text, { weight: 700 });
  if (ref) s += ref(pb[0] + 6 + lw + 8, cy);
  s += pictureSvg;
  s += footerIcons(style, 12, f.height - 14);
  return s;
}

/** "#1 X is at the top left (x, y); #2 ..." for a click order. */
export function orderSteps(parts: Array<{ name: string; box: Box }>, area: Box, locale: CaptchaLocale, m: Affine = IDENTITY_AFFINE): string {
  return parts
    .map((p, i) => {
      const c = boxCenter(p.box);
      const where = regionWord(c[0], c[1], area, locale);
      const at = ptText(m, c);
      return say(locale, {
        en: `#${i + 1} ${p.name} at the ${where} ${at}`, zh: `第${i + 1}个${p.name}在${where} ${at}`, ja: `${i + 1}番目：${p.name}（${where} ${at}）`,
        de: `Nr. ${i + 1}: ${p.name} ${where} ${at}`, es: `N.º ${i + 1}: ${p.name} ${where} ${at}`, fr: `N° ${i + 1} : ${p.name} ${where} ${at}`, ar: `رقم ${i + 1}: ${p.name} في ${where} ${at}`,
      });
    })
    .join(say(locale, { en: '; ', zh: '；', ja: '、', fr: ' ; ', ar: '؛ ' }));
}
