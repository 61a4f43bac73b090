/**
 * The app context: everything an app builder (`generators/grounding/apps/`) gets for one sample: the
 * sample's RNG, its locale profile (faker, translator, formatting; see locale-profile.ts), theme,
 * persona, device, density, state, platform skin and accent colour, plus the helpers that give every
 * control an id and record what it does.
 *
 * Ids: every control gets an id from {@link AppContext.id} (prefixed by the window namespace in
 * composites, so two windows never share an id). Hints: {@link AppContext.hint} records what a control
 * does, for functional queries.
 */
import type { Faker } from '@faker-js/faker';
import type { Rng } from '../../../core/rng.js';
import type { ControlHint, DeviceSpec, GroundingTheme, Persona } from '../common.js';
import { commandDef } from '../commands.js';
import type { Translator } from '../i18n.js';
import type { LocaleProfile } from '../locale-profile.js';
import type { GroundingLocale, Lang } from '../locales.js';
import type { Btn, BtnOpts } from './blocks.js';

/** The five platform skins (CSS `templates/screens/<skin>.css`, body class `p-<skin>`). */
export type Skin = 'macos' | 'windows' | 'ios' | 'android' | 'web';
/** UI density. */
export type Density = 'compact' | 'regular' | 'comfortable';

/** Inputs of {@link makeAppContext}: what the scenario sampler decided for the sample. */
export interface AppContextInit {
  /** The sample's content RNG (the only source of randomness an app may use). */
  rng: Rng;
  /** The sample's page locale, resolved once. */
  profile: LocaleProfile;
  theme: GroundingTheme;
  persona: Persona;
  device: DeviceSpec;
  density: Density;
  /** Scenario state: default | menu | dialog | filled | tab. */
  state: string;
  skin: Skin;
  /** Free-form scenario options (`options:` of the scenario file). */
  options: Record<string, unknown>;
  /** Accent colour (CSS). */
  accent: string;
}

/** Everything an app builder gets for one sample: its inputs ({@link AppContextInit}) plus the helpers below. */
export interface AppContext extends AppContextInit {
  /** `profile.faker`. */
  faker: Faker;
  /** `profile.locale`. */
  locale: GroundingLocale;
  /** `profile.lang`. */
  lang: Lang;
  /** `profile.t`. */
  t: Translator;
  hints: Record<string, ControlHint>;
  /** A unique element id (namespaced per window in composites). */
  id(base: string): string;
  /** Record what the control with this id does. */
  hint(id: string, action: string, args?: Record<string, string>): void;
  /** A button; `opts.act` registers a hint. */
  btn(base: string, opts: BtnOpts): Btn;
  /** A command button from `templates/i18n/commands.yaml` (icon + localised label + functional phrases). */
  cmd(key: string, opts?: Omit<BtnOpts, 'act' | 'icon'> & { text?: boolean; iconText?: boolean; icon?: string }): Btn;
  /** The localised label of a command. */
  cmdLabel(key: string): string;
  /** A derived context for another window (own id namespace, shared hints). */
  sub(ns: string): AppContext;
  /** `profile.shortDate`: "Mar 4" / "3月4日". */
  shortDate(month: number, day: number): string;
  /** `profile.dateLabel`: "Mar 4, 2025" / "2025/3/4" / "04.03.2025". */
  dateLabel(year: number, month: number, day: number): string;
  /** `profile.clock`: 12 h for English, 24 h elsewhere. */
  clock(h: number, m: number): string;
  /** `profile.num`: number with the locale's grouping (fixed rules; no ICU dependence). */
  num(v: number, decimals?: number): string;
  /** `profile.money`: money in the locale's currency. */
  money(v: number): string;
}

/** Create the app context of one sample (`ns` and `shared` are for {@link AppContext.sub}). */
export function makeAppContext(init: AppContextInit, ns = '', shared?: { hints: Record<string, ControlHint>; used: Set<string> }): AppContext {
  const hints = shared?.hints ?? {};
  const used = shared?.used ?? new Set<string>();
  const p = init.profile;
  const lang = p.lang;
  const k: AppContext = {
    ...init,
    faker: p.faker,
    locale: p.locale,
    lang,
    t: p.t,
    hints,
    id(base) {
      const clean = base.replace(/[^A-Za-z0-9_-]/g, '-');
      let id = `${ns}${clean}`;
      for (let i = 2; used.has(id); i++) id = `${ns}${clean}-${i}`;
      used.add(id);
      return id;
    },
    hint(id, action, args) {
      hints[id] = args ? { action, args } : { action };
    },
    btn(base, o) {
      const id = k.id(base);
      if (o.act) k.hint(id, o.act, o.args);
      const variant = o.variant ?? (o.label ? 'default' : 'icon');
      const b: Btn = { id, variant };
      if (o.label) b.label = o.label;
      if (o.icon) b.icon = o.icon;
      if (o.title) b.title = o.title;
      if (o.cls) b.cls = o.cls;
      if (o.isz) b.isz = o.isz;
      if (o.pressed !== undefined) b.pressedAttr = o.pressed ? 'true' : 'false';
      if (o.selected) b.selected = true;
      if (o.disabled) b.disabled = true;
      if (o.href) b.href = true;
      if (o.badge) b.badge = o.badge;
      if (o.caret) b.caret = true;
      return b;
    },
    cmd(key, o = {}) {
      const def = commandDef(key);
      const label = def.label[lang] ?? def.label.en;
      const icon = o.icon ?? def.icon;
      const showText = o.text || o.iconText;
      return k.btn(key, {
        ...o,
        icon: o.text ? undefined : icon,
        label: showText ? label : undefined,
        title: showText ? undefined : label,
        variant: o.variant ?? (showText ? 'ghost' : 'icon'),
        act: `cmd:${key}`,
      });
    },
    cmdLabel(key) {
      const def = commandDef(key);
      return def.label[lang] ?? def.label.en;
    },
    sub(ns2) {
      return makeAppContext(init, ns2, { hints, used });
    },
    shortDate: p.shortDate,
    dateLabel: p.dateLabel,
    clock: p.clock,
    num: p.num,
    money: p.money,
  };
  return k;
}
