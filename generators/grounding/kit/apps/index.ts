/**
 * App builders by kind. A scenario file's `app:` picks one; the platform picks the shell:
 * desktop apps return a {@link WindowSpec} (so the `composite` app can put several on one desktop and
 * the `browser` app can embed web pages), phone apps a {@link PhoneSpec}, web apps a {@link WebSpec}.
 * `template` renders the scenario's own Handlebars page; `legacy-*` are the three original families.
 */
import Handlebars from 'handlebars';
import type { PLATFORMS } from '../../../../core/schema.js';
import type { FamilyBuild } from '../../common.js';
import { MAIL_FAMILY } from '../../families/mail.js';
import { ANDROID_SETTINGS_FAMILY } from '../../families/android.js';
import { SHOP_FAMILY } from '../../families/shop.js';
import { builtinCatalogue } from '../../i18n.js';
import { dirOf, isCjk, scriptFonts } from '../../locales.js';
import type { ScenarioDef } from '../../scenario-file.js';
import { buildDocument, handlebarsEnv } from '../../templating.js';
import { confirmDialog, renderDesktop, renderPhone, renderWeb, type Block, type Kit, type PhoneSpec, type Skin, type WebSpec, type WindowSpec } from '../kit.js';
import { DESKTOP_APPS } from './desktop.js';
import { PHONE_APPS } from './phone.js';
import { WEB_APPS } from './web.js';
import { webDialog, webMenu } from './web-common.js';
import { readFileSync } from 'node:fs';

type Platform = (typeof PLATFORMS)[number];

/** A desktop app: one window. */
export type WindowApp = (k: Kit) => WindowSpec;
/** A phone app: one screen. */
export type PhoneApp = (k: Kit) => { spec: PhoneSpec; title: string };
/** A web app: one page. */
export type WebApp = (k: Kit) => { spec: WebSpec; title: string };

const LEGACY: Record<string, typeof MAIL_FAMILY> = {
  'legacy-mail': MAIL_FAMILY,
  'legacy-android-settings': ANDROID_SETTINGS_FAMILY,
  'legacy-shop': SHOP_FAMILY,
};

/** Every value `app:` may take. */
export const APP_KINDS: readonly string[] = Object.freeze([
  ...new Set([...Object.keys(DESKTOP_APPS), 'composite', ...Object.keys(PHONE_APPS), ...Object.keys(WEB_APPS), 'template', ...Object.keys(LEGACY)]),
]);

/** The kit skin of a record platform. */
export function skinOf(p: Platform): Skin {
  return p === 'desktop.macos' ? 'macos' : p === 'desktop.windows' ? 'windows' : p === 'mobile.ios' ? 'ios' : p === 'mobile.android' ? 'android' : 'web';
}

const PLATFORM_APPS: Record<'desktop' | 'phone' | 'web', string[]> = {
  desktop: [...Object.keys(DESKTOP_APPS), 'composite'],
  phone: Object.keys(PHONE_APPS),
  web: Object.keys(WEB_APPS),
};

/** Apps a composite desktop draws windows from (the content apps, not dialogs or browsers). */
const COMPOSITE_POOL = ['files', 'mail', 'calendar', 'document', 'spreadsheet', 'ide', 'player', 'settings', 'imaging', 'browser'];

