/**
 * Web app builders: one page each in a desktop, laptop or tablet browser viewport (the `browser`
 * desktop app embeds them in browser chrome).
 */
import type { AppContext } from '../screens/app-context.js';
import { box, toolbar, SPACER, type Block, type Btn, type WebSpec } from '../screens/blocks.js';
import { COLORS, fileNames, fillSlots, fromList, gradient, initials, people, person, place, topic } from './content.js';

type WebApp = (k: AppContext) => { spec: WebSpec; title: string };

const brandOf = (k: AppContext, pool: string[]): string => k.rng.pick(pool);
const navLinks = (k: AppContext, base: string, labels: string[], sel: number, act = 'open-section'): Btn[] =>
  labels.map((label, i) => k.btn(`${base}-${i}`, { label, variant: 'ghost', href: true, selected: i === sel, act, args: { name: label } }));
const userBtn = (k: AppContext): Btn => k.btn('user', { label: initials(k.persona.name), variant: 'ghost', cls: 'k-userbtn', title: k.t('account'), act: 'cmd:user-menu' });

function pager(k: AppContext, pages: number, cur: number): Block {
  const items: Btn[] = [k.btn('pg-prev', { label: k.t('previous'), variant: 'default', act: 'prev-page', disabled: cur === 1 })];
  for (let i = 1; i <= Math.min(pages, 5); i++) items.push(k.btn(`pg-${i}`, { label: String(i), variant: 'default', selected: i === cur, act: 'page', args: { n: String(i) } }));
  items.push(k.btn('pg-next', { label: k.t('next'), variant: 'default', act: 'next-page' }));
  return { t: 'pager', label: k.t('pagination'), items };
}

// ------------------------------------------------------------------------------------------ admin dashboard

const admin: WebApp = (k) => {
  const { rng, t } = k;
  const brand = brandOf(k, ['Acme Admin', 'Northwind Console', 'Orbit Dashboard', 'Lumen Ops']);
  const nav = ['wb.dashboard', 'wb.orders', 'wb.customers', 'wb.products', 'wb.reports', 'wb.integrations', 'settings'];
  const icons = ['layout-dashboard', 'shopping-cart', 'users', 'package', 'chart-column', 'plug', 'settings'];
  const sel = 1;
  const side: Block = { t: 'sidebar', label: t('navigation'), cls: 'dark k-adminside', head: brand, sections: [{ items: nav.map((key, i) => { const id = k.id(`side-${i}`); k.hint(id, 'open-section', { name: t(key) }); return { id, label: t(key), icon: icons[i], selected: i === sel }; }) }] };
  const stats: Block = { t: 'stats', label: t('wb.overview'), items: [['wb.revenue', 'banknote'], ['wb.orders', 'shopping-cart'], ['wb.customers', 'users'], ['wb.conversion', 'percent']].map(([key, icon]) => { const up = rng.bool(0.7); return { label: t(key!), icon, value: key === 'wb.revenue' ? k.money(rng.int(10000, 99000)) : key === 'wb.conversion' ? `${k.num(rng.int(10, 90) / 10, 1)}%` : k.num(rng.int(100, 9000)), delta: `${up ? '+' : '−'}${k.num(rng.int(1, 250) / 10, 1)}%`, up, spark: Array.from({ length: 8 }, (_, i) => `${i * 14},${rng.int(4, 26)}`).join(' ') }; }) };
  const names = people(k, 10);
  const statuses: Array<[string, string]> = [['wb.paid', '#1a7f37'], ['wb.pending', '#bf8700'], ['wb.refunded', '#8250df'], ['wb.failed', '#cf222e']];
  const rows = names.map((n, i) => {
    const order = `#${rng.int(10000, 99999)}`;
    const [st, col] = rng.pick(statuses);
    const link = k.id(`order-${i}`);
    k.hint(link, 'open-order', { name: order });
    const act = k.btn(`rowmenu-${i}`, { icon: 'ellipsis', title: `${t('more')}: ${order}`, act: 'cmd:more' });
    return { id: k.id(`orow-${i}`), check: { id: k.id(`ochk-${i}`), label: `${t('wb.select')} ${order}`, checked: i === 2 }, cells: [{ text: order, link }, { text: n }, { text: k.dateLabel(2025, rng.int(1, 12), rng.int(1, 28)) }, { text: t(st), pill: col }, { text: k.money(rng.int(12, 900)), align: 'end' }], act };
  });
  for (const r of rows) k.hint(r.check.id, 'check', { name: r.check.label, state: r.check.checked ? 'on' : 'off' });
  const table: Block = { t: 'table', label: t('wb.recentOrders'), title: t('wb.recentOrders'), headBtns: [k.cmd('filter', { iconText: true, variant: 'default' }), k.cmd('export', { iconText: true, variant: 'default' })], checks: true, actions: true, cols: [{ label: t('wb.order'), w: '14%' }, { label: t('wb.customer'), w: '26%' }, { label: t('date'), w: '18%' }, { label: t('status'), w: '16%' }, { label: t('amount'), w: '14%', align: 'end' }], rows };
  const top = toolbar(t('toolbar'), [{ kind: 'search', id: k.id('search'), placeholder: t('search') }, SPACER, k.cmd('notifications'), k.cmd('help'), userBtn(k)], 'bb k-admintop');
  const head: Block = { t: 'heading', text: t('wb.orders'), level: 1, sub: t('wb.ordersSub'), btns: [k.btn('new-order', { label: t('wb.newOrder'), icon: 'plus', variant: 'primary', act: 'create-order' })] };
  const spec: WebSpec = { header: null, body: [box('row', [side, box('col', [top, head, stats, table, pager(k, rng.int(3, 12), 1)], 'grow')], 'grow')] };
  spec.header = null;
  // account menu lives in the top bar (header-less page): attach to the user button when asked
  if (k.state === 'menu') spec.header = null;
  return { spec, title: `${t('wb.orders')} · ${brand}` };
};

