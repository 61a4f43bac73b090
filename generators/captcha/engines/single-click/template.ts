/**
 * The single-click template (action forms Click and LongPress, verifier `click` / mode `any`): one
 * widget — a checkbox, a verify button, a press-and-hold button or a picture to pick from — where one
 * click (or one long press) anywhere in the target region solves it. An engine of this form supplies
 * only its content:
 *
 * - `sample` returns the latent (with the widget's `width` and `height`, puzzle px);
 * - `validate` checks it before drawing;
 * - `picture` draws the whole widget body (the template wraps it in the SVG document);
 * - `target` gives the accepted region as boxes, the gold point (default: centre of the first box) and,
 *   for a long press, the hold time;
 * - `reasoning` explains the pick, ending where to click;
 * - `text` gives the values of the `{name}` placeholders of the type's catalogue texts
 *   (generators/captcha/i18n/<locale>.json: `instruction`).
 */
import type { Box, Point } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import type { Rng } from '../../../../core/rng.js';
import { type Affine, type CaptchaEngine, type CaptchaGroupName, type Difficulty, type Latent, type PuzzleStyle, IDENTITY_AFFINE, defineEngine } from '../../engine.js';
import { svgDoc } from '../../lib/draw.js';
import { type CaptchaLocale, type TextParams, say } from '../../lib/i18n.js';
import type { KnobTable } from '../text-entry/template.js';

/** Where one click is accepted, puzzle px. */
export interface ClickTarget {
  /** The accepted region: a click in any box is right. */
  boxes: Box[];
  /** Gold point (integer px inside a box); default the centre of `boxes[0]`. */
  point?: Point;
  /** Long press: the least hold time, ms (action form LongPress). */
  holdMs?: number;
}

/** What a single-click engine supplies (see the file comment). `T` is the type of its `defineKnobs(...)` result. */
export interface SingleClickContent<L extends Latent & { width: number; height: number }, T extends KnobTable, K = T['difficulties'][Difficulty]> {
  type: string;
  number: number;
  group: CaptchaGroupName;
  /** `LongPress` when {@link ClickTarget.holdMs} is given; default `Click`. */
  actionForm?: 'Click' | 'LongPress';
  /** `defineKnobs(...)` of the engine. */
  knobs: T;
  sample(rng: Rng, k: K, difficulty: Difficulty): L;
  validate(latent: L): string | null;
  picture(latent: L, style: PuzzleStyle, rng: Rng): { svg: string; defs?: string };
  target(latent: L): ClickTarget;
  /** `widget`: the locale the widget was drawn in (labels the text quotes are drawn in it). */
  reasoning(latent: L, locale: CaptchaLocale, m: Affine, widget: CaptchaLocale): string;
  /** Values of the `{name}` placeholders of the catalogue texts, in `locale`, for a widget drawn in `widget`. */
  text?(latent: L, locale: CaptchaLocale, widget: CaptchaLocale): TextParams;
}

/** A single-click engine from its content. */
export function singleClickEngine<L extends Latent & { width: number; height: number }, T extends KnobTable>(c: SingleClickContent<L, T>): CaptchaEngine<L> {
  return defineEngine<L>({
    type: c.type,
    group: c.group,
    number: c.number,
    actionForm: c.actionForm ?? 'Click',
    knobs: c.knobs.knobs,
    difficulties: c.knobs.difficulties,
    sample: (rng, difficulty) => c.sample(rng, c.knobs.difficulties[difficulty] as T['difficulties'][Difficulty], difficulty),
    validate: (l) => c.validate(l),
    draw(l, style, rng) {
      const p = c.picture(l, style, rng);
      return { svg: svgDoc(l.width, l.height, p.svg, p.defs ?? ''), width: l.width, height: l.height };
    },
    solve(l) {
      const t = c.target(l);
      return {
        actions: [{ type: t.holdMs === undefined ? 'click' : 'long_press', point: t.point ?? boxCenter(t.boxes[0]!) }],
        verifier: { kind: 'click', action: t.holdMs === undefined ? 'click' : 'long_press', mode: 'any', boxes: t.boxes, submit_box: null, min_duration_ms: t.holdMs ?? null },
        ordered: false,
      };
    },
    reasoning: (l, locale, m = IDENTITY_AFFINE, widget = locale) => c.reasoning(l, locale, m, widget),
    instruction: (l, locale, widget = locale) => say(locale, `${c.type}.instruction`, c.text?.(l, locale, widget) ?? {}),
  });
}
