/**
 * `mobile.android.settings`: a Material 3 settings screen on an Android phone (412x915 or 390x844
 * CSS px at device scale factor 3, touch). Two layouts: the settings tab of a shopping app (account
 * card, notification / preference switches, bottom navigation bar) or a system Settings sub-page
 * (Network & internet, Display, Sound) with a back arrow and the gesture handle.
 */
import type { BuiltPage, ControlHint } from '../../common.js';
import { L, initials, type LegacyApp, type LegacyContext } from './context.js';
import { buildDocument, renderTemplate } from '../../templating.js';

/** Material 3 tonal palettes (light / dark roles) from a few seed colours. */
const PALETTES = [
  { name: 'purple', light: ['#6750a4', '#ffffff', '#eaddff', '#21005d', '#e8def8', '#1d192b'], dark: ['#d0bcff', '#381e72', '#4f378b', '#eaddff', '#4a4458', '#e8def8'] },
  { name: 'green', light: ['#386a20', '#ffffff', '#b8f397', '#042100', '#d7e8cd', '#121f0e'], dark: ['#9cd67d', '#0c3900', '#205107', '#b8f397', '#3b4b35', '#d7e8cd'] },
  { name: 'blue', light: ['#0061a4', '#ffffff', '#d1e4ff', '#001d36', '#d7e3f7', '#101c2b'], dark: ['#9ecaff', '#003258', '#00497d', '#d1e4ff', '#3b4858', '#d7e3f7'] },
  { name: 'teal', light: ['#006a6a', '#ffffff', '#6ff7f6', '#002020', '#cce8e7', '#051f1f'], dark: ['#4cdada', '#003737', '#004f4f', '#6ff7f6', '#324b4b', '#cce8e7'] },
  { name: 'orange', light: ['#8b5000', '#ffffff', '#ffdcbe', '#2c1600', '#f2dfd1', '#251a11'], dark: ['#ffb870', '#4a2800', '#693c00', '#ffdcbe', '#51443a', '#f2dfd1'] },
];

interface Row {
  id: string;
  icon: string;
  title: string;
  summary: string;
  kind: 'nav' | 'switch';
  on: boolean;
  titleId: string;
  summaryId: string;
  danger?: boolean;
}