// ------------------------------------------------------------------------------------------ docs site

const docs: WebApp = (k) => {
  const { rng, t } = k;
  const brand = brandOf(k, ['Nimbus Docs', 'Quasar SDK', 'Helix API', 'Tern CLI']);
  const sections = [
    [t('wb.gettingStarted'), [t('wb.introduction'), t('wb.installation'), t('wb.quickstart')]],
    [t('wb.guides'), [t('wb.configuration'), t('wb.authentication'), t('wb.deployment'), t('wb.testing')]],
    [t('wb.apiReference'), ['Client', 'Request', 'Response', 'Errors']],
  ] as const;
  const cur = rng.int(0, 3);
  let idx = 0;
  const side: Block = { t: 'sidebar', label: t('wb.docsNav'), sections: sections.map(([title, items]) => ({ title, items: items.map((label) => { const id = k.id(`doc-${idx}`); k.hint(id, 'open-page', { name: label }); return { id, label, selected: idx++ === cur + 3 }; }) })) };
  const pageTitle = sections[1][1][cur]!;
  const code: Block = { t: 'code', label: 'Example', cls: 'k-snippet', lines: [
    { n: 1, toks: [{ c: 'k', t: 'import' }, { c: 'p', t: ' { createClient } ' }, { c: 'k', t: 'from' }, { c: 's', t: ` '${brand.split(' ')[0]!.toLowerCase()}'` }, { c: 'p', t: ';' }] },
    { n: 2, toks: [] },
    { n: 3, toks: [{ c: 'k', t: 'const' }, { c: 'p', t: ' client = ' }, { c: 'f', t: 'createClient' }, { c: 'p', t: '({ region: ' }, { c: 's', t: `'${rng.pick(['eu-west-1', 'us-east-1', 'ap-northeast-1'])}'` }, { c: 'p', t: ' });' }] },
  ] };
  const toc: Block = { t: 'sidebar', label: t('wb.onThisPage'), cls: 'k-toc', sections: [{ title: t('wb.onThisPage'), items: [t('wb.overview'), t('wb.prerequisites'), t('wb.configuration'), t('wb.nextSteps')].map((label, i) => { const id = k.id(`toc-${i}`); k.hint(id, 'jump-to', { name: label }); return { id, label, selected: i === 0 }; }) }] };
  const sents = k.t.list('sentences');
  const body = box('col', [
    { t: 'breadcrumb', label: t('breadcrumb'), items: [{ id: k.id('bc-docs'), label: 'Docs' }, { id: k.id('bc-guides'), label: t('wb.guides') }, { label: pageTitle }] },
    { t: 'heading', text: pageTitle, level: 1, sub: `${t('wb.lastUpdated')} ${k.dateLabel(2025, rng.int(1, 12), rng.int(1, 28))}`, btns: [k.btn('edit-page', { label: t('wb.editPage'), icon: 'pencil', variant: 'default', act: 'edit-page' })] },
    { t: 'paras', items: [fillSlots(k, rng.pick(sents)), { h: t('wb.prerequisites') }, fillSlots(k, rng.pick(sents)), { link: k.id('doc-link'), text: t('wb.learnMore') }] },
    code,
    { t: 'paras', items: [{ h: t('wb.configuration') }, fillSlots(k, rng.pick(sents)), fillSlots(k, rng.pick(sents))] },
    box('row', [k.btn('prev-doc', { label: `${sections[1][1][Math.max(0, cur - 1)]}`, variant: 'default', act: 'prev-page' }), k.btn('next-doc', { label: `${sections[1][1][Math.min(3, cur + 1)]}`, variant: 'default', act: 'next-page' })].map((b) => ({ t: 'btnblock', ...b }) as Block), 'k-docnav'),
  ], 'grow k-article');
  const spec: WebSpec = {
    header: { brand, logoIcon: 'book-open', links: navLinks(k, 'top', [t('wb.docs'), t('wb.apiReference'), t('wb.blog'), t('wb.community')], 0), search: { id: k.id('search'), placeholder: t('wb.searchDocs') }, actions: [k.btn('github', { icon: 'git-branch', title: 'GitHub', act: 'open-repo' }), k.btn('theme', { icon: k.theme === 'dark' ? 'sun' : 'moon', title: t('darkMode'), act: 'toggle-theme' }), k.btn('signin', { label: t('signIn'), variant: 'primary', act: 'sign-in' })] },
    body: [box('row', [side, body, toc], 'grow k-docs')],
  };
  k.hint(((body.children as Block[])[0]!.items as Array<{ id?: string }>)[0]!.id!, 'open-page', { name: 'Docs' });
  k.hint(((body.children as Block[])[0]!.items as Array<{ id?: string }>)[1]!.id!, 'open-page', { name: t('wb.guides') });
  return { spec, title: `${pageTitle} – ${brand}` };
};

// ------------------------------------------------------------------------------------------ login / registration

