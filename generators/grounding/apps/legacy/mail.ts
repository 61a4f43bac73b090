/**
 * `desktop.macos.mail`: a macOS (Sonoma-style) Mail window on a desktop with the menu bar: traffic
 * lights, unified toolbar with icon buttons and a search field, sidebar mailboxes with unread counts,
 * message list, reading pane with reply / forward buttons.
 */
import type { BuiltPage, ControlHint } from '../../common.js';
import { L, initials, squash, type LegacyApp, type LegacyContext } from './context.js';
import { buildDocument, renderTemplate } from '../../templating.js';
import { WALLPAPERS } from '../../screens/shells.js';

const EN_TOPICS_FALLBACK = ['budget review', 'launch plan', 'customer feedback', 'hiring plan', 'offsite agenda'];
const ZH_TOPICS = [
  '季度预算', '产品路线图', '客户反馈', '招聘计划', '年度总结', '市场活动', '新版本发布', '服务器迁移', '团建安排',
  '合同续签', '周会纪要', '设计评审', '用户调研', '数据报表', '培训安排',
];
const ZH_EVENTS = ['部门例会', '牙医预约', '项目评审', '家长会', '体检', '航班值机'];
const EN_EVENTS = ['team offsite', 'dentist appointment', 'design review', 'parent-teacher meeting', 'quarterly all-hands'];
const EN_FOLDERS = ['Receipts', 'Travel', 'Projects', 'Family', 'Newsletters', 'Finance', 'Clients', 'Recipes', 'School'];
const ZH_FOLDERS = ['收据', '旅行', '项目', '家庭', '订阅', '财务', '客户', '食谱', '学校'];
const ACCENTS = ['#007aff', '#7d54d6', '#e0457b', '#f2870c', '#2fa84f', '#8c8c8c'];
/** The first five desktop wallpapers (this page predates the two others). */
const MAIL_WALLPAPERS = WALLPAPERS.slice(0, 5);

interface Msg {
  id: string;
  from: string;
  fromEmail: string;
  subject: string;
  preview: string;
  body: string[];
  date: string;
  /** Clock time shown in the reading pane. */
  time: string;
  unread: boolean;
  flagged: boolean;
  attachment: { name: string; size: string } | null;
  selected: boolean;
  avatarColor: string;
}