/** Builds the Android settings page for one sample. */
function build(ctx: LegacyContext): BuiltPage {
  const { rng, faker, locale, theme, persona, device } = ctx;
  const zh = locale === 'zh-CN';
  const t = <T,>(en: T, zhv: T) => L(locale, en, zhv);
  const hints: Record<string, ControlHint> = {};
  const variant = rng.weighted(['app', 'system'] as const, [0.6, 0.4]);
  const pal = rng.pick(PALETTES);
  const roles = theme === 'dark' ? pal.dark : pal.light;
  const hour = rng.int(7, 22);
  const clock = `${hour}:${String(rng.int(0, 59)).padStart(2, '0')}`;
  const battery = rng.int(18, 100);

  let n = 0;
  const row = (icon: string, title: string, summary: string, kind: 'nav' | 'switch', on = false, danger = false): Row => {
    const id = `row-${n++}`;
    const r: Row = { id, icon, title, summary, kind, on, titleId: `${id}-t`, summaryId: `${id}-s`, danger };
    if (kind === 'switch') hints[`${id}-sw`] = { action: 'toggle', args: { name: title, state: on ? 'on' : 'off' } };
    else hints[id] = { action: danger ? 'sign-out' : 'open-setting', args: { name: title } };
    return r;
  };

  const sections: Array<{ title: string; rows: Row[] }> = [];
  let title: string;
  let account: { name: string; email: string; initials: string; color: string } | null = null;
  let navItems: Array<{ id: string; icon: string; label: string; selected: boolean; badge: string }> = [];
  let appName = '';
  let page = '';

  if (variant === 'app') {
    appName = rng.pick(zh ? ['优选商城', '拼好物', '乐购', '集市'] : ['ShopMate', 'Cartly', 'Basket', 'Marketly']);
    title = t('Settings', '设置');
    page = 'app-settings';
    account = { name: persona.name, email: persona.email, initials: initials(persona.name), color: roles[0]! };
    hints['acct-edit'] = { action: 'edit-profile' };
    const notif = [
      row('package', t('Order updates', '订单动态'), t('Shipping and delivery status', '发货与配送状态'), 'switch', rng.bool(0.8)),
      row('tag', t('Deals and promotions', '优惠与促销'), t('Sales picked for you', '为你精选的折扣'), 'switch', rng.bool(0.4)),
      row('bell', t('Price drop alerts', '降价提醒'), t('Items on your wish list', '心愿单中的商品'), 'switch', rng.bool(0.5)),
    ];
    if (rng.bool(0.5)) notif.push(row('mail', t('Email newsletter', '邮件订阅'), t('Weekly, every Monday', '每周一发送'), 'switch', rng.bool(0.3)));
    const prefs = [
      row('moon', t('Dark theme', '深色主题'), t('Use a dark background', '使用深色背景'), 'switch', theme === 'dark'),
      row('languages', t('Language', '语言'), t('English (United States)', '简体中文'), 'nav'),
      row('credit-card', t('Payment methods', '支付方式'), zh ? `${rng.pick(['招商银行', '工商银行', '支付宝'])} ···· ${rng.int(1000, 9999)}` : `Visa ···· ${rng.int(1000, 9999)}`, 'nav'),
      row('map-pin', t('Addresses', '收货地址'), zh ? `${faker.location.city()}${faker.location.street()}` : `${faker.location.streetAddress()}, ${faker.location.city()}`, 'nav'),
    ];
    if (rng.bool(0.5)) prefs.splice(1, 0, row('map-pin', t('Location access', '位置信息'), t('Show nearby pickup points', '显示附近的自提点'), 'switch', rng.bool(0.6)));
    const more = [
      row('shield', t('Privacy', '隐私'), t('Permissions, ad settings', '权限、广告设置'), 'nav'),
      row('circle-help', t('Help & feedback', '帮助与反馈'), '', 'nav'),
      row('info', t('About', '关于'), `${t('Version', '版本')} ${rng.int(3, 9)}.${rng.int(0, 30)}.${rng.int(0, 9)}`, 'nav'),
      row('log-out', t('Sign out', '退出登录'), '', 'nav', false, true),
    ];
    sections.push({ title: t('Notifications', '通知'), rows: notif }, { title: t('Preferences', '偏好设置'), rows: prefs }, { title: t('More', '更多'), rows: more });
    const cartCount = rng.bool(0.7) ? String(rng.int(1, 9)) : '';
    navItems = [
      { id: 'nav-home', icon: 'house', label: t('Home', '首页'), selected: false, badge: '' },
      { id: 'nav-explore', icon: 'layout-grid', label: t('Categories', '分类'), selected: false, badge: '' },
      { id: 'nav-cart', icon: 'shopping-cart', label: t('Cart', '购物车'), selected: false, badge: cartCount },
      { id: 'nav-me', icon: 'user', label: t('Me', '我的'), selected: true, badge: '' },
    ];
    for (const it of navItems) hints[it.id] = { action: 'nav-tab', args: { name: it.label } };
  } else {
    page = rng.pick(['network', 'display', 'sound']);
    hints['bar-back'] = { action: 'navigate-up' };
    const ssid = zh ? rng.pick(['家里的WiFi', 'ChinaNet-5G', 'TP-LINK_8A2F', '办公室']) : rng.pick(['Home-5G', `${faker.person.lastName()} WiFi`, 'Office', 'NETGEAR42']);
    if (page === 'network') {
      title = t('Network & internet', '网络和互联网');
      sections.push({
        title: '',
        rows: [
          row('wifi', t('Internet', '互联网'), ssid, 'nav'),
          row('smartphone', t('SIMs', 'SIM 卡'), zh ? rng.pick(['中国移动', '中国联通', '中国电信']) : rng.pick(['T-Mobile', 'Verizon', 'AT&T', 'Google Fi']), 'nav'),
          row('plane', t('Airplane mode', '飞行模式'), '', 'switch', rng.bool(0.2)),
          row('signal', t('Hotspot & tethering', '热点和网络共享'), t('Off', '已关闭'), 'nav'),
          row('arrow-up-down', t('Data Saver', '流量节省程序'), '', 'switch', rng.bool(0.3)),
          row('lock', t('VPN', 'VPN'), t('None', '无'), 'nav'),
          row('shield', t('Private DNS', '私人 DNS'), t('Automatic', '自动'), 'nav'),
          row('sparkles', t('Adaptive connectivity', '自适应连接'), '', 'switch', rng.bool(0.7)),
        ],
      });
    } else if (page === 'display') {
      title = t('Display', '显示');
      sections.push(
        {
          title: t('Brightness', '亮度'),
          rows: [
            row('sun', t('Brightness level', '亮度'), `${rng.int(20, 95)}%`, 'nav'),
            row('sparkles', t('Adaptive brightness', '自动调节亮度'), t('Optimise brightness for surroundings', '根据环境光线调节亮度'), 'switch', rng.bool(0.7)),
          ],
        },
        {
          title: t('Lock display', '锁定屏幕'),
          rows: [
            row('clock', t('Screen timeout', '屏幕超时'), zh ? `${rng.pick([30, 60])} 秒无操作后` : `After ${rng.pick([30, 60])} seconds of inactivity`, 'nav'),
            row('eye', t('Always show time and info', '始终显示时间和信息'), '', 'switch', rng.bool(0.5)),
          ],
        },
        {
          title: t('Appearance', '外观'),
          rows: [
            row('moon', t('Dark theme', '深色主题'), t('Will never turn on automatically', '一律不自动开启'), 'switch', theme === 'dark'),
            row('palette', t('Night Light', '护眼模式'), t('Off', '已关闭'), 'nav'),
            row('rotate-cw', t('Auto-rotate screen', '自动旋转屏幕'), '', 'switch', rng.bool(0.5)),
          ],
        },
      );
    } else {
      title = t('Sound & vibration', '提示音和振动');
      sections.push({
        title: '',
        rows: [
          row('volume-2', t('Media volume', '媒体音量'), `${rng.int(10, 100)}%`, 'nav'),
          row('vibrate', t('Vibration & haptics', '振动和触感反馈'), t('On', '已开启'), 'nav'),
          row('bell-off', t('Do Not Disturb', '勿扰模式'), t('Off', '已关闭'), 'nav'),
          row('smartphone-nfc', t('Phone ringtone', '手机铃声'), rng.pick(['Pixel Sounds', 'Flutterby', 'Copycat']), 'nav'),
          row('bell', t('Default notification sound', '默认通知提示音'), rng.pick(['Chime', 'Beacon', 'Crystal']), 'nav'),
          row('vibrate', t('Vibrate for calls', '来电时振动'), '', 'switch', rng.bool(0.6)),
          row('lock', t('Screen locking sound', '屏幕锁定提示音'), '', 'switch', rng.bool(0.5)),
          row('volume-2', t('Charging sounds and vibration', '充电提示音和振动'), '', 'switch', rng.bool(0.5)),
        ],
      });
    }
  }
  hints['bar-search'] = { action: 'search-settings' };
  hints['bar-more'] = { action: 'more-options' };

  const view = {
    s: {
      back: t('Navigate up', '向上导航'),
      search: t('Search settings', '搜索设置'),
      more: t('More options', '更多选项'),
      edit: t('Edit profile', '编辑个人资料'),
      nav: t('Navigation bar', '导航栏'),
      settings: title,
    },
    variant,
    isApp: variant === 'app',
    appName,
    title,
    clock,
    battery,
    sections,
    account,
    navItems,
    device,
  };
  const body = renderTemplate('legacy/mobile.android.settings/page.hbs', view);
  const style = [
    `--primary:${roles[0]}`,
    `--on-primary:${roles[1]}`,
    `--primary-container:${roles[2]}`,
    `--on-primary-container:${roles[3]}`,
    `--secondary-container:${roles[4]}`,
    `--on-secondary-container:${roles[5]}`,
  ].join(';');
  const html = buildDocument({
    lang: locale,
    theme,
    title,
    fonts: [{ pkg: 'roboto', weights: [400, 500, 700] }, ...(zh ? [{ pkg: 'noto-sans-sc', weights: [400, 500, 700] }] : [])],
    css: ['legacy/themes/material3.css', 'legacy/mobile.android.settings/settings.css'],
    body: `<div class="phone" style="${style}">\n${body}\n</div>`,
    bodyClass: `android ${zh ? 'cjk' : 'latin'}`,
    viewportMeta: 'width=device-width, initial-scale=1, viewport-fit=cover',
  });
  return {
    html,
    hints,
    params: { variant, page, palette: pal.name, rows: sections.reduce((a, s) => a + s.rows.length, 0), app: appName || null },
  };
}

/** `app: legacy-android-settings` (family mobile.android.settings). */
export const LEGACY_ANDROID_SETTINGS: LegacyApp = { platform: 'mobile.android', locales: ['en-US', 'zh-CN'], build };
