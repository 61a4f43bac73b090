/**
 * The captcha generator: one record + PNG per (config, seed, index), a pure function of those inputs
 * (so shards can be generated in any order and resumed). Called by the shard writer (export/) through
 * {@link captchaSample}.
 *
 * Pipeline per sample: per-sample {@link Rng} → type (round-robin over `cfg.types`), context,
 * difficulty, locale, theme, style → engine.sample → engine.validate (resample with a forked rng on
 * failure) → engine.draw (SVG, puzzle px) → renderers/compositor (host screen, PNG, puzzle→canvas
 * affine) → every box, point and action mapped to canvas px → record.
 */
import type { Action } from '../../core/actions.js';
import { actionsToText, mapActionPoints } from '../../core/actions.js';
import { SampleError, UsageError, badValue } from '../../core/errors.js';
import {
  type Affine, type Box, type Point, type Size, boxCenter, mapBox, mapPoint, pointInBox, pointToNorm1, pointToNorm1000,
} from '../../core/geometry.js';
import { Rng, recordId, sampleSeed } from '../../core/rng.js';
import { DIFFICULTIES, type CaptchaRecord, type Verifier } from '../../core/schema.js';
import { HOST_CONTEXTS, composite, type HostContext } from '../../renderers/compositor.js';
import { LATIN_FACES } from '../../renderers/glyphs.js';
import { CAPTCHA_LOCALES, RECORD_LOCALES, type CaptchaLocale, type Difficulty, type Latent } from './engine.js';
import { CAPTCHA_TYPES, ENGINES, getEngine } from './registry.js';
import { reasonsIn } from './lib/i18n.js';
import { STYLE_FAMILIES, makeStyle } from './lib/style.js';

export type { Difficulty } from './engine.js';
export { CAPTCHA_TYPES, ENGINES, getEngine } from './registry.js';

/** Generator name and version recorded in every record and the manifest. */
export const CAPTCHA_GENERATOR = { name: 'captcha', version: '0.1.0' };

/** What to generate. Every list must be non-empty. */
export interface CaptchaConfig {
  /** Registered type names (see {@link resolveCaptchaTypes}); sample i uses `types[i % types.length]`. */
  types: string[];
  contexts: HostContext[];
  difficulties: Difficulty[];
  locales: CaptchaLocale[];
}

/**
 * Check a config's lists: non-empty, known values.
 * @throws UsageError naming the flag (`--types`, `--context`, `--difficulty`, `--locales`) and the allowed values
 */
export function checkConfig(cfg: CaptchaConfig): void {
  const lists: Array<[string, readonly string[], readonly string[]]> = [
    ['--types', cfg.types, CAPTCHA_TYPES],
    ['--context', cfg.contexts, HOST_CONTEXTS],
    ['--difficulty', cfg.difficulties, DIFFICULTIES],
    ['--locales', cfg.locales, CAPTCHA_LOCALES],
  ];
  for (const [field, list, allowed] of lists) {
    if (!list.length) throw new UsageError(`${field}: empty list; allowed: ${allowed.join(', ')}`, field);
    for (const v of list) if (!allowed.includes(v)) throw badValue(field, v, allowed);
  }
}

/** How many times a sample resamples its latent state before giving up. */
export const MAX_RETRIES = 12;

/**
 * `'all'` (or empty) → every registered type; otherwise a comma-separated list of type names
 * (whitespace and duplicates ignored, order kept).
 * @throws UsageError for an unknown type: `--types: unknown value 'x'; allowed: ...`
 */
export function resolveCaptchaTypes(spec: string): string[] {
  const s = spec.trim();
  if (s === '' || s === 'all') return [...CAPTCHA_TYPES];
  const out: string[] = [];
  for (const raw of s.split(',')) {
    const t = raw.trim();
    if (!t) continue;
    if (!CAPTCHA_TYPES.includes(t)) throw badValue('--types', t, [...CAPTCHA_TYPES, 'all']);
    if (!out.includes(t)) out.push(t);
  }
  if (out.length === 0) throw badValue('--types', spec, [...CAPTCHA_TYPES, 'all']);
  return out;
}