const AVATAR_COLORS = ['#8e8e93', '#5e9ee8', '#e8805e', '#6cc06c', '#b07ee8', '#e8c25e', '#e86c9a', '#5ec7c2'];

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** Builds the mail page for one sample. */
function build(ctx: LegacyContext): BuiltPage {
  const { rng, faker, locale, theme, persona } = ctx;
  const zh = locale === 'zh-CN';
  const t = <T,>(en: T, zhv: T) => L(locale, en, zhv);
  const hints: Record<string, ControlHint> = {};

  // ---- time base (deterministic, no clock) ----
  const year = rng.pick([2024, 2025]);
  const month = rng.int(1, 12);
  const day = rng.int(8, 28);
  const weekdayIdx = rng.int(0, 6);
  const EN_WD = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const ZH_WD = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
  const EN_WD_LONG = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const ZH_WD_LONG = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];
  const EN_MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const hourNow = rng.int(9, 17);
  const minNow = rng.int(0, 59);
  const fmtTime = (h: number, m: number) =>
    zh ? `${h < 12 ? '上午' : '下午'}${h % 12 === 0 ? 12 : h % 12}:${pad2(m)}` : `${h % 12 === 0 ? 12 : h % 12}:${pad2(m)} ${h < 12 ? 'AM' : 'PM'}`;
  const clock = zh
    ? `${month}月${day}日 ${ZH_WD[weekdayIdx]} ${fmtTime(hourNow, minNow)}`
    : `${EN_WD[weekdayIdx]} ${EN_MON[month - 1]} ${day}  ${fmtTime(hourNow, minNow)}`;

  // ---- mailboxes ----
  const inboxTotal = rng.int(40, 2400);
  const unreadInbox = rng.int(1, 40);
  const account = rng.pick(['iCloud', 'Gmail', 'Exchange', 'Outlook']);
  const folders = rng.sample(zh ? ZH_FOLDERS : EN_FOLDERS, rng.int(1, 3));
  const selectedBox = 'inbox';
  const favorites = [
    { key: 'inbox', icon: 'inbox', label: t('Inbox', '收件箱'), count: String(unreadInbox) },
    { key: 'vip', icon: 'star', label: 'VIP', count: rng.bool(0.4) ? String(rng.int(1, 6)) : '' },
    { key: 'flagged', icon: 'flag', label: t('Flagged', '旗标'), count: '' },
    { key: 'drafts', icon: 'file-text', label: t('Drafts', '草稿'), count: rng.bool(0.5) ? String(rng.int(1, 9)) : '' },
    { key: 'sent', icon: 'send', label: t('Sent', '已发送'), count: '' },
  ];
  const accountBoxes = [
    { key: 'archive', icon: 'archive', label: t('Archive', '归档'), count: '' },
    { key: 'junk', icon: 'archive-x', label: t('Junk', '垃圾邮件'), count: rng.bool(0.5) ? String(rng.int(1, 30)) : '' },
    { key: 'trash', icon: 'trash-2', label: t('Trash', '废纸篓'), count: '' },
    ...folders.map((f, i) => ({ key: `folder${i}`, icon: 'folder', label: f, count: '' })),
  ];
  const mk = (b: { key: string; icon: string; label: string; count: string }) => {
    const id = `mbx-${b.key}`;
    hints[id] = { action: 'open-mailbox', args: { name: b.label } };
    return { ...b, id, selected: b.key === selectedBox };
  };
  const sidebar = [
    { title: t('Favorites', '个人收藏'), rows: favorites.map(mk) },
    { title: account, rows: accountBoxes.map(mk) },
  ];

  // ---- messages ----
  const topic = (): string => {
    if (zh) return rng.pick(ZH_TOPICS);
    const s = `${faker.company.buzzAdjective()} ${faker.company.buzzNoun()}`;
    return s.length > 34 ? rng.pick(EN_TOPICS_FALLBACK) : s;
  };
  const firstName = persona.name.split(' ')[0] ?? persona.name;
  const greet = () => (zh ? rng.pick([`${persona.name}，你好：`, `${persona.name}：`, '你好，']) : rng.pick([`Hi ${firstName},`, `Hello ${firstName},`, `Hey ${firstName},`]));
  const sentences = (k: number): string[] => {
    const pool = sentencePool();
    return rng.sample(pool, k);
  };
  const sentencePool = (): string[] => {
    const tp = topic();
    const wd = zh ? rng.pick(ZH_WD_LONG) : rng.pick(EN_WD_LONG);
    const n = rng.int(2, 9);
    const city = faker.location.city();
    const product = zh ? rng.pick(['样品', '新显示器', '会议资料', '快递', '打印纸', '门禁卡']) : rng.pick(['package', 'new monitor', 'sample kit', 'badge', 'printer paper', 'laptop charger']);
    return (
      zh
        ? [
            `关于${tp}，我整理了一份初稿，请你有空看一下。`,
            `我们能否在${wd}下午${n}点开个短会，讨论一下${tp}？`,
            `附件是最新版本，主要改动在第${n}页。`,
            `你要的${product}已经到了，放在前台。`,
            `下周我在${city}出差，有事可以随时电话联系。`,
            `请在${wd}之前确认，谢谢！`,
            `大家对${tp}的反馈总体不错，还有几处细节需要调整。`,
            `财务那边需要我们在本月${n + 18}日前提交报销单。`,
            `如果时间不合适，告诉我一个你方便的时间。`,
            `这周的数据比上周增长了${n}%，详情见下方表格。`,
          ]
        : [
            `I put together a first draft of the ${tp} — could you take a look when you have a minute?`,
            `Can we grab ${n * 5} minutes on ${wd} afternoon to go over the ${tp}?`,
            `The latest version is attached; most of the changes are on page ${n}.`,
            `The ${product} you asked about arrived this morning and is at the front desk.`,
            `I'll be travelling to ${city} next week, so call me if anything urgent comes up.`,
            `Please confirm by ${wd} if you can. Thanks!`,
            `Feedback on the ${tp} has been mostly positive, with a few details left to fix.`,
            `Finance needs all expense reports submitted by the ${n + 18}th.`,
            `If that time doesn't work, just let me know what suits you better.`,
            `Numbers are up ${n}% on last week; the full table is below.`,
          ]
    );
  };
  const subjectOf = (): string => {
    const tp = topic();
    const wd = zh ? rng.pick(ZH_WD_LONG) : rng.pick(EN_WD_LONG);
    const num = rng.int(100000, 999999);
    return rng.pick(
      zh
        ? [
            `回复：${tp}`, `${tp}：下一步计划`, `您的订单 #${num} 已发货`, `${month}月账单`, `${wd}一起吃午饭？`,
            `前往${faker.location.city()}的航班已确认`, `本周例会纪要`, `关于${tp}的一个问题`, `周末的照片`,
            `提醒：明天${rng.pick(ZH_EVENTS)}`, `${tp}初稿，请查收`,
          ]
        : [
            `Re: ${tp}`, `${tp}: next steps`, `Your order #${num} has shipped`, `Invoice for ${EN_MON[month - 1]} ${year}`,
            `Lunch on ${wd}?`, `Flight to ${faker.location.city()} confirmed`, `Weekly sync notes`,
            `Quick question about the ${tp}`, `Photos from the weekend`, `Reminder: ${rng.pick(EN_EVENTS)} tomorrow`,
          ],
    );
  };
  const nMsgs = rng.int(8, 11);
  const selIdx = rng.int(0, 2);
  const msgs: Msg[] = [];
  let h = hourNow;
  let m = minNow;
  for (let i = 0; i < nMsgs; i++) {
    const fn = faker.person.firstName();
    const ln = faker.person.lastName();
    const from = zh ? `${ln}${fn}` : `${fn} ${ln}`;
    const fromEmail = `${faker.string.alpha({ length: { min: 3, max: 7 }, casing: 'lower' })}@${faker.internet.domainName()}`;
    const ss = sentences(rng.bool(0.6) ? 3 : 2);
    const paras = [greet(), ss.slice(0, 2).join(zh ? '' : ' '), ...ss.slice(2)];
    const signoff = zh ? `祝好\n${from}` : `${rng.pick(['Best', 'Thanks', 'Cheers', 'Regards'])},\n${fn}`;
    let date: string;
    let time = fmtTime(rng.int(7, 20), rng.int(0, 59));
    if (i < 3) {
      m -= rng.int(3, 50);
      while (m < 0) {
        m += 60;
        h -= 1;
      }
      date = fmtTime(Math.max(h, 7), m);
      time = date;
    } else if (i < 5) date = t('Yesterday', '昨天');
    else if (i < 8) date = zh ? ZH_WD_LONG[(weekdayIdx + 7 - (i - 3)) % 7]! : EN_WD_LONG[(weekdayIdx + 7 - (i - 3)) % 7]!;
    else {
      const dd = Math.max(1, day - i);
      date = zh ? `${year}/${month}/${dd}` : `${month}/${dd}/${String(year).slice(2)}`;
    }
    const hasAtt = rng.bool(0.3);
    const ext = rng.pick(['pdf', 'docx', 'xlsx', 'png', 'key', 'zip']);
    const attName = zh ? `${topic()}.${ext}` : `${faker.system.commonFileName(ext).replace(/\.[^.]+$/, '')}.${ext}`;
    const body = [...paras, signoff];
    // a mailbox rarely holds two messages with one subject: draw again (a few times) on a repeat
    let subject = subjectOf();
    for (let r = 0; r < 6 && msgs.some((x) => x.subject.toLowerCase() === subject.toLowerCase()); r++) subject = subjectOf();
    msgs.push({
      id: `msg-${i}`,
      from,
      fromEmail,
      subject: zh ? subject : subject.charAt(0).toUpperCase() + subject.slice(1),
      preview: squash(paras.slice(1).join(' ')).slice(0, 140),
      time,
      body,
      date,
      unread: i !== selIdx && rng.bool(0.35),
      flagged: rng.bool(0.12),
      attachment: hasAtt ? { name: attName, size: `${(rng.int(2, 95) / 10).toFixed(1)} MB` } : null,
      selected: i === selIdx,
      avatarColor: rng.pick(AVATAR_COLORS),
    });
  }
  // Subjects must differ between rows so "the email about X" stays unambiguous more often.
  for (const msg of msgs) {
    hints[msg.id] = { action: 'open-message', args: { from: msg.from, subject: msg.subject } };
  }
  const sel = msgs[selIdx]!;
  if (sel.attachment) hints['att-0'] = { action: 'open-attachment', args: { file: sel.attachment.name } };

  // ---- toolbar ----
  const toolbarReply = rng.bool(0.5);
  const withMute = rng.bool(0.5);
  const tb = (key: string, icon: string, label: string) => {
    const id = `tb-${key}`;
    hints[id] = { action: key };
    return { id, icon, label };
  };
  const groups = [
    [tb('get-mail', 'mail', t('Get Mail', '获取新邮件')), tb('compose', 'square-pen', t('New Message', '新邮件'))],
    [tb('archive', 'archive', t('Archive', '归档')), tb('delete', 'trash-2', t('Delete', '删除')), tb('junk', 'archive-x', t('Move to Junk', '移到垃圾邮件'))],
    ...(toolbarReply
      ? [[tb('reply', 'reply', t('Reply', '回复')), tb('reply-all', 'reply-all', t('Reply All', '全部回复')), tb('forward', 'forward', t('Forward', '转发'))]]
      : []),
    [tb('flag', 'flag', t('Flag', '添加旗标')), ...(withMute ? [tb('mute', 'bell-off', t('Mute', '静音'))] : [])],
  ];
  hints['mb-clock'] = { action: 'clock' }; // the menu-bar date and time (generators/grounding/phrases.ts `clock`)
  hints['tb-search'] = { action: 'search-mail' };
  hints['list-filter'] = { action: 'filter-unread' };
  hints['tb-sidebar'] = { action: 'toggle-sidebar' };
  hints['win-close'] = { action: 'window-close' };
  hints['win-min'] = { action: 'window-minimize' };
  hints['win-zoom'] = { action: 'window-zoom' };
  hints['rd-reply'] = { action: 'reply' };
  hints['rd-forward'] = { action: 'forward' };
  const readerButtons = [
    { id: 'rd-reply', icon: 'reply', label: t('Reply', '回复') },
    { id: 'rd-forward', icon: 'forward', label: t('Forward', '转发') },
  ];

  // ---- menu bar ----
  const menus = zh
    ? ['邮件', '文件', '编辑', '显示', '邮箱', '邮件', '格式', '窗口', '帮助']
    : ['Mail', 'File', 'Edit', 'View', 'Mailbox', 'Message', 'Format', 'Window', 'Help'];
  const menuItems = menus.map((label, i) => {
    const id = `menu-${i}`;
    hints[id] = { action: 'open-menu', args: { name: label } };
    return { id, label, app: i === 0 };
  });

  const margin = { top: rng.int(6, 26), side: rng.int(12, 60), bottom: rng.int(10, 40) };
  const sidebarW = rng.int(196, 232);
  const listW = rng.int(300, 360);
  const accent = rng.pick(ACCENTS);
  const wallpaper = rng.pick(MAIL_WALLPAPERS);
  const recipients = zh ? `${persona.name}` : persona.name;
  const fullDate = zh ? `${year}年${month}月${day}日 ${sel.time}` : `${EN_MON[month - 1]} ${day}, ${year} at ${sel.time}`;

  const view = {
    s: {
      menubar: t('Menu bar', '菜单栏'),
      windowControls: t('Window controls', '窗口控制按钮组'),
      close: t('Close', '关闭'),
      minimize: t('Minimize', '最小化'),
      zoom: t('Zoom', '缩放'),
      search: t('Search', '搜索'),
      filter: t('Filter by unread', '按未读过滤'),
      sidebar: t('Show sidebar', '显示边栏'),
      mailboxes: t('Mailbox list', '邮箱列表'),
      messages: t('Message list', '邮件列表'),
      toolbar: t('Toolbar', '工具栏'),
      to: t('To: ', '收件人：'),
      listTitle: t('Inbox', '收件箱'),
      listSub: zh ? `${inboxTotal} 封邮件，${unreadInbox} 封未读` : `${inboxTotal.toLocaleString('en-US')} messages, ${unreadInbox} unread`,
      reader: t('Reading pane', '阅读窗格'),
    },
    clock,
    menuItems,
    sidebar,
    groups,
    msgs,
    sel,
    selInitials: initials(sel.from),
    recipients,
    fullDate,
    readerButtons,
    layout: { ...margin, sidebarW, listW, accent, wallpaper },
  };
  const body = renderTemplate('legacy/desktop.macos.mail/page.hbs', view);
  const html = buildDocument({
    lang: locale,
    theme,
    title: t('Mail', '邮件'),
    fonts: [{ pkg: 'inter', weights: [400, 500, 600, 700] }, ...(zh ? [{ pkg: 'noto-sans-sc', weights: [400, 500, 700] }] : [])],
    css: ['legacy/themes/macos.css', 'legacy/desktop.macos.mail/mail.css'],
    body,
    bodyClass: `mac ${zh ? 'cjk' : 'latin'}`,
  });
  return {
    html,
    hints,
    params: {
      account,
      messages: nMsgs,
      selected_message: selIdx,
      toolbar_reply: toolbarReply,
      mute_button: withMute,
      accent,
      sidebar_width: sidebarW,
      list_width: listW,
    },
  };
}

/** `app: legacy-mail` (family desktop.macos.mail). */
export const LEGACY_MAIL: LegacyApp = { platform: 'desktop.macos', locales: ['en-US', 'zh-CN'], build };

