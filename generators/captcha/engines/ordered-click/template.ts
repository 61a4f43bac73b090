/**
 * The ordered-click (Click×k) template: an engine of this form supplies only its content — latent
 * sampling, validity, its picture and prompt, and its catalogue text — and {@link orderedClickEngine}
 * adds the rest: the click frame (sampled first, before the engine's own rng calls), the widget
 * around the picture, the gold clicks and `click`/`sequence` verifier, the reasoning sentence built
 * from the catalogue text `<type>.reasoning` (its `{steps}` placeholder is the numbered click list)
 * and the instruction `<type>.instruction`.
 *
 * Also here: the pieces several ordered-click engines share (glyph ink colours and faces, the
 * textured picture, the fixed top-strip frame, order checks). Puzzle px throughout, x2/y2 exclusive.
 */
import { type Box, boxCenter } from '../../../../core/geometry.js';
import type { Rng } from '../../../../core/rng.js';
import { textWidth } from '../../../../renderers/glyphs.js';
import { type Affine, type CaptchaGroupName, type CaptchaEngine, type CaptchaLocale, type Difficulty, type DrawnPuzzle, IDENTITY_AFFINE, type Latent, type PuzzleStyle, defineEngine } from '../../engine.js';
import { Ids, footerIcons, hsl, label, noiseLines, ptText, regionWord, svgDoc, texturedBackground, widgetCard } from '../../lib/draw.js';
import { type ClickFrame, clickFrame, drawClickFrame, orderSteps } from '../../lib/frames.js';
import { type GlyphItem, scatterGlyphs } from '../../lib/glyph-pictures.js';
import { type LocaleText, type TextParams, quoteLabel, say } from '../../lib/i18n.js';
import { clickSequence } from '../../lib/solutions.js';

/** Size of the click frame the template samples: picture height, widget width, prompt height (puzzle px). */
export interface FrameSize {
  imageH: number;
  width?: number;
  promptH?: number;
}

/** What the prompt bar of the click frame shows: a lead text and an optional reference strip. */
export interface Prompt {
  lead: string;
  /** Draws the reference strip from x at vertical centre cy (SVG); may draw from the draw rng. */
  ref?: (x: number, cy: number) => string;
  /** Width kept for the reference strip, puzzle px. */
  refW?: number;
}

/** A click target: its click box (puzzle px). */
export interface Target {
  box: Box;
}

/**
 * The content of one ordered-click engine.
 * @typeParam L the latent state (plain JSON); with `frame` given it carries the sampled frame as `frame`
 * @typeParam K the knob values of one difficulty (the `defineKnobs` result's `difficulties` entry)
 * @typeParam T a click target (an item of the latent with its `box`)
 */
export interface OrderedClickSpec<L extends Latent, K, T extends Target> {
  type: string;
  group: CaptchaGroupName;
  number: number;
  /** The engine's `defineKnobs({...})` result. */
  knobs: { knobs: Readonly<Record<string, string>>; difficulties: Record<Difficulty, K> };
  /**
   * The click frame to sample (first rng call of `sample`), or null for an engine that lays out its
   * own widget (it then supplies `draw` and `steps`).
   */
  frame: FrameSize | null;
  /** Sample the latent from the knob values `k` and the sampled `frame` (null when `frame` is null). */
  sample(rng: Rng, k: K, frame: ClickFrame, difficulty: Difficulty): L;
  validate(l: L): string | null;
  /** The click targets in click order. */
  clicks(l: L): readonly T[];
  /** The picture inside the frame's image box: SVG, or SVG plus `<defs>` content. */
  picture?(l: L, style: PuzzleStyle, rng: Rng): string | { body: string; defs: string };
  /** The prompt bar: lead text (widget text, en or zh) and reference strip (it may draw from `rng` after the picture). */
  prompt?(l: L, style: PuzzleStyle, rng: Rng): Prompt;
  /** Draw the whole widget instead of frame + picture + prompt. */
  draw?(l: L, style: PuzzleStyle, rng: Rng): DrawnPuzzle;
  /**
   * The name of the j-th click target in the reasoning's numbered steps (e.g. `"A"`, `the clock at
   * 3:15`); lengths it mentions go through `m` (puzzle px → canvas px).
   */
  stepName?(t: T, j: number, l: L, locale: CaptchaLocale, m: Affine): string;
  /**
   * Catalogue key of the reasoning (default `reasoning`) and its placeholder values besides `{steps}`.
   * Coordinates mentioned go through `m` (puzzle px → canvas px).
   */
  reasoning: { key?: (l: L) => string; params: (l: L, locale: CaptchaLocale, m: Affine) => TextParams };
  /** The `{steps}` text instead of lib/frames.ts `orderSteps` over `stepName` (engines with their own step wording). */
  steps?(l: L, locale: CaptchaLocale, m: Affine): string;
  /** Catalogue key of the instruction (default `instruction`) and its placeholder values. */
  instruction: { key?: (l: L) => string; params: (l: L, locale: CaptchaLocale) => TextParams };
}