/** One row of `uisynth types`. */
export interface TypeRow {
  type: string;
  number: number;
  group: string;
  action: string;
  knobs: string[];
  difficulties: Record<Difficulty, Record<string, unknown>>;
}
/** The registered types with their group, action form and knobs (for `uisynth types`). */
export function describeTypes(): TypeRow[] {
  return ENGINES.map((e) => ({
    type: e.type,
    number: e.number,
    group: e.group,
    action: e.actionForm,
    knobs: Object.keys(e.knobs),
    difficulties: { easy: { ...e.difficulties.easy }, medium: { ...e.difficulties.medium }, hard: { ...e.difficulties.hard } },
  }));
}

/** Boxes a click of the gold solution may refer to, puzzle or canvas px. */
function clickBoxes(v: Verifier): Box[] {
  switch (v.kind) {
    case 'click':
      return v.submit_box ? [...v.boxes, v.submit_box] : v.boxes;
    case 'text_entry':
      return [v.input_box];
    case 'pair':
      return v.boxes;
    case 'presses':
      return [...v.boxes, v.submit_box];
    case 'drag':
    case 'drag_y':
    case 'drags':
      return [];
  }
}

/**
 * Map a verifier from puzzle px to canvas px: boxes through {@link mapBox} (rounding outwards),
 * `expected_dx` scaled by `m.sx` (`drag_y`: `expected_dy` by `m.sy`); tolerances unchanged (`max_dy` /
 * `max_dx` stay 5 canvas px).
 */
export function mapVerifier(v: Verifier, m: Affine): Verifier {
  const mb = (b: Box): Box => mapBox(m, b);
  switch (v.kind) {
    case 'click':
      return { ...v, boxes: v.boxes.map(mb), submit_box: v.submit_box ? mb(v.submit_box) : null };
    case 'text_entry':
      return { ...v, input_box: mb(v.input_box) };
    case 'pair':
      return { ...v, boxes: v.boxes.map(mb), valid_pairs: v.valid_pairs.map((p) => [p[0], p[1]] as [number, number]) };
    case 'presses':
      return { ...v, boxes: v.boxes.map(mb), submit_box: mb(v.submit_box) };
    case 'drag':
      return {
        ...v,
        handle_box: mb(v.handle_box),
        track_box: v.track_box ? mb(v.track_box) : null,
        expected_dx: Math.round(v.expected_dx * m.sx * 1e6) / 1e6,
      };
    case 'drag_y':
      return {
        ...v,
        handle_box: mb(v.handle_box),
        track_box: v.track_box ? mb(v.track_box) : null,
        expected_dy: Math.round(v.expected_dy * m.sy * 1e6) / 1e6,
      };
    case 'drags':
      return { ...v, items: v.items.map((it) => ({ handle_box: mb(it.handle_box), target_box: mb(it.target_box) })) };
  }
}

/**
 * Map gold actions from puzzle px to integer canvas px. A click lands on the rounded mapped point, or
 * on the centre of its mapped box if rounding pushed it out; a drag starts at the rounded mapped start
 * (inside the mapped handle box) and ends `round(expected_dx * sx)` px to the side on the same row
 * (`drag_y`: `round(expected_dy * sy)` px up or down in the same column); a `drags` drag starts and
 * ends at the rounded mapped points, snapped to the centre of its item's mapped handle / target box
 * when rounding pushed it out.
 */