const auth: WebApp = (k) => {
  const { rng, t } = k;
  const brand = brandOf(k, ['Cloudberry', 'Pinecone', 'Mosaic', 'Harbor']);
  const register = rng.bool(0.5);
  const filled = k.state === 'filled';
  const f = (base: string, type: string, label: string, placeholder: string, value = '') => {
    const id = k.id(base);
    k.hint(id, 'fill', { name: label });
    return { kind: 'input', type, id, label, placeholder, value: filled ? value : '' };
  };
  const fields: Array<Record<string, unknown>> = register
    ? [
        { kind: 'row', fields: [f('first', 'text', t('wb.firstName'), '', k.persona.name.split(/\s+/)[0]!), f('last', 'text', t('wb.lastName'), '', k.persona.name.split(/\s+/).slice(1).join(' '))] },
        f('email', 'email', t('email'), 'name@example.com', k.persona.email),
        f('password', 'password', t('password'), t('wb.pwHint'), 'hunter2hunter2'),
        { kind: 'select', id: k.id('country'), label: t('wb.country'), options: [place(k), place(k), place(k)].map((l, i) => ({ label: l, sel: i === 0 })) },
        { kind: 'checkbox', id: k.id('terms'), label: t('wb.agreeTerms'), checked: filled },
        { kind: 'checkbox', id: k.id('news'), label: t('wb.newsletter'), checked: false },
      ]
    : [
        f('email', 'email', t('email'), 'name@example.com', k.persona.email),
        f('password', 'password', t('password'), '', 'hunter2hunter2'),
        { kind: 'checkbox', id: k.id('remember'), label: t('remember'), checked: filled },
        { kind: 'link', id: k.id('forgot'), label: t('forgot') },
      ];
  for (const fl of fields) if (fl.kind === 'checkbox') k.hint(fl.id as string, 'check', { name: fl.label as string, state: fl.checked ? 'on' : 'off' });
  const forgot = fields.find((x) => x.kind === 'link');
  if (forgot) k.hint(forgot.id as string, 'forgot-password');
  const actions = [k.btn('submit', { label: register ? t('wb.createAccount') : t('signIn'), variant: 'primary', cls: 'k-wide', act: register ? 'sign-up' : 'sign-in' })];
  const social = box('col', [k.btn('google', { label: t('wb.withGoogle'), icon: 'globe', variant: 'default', cls: 'k-wide', act: 'sign-in-google' }), k.btn('apple', { label: t('wb.withApple'), icon: 'apple', variant: 'default', cls: 'k-wide', act: 'sign-in-apple' })].map((b) => ({ t: 'btnblock', ...b }) as Block), 'gap');
  const form: Block = { t: 'form', label: register ? t('signUp') : t('signIn'), title: register ? t('wb.createAccount') : t('wb.welcomeBack'), sub: register ? t('wb.registerSub') : t('wb.loginSub'), fields, actions, foot: '' };
  const swap = k.btn('swap', { label: register ? t('wb.haveAccount') : t('wb.noAccount'), variant: 'link', act: register ? 'sign-in' : 'sign-up' });
  const spec: WebSpec = {
    header: { brand, logoIcon: 'cloud', links: [], actions: [k.btn('lang', { label: t('language'), icon: 'globe', variant: 'ghost', act: 'choose-language' }), k.btn('helpbtn', { label: t('help'), variant: 'ghost', act: 'cmd:help' })] },
    body: [box('col', [box('col', [form, social, { t: 'btnblock', ...swap } as Block], 'k-authcard')], 'k-authwrap')],
  };
  return { spec, title: `${register ? t('signUp') : t('signIn')} – ${brand}` };
};

// ------------------------------------------------------------------------------------------ search results

const search: WebApp = (k) => {
  const { rng, t } = k;
  const q = `${topic(k)} ${place(k)}`;
  const tabs: Block = { t: 'tabs', label: t('wb.searchTabs'), items: ['all', 'wb.images', 'videos', 'wb.news', 'wb.maps', 'wb.shopping'].map((key, i) => { const id = k.id(`stab-${i}`); k.hint(id, 'switch-tab', { name: t(key) }); return { id, label: t(key), selected: i === 0 }; }), cls: 'k-searchtabs' };
  const nRes = rng.int(6, 8);
  // every result has its own title and snippet, and the related searches are other headlines (a results
  // page does not repeat itself: a repeated title could not be told apart)
  const heads = fromList(k, 'headlines', nRes + 4);
  const snippets = fromList(k, 'sentences', nRes);
  const results = Array.from({ length: Math.min(nRes, heads.length - 2) }, (_, i) => {
    const site = k.faker.internet.domainName();
    const id = k.id(`res-${i}`);
    const title = heads[i]!;
    k.hint(id, 'open-result', { name: title });
    return { id, title, sub: `https://${site} › ${k.faker.internet.domainWord()}`, sub2: snippets[i % snippets.length]!, lead: { icon: 'globe', size: 16 } };
  });
  const list: Block = { t: 'list', label: t('wb.results'), items: results, cls: 'k-results', title: t('wb.aboutResults', { n: k.num(rng.int(10000, 9000000)) }) };
  const related: Block = { t: 'cards', label: t('wb.related'), title: t('wb.related'), cols: 2, items: heads.slice(results.length).slice(0, 4).map((h, i) => { const id = k.id(`rel-${i}`); k.hint(id, 'search-for', { name: h }); return { id, title: h, link: true }; }), cls: 'k-related' };
  const spec: WebSpec = {
    header: { brand: brandOf(k, ['Seekr', 'Findly', 'Lookup', 'Quest']), logoIcon: 'search', search: { id: k.id('q'), placeholder: t('search'), value: q }, actions: [k.btn('tools', { label: t('tools'), variant: 'ghost', caret: true, act: 'search-tools' }), k.cmd('settings'), userBtn(k)] },
    body: [tabs, box('row', [box('col', [list, pager(k, 10, 1)], 'grow'), related], 'grow k-main k-searchbody')],
  };
  return { spec, title: `${q} – ${t('search')}` };
};

