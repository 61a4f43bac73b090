/**
 * Phone app builders (iOS and Android): chat, shopping, maps, settings, banking, social feed. Each
 * returns one screen with status bar, app bar, content, tab bar / navigation bar.
 */
import type { AppContext } from '../screens/app-context.js';
import { box, toolbar, type Block, type Btn, type PhoneSpec } from '../screens/blocks.js';
import { COLORS, fileNames, fromList, gradient, initials, people, person, place, topic } from './content.js';
import { posts } from './web.js';

type PhoneApp = (k: AppContext) => { spec: PhoneSpec; title: string };
const ios = (k: AppContext): boolean => k.skin === 'ios';

function tabbar(k: AppContext, items: Array<[string, string]>, sel: number, badge?: [number, string]): PhoneSpec['tabbar'] {
  return {
    items: items.map(([key, icon], i) => {
      const id = k.id(`tab-${i}`);
      const label = k.t(key);
      k.hint(id, 'nav-tab', { name: label });
      return { id, icon, label, selected: i === sel, badge: badge && badge[0] === i ? badge[1] : undefined };
    }),
  };
}
const backBtn = (k: AppContext, label?: string): Btn =>
  ios(k) ? k.btn('back', { label: label ?? k.t('back'), icon: 'chevron-left', variant: 'ghost', act: 'navigate-up', cls: 'k-iosback' }) : k.btn('back', { icon: 'arrow-left', title: k.t('back'), act: 'navigate-up' });

// ------------------------------------------------------------------------------------------ chat

const chat: PhoneApp = (k) => {
  const { rng, t } = k;
  const friend = person(k);
  const inThread = rng.bool(0.6);
  if (inThread) {
    const lines = fromList(k, 'chatLines', rng.int(6, 9));
    const msgs: Array<Record<string, unknown>> = [{ day: t('today') }];
    lines.forEach((l) => msgs.push({ text: l, me: rng.bool(0.5), time: k.clock(rng.int(8, 22), rng.int(0, 59)) }));
    const inputId = k.id('compose');
    k.hint(inputId, 'type-message', { name: friend });
    const body: Block = { t: 'chat', label: friend, msgs, inputId, placeholder: ios(k) ? 'iMessage' : t('ph.message'), left: [k.cmd('add'), k.cmd('camera')], right: [k.cmd('mic'), k.cmd('send', { variant: 'primary' })] };
    return {
      title: friend,
      spec: { appbar: { title: friend, lead: backBtn(k, t('messages')), actions: [k.cmd('video-call'), k.cmd('call')], center: ios(k) }, body: [body], navbar3: !ios(k) && rng.bool(0.3) },
    };
  }
  const names = people(k, rng.int(7, 9));
  const items = names.map((n, i) => {
    const id = k.id(`conv-${i}`);
    k.hint(id, 'open-chat', { name: n });
    return { id, title: n, sub: fromList(k, 'chatLines', 1)[0], meta: i < 3 ? k.clock(rng.int(8, 22), rng.int(0, 59)) : i < 5 ? t('yesterday') : k.shortDate(rng.int(1, 12), rng.int(1, 28)), lead: { initials: initials(n), color: rng.pick(COLORS) }, badge: rng.bool(0.3) ? String(rng.int(1, 9)) : '', unread: rng.bool(0.3) };
  });
  const search = toolbar(t('search'), [{ kind: 'search', id: k.id('search'), placeholder: t('search') }]);
  k.hint((search.items as Array<{ id: string }>)[0]!.id, 'search-generic');
  return {
    title: t('messages'),
    spec: {
      appbar: { title: t('messages'), large: ios(k), actions: ios(k) ? [k.btn('edit', { label: t('edit'), variant: 'ghost', act: 'cmd:edit' }), k.cmd('new-chat')] : [k.cmd('search'), k.cmd('more-v')] },
      body: [search, { t: 'list', label: t('messages'), items, cls: 'flush' }],
      tabbar: ios(k) ? null : tabbar(k, [['ph.chats', 'message-circle'], ['ph.updates', 'circle-dashed'], ['ph.communities', 'users'], ['ph.calls', 'phone']], 0),
      fab: ios(k) ? null : k.cmd('new-chat', { variant: 'icon' }),
    },
  };
};