export function mapGoldActions(actions: readonly Action[], v: Verifier, m: Affine): Action[] {
  const boxes = clickBoxes(v);
  const r = (p: Point): Point => {
    const q = mapPoint(m, p);
    return [Math.round(q[0]), Math.round(q[1])];
  };
  return actions.map((a): Action => {
    if (a.type === 'click' || a.type === 'long_press' || a.type === 'double_click') {
      const own = boxes.find((b) => pointInBox(a.point, b));
      let p = r(a.point);
      if (own) {
        const mb = mapBox(m, own);
        if (!pointInBox(p, mb)) p = boxCenter(mb);
      }
      return { ...a, point: p };
    }
    if (a.type === 'drag' && v.kind === 'drag') {
      let s = r(a.start);
      const hb = mapBox(m, v.handle_box);
      if (!pointInBox(s, hb)) s = boxCenter(hb);
      const dx = Math.round(v.expected_dx * m.sx);
      return { ...a, start: s, end: [s[0] + dx, s[1]] };
    }
    if (a.type === 'drag' && v.kind === 'drag_y') {
      let s = r(a.start);
      const hb = mapBox(m, v.handle_box);
      if (!pointInBox(s, hb)) s = boxCenter(hb);
      const dy = Math.round(v.expected_dy * m.sy);
      return { ...a, start: s, end: [s[0], s[1] + dy] };
    }
    if (a.type === 'drag' && v.kind === 'drags') {
      // snap start / end into the mapped boxes of the item this drag moves
      const it = v.items.find((x) => pointInBox(a.start, x.handle_box) && pointInBox(a.end, x.target_box));
      let s = r(a.start);
      let e = r(a.end);
      if (it) {
        const hb = mapBox(m, it.handle_box);
        const tb = mapBox(m, it.target_box);
        if (!pointInBox(s, hb)) s = boxCenter(hb);
        if (!pointInBox(e, tb)) e = boxCenter(tb);
      }
      return { ...a, start: s, end: e };
    }
    return mapActionPoints(a, r);
  });
}

/**
 * Produce one CAPTCHA sample.
 *
 * @param cfg types, contexts, difficulties, locales (non-empty lists; types already resolved)
 * @param seed run seed
 * @param index global sample index; `cfg.types[index % cfg.types.length]` is the type
 * @returns the record without `image` (the shard writer adds it) and the PNG bytes. All geometry is
 *   canvas px of the PNG (dpr 1). Same inputs → byte-identical record JSON and PNG.
 * @throws UsageError on an unknown type or an empty list in `cfg`
 * @throws SampleError when no valid latent state is found in {@link MAX_RETRIES} retries
 */
export async function captchaSample(cfg: CaptchaConfig, seed: number, index: number): Promise<{ record: Omit<CaptchaRecord, 'image'>; png: Buffer }> {
  const { record, png } = await captchaSampleDetailed(cfg, seed, index);
  return { record, png };
}

/** {@link captchaSample} plus the intermediate artefacts (for tests, previews and debugging). */
export interface DetailedSample {
  record: Omit<CaptchaRecord, 'image'>;
  png: Buffer;
  /** The puzzle SVG as drawn by the engine (puzzle px). */
  puzzleSvg: string;
  /** The host screen SVG (canvas px). */
  hostSvg: string;
  /** Puzzle px → canvas px. */
  affine: Affine;
  /** Gold actions and verifier before mapping (puzzle px). */
  puzzleSolution: { actions: Action[]; verifier: Verifier };
}

