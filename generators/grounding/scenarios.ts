/**
 * Scenario sampler: one sample index -> one fully specified page (family, locale, theme, persona,
 * device, density, state, HTML). Pure function of (config, seed, index): the family comes from a
 * weighted round-robin schedule over the configured families (every family appears), everything else
 * from `new Rng(sampleSeed('grounding', seed, index))`.
 *
 * Families are data: the built-in scenario files in `scenarios/*.yaml` plus the user's
 * (`ScenarioConfig.scenarios`, from `--scenarios`).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Rng, sampleSeed } from '../../core/rng.js';
import { UsageError, badValue } from '../../core/errors.js';
import type { ControlHint, GroundingTheme, Persona } from './common.js';
import { localeProfile, type LocaleProfile } from './locale-profile.js';
import type { GroundingLocale } from './locales.js';
import { PLATFORM_ORDER, PLATFORM_TABLE, type Platform } from './platforms.js';
import { loadScenarioFiles, type ScenarioDef } from './scenario-file.js';
import { APPS, buildApp } from './apps/registry.js';
import { listIn } from '../../core/collections.js';
import { makeAppContext, type Density } from './screens/app-context.js';
import { REPO_ROOT } from './templating.js';

/** Folder of the built-in scenario files. */
export const SCENARIOS_DIR = join(REPO_ROOT, 'scenarios');

/** Paths of the built-in scenario files (sorted). */
export function builtinScenarioFiles(): string[] {
  return readdirSync(SCENARIOS_DIR)
    .filter((f) => /\.(ya?ml|json)$/.test(f))
    .sort()
    .map((f) => join(SCENARIOS_DIR, f));
}

let builtinDefs: ScenarioDef[] | null = null;
/**
 * The built-in scenario families, interleaved by platform (one of each platform in turn, each
 * platform's families in file order), so that any prefix of a run covers every platform.
 */
export function builtinScenarios(): ScenarioDef[] {
  if (!builtinDefs) {
    const defs = loadScenarioFiles(builtinScenarioFiles(), APPS);
    const byPlatform = new Map<string, ScenarioDef[]>();
    for (const d of defs) listIn(byPlatform, d.platform).push(d);
    const order: string[] = PLATFORM_ORDER.filter((p) => byPlatform.has(p));
    for (const p of byPlatform.keys()) if (!order.includes(p)) order.push(p);
    const out: ScenarioDef[] = [];
    for (let i = 0; out.length < defs.length; i++) for (const p of order) if (byPlatform.get(p)![i]) out.push(byPlatform.get(p)![i]!);
    builtinDefs = out;
  }
  return builtinDefs;
}

/** Names of every built-in scenario family, in a fixed order. */
export const FAMILY_NAMES: readonly string[] = Object.freeze(builtinScenarios().map((d) => d.name));

/** What the sampler needs from the run configuration. */
export interface ScenarioConfig {
  families: readonly string[];
  locales: readonly GroundingLocale[];
  themes: readonly GroundingTheme[];
  /** Extra scenario files (paths), loaded after the built-in ones. */
  scenarios?: readonly string[];
}

/** Every scenario family available under a config (built-in + the config's files), by name. */
export function scenarioIndex(extraFiles: readonly string[] = []): Map<string, ScenarioDef> {
  const m = new Map<string, ScenarioDef>();
  for (const d of builtinScenarios()) m.set(d.name, d);
  for (const d of loadScenarioFiles(extraFiles, APPS)) {
    if (m.has(d.name)) throw badValue(`${d.file}: name`, d.name, ['a name not used by a built-in family']);
    m.set(d.name, d);
  }
  return m;
}

/** Test / preview overrides for {@link sampleScenario} (records never use them). */
export interface SampleOptions {
  /** Use the family's device with the fewest image pixels (fast previews and oracle tests). */
  smallestDevice?: boolean;
  /** Force a scenario state (default | menu | dialog | filled | tab). */
  state?: string;
  /** Force a density. */
  density?: Density;
}

