/**
 * The Set+Submit (grid select) template: an engine of this form supplies only its content (latent
 * sampling, validity, the picture in each tile, its catalogue text in generators/captcha/i18n/*.json);
 * the template supplies the widget, the gold solution (click every target, then submit: verifier
 * `click` / `set` + submit), the tile-list sentence of the reasoning and the instruction lookup.
 *
 * Two layouts, one factory each:
 * - {@link gridSelectEngine}: the vendor-like grid frame of lib/grids.ts (`gridFrame`: banner / panel /
 *   plain header, tiles, VERIFY / Submit / Confirm). Latent `{ frame, answer, … }`, answer = tile indices.
 * - {@link cellSelectEngine}: a card with a title, square cells from `selectLayout` (or any boxes) and a
 *   full-width Submit button. Latent `{ width, height, cols, cells, submit_box, … }`; the engine says
 *   which cells are hits.
 *
 * Text: `instruction` is `say(locale, '<type>.instruction', params)`; `reasoning` is
 * `say(locale, '<type>.reasoning', params)` followed (grid frame) by the tile list of `gridSteps`.
 * Cell layouts get the params `list` (cell words and points of the hits), `at` (points of the hits)
 * and `sub` (the Submit point) for free; both layouts give the instruction and the reasoning `button`,
 * the submit button's drawn label quoted (lib/controls.ts `submitName`). All coordinates are puzzle px; points in text are mapped
 * through the record's affine `m`.
 *
 * The template makes no rng call of its own: an engine's rng calls (in `sample`, `tiles`) happen in
 * the order the engine makes them.
 */
