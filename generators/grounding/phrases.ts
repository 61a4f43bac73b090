/**
 * Phrase tables for the grounding query writer: per-locale role nouns, ordinals, landmark phrases,
 * icon descriptions, the function-phrase table (action key -> functional / text templates), the
 * accessible-name -> action table used for pages without hints (`--pages`), and per-family lists of
 * plausible controls for hard negatives.
 *
 * Templates use `{placeholder}` slots filled from a control hint's args (`{name}`, `{product}`, ...).
 */

/** Locales the query writer has templates for. */
export type QueryLocale = 'en-US' | 'zh-CN';

/** Localised pair. */
export interface Pair<T> {
  en: T;
  zh: T;
}

/** Localised value: English always, other languages (zh, ja, de, es, fr, ar) optional. */
export type Loc<T> = { en: T } & Partial<Record<'zh' | 'ja' | 'de' | 'es' | 'fr' | 'ar', T>>;

/** Role -> noun used in queries ("the Archive *button*"). Roles not listed use {@link OTHER_NOUN}. */
export const ROLE_NOUNS: Readonly<Record<string, Pair<string>>> = {
  button: { en: 'button', zh: '按钮' },
  link: { en: 'link', zh: '链接' },
  columnheader: { en: 'column header', zh: '列标题' },
  rowheader: { en: 'row header', zh: '行标题' },
  checkbox: { en: 'checkbox', zh: '复选框' },
  radio: { en: 'radio button', zh: '单选按钮' },
  switch: { en: 'switch', zh: '开关' },
  textbox: { en: 'text field', zh: '输入框' },
  searchbox: { en: 'search field', zh: '搜索框' },
  combobox: { en: 'dropdown', zh: '下拉框' },
  listbox: { en: 'list box', zh: '列表框' },
  spinbutton: { en: 'number field', zh: '数字输入框' },
  slider: { en: 'slider', zh: '滑块' },
  tab: { en: 'tab', zh: '标签页' },
  menuitem: { en: 'menu', zh: '菜单' },
  menuitemcheckbox: { en: 'menu item', zh: '菜单项' },
  menuitemradio: { en: 'menu item', zh: '菜单项' },
  option: { en: 'item', zh: '列表项' },
  treeitem: { en: 'item', zh: '项目' },
  heading: { en: 'heading', zh: '标题' },
  img: { en: 'icon', zh: '图标' },
  text: { en: 'text', zh: '文字' },
};
/** Noun for roles without an entry. */
export const OTHER_NOUN: Pair<string> = { en: 'element', zh: '元素' };

/** Roles whose accessible name is normally shown next to them (label, placeholder): usable as visible text. */
export const LABELLED_ROLES: ReadonlySet<string> = new Set([
  'checkbox', 'radio', 'switch', 'textbox', 'searchbox', 'combobox', 'spinbutton', 'slider', 'listbox',
]);

/** Roles that are interactive controls (functional and positional queries are written for these). */
export const INTERACTIVE_ROLES: ReadonlySet<string> = new Set([
  'button', 'link', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'checkbox', 'radio', 'switch', 'option',
  'treeitem', 'textbox', 'combobox', 'slider', 'searchbox', 'spinbutton', 'listbox',
]);

