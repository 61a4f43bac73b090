/**
 * The template of the drag form (free 2D drags of pieces, icons or hands onto targets, verifier
 * `drags`): an engine of this form supplies only its content — latent sampling (given its knob values),
 * validity, the picture, the drag items (what is grabbed and where it must be dropped), and the
 * placeholder values of its catalogue texts `<type>.instruction` and `<type>.reasoning`
 * (generators/captcha/i18n/<locale>.json). The template supplies the engine header (action form `Drag`
 * or `Drag×k`, knobs and difficulty values from one `defineKnobs`), the widget chrome with its title,
 * the SVG document around the drawn body, the gold drags and verifier (lib/solutions.ts
 * `dragsSolution`), the `{steps}` list of the reasoning and the text lookups. Everything is puzzle px
 * (engine.ts).
 */
import type { Affine, Box } from '../../../../core/geometry.js';
import type { Rng } from '../../../../core/rng.js';
import { type CaptchaEngine, type CaptchaGroupName, type CaptchaLocale, type Difficulty, type DrawnPuzzle, type Latent, type PuzzleStyle, IDENTITY_AFFINE, defineEngine } from '../../engine.js';
import { Ids, svgDoc } from '../../lib/draw.js';
import { type LocaleText, type TextParams, say } from '../../lib/i18n.js';
import { chrome } from '../../lib/controls.js';
import { dragsSolution } from '../../lib/solutions.js';
import { tilePicture } from '../../lib/backdrops.js';
import type { KnobTable } from '../slider/template.js';

/** What every drag latent holds: the widget size (puzzle px). */
export interface DragLatent extends Latent {
  width: number;
  height: number;
}

/** One accepted drag: start inside `handle_box`, end inside `target_box` (lib/solutions.ts `dragsSolution`). */
export interface DragItem {
  handle_box: Box;
  target_box: Box;
}

/** The content of one drag engine; `T` is its `defineKnobs(...)` result. */
export interface DragContent<L extends DragLatent, T extends KnobTable> {
  /** Type name, catalogue number and VenusBench-CAPTCHA group (engine.ts CaptchaEngine). */
  type: string;
  group: CaptchaGroupName;
  number: number;
  /** `Drag` (one drag, the default) or `Drag×k` (every item dragged). */
  form?: 'Drag' | 'Drag×k';
  /** The engine's `defineKnobs(...)` result. */
  knobs: T;
  /** Sample a latent from the knob values `k` of `difficulty` (may be invalid; see `validate`). */
  sample(rng: Rng, k: T['difficulties'][Difficulty], difficulty: Difficulty): L;
  /** Null when the latent is valid, else a short reason (engine.ts CaptchaEngine.validate). */
  validate(l: L): string | null;
  /** The widget title drawn by the template's chrome above the body (none: `draw` draws it all). */
  title?(l: L): LocaleText;
  /**
   * The picture: its SVG body (and defs), put after the chrome in a `width` x `height` document by the
   * template, or a whole drawn puzzle (engines that export their drawing for pixel checks).
   */
  draw(l: L, style: PuzzleStyle, rng: Rng): { body: string; defs?: string } | DrawnPuzzle;
  /** The accepted drags, in the order of the gold actions. */
  items(l: L): DragItem[];
  /** How many of `items` must be dragged (default all; 1 with alternatives). */
  count?: number;
  /** Catalogue key of the reasoning (default `reasoning`). */
  reasoningKey?(l: L): string;
  /**
   * Placeholder values of the reasoning. The template fills `{steps}` (when `step` is given: the
   * catalogue text `<type>.step` of every item, joined by `; ` / `；`) unless it is returned here.
   */
  reasoning(l: L, locale: CaptchaLocale, m: Affine): TextParams;
  /** Placeholder values of `<type>.step` for item `i` (see `reasoning`). */
  step?(l: L, i: number, locale: CaptchaLocale, m: Affine): TextParams;
  /** Catalogue key of the instruction (default `instruction`). */
  instructionKey?(l: L): string;
  /** Placeholder values of the instruction (none when omitted). */
  instruction?(l: L, locale: CaptchaLocale): TextParams;
}

/** A drag engine from its content (see {@link DragContent}). */
export function dragEngine<L extends DragLatent, T extends KnobTable>(c: DragContent<L, T>): CaptchaEngine<L> {
  return defineEngine<L>({
    type: c.type,
    group: c.group,
    number: c.number,
    actionForm: c.form ?? 'Drag',
    knobs: c.knobs.knobs,
    difficulties: c.knobs.difficulties as CaptchaEngine<L>['difficulties'],
    sample: (rng, difficulty) => c.sample(rng, c.knobs.difficulties[difficulty], difficulty),
    validate: (l) => c.validate(l),
    draw(l, style, rng) {
      const head = c.title ? chrome(style, l.width, l.height, say(style.locale, c.title(l))) : '';
      const d = c.draw(l, style, rng);
      return 'svg' in d ? d : { svg: svgDoc(l.width, l.height, head + d.body, d.defs), width: l.width, height: l.height };
    },
    solve: (l) => dragsSolution(c.items(l), c.count === undefined ? {} : { count: c.count }),
    reasoning(l, locale, m = IDENTITY_AFFINE) {
      const params: Record<string, string | number> = {};
      if (c.step) {
        const step = c.step;
        params.steps = c.items(l).map((_, i) => say(locale, `${c.type}.step`, step(l, i, locale, m))).join(say(locale, { en: '; ', zh: '；', ja: '、', fr: ' ; ', ar: '؛ ' }));
      }
      return say(locale, `${c.type}.${c.reasoningKey?.(l) ?? 'reasoning'}`, { ...params, ...c.reasoning(l, locale, m) });
    },
    instruction: (l, locale) => say(locale, `${c.type}.${c.instructionKey?.(l) ?? 'instruction'}`, c.instruction?.(l, locale) ?? {}),
  });
}

/**
 * The drag form's tile picture (lib/backdrops.ts `tilePicture`) laid over `box` and shown only inside
 * `clip`: its defs (with the clip path) and the clipped group. Draws a fresh `rng.fork('pic')`.
 */
export function clippedTilePicture(rng: Rng, ids: Ids, box: Box, clip: Box, hue: number, marks: number): { defs: string; body: string } {
  const pic = tilePicture(rng.fork('pic'), box, ids, hue, marks);
  const id = ids.next();
  return {
    defs: pic.defs + `<clipPath id="${id}"><rect x="${clip[0]}" y="${clip[1]}" width="${clip[2] - clip[0]}" height="${clip[3] - clip[1]}"/></clipPath>`,
    body: `<g clip-path="url(#${id})">${pic.body}</g>`,
  };
}

/**
 * The base layer of a tile-picture puzzle (lib/backdrops.ts `tilePicture` over `image_box`, from
 * `rng.fork('pic')`): its defs and body, and the id source the puzzle's later layers go on with.
 */
export function tilePictureBase(rng: Rng, l: { image_box: Box; hue: number; marks: number }): { ids: Ids; defs: string; body: string } {
  const ids = new Ids();
  return { ids, ...tilePicture(rng.fork('pic'), l.image_box, ids, l.hue, l.marks) };
}