// ------------------------------------------------------------------------------------------ shopping

const shop: PhoneApp = (k) => {
  const { rng, t } = k;
  const q = fromList(k, 'products', 1)[0]!;
  const chips = [t('all'), t('ph.deals'), t('ph.newIn'), t('ph.freeShipping'), t('ph.topRated')].map((l, i) => k.btn(`chip-${i}`, { label: l, variant: 'chip', selected: i === 0, act: 'filter', args: { name: l, state: i === 0 ? 'on' : 'off' } }));
  const prods = fromList(k, 'products', 4);
  const cards: Block = {
    t: 'cards', label: t('ph.products'), cols: 2, cls: 'k-phonecards',
    items: prods.map((p, i) => {
      const id = k.id(`prod-${i}`);
      k.hint(id, 'open-product', { product: p });
      return { id, title: p, link: true, price: k.money(rng.int(5, 300)), meta: `${k.num(rng.int(30, 50) / 10, 1)}/5 (${rng.int(3, 900)})`, media: { icon: rng.pick(['shirt', 'watch', 'headphones', 'coffee', 'lamp', 'camera', 'shopping-bag']), size: 40, bg: gradient(k), h: 130, tag: rng.bool(0.3) ? `-${rng.int(10, 50)}%` : '' }, btns: [k.btn(`cart-${i}`, { icon: 'shopping-cart', title: `${t('ph.addToCart')}: ${p}`, variant: 'primary', act: 'add-to-cart', args: { product: p } }), k.btn(`wish-${i}`, { icon: 'heart', title: `${t('ph.wishlist')}: ${p}`, variant: 'default', act: 'wishlist', args: { product: p } })] };
    }),
  };
  const searchId = k.id('search');
  k.hint(searchId, 'search-products');
  return {
    title: t('ph.shop'),
    spec: {
      appbar: { title: rng.pick(['Marketly', 'Cartwheel', 'Basket', 'Shoply']), actions: [k.cmd('scan'), k.cmd('notifications')] },
      body: [toolbar(t('search'), [{ kind: 'search', id: searchId, placeholder: t('ph.searchProducts'), value: k.state === 'filled' ? q : '' }]), toolbar(t('filter'), chips, 'k-chips'), cards],
      tabbar: tabbar(k, [['home', 'house'], ['ph.categories', 'layout-grid'], ['cart', 'shopping-cart'], ['profile', 'user']], 0, [2, String(rng.int(1, 9))]),
    },
  };
};

// ------------------------------------------------------------------------------------------ maps

