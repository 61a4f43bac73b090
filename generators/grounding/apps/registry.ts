/**
 * The app registry: every value a scenario file's `app:` may take, which platforms each fits, and
 * {@link buildApp}, which builds a sampled scenario's page. The platform picks the shell
 * (platforms.ts): desktop apps return a {@link WindowSpec} (so the `composite` app can put several on
 * one desktop and the `browser` app can embed web pages), phone apps a {@link PhoneSpec}, web apps a
 * {@link WebSpec}. `template` renders the scenario's own Handlebars page (template.ts); `legacy-*` are
 * the three first families, which draw their own page (legacy/).
 */
import type { BuiltPage } from '../common.js';
import { GROUNDING_LOCALES } from '../locales.js';
import { PLATFORM_ORDER, PLATFORM_TABLE, type Platform, type Shell } from '../platforms.js';
import type { AppFit, ScenarioDef } from '../scenario-file.js';
import type { AppContext } from '../screens/app-context.js';
import type { Block, PhoneSpec, WebSpec, WindowSpec } from '../screens/blocks.js';
import { confirmDialog } from '../screens/standard-blocks.js';
import { renderDesktop, renderPhone, renderWeb } from '../screens/shells.js';
import { DESKTOP_APPS } from './desktop.js';
import { PHONE_APPS } from './phone.js';
import { WEB_APPS } from './web.js';
import { webDialog, webMenu } from './web-common.js';
import { buildTemplate } from './template.js';
import { LEGACY_MAIL } from './legacy/mail.js';
import { LEGACY_ANDROID_SETTINGS } from './legacy/android-settings.js';
import { LEGACY_SHOP } from './legacy/shop.js';
import type { LegacyApp } from './legacy/context.js';

/** A desktop app: one window. */
export type WindowApp = (k: AppContext) => WindowSpec;
/** A phone app: one screen. */
export type PhoneApp = (k: AppContext) => { spec: PhoneSpec; title: string };
/** A web app: one page. */
export type WebApp = (k: AppContext) => { spec: WebSpec; title: string };

const LEGACY: Record<string, LegacyApp> = {
  'legacy-mail': LEGACY_MAIL,
  'legacy-android-settings': LEGACY_ANDROID_SETTINGS,
  'legacy-shop': LEGACY_SHOP,
};

/** App kinds each shell can draw (`template` fits every platform; a legacy app only its own). */
const SHELL_APPS: Record<Shell, readonly string[]> = {
  desktop: [...Object.keys(DESKTOP_APPS), 'composite'],
  phone: Object.keys(PHONE_APPS),
  web: Object.keys(WEB_APPS),
};

/**
 * Every value `app:` may take, with the platforms and page locales it can draw: the shell's apps on
 * each platform of that shell, `template` everywhere, a legacy app on its own platform; every app in
 * every locale but the legacy ones (en-US, zh-CN). A scenario file asking for anything else is refused
 * when it is loaded (scenario-file.ts).
 */
export const APPS: Readonly<Record<string, AppFit>> = (() => {
  const out: Record<string, { platforms: Platform[]; locales: AppFit['locales'] }> = {};
  const add = (app: string, p: Platform, locales: AppFit['locales'] = GROUNDING_LOCALES): void => {
    const fit = (out[app] ??= { platforms: [], locales });
    if (!fit.platforms.includes(p)) fit.platforms.push(p);
  };
  for (const p of PLATFORM_ORDER) for (const app of SHELL_APPS[PLATFORM_TABLE[p].shell]) add(app, p);
  for (const p of PLATFORM_ORDER) add('template', p);
  for (const [app, def] of Object.entries(LEGACY)) add(app, def.platform, def.locales);
  return Object.freeze(out);
})();

/** Every value `app:` may take. */
export const APP_KINDS: readonly string[] = Object.freeze(Object.keys(APPS));

/** Apps a composite desktop draws windows from (the content apps, not dialogs or browsers). */
const COMPOSITE_POOL = ['files', 'mail', 'calendar', 'document', 'spreadsheet', 'ide', 'player', 'settings', 'imaging', 'browser'];

/**
 * Build the page of one scenario with its app context.
 * @throws Error when `def.app` cannot be drawn on `def.platform` (scenario files are checked for
 * this when loaded, so this is our bug)
 */
export function buildApp(def: ScenarioDef, k: AppContext): BuiltPage {
  const legacy = LEGACY[def.app];
  if (legacy) {
    // the scenario loader allows a legacy app only its own locales (en-US, zh-CN)
    return legacy.build({ rng: k.rng, faker: k.faker, locale: k.locale as 'en-US' | 'zh-CN', theme: k.theme, persona: k.persona, device: k.device });
  }
  if (def.app === 'template') return buildTemplate(def, k);
  const kind = PLATFORM_TABLE[def.platform].shell;
  if (!SHELL_APPS[kind].includes(def.app)) {
    throw new Error(`${def.file}: app '${def.app}' has no ${kind} builder (platform ${def.platform}); ${kind} apps: ${SHELL_APPS[kind].join(', ')}`);
  }
  if (kind === 'desktop') {
    if (def.app === 'composite') {
      const n = k.rng.int(2, 4);
      const pool = (k.options.apps as string[] | undefined) ?? COMPOSITE_POOL;
      const apps = k.rng.sample(pool.filter((a) => DESKTOP_APPS[a]), n);
      const wins = apps.map((a, i) => DESKTOP_APPS[a]!(k.sub(`w${i}-`)));
      const build = renderDesktop(k, wins, { running: [], extraFonts: [] });
      return { ...build, params: { windows: apps, front: apps[apps.length - 1] } };
    }
    const win = DESKTOP_APPS[def.app]!(k);
    if (k.state === 'dialog' && win.dialog === undefined) win.dialog = confirmDialog(k, 'save', win.title, k.skin === 'macos');
    return renderDesktop(k, [win]);
  }
  if (kind === 'phone') {
    const { spec, title } = PHONE_APPS[def.app]!(k);
    if (k.state === 'dialog' && spec.dialog === undefined) spec.dialog = confirmDialog(k, 'delete', title);
    if (k.state === 'menu' && spec.appbar?.actions?.length) {
      const last = spec.appbar.actions[spec.appbar.actions.length - 1]!;
      last.menu = { t: 'menu', label: k.t('more'), cls: 'end', items: ['refresh', 'share', 'settings', 'help'].map((c) => menuItem(k, c)) } as Block;
      last.expandedAttr = 'true';
    }
    return renderPhone(k, spec, title);
  }
  const { spec, title } = WEB_APPS[def.app]!(k);
  if (k.state === 'dialog' && spec.dialog === undefined) spec.dialog = webDialog(k);
  if (k.state === 'menu') webMenu(k, spec);
  return renderWeb(k, spec, title);
}

function menuItem(k: AppContext, c: string): Record<string, unknown> {
  const id = k.id(`mi-${c}`);
  k.hint(id, `cmd:${c}`);
  return { id, label: k.cmdLabel(c) };
}

