/**
 * The CAPTCHA engine interface: each puzzle is a *latent state* (plain JSON) that
 * deterministically defines its answer, target geometry, valid actions and solution. Validity is
 * checked on the latent state before anything is drawn.
 *
 * Coordinates inside an engine are **puzzle px**: the widget's own SVG user space, origin at the
 * widget's top-left, x2/y2 exclusive for boxes. The compositor maps them to canvas px afterwards.
 */
import type { Action } from '../../core/actions.js';
import type { Affine, Box, Point } from '../../core/geometry.js';
import type { CAPTCHA_GROUPS, Verifier } from '../../core/schema.js';
import type { Rng } from '../../core/rng.js';
import type { LatinFace } from '../../renderers/glyphs.js';

import type { CaptchaLocale } from './lib/i18n.js';

export { CAPTCHA_LOCALES, DEFAULT_CAPTCHA_LOCALES, RECORD_LOCALES, type CaptchaLocale } from './lib/i18n.js';
import type { Difficulty } from '../../core/schema.js';
export type { Difficulty };
export type CaptchaGroupName = (typeof CAPTCHA_GROUPS)[number];

/** Action forms (what the agent does), listed per type in docs/captcha-types.md. */
export type ActionForm =
  | 'Click'
  | 'Click×k'
  | 'Set+Submit'
  | 'Click+Type'
  | 'Drag'
  | 'Drag×k'
  | 'LongPress'
  | 'Arrows×k+Submit'
  | 'Pair';

/** An engine's latent state: plain JSON (numbers, strings, booleans, arrays, objects). */
export type Latent = Record<string, unknown>;

/**
 * Visual style of the widget chrome (not of the puzzle content). Chosen per sample by the caller.
 * Colours are CSS colour strings usable in SVG attributes.
 */
export interface PuzzleStyle {
  /** Style name recorded as `captcha.style`, e.g. `classic-light`. */
  name: string;
  theme: 'light' | 'dark';
  /** Locale of the text drawn inside the widget (prompt, placeholder, button). */
  locale: CaptchaLocale;
  /** Latin face for widget text. */
  face: LatinFace;
  /** Widget background, panel (inset areas), border, primary text, secondary text. */
  bg: string;
  panel: string;
  border: string;
  text: string;
  subtext: string;
  /** Accent (buttons, slider handle, progress) and the text colour on it. */
  accent: string;
  onAccent: string;
  /** Corner radius of the widget and its controls, puzzle px. */
  radius: number;
}

/** What `draw` returns: a standalone SVG document of `width` x `height` puzzle px. */
export interface DrawnPuzzle {
  svg: string;
  width: number;
  height: number;
}

/** What `solve` returns, all in puzzle px. */
export interface PuzzleSolution {
  /** Gold actions (click points at integer px inside their boxes; drag start at the handle centre). */
  actions: Action[];
  /** Everything the scorer needs (core/schema.ts Verifier), puzzle px. */
  verifier: Verifier;
  /** Whether the order of the actions matters. */
  ordered: boolean;
}

/**
 * One CAPTCHA type. Implementations live in `generators/captcha/engines/<type>.ts` and are listed in
 * `registry.ts`.
 *
 * @typeParam L the engine's latent state (must be JSON-serialisable: it is stored in the record).
 */