/** One sampled scenario: everything needed to render and annotate the page. */
export interface Scenario {
  family: string;
  platform: Platform;
  locale: GroundingLocale;
  theme: GroundingTheme;
  persona: Persona;
  viewport: { width: number; height: number };
  dpr: number;
  mobile: boolean;
  touch: boolean;
  density: Density;
  state: string;
  /** Complete HTML document (fonts from `http://uisynth.local/assets/`, icons inlined). */
  html: string;
  /** Recorded as `context.params`. */
  params: Record<string, unknown>;
  /** Per element id: what the control does (for functional queries). */
  hints: Record<string, ControlHint>;
  /** Keys of plausible absent controls for hard negatives (scenario `negatives:`). */
  negatives: string[];
}

const ACCENTS = ['#007aff', '#0a84ff', '#5856d6', '#af52de', '#ff2d55', '#ff9500', '#34c759', '#0f62fe', '#0078d4', '#e4572e', '#1b998b', '#6750a4'];

function weightedKey<K extends string>(rng: Rng, rec: Partial<Record<K, number>>): K {
  const keys = (Object.keys(rec) as K[]).filter((k) => (rec[k] ?? 0) > 0);
  return rng.weighted(keys, keys.map((k) => rec[k]!));
}

/**
 * The families of `cfg` that can be sampled (support at least one configured locale and theme),
 * each repeated `weight` times, interleaved (weighted round-robin).
 */
export function familySchedule(cfg: ScenarioConfig, index = scenarioIndex(cfg.scenarios)): ScenarioDef[] {
  const defs: ScenarioDef[] = [];
  for (const name of cfg.families) {
    const d = index.get(name);
    if (!d) throw new Error(`sampleScenario: unknown family '${name}'`);
    if (d.locales.some((l) => cfg.locales.includes(l)) && d.themes.some((t) => cfg.themes.includes(t))) defs.push(d);
  }
  if (defs.length === 0) {
    // name what each asked family supports and which families support the asked locales and themes
    const asked = cfg.families.slice(0, 4).map((n) => `${n} (${index.get(n)!.locales.join(', ')}; ${index.get(n)!.themes.join(', ')})`);
    const fits = [...index.values()].filter((d) => d.locales.some((l) => cfg.locales.includes(l)) && d.themes.some((t) => cfg.themes.includes(t))).map((d) => d.name);
    throw new UsageError(
      `--families: no family of '${cfg.families.join(',')}' has pages in locales ${cfg.locales.join(', ')} and themes ${cfg.themes.join(', ')}: ` +
        `it supports ${asked.join('; ')}${cfg.families.length > 4 ? '; ...' : ''}. ` +
        (fits.length ? `Families that do: ${fits.slice(0, 12).join(', ')}${fits.length > 12 ? `, ... (${fits.length})` : ''}` : 'No family does: change --locales or --themes'),
      '--families',
    );
  }
  const maxW = Math.max(...defs.map((d) => d.weight));
  const out: ScenarioDef[] = [];
  for (let round = 0; round < maxW; round++) for (const d of defs) if (d.weight > round) out.push(d);
  return out;
}

/** Recent schedules by configuration (a run samples every index under one; a few entries bound it). */
const scheduleMemo = new Map<string, ScenarioDef[]>();
const SCHEDULE_MEMO_MAX = 8;

/**
 * `familySchedule(cfg)`, memoised by the configuration's families, locales, themes and scenario file paths:
 * the built-in families and every scenario file are read once per process (scenario-file.ts
 * `loadScenarioFiles` caches them by path), so the schedule of a configuration never changes. A
 * configuration that throws is not remembered (it throws again).
 */