const EN_ORD = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const ZH_NUM = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/** "third" / "第三" (1-based). */
export function ordinal(n: number, locale: QueryLocale): string {
  if (locale === 'zh-CN') return `第${n <= 10 ? ZH_NUM[n - 1] : String(n)}`;
  if (n <= 10) return EN_ORD[n - 1]!;
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${s}`;
}

/** Landmark kinds the probe reports when a landmark has no label. */
const LANDMARK_KINDS: Readonly<Record<string, Pair<string>>> = {
  header: { en: 'the header', zh: '页眉' },
  nav: { en: 'the navigation bar', zh: '导航栏' },
  main: { en: 'the main area', zh: '主区域' },
  aside: { en: 'the sidebar', zh: '侧边栏' },
  footer: { en: 'the footer', zh: '页脚' },
  dialog: { en: 'the dialog', zh: '对话框' },
  form: { en: 'the form', zh: '表单' },
  search: { en: 'the search area', zh: '搜索区域' },
  region: { en: 'the section', zh: '该区域' },
  toolbar: { en: 'the toolbar', zh: '工具栏' },
  menubar: { en: 'the menu bar', zh: '菜单栏' },
  tablist: { en: 'the tab bar', zh: '标签栏' },
};
/** A probe landmark that is a kind (`nav`, `toolbar`: described, "the navigation bar"), not an accessible name shown or quoted. */
export const isLandmarkKind = (landmark: string): boolean => Object.prototype.hasOwnProperty.call(LANDMARK_KINDS, landmark);
const EN_STRUCT = /\b(bar|toolbar|sidebar|menu|list|panel|pane|navigation|section|area|header|footer|pagination|dialog|form|controls)$/i;
const ZH_STRUCT = /(栏|列表|区域|菜单|导航|面板|窗格|页眉|页脚|分页|对话框|表单|按钮组)$/;

/**
 * Phrase for "in <landmark>": a probe landmark is either a kind (`nav`, `toolbar`) or the landmark's
 * accessible name ("Mailbox list"). Returns e.g. `the mailbox list` / `邮箱列表`.
 */
export function landmarkPhrase(landmark: string, locale: QueryLocale): string {
  const k = LANDMARK_KINDS[landmark];
  if (k) return locale === 'zh-CN' ? k.zh : k.en;
  if (locale === 'zh-CN') return ZH_STRUCT.test(landmark) ? landmark : `“${landmark}”区域`;
  if (EN_STRUCT.test(landmark)) return `the ${/^[A-Z][a-z]/.test(landmark) ? landmark.charAt(0).toLowerCase() + landmark.slice(1) : landmark}`;
  return `the "${landmark}" section`;
}

/** lucide icon name -> how people describe it. */
export const ICON_DESCRIPTIONS: Readonly<Record<string, Pair<string>>> = {
  inbox: { en: 'inbox tray', zh: '收件箱' },
  star: { en: 'star', zh: '星形' },
  flag: { en: 'flag', zh: '旗帜' },
  'file-text': { en: 'document', zh: '文档' },
  send: { en: 'paper plane', zh: '纸飞机' },
  archive: { en: 'archive box', zh: '归档盒' },
  'archive-x': { en: 'archive box with an X', zh: '叉号归档盒' },
  'trash-2': { en: 'trash can', zh: '垃圾桶' },
  folder: { en: 'folder', zh: '文件夹' },
  'square-pen': { en: 'pencil and square', zh: '纸笔' },
  mail: { en: 'envelope', zh: '信封' },
  reply: { en: 'reply arrow', zh: '回复箭头' },
  'reply-all': { en: 'double reply arrow', zh: '双回复箭头' },
  forward: { en: 'forward arrow', zh: '转发箭头' },
  'bell-off': { en: 'crossed-out bell', zh: '划掉的铃铛' },
  bell: { en: 'bell', zh: '铃铛' },
  search: { en: 'magnifying glass', zh: '放大镜' },
  paperclip: { en: 'paperclip', zh: '回形针' },
  'list-filter': { en: 'filter', zh: '筛选' },
  'panel-left': { en: 'sidebar', zh: '侧边栏' },
  'arrow-left': { en: 'back arrow', zh: '返回箭头' },
  'ellipsis-vertical': { en: 'three vertical dots', zh: '竖排三个点' },
  ellipsis: { en: 'three dots', zh: '三个点' },
  house: { en: 'house', zh: '房子' },
  'layout-grid': { en: 'grid', zh: '四宫格' },
  'shopping-cart': { en: 'shopping cart', zh: '购物车' },
  user: { en: 'person', zh: '人像' },
  'user-round': { en: 'person', zh: '人像' },
  heart: { en: 'heart', zh: '爱心' },
  'chevron-left': { en: 'left chevron', zh: '向左箭头' },
  'chevron-right': { en: 'right chevron', zh: '向右箭头' },
  package: { en: 'package', zh: '包裹' },
  store: { en: 'storefront', zh: '商店' },
  menu: { en: 'hamburger menu', zh: '三横线菜单' },
  wifi: { en: 'Wi-Fi', zh: 'Wi-Fi' },
  signal: { en: 'signal bars', zh: '信号格' },
  moon: { en: 'moon', zh: '月亮' },
  sun: { en: 'sun', zh: '太阳' },
  tag: { en: 'price tag', zh: '价签' },
  languages: { en: 'translation', zh: '翻译' },
  'credit-card': { en: 'credit card', zh: '银行卡' },
  'map-pin': { en: 'map pin', zh: '定位图钉' },
  shield: { en: 'shield', zh: '盾牌' },
  'circle-help': { en: 'question mark', zh: '问号' },
  info: { en: 'info', zh: '信息' },
  'log-out': { en: 'log-out arrow', zh: '退出箭头' },
  lock: { en: 'padlock', zh: '锁' },
  plane: { en: 'airplane', zh: '飞机' },
  smartphone: { en: 'phone', zh: '手机' },
  'arrow-up-down': { en: 'up-down arrows', zh: '上下箭头' },
  sparkles: { en: 'sparkles', zh: '星光' },
  clock: { en: 'clock', zh: '时钟' },
  eye: { en: 'eye', zh: '眼睛' },
  palette: { en: 'palette', zh: '调色板' },
  'rotate-cw': { en: 'rotate arrow', zh: '旋转箭头' },
  'volume-2': { en: 'speaker', zh: '扬声器' },
  vibrate: { en: 'vibrating phone', zh: '振动的手机' },
  'smartphone-nfc': { en: 'phone with waves', zh: '带波纹的手机' },
  truck: { en: 'delivery truck', zh: '货车' },
  'book-open': { en: 'open book', zh: '打开的书' },
  check: { en: 'check mark', zh: '对勾' },
  apple: { en: 'Apple logo', zh: '苹果标志' },
  'battery-full': { en: 'battery', zh: '电池' },
  'sliders-horizontal': { en: 'sliders', zh: '滑杆' },
  laptop: { en: 'laptop', zh: '笔记本电脑' },
  headphones: { en: 'headphones', zh: '耳机' },
  watch: { en: 'wristwatch', zh: '手表' },
  camera: { en: 'camera', zh: '相机' },
  'tablet-smartphone': { en: 'tablet and phone', zh: '平板和手机' },
  sofa: { en: 'sofa', zh: '沙发' },
  lamp: { en: 'lamp', zh: '台灯' },
  coffee: { en: 'coffee cup', zh: '咖啡杯' },
  shirt: { en: 'shirt', zh: '衬衫' },
  'shopping-bag': { en: 'shopping bag', zh: '购物袋' },
  dumbbell: { en: 'dumbbell', zh: '哑铃' },
  bike: { en: 'bicycle', zh: '自行车' },
  'gamepad-2': { en: 'gamepad', zh: '游戏手柄' },
  baby: { en: 'baby', zh: '婴儿' },
  gift: { en: 'gift box', zh: '礼物盒' },
  play: { en: 'play', zh: '播放三角形' },
  pause: { en: 'pause', zh: '暂停符号' },
  'skip-forward': { en: 'skip forward', zh: '下一首箭头' },
  'skip-back': { en: 'skip back', zh: '上一首箭头' },
  shuffle: { en: 'shuffle', zh: '交叉箭头' },
  'repeat-2': { en: 'repeat', zh: '循环箭头' },
  'list-music': { en: 'list music', zh: '音乐列表' },
  square: { en: 'square', zh: '方块' },
  circle: { en: 'circle', zh: '圆圈' },
  pencil: { en: 'pencil', zh: '铅笔' },
  crop: { en: 'crop', zh: '裁剪框' },
  brush: { en: 'brush', zh: '画笔' },
  eraser: { en: 'eraser', zh: '橡皮擦' },
  pipette: { en: 'pipette', zh: '吸管' },
  'paint-bucket': { en: 'paint bucket', zh: '油漆桶' },
  hand: { en: 'hand', zh: '手掌' },
  move: { en: 'move', zh: '四向箭头' },
  'zoom-in': { en: 'zoom in', zh: '加号放大镜' },
  type: { en: 'type', zh: '字母T' },
  shapes: { en: 'shapes', zh: '几何形状' },
  'pen-tool': { en: 'pen tool', zh: '钢笔尖' },
  blend: { en: 'blend', zh: '重叠的圆' },
  bandage: { en: 'bandage', zh: '创可贴' },
  'circle-dashed': { en: 'circle dashed', zh: '虚线圆圈' },
  'square-plus': { en: 'square plus', zh: '加号方块' },
  'folder-plus': { en: 'folder plus', zh: '加号文件夹' },
  lasso: { en: 'lasso', zh: '套索' },
  bold: { en: 'bold', zh: '粗体字母B' },
  italic: { en: 'italic', zh: '斜体字母I' },
  underline: { en: 'underline', zh: '下划线字母U' },
  'git-branch': { en: 'git branch', zh: '分支' },
  'file-code': { en: 'file code', zh: '代码文件' },
  navigation: { en: 'navigation', zh: '导航箭头' },
  'flower-2': { en: 'flower', zh: '花朵' },
  'notebook-pen': { en: 'notebook pen', zh: '笔记本和笔' },
  'panel-right': { en: 'panel right', zh: '右侧边栏' },
  percent: { en: 'percent', zh: '百分号' },
  'dollar-sign': { en: 'dollar sign', zh: '美元符号' },
  sigma: { en: 'sigma', zh: '求和符号' },
  table: { en: 'table', zh: '表格' },
  hourglass: { en: 'hourglass', zh: '沙漏' },
  link: { en: 'link', zh: '链环' },
  magnet: { en: 'magnet', zh: '磁铁' },
  utensils: { en: 'utensils', zh: '刀叉' },
  antenna: { en: 'antenna', zh: '天线' },
  captions: { en: 'captions', zh: '字幕框' },
  'battery-low': { en: 'battery low', zh: '低电量电池' },
  network: { en: 'network', zh: '网络' },
  'wrap-text': { en: 'wrap text', zh: '文字换行箭头' },
  'circle-user': { en: 'circle user', zh: '圆圈中的人像' },
  'columns-2': { en: 'two columns', zh: '两栏' },
  'columns-3': { en: 'three columns', zh: '三栏' },
  'mail-open': { en: 'mail open', zh: '打开的信封' },
  scissors: { en: 'scissors', zh: '剪刀' },
  'thumbs-up': { en: 'thumbs up', zh: '竖起的大拇指' },
  'thumbs-down': { en: 'thumbs down', zh: '朝下的大拇指' },
  layers: { en: 'layers', zh: '图层' },
  ruler: { en: 'ruler', zh: '尺子' },
  snowflake: { en: 'snowflake', zh: '雪花' },
  receipt: { en: 'receipt', zh: '收据' },
  stamp: { en: 'stamp', zh: '印章' },
  plug: { en: 'plug', zh: '插头' },
  presentation: { en: 'presentation', zh: '演示板' },
  images: { en: 'images', zh: '多张图片' },
  'eye-off': { en: 'eye off', zh: '划掉的眼睛' },
  'chart-pie': { en: 'chart pie', zh: '饼图' },
  'chart-column': { en: 'chart column', zh: '柱状图' },
  'chart-line': { en: 'chart line', zh: '折线图' },
  'hard-drive': { en: 'hard drive', zh: '硬盘' },
  clapperboard: { en: 'clapperboard', zh: '场记板' },
  'disc-3': { en: 'disc', zh: '光盘' },
  cast: { en: 'cast', zh: '投屏' },
  radio: { en: 'radio', zh: '收音机' },
  'mic-vocal': { en: 'mic vocal', zh: '演唱麦克风' },
  box: { en: 'box', zh: '盒子' },
  // icons that had no entry: English as the icon's own name (as before), Chinese written here (was the English name)
  'send-horizontal': { en: 'send horizontal', zh: '纸飞机' },
  'folder-symlink': { en: 'folder symlink', zh: '带箭头的文件夹' },
  users: { en: 'users', zh: '两个人' },
  bluetooth: { en: 'bluetooth', zh: '蓝牙' },
  map: { en: 'map', zh: '地图' },
  phone: { en: 'phone handset', zh: '电话听筒' },
  video: { en: 'video', zh: '摄像机' },
  settings: { en: 'settings', zh: '齿轮' },
  globe: { en: 'globe', zh: '地球' },
  plus: { en: 'plus', zh: '加号' },
  minus: { en: 'minus', zh: '减号' },
  x: { en: 'x', zh: '叉号' },
  music: { en: 'music', zh: '音符' },
  copy: { en: 'copy', zh: '两个重叠的方框' },
  monitor: { en: 'monitor', zh: '显示器' },
  smile: { en: 'smile', zh: '笑脸' },
  compass: { en: 'compass', zh: '指南针' },
  'message-circle': { en: 'message circle', zh: '对话气泡' },
  calendar: { en: 'calendar', zh: '日历' },
  mic: { en: 'mic', zh: '麦克风' },
  image: { en: 'image', zh: '图片' },
  download: { en: 'download', zh: '下载箭头' },
  share: { en: 'share', zh: '分享' },
  cloud: { en: 'cloud', zh: '云' },
  bookmark: { en: 'bookmark', zh: '书签' },
  key: { en: 'key', zh: '钥匙' },
  'key-round': { en: 'key round', zh: '圆头钥匙' },
  wallet: { en: 'wallet', zh: '钱包' },
  car: { en: 'car', zh: '汽车' },
  'qr-code': { en: 'qr code', zh: '二维码' },
  'circle-plus': { en: 'circle plus', zh: '圆圈加号' },
  list: { en: 'list', zh: '列表' },
  'folder-open': { en: 'folder open', zh: '打开的文件夹' },
  braces: { en: 'braces', zh: '花括号' },
  file: { en: 'file', zh: '文件' },
  cookie: { en: 'cookie', zh: '饼干' },
  newspaper: { en: 'newspaper', zh: '报纸' },
  'trending-up': { en: 'trending up', zh: '上升折线' },
  'list-plus': { en: 'list plus', zh: '带加号的列表' },
  'shield-check': { en: 'shield check', zh: '带对勾的盾牌' },
};

/**
 * What a lucide icon depicts, in English or Chinese. English falls back to the icon's name with spaces
 * ("circle plus"); Chinese has no fallback: null for an icon without a Chinese entry, and the caller writes no
 * icon query (never the English name inside a Chinese query, as for the other page languages: icon-names.ts).
 */
export function iconDescription(icon: string, locale: 'en-US'): string;
export function iconDescription(icon: string, locale: QueryLocale): string | null;
export function iconDescription(icon: string, locale: QueryLocale): string | null {
  const d = ICON_DESCRIPTIONS[icon];
  if (locale === 'zh-CN') return d?.zh ?? null;
  return d ? d.en : icon.replace(/-\d+$/, '').replace(/-/g, ' ');
}

/** One entry of the function-phrase table. `fn` templates are functional; `text` templates describe visible content. */
export interface ActionPhrases {
  fn: Loc<string[]>;
  /** Alternative templates keyed by a `state` arg (e.g. a switch that is `on`). */
  fnByState?: Record<string, Loc<string[]>>;
  text?: Loc<string[]>;
  /** Where the control is, for positional queries ("the leftmost of the three window controls of the {app} window"). */
  pos?: Loc<string[]>;
}

const P = (en: string[], zh: string[]): Pair<string[]> => ({ en, zh });

/** "the leftmost / middle / rightmost of the three window controls of the {app} window", per language (index 0, 1, 2). */
const WINDOW_CONTROL_PLACE: Loc<string[]> = {
  en: ['leftmost', 'middle', 'rightmost'].map((w) => `the ${w} of the three window controls of the {app} window`),
  zh: ['最左边', '中间', '最右边'].map((w) => `{app}窗口的三个窗口控制按钮中${w}的那个`),
  ja: ['一番左', '真ん中', '一番右'].map((w) => `{app}ウィンドウの3つのウィンドウ操作ボタンのうち${w}のボタン`),
  de: ['linke', 'mittlere', 'rechte'].map((w) => `die ${w} der drei Fensterschaltflächen des Fensters {app}`),
  es: ['de la izquierda', 'del centro', 'de la derecha'].map((w) => `el botón ${w} de los tres botones de control de la ventana {app}`),
  fr: ['de gauche', 'du milieu', 'de droite'].map((w) => `le bouton ${w} des trois boutons de contrôle de la fenêtre {app}`),
  ar: ['الأيسر', 'الأوسط', 'الأيمن'].map((w) => `الزر ${w} من أزرار التحكم الثلاثة في نافذة {app}`),
};

/**
 * A window caption button's phrases under two keys: `key` (macOS, place `mac` of 0-2 from the left)
 * and `key-win` (Windows, place `win`).
 */
function windowButton(key: string, fn: Loc<string[]>, text: Loc<string[]>, mac: number, win: number): Record<string, ActionPhrases> {
  const place = (i: number): Loc<string[]> =>
    Object.fromEntries(Object.entries(WINDOW_CONTROL_PLACE).map(([l, v]) => [l, [v![i]!]])) as Loc<string[]>;
  return { [key]: { fn, text, pos: place(mac) }, [`${key}-win`]: { fn, text, pos: place(win) } };
}

/**
 * Action key -> phrases. Keys are what generated pages put in their control hints; the same keys are
 * reached from accessible names via {@link NAME_ACTIONS} on pages without hints. Two controls with the
 * same action (toolbar Reply and pane Reply) produce the same phrase, and the writer then drops it as
 * ambiguous.
 */
export const ACTIONS: Readonly<Record<string, ActionPhrases>> = {
  // mail
  'open-mailbox': { fn: P(['open the {name} mailbox', 'show the messages in {name}'], ['打开“{name}”邮箱', '查看“{name}”中的邮件']) },
  'open-message': {
    fn: P(['open the email from {from} about "{subject}"', "read {from}'s message \"{subject}\""], ['打开{from}发来的“{subject}”邮件', '阅读主题为“{subject}”的邮件']),
    text: P(['the message "{subject}" from {from}', 'the email with the subject "{subject}"'], ['{from}发来的“{subject}”', '主题为“{subject}”的邮件']),
  },
  'open-attachment': { fn: P(['open the attached file {file}', 'preview the attachment'], ['打开附件“{file}”', '预览这封邮件的附件']) },
  'get-mail': { fn: P(['check for new mail', 'download new messages'], ['收取新邮件', '检查有没有新邮件']) },
  compose: { fn: P(['write a new email', 'start a new message'], ['写一封新邮件', '新建一封邮件']) },
  archive: { fn: P(['archive the selected message', 'move this email to the archive'], ['归档当前选中的邮件', '把这封邮件移到归档']) },
  delete: { fn: P(['delete the selected email', 'move this message to the trash'], ['删除当前选中的邮件', '把这封邮件扔进废纸篓']) },
  junk: { fn: P(['mark this message as junk', 'report the selected email as spam'], ['把这封邮件标记为垃圾邮件', '将选中的邮件移到垃圾邮件']) },
  reply: { fn: P(['reply to the sender', 'write a reply to this email'], ['回复发件人', '回复这封邮件']) },
  'reply-all': { fn: P(['reply to everyone on this email', 'reply to all recipients'], ['回复所有收件人', '给所有人回信']) },
  forward: { fn: P(['forward this email to someone else', 'pass this message on to another person'], ['把这封邮件转发给别人', '转发当前邮件']) },
  flag: { fn: P(['flag the selected message', 'mark this email with a flag'], ['给这封邮件加上旗标', '标记当前邮件']) },
  mute: { fn: P(['mute this conversation', 'stop notifications for this thread'], ['将此对话设为静音', '不再接收这个对话的通知']) },
  'search-mail': { fn: P(['search my email', 'find a message by keyword'], ['搜索邮件', '按关键词查找邮件']) },
  'filter-unread': { fn: P(['show only unread messages', 'filter the message list'], ['只显示未读邮件', '过滤邮件列表']) },
  'toggle-sidebar': { fn: P(['hide the mailbox sidebar', 'show or hide the sidebar'], ['隐藏邮箱边栏', '显示或隐藏边栏']) },
  'window-close': { fn: P(['close the Mail window', 'close this window'], ['关闭邮件窗口', '关掉这个窗口']), text: P(['the close button of the Mail window'], ['邮件窗口的关闭按钮']) },
  'window-minimize': { fn: P(['minimize the window to the Dock', 'minimize this window'], ['把窗口最小化到程序坞', '最小化这个窗口']), text: P(['the minimize button of the Mail window'], ['邮件窗口的最小化按钮']) },
  'window-zoom': { fn: P(['make the window full screen', 'maximize the Mail window'], ['让窗口全屏', '放大邮件窗口']), text: P(['the zoom button of the Mail window'], ['邮件窗口的缩放按钮']) },
  'open-menu': { fn: P(['open the {name} menu in the menu bar'], ['打开菜单栏里的“{name}”菜单']) },
  // android
  toggle: {
    fn: P(['toggle {name}'], ['切换{name}']),
    fnByState: {
      on: P(['turn off {name}', 'disable {name}'], ['关闭{name}', '把{name}关掉']),
      off: P(['turn on {name}', 'enable {name}'], ['开启{name}', '打开{name}']),
    },
  },
  'open-setting': { fn: P(['open the {name} settings', 'go to {name}'], ['打开“{name}”设置', '进入“{name}”']) },
  'sign-out': { fn: P(['sign out of the app', 'log out of my account'], ['退出当前账号', '登出这个应用']) },
  'nav-tab': { fn: P(['switch to the {name} tab', 'go to {name} in the bottom bar'], ['切换到“{name}”标签', '进入底部导航的“{name}”']) },
  'navigate-up': { fn: P(['go back to the previous screen', 'navigate back'], ['返回上一个页面', '后退']) },
  'search-settings': { fn: P(['search the settings', 'look up a setting'], ['搜索设置项', '查找某个设置']) },
  'more-options': { fn: P(['open the overflow menu', 'show more options'], ['打开更多选项菜单', '显示更多选项']) },
  'edit-profile': { fn: P(['edit my profile', 'change my account details'], ['编辑我的个人资料', '修改账户信息']) },
  // shop
  'open-category': { fn: P(['browse the {name} category', 'show products in {name}'], ['浏览“{name}”分类', '查看“{name}”里的商品']) },
  filter: {
    fn: P(['filter by {name}'], ['按“{name}”筛选']),
    fnByState: {
      off: P(['filter the results by {name}', 'only show {name} results'], ['按“{name}”筛选商品', '只看“{name}”的商品']),
      on: P(['remove the {name} filter', 'stop filtering by {name}'], ['取消“{name}”筛选', '不再按“{name}”筛选']),
    },
  },
  'min-price': { fn: P(['enter a minimum price', 'set the lowest price'], ['输入最低价格', '设置价格下限']) },
  'max-price': { fn: P(['enter a maximum price', 'set the highest price'], ['输入最高价格', '设置价格上限']) },
  'apply-price': { fn: P(['apply the price range', 'confirm the price filter'], ['应用价格区间', '确认价格筛选']) },
  'filter-rating': { fn: P(['show only products rated four stars or more'], ['只看四星及以上的商品']) },
  'clear-filters': { fn: P(['clear all filters', 'reset the filters'], ['清除所有筛选条件', '重置筛选']) },
  'open-product': { fn: P(['open the product page for {product}', 'view details of {product}'], ['查看“{product}”的详情', '打开“{product}”的商品页']) },
  'add-to-cart': { fn: P(['add {product} to my cart', 'put the {product} in the cart'], ['把“{product}”加入购物车', '将“{product}”放进购物车']) },
  wishlist: { fn: P(['save {product} to my wish list', 'add {product} to favourites'], ['收藏“{product}”', '把“{product}”加入心愿单']) },
  sort: { fn: P(['change the sort order', 'sort the results differently'], ['更改排序方式', '换一种排序']) },
  'prev-page': { fn: P(['go to the previous page of results'], ['返回上一页结果']) },
  'next-page': { fn: P(['go to the next page of results', 'see the next page of products'], ['查看下一页商品', '翻到下一页']) },
  page: { fn: P(['go to page {n}', 'jump to results page {n}'], ['跳到第{n}页', '查看第{n}页结果']) },
  'search-products': { fn: P(['type a product search', 'enter a search term for products'], ['在搜索框里输入商品名', '输入要搜索的商品']) },
  'submit-search': { fn: P(['run the search', 'submit the search'], ['执行搜索', '提交搜索']) },
  'sign-in': { fn: P(['sign in to my account', 'log in'], ['登录我的账户', '登录']) },
  'open-orders': { fn: P(['see my past orders', 'check my order history'], ['查看我的订单', '看看历史订单']) },
  'open-cart': { fn: P(['open my shopping cart', 'view the cart'], ['打开购物车', '查看购物车']) },
  'go-home': { fn: P(["go to the store's home page", 'return to the home page'], ['回到商城首页', '返回首页']) },
  // apps drawn by the shells (desktop, phone, web scenario families; generators/grounding/apps/)
  // (a window's caption buttons show no name: they are told apart by what they do, by their window,
  // named by its title unquoted since the title is the window's text, not the button's, and by their
  // place among the three, left to right on both platforms (templates/screens/macos.css and windows.css
  // draw them `direction: ltr`): close, minimize, zoom on macOS; minimize, maximize, close on Windows)
  ...windowButton('app-window-close', { en: ['close the {app} window'], zh: ['关闭{app}窗口'], ja: ['{app}ウィンドウを閉じる'], de: ['das Fenster {app} schließen'], es: ['cerrar la ventana {app}'], fr: ['fermer la fenêtre {app}'], ar: ['إغلاق نافذة {app}'] }, { en: ['the close button of the {app} window'], zh: ['{app}窗口的关闭按钮'], ja: ['{app}ウィンドウの閉じるボタン'], de: ['die Schließen-Schaltfläche des Fensters {app}'], es: ['el botón de cerrar de la ventana {app}'], fr: ['le bouton de fermeture de la fenêtre {app}'], ar: ['زر إغلاق نافذة {app}'] }, 0, 2),
  ...windowButton('app-window-minimize', { en: ['minimize the {app} window'], zh: ['最小化{app}窗口'], ja: ['{app}ウィンドウを最小化する'], de: ['das Fenster {app} minimieren'], es: ['minimizar la ventana {app}'], fr: ['réduire la fenêtre {app}'], ar: ['تصغير نافذة {app}'] }, { en: ['the minimize button of the {app} window'], zh: ['{app}窗口的最小化按钮'], ja: ['{app}ウィンドウの最小化ボタン'], de: ['die Minimieren-Schaltfläche des Fensters {app}'], es: ['el botón de minimizar de la ventana {app}'], fr: ['le bouton de réduction de la fenêtre {app}'], ar: ['زر تصغير نافذة {app}'] }, 1, 0),
  ...windowButton('app-window-zoom', { en: ['maximize the {app} window', 'make the {app} window bigger'], zh: ['最大化{app}窗口'], ja: ['{app}ウィンドウを最大化する'], de: ['das Fenster {app} maximieren'], es: ['maximizar la ventana {app}'], fr: ['agrandir la fenêtre {app}'], ar: ['تكبير نافذة {app}'] }, { en: ['the maximize button of the {app} window'], zh: ['{app}窗口的最大化按钮'], ja: ['{app}ウィンドウの最大化ボタン'], de: ['die Maximieren-Schaltfläche des Fensters {app}'], es: ['el botón de maximizar de la ventana {app}'], fr: ['le bouton d’agrandissement de la fenêtre {app}'], ar: ['زر تكبير نافذة {app}'] }, 2, 1),
  // the date and time in a menu bar or taskbar (a text; clicking it opens the calendar / notifications)
  clock: {
    fn: {
      en: ['check the current date and time', 'see what time it is'],
      zh: ['查看当前的日期和时间', '看看现在几点了'],
      ja: ['現在の日付と時刻を確認する'],
      de: ['das aktuelle Datum und die Uhrzeit ansehen'],
      es: ['consultar la fecha y la hora actuales'],
      fr: ['voir la date et l’heure actuelles'],
      ar: ['معرفة التاريخ والوقت الحاليين'],
    },
  },
  'open-app': { fn: P(['open {name}', 'launch the {name} app'], ['打开{name}', '启动“{name}”应用']) },
  'open-search': { fn: P(['open the system search'], ['打开系统搜索']) },
  'open-file': { fn: P(['open {name}', 'open the file {name}'], ['打开“{name}”', '打开文件“{name}”']) },
  'open-folder': { fn: P(['go to the {name} folder', 'show the contents of {name}'], ['前往“{name}”文件夹', '查看“{name}”里的内容']) },
  'open-tag': { fn: P(['show files tagged {name}'], ['显示标记为“{name}”的文件']) },
  'open-section': { fn: P(['go to {name}', 'open the {name} section'], ['前往“{name}”', '打开“{name}”栏目']) },
  'open-page': { fn: P(['read the {name} page'], ['阅读“{name}”页面']) },
  'jump-to': { fn: P(['jump to the {name} section of this page'], ['跳到本页的“{name}”部分']) },
  choose: { fn: P(['change the {name} setting', 'pick a different {name}'], ['更改“{name}”设置', '选择其他“{name}”']) },
  fill: { fn: P(['type in the {name} field', 'enter the {name}'], ['在“{name}”中输入', '填写“{name}”']) },
  check: {
    fn: P(['toggle "{name}"'], ['切换“{name}”']),
    fnByState: { on: P(['untick "{name}"'], ['取消勾选“{name}”']), off: P(['tick "{name}"', 'select "{name}"'], ['勾选“{name}”']) },
  },
  'switch-tab': { fn: P(['switch to the {name} tab'], ['切换到“{name}”标签页']) },
  'close-tab': { fn: P(['close the {name} tab'], ['关闭“{name}”标签页']) },
  'switch-view': { fn: P(['switch to the {name} view'], ['切换到“{name}”视图']) },
  // a month grid's days: those of the month, and the greyed ones of the months before and after (a
  // "31" of the previous month beside the month's "1" ... "31": each phrase names one day)
  'pick-day': {
    fn: { en: ['select day {name} in the calendar'], zh: ['在日历中选中{name}号'], ja: ['カレンダーで{name}日を選択する'], de: ['im Kalender den {name}. auswählen'], es: ['seleccionar el día {name} en el calendario'], fr: ['sélectionner le {name} dans le calendrier'], ar: ['تحديد اليوم {name} في التقويم'] },
    text: { en: ['day {name} of this month in the calendar'], zh: ['日历中本月的{name}号'], ja: ['カレンダーの今月の{name}日'], de: ['der {name}. dieses Monats im Kalender'], es: ['el día {name} de este mes en el calendario'], fr: ['le {name} de ce mois dans le calendrier'], ar: ['اليوم {name} من هذا الشهر في التقويم'] },
  },
  'pick-day-prev': {
    fn: { en: ['select day {name} of the previous month in the calendar'], zh: ['在日历中选中上个月的{name}号'], ja: ['カレンダーで前月の{name}日を選択する'], de: ['im Kalender den {name}. des Vormonats auswählen'], es: ['seleccionar el día {name} del mes anterior en el calendario'], fr: ['sélectionner le {name} du mois précédent dans le calendrier'], ar: ['تحديد اليوم {name} من الشهر السابق في التقويم'] },
    text: { en: ['day {name} of the previous month in the calendar'], zh: ['日历中上个月的{name}号'], ja: ['カレンダーの前月の{name}日'], de: ['der {name}. des Vormonats im Kalender'], es: ['el día {name} del mes anterior en el calendario'], fr: ['le {name} du mois précédent dans le calendrier'], ar: ['اليوم {name} من الشهر السابق في التقويم'] },
  },
  'pick-day-next': {
    fn: { en: ['select day {name} of the next month in the calendar'], zh: ['在日历中选中下个月的{name}号'], ja: ['カレンダーで翌月の{name}日を選択する'], de: ['im Kalender den {name}. des Folgemonats auswählen'], es: ['seleccionar el día {name} del mes siguiente en el calendario'], fr: ['sélectionner le {name} du mois suivant dans le calendrier'], ar: ['تحديد اليوم {name} من الشهر التالي في التقويم'] },
    text: { en: ['day {name} of the next month in the calendar'], zh: ['日历中下个月的{name}号'], ja: ['カレンダーの翌月の{name}日'], de: ['der {name}. des Folgemonats im Kalender'], es: ['el día {name} del mes siguiente en el calendario'], fr: ['le {name} du mois suivant dans le calendrier'], ar: ['اليوم {name} من الشهر التالي في التقويم'] },
  },
  'open-event': { fn: P(['open the event "{name}"', 'see the details of {name}'], ['打开日程“{name}”', '查看“{name}”的详情']) },
  'toggle-calendar': { fn: P(['show or hide the {name} calendar'], ['显示或隐藏“{name}”日历']) },
  namebox: { fn: P(['type a cell reference to jump to it'], ['输入单元格地址以跳转']) },
  'add-sheet': { fn: P(['add a new sheet'], ['新建一个工作表']) },
  adjust: { fn: P(['adjust the {name}'], ['调整{name}']) },
  'select-layer': { fn: P(['select the layer {name}'], ['选中图层“{name}”']) },
  'toggle-visibility': { fn: P(['hide or show the layer {name}'], ['隐藏或显示图层“{name}”']) },
  'command-line': { fn: P(['type a command'], ['输入命令']) },
  'play-song': { fn: P(['play {name}', 'play the song {name}'], ['播放“{name}”', '播放歌曲“{name}”']) },
  'open-playlist': { fn: P(['open the {name} playlist'], ['打开“{name}”播放列表']) },
  seek: { fn: P(['jump to another point in the song'], ['拖动播放进度']) },
  'set-volume': { fn: P(['change the volume'], ['调节音量']) },
  'save-pdf': { fn: P(['save the document as a PDF'], ['将文档存储为 PDF']) },
  'dlg-save': { fn: P(['save the changes before closing'], ['关闭前保存更改']) },
  'dlg-dont-save': { fn: P(['close without saving', 'discard the changes'], ['不保存直接关闭', '放弃更改']) },
  'dlg-cancel': { fn: P(['cancel and keep the dialog closed', 'dismiss this dialog'], ['取消并关闭对话框', '关闭这个对话框']) },
  'dlg-delete': { fn: P(['confirm deleting {name}', 'yes, delete it'], ['确认删除“{name}”', '确定删除']) },
  restart: { fn: P(['restart the computer now'], ['立即重启电脑']) },
  zoom: { fn: P(['change the zoom level'], ['更改缩放比例']) },
  'open-order': { fn: P(['open order {name}', 'see the details of order {name}'], ['打开订单 {name}', '查看订单 {name} 的详情']) },
  'create-order': { fn: P(['create a new order'], ['新建订单']) },
  'edit-page': { fn: P(['suggest an edit to this page'], ['编辑这个页面']) },
  'open-repo': { fn: P(['open the source code repository'], ['打开源代码仓库']) },
  'toggle-theme': { fn: P(['switch between light and dark mode'], ['切换浅色和深色模式']) },
  'sign-up': { fn: P(['create a new account', 'register'], ['注册新账户', '注册']) },
  'forgot-password': { fn: P(['reset my password'], ['重置我的密码']) },
  'sign-in-google': { fn: P(['sign in with my Google account'], ['用 Google 账户登录']) },
  'sign-in-apple': { fn: P(['sign in with my Apple account'], ['用 Apple 账户登录']) },
  'choose-language': { fn: P(['change the site language'], ['更改网站语言']) },
  'open-result': { fn: P(['open the result "{name}"'], ['打开搜索结果“{name}”']) },
  'search-for': { fn: P(['search for {name}'], ['搜索“{name}”']) },
  'search-tools': { fn: P(['show the search tools'], ['显示搜索工具']) },
  'open-profile': { fn: P(["open {name}'s profile"], ['打开{name}的主页']) },
  'compose-post': { fn: P(['write a new post'], ['发一条新帖子']) },
  follow: { fn: P(['follow {name}'], ['关注{name}']) },
  comment: { fn: P(["reply to {name}'s post"], ['评论{name}的帖子']) },
  like: { fn: P(["like {name}'s post"], ['给{name}的帖子点赞']) },
  dislike: { fn: P(["tell the site I don't like this video"], ['点踩这个视频']) },
  'search-flights': { fn: P(['search for flights'], ['搜索航班']) },
  'select-flight': { fn: P(['book the {name} flight'], ['选择{name}的航班']) },
  'choose-currency': { fn: P(['change the currency'], ['更改货币']) },
  'open-article': { fn: P(['read the article "{name}"'], ['阅读文章“{name}”']) },
  subscribe: { fn: P(['subscribe', 'start a subscription'], ['订阅', '开始订阅']) },
  'subscribe-newsletter': { fn: P(['sign up for the newsletter'], ['订阅新闻简报']) },
  'save-video': { fn: P(['save this video to a playlist'], ['把视频保存到播放列表']) },
  'upload-video': { fn: P(['upload a video'], ['上传视频']) },
  'open-video': { fn: P(['watch "{name}"'], ['观看“{name}”']) },
  'open-card': { fn: P(['open the issue "{name}"'], ['打开事务“{name}”']) },
  'add-card': { fn: P(['add an issue to the {name} column'], ['在“{name}”列中添加事务']) },
  'filter-person': { fn: P(["show only {name}'s issues"], ['只看{name}的事务']) },
  'group-by': { fn: P(['group the board differently'], ['更改看板分组方式']) },
  'create-issue': { fn: P(['create a new issue'], ['新建事务']) },
  'pay-now': { fn: P(['pay and place the order'], ['付款并下单']) },
  'remove-item': { fn: P(['remove {name} from the order'], ['从订单中移除“{name}”']) },
  'security-info': { fn: P(['learn how checkout is secured'], ['了解结账安全信息']) },
  'type-message': { fn: P(['type a message to {name}'], ['给{name}输入消息']) },
  'open-chat': { fn: P(['open the chat with {name}'], ['打开与{name}的聊天']) },
  'search-places': { fn: P(['search for a place on the map'], ['在地图上搜索地点']) },
  'open-place': { fn: P(['show details of {name}'], ['查看“{name}”的详情']) },
  'see-all': { fn: P(['see all transactions'], ['查看全部交易']) },
  'open-transaction': { fn: P(['open the payment to {name}'], ['查看与“{name}”的交易']) },
  'open-story': { fn: P(["watch {name}'s story"], ['查看{name}的快拍']) },
  'open-messages': { fn: P(['open my direct messages'], ['打开私信']) },
  'go-home-screen': { fn: P(['go to the home screen'], ['回到主屏幕']) },
  'recent-apps': { fn: P(['show recent apps'], ['显示最近使用的应用']) },
  'manage-cookies': { fn: P(['choose which cookies to allow'], ['选择允许哪些 Cookie']) },
  'reject-cookies': { fn: P(['reject all cookies'], ['拒绝所有 Cookie']) },
  'accept-cookies': { fn: P(['accept all cookies'], ['接受所有 Cookie']) },
  'open-bookmark': { fn: P(['open the {name} bookmark'], ['打开“{name}”书签']) },
  'enter-url': { fn: P(['type a web address'], ['输入网址']) },
  // generic (pages without hints)
  'g-delete': { fn: P(['delete this item', 'remove it'], ['删除这一项', '把它删掉']) },
  'g-archive': { fn: P(['archive this item', 'move it to the archive'], ['归档这一项', '把它归档']) },
  'g-flag': { fn: P(['flag this item', 'mark it with a flag'], ['给它加标记', '标记这一项']) },
  'g-junk': { fn: P(['mark this as spam', 'report it as junk'], ['标记为垃圾内容', '举报为垃圾信息']) },
  'g-mute': { fn: P(['mute notifications', 'turn the sound off'], ['静音', '关闭提醒声音']) },
  close: { fn: P(['close this', 'dismiss it'], ['关闭', '关掉它']) },
  settings: { fn: P(['open the settings', 'change the preferences'], ['打开设置', '修改偏好设置']) },
  submit: { fn: P(['submit the form', 'send the form'], ['提交表单', '提交']) },
  cancel: { fn: P(['cancel and go back', 'abandon this'], ['取消', '放弃操作']) },
  'search-generic': { fn: P(['search this site', 'enter a search term'], ['搜索', '输入搜索关键词']) },
  help: { fn: P(['get help', 'open the help page'], ['获取帮助', '打开帮助页面']) },
};

/** Lower-cased accessible name (en or zh) -> action key, for pages without hints. */
export const NAME_ACTIONS: Readonly<Record<string, string>> = {
  archive: 'g-archive', delete: 'g-delete', remove: 'g-delete', trash: 'g-delete', reply: 'reply', 'reply all': 'reply-all', forward: 'forward',
  'new message': 'compose', compose: 'compose', 'get mail': 'get-mail', flag: 'g-flag', mute: 'g-mute', junk: 'g-junk', spam: 'g-junk',
  'sign in': 'sign-in', 'log in': 'sign-in', login: 'sign-in', cart: 'open-cart', 'shopping cart': 'open-cart',
  next: 'next-page', 'next page': 'next-page', previous: 'prev-page', 'previous page': 'prev-page',
  close: 'close', settings: 'settings', preferences: 'settings', submit: 'submit', send: 'submit', cancel: 'cancel',
  search: 'search-generic', help: 'help', 'clear all': 'clear-filters', 'orders': 'open-orders', 'navigate up': 'navigate-up',
  back: 'navigate-up', 'more options': 'more-options',
  归档: 'g-archive', 删除: 'g-delete', 回复: 'reply', 全部回复: 'reply-all', 转发: 'forward', 新邮件: 'compose', 登录: 'sign-in',
  购物车: 'open-cart', 下一页: 'next-page', 上一页: 'prev-page', 关闭: 'close', 设置: 'settings', 提交: 'submit', 取消: 'cancel',
  搜索: 'search-generic', 帮助: 'help', 清除全部: 'clear-filters', 我的订单: 'open-orders', 向上导航: 'navigate-up', 返回: 'navigate-up',
  更多选项: 'more-options',
};

/** Role templates (accessible-name style) for controls with no hint and no table entry. `{name}` is the accessible name. */
const L7 = (en: string[], zh: string[], ja: string[], de: string[], es: string[], fr: string[], ar: string[]): Loc<string[]> => ({ en, zh, ja, de, es, fr, ar });
export const ROLE_FUNCTION_TEMPLATES: Readonly<Record<string, ActionPhrases>> = {
  button: {
    fn: L7(['press the control named "{name}"', 'activate "{name}"'], ['点击名为“{name}”的按钮', '触发“{name}”'], ['「{name}」を実行する'], ['die Funktion „{name}“ ausführen'], ['activar «{name}»'], ['activer « {name} »'], ['تنفيذ "{name}"']),
  },
  link: { fn: L7(['go to "{name}"', 'follow the "{name}" link'], ['前往“{name}”', '打开“{name}”链接'], ['「{name}」を開く'], ['zu „{name}“ wechseln'], ['ir a «{name}»'], ['aller à « {name} »'], ['الانتقال إلى "{name}"']) },
  checkbox: {
    fn: L7(['toggle "{name}"'], ['切换“{name}”'], ['「{name}」を切り替える'], ['„{name}“ umschalten'], ['cambiar «{name}»'], ['basculer « {name} »'], ['تبديل "{name}"']),
    fnByState: {
      true: L7(['uncheck "{name}"'], ['取消勾选“{name}”'], ['「{name}」のチェックを外す'], ['das Häkchen bei „{name}“ entfernen'], ['desmarcar «{name}»'], ['décocher « {name} »'], ['إلغاء تحديد "{name}"']),
      false: L7(['check "{name}"', 'tick "{name}"'], ['勾选“{name}”'], ['「{name}」にチェックを入れる'], ['„{name}“ ankreuzen'], ['marcar «{name}»'], ['cocher « {name} »'], ['تحديد "{name}"']),
    },
  },
  switch: {
    fn: L7(['toggle {name}'], ['切换{name}'], ['「{name}」を切り替える'], ['„{name}“ umschalten'], ['cambiar «{name}»'], ['basculer « {name} »'], ['تبديل "{name}"']),
    fnByState: {
      true: L7(['turn off {name}'], ['关闭{name}'], ['「{name}」をオフにする'], ['„{name}“ ausschalten'], ['desactivar «{name}»'], ['désactiver « {name} »'], ['إيقاف "{name}"']),
      false: L7(['turn on {name}'], ['开启{name}'], ['「{name}」をオンにする'], ['„{name}“ einschalten'], ['activar «{name}»'], ['activer « {name} »'], ['تشغيل "{name}"']),
    },
  },
  radio: { fn: L7(['choose the "{name}" option'], ['选择“{name}”选项'], ['「{name}」を選ぶ'], ['die Option „{name}“ wählen'], ['elegir la opción «{name}»'], ['choisir l’option « {name} »'], ['اختيار الخيار "{name}"']) },
  textbox: { fn: L7(['type into the "{name}" field', 'enter text for "{name}"'], ['在“{name}”中输入内容', '填写“{name}”'], ['「{name}」に入力する'], ['in „{name}“ etwas eingeben'], ['escribir en «{name}»'], ['saisir du texte dans « {name} »'], ['الكتابة في "{name}"']) },
  searchbox: { fn: L7(['type a search into "{name}"'], ['在“{name}”中输入搜索词'], ['「{name}」に検索語を入力する'], ['einen Suchbegriff in „{name}“ eingeben'], ['escribir una búsqueda en «{name}»'], ['taper une recherche dans « {name} »'], ['كتابة عبارة بحث في "{name}"']) },
  combobox: { fn: L7(['pick a different option for "{name}"', 'open the "{name}" dropdown'], ['更改“{name}”的选项', '展开“{name}”下拉框'], ['「{name}」の選択肢を変える'], ['eine andere Option für „{name}“ wählen'], ['elegir otra opción en «{name}»'], ['choisir une autre option pour « {name} »'], ['اختيار خيار آخر في "{name}"']) },
  spinbutton: { fn: L7(['enter a number for "{name}"'], ['在“{name}”中输入数字'], ['「{name}」に数値を入力する'], ['eine Zahl für „{name}“ eingeben'], ['introducir un número en «{name}»'], ['saisir un nombre pour « {name} »'], ['إدخال رقم في "{name}"']) },
  slider: { fn: L7(['adjust the "{name}" slider'], ['调节“{name}”滑块'], ['「{name}」のスライダーを調整する'], ['den Regler „{name}“ verstellen'], ['ajustar el control «{name}»'], ['régler le curseur « {name} »'], ['ضبط شريط التمرير "{name}"']) },
  tab: { fn: L7(['switch to the "{name}" tab'], ['切换到“{name}”标签页'], ['「{name}」タブに切り替える'], ['zum Tab „{name}“ wechseln'], ['cambiar a la pestaña «{name}»'], ['passer à l’onglet « {name} »'], ['الانتقال إلى علامة التبويب "{name}"']) },
  menuitem: { fn: L7(['open the "{name}" menu'], ['打开“{name}”菜单'], ['「{name}」メニューを開く'], ['das Menü „{name}“ öffnen'], ['abrir el menú «{name}»'], ['ouvrir le menu « {name} »'], ['فتح قائمة "{name}"']) },
  option: { fn: L7(['select "{name}"'], ['选中“{name}”'], ['「{name}」を選択する'], ['„{name}“ auswählen'], ['seleccionar «{name}»'], ['sélectionner « {name} »'], ['اختيار "{name}"']) },
  treeitem: { fn: L7(['select "{name}" in the tree'], ['在树中选中“{name}”'], ['ツリーで「{name}」を選択する'], ['„{name}“ im Baum auswählen'], ['seleccionar «{name}» en el árbol'], ['sélectionner « {name} » dans l’arborescence'], ['اختيار "{name}" في الشجرة']) },
};

/** A plausible control for a hard negative. `fn` (optional) is a functional phrasing of the same request. */
export interface NegativeItem {
  role: string;
  label: Pair<string>;
  fn?: Pair<string>;
}

const N = (role: string, en: string, zh: string, fnEn?: string, fnZh?: string): NegativeItem => ({
  role,
  label: { en, zh },
  ...(fnEn && fnZh ? { fn: { en: fnEn, zh: fnZh } } : {}),
});

/** Per scenario family (and `generic` for `--pages`): controls that family could have. */
export const NEGATIVES: Readonly<Record<string, readonly NegativeItem[]>> = {
  'desktop.macos.mail': [
    N('button', 'Print', '打印', 'print this email', '打印这封邮件'),
    N('button', 'Snooze', '稍后提醒', 'snooze this message until tomorrow', '把这封邮件推迟到明天提醒'),
    N('button', 'Translate', '翻译', 'translate this email', '翻译这封邮件'),
    N('link', 'Calendar', '日历', 'open my calendar', '打开日历'),
    N('link', 'Contacts', '通讯录', 'open my contacts', '打开通讯录'),
    N('button', 'Unsubscribe', '退订', 'unsubscribe from this sender', '退订这个发件人的邮件'),
    N('button', 'Block Sender', '屏蔽发件人', 'block this sender', '屏蔽这个发件人'),
    N('button', 'Mark as Read', '标记为已读', 'mark the message as read', '把邮件标记为已读'),
    N('button', 'Schedule Send', '定时发送', 'schedule an email to send later', '定时发送邮件'),
    N('button', 'Add Attachment', '添加附件', 'attach a file', '添加一个附件'),
    N('link', 'Outbox', '发件箱', 'open the Outbox', '打开发件箱'),
    N('button', 'Settings', '设置', 'open mail settings', '打开邮件设置'),
  ],
  'mobile.android.settings': [
    N('switch', 'Bluetooth', '蓝牙', 'turn on Bluetooth', '打开蓝牙'),
    N('switch', 'Battery Saver', '省电模式', 'turn on battery saver', '开启省电模式'),
    N('link', 'Developer options', '开发者选项', 'open developer options', '打开开发者选项'),
    N('link', 'Wallpaper', '壁纸', 'change the wallpaper', '更换壁纸'),
    N('button', 'Clear cache', '清除缓存', 'clear the app cache', '清除应用缓存'),
    N('button', 'Delete account', '注销账号', 'delete my account', '注销我的账号'),
    N('switch', 'Two-factor authentication', '双重验证', 'enable two-factor authentication', '开启双重验证'),
    N('button', 'Export data', '导出数据', 'export my data', '导出我的数据'),
    N('link', 'Font size', '字体大小', 'make the text bigger', '调大字体'),
    N('switch', 'NFC', 'NFC', 'turn on NFC', '开启 NFC'),
    N('button', 'Share', '分享', 'share this page', '分享这个页面'),
  ],
  'web.shop': [
    N('button', 'Compare', '对比', 'compare the selected products', '对比选中的商品'),
    N('button', 'Buy now', '立即购买', 'buy this item right now', '立即下单购买'),
    N('button', 'Checkout', '去结算', 'proceed to checkout', '去结算'),
    N('link', 'Track order', '查询物流', 'track my order', '查询我的物流'),
    N('button', 'Write a review', '写评价', 'write a product review', '写一条商品评价'),
    N('button', 'Apply coupon', '使用优惠券', 'apply a coupon code', '使用优惠券'),
    N('link', 'Customer service', '在线客服', 'chat with customer service', '联系在线客服'),
    N('link', 'Size guide', '尺码表', 'open the size guide', '查看尺码表'),
    N('checkbox', 'Free shipping', '包邮', 'only show items with free shipping', '只看包邮商品'),
    N('link', 'Gift cards', '礼品卡', 'buy a gift card', '购买礼品卡'),
    N('button', 'Show map', '显示地图', 'show stores on a map', '在地图上显示门店'),
  ],
  generic: [
    N('button', 'Print', '打印', 'print this page', '打印这个页面'),
    N('button', 'Download PDF', '下载 PDF', 'download this page as a PDF', '把页面下载为 PDF'),
    N('button', 'Undo', '撤销', 'undo the last change', '撤销上一步'),
    N('link', 'Log out', '退出登录', 'log out', '退出登录'),
    N('button', 'Share', '分享', 'share this page', '分享这个页面'),
    N('button', 'Dark mode', '深色模式', 'switch to dark mode', '切换到深色模式'),
    N('link', 'Contact us', '联系我们', 'contact the site owners', '联系网站'),
  ],
};