// ------------------------------------------------------------------------------------------ social

const social: WebApp = (k) => {
  const { rng, t } = k;
  const brand = brandOf(k, ['Chirp', 'Loop', 'Murmur', 'Orbit']);
  const nav = [['home', 'house'], ['explore', 'search'], ['notifications', 'bell'], ['messages', 'mail'], ['wb.bookmarks', 'bookmark'], ['profile', 'user']] as const;
  const side: Block = { t: 'sidebar', label: t('navigation'), cls: 'k-socialnav', sections: [{ items: nav.map(([key, icon], i) => { const id = k.id(`nav-${i}`); k.hint(id, 'open-section', { name: t(key) }); return { id, label: t(key), icon, selected: i === 0, count: key === 'notifications' ? String(rng.int(1, 20)) : '' }; }) }], foot: [k.btn('post', { label: t('wb.post'), variant: 'primary', cls: 'k-wide', act: 'compose-post' })] };
  const feed: Block = { t: 'feed', label: t('wb.timeline'), posts: posts(k, rng.int(3, 5)) };
  const composer: Block = { t: 'form', label: t('wb.post'), fields: [{ kind: 'textarea', id: k.id('compose'), label: '', placeholder: t('wb.whatsHappening'), rows: 2 }], actions: [k.cmd('image'), k.cmd('emoji'), k.btn('post2', { label: t('wb.post'), variant: 'primary', act: 'compose-post' })], cls: 'k-composerform' };
  k.hint(((composer.fields as Array<{ id: string }>)[0]!).id, 'compose-post');
  const who: Block = { t: 'list', label: t('wb.whoToFollow'), title: t('wb.whoToFollow'), items: people(k, 3).map((n, i) => ({ id: k.id(`who-${i}`), title: n, sub: `@${k.faker.internet.username().toLowerCase().slice(0, 12)}`, lead: { initials: initials(n), color: rng.pick(COLORS) }, trail: k.btn(`follow-${i}`, { label: t('follow'), variant: 'primary', act: 'follow', args: { name: n } }) })), cls: 'k-whofollow' };
  const trends: Block = { t: 'list', label: t('wb.trending'), title: t('wb.trending'), items: (k.persona.interests ?? []).map((x, i) => { const id = k.id(`trend-${i}`); k.hint(id, 'search-for', { name: x }); return { id, title: `#${x.replace(/\s+/g, '')}`, sub: `${k.num(rng.int(1, 90))}K ${t('wb.posts')}` }; }) };
  const spec: WebSpec = { header: null, body: [box('row', [side, box('col', [{ t: 'heading', text: t('home'), level: 2 }, composer, feed], 'grow k-feedcol'), box('col', [{ t: 'box', dir: 'row', children: [], cls: '' }, toolbar(t('search'), [{ kind: 'search', id: k.id('search'), placeholder: t('search') }]), trends, who], 'k-rightcol')], 'grow k-main')] };
  return { spec, title: `${t('home')} / ${brand}` };
};

/** Social posts with like / comment / repost / share buttons (shared with the phone feed). */
export function posts(k: AppContext, n: number): Array<Record<string, unknown>> {
  const { rng, t } = k;
  return people(k, n).map((name, i) => {
    const id = k.id(`post-${i}`);
    k.hint(`${id}-a`, 'open-profile', { name });
    const likes = rng.int(0, 900);
    return {
      id, name, initials: initials(name), color: rng.pick(COLORS), handle: `@${k.faker.internet.username().toLowerCase().slice(0, 12)}`, time: `${rng.int(1, 23)} h`,
      text: fillSlots(k, rng.pick(k.t.list('sentences'))), media: rng.bool(0.4) ? gradient(k) : null,
      more: k.btn(`pmore-${i}`, { icon: 'ellipsis', title: `${t('more')}: ${name}`, act: 'cmd:more' }),
      acts: [
        k.btn(`pc-${i}`, { icon: 'message-circle', label: String(rng.int(0, 80)), title: `${t('comment')} (${name})`, variant: 'ghost', act: 'comment', args: { name } }),
        k.btn(`pr-${i}`, { icon: 'repeat-2', label: String(rng.int(0, 60)), title: `${k.cmdLabel('repost')} (${name})`, variant: 'ghost', act: 'cmd:repost' }),
        k.btn(`pl-${i}`, { icon: 'heart', label: String(likes), title: `${t('like')} (${name})`, variant: 'ghost', act: 'like', args: { name } }),
        k.btn(`ps-${i}`, { icon: 'share', title: `${t('share')} (${name})`, variant: 'ghost', act: 'cmd:share' }),
      ],
    };
  });
}

// ------------------------------------------------------------------------------------------ travel booking