const frameOf = (l: Latent): ClickFrame => (l as { frame: ClickFrame }).frame;

/**
 * Build a Click×k engine (verifier `click`/`sequence`) from its content. The rng calls are the
 * frame's (when `frame` is given), then the engine's `sample`; drawing calls the engine's `picture`,
 * then the prompt's reference strip.
 * @throws Error (our bug) when an engine has neither `draw` nor `picture` + `prompt`, or neither `stepName` nor `steps`
 */
export function orderedClickEngine<L extends Latent, K, T extends Target>(spec: OrderedClickSpec<L, K, T>): CaptchaEngine<L> {
  const { knobs, difficulties } = spec.knobs;
  return defineEngine<L>({
    type: spec.type,
    group: spec.group,
    number: spec.number,
    actionForm: 'Click×k',
    knobs,
    difficulties: difficulties as Record<Difficulty, Readonly<Record<string, unknown>>>,

    sample(rng, difficulty) {
      const f = spec.frame;
      const frame = f ? clickFrame(rng, f.imageH, f.width, f.promptH) : (null as unknown as ClickFrame);
      return spec.sample(rng, difficulties[difficulty], frame, difficulty);
    },

    validate: (l) => spec.validate(l),

    draw(l, style, rng) {
      if (spec.draw) return spec.draw(l, style, rng);
      if (!spec.picture || !spec.prompt) throw new Error(`${spec.type}: an ordered-click engine needs draw, or picture and prompt`);
      const pic = spec.picture(l, style, rng);
      const { body: inner, defs } = typeof pic === 'string' ? { body: pic, defs: '' } : pic;
      const p = spec.prompt(l, style, rng);
      const f = frameOf(l);
      const body = drawClickFrame(style, f, p.lead, p.ref ?? null, inner, p.refW ?? 0);
      return { svg: svgDoc(f.width, f.height, body, defs), width: f.width, height: f.height };
    },

    solve: (l) => clickSequence(spec.clicks(l).map((t) => t.box)),

    reasoning(l, locale, m = IDENTITY_AFFINE) {
      const name = spec.stepName;
      let steps: string;
      if (spec.steps) steps = spec.steps(l, locale, m);
      else if (name) steps = orderSteps(spec.clicks(l).map((t, j) => ({ name: name(t, j, l, locale, m), box: t.box })), frameOf(l).image_box, locale, m);
      else throw new Error(`${spec.type}: an ordered-click engine needs stepName or steps`);
      const r = spec.reasoning;
      return say(locale, `${spec.type}.${r.key?.(l) ?? 'reasoning'}`, { ...r.params(l, locale, m), steps });
    },

    instruction: (l, locale) => say(locale, `${spec.type}.${spec.instruction.key?.(l) ?? 'instruction'}`, spec.instruction.params(l, locale)),
  });
}

/** Separator of a list of shown items in a reasoning: `, ` / `、`. */
export const listSep = (locale: CaptchaLocale): string => say(locale, { en: ', ', zh: '、', ja: '、', ar: '، ' });

/** A character quoted in a reasoning: `"A"` / `「A」`. */
export const quoted = (ch: string, locale: CaptchaLocale): string => (locale === 'en-US' ? `"${ch}"` : locale === 'zh-CN' ? `「${ch}」` : quoteLabel(locale, ch));

/** The targets `order` picks out of `items`, in click order. */
export const inOrder = <T>(items: readonly T[], order: readonly number[]): T[] => order.map((i) => items[i]!);

/** A glyph's ink colour on a textured picture: bright, saturated, any hue (draws 3 rng values when called). */
export const inkColor = (rng: Rng) => (): string => hsl(rng.int(0, 359), rng.float(65, 95), rng.float(45, 62));

/**
 * Scatter glyph items with {@link inkColor} ink (lib/glyph-pictures.ts `scatterGlyphs`), in one Latin
 * face picked from the rng first when `pickFace`, else the default face.
 */
export function scatterInk(rng: Rng, area: Box, chars: string[], size: [number, number], maxRot: number, pickFace: boolean): GlyphItem[] {
  const color = inkColor(rng);
  const opts = pickFace ? { face: pickInkFace(rng) } : {};
  return scatterGlyphs(rng, area, chars, size, maxRot, color, opts);
}
/** One Latin face for glyph ink (one rng pick). */
export const pickInkFace = (rng: Rng) => rng.pick(['roboto', 'inter', 'noto-sans'] as const);

/** Latent fields of a textured picture (lib/draw.ts `texturedBackground`). */
export interface Textured {
  clutter: number;
  bg_hue: number;
}

/** A textured picture in `area`: background (its own forked rng), `noise` curves (draw rng), then `ink`. */
export function texturedPicture(l: Textured, area: Box, rng: Rng, noise: number, ink: string): { body: string; defs: string } {
  const bg = texturedBackground(rng.fork('bg'), area, new Ids(), { hue: l.bg_hue, clutter: l.clutter });
  return { body: bg.body + noiseLines(rng, area, noise) + ink, defs: bg.defs };
}

