/**
 * What a legacy app builder gets, and its helpers. The three legacy apps (`app: legacy-mail`,
 * `legacy-android-settings`, `legacy-shop`; this folder) are the generator's first pages: each draws
 * one complete page from its own Handlebars template and CSS (`templates/legacy/<family>/`), with
 * hand-written en-US / zh-CN text picked by {@link L}, instead of describing a block tree for the
 * shells (`screens/`). They are kept as they are because records made from them must not change.
 */
import type { Faker } from '@faker-js/faker';
import type { Rng } from '../../../../core/rng.js';
import type { BuiltPage, DeviceSpec, GroundingTheme, Persona } from '../../common.js';
import type { Platform } from '../../platforms.js';

/** Locales the legacy apps are written in. */
export type LegacyLocale = 'en-US' | 'zh-CN';

/** Everything a legacy app builder gets for one sample. */
export interface LegacyContext {
  rng: Rng;
  faker: Faker;
  locale: LegacyLocale;
  theme: GroundingTheme;
  persona: Persona;
  device: DeviceSpec;
}

/** One legacy app: the one platform it draws, the locales it is written in, and its builder. */
export interface LegacyApp {
  platform: Platform;
  locales: readonly LegacyLocale[];
  build(ctx: LegacyContext): BuiltPage;
}

/** Pick by locale. */
export function L<T>(locale: LegacyLocale, en: T, zh: T): T {
  return locale === 'zh-CN' ? zh : en;
}

/** Initials for an avatar (first letters of two words, or the first CJK character of the given name). */
export function initials(name: string): string {
  if (/[\u4e00-\u9fff]/.test(name)) return name.length >= 2 ? name.slice(-2) : name;
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[parts.length - 1]?.[0] ?? '')).toUpperCase();
}

/** Format money for a locale (fixed, deterministic; no Intl surprises across ICU builds). */
export function money(locale: LegacyLocale, v: number): string {
  const s = v.toFixed(2);
  const [i, d] = s.split('.') as [string, string];
  const grouped = i.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return locale === 'zh-CN' ? `¥${grouped}.${d}` : `$${grouped}.${d}`;
}

/** Collapse whitespace. */
export function squash(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
