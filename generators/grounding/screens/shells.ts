/**
 * Page shells: wrap an app's screen (block tree, see blocks.ts) in its platform's chrome and produce
 * the HTML document. Desktop: wallpaper, macOS menu bar + Dock or Windows taskbar, windows. Phone:
 * status bar, app bar, tab bar, home indicator or navigation bar. Web: the page in a browser viewport.
 * Templates: `templates/screens/{desktop,phone,web}.hbs`; styles `templates/screens/*.css`.
 */
import type { BuiltPage } from '../common.js';
import { buildDocument, iconExists, renderTemplate, type FontSpec } from '../templating.js';
import type { AppContext, Skin } from './app-context.js';
import type { Block, PhoneSpec, WebSpec, WindowSpec } from './blocks.js';
import { menuOf } from './standard-blocks.js';

const pad2 = (n: number): string => String(n).padStart(2, '0');

const LATIN: Record<Skin, FontSpec> = {
  macos: { pkg: 'inter', weights: [400, 500, 600, 700] },
  ios: { pkg: 'inter', weights: [400, 500, 600, 700] },
  windows: { pkg: 'open-sans', weights: [400, 500, 600, 700] },
  android: { pkg: 'roboto', weights: [400, 500, 700] },
  web: { pkg: 'inter', weights: [400, 500, 600, 700] },
};

/** The page's fonts: the skin's Latin face (or `latin`), then the locale's script faces, then `extra`. */
function fontsFor(k: AppContext, skin: Skin, extra: FontSpec[] = [], latin?: FontSpec): FontSpec[] {
  return [latin ?? LATIN[skin], ...k.profile.scriptFonts, ...extra];
}

function doc(k: AppContext, title: string, body: string, fonts: FontSpec[], mobile: boolean): string {
  return buildDocument({
    lang: k.locale,
    dir: k.profile.dir,
    theme: k.theme,
    title,
    fonts,
    css: ['screens/base.css', `screens/${k.skin}.css`, 'screens/apps.css'],
    inlineCss:
      `:root{--accent:${k.accent};--accent-soft:color-mix(in srgb, ${k.accent} 16%, transparent);` +
      `${fonts.some((f) => f.pkg === 'noto-serif') ? "--serif:'Noto Serif',var(--font-stack);" : ''}}`,
    body,
    bodyClass: `p-${k.skin} d-${k.density} ${k.profile.cjk ? 'cjk' : 'latin'}`,
    viewportMeta: mobile ? 'width=device-width, initial-scale=1, viewport-fit=cover' : undefined,
  });
}

/** Desktop wallpapers (CSS backgrounds); the legacy Mail page draws from the first five. */
export const WALLPAPERS: readonly string[] = [
  'linear-gradient(160deg,#1d3b6b 0%,#4f6fb0 45%,#d98d73 100%)',
  'linear-gradient(150deg,#0f2027 0%,#2c5364 60%,#6fa3b7 100%)',
  'linear-gradient(135deg,#3a1c71 0%,#d76d77 55%,#ffaf7b 100%)',
  'linear-gradient(170deg,#134e5e 0%,#71b280 100%)',
  'radial-gradient(circle at 30% 20%,#5b7bd5 0%,#23325e 55%,#0d1228 100%)',
  'radial-gradient(ellipse at 70% 80%,#0a84ff 0%,#123a7a 45%,#0b1530 100%)',
  'linear-gradient(200deg,#c4d7f2 0%,#6c8ebf 50%,#304a7a 100%)',
];

/** Free desktop area in CSS px (below the menu bar, above the dock / taskbar). */
function freeArea(skin: Skin, vw: number, vh: number): { x: number; y: number; w: number; h: number } {
  return skin === 'macos' ? { x: 0, y: 25, w: vw, h: vh - 25 - 72 } : { x: 0, y: 0, w: vw, h: vh - 48 };
}