const travel: WebApp = (k) => {
  const { rng, t } = k;
  const from = place(k);
  const to = place(k);
  const brand = brandOf(k, ['Skyway', 'Wanderly', 'Jetset', 'Atlas Travel']);
  const trip = k.id('trip');
  const tf = (base: string, label: string, value: string) => {
    const id = k.id(base);
    k.hint(id, 'fill', { name: label });
    return { type: 'text', id, label, value };
  };
  const form: Block = {
    t: 'form', label: t('wb.searchFlights'), cls: 'k-travelform', fields: [
      { kind: 'radio', id: trip, label: t('wb.tripType'), options: [{ id: k.id('trip-rt'), label: t('wb.roundTrip'), sel: true }, { id: k.id('trip-ow'), label: t('wb.oneWay'), sel: false }] },
      { kind: 'row', fields: [tf('from', t('wb.from'), from), tf('to', t('wb.to'), to)] },
      { kind: 'row', fields: [tf('depart', t('wb.depart'), k.dateLabel(2025, rng.int(1, 12), rng.int(1, 28))), tf('return', t('wb.return'), k.dateLabel(2025, rng.int(1, 12), rng.int(1, 28)))] },
      { kind: 'select', id: k.id('pax'), label: t('wb.travellers'), options: [1, 2, 3, 4].map((n, i) => ({ label: `${n} ${t('wb.adults')}`, sel: i === 0 })) },
      { kind: 'select', id: k.id('cabin'), label: t('wb.cabin'), options: [t('wb.economy'), t('wb.premium'), t('wb.business')].map((l, i) => ({ label: l, sel: i === 0 })) },
    ],
    actions: [k.cmd('swap', { variant: 'default' }), k.btn('searchbtn', { label: t('wb.searchFlights'), icon: 'search', variant: 'primary', act: 'search-flights' })],
  };
  const airlines = ['Lufthansa', 'Iberia', 'Air France', 'ANA', 'Emirates', 'United', 'China Eastern'];
  const results = Array.from({ length: rng.int(4, 6) }, (_, i) => {
    const dep = rng.int(6, 20);
    const dur = rng.int(1, 12);
    const id = k.id(`flight-${i}`);
    const al = rng.pick(airlines);
    k.hint(id, 'select-flight', { name: al });
    return { id, title: `${k.clock(dep, rng.pick([0, 15, 30, 45]))} – ${k.clock((dep + dur) % 24, rng.pick([0, 10, 25, 50]))}`, sub: `${al} · ${dur} h ${rng.int(0, 55)} min · ${rng.bool(0.5) ? t('wb.nonstop') : t('wb.oneStop')}`, meta: k.money(rng.int(80, 1400)), lead: { icon: 'plane', size: 18 }, trail: k.btn(`selflight-${i}`, { label: t('wb.select'), variant: 'primary', act: 'select-flight', args: { name: `${al} ${i + 1}` } }) };
  });
  const filters: Block = { t: 'form', label: t('filter'), title: t('filter'), cls: 'k-filters', fields: [
    ...[t('wb.nonstop'), t('wb.oneStop'), t('wb.twoStops')].map((l, i) => ({ kind: 'checkbox', id: k.id(`stops-${i}`), label: l, checked: i === 0 })),
    ...airlines.slice(0, 4).map((l, i) => ({ kind: 'checkbox', id: k.id(`al-${i}`), label: l, checked: rng.bool(0.3) })),
  ] };
  for (const fl of filters.fields as Array<{ id: string; label: string; checked: boolean }>) k.hint(fl.id, 'filter', { name: fl.label, state: fl.checked ? 'on' : 'off' });
  const sortTabs: Block = { t: 'tabs', label: t('sort'), items: [t('wb.best'), t('wb.cheapest'), t('wb.fastest')].map((l, i) => ({ id: k.id(`sort-${i}`), label: l, selected: i === 0 })) };
  const spec: WebSpec = {
    header: { brand, logoIcon: 'plane', links: navLinks(k, 'nav', [t('wb.flights'), t('wb.hotels'), t('wb.cars'), t('wb.trips')], 0), actions: [k.btn('currency', { label: k.money(0).replace(/[\d.,\s ]/g, '') || '€', variant: 'ghost', act: 'choose-currency' }), k.btn('signin', { label: t('signIn'), variant: 'default', act: 'sign-in' })] },
    body: [box('col', [form], 'k-hero'), box('row', [filters, box('col', [sortTabs, { t: 'list', label: t('wb.results'), items: results, cls: 'k-flights' }], 'grow')], 'grow k-main')],
  };
  return { spec, title: `${from} – ${to} · ${brand}` }; // en dash: the UI faces' Latin subset has no U+2192
};

// ------------------------------------------------------------------------------------------ news

const news: WebApp = (k) => {
  const { rng, t } = k;
  const brand = brandOf(k, ['The Daily Ledger', 'Morning Post', 'Civic Times', 'Northern Herald']);
  const secs = ['wb.world', 'wb.business', 'wb.tech', 'wb.science', 'wb.sport', 'wb.culture', 'wb.opinion'];
  const heads = fromList(k, 'headlines', 9);
  const lead: Block = { t: 'cards', label: t('wb.topStories'), cols: 1, cls: 'k-leadstory', items: [{ id: k.id('lead'), title: heads[0], sub: fillSlots(k, rng.pick(k.t.list('sentences'))), meta: `${person(k)} · ${rng.int(1, 12)} h`, media: { icon: 'newspaper', size: 40, bg: gradient(k), h: 260 }, link: true }] };
  k.hint((lead.items as Array<{ id: string }>)[0]!.id, 'open-article', { name: heads[0]! });
  const grid: Block = { t: 'cards', label: t('wb.latest'), title: t('wb.latest'), cols: 3, items: heads.slice(1, 7).map((h, i) => { const id = k.id(`art-${i}`); k.hint(id, 'open-article', { name: h }); return { id, title: h, meta: `${t(rng.pick(secs))} · ${rng.int(1, 59)} min`, media: { icon: 'image', size: 24, bg: gradient(k), h: 110 }, link: true }; }) };
  const most: Block = { t: 'list', label: t('wb.mostRead'), title: t('wb.mostRead'), items: heads.slice(6).concat(fromList(k, 'headlines', 2)).slice(0, 4).map((h, i) => { const id = k.id(`most-${i}`); k.hint(id, 'open-article', { name: h }); return { id, title: h, lead: { icon: 'trending-up', size: 16 } }; }) };
  const newsletter: Block = { t: 'form', label: t('wb.newsletterTitle'), title: t('wb.newsletterTitle'), cls: 'k-newsletter', fields: [{ kind: 'input', type: 'email', id: k.id('nl-email'), label: t('email'), placeholder: 'name@example.com' }], actions: [k.btn('nl-sub', { label: t('subscribe'), variant: 'primary', act: 'subscribe-newsletter' })] };
  const spec: WebSpec = {
    header: { brand, logoIcon: 'newspaper', cls: 'k-newshead', links: navLinks(k, 'sec', secs.map((s) => t(s)), -1), search: null, actions: [k.cmd('search'), k.btn('subscribe', { label: t('subscribe'), variant: 'primary', act: 'subscribe' }), k.btn('signin', { label: t('signIn'), variant: 'ghost', act: 'sign-in' })] },
    body: [box('row', [box('col', [lead, grid], 'grow'), box('col', [most, newsletter], 'k-rightcol')], 'grow k-main')],
    font: { pkg: 'noto-serif', weights: [400, 700] },
  };
  return { spec, title: brand };
};