const maps: PhoneApp = (k) => {
  const { rng, t } = k;
  const roads = Array.from({ length: 9 }, () => `<path d="M${rng.int(-50, 450)} ${rng.int(-50, 0)} C ${rng.int(0, 400)} ${rng.int(200, 400)}, ${rng.int(0, 400)} ${rng.int(400, 600)}, ${rng.int(-50, 450)} ${rng.int(800, 850)}" stroke="var(--map-road, #fff)" stroke-width="${rng.pick([6, 10, 14])}" fill="none"/>`).join('');
  const cross = Array.from({ length: 6 }, () => `<path d="M-20 ${rng.int(0, 800)} L 420 ${rng.int(0, 800)}" stroke="var(--map-road, #fff)" stroke-width="${rng.pick([5, 8])}" fill="none"/>`).join('');
  const water = `<path d="M0 ${rng.int(500, 650)} Q 200 ${rng.int(450, 700)} 400 ${rng.int(550, 700)} L400 800 L0 800Z" fill="#a8d4f0"/>`;
  const park = `<rect x="${rng.int(20, 200)}" y="${rng.int(80, 300)}" width="${rng.int(80, 160)}" height="${rng.int(60, 140)}" rx="10" fill="#bfe3b4"/>`;
  const places = Array.from({ length: 4 }, () => ({ name: `${k.faker.location.street()}`, cat: t(rng.pick(['ph.cafe', 'ph.museum', 'ph.park', 'ph.restaurant', 'ph.pharmacy'])) }));
  const pins = places.map((p, i) => {
    const id = k.id(`pin-${i}`);
    k.hint(id, 'open-place', { name: p.name });
    return { id, label: `${p.cat}: ${p.name}`, x: rng.int(15, 85), y: rng.int(25, 60), sel: i === 0 };
  });
  const map: Block = { t: 'map', label: t('app.maps'), svg: water + park + roads + cross, pins, labels: [{ x: rng.int(30, 70), y: rng.int(15, 80), t: place(k) }], fabs: [k.cmd('layers'), k.cmd('locate')] };
  const searchId = k.id('search');
  k.hint(searchId, 'search-places');
  const sheet: Block = { t: 'list', label: places[0]!.name, cls: 'k-mapsheet', title: places[0]!.name, sub: `${places[0]!.cat} · ${rng.int(1, 30) / 10} km`, headBtns: [k.cmd('close')], items: [
    { id: k.id('dir'), title: t('ph.directions'), sub: `${rng.int(3, 40)} min`, lead: { icon: 'navigation', size: 18 }, trail: k.cmd('directions', { variant: 'primary' }) },
    { id: k.id('hours'), title: t('ph.openNow'), sub: `${k.clock(rng.int(7, 10), 0)} – ${k.clock(rng.int(17, 22), 0)}`, lead: { icon: 'clock', size: 18 } },
    { id: k.id('callp'), title: k.faker.phone.number(), lead: { icon: 'phone', size: 18 }, trail: k.cmd('call') },
  ] };
  return {
    title: t('app.maps'),
    spec: { appbar: null, body: [box('col', [toolbar(t('search'), [{ kind: 'search', id: searchId, placeholder: t('ph.searchHere') }, k.btn('avatar', { label: initials(k.persona.name), variant: 'ghost', cls: 'k-userbtn', title: t('account'), act: 'cmd:user-menu' })], 'k-mapsearch'), map, sheet], 'grow k-mapscreen')], tabbar: ios(k) ? null : tabbar(k, [['explore', 'map-pin'], ['ph.go', 'car'], ['ph.saved', 'bookmark'], ['ph.contribute', 'circle-plus']], 0) },
  };
};

// ------------------------------------------------------------------------------------------ settings (iOS; Android uses the original family)

const settings: PhoneApp = (k) => {
  const { rng, t } = k;
  const row = (key: string, icon: string, color: string, value: string | boolean) => {
    const id = k.id(`set-${key.replace(/\W/g, '')}`);
    const label = t(key);
    if (typeof value === 'boolean') {
      const sw = { id: `${id}-sw`, on: value, labelledby: `${id}-t` };
      k.hint(sw.id, 'toggle', { name: label, state: value ? 'on' : 'off' });
      return { id, title: label, lead: { icon, size: 18, bg: color, color: '#fff' }, toggle: sw };
    }
    k.hint(id, 'open-setting', { name: label });
    return { id, title: label, meta: value, lead: { icon, size: 18, bg: color, color: '#fff' }, trail: null };
  };
  const acct: Block = { t: 'list', label: t('account'), items: [{ id: k.id('acct'), title: k.persona.name, sub: t('ph.appleAccount'), lead: { initials: initials(k.persona.name), color: rng.pick(COLORS) } }] };
  k.hint((acct.items as Array<{ id: string }>)[0]!.id, 'edit-profile');
  const g1: Block = { t: 'list', label: t('network'), items: [row('ph.airplane', 'plane', '#ff9500', rng.bool(0.2)), row('wifi', 'wifi', '#007aff', rng.pick(['Home-5G', 'Office', place(k)])), row('bluetooth', 'bluetooth', '#007aff', t('on')), row('ph.cellular', 'antenna', '#34c759', ''), row('ph.hotspot', 'link', '#34c759', t('off'))] };
  const g2: Block = { t: 'list', label: t('notifications'), items: [row('notifications', 'bell', '#ff3b30', ''), row('ph.sounds', 'volume-2', '#ff2d55', ''), row('ds.focus', 'moon', '#5856d6', ''), row('ph.screenTime', 'hourglass', '#5856d6', '')] };
  const g3: Block = { t: 'list', label: t('general'), items: [row('general', 'settings', '#8e8e93', ''), row('ph.controlCentre', 'sliders-horizontal', '#8e8e93', ''), row('ph.displayBrightness', 'sun', '#007aff', ''), row('ds.s.lowPower', 'battery-low', '#34c759', rng.bool(0.3))] };
  const searchId = k.id('search');
  k.hint(searchId, 'search-settings');
  return {
    title: t('settings'),
    spec: { appbar: { title: t('settings'), large: true }, body: [toolbar(t('search'), [{ kind: 'search', id: searchId, placeholder: t('search') }]), acct, g1, g2, g3] },
  };
};

