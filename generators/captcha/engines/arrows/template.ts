/**
 * The Arrows×k+Submit template (verifier `presses`, or `click` / `sequence` for a repeated button): a
 * widget with arrow buttons that move a frame, a token or an object one step per press, and a Submit
 * button. An engine of this form supplies only its content:
 *
 * - `sample` returns the latent (with the widget's `width` and `height`, puzzle px);
 * - `validate` checks it before drawing (a pager engine's cursor / target check is added by the template);
 * - `picture` draws the widget body below the title card (the template draws the card with the
 *   catalogue text `<type>.title`, and for a pager the pager controls after the picture);
 * - `gold` names the answer in one of three shapes (see {@link ArrowsGold});
 * - `reasoning` gives the values of the `{name}` placeholders of `<type>.reasoning`; the template adds
 *   `{submit}` (centre of the Submit button, record px) and, for a pager, `{move}` (what to press how often);
 *   `reasoningKey` picks a variant key when the sentence differs by direction;
 * - `text` gives the values of the placeholders of `<type>.instruction` and `<type>.title`.
 *
 * Catalogue texts: generators/captcha/i18n/<locale>.json, keys `instruction`, `title`, `reasoning`.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { type Affine, type CaptchaEngine, type Difficulty, type Latent, type PuzzleSolution, IDENTITY_AFFINE, defineEngine } from '../../engine.js';
import { ptText, svgDoc } from '../../lib/draw.js';
import { type CaptchaLocale, type TextParams, say, sayIn, timesText } from '../../lib/i18n.js';
import { type PagerLayout, pagerControls, pagerInvalid, pagerMoveText, pagerSolution } from '../../lib/pager.js';
import { chrome, submitName } from '../../lib/controls.js';
import { clickSequence, pressesSolution } from '../../lib/solutions.js';
import type { KnobTable } from '../text-entry/template.js';
import type { SingleClickContent } from '../single-click/template.js';

/** Options of `pressesSolution` (lib/solutions.ts): buttons with their moves on a state grid, start, goals, gold presses. */
export type PressGrid = Parameters<typeof pressesSolution>[0];

/**
 * The answer of an Arrows×k+Submit widget, one of:
 * - `pager`: an option pager (lib/pager.ts) whose frame is on option `cursor` and must go to `target`;
 * - `presses`: any buttons moving a state on a grid (verifier `presses`), with the submit box in it;
 * - `repeat`: one button pressed `times` times, then Submit (verifier `click` / `sequence`).
 */
export type ArrowsGold =
  | { pager: { layout: PagerLayout; cursor: number; target: number } }
  | { presses: PressGrid }
  | { repeat: { button: Box; times: number; submit: Box } };

/**
 * What an Arrows×k+Submit engine supplies (see the file comment). `T` is the type of its `defineKnobs(...)`
 * result. `type`, `number`, `group`, `knobs`, `sample`, `validate` and `picture` have the shapes of
 * {@link SingleClickContent}; `picture` is the widget body after the title card (and before the pager
 * controls); `text` gives the params of `<type>.instruction` and `<type>.title`.
 */
export interface ArrowsContent<L extends Latent & { width: number; height: number }, T extends KnobTable> extends Pick<SingleClickContent<L, T>, 'type' | 'number' | 'group' | 'knobs' | 'sample' | 'validate' | 'picture' | 'text'> {
  gold(latent: L): ArrowsGold;
  /** Params of `<type>.reasoning` (puzzle px → record px through `m`). */
  reasoning(latent: L, locale: CaptchaLocale, m: Affine): TextParams;
  /** Catalogue key of the reasoning when it has variants (e.g. `reasoning_up`); default `reasoning`. */
  reasoningKey?(latent: L): string;
}

/** Separator of a list inside a reasoning sentence: ", " / "，" / "、" / "، ". */
export const listSep = (locale: CaptchaLocale): string => say(locale, { en: ', ', zh: '，', ja: '、', ar: '، ' });

/** "3 times" / "1 time" / "3 次" / "3-mal" …: how often to press a button, in `locale` (lib/i18n.ts timesText). */
export const pressCount = (locale: CaptchaLocale, k: number): string => timesText(locale, k);

/** The Submit box of a gold. */
function submitOf(g: ArrowsGold): Box {
  if ('pager' in g) return g.pager.layout.submit;
  if ('presses' in g) return g.presses.submit;
  return g.repeat.submit;
}

/** The solution (actions + verifier) of a gold. */
export function arrowsSolution(g: ArrowsGold): PuzzleSolution {
  if ('pager' in g) return pagerSolution(g.pager.layout, g.pager.cursor, g.pager.target);
  if ('presses' in g) return pressesSolution(g.presses);
  return clickSequence(Array.from({ length: g.repeat.times }, () => g.repeat.button), g.repeat.submit);
}

/** An Arrows×k+Submit engine from its content. */
export function arrowsEngine<L extends Latent & { width: number; height: number }, T extends KnobTable>(c: ArrowsContent<L, T>): CaptchaEngine<L> {
  return defineEngine<L>({
    type: c.type,
    group: c.group,
    number: c.number,
    actionForm: 'Arrows×k+Submit',
    knobs: c.knobs.knobs,
    difficulties: c.knobs.difficulties,
    sample: (rng, difficulty) => c.sample(rng, c.knobs.difficulties[difficulty] as T['difficulties'][Difficulty], difficulty),
    validate(l) {
      const bad = c.validate(l);
      if (bad) return bad;
      const g = c.gold(l);
      return 'pager' in g ? pagerInvalid(g.pager.layout.options.length, g.pager.cursor, g.pager.target) : null;
    },
    draw(l, style, rng) {
      let body = chrome(style, l.width, l.height, sayIn(style.locale, `${c.type}.title`, (used) => c.text?.(l, used, style.locale) ?? {}));
      const p = c.picture(l, style, rng);
      body += p.svg;
      const g = c.gold(l);
      if ('pager' in g) body += pagerControls(style, g.pager.layout, g.pager.cursor);
      return { svg: svgDoc(l.width, l.height, body, p.defs ?? ''), width: l.width, height: l.height };
    },
    solve: (l) => arrowsSolution(c.gold(l)),
    reasoning(l, locale, m = IDENTITY_AFFINE, widget = locale) {
      const g = c.gold(l);
      const submit = ptText(m, boxCenter(submitOf(g)));
      const free: Record<string, string> = { submit, button: submitName('submit', locale, widget) };
      if ('pager' in g) {
        const { layout, cursor, target } = g.pager;
        free.move = pagerMoveText(locale, cursor, target, { arrow: ptText(m, boxCenter(target > cursor ? layout.right : layout.left)), submit, button: free.button! });
      }
      return say(locale, `${c.type}.${c.reasoningKey?.(l) ?? 'reasoning'}`, { ...free, ...c.reasoning(l, locale, m) });
    },
    instruction: (l, locale, widget = locale) => say(locale, `${c.type}.instruction`, { button: submitName('submit', locale, widget), ...c.text?.(l, locale, widget) }),
  });
}
