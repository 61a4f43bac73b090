/**
 * The template of the slider form (one `drag` / `drag_y` of a slider handle, verifier `drag` or
 * `drag_y`): an engine of this form supplies only its content — latent sampling (given its knob values),
 * validity, the picture, the displacement and tolerance, and the placeholder values of its catalogue
 * texts `<type>.instruction` and `<type>.reasoning` (generators/captcha/i18n/<locale>.json). The template
 * supplies the engine header (action form `Drag`, knobs and difficulty values from one `defineKnobs`),
 * the SVG document around the drawn body, the gold drag (lib/solutions.ts `sliderSolution`) and the
 * text lookups. Everything is puzzle px (engine.ts).
 */
import { type Affine, type Box, boxCenter } from '../../../../core/geometry.js';
import type { Rng } from '../../../../core/rng.js';
import { type CaptchaEngine, type CaptchaGroupName, type CaptchaLocale, type Difficulty, type DrawnPuzzle, type Latent, type PuzzleSolution, type PuzzleStyle, IDENTITY_AFFINE, defineEngine } from '../../engine.js';
import { ptText, svgDoc } from '../../lib/draw.js';
import { type TextParams, say } from '../../lib/i18n.js';
import { sliderSolution } from '../../lib/solutions.js';

/** What every slider latent holds: the widget size and the handle on its track (puzzle px). */
export interface SliderLatent extends Latent {
  width: number;
  height: number;
  track_box: Box;
  handle_box: Box;
}

/** An engine's `defineKnobs(...)` result (engine.ts): knob docs and values per difficulty. */
export interface KnobTable {
  knobs: Readonly<Record<string, string>>;
  difficulties: Record<Difficulty, object>;
}

/** The content of one slider engine; `T` is its `defineKnobs(...)` result. */
export interface SliderContent<L extends SliderLatent, T extends KnobTable> {
  /** Type name, catalogue number and VenusBench-CAPTCHA group (engine.ts CaptchaEngine). */
  type: string;
  group: CaptchaGroupName;
  number: number;
  /** The engine's `defineKnobs(...)` result. */
  knobs: T;
  /** Sample a latent from the knob values `k` of `difficulty` (may be invalid; see `validate`). */
  sample(rng: Rng, k: T['difficulties'][Difficulty], difficulty: Difficulty): L;
  /** Null when the latent is valid, else a short reason (engine.ts CaptchaEngine.validate). */
  validate(l: L): string | null;
  /**
   * The widget: its SVG body (and defs), put in a `width` x `height` document by the template, or a
   * whole drawn puzzle (engines that export their drawing for pixel checks).
   */
  draw(l: L, style: PuzzleStyle, rng: Rng): { body: string; defs?: string } | DrawnPuzzle;
  /** Signed handle displacement along the track that solves the puzzle, puzzle px. */
  dx(l: L): number;
  /** Accepted absolute error of the displacement, puzzle px (gold: lib/solutions.ts `sliderSolution`). */
  tolPx?(l: L): number;
  /** Gold and verifier when they are not `sliderSolution(handle, track, dx, tolPx)`. */
  solve?(l: L): PuzzleSolution;
  /**
   * Placeholder values of `<type>.reasoning`. The template fills `{start}` (handle centre, canvas px)
   * and `{dx}` (|dx| in canvas px, rounded) unless these are returned here.
   */
  reasoning(l: L, locale: CaptchaLocale, m: Affine): TextParams;
  /** Placeholder values of `<type>.instruction` (none when omitted). */
  instruction?(l: L, locale: CaptchaLocale): TextParams;
}

/**
 * A slider engine from its content (see {@link SliderContent}).
 * @throws Error (our bug) from `solve` when neither `tolPx` nor `solve` is given
 */
export function sliderEngine<L extends SliderLatent, T extends KnobTable>(c: SliderContent<L, T>): CaptchaEngine<L> {
  return defineEngine<L>({
    type: c.type,
    group: c.group,
    number: c.number,
    actionForm: 'Drag',
    knobs: c.knobs.knobs,
    difficulties: c.knobs.difficulties as CaptchaEngine<L>['difficulties'],
    sample: (rng, difficulty) => c.sample(rng, c.knobs.difficulties[difficulty], difficulty),
    validate: (l) => c.validate(l),
    draw(l, style, rng) {
      const d = c.draw(l, style, rng);
      return 'svg' in d ? d : { svg: svgDoc(l.width, l.height, d.body, d.defs), width: l.width, height: l.height };
    },
    solve(l) {
      if (c.solve) return c.solve(l);
      if (!c.tolPx) throw new Error(`slider template: ${c.type} gives neither tolPx nor solve`);
      return sliderSolution(l.handle_box, l.track_box, c.dx(l), c.tolPx(l));
    },
    reasoning(l, locale, m = IDENTITY_AFFINE) {
      const base = { start: ptText(m, boxCenter(l.handle_box)), dx: Math.abs(Math.round(c.dx(l) * m.sx)) };
      return say(locale, `${c.type}.reasoning`, { ...base, ...c.reasoning(l, locale, m) });
    },
    instruction: (l, locale) => say(locale, `${c.type}.instruction`, c.instruction?.(l, locale) ?? {}),
  });
}
