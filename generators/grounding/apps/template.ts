/**
 * `app: template`: a scenario that brings its own Handlebars page (docs/grounding-scenarios.md,
 * docs/examples/scenarios/bakery.yaml). The page gets the screen block partials, the skin's CSS and the
 * locale profile's fonts and direction, like a built-in app.
 */
import { readFileSync } from 'node:fs';
import Handlebars from 'handlebars';
import type { BuiltPage } from '../common.js';
import { builtinCatalogue } from '../i18n.js';
import type { ScenarioDef } from '../scenario-file.js';
import type { AppContext } from '../screens/app-context.js';
import { buildDocument, handlebarsEnv } from '../templating.js';

const userTemplates = new Map<string, HandlebarsTemplateDelegate>();

/**
 * `app: template`: render the scenario's own Handlebars page. The view has `persona`, `locale`,
 * `lang`, `dir`, `theme`, `device`, `density`, `state`, `options`, `accent`, `s` (every catalogue
 * string in the page locale) and `lists` (every catalogue list); helpers `fake`
 * (`{{fake "person.firstName"}}`, seeded per sample), `int` (`{{int 1 9}}`), `pick` (`{{pick "a" "b"}}`),
 * `money` (`{{money 4.5}}`), `icon` and the block partials (`{{> k-btn ...}}`).
 * Controls declare what they do with `data-act="<action key>"` (and `data-act-name`) for functional queries.
 */
export function buildTemplate(def: ScenarioDef, k: AppContext): BuiltPage {
  const hb = handlebarsEnv();
  if (!hb.helpers.fake) {
    hb.registerHelper('fake', function (this: unknown, path: unknown, opts: Handlebars.HelperOptions) {
      const f = (opts.data.root as { __ctx: AppContext }).__ctx.faker as unknown as Record<string, Record<string, () => unknown>>;
      const [ns, fn] = String(path).split('.');
      const v = f[ns!]?.[fn!];
      if (typeof v !== 'function') throw new Error(`fake: unknown faker path '${String(path)}'`);
      return String(v.call(f[ns!]));
    });
    hb.registerHelper('int', (lo: unknown, hi: unknown, opts: Handlebars.HelperOptions) => (opts.data.root as { __ctx: AppContext }).__ctx.rng.int(Number(lo), Number(hi)));
    hb.registerHelper('money', (v: unknown, opts: Handlebars.HelperOptions) => (opts.data.root as { __ctx: AppContext }).__ctx.money(Number(v)));
    hb.registerHelper('pick', (...args: unknown[]) => {
      const opts = args.pop() as Handlebars.HelperOptions;
      return (opts.data.root as { __ctx: AppContext }).__ctx.rng.pick(args);
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
    __ctx: k,
    persona: k.persona,
    locale: k.locale,
    lang: k.lang,
    dir: k.profile.dir,
    theme: k.theme,
    device: k.device,
    density: k.density,
    state: k.state,
    options: k.options,
    accent: k.accent,
    s,
    lists,
  });
  const hints: BuiltPage['hints'] = {};
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
    dir: k.profile.dir,
    theme: k.theme,
    title: def.name,
    fonts: [latin, ...k.profile.scriptFonts],
    css: ['screens/base.css', `screens/${k.skin}.css`, 'screens/apps.css', ...def.css],
    inlineCss: `:root{--accent:${k.accent};--accent-soft:color-mix(in srgb, ${k.accent} 16%, transparent);}`,
    body,
    bodyClass: `p-${k.skin} d-${k.density} ${k.profile.cjk ? 'cjk' : 'latin'}`,
    viewportMeta: k.device.mobile ? 'width=device-width, initial-scale=1, viewport-fit=cover' : undefined,
  });
  return { html, hints, params: { template: def.template } };
}