export interface CaptchaEngine<L extends Latent = Latent> {
  /** Type name, e.g. `slider_jigsaw_gap` (docs/captcha-types.md). */
  readonly type: string;
  /** VenusBench-CAPTCHA interaction group (core/schema.ts CAPTCHA_GROUPS). */
  readonly group: CaptchaGroupName;
  /** Stable catalogue number `#` of the type (docs/captcha-types.md, generated from the registry). */
  readonly number: number;
  readonly actionForm: ActionForm;
  /** Knob name → what it controls (one line each). */
  readonly knobs: Readonly<Record<string, string>>;
  /** Raw knob values per difficulty (recorded as `captcha.knobs`). */
  readonly difficulties: Readonly<Record<Difficulty, Readonly<Record<string, unknown>>>>;
  /**
   * Sample a latent state. Pure function of `rng` and `difficulty`. May return an invalid state;
   * callers run {@link CaptchaEngine.validate} and resample with a forked rng.
   */
  sample(rng: Rng, difficulty: Difficulty): L;
  /**
   * Check the latent state before drawing: unique answer, non-overlapping targets, legible sizes,
   * everything inside the widget. Returns null when valid, else a short reason (logged to rejects).
   * Must not throw on malformed input of the right shape.
   */
  validate(latent: L): string | null;
  /** Draw the widget as SVG (glyph paths only, never `<text>`, nothing that names the answer). */
  draw(latent: L, style: PuzzleStyle, rng: Rng): DrawnPuzzle;
  /** Gold actions and verifier, puzzle px. */
  solve(latent: L): PuzzleSolution;
  /**
   * Short reasoning from the visible state to the actions. Any coordinates it mentions are mapped
   * through `m` (puzzle px → canvas px; identity when omitted) so they match the record's actions.
   */
  reasoning(latent: L, locale: CaptchaLocale, m?: Affine, widget?: CaptchaLocale): string;
  /**
   * The task instruction shown to the agent, in `locale`. `widget` is the locale the widget was drawn
   * in ({@link PuzzleStyle.locale}; `locale` when omitted): a control the text names (a submit button,
   * a badge, a checkbox) is quoted by the label drawn in that widget, so "press “Confirm”" never
   * stands next to a button that reads VERIFY or 确认. The reasoning takes the same `widget`.
   */
  instruction(latent: L, locale: CaptchaLocale, widget?: CaptchaLocale): string;
}

/**
 * One difficulty knob: what it controls (one line, recorded in docs/captcha-types.md) and its value at
 * each difficulty. Declared with {@link knob} inside {@link defineKnobs}, so a knob cannot be used
 * without being documented, nor documented without values.
 */
export interface Knob<T> {
  readonly doc: string;
  readonly easy: T;
  readonly medium: T;
  readonly hard: T;
}
/** Widens literal numbers and booleans of a knob value (tuples keep their length, strings their literals). */
export type KnobValue<T> = T extends number ? number : T extends boolean ? boolean : T extends readonly unknown[] ? { -readonly [I in keyof T]: KnobValue<T[I]> } : T extends object ? { -readonly [P in keyof T]: KnobValue<T[P]> } : T;
/** `knob('letters to order', 3, 4, 5)`: a knob's doc and its easy / medium / hard values. */
export function knob<const T>(doc: string, easy: T, medium: T, hard: T): Knob<KnobValue<T>> {
  return { doc, easy, medium, hard } as Knob<KnobValue<T>>;
}
/**
 * The knobs of an engine, one {@link knob} per line, as the engine's `knobs` (name → doc) and
 * `difficulties` (difficulty → name → value, typed) tables. Key order is kept: it is the order of
 * `captcha.knobs` in records.
 */
export function defineKnobs<K extends Record<string, Knob<unknown>>>(table: K): {
  knobs: { readonly [N in keyof K]: string };
  difficulties: Record<Difficulty, { [N in keyof K]: K[N] extends Knob<infer T> ? T : never }>;
} {
  const names = Object.keys(table) as Array<keyof K & string>;
  const level = (d: Difficulty): Record<string, unknown> => Object.fromEntries(names.map((n) => [n, table[n]![d]]));
  return {
    knobs: Object.fromEntries(names.map((n) => [n, table[n]!.doc])) as { [N in keyof K]: string },
    difficulties: { easy: level('easy'), medium: level('medium'), hard: level('hard') } as never,
  };
}

/** Identity placement (puzzle px = canvas px). */
export const IDENTITY_AFFINE: Affine = { sx: 1, sy: 1, tx: 0, ty: 0 };

/** Helper to declare an engine with its latent type checked. */
export function defineEngine<L extends Latent>(e: CaptchaEngine<L>): CaptchaEngine<L> {
  return e;
}

/** Re-exported geometry types used by engines. */
export type { Box, Point, Affine };