// ------------------------------------------------------------------------------------------ banking

const banking: PhoneApp = (k) => {
  const { rng, t } = k;
  const bal = rng.int(200, 40000);
  const card: Block = { t: 'stats', label: t('ph.balance'), cls: 'k-balance', items: [{ label: t('ph.checking'), value: k.money(bal + rng.int(0, 99) / 100), delta: `${t('ph.available')}: ${k.money(bal)}`, up: true }] };
  const actions = toolbar(t('ph.quickActions'), [k.cmd('transfer', { iconText: true }), k.cmd('pay', { iconText: true }), k.cmd('topup', { iconText: true }), k.cmd('bills', { iconText: true })], 'k-quick');
  const merchants = [...fromList(k, 'merchants', 4), ...people(k, 2)];
  const tx = merchants.map((m, i) => {
    const id = k.id(`tx-${i}`);
    const amt = rng.int(3, 600) + rng.int(0, 99) / 100;
    const income = rng.bool(0.25);
    k.hint(id, 'open-transaction', { name: m });
    return { id, title: m, sub: k.shortDate(rng.int(1, 12), rng.int(1, 28)), meta: `${income ? '+' : '−'}${k.money(amt)}`, lead: { icon: income ? 'arrow-down-left' : rng.pick(['shopping-bag', 'coffee', 'car', 'receipt', 'utensils']), size: 18 } };
  });
  const list: Block = { t: 'list', label: t('ph.transactions'), title: t('ph.transactions'), headBtns: [k.btn('seeall', { label: t('viewAll'), variant: 'link', act: 'see-all' })], items: tx };
  return {
    title: t('ph.bank'),
    spec: {
      appbar: { title: `${t('ph.hello')}, ${k.persona.name.split(/\s+/)[0]}`, lead: ios(k) ? null : k.btn('avatar', { label: initials(k.persona.name), variant: 'ghost', cls: 'k-userbtn', title: t('profile'), act: 'open-profile' }), actions: [k.cmd('hide-balance'), k.cmd('notifications')] },
      body: [card, actions, list],
      tabbar: tabbar(k, [['home', 'house'], ['ph.cards', 'credit-card'], ['ph.payments', 'arrow-left-right'], ['ph.insights', 'chart-pie'], ['profile', 'user']], 0),
    },
  };
};

// ------------------------------------------------------------------------------------------ social feed

const feed: PhoneApp = (k) => {
  const { rng, t } = k;
  const stories = people(k, 5).map((n, i) => k.btn(`story-${i}`, { label: initials(n), title: `${t('ph.story')}: ${n}`, variant: 'ghost', cls: 'k-story', act: 'open-story', args: { name: n } }));
  return {
    title: t('ph.feed'),
    spec: {
      appbar: { title: rng.pick(['Snapgram', 'Loop', 'Pixelfeed', 'Murmur']), actions: [k.cmd('favorite'), k.btn('dm', { icon: 'send', title: t('messages'), act: 'open-messages' })] },
      body: [toolbar(t('ph.stories'), stories, 'k-stories'), { t: 'feed', label: t('ph.feed'), posts: posts(k, 3) }],
      tabbar: tabbar(k, [['home', 'house'], ['search', 'search'], ['ph.create', 'square-plus'], ['ph.reels', 'clapperboard'], ['profile', 'user']], 0),
    },
  };
};

/** Phone apps by kind. */
export const PHONE_APPS: Record<string, PhoneApp> = { chat, shop, maps, 'phone-settings': settings, banking, feed };