/** Same as {@link captchaSample} (same record and PNG), also returning the SVGs and the placement. */
export async function captchaSampleDetailed(cfg: CaptchaConfig, seed: number, index: number): Promise<DetailedSample> {
  checkConfig(cfg);
  const rng = new Rng(sampleSeed(CAPTCHA_GENERATOR.name, seed, index));
  const type = cfg.types[index % cfg.types.length]!;
  const engine = getEngine(type);
  const context = rng.pick(cfg.contexts);
  const difficulty = rng.pick(cfg.difficulties);
  const locale = rng.pick(cfg.locales);
  const theme = rng.bool(0.6) ? 'light' : 'dark';
  const widgetTheme = rng.bool(0.8) ? theme : theme === 'light' ? 'dark' : 'light';
  const style = makeStyle(rng.pick(Object.keys(STYLE_FAMILIES)), widgetTheme, locale);
  const hostAccent = rng.pick(['#1a73e8', '#00a870', '#7c4dff', '#f0524f', '#0f766e', '#d97706', '#db2777']);
  const hostFace = rng.pick(LATIN_FACES);

  let latent: Latent | null = null;
  const reasons: string[] = [];
  for (let k = 0; k <= MAX_RETRIES; k++) {
    const cand = engine.sample(k === 0 ? rng.fork('latent') : rng.fork('retry' + k), difficulty);
    const why = engine.validate(cand);
    if (!why) {
      latent = cand;
      break;
    }
    reasons.push(why);
  }
  if (!latent) {
    throw new SampleError(`captcha ${type} #${index}: no valid puzzle after ${MAX_RETRIES + 1} tries (${reasons.at(-1)})`, `invalid_latent:${type}:${reasons.at(-1)}`);
  }

  const drawn = engine.draw(latent, style, rng.fork('draw'));
  const sol = engine.solve(latent);
  const comp = await composite({
    puzzleSvg: drawn.svg,
    width: drawn.width,
    height: drawn.height,
    context,
    theme,
    // the host screens speak English and Chinese; a puzzle in another locale sits on an English screen
    locale: locale === 'zh-CN' ? 'zh-CN' : 'en-US',
    accent: hostAccent,
    face: hostFace,
    rng: rng.fork('host'),
  });
  const m = comp.affine;
  const size: Size = { width: comp.width, height: comp.height };
  const verifier = mapVerifier(sol.verifier, m);
  const actions = mapGoldActions(sol.actions, sol.verifier, m);
  const reasonings: Record<string, string> = {};
  const instructions: Record<string, string> = {};
  for (const loc of RECORD_LOCALES.includes(locale) ? RECORD_LOCALES : [...RECORD_LOCALES, locale]) {
    // every text names controls by the labels drawn in this record's widget (style.locale); a reasoning
    // only in a locale the type's reasoning is written in (never English under another locale's key)
    if (reasonsIn(type, loc)) reasonings[loc] = engine.reasoning(latent, loc, m, style.locale);
    instructions[loc] = engine.instruction(latent, loc, style.locale);
  }
  const record: Omit<CaptchaRecord, 'image'> = {
    id: recordId(CAPTCHA_GENERATOR.name, seed, index),
    kind: 'captcha',
    generator: { ...CAPTCHA_GENERATOR },
    seed,
    index,
    platform: comp.platform,
    locale,
    context: {
      scenario: comp.scenario,
      persona: null,
      theme,
      viewport: { width: comp.width, height: comp.height },
      dpr: 1,
      page: null,
      params: { ...comp.params, widget_theme: widgetTheme, puzzle_size: [drawn.width, drawn.height] },
    },
    captcha: {
      type,
      group: engine.group,
      difficulty,
      knobs: JSON.parse(JSON.stringify(engine.difficulties[difficulty])) as Record<string, unknown>,
      instruction: instructions[locale]!,
      instructions,
      style: style.name,
      puzzle_box: comp.puzzleBox,
    },
    solution: {
      actions,
      actions_norm1: actions.map((a) => mapActionPoints(a, (p) => pointToNorm1(p, size))),
      actions_norm1000: actions.map((a) => mapActionPoints(a, (p) => pointToNorm1000(p, size))),
      text: actionsToText(actions),
      ordered: sol.ordered,
      reasoning: reasonings[locale] ?? '',
      reasonings,
    },
    verifier,
    latent: JSON.parse(JSON.stringify(latent)) as Record<string, unknown>,
  };
  return { record, png: comp.png, puzzleSvg: drawn.svg, hostSvg: comp.hostSvg, affine: m, puzzleSolution: { actions: sol.actions, verifier: sol.verifier } };
}