import { type Box, boxCenter } from '../../../../core/geometry.js';
import type { Rng } from '../../../../core/rng.js';
import { type Affine, type CaptchaEngine, type CaptchaGroupName, type CaptchaLocale, type Difficulty, type Latent, type PuzzleStyle, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { Ids, ptText, svgDoc } from '../../lib/draw.js';
import { type GridFrame, type GridPrompt, cellWords, checkGridFrame, drawGridFrame, gridFrame, gridSteps, gridSubmitKind } from '../../lib/grids.js';
import { type SubmitKind, chrome, submitButton, submitName, tile } from '../../lib/controls.js';
import { clickSetSubmit } from '../../lib/solutions.js';
import { say, type TextParams } from '../../lib/i18n.js';

/** What `defineKnobs` returns, with `K` the knob values of one difficulty. */
export interface KnobTable<K> {
  knobs: Readonly<Record<string, string>>;
  difficulties: Record<Difficulty, K>;
}
/** The knob values of one difficulty of a `defineKnobs` result: `KnobsOf<typeof KNOBS>`. */
export type KnobsOf<T extends KnobTable<unknown>> = T['difficulties']['easy'];

/** What every Set+Submit engine supplies, whatever its layout. */
interface SelectContent<L, K> {
  /** Type name; also the catalogue section of its text. */
  type: string;
  number: number;
  /** VenusBench group; `multi_select_grid` when omitted. */
  group?: CaptchaGroupName;
  /** The `defineKnobs(…)` result of the engine (one line). */
  knobs: KnobTable<K>;
  /** Sample a latent state from the knob values `k` of `difficulty` (all rng calls of sampling). */
  sample(rng: Rng, k: K, difficulty: Difficulty): L;
  /** Content checks (the grid frame is checked before, by the template); null when valid. */
  validate(l: L): string | null;
  /** Params of `<type>.reasoning` (puzzle px → record px through `m`). */
  reasoning(l: L, locale: CaptchaLocale, m: Affine): TextParams;
  /** Params of `<type>.instruction`; none when omitted. */
  instruction?(l: L, locale: CaptchaLocale): TextParams;
}

/** Latent state of a grid-frame engine: the frame and the sorted target tile indices. */
export interface FrameSelectLatent extends Record<string, unknown> {
  frame: GridFrame;
  answer: number[];
}

/** What a tile drawer returns: one SVG fragment per tile, plus defs and an SVG drawn under all tiles. */
export type TilePictures = string[] | { tiles: string[]; defs?: string; under?: string };

/** Content of a grid-frame engine. */
export interface FrameSelectSpec<L extends FrameSelectLatent, K> extends SelectContent<L, K> {
  /** Picture of every tile (clipped to its tile); may draw with `rng` (the draw rng) and take ids from `ids`. */
  tiles(l: L, style: PuzzleStyle, rng: Rng, ids: Ids): TilePictures;
  /** The header text (widget text: en / zh only). */
  prompt(l: L, style: PuzzleStyle): GridPrompt;
  /** Click boxes of the targets; the answer tiles when omitted. */
  targets?(l: L): Box[];
  /** Append the `gridSteps` tile list to the reasoning (default true). */
  steps?: boolean;
}

/**
 * The parts of an engine every layout shares: name, group, knobs, sampling and the instruction lookup.
 * The instruction gets the param `button`: the submit button's drawn label, quoted (`submitKind`).
 */
function identity<L extends Latent, K>(spec: SelectContent<L, K>, submitKind: (l: L) => SubmitKind): Pick<CaptchaEngine<L>, 'type' | 'group' | 'number' | 'actionForm' | 'knobs' | 'difficulties' | 'sample' | 'instruction'> {
  const DIFF = spec.knobs.difficulties;
  return {
    type: spec.type,
    group: spec.group ?? 'multi_select_grid',
    number: spec.number,
    actionForm: 'Set+Submit',
    knobs: spec.knobs.knobs,
    difficulties: DIFF as CaptchaEngine['difficulties'],
    sample: (rng, difficulty) => spec.sample(rng, DIFF[difficulty], difficulty),
    instruction: (l, locale, widget = locale) => say(locale, `${spec.type}.instruction`, { button: submitName(submitKind(l), locale, widget), ...spec.instruction?.(l, locale) }),
  };
}

/** A Set+Submit engine on the vendor-like grid frame (lib/grids.ts `gridFrame`). */
export function gridSelectEngine<L extends FrameSelectLatent, K>(spec: FrameSelectSpec<L, K>): CaptchaEngine<L> {
  const { type } = spec;
  return defineEngine<L>({
    ...identity(spec, (l) => gridSubmitKind(l.frame)),
    validate: (l) => checkGridFrame(l.frame) ?? spec.validate(l),
    draw(l, style, rng) {
      const ids = new Ids();
      const pics = spec.tiles(l, style, rng, ids);
      const p = Array.isArray(pics) ? { tiles: pics } : pics;
      const g = drawGridFrame(style, l.frame, spec.prompt(l, style), p.tiles, ids, p.under);
      return { svg: svgDoc(l.frame.width, l.frame.height, g.body, (p.defs ?? '') + g.defs), width: l.frame.width, height: l.frame.height };
    },
    solve: (l) => clickSetSubmit(spec.targets?.(l) ?? l.answer.map((i) => l.frame.tiles[i]!), l.frame.submit_box),
    reasoning(l, locale, m = IDENTITY_AFFINE, widget = locale) {
      const why = say(locale, `${type}.reasoning`, { button: submitName(gridSubmitKind(l.frame), locale, widget), ...spec.reasoning(l, locale, m) });
      return spec.steps === false ? why : why + say(locale, { en: ' ', zh: '', ja: '' }) + gridSteps(l.frame, l.answer, locale, m, widget);
    },
  });
}

/** Latent state of a cell-layout engine (puzzle px). */
export interface CellSelectLatent extends Record<string, unknown> {
  width: number;
  height: number;
  cols: number;
  cells: Box[];
  submit_box: Box;
}

/** Content of a cell-layout engine. */
export interface CellSelectSpec<L extends CellSelectLatent, K> extends SelectContent<L, K> {
  /** Title of the card (widget text: en / zh only). */
  prompt(l: L, style: PuzzleStyle): string;
  /** Whether cell `i` is a target. */
  hit(l: L, i: number): boolean;
  /** Content of cell `i`, drawn on its tile. */
  cell(l: L, i: number, style: PuzzleStyle): string;
  /** Tile fill of cell `i` (lib/controls.ts `tile` default when omitted or undefined). */
  tone?(l: L, i: number, style: PuzzleStyle): string | undefined;
  /** Drawn after the title, before the cells (e.g. a reference picture). */
  header?(l: L, style: PuzzleStyle): string;
}

/** Indices of the cells that are hits. */
function hitsOf<L extends CellSelectLatent, K>(spec: CellSelectSpec<L, K>, l: L): number[] {
  return l.cells.map((_, i) => i).filter((i) => spec.hit(l, i));
}

/** A Set+Submit engine on a card of cells with a Submit button (lib/grids.ts `selectLayout`). */
export function cellSelectEngine<L extends CellSelectLatent, K>(spec: CellSelectSpec<L, K>): CaptchaEngine<L> {
  const { type } = spec;
  return defineEngine<L>({
    ...identity(spec, () => 'submit'),
    validate: (l) => spec.validate(l),
    draw(l, style) {
      let body = chrome(style, l.width, l.height, spec.prompt(l, style)) + (spec.header?.(l, style) ?? '');
      l.cells.forEach((c, i) => (body += tile(style, c, spec.tone?.(l, i, style)) + spec.cell(l, i, style)));
      body += submitButton(style, l.submit_box);
      return { svg: svgDoc(l.width, l.height, body), width: l.width, height: l.height };
    },
    solve: (l) => clickSetSubmit(hitsOf(spec, l).map((i) => l.cells[i]!), l.submit_box),
    reasoning(l, locale, m = IDENTITY_AFFINE, widget = locale) {
      const hits = hitsOf(spec, l);
      const at = (i: number): string => ptText(m, boxCenter(l.cells[i]!));
      const list = hits.map((i) => `${cellWords(i, l.cols, locale)} ${at(i)}`).join(say(locale, { en: '; ', zh: '、', ja: '、', fr: ' ; ', ar: '؛ ' }));
      const free = { list, at: hits.map(at).join(say(locale, { en: ', ', zh: '、', ja: '、', ar: '، ' })), sub: ptText(m, boxCenter(l.submit_box)), button: submitName('submit', locale, widget) };
      return say(locale, `${type}.reasoning`, { ...free, ...spec.reasoning(l, locale, m) });
    },
  });
}

/** `n` distinct tile indices out of `count`, sorted; `n` drawn in [lo, hi] first. */
export function pickTiles(rng: Rng, count: number, [lo, hi]: readonly [number, number]): number[] {
  return rng.sample([...Array(count).keys()], rng.int(lo, hi)).sort((a, b) => a - b);
}

/**
 * The start of a "select every tile whose count is N" puzzle (color_count_select, illusory_ribbons_select):
 * the grid frame of `rows` × `cols` tiles of `tile` px, N drawn in `nRange`, then the answer tiles
 * ({@link pickTiles} with `hits`). Rng calls in that order.
 */
export function countGrid(rng: Rng, [rows, cols]: readonly [number, number], tile: number, nRange: readonly [number, number], hits: readonly [number, number]): { frame: GridFrame; n: number; answer: number[] } {
  const frame = gridFrame(rng, rows, cols, tile);
  const n = rng.int(nRange[0], nRange[1]);
  return { frame, n, answer: pickTiles(rng, rows * cols, hits) };
}

/** The hit cells of a cell layout: one to four (at most `n - 1`) distinct cells out of `n`. */
export function pickHits(rng: Rng, n: number): Set<number> {
  return new Set(rng.sample(Array.from({ length: n }, (_, i) => i), rng.int(1, Math.min(4, n - 1))));
}

/** One value per cell for a reasoning: "row 1, column 1: 2, row 1, column 2: 0, …" (zh joined with "，"). */
export function perCell(values: readonly (string | number)[], cols: number, locale: CaptchaLocale): string {
  return values.map((v, i) => `${cellWords(i, cols, locale)}${say(locale, { en: ': ', zh: ': ', fr: ' : ' })}${v}`).join(say(locale, { en: ', ', zh: '，', ja: '、', de: '; ', es: '; ', fr: ' ; ', ar: '؛ ' }));
}

/** Indices of the items for which `pred` holds. */
export function indicesWhere<T>(xs: readonly T[], pred: (x: T, i: number) => boolean): number[] {
  return xs.map((x, i) => (pred(x, i) ? i : -1)).filter((i) => i >= 0);
}

/**
 * Validity of a recorded answer: `wrong` when it differs from `want` (recomputed from the content),
 * `oneSided` when nothing or everything of `count` items is a target (one reason, or `[none, all]`);
 * null when fine.
 */
export function answerProblem(answer: readonly number[], want: readonly number[], count: number, wrong: string, oneSided: string | readonly [string, string]): string | null {
  const [none, all] = typeof oneSided === 'string' ? [oneSided, oneSided] : oneSided;
  if (want.join(',') !== answer.join(',')) return wrong;
  if (!answer.length) return none;
  return answer.length === count ? all : null;
}

/** The grid frame for `[rows, cols]` with the usual tile size (96 px for 3 rows, else 72 px); also returns that size. */
export function squareFrame(rng: Rng, [rows, cols]: readonly [number, number]): { frame: GridFrame; tile: number } {
  const tile = rows === 3 ? 96 : 72;
  return { frame: gridFrame(rng, rows, cols, tile), tile };
}
