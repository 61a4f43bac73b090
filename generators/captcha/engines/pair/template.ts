/**
 * The template of the pair form (click two cells to swap them; verifier `pair`, score/scorer.ts): an
 * engine of this form supplies only its content — latent sampling (given its knob values), validity,
 * the picture, and the placeholder values of its catalogue texts `<type>.instruction` and
 * `<type>.reasoning` (generators/captcha/i18n/<locale>.json). The template supplies the header (action
 * form `Pair`, knobs from one `defineKnobs` result), the SVG document, the gold (the two cells of the
 * first valid pair) and the text lookups. Puzzle px (engine.ts).
 */
import { type Affine, type Box, boxCenter } from '../../../../core/geometry.js';
import type { Rng } from '../../../../core/rng.js';
import { type CaptchaEngine, type CaptchaGroupName, type CaptchaLocale, type Difficulty, type Latent, type PuzzleStyle, IDENTITY_AFFINE, defineEngine } from '../../engine.js';
import { ptText, svgDoc } from '../../lib/draw.js';
import { type TextParams, say } from '../../lib/i18n.js';

/** What every pair latent holds: widget size, the cells (puzzle px) and the valid pairs of cell indices (first = gold). */
export interface PairLatent extends Latent {
  width: number;
  height: number;
  cells: Box[];
  valid_pairs: Array<[number, number]>;
}

/** The content of one pair engine; `T` is its `defineKnobs(...)` result. */
export interface PairContent<L extends PairLatent, T extends { knobs: Readonly<Record<string, string>>; difficulties: Record<Difficulty, object> }> {
  type: string;
  group: CaptchaGroupName;
  number: number;
  knobs: T;
  sample(rng: Rng, k: T['difficulties'][Difficulty]): L;
  validate(l: L): string | null;
  /** The widget's SVG body, put in a `width` x `height` document by the template. */
  draw(l: L, style: PuzzleStyle, rng: Rng): string;
  /**
   * Placeholder values of `<type>.reasoning` for the gold pair `[i, j]`. The template fills `{at_i}` and
   * `{at_j}` (the two click points, canvas px) and `{works}` (`<type>.works` with `{n}` when more than one
   * pair is valid, else empty).
   */
  reasoning(l: L, locale: CaptchaLocale, pair: [number, number]): TextParams;
}

/** A pair engine from its content (see {@link PairContent}). */
export function pairEngine<L extends PairLatent, T extends { knobs: Readonly<Record<string, string>>; difficulties: Record<Difficulty, object> }>(c: PairContent<L, T>): CaptchaEngine<L> {
  return defineEngine<L>({
    type: c.type,
    group: c.group,
    number: c.number,
    actionForm: 'Pair',
    knobs: c.knobs.knobs,
    difficulties: c.knobs.difficulties as CaptchaEngine<L>['difficulties'],
    sample: (rng, difficulty) => c.sample(rng, c.knobs.difficulties[difficulty]),
    validate: (l) => c.validate(l),
    draw: (l, style, rng) => ({ svg: svgDoc(l.width, l.height, c.draw(l, style, rng)), width: l.width, height: l.height }),
    solve(l) {
      const [i, j] = l.valid_pairs[0]!;
      return {
        actions: [{ type: 'click', point: boxCenter(l.cells[i]!) }, { type: 'click', point: boxCenter(l.cells[j]!) }],
        verifier: { kind: 'pair', boxes: l.cells, valid_pairs: l.valid_pairs },
        ordered: false,
      };
    },
    reasoning(l, locale, m: Affine = IDENTITY_AFFINE) {
      const [i, j] = l.valid_pairs[0]!;
      const n = l.valid_pairs.length;
      const works = n > 1 ? say(locale, `${c.type}.works`, { n }) : '';
      return say(locale, `${c.type}.reasoning`, { at_i: ptText(m, boxCenter(l.cells[i]!)), at_j: ptText(m, boxCenter(l.cells[j]!)), works, ...c.reasoning(l, locale, [i, j]) });
    },
    instruction: (_l, locale) => say(locale, `${c.type}.instruction`),
  });
}