/** Window placements for `n` windows on a desktop (the last one is in front). */
export function placeWindows(k: AppContext, n: number, prefer?: Array<WindowSpec['prefer']>): Array<{ x: number; y: number; w: number; h: number; max: boolean }> {
  const { rng } = k;
  const { width: vw, height: vh } = k.device;
  const a = freeArea(k.skin, vw, vh);
  const out: Array<{ x: number; y: number; w: number; h: number; max: boolean }> = [];
  if (n === 1) {
    const p = prefer?.[0];
    const big = vw > 2000;
    const max = k.skin === 'windows' && !big && rng.bool(0.55);
    if (max) return [{ ...a, max: true }];
    const fw = p?.w ?? (big ? rng.float(0.5, 0.78) : rng.float(0.86, 0.97));
    const fh = p?.h ?? (big ? rng.float(0.6, 0.85) : rng.float(0.88, 0.98));
    const w = Math.round(Math.min(a.w - 16, Math.max(900, a.w * fw)));
    const h = Math.round(Math.min(a.h - 12, Math.max(560, a.h * fh)));
    const x = a.x + rng.int(0, Math.max(0, a.w - w));
    const y = a.y + rng.int(k.skin === 'macos' ? 6 : 0, Math.max(6, a.h - h));
    return [{ x, y, w, h, max: false }];
  }
  for (let i = 0; i < n; i++) {
    const p = prefer?.[i];
    const w = Math.round(Math.min(a.w * 0.9, Math.max(Math.min(820, a.w * 0.7), a.w * (p?.w ?? rng.float(0.42, 0.66)))));
    const h = Math.round(Math.min(a.h * 0.92, Math.max(Math.min(520, a.h * 0.7), a.h * (p?.h ?? rng.float(0.5, 0.78)))));
    // spread windows across the screen so that they overlap partly, not wholly
    const cx = a.x + ((i + 0.5) / n) * a.w + rng.int(-40, 40);
    const x = Math.round(Math.min(Math.max(a.x + 4, cx - w / 2), a.x + a.w - w - 4));
    const y = Math.round(a.y + rng.int(8, Math.max(10, a.h - h - 8)));
    out.push({ x, y, w, h, max: false });
  }
  return out;
}

const DOCK_APPS: Array<[string, string, string]> = [
  ['app.finder', 'smile', 'linear-gradient(#6cc4ff,#1e7cf0)'],
  ['app.launchpad', 'layout-grid', 'linear-gradient(#9aa6b8,#5b6576)'],
  ['app.safari', 'compass', 'linear-gradient(#4fc3ff,#0a6cff)'],
  ['app.mail', 'mail', 'linear-gradient(#5ac8fa,#1976f2)'],
  ['app.messages', 'message-circle', 'linear-gradient(#6ee36e,#22b84a)'],
  ['app.maps', 'map', 'linear-gradient(#8fe08f,#3bb3e0)'],
  ['app.photos', 'flower-2', 'linear-gradient(#ffb347,#e8598b)'],
  ['app.calendar', 'calendar', 'linear-gradient(#ff6b6b,#e0383e)'],
  ['app.notes', 'notebook-pen', 'linear-gradient(#ffe57a,#f7c948)'],
  ['app.music', 'music', 'linear-gradient(#ff6b86,#fa2d48)'],
  ['app.settings', 'settings', 'linear-gradient(#a8adb6,#6b717c)'],
];
const TASKBAR_APPS: Array<[string, string, string]> = [
  ['app.start', 'layout-grid', '#0078d4'],
  ['search', 'search', 'currentColor'],
  ['app.taskview', 'copy', 'currentColor'],
  ['app.explorer', 'folder', '#f2b600'],
  ['app.edge', 'globe', '#0f8ec7'],
  ['app.outlook', 'mail', '#0364b8'],
  ['app.store', 'shopping-bag', '#2564cf'],
  ['app.winsettings', 'settings', '#6b6b6b'],
];

/**
 * A desktop screen: wallpaper, macOS menu bar + Dock or Windows taskbar, and the windows (last one
 * active, in front). Window ids must already be namespaced (see {@link AppContext.sub}).
 */
