/**
 * Types and helpers shared by the grounding scenario families: locale-aware seeded faker, persona,
 * the per-control hints a family hands to the query writer.
 */
import { Faker, base, en, en_US, zh_CN } from '@faker-js/faker';
import type { Rng } from '../../core/rng.js';
import type { PLATFORMS } from '../../core/schema.js';
/** A record platform. */
type Platform = (typeof PLATFORMS)[number];
import type { FontSpec } from './templating.js';

export { GROUNDING_LOCALES, type GroundingLocale } from './locales.js';
/** Locales the three original families (mail, Android settings, shop) are written in. */
export type LegacyLocale = 'en-US' | 'zh-CN';
/** Colour themes. */
export const GROUNDING_THEMES = ['light', 'dark'] as const;
/** A colour theme. */
export type GroundingTheme = (typeof GROUNDING_THEMES)[number];

/** The person a generated page belongs to (mail account owner, shopper, phone user). */
export interface Persona {
  name: string;
  job: string;
  email: string;
  /** Interests (in the page locale) that drive content: folders, playlists, news topics, events. */
  interests?: string[];
}

/**
 * What a generated page tells the query writer about one control, keyed by the element's `id`:
 * `action` is a key of the phrase table (queries.ts / phrases.ts) and `args` fill its placeholders.
 */
export interface ControlHint {
  action: string;
  args?: Record<string, string>;
}

/** Viewport and device emulation of one scenario. */
export interface DeviceSpec {
  width: number;
  height: number;
  dpr: number;
  mobile: boolean;
  touch: boolean;
}

/** Everything a family builder gets for one sample. */
export interface BuildContext {
  rng: Rng;
  faker: Faker;
  locale: LegacyLocale;
  theme: GroundingTheme;
  persona: Persona;
  device: DeviceSpec;
}

/** What a family builder returns. */
export interface FamilyBuild {
  /** Complete HTML document. */
  html: string;
  /** Free-form scenario parameters recorded in `context.params`. */
  params: Record<string, unknown>;
  /** Per element id: what the control does (drives functional queries). */
  hints: Record<string, ControlHint>;
}

/** One scenario family: platform, device choices and a builder. */
export interface FamilyDef {
  name: string;
  platform: Platform;
  fonts: FontSpec[];
  devices: DeviceSpec[];
  build(ctx: BuildContext): FamilyBuild;
}

/** A faker instance for an en-US / zh-CN page (zh-CN falls back to English where zh_CN has no data), seeded. */
export function makeFaker(locale: LegacyLocale, seed: number): Faker {
  const f = new Faker({ locale: locale === 'zh-CN' ? [zh_CN, en, base] : [en_US, en, base] });
  f.seed(seed);
  return f;
}

const ZH_JOBS = [
  '产品经理', '软件工程师', '数据分析师', '市场专员', '人力资源经理', '财务主管', '设计师', '销售经理',
  '运营专员', '项目经理', '客户经理', '研究员', '行政助理', '教师', '律师', '医生', '会计', '架构师',
];

/** A persona from faker (zh job titles from a local list: zh_CN has none). */
export function makePersona(faker: Faker, rng: Rng, locale: LegacyLocale): Persona {
  const first = faker.person.firstName();
  const last = faker.person.lastName();
  const name = locale === 'zh-CN' ? `${last}${first}` : `${first} ${last}`;
  const job = locale === 'zh-CN' ? rng.pick(ZH_JOBS) : faker.person.jobTitle();
  const user = faker.string.alpha({ length: { min: 4, max: 8 }, casing: 'lower' });
  const email = `${user}@${rng.pick(['icloud.com', 'me.com', 'gmail.com', 'outlook.com', 'qq.com', '163.com'])}`;
  return { name, job, email };
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