// ------------------------------------------------------------------------------------------ video

const video: WebApp = (k) => {
  const { rng, t } = k;
  const brand = brandOf(k, ['Streamly', 'ViewTube', 'Clipster', 'Reel']);
  const title = fillSlots(k, rng.pick(k.t.list('headlines')));
  const channel = person(k);
  const playerBlock: Block = { t: 'cards', label: t('wb.videoPlayer'), cols: 1, cls: 'k-videoplayer', items: [{ id: k.id('video'), title, media: { icon: 'play', size: 56, bg: gradient(k), h: 360, dur: `${rng.int(2, 40)}:${String(rng.int(0, 59)).padStart(2, '0')}` }, sub: `${k.num(rng.int(1000, 900000))} ${t('wb.views')} · ${k.dateLabel(2025, rng.int(1, 12), rng.int(1, 28))}`, btns: [k.btn('vlike', { label: k.num(rng.int(10, 9000)), icon: 'thumbs-up', variant: 'default', title: t('like'), act: 'like', args: { name: title } }), k.btn('vdislike', { icon: 'thumbs-down', variant: 'default', title: t('wb.dislike'), act: 'dislike' }), k.cmd('share', { iconText: true, variant: 'default' }), k.btn('vsave', { label: t('save'), icon: 'list-plus', variant: 'default', act: 'save-video' }), k.cmd('more', { variant: 'default' })] }] };
  const controls = toolbar(t('wb.videoControls'), [k.cmd('play'), k.cmd('next-track'), k.cmd('mute'), { kind: 'text', label: `0:${String(rng.int(10, 59))} / ${rng.int(3, 30)}:${String(rng.int(10, 59))}` }, SPACER, k.cmd('captions'), k.cmd('settings'), k.cmd('fullscreen')], 'k-vcontrols');
  const chan: Block = { t: 'list', label: channel, items: [{ id: k.id('channel'), title: channel, sub: `${k.num(rng.int(1, 900))}K ${t('wb.subscribers')}`, lead: { initials: initials(channel), color: rng.pick(COLORS) }, trail: k.btn('sub', { label: t('subscribe'), variant: 'primary', act: 'subscribe', args: { name: channel } }) }] };
  const next: Block = { t: 'list', label: t('wb.upNext'), title: t('wb.upNext'), cls: 'k-upnext', items: fromList(k, 'headlines', 6).map((h, i) => { const id = k.id(`next-${i}`); k.hint(id, 'open-video', { name: h }); return { id, title: h, sub: person(k), sub2: `${k.num(rng.int(1, 900))}K ${t('wb.views')}`, lead: { icon: 'play', size: 16, bg: gradient(k), color: '#fff' } }; }) };
  const spec: WebSpec = {
    header: { brand, logoIcon: 'play', search: { id: k.id('search'), placeholder: t('search') }, actions: [k.btn('upload', { icon: 'video', title: t('upload'), act: 'upload-video' }), k.cmd('notifications'), userBtn(k)] },
    body: [box('row', [box('col', [playerBlock, controls, chan], 'grow k-watch'), next], 'grow k-main')],
  };
  return { spec, title: `${title} – ${brand}` };
};

// ------------------------------------------------------------------------------------------ webmail

