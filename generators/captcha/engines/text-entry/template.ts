/**
 * The text-entry template (action form Click+Type, verifier `text_entry`): a picture in the entry frame
 * (lib/frames.ts: title, refresh / info icons, picture, input box, verify button); the agent clicks the
 * input box and types the answer. An engine of this form supplies only its content:
 *
 * - `sample` returns the latent, whose `frame` comes from `entryFrame(rng, pictureHeight)` (the engine
 *   decides when, so its rng calls stay in its own order);
 * - `check` validates the content (the template checks the frame first);
 * - `picture` draws inside `frame.image_box` (puzzle px) and returns `{ svg, defs? }`;
 * - `answer` gives the answer, the other accepted spellings and case sensitivity;
 * - `reading` is the reasoning up to the answer (the template appends where to click and what to type);
 * - `text` gives the values of the `{name}` placeholders of the type's catalogue texts.
 *
 * Catalogue texts (generators/captcha/i18n/<locale>.json under the type): `instruction`, `title` (drawn
 * above the picture) and `placeholder` (drawn in the input box; the template's default is
 * `common.entry_placeholder`). Drawn text uses the widget locale ({@link drawnLocale}).
 */
import type { Rng } from '../../../../core/rng.js';
import { type CaptchaEngine, type CaptchaGroupName, type Difficulty, type Latent, type PuzzleStyle, IDENTITY_AFFINE, defineEngine } from '../../engine.js';
import type { Affine } from '../../engine.js';
import { boxRect, hsl, label, noiseDots, svgDoc, wrapPhrases } from '../../lib/draw.js';
import { type EntryFrame, checkEntryFrame, drawEntryFrame, entryTail } from '../../lib/frames.js';
import { type CaptchaLocale, type TextParams, catalogue, drawnLocale, say, sayIn, sentenceGap } from '../../lib/i18n.js';
import { entrySolve } from '../../lib/solutions.js';

/** The answer of a text-entry puzzle: what to type, the other accepted answers, whether case matters. */
export interface EntryAnswer {
  text: string;
  /** Every accepted answer (the template puts `text` first). */
  valid: string[];
  caseSensitive?: boolean;
}

/** An engine's `defineKnobs(...)` result. */
export interface KnobTable {
  knobs: Readonly<Record<string, string>>;
  difficulties: Record<Difficulty, Record<string, unknown>>;
}

/** What a text-entry engine supplies (see the file comment). `T` is the type of its `defineKnobs(...)` result. */
export interface TextEntryContent<L extends Latent & { frame: EntryFrame }, T extends KnobTable, K = T['difficulties'][Difficulty]> {
  type: string;
  number: number;
  group?: CaptchaGroupName;
  /** `defineKnobs(...)` of the engine. */
  knobs: T;
  sample(rng: Rng, k: K, difficulty: Difficulty): L;
  check(latent: L): string | null;
  picture(latent: L, style: PuzzleStyle, rng: Rng): { svg: string; defs?: string };
  answer(latent: L): EntryAnswer;
  /** `widget`: the locale the widget was drawn in (text the reading quotes from the picture is in it). */
  reading(latent: L, locale: CaptchaLocale, m: Affine, widget: CaptchaLocale): string;
  /** Values of the `{name}` placeholders of the catalogue texts, in `locale`. */
  text?(latent: L, locale: CaptchaLocale): TextParams;
  /** Room (puzzle px) kept free after the title, for something the engine draws there (`afterTitle`). */
  titleRoom?: number;
  /** SVG drawn after the frame, given the drawn title's width (e.g. a colour swatch after the title). */
  afterTitle?(latent: L, style: PuzzleStyle, title: string): string;
}

/**
 * A text-entry engine from its content.
 * @throws Error (our bug) at draw / instruction time when a catalogue text of the type is missing in en-US
 */
export function textEntryEngine<L extends Latent & { frame: EntryFrame }, T extends KnobTable>(c: TextEntryContent<L, T>): CaptchaEngine<L> {
  const params = (l: L, locale: CaptchaLocale): TextParams => c.text?.(l, locale) ?? {};
  const has = (key: string): boolean => catalogue('en-US')[c.type]?.[key] !== undefined;
  return defineEngine<L>({
    type: c.type,
    group: c.group ?? 'ocr_text_entry',
    number: c.number,
    actionForm: 'Click+Type',
    knobs: c.knobs.knobs,
    difficulties: c.knobs.difficulties,
    sample: (rng, difficulty) => c.sample(rng, c.knobs.difficulties[difficulty] as T['difficulties'][Difficulty], difficulty),
    validate: (l) => checkEntryFrame(l.frame) ?? c.check(l),
    draw(l, style, rng) {
      const pic = c.picture(l, style, rng);
      const loc = drawnLocale(style.locale);
      const title = sayIn(loc, `${c.type}.title`, (used) => params(l, used));
      const placeholder = has('placeholder') ? sayIn(loc, `${c.type}.placeholder`, (used) => params(l, used)) : say(loc, 'common.entry_placeholder');
      const body = drawEntryFrame(style, l.frame, title, pic.svg, placeholder, c.titleRoom ?? 0) + (c.afterTitle?.(l, style, title) ?? '');
      return { svg: svgDoc(l.frame.width, l.frame.height, body, pic.defs ?? ''), width: l.frame.width, height: l.frame.height };
    },
    solve(l) {
      const a = c.answer(l);
      return entrySolve(l.frame, a.text, a.valid, a.caseSensitive ?? false);
    },
    reasoning(l, locale, m = IDENTITY_AFFINE, widget = locale) {
      // the closing sentence is in the reading's language: `locale` where the type's reasoning is translated, else English
      const own = Object.keys(catalogue(locale)[c.type] ?? {}).some((k) => k.startsWith('reasoning'));
      return c.reading(l, locale, m, widget) + sentenceGap(own ? locale : 'en-US') + entryTail(l.frame, c.answer(l).text, own ? locale : 'en-US', m);
    },
    instruction: (l, locale) => say(locale, `${c.type}.instruction`, params(l, locale)),
  });
}

/**
 * The picture of a written question (commonsense_question_entry, text_question_logic): a light (70%) or dark
 * card tinted by `bg_hue`, 40 noise dots, and `text` wrapped to the image width minus 24 px, bold, centred,
 * line height 1.35 × `font_size`. Puzzle px. Draws with `rng` in this order: the light/dark pick, the dots.
 */
export function questionPicture(l: { frame: EntryFrame; bg_hue: number; font_size: number }, text: string, style: PuzzleStyle, rng: Rng): { svg: string } {
  const ib = l.frame.image_box;
  const light = rng.bool(0.7);
  let pic = boxRect(ib, { fill: light ? hsl(l.bg_hue, 35, 94) : hsl(l.bg_hue, 30, 20), rx: 3 });
  pic += noiseDots(rng, ib, 40, 0.35);
  const ink = light ? hsl(l.bg_hue + 180, 45, 22) : hsl(l.bg_hue + 180, 35, 90);
  const w = ib[2] - ib[0] - 24;
  const lines = wrapPhrases(text, l.font_size, w, { face: style.face, weight: 700 });
  const lh = l.font_size * 1.35;
  let y = (ib[1] + ib[3]) / 2 - ((lines.length - 1) * lh) / 2 + l.font_size * 0.36;
  for (const line of lines) {
    pic += label(style, line, (ib[0] + ib[2]) / 2, y, l.font_size, ink, { anchor: 'middle', weight: 700, maxWidth: w });
    y += lh;
  }
  return { svg: pic };
}