export function renderDesktop(k: AppContext, wins: WindowSpec[], opts: { title?: string; running?: string[]; extraFonts?: FontSpec[]; dialog?: Block | null } = {}): BuiltPage {
  const { rng } = k;
  const places = placeWindows(k, wins.length, wins.map((w) => w.prefer));
  const active = wins[wins.length - 1]!;
  const s = {
    windowControls: k.t('windowControls'), close: k.t('close'), minimize: k.t('minimize'), zoom: k.t('zoom'), maximize: k.t('maximize'),
    menubar: k.t('menubar'), dock: k.t('dock'), taskbar: k.t('taskbar'),
  };
  const windows = wins.map((w, i) => {
    const p = places[i]!;
    const wk = k; // ids already allocated by the builder's context
    const ids = { close: wk.id(`w${i}-close`), min: wk.id(`w${i}-min`), zoom: wk.id(`w${i}-zoom`) };
    const sfx = k.skin === 'macos' ? '' : '-win';
    k.hint(ids.close, `app-window-close${sfx}`, { app: w.title });
    k.hint(ids.min, `app-window-minimize${sfx}`, { app: w.title });
    k.hint(ids.zoom, `app-window-zoom${sfx}`, { app: w.title });
    return {
      ...w,
      chrome: k.skin,
      active: i === wins.length - 1,
      maximized: p.max,
      geom: `left:${p.x}px;top:${p.y}px;width:${p.w}px;height:${p.h}px;z-index:${10 + i}`,
      ids,
      s,
    };
  });
  const view: Record<string, unknown> = { s, wallpaper: rng.pick(WALLPAPERS), windows, dialog: opts.dialog ?? null };
  // dock / taskbar items of the apps whose windows are open (the front one first)
  const DOCK_OF: Record<string, [string, string]> = {
    files: ['app.finder', 'app.explorer'], mail: ['app.mail', 'app.outlook'], browser: ['app.safari', 'app.edge'],
    settings: ['app.settings', 'app.winsettings'], calendar: ['app.calendar', 'app.calendar'], player: ['app.music', 'app.media'],
  };
  const open = [...wins].reverse().map((w) => DOCK_OF[w.app]?.[k.skin === 'macos' ? 0 : 1]).filter((x): x is string => !!x);
  const running = new Set([...(opts.running ?? []), ...open]);
  if (!opts.running?.length && open.length) opts = { ...opts, running: open };
  if (k.skin === 'macos') {
    const h = rng.int(8, 18);
    const m = rng.int(0, 59);
    const wd = k.t.list('weekdaysShort')[rng.int(0, 6)]!;
    const menus = active.menus ?? [active.title, k.t('file'), k.t('edit'), k.t('view'), k.t('window'), k.t('help')];
    const items = menus.map((label, i) => {
      const id = k.id(`mb-${i}`);
      k.hint(id, 'open-menu', { name: label });
      return { id, label, app: i === 0, menu: null as Block | null };
    });
    if (k.state === 'menu' && items.length > 2) {
      const which = rng.pick([1, 2]);
      items[which]!.menu = which === 1
        ? menuOf(k, menus[1]!, ['new', 'open', '-', 'close-window', 'save', 'duplicate', '-', 'print'])
        : menuOf(k, menus[2]!, ['undo', 'redo', '-', 'cut', 'copy', 'paste', 'select-all']);
    }
    const clockId = k.id('clock');
    k.hint(clockId, 'clock');
    view.menubar = { items, clock: `${wd} ${k.shortDate(rng.int(1, 12), rng.int(1, 28))}  ${k.clock(h, m)}`, clockId };
    view.dock = DOCK_APPS.map(([key, icon, bg]) => {
      const id = k.id(`dock-${key.slice(4)}`);
      const label = k.t(key);
      k.hint(id, 'open-app', { name: label });
      return { id, label, icon, bg, running: running.has(key) || key === 'app.finder' };
    });
    (view.dock as unknown[]).push({ sep: true });
    const trash = k.id('dock-trash');
    k.hint(trash, 'open-app', { name: k.t('trash') });
    (view.dock as unknown[]).push({ id: trash, label: k.t('trash'), icon: 'trash-2', bg: 'linear-gradient(#d9dce2,#aeb3bd)' });
  } else {
    const h = rng.int(8, 18);
    const m = rng.int(0, 59);
    const year = rng.pick([2024, 2025]);
    // the fields are drawn in the order the locale writes them
    const { order, sep, pad } = k.profile.row.numericDate;
    const field = (v: number): string => (pad ? String(v).padStart(2, '0') : String(v));
    const date = [...order].map((f) => (f === 'y' ? String(year) : field(f === 'm' ? rng.int(1, 12) : rng.int(1, 28)))).join(sep);
    const clockId = k.id('clock');
    k.hint(clockId, 'clock');
    view.taskbar = {
      clockId,
      time: k.clock(h, m),
      date,
      items: TASKBAR_APPS.map(([key, icon, color]) => {
        const id = k.id(`tb-${key.replace(/^app\./, '')}`);
        const label = k.t(key);
        k.hint(id, key === 'search' ? 'open-search' : 'open-app', { name: label });
        return { id, label, icon, color, running: running.has(key), active: key === (opts.running ?? [])[0] };
      }),
    };
    // a few desktop icons on the left
    const icons: Array<[string, string, string]> = [['app.recycle', 'trash-2', '#dfe6ee'], ['app.thispc', 'monitor', '#9fd2ff']];
    view.icons = icons.map(([key, icon, color], i) => {
      const id = k.id(`desk-${key.slice(4)}`);
      k.hint(id, 'open-app', { name: k.t(key) });
      return { id, label: k.t(key), icon, color, geom: `top:${12 + i * 92}px;inset-inline-start:8px` };
    });
  }
  const body = renderTemplate('screens/desktop.hbs', view);
  return {
    html: doc(k, opts.title ?? active.title, body, fontsFor(k, k.skin, opts.extraFonts), false),
    hints: k.hints,
    params: {},
  };
}