const webmail: WebApp = (k) => {
  const { rng, t } = k;
  const folders = [['ds.inbox', 'inbox'], ['wb.starred', 'star'], ['wb.snoozed', 'clock'], ['ds.sent', 'send'], ['ds.drafts', 'file'], ['wb.spam', 'octagon-alert'], ['trash', 'trash-2']] as const;
  const side: Block = { t: 'sidebar', label: t('ds.folders'), sections: [{ items: folders.map(([key, icon], i) => { const id = k.id(`f-${i}`); k.hint(id, 'open-mailbox', { name: t(key) }); return { id, label: t(key), icon, selected: i === 0, count: i === 0 ? String(rng.int(1, 99)) : '' }; }) }, { title: t('wb.labels'), items: (k.persona.interests ?? []).map((l, i) => { const id = k.id(`lbl-${i}`); k.hint(id, 'open-mailbox', { name: l }); return { id, label: l, dot: COLORS[i] }; }) }], foot: [k.cmd('compose', { iconText: true, variant: 'primary', cls: 'k-wide' })] };
  const senders = people(k, 12);
  const subjects = fromList(k, 'subjects', 10);
  const rows = senders.slice(0, 10).map((s, i) => {
    const subj = subjects[i % subjects.length]!;
    const link = k.id(`m-${i}`);
    k.hint(link, 'open-message', { from: s, subject: subj });
    const chk = k.id(`mchk-${i}`);
    k.hint(chk, 'check', { name: subj, state: 'off' });
    return { id: k.id(`mrow-${i}`), check: { id: chk, label: `${t('wb.select')}: ${subj}`, checked: false }, cells: [{ text: s }, { text: subj, link }, { text: i < 3 ? k.clock(rng.int(7, 18), rng.int(0, 59)) : k.shortDate(rng.int(1, 12), rng.int(1, 28)), align: 'end' }] };
  });
  const bar = toolbar(t('toolbar'), [k.cmd('refresh'), k.cmd('archive'), k.cmd('junk'), k.cmd('delete'), k.cmd('mark-unread'), k.cmd('move'), k.cmd('more'), SPACER, { kind: 'text', label: `1–${rows.length} / ${rng.int(50, 3000)}` }, k.cmd('back'), k.cmd('forward')], 'bb');
  const table: Block = { t: 'table', label: t('ds.inbox'), checks: true, cols: [{ label: '', w: '24%' }, { label: '', w: '60%' }, { label: '', w: '16%', align: 'end' }], rows, cls: 'k-mailtable' };
  const spec: WebSpec = {
    header: { brand: brandOf(k, ['Postbox', 'Mailio', 'Inboxer', 'Letterly']), logoIcon: 'mail', search: { id: k.id('search'), placeholder: t('wb.searchMail') }, actions: [k.cmd('help'), k.cmd('settings'), userBtn(k)] },
    body: [box('row', [side, box('col', [bar, { t: 'tabs', label: t('ds.inbox'), items: [t('wb.primary'), t('wb.promotions'), t('wb.social')].map((l, i) => { const id = k.id(`cat-${i}`); k.hint(id, 'switch-tab', { name: l }); return { id, label: l, selected: i === 0, icon: ['inbox', 'tag', 'users'][i] }; }) }, table], 'grow')], 'grow')],
  };
  return { spec, title: `${t('ds.inbox')} (${rows.length}) – ${k.persona.email}` };
};

// ------------------------------------------------------------------------------------------ project board

const board: WebApp = (k) => {
  const { rng, t } = k;
  const project = topic(k);
  const cols = ['wb.backlog', 'wb.todo', 'wb.inProgress', 'wb.review', 'ds.done'];
  const team = people(k, 5);
  const tags: Array<[string, string]> = [['Bug', '#cf222e'], ['Feature', '#0969da'], ['Design', '#8250df'], ['Docs', '#1a7f37'], ['Infra', '#bf8700']];
  let n = 100 + rng.int(0, 300);
  // card titles are distinct (a board lists different issues; a repeated title could not be told apart)
  const usedTitles = new Set<string>();
  const cardTitle = (): string => {
    let title = '';
    for (let i = 0; i < 8 && (!title || usedTitles.has(title)); i++) title = fillSlots(k, rng.pick(k.t.list('subjects'))).replace(/^(Re|RE|AW|رد): ?/, '');
    usedTitles.add(title);
    return title;
  };
  const kan: Block = {
    t: 'kanban', label: project,
    cols: cols.map((key, ci) => {
      const count = rng.int(2, 4);
      const add = k.btn(`add-${ci}`, { icon: 'plus', title: `${t('add')}: ${t(key)}`, act: 'add-card', args: { name: t(key) } });
      return { title: t(key), count: String(count), add, cards: Array.from({ length: count }, () => {
        const id = k.id(`card-${n}`);
        const title = cardTitle();
        k.hint(id, 'open-card', { name: title });
        const who = rng.pick(team);
        return { id, title, key: `${project.slice(0, 3).toUpperCase()}-${n++}`, tags: rng.sample(tags, rng.int(1, 2)).map(([tt, c]) => ({ t: tt, c })), due: rng.bool(0.5) ? k.shortDate(rng.int(1, 12), rng.int(1, 28)) : '', initials: initials(who), color: rng.pick(COLORS) };
      }) };
    }),
  };
  const side: Block = { t: 'sidebar', label: t('navigation'), head: project, sections: [{ items: [['wb.board', 'kanban'], ['wb.backlog', 'list'], ['wb.timelineNav', 'gantt-chart'], ['wb.reports', 'chart-line'], ['settings', 'settings']].map(([key, icon], i) => { const id = k.id(`pnav-${i}`); k.hint(id, 'open-section', { name: t(key!) }); return { id, label: t(key!), icon, selected: i === 0 }; }) }] };
  // (the actions stay beside the filter, not pushed to the right edge: the account menu, open in the
  // `menu` state, hangs from the header's corner over that part of the page and covered "Create")
  const bar = toolbar(t('toolbar'), [{ kind: 'search', id: k.id('filter'), placeholder: t('wb.filterCards') }, ...team.slice(0, 4).map((p, i) => k.btn(`member-${i}`, { label: initials(p), title: p, variant: 'ghost', cls: 'k-member', act: 'filter-person', args: { name: p } })), k.btn('groupby', { label: t('wb.groupBy'), variant: 'default', caret: true, act: 'group-by' }), k.cmd('invite', { iconText: true, variant: 'default' }), k.btn('create', { label: t('wb.createIssue'), icon: 'plus', variant: 'primary', act: 'create-issue' })]);
  const spec: WebSpec = {
    header: { brand: brandOf(k, ['Trackline', 'Sprintly', 'Kanbanize', 'Taskforge']), logoIcon: 'kanban', links: navLinks(k, 'top', [t('wb.yourWork'), t('wb.projects'), t('wb.filters'), t('wb.dashboards')], 1), search: { id: k.id('search'), placeholder: t('search') }, actions: [k.cmd('notifications'), k.cmd('help'), userBtn(k)] },
    body: [box('row', [side, box('col', [{ t: 'breadcrumb', label: t('breadcrumb'), items: [{ id: k.id('bc-proj'), label: t('wb.projects') }, { label: project }] }, { t: 'heading', text: t('wb.board'), level: 1 }, bar, kan], 'grow')], 'grow')],
  };
  return { spec, title: `${project} – ${t('wb.board')}` };
};

