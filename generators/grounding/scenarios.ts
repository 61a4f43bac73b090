/**
 * Scenario sampler: one sample index -> one fully specified page (family, locale, theme, persona,
 * device, HTML). Pure function of (config, seed, index): the family is round-robin over the configured
 * families by index, everything else comes from `new Rng(sampleSeed('grounding', seed, index))`.
 */
import { Rng, sampleSeed } from '../../core/rng.js';
import type { PLATFORMS } from '../../core/schema.js';
/** A record platform. */
type Platform = (typeof PLATFORMS)[number];
import {
  makeFaker,
  makePersona,
  type ControlHint,
  type FamilyDef,
  type GroundingLocale,
  type GroundingTheme,
  type Persona,
} from './common.js';
import { MAIL_FAMILY } from './families/mail.js';
import { ANDROID_SETTINGS_FAMILY } from './families/android.js';
import { SHOP_FAMILY } from './families/shop.js';

/** Every scenario family, by name. */
export const FAMILIES: Readonly<Record<string, FamilyDef>> = Object.freeze({
  [MAIL_FAMILY.name]: MAIL_FAMILY,
  [ANDROID_SETTINGS_FAMILY.name]: ANDROID_SETTINGS_FAMILY,
  [SHOP_FAMILY.name]: SHOP_FAMILY,
});

/** Names of every scenario family, in a fixed order. */
export const FAMILY_NAMES: readonly string[] = Object.freeze(Object.keys(FAMILIES));

/** What the sampler needs from the run configuration. */
export interface ScenarioConfig {
  families: readonly string[];
  locales: readonly GroundingLocale[];
  themes: readonly GroundingTheme[];
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
  /** Complete HTML document (fonts from `http://uisynth.local/assets/`, icons inlined). */
  html: string;
  /** Recorded as `context.params`. */
  params: Record<string, unknown>;
  /** Per element id: what the control does (for functional queries). */
  hints: Record<string, ControlHint>;
}

/**
 * Sample the scenario for (seed, index). The family is `cfg.families[index % n]` so every configured
 * family appears; locale, theme, persona, device and content are drawn from the per-sample RNG.
 * Throws RangeError on an empty family/locale/theme list and Error on an unknown family name
 * (callers validate names with `resolveFamilies`).
 */
export function sampleScenario(cfg: ScenarioConfig, seed: number, index: number): Scenario {
  if (cfg.families.length === 0 || cfg.locales.length === 0 || cfg.themes.length === 0) {
    throw new RangeError('sampleScenario: families, locales and themes must be non-empty');
  }
  const name = cfg.families[index % cfg.families.length]!;
  const fam = FAMILIES[name];
  if (!fam) throw new Error(`sampleScenario: unknown family '${name}'`);
  const rng = new Rng(sampleSeed('grounding', seed, index));
  const locale = rng.pick(cfg.locales);
  const theme = rng.pick(cfg.themes);
  const device = rng.pick(fam.devices);
  const faker = makeFaker(locale, rng.int32());
  const persona = makePersona(faker, rng, locale);
  const built = fam.build({ rng: rng.fork('content'), faker, locale, theme, persona, device });
  return {
    family: fam.name,
    platform: fam.platform,
    locale,
    theme,
    persona,
    viewport: { width: device.width, height: device.height },
    dpr: device.dpr,
    mobile: device.mobile,
    touch: device.touch,
    html: built.html,
    params: built.params,
    hints: built.hints,
  };
}

/** `persona` as recorded in `context.persona`: "name, job". */
export function personaLabel(p: Persona): string {
  return `${p.name}, ${p.job}`;
}