/** Size of the fixed top-strip widget and its picture, puzzle px. */
export const STRIP = { width: 320, height: 262, image_box: [10, 54, 310, 234] as Box };

/** Latent fields of the fixed top-strip widget (prompt row on top, textured picture below). */
export interface StripLatent extends Textured, Latent {
  width: number;
  height: number;
  /** Target names (characters or icon kinds) in click order. */
  targets: string[];
  /** `order[i]` = index into `items` of the i-th click. */
  order: number[];
  image_box: Box;
  noise_lines: number;
}

/**
 * The latent of a top-strip engine: the {@link STRIP} layout, the engine's `extra` fields, the targets,
 * the (shuffled) items and the click order found by `key`, then the background hue (one rng call).
 */
export function stripLatent<I, E extends Latent>(extra: E, targets: string[], items: I[], key: (it: I) => string, k: { clutter: number; noise_lines: number }, rng: Rng) {
  return {
    width: STRIP.width,
    height: STRIP.height,
    ...extra,
    targets,
    items,
    order: targets.map((t) => items.findIndex((it) => key(it) === t)),
    image_box: STRIP.image_box,
    clutter: k.clutter,
    noise_lines: k.noise_lines,
    bg_hue: rng.int(0, 359),
  };
}

/**
 * Draw the fixed top-strip widget: card, "Click in order:" and the engine's `strip` (drawn from x,
 * may use the draw rng), the textured picture with noise curves, the `items` ink, footer icons.
 */
export function drawStripFrame(l: StripLatent, style: PuzzleStyle, rng: Rng, strip: (x: number) => string, items: () => string): DrawnPuzzle {
  const bg = texturedBackground(rng.fork('bg'), l.image_box, new Ids(), { hue: l.bg_hue, clutter: l.clutter });
  let body = widgetCard(style, l.width, l.height);
  const lead = say(style.locale, { en: 'Click in order:', zh: '请依次点击：' });
  const lw = textWidth(lead, 15, { face: style.face, weight: 700 });
  body += label(style, lead, 14, 34, 15, style.text, { weight: 700 });
  body += strip(14 + lw + 8);
  body += bg.body;
  body += noiseLines(rng, l.image_box, l.noise_lines);
  body += items();
  body += footerIcons(style, 12, l.height - 14);
  return { svg: svgDoc(l.width, l.height, body, bg.defs), width: l.width, height: l.height };
}

/**
 * Numbered steps of the top-strip widget's reasoning: "#1 X is at the top left (x, y); …" (names
 * given per locale, `where` from each target's centre `cx`/`cy`, the point from its box).
 */
export function stripSteps(targets: ReadonlyArray<{ cx: number; cy: number; box: Box }>, names: readonly LocaleText[], area: Box, locale: CaptchaLocale, m: Affine): string {
  return targets
    .map((it, i) => {
      const where = regionWord(it.cx, it.cy, area, locale);
      const at = ptText(m, boxCenter(it.box));
      const name = say(locale, names[i]!);
      return say(locale, {
        en: `#${i + 1} ${names[i]!.en} is at the ${where} ${at}`, zh: `第${i + 1}个${names[i]!.zh}在图片${where} ${at}`, ja: `${i + 1}番目：${name}（${where} ${at}）`,
        de: `Nr. ${i + 1}: ${name} ${where} ${at}`, es: `N.º ${i + 1}: ${name} ${where} ${at}`, fr: `N° ${i + 1} : ${name} ${where} ${at}`, ar: `رقم ${i + 1}: ${name} في ${where} ${at}`,
      });
    })
    .join(say(locale, { en: '; ', zh: '；', ja: '、', fr: ' ; ', ar: '؛ ' }));
}

/** True when some value repeats. */
export const hasRepeats = (values: readonly unknown[]): boolean => new Set(values).size !== values.length;

/** True when `order` picks, for each target in turn, the item whose `key` is that target. */
export const orderHits = <I>(order: readonly number[], items: readonly I[], targets: readonly string[], key: (it: I) => string): boolean =>
  order.length === targets.length && order.every((i, j) => items[i] !== undefined && key(items[i]!) === targets[j]);

/**
 * Null when `order` is a permutation of `n` items sorted by `value` (strictly increasing for `asc`,
 * strictly decreasing for `desc`); else `order must use every <noun> once` or `unsorted`.
 */
export function checkSorted(order: readonly number[], n: number, value: (i: number) => number | string, direction: 'asc' | 'desc', noun: string, unsorted: string): string | null {
  if (order.length !== n || new Set(order).size !== order.length) return `order must use every ${noun} once`;
  for (let i = 1; i < order.length; i++) {
    const a = value(order[i - 1]!);
    const b = value(order[i]!);
    if (direction === 'asc' ? a >= b : a <= b) return unsorted;
  }
  return null;
}