/** A phone screen: status bar, app bar, body, tab bar, home indicator / navigation bar. */
export function renderPhone(k: AppContext, spec: PhoneSpec, title: string): BuiltPage {
  const { rng } = k;
  const view: Record<string, unknown> = {
    platform: k.skin,
    status: { time: k.skin === 'ios' ? `${rng.int(7, 12)}:${pad2(rng.int(0, 59))}` : `${rng.int(7, 22)}:${pad2(rng.int(0, 59))}`, battery: rng.int(15, 100) },
    appbar: spec.appbar ?? null,
    body: spec.body,
    fab: spec.fab ? { ...spec.fab, cls: `${spec.fab.cls ?? ''} k-fab`.trim() } : null,
    dialog: spec.dialog ?? null,
    tabbar: spec.tabbar ? { label: k.t('tabBar'), items: spec.tabbar.items } : null,
  };
  if (k.skin === 'android' && spec.navbar3) {
    view.navbar3 = {
      label: k.t('systemNav'),
      items: [
        k.btn('sys-back', { icon: 'chevron-left', title: k.t('back'), act: 'navigate-up' }),
        k.btn('sys-home', { icon: 'circle', title: k.t('home'), act: 'go-home-screen' }),
        k.btn('sys-recents', { icon: 'square', title: k.t('recentApps'), act: 'recent-apps' }),
      ],
    };
  }
  const body = renderTemplate('screens/phone.hbs', view);
  return { html: doc(k, title, body, fontsFor(k, k.skin), true), hints: k.hints, params: {} };
}

/** A web page in a browser viewport (no browser chrome). */
export function renderWeb(k: AppContext, spec: WebSpec, title: string): BuiltPage {
  const view = {
    header: webHeader(k, spec),
    body: spec.body,
    bodyCls: spec.bodyCls,
    dialog: spec.dialog ?? null,
  };
  const body = renderTemplate('screens/web.hbs', view);
  return { html: doc(k, title, body, fontsFor(k, 'web', [], spec.font), k.device.mobile), hints: k.hints, params: {} };
}

/** The page header of a web spec as a `webhead` block (also embedded in browser windows). */
export function webHeader(k: AppContext, spec: WebSpec): Block | null {
  if (!spec.header) return null;
  const logoId = k.id('logo');
  k.hint(logoId, 'go-home', { name: spec.header.brand });
  return { t: 'webhead', ...spec.header, logoId, navLabel: k.t('navigation'), accent: k.accent };
}

/** Every lucide icon name a screen uses must exist; used by tests. */
export function missingIcons(html: string): string[] {
  return [...new Set([...html.matchAll(/data-icon="([^"]+)"/g)].map((m) => m[1]!))].filter((n) => !iconExists(n));
}