// ------------------------------------------------------------------------------------------ checkout

const checkout: WebApp = (k) => {
  const { rng, t } = k;
  const filled = k.state === 'filled' || rng.bool(0.4);
  const steps: Block = { t: 'breadcrumb', label: t('wb.checkoutSteps'), items: [{ id: k.id('st-cart'), label: t('cart') }, { id: k.id('st-ship'), label: t('wb.shipping') }, { label: t('wb.payment') }, { label: t('wb.review') }] };
  const v = (s: string) => (filled ? s : '');
  const [first, ...rest] = k.persona.name.split(/\s+/);
  const fields: Array<Record<string, unknown>> = [
    { kind: 'row', fields: [{ type: 'text', id: k.id('fn'), label: t('wb.firstName'), value: v(first!) }, { type: 'text', id: k.id('ln'), label: t('wb.lastName'), value: v(rest.join(' ')) }] },
    { kind: 'input', type: 'text', id: k.id('addr'), label: t('wb.address'), value: v(k.faker.location.streetAddress()) },
    { kind: 'row', fields: [{ type: 'text', id: k.id('city'), label: t('wb.city'), value: v(place(k)) }, { type: 'text', id: k.id('zip'), label: t('wb.postcode'), value: v(k.faker.location.zipCode()) }] },
    { kind: 'radio', id: k.id('shipm'), label: t('wb.shippingMethod'), options: [{ id: k.id('ship-std'), label: `${t('wb.standard')} · ${k.money(0)}`, sel: true }, { id: k.id('ship-exp'), label: `${t('wb.express')} · ${k.money(rng.int(5, 20))}`, sel: false }] },
    { kind: 'input', type: 'text', id: k.id('card'), label: t('wb.cardNumber'), placeholder: '1234 5678 9012 3456', value: v(`4111 1111 1111 ${rng.int(1000, 9999)}`) },
    { kind: 'row', fields: [{ type: 'text', id: k.id('exp'), label: t('wb.expiry'), placeholder: 'MM/YY', value: v(`0${rng.int(1, 9)}/2${rng.int(6, 9)}`) }, { type: 'text', id: k.id('cvc'), label: 'CVC', placeholder: '123', value: '' }] },
    { kind: 'checkbox', id: k.id('billing'), label: t('wb.sameBilling'), checked: true },
  ];
  k.hint(fields[6]!.id as string, 'check', { name: t('wb.sameBilling'), state: 'on' });
  const form: Block = { t: 'form', label: t('checkout'), title: t('checkout'), fields, actions: [k.btn('back-cart', { label: t('wb.backToCart'), variant: 'link', act: 'open-cart' }), k.btn('pay', { label: t('wb.payNow'), icon: 'lock', variant: 'primary', act: 'pay-now' })] };
  const items = rng.int(2, 4);
  const prods = fromList(k, 'products', items);
  let sum = 0;
  const lines = prods.map((p, i) => {
    const price = rng.int(9, 240);
    sum += price;
    return { id: k.id(`li-${i}`), title: p, sub: `${t('wb.qty')}: ${rng.int(1, 3)}`, meta: k.money(price), lead: { icon: 'package', size: 18 }, trail: k.btn(`rm-${i}`, { icon: 'x', title: `${t('wb.remove')}: ${p}`, act: 'remove-item', args: { name: p } }) };
  });
  const summary: Block = box('col', [
    { t: 'list', label: t('wb.orderSummary'), title: t('wb.orderSummary'), items: lines },
    { t: 'form', label: t('wb.promo'), fields: [{ kind: 'input', type: 'text', id: k.id('promo'), label: t('wb.promo'), placeholder: 'SUMMER25' }], actions: [k.btn('apply-promo', { label: t('apply'), variant: 'default', act: 'apply-coupon' })] },
    { t: 'stats', label: t('total'), items: [{ label: t('total'), value: k.money(sum) }] },
  ], 'k-summary');
  const spec: WebSpec = {
    header: { brand: brandOf(k, ['Northwind Market', 'Brightcart', 'Parcel & Co.', 'Shoply']), logoIcon: 'shopping-bag', actions: [k.btn('secure', { label: t('wb.secure'), icon: 'shield-check', variant: 'ghost', act: 'security-info' }), k.btn('cartbtn', { icon: 'shopping-cart', title: t('cart'), badge: String(items), act: 'open-cart' })] },
    body: [box('col', [steps, box('row', [box('col', [form], 'grow'), summary], 'gap')], 'grow k-main k-checkout')],
  };
  return { spec, title: `${t('checkout')}` };
};

/** Web apps by kind. */
export const WEB_APPS: Record<string, WebApp> = { admin, docs, auth, search, social, travel, news, video, webmail, board, checkout };
