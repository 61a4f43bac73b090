/**
 * `browser`: a desktop browser window (Safari-like on macOS, Edge-like on Windows) with tabs, an
 * address bar, a bookmarks bar and a real web page from the web apps inside.
 */
import type { AppContext } from '../screens/app-context.js';
import { toolbar, type Block, type WindowSpec } from '../screens/blocks.js';
import { webHeader } from '../screens/shells.js';
import { WEB_APPS } from './web.js';

const PAGES = ['news', 'docs', 'search', 'video', 'board', 'travel'];
const SITES = ['news.example.com', 'docs.example.dev', 'search.example.org', 'video.example.tv', 'tracker.example.io', 'travel.example.com'];

/** A browser window whose viewport shows one web app page. */
export function browserWindow(k: AppContext): WindowSpec {
  const { rng, t } = k;
  const which = rng.int(0, PAGES.length - 1);
  const page = WEB_APPS[PAGES[which]!]!(k);
  const head = webHeader(k, page.spec);
  const content: Block[] = [...(head ? [head] : []), ...page.spec.body];
  const nTabs = rng.int(3, 6);
  const others = rng.sample(['Wikipedia', 'GitHub', 'Maps', 'Mail', 'Weather', 'Calendar', 'Translate', 'Shopping'].filter(Boolean), nTabs - 1);
  const labels = [page.title, ...others];
  const order = rng.shuffle(labels.map((l, i) => ({ l, i })));
  const tabs = order.map(({ l, i }, j) => {
    const id = k.id(`btab-${j}`);
    k.hint(id, 'switch-tab', { name: l });
    const close = k.id(`btab-${j}-x`);
    k.hint(close, 'close-tab', { name: l });
    return { id, label: l, selected: i === 0, close, closeLabel: t('closeTab'), fav: `hsl(${rng.int(0, 359)} 65% 50%)` };
  });
  const urlId = k.id('url');
  k.hint(urlId, 'enter-url');
  const bm = rng.sample(['Wikipedia', 'GitHub', 'Maps', 'News', 'Weather', 'Docs', 'Bank', 'Recipes'], rng.int(4, 7)).map((b, i) => k.btn(`bm-${i}`, { label: b, icon: 'globe', variant: 'ghost', act: 'open-bookmark', args: { name: b } }));
  const view: Block = {
    t: 'browser',
    tabsLabel: t('tabBar'),
    tabs,
    add: k.cmd('new-tab'),
    navLabel: t('navigation'),
    nav: [k.cmd('back'), k.cmd('forward'), k.cmd('reload')],
    urlId,
    url: `https://${SITES[which]}/${page.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').slice(0, 30)}`,
    urlLabel: t('br.address'),
    right: [k.cmd('bookmark'), k.cmd('downloads'), k.cmd('tab-overview'), k.cmd('more')],
    bmLabel: t('br.bookmarks'),
    bookmarks: bm,
    page: content,
  };
  const mac = k.skin === 'macos';
  return {
    app: 'browser',
    title: page.title,
    appIcon: 'globe',
    appColor: '#0f8ec7',
    menus: [t('app.safari'), t('file'), t('edit'), t('view'), t('br.history'), t('br.bookmarks'), t('window'), t('help')],
    unified: mac ? [toolbar(t('toolbar'), [k.cmd('sidebar')])] : undefined,
    body: [view],
    prefer: { w: 0.8, h: 0.9 },
  };
}