/** Build the page of one scenario with its kit. */
export function buildApp(def: ScenarioDef, k: Kit): FamilyBuild {
  const legacy = LEGACY[def.app];
  if (legacy) {
    const b = legacy.build({ rng: k.rng, faker: k.faker, locale: k.locale as 'en-US' | 'zh-CN', theme: k.theme, persona: k.persona, device: k.device });
    return b;
  }
  if (def.app === 'template') return buildTemplate(def, k);
  const kind = k.skin === 'macos' || k.skin === 'windows' ? 'desktop' : k.skin === 'web' ? 'web' : 'phone';
  if (!PLATFORM_APPS[kind].includes(def.app)) {
    throw new Error(`${def.file}: app '${def.app}' has no ${kind} builder (platform ${def.platform}); ${kind} apps: ${PLATFORM_APPS[kind].join(', ')}`);
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

function menuItem(k: Kit, c: string): Record<string, unknown> {
  const id = k.id(`mi-${c}`);
  k.hint(id, `cmd:${c}`);
  return { id, label: k.cmdLabel(c) };
}

const userTemplates = new Map<string, HandlebarsTemplateDelegate>();

/**
 * `app: template`: render the scenario's own Handlebars page. The view has `persona`, `locale`,
 * `lang`, `dir`, `theme`, `device`, `density`, `state`, `options`, `accent`, `s` (every catalogue
 * string in the page locale) and `lists` (every catalogue list); helpers `fake`
 * (`{{fake "person.firstName"}}`, seeded per sample), `int` (`{{int 1 9}}`), `pick` (`{{pick "a" "b"}}`),
 * `money` (`{{money 4.5}}`), `icon` and the kit partials (`{{> k-btn ...}}`).
 * Controls declare what they do with `data-act="<action key>"` (and `data-act-name`) for functional queries.
 */
function buildTemplate(def: ScenarioDef, k: Kit): FamilyBuild {
  const hb = handlebarsEnv();
  if (!hb.helpers.fake) {
    hb.registerHelper('fake', function (this: unknown, path: unknown, opts: Handlebars.HelperOptions) {
      const f = (opts.data.root as { __kit: Kit }).__kit.faker as unknown as Record<string, Record<string, () => unknown>>;
      const [ns, fn] = String(path).split('.');
      const v = f[ns!]?.[fn!];
      if (typeof v !== 'function') throw new Error(`fake: unknown faker path '${String(path)}'`);
      return String(v.call(f[ns!]));
    });
    hb.registerHelper('int', (lo: unknown, hi: unknown, opts: Handlebars.HelperOptions) => (opts.data.root as { __kit: Kit }).__kit.rng.int(Number(lo), Number(hi)));
    hb.registerHelper('money', (v: unknown, opts: Handlebars.HelperOptions) => (opts.data.root as { __kit: Kit }).__kit.money(Number(v)));
    hb.registerHelper('pick', (...args: unknown[]) => {
      const opts = args.pop() as Handlebars.HelperOptions;
      return (opts.data.root as { __kit: Kit }).__kit.rng.pick(args);
    });
  }
  let tpl = userTemplates.get(def.template!);
  if (!tpl) {
    tpl = hb.compile(readFileSync(def.template!, 'utf8'));
    userTemplates.set(def.template!, tpl);
  }
  const s: Record<string, string> = {};
  for (const key of [...builtinCatalogue().strings.keys(), ...(def.catalogue?.strings.keys() ?? [])]) s[key] = k.t(key);
  const lists: Record<string, string[]> = {};
  for (const key of [...builtinCatalogue().lists.keys(), ...(def.catalogue?.lists.keys() ?? [])]) lists[key] = k.t.list(key);
  const body = tpl({
    __kit: k,
    persona: k.persona,
    locale: k.locale,
    lang: k.lang,
    dir: dirOf(k.locale),
    theme: k.theme,
    device: k.device,
    density: k.density,
    state: k.state,
    options: k.options,
    accent: k.accent,
    s,
    lists,
  });
  const hints: FamilyBuild['hints'] = {};
  for (const m of body.matchAll(/<[a-z][^>]*\sid="([^"]+)"[^>]*>/g)) {
    const tag = m[0];
    const act = /\sdata-act="([^"]+)"/.exec(tag)?.[1];
    if (!act) continue;
    const name = /\sdata-act-name="([^"]+)"/.exec(tag)?.[1];
    hints[m[1]!] = name ? { action: act, args: { name } } : { action: act };
  }
  const latin = k.skin === 'windows' ? { pkg: 'open-sans', weights: [400, 600] } : k.skin === 'android' ? { pkg: 'roboto', weights: [400, 500, 700] } : { pkg: 'inter', weights: [400, 500, 600, 700] };
  const html = buildDocument({
    lang: k.locale,
    dir: dirOf(k.locale),
    theme: k.theme,
    title: def.name,
    fonts: [latin, ...scriptFonts(k.locale)],
    css: ['kit/base.css', `kit/${k.skin}.css`, 'kit/apps.css', ...def.css],
    inlineCss: `:root{--accent:${k.accent};--accent-soft:color-mix(in srgb, ${k.accent} 16%, transparent);--mono-stack:monospace;}`,
    body,
    bodyClass: `p-${k.skin} d-${k.density} ${isCjk(k.locale) ? 'cjk' : 'latin'}`,
    viewportMeta: k.device.mobile ? 'width=device-width, initial-scale=1, viewport-fit=cover' : undefined,
  });
  return { html, hints, params: { template: def.template } };
}