function scheduleOf(cfg: ScenarioConfig): ScenarioDef[] {
  const key = JSON.stringify([cfg.families, cfg.locales, cfg.themes, cfg.scenarios ?? []]);
  let s = scheduleMemo.get(key);
  if (!s) {
    s = familySchedule(cfg);
    if (scheduleMemo.size >= SCHEDULE_MEMO_MAX) scheduleMemo.clear();
    scheduleMemo.set(key, s);
  }
  return s;
}

/**
 * Sample the scenario for (seed, index). The family is `familySchedule(cfg)[index % n]`, so every
 * configured family appears; locale (among the family's and the config's), theme, device, density,
 * state, persona and content come from the per-sample RNG.
 * Throws RangeError on an empty family/locale/theme list and Error on an unknown family name
 * (callers validate names with `resolveFamilies`).
 */
export function sampleScenario(cfg: ScenarioConfig, seed: number, index: number, opts: SampleOptions = {}): Scenario {
  if (cfg.families.length === 0 || cfg.locales.length === 0 || cfg.themes.length === 0) {
    throw new RangeError('sampleScenario: families, locales and themes must be non-empty');
  }
  const schedule = scheduleOf(cfg);
  const def = schedule[index % schedule.length]!;
  const rng = new Rng(sampleSeed('grounding', seed, index));
  const locale = rng.pick(def.locales.filter((l) => cfg.locales.includes(l)));
  const theme = rng.pick(def.themes.filter((t) => cfg.themes.includes(t)));
  let device = rng.weighted(def.devices, def.devices.map((d) => d.weight));
  if (opts.smallestDevice) device = [...def.devices].sort((a, b) => a.width * a.height * a.dpr ** 2 - b.width * b.height * b.dpr ** 2)[0]!;
  const density = opts.density ?? weightedKey(rng, def.densities);
  const drawn = weightedKey(rng, def.states);
  const state = opts.state ?? drawn;
  // the locale is resolved once here; everything below reads the profile
  const profile = localeProfile(locale, rng.int32(), def.catalogue ?? undefined);
  const persona = samplePersona(rng, profile, def);
  const { weight: _w, ...dev } = device;
  const ctx = makeAppContext({
    rng: rng.fork('content'),
    profile,
    theme,
    persona,
    device: dev,
    density,
    state,
    skin: PLATFORM_TABLE[def.platform].skin,
    options: def.options,
    accent: rng.pick(ACCENTS),
  });
  const built = buildApp(def, ctx);
  return {
    family: def.name,
    platform: def.platform,
    locale,
    theme,
    persona,
    viewport: { width: dev.width, height: dev.height },
    dpr: dev.dpr,
    mobile: dev.mobile,
    touch: dev.touch,
    density,
    state,
    html: built.html,
    params: { app: def.app, density, state, ...built.params },
    hints: built.hints,
    // legacy families keep their hand-written lists (queries.ts NEGATIVES) unless the file names some
    negatives: def.negatives.length || !def.app.startsWith('legacy-') ? [...new Set([...def.negatives, ...PLATFORM_TABLE[def.platform].negatives])] : [],
  };
}

function samplePersona(rng: Rng, profile: LocaleProfile, def: ScenarioDef): Persona {
  const { faker, t } = profile;
  const name = profile.personName();
  const job = def.persona?.jobs?.length ? rng.pick(def.persona.jobs) : rng.pick(t.list('jobs'));
  const pool = def.persona?.interests?.length ? def.persona.interests : t.list('interests');
  const interests = rng.sample(pool, Math.min(3, pool.length));
  const user = faker.string.alpha({ length: { min: 4, max: 8 }, casing: 'lower' });
  const email = `${user}@${rng.pick(['icloud.com', 'gmail.com', 'outlook.com', 'proton.me', 'web.de', 'yahoo.co.jp', 'orange.fr', 'qq.com'])}`;
  return { name, job, email, interests };
}

/** `persona` as recorded in `context.persona`: "name, job". */
export function personaLabel(p: Persona): string {
  return `${p.name}, ${p.job}`;
}
