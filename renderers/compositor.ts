/**
 * CAPTCHA compositor (docs/architecture.md, the captcha data flow): draws a host screen in SVG — a phone or tablet app
 * screen, or a web page (optionally inside browser chrome) — light or dark, en-US or zh-CN, with all
 * text as glyph paths from renderers/glyphs.ts (never `<text>`); rasterises the puzzle SVG with sharp
 * at its placed size, pastes it at an integer offset and encodes the final PNG.
 *
 * Host contexts:
 * - mobile screens: app login, sign-up, payment confirmation, phone-number (OTP) verification; the
 *   puzzle sits inline in the form (small widgets), in a bottom sheet, in a centred dialog card or in
 *   a full-screen modal;
 * - web pages: login, registration, checkout, comment form, search gate; the puzzle sits inline in
 *   the form / under the comment box, in a modal over a dimmed page, or on a full-page interstitial.
 * {@link MOBILE_CANVASES} and {@link WEB_CANVASES} hold 77 distinct canvas sizes (phones, tablets and
 * desktop windows, portrait and landscape).
 *
 * The placement is returned as an {@link Affine} from **puzzle px** to **canvas px**
 * (`sx = placedWidth / puzzleWidth`, `sy = placedHeight / puzzleHeight`, integer `tx`, `ty`), so the
 * caller maps every box, point and action through it (core/geometry `mapBox` / `mapPoint`).
 * Labels are recomputed after compositing, in final-canvas pixels, never carried over in puzzle px.
 * Nothing is drawn over the pasted puzzle.
 */
import sharp from 'sharp';
import type { Rng } from '../core/rng.js';
import type { Affine, Box } from '../core/geometry.js';
import { textSvg, fitSize, wrapText, type LatinFace } from './glyphs.js';

/** Host context kinds. */
export const HOST_CONTEXTS = ['mobile', 'web'] as const;
export type HostContext = (typeof HOST_CONTEXTS)[number];

/** A canvas size (px, dpr 1) with a selection weight. */
type Canvas = readonly [number, number, number];

const MOBILE: readonly Canvas[] = [
  // phones, portrait
  [320, 568, 1], [360, 640, 2], [360, 740, 2], [360, 760, 2], [360, 780, 2], [360, 800, 4], [375, 667, 3], [375, 812, 3],
  [384, 832, 1], [390, 844, 5], [393, 852, 5], [393, 873, 2], [402, 874, 2], [412, 732, 1], [412, 846, 2], [412, 892, 2],
  [412, 915, 4], [414, 736, 2], [414, 896, 3], [428, 926, 2], [430, 932, 3], [440, 956, 2], [344, 882, 1],
  // tablets, portrait
  [600, 960, 1], [744, 1133, 1], [768, 1024, 1], [800, 1280, 1], [810, 1080, 1], [820, 1180, 1], [834, 1194, 1],
  // phones, landscape
  [640, 360, 1], [667, 375, 1], [736, 414, 1], [740, 360, 1], [760, 360, 1], [800, 360, 1], [812, 375, 1], [844, 390, 2],
  [852, 393, 2], [896, 414, 1], [915, 412, 2], [926, 428, 1], [932, 430, 1],
  // tablets, landscape
  [1024, 768, 1], [1080, 810, 1], [1133, 744, 1], [1180, 820, 1], [1194, 834, 1], [1280, 800, 1],
];
const WEB: readonly Canvas[] = [
  // desktop / laptop windows, landscape
  [1024, 640, 1], [1024, 768, 2], [1100, 760, 1], [1152, 720, 1], [1152, 864, 1], [1200, 800, 1], [1280, 720, 3], [1280, 800, 4],
  [1280, 960, 1], [1280, 1024, 1], [1360, 768, 1], [1366, 768, 4], [1400, 900, 1], [1440, 810, 1], [1440, 900, 4], [1536, 864, 3],
  [1600, 900, 2], [1680, 1050, 1], [1920, 1080, 3], [1920, 1200, 1], [960, 720, 1],
  // narrow or rotated windows, portrait
  [720, 1280, 1], [768, 1024, 2], [800, 1280, 1], [834, 1112, 1], [900, 1200, 1], [1024, 1366, 1], [1080, 1920, 1],
];

/** Canvas sizes (px, dpr 1) of the mobile context: phones and tablets, portrait and landscape. */
export const MOBILE_CANVASES: ReadonlyArray<readonly [number, number]> = MOBILE.map(([w, h]) => [w, h] as const);
/** Canvas sizes (px, dpr 1) of the web context: desktop windows, landscape and portrait. */
export const WEB_CANVASES: ReadonlyArray<readonly [number, number]> = WEB.map(([w, h]) => [w, h] as const);

/** Mobile screens and web pages the puzzle can appear on (`context.scenario` is `<context>.<screen>`). */
export const MOBILE_SCREENS = ['login', 'signup', 'payment', 'otp'] as const;
export const WEB_PAGES = ['login', 'signup', 'checkout', 'comment', 'search'] as const;

/** What to composite. */
export interface CompositeInput {
  /** Standalone puzzle SVG with `width`/`height` attributes equal to `width`/`height` below. */
  puzzleSvg: string;
  width: number;
  height: number;
  context: HostContext;
  theme: 'light' | 'dark';
  locale: 'en-US' | 'zh-CN';
  /** Accent colour of the host app/page. */
  accent: string;
  /** Latin face of host text. */
  face: LatinFace;
  /** Drives every host choice (canvas, platform, scenario, placement, scale, brand). */
  rng: Rng;
}

/** The composited canvas and the placement. */
export interface CompositeResult {
  /** Final PNG. */
  png: Buffer;
  /** Canvas size, px. */
  width: number;
  height: number;
  /** Puzzle px → canvas px. */
  affine: Affine;
  /** Where the puzzle sits, canvas px (x2/y2 exclusive). */
  puzzleBox: Box;
  platform: 'web' | 'mobile.ios' | 'mobile.android';
  /** e.g. `mobile.login`, `web.checkout`. */
  scenario: string;
  /** Host parameters (placement, scale, brand, orientation, browser chrome). */
  params: Record<string, unknown>;
  /** The host page SVG (for leak tests and debugging). */
  hostSvg: string;
}

// ---------------------------------------------------------------------------------------------
// small SVG helpers (canvas px)

const n1 = (v: number): string => String(Math.round(v * 10) / 10);
const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = ''): string =>
  `<rect x="${n1(x)}" y="${n1(y)}" width="${n1(w)}" height="${n1(h)}"${rx ? ` rx="${n1(rx)}"` : ''} fill="${fill}"${extra ? ' ' + extra : ''}/>`;
const circ = (cx: number, cy: number, r: number, fill: string, extra = ''): string =>
  `<circle cx="${n1(cx)}" cy="${n1(cy)}" r="${n1(r)}" fill="${fill}"${extra ? ' ' + extra : ''}/>`;
const stroke = (c: string, w = 1): string => `stroke="${c}" stroke-width="${w}"`;

interface Palette {
  bg: string;
  surface: string;
  surface2: string;
  border: string;
  text: string;
  subtext: string;
  accent: string;
  onAccent: string;
  scrim: string;
  skeleton: string;
}
function palette(theme: 'light' | 'dark', accent: string): Palette {
  return theme === 'light'
    ? { bg: '#f4f5f7', surface: '#ffffff', surface2: '#eef0f3', border: '#d9dce1', text: '#1d2026', subtext: '#6b7078', accent, onAccent: '#ffffff', scrim: 'rgba(0,0,0,0.45)', skeleton: '#e3e6ea' }
    : { bg: '#101114', surface: '#1b1d22', surface2: '#262931', border: '#343842', text: '#eceef1', subtext: '#9aa0a8', accent, onAccent: '#ffffff', scrim: 'rgba(0,0,0,0.6)', skeleton: '#2c3038' };
}

/** Host text strings per locale. */
const STR = {
  'en-US': {
    signIn: 'Sign in', welcome: 'Welcome back', email: 'Email or phone', password: 'Password', forgot: 'Forgot password?',
    cont: 'Continue', remember: 'Remember me', payment: 'Confirm payment', pay: 'Pay now', amount: 'Amount due', card: 'Visa •••• 4821',
    merchant: 'Merchant', orderNo: 'Order no.', signup: 'Create account', name: 'Full name', phone: 'Phone number', code: 'Verification code', getCode: 'Get code',
    verify: 'Security verification', verifySub: 'Complete the check to continue', help: 'Having trouble? Refresh the puzzle',
    checkout: 'Checkout', order: 'Order summary', subtotal: 'Subtotal', shipping: 'Shipping', total: 'Total', placeOrder: 'Place order',
    nav: ['Home', 'Shop', 'Deals', 'Help'], items: ['Wireless earbuds', 'Phone case', 'USB-C cable', 'Desk lamp'], agree: 'By continuing you agree to the Terms',
    or: 'or', google: 'Continue with Google', noAccount: "Don't have an account? Sign up",
    otpTitle: 'Verify your phone', otpSub: 'Enter the 6-digit code we sent to +1 ••• ••• 2817', resend: 'Resend code in 0:42',
    comments: 'Comments', writeComment: 'Write a comment…', post: 'Post comment', readTime: '6 min read',
    article: ['How we rebuilt our city’s bike lanes in one summer', 'Small changes to street design add up. Over twelve weeks the council repainted forty kilometres of lanes, added protected junctions and moved parking to side streets.', 'Residents were sceptical at first, but counts show twice as many riders on weekdays, and fewer collisions at the busiest crossings.'],
    searchGate: 'Before you continue', searchSub: 'Our systems detected unusual traffic from your network. Please confirm that you are not a robot.',
    searchHint: 'Why did this happen?', privacy: 'Privacy', terms: 'Terms', secure: 'Secure checkout',
  },
  'zh-CN': {
    signIn: '登录', welcome: '欢迎回来', email: '手机号或邮箱', password: '密码', forgot: '忘记密码？',
    cont: '继续', remember: '记住我', payment: '确认付款', pay: '立即支付', amount: '应付金额', card: '招商银行储蓄卡 (4821)',
    merchant: '收款方', orderNo: '订单号', signup: '注册账号', name: '姓名', phone: '手机号码', code: '短信验证码', getCode: '获取验证码',
    verify: '安全验证', verifySub: '请完成验证后继续', help: '看不清？刷新一下',
    checkout: '结算', order: '订单摘要', subtotal: '商品金额', shipping: '运费', total: '合计', placeOrder: '提交订单',
    nav: ['首页', '商城', '优惠', '帮助'], items: ['无线耳机', '手机壳', '数据线', '台灯'], agree: '继续即表示同意服务条款',
    or: '或', google: '使用微信登录', noAccount: '还没有账号？立即注册',
    otpTitle: '验证手机号', otpSub: '请输入发送至 +86 138 **** 2817 的 6 位验证码', resend: '42 秒后可重新发送',
    comments: '评论', writeComment: '写下你的评论…', post: '发表评论', readTime: '阅读约 6 分钟',
    article: ['一个夏天，我们重建了城市的自行车道', '街道设计的小改动会积少成多。十二周内，市里重新划设了四十公里车道，增设了受保护的路口，并把停车位移到了支路。', '起初居民心存疑虑，但数据显示工作日骑行人数翻了一番，最繁忙路口的事故也减少了。'],
    searchGate: '继续访问前，请先验证', searchSub: '我们检测到您的网络存在异常流量，请确认您不是机器人。',
    searchHint: '为什么会出现这个页面？', privacy: '隐私', terms: '条款', secure: '安全结算',
  },
} as const;
type Strings = (typeof STR)['en-US'] | (typeof STR)['zh-CN'];

const BRANDS = { 'en-US': ['Northwind', 'Lumen', 'Acme Pay', 'Parcelly', 'Brightbank', 'Tidal Shop', 'Quill', 'Harbor News'], 'zh-CN': ['青禾', '云途', '星汇支付', '快邮', '银杏银行', '潮购', '知行', '晨报'] };
const DOMAINS = ['northwind.example', 'lumen.example', 'parcelly.example', 'tidalshop.example', 'quill.example', 'harbornews.example'];

class Painter {
  out = '';
  constructor(private readonly face: LatinFace) {}
  add(s: string): this {
    this.out += s;
    return this;
  }
  /** Text as glyph paths; `(x, y)` baseline at anchor; shrinks to `maxWidth`. */
  text(s: string, x: number, y: number, size: number, fill: string, o: { anchor?: 'start' | 'middle' | 'end'; weight?: 400 | 700; maxWidth?: number } = {}): this {
    const sz = o.maxWidth ? fitSize(s, size, o.maxWidth, { face: this.face, weight: o.weight }) : size;
    this.out += textSvg(s, x, y, sz, fill, { face: this.face, weight: o.weight, anchor: o.anchor });
    return this;
  }
  /** Wrapped paragraph from (x, y) (first baseline), at most `maxLines` lines; returns the y after it. */
  para(s: string, x: number, y: number, size: number, fill: string, width: number, maxLines = 6, lh = 1.45): number {
    const lines = wrapText(s, size, width, { face: this.face }).slice(0, maxLines);
    for (const ln of lines) {
      this.text(ln, x, y, size, fill);
      y += size * lh;
    }
    return y;
  }
}

function statusBar(p: Painter, pal: Palette, w: number, ios: boolean, landscape: boolean, fill = pal.surface): number {
  const h = ios ? (landscape ? 24 : 47) : 28;
  const y = ios && !landscape ? 32 : h / 2 + 5;
  p.add(rect(0, 0, w, h, fill));
  p.text(ios ? '9:41' : '12:30', ios ? 34 : 16, y, ios ? 15 : 13, pal.text, { weight: ios ? 700 : 400 });
  const rx = w - (ios ? 30 : 16);
  const by = y - 10;
  p.add(rect(rx - 24, by + 1, 22, 11, 'none', 3, stroke(pal.text)) + rect(rx - 22, by + 3, 15, 7, pal.text, 1.5) + rect(rx - 1.5, by + 4.5, 2, 4, pal.text, 1));
  for (let i = 0; i < 4; i++) p.add(rect(rx - 62 + i * 5, by + 9 - i * 2.6, 3, 3 + i * 2.6, pal.text, 0.8));
  p.add(`<path d="M${n1(rx - 40)} ${n1(by + 4)}Q${n1(rx - 33)} ${n1(by - 2)} ${n1(rx - 26)} ${n1(by + 4)}" fill="none" ${stroke(pal.text, 1.8)}/>` + circ(rx - 33, by + 9.5, 2, pal.text));
  return h;
}

function field(p: Painter, pal: Palette, x: number, y: number, w: number, h: number, placeholder: string, r: number): void {
  p.add(rect(x, y, w, h, pal.surface, r, stroke(pal.border)));
  p.text(placeholder, x + 14, y + h / 2 + 5, 14, pal.subtext, { maxWidth: w - 28 });
}
function primaryButton(p: Painter, pal: Palette, x: number, y: number, w: number, h: number, label: string, r: number): void {
  p.add(rect(x, y, w, h, pal.accent, r));
  p.text(label, x + w / 2, y + h / 2 + 5.5, 15, pal.onAccent, { anchor: 'middle', weight: 700, maxWidth: w - 20 });
}
function closeX(cx: number, cy: number, r: number, color: string): string {
  return `<path d="M${n1(cx - r)} ${n1(cy - r)}L${n1(cx + r)} ${n1(cy + r)}M${n1(cx - r)} ${n1(cy + r)}L${n1(cx + r)} ${n1(cy - r)}" ${stroke(color, 2)} stroke-linecap="round"/>`;
}
function chevronLeft(x: number, cy: number, color: string): string {
  return `<path d="M${n1(x + 8)} ${n1(cy - 8)}L${n1(x)} ${n1(cy)}L${n1(x + 8)} ${n1(cy + 8)}" fill="none" ${stroke(color, 2.2)} stroke-linecap="round"/>`;
}
/** Grey skeleton bars standing in for secondary text. */
function skeletonLines(rng: Rng, x: number, y: number, w: number, lines: number, pal: Palette, lh = 16): string {
  let s = '';
  for (let i = 0; i < lines; i++) s += rect(x, y + i * lh, w * (i === lines - 1 ? rng.float(0.4, 0.7) : rng.float(0.85, 1)), 8, pal.skeleton, 4);
  return s;
}
const money = (rng: Rng, zh: boolean, lo = 9, hi = 899): string => (zh ? `¥${rng.int(lo, hi)}.${rng.int(10, 99)}` : `$${rng.int(lo, hi)}.${rng.int(10, 99)}`);

/** Placement decided by a layout: top-left and size of the placed puzzle, canvas px. */
interface Placement {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Scale for a pw x ph puzzle in an aw x ah area: the preferred scale, shrunk to fit. */
function fitScale(rng: Rng, pw: number, ph: number, aw: number, ah: number, prefer: [number, number]): number {
  const fit = Math.min(aw / pw, ah / ph);
  return Math.min(fit, rng.float(prefer[0], prefer[1]));
}
const sized = (pw: number, ph: number, s: number): { w: number; h: number } => ({ w: Math.round(pw * s), h: Math.round(ph * s) });

// ---------------------------------------------------------------------------------------------
// mobile

interface HostOut {
  svg: string;
  place: Placement;
  scenario: string;
  params: Record<string, unknown>;
}

function mobileHost(inp: CompositeInput, W: number, H: number, pal: Palette, S: Strings): HostOut & { platform: 'mobile.ios' | 'mobile.android' } {
  const { rng } = inp;
  const zh = inp.locale === 'zh-CN';
  const ios = rng.bool();
  const landscape = W > H;
  const tablet = Math.min(W, H) >= 600;
  const screen = rng.pick(MOBILE_SCREENS);
  const brand = rng.pick(BRANDS[inp.locale]);
  const small = inp.height <= 130;
  const inlineOk = (screen === 'login' || screen === 'signup') && !landscape && small && rng.bool(0.5);
  const p = new Painter(inp.face);
  const r = ios ? 12 : 8;
  p.add(rect(0, 0, W, H, pal.bg));
  const sb = statusBar(p, pal, W, ios, landscape);
  // app bar
  const ab = landscape ? 44 : 56;
  p.add(rect(0, sb, W, ab, pal.surface) + rect(0, sb + ab - 1, W, 1, pal.border));
  p.add(chevronLeft(14, sb + ab / 2, pal.text));
  const title = screen === 'login' ? S.signIn : screen === 'payment' ? S.payment : screen === 'otp' ? S.otpTitle : S.signup;
  p.text(title, W / 2, sb + ab / 2 + 6, 17, pal.text, { anchor: 'middle', weight: 700, maxWidth: W - 120 });
  // content column
  const colW = tablet ? Math.min(460, W - 80) : landscape ? Math.round(W * 0.42) : W - 40;
  const colX = tablet ? Math.round((W - colW) / 2) : landscape ? Math.round(W * 0.06) : 20;
  let y = sb + ab + (landscape ? 14 : 26);
  p.add(circ(colX + 22, y + 20, 20, pal.accent) + circ(colX + 22, y + 20, 8, pal.onAccent));
  p.text(brand, colX + 52, y + 27, 20, pal.text, { weight: 700, maxWidth: colW - 60 });
  y += landscape ? 52 : 64;
  let inlinePlace: Placement | null = null;
  if (screen === 'payment') {
    p.text(S.amount, colX, y + 10, 13, pal.subtext);
    p.text(money(rng, zh, 12, 999), colX, y + 48, 34, pal.text, { weight: 700 });
    y += 64;
    p.add(rect(colX, y, colW, 52, pal.surface, r, stroke(pal.border)) + rect(colX + 12, y + 14, 36, 24, pal.accent, 4));
    p.text(S.card, colX + 60, y + 31, 14, pal.text, { maxWidth: colW - 72 });
    y += 64;
    for (const [k, v] of [[S.merchant, brand], [S.orderNo, String(rng.int(10000000, 99999999))]] as const) {
      p.text(k, colX, y + 14, 13, pal.subtext);
      p.text(v, colX + colW, y + 14, 13, pal.text, { anchor: 'end' });
      y += 26;
    }
    y += 8;
    primaryButton(p, pal, colX, y, colW, 48, S.pay, r);
  } else if (screen === 'otp') {
    y = p.para(S.otpSub, colX, y + 6, 14, pal.subtext, colW, 2);
    const bw = Math.min(48, (colW - 50) / 6);
    for (let i = 0; i < 6; i++) {
      p.add(rect(colX + i * (bw + 10), y + 4, bw, bw * 1.15, pal.surface, 8, stroke(i < 2 ? pal.accent : pal.border, i < 2 ? 2 : 1)));
      if (i < 2) p.text(String(rng.int(0, 9)), colX + i * (bw + 10) + bw / 2, y + 4 + bw * 0.78, 22, pal.text, { anchor: 'middle', weight: 700 });
    }
    y += bw * 1.15 + 24;
    p.text(S.resend, colX, y, 13, pal.subtext);
    y += 24;
    primaryButton(p, pal, colX, y, colW, 48, S.cont, r);
  } else {
    const fields = screen === 'login' ? [S.email, S.password] : [S.name, S.phone, S.code];
    for (const f of fields) {
      field(p, pal, colX, y, colW, 46, f, r);
      if (f === S.code) p.text(S.getCode, colX + colW - 14, y + 28, 13, pal.accent, { anchor: 'end', weight: 700 });
      y += landscape ? 54 : 58;
    }
    if (inlineOk) {
      const s = Math.min(colW / inp.width, rng.float(1.0, 1.15));
      const z = sized(inp.width, inp.height, s);
      inlinePlace = { x: Math.round(colX + (colW - z.w) / 2), y: Math.round(y), ...z };
      y += z.h + 14;
    }
    if (screen === 'login') {
      p.add(rect(colX, y + 2, 16, 16, pal.surface, 3, stroke(pal.border, 1.5)));
      p.text(S.remember, colX + 24, y + 15, 13, pal.subtext);
      p.text(S.forgot, colX + colW, y + 15, 13, pal.accent, { anchor: 'end' });
      y += 34;
    }
    primaryButton(p, pal, colX, y, colW, 48, screen === 'login' ? S.signIn : S.cont, r);
    y += 64;
    p.text(screen === 'login' ? S.noAccount : S.agree, colX + colW / 2, y + 10, 13, pal.subtext, { anchor: 'middle', maxWidth: colW });
  }
  // home indicator / nav pill
  p.add(rect(W / 2 - 67, H - 10, 134, 5, pal.text, 2.5, 'opacity="0.6"'));

  let placement: 'inline' | 'sheet' | 'card' | 'fullscreen';
  if (inlinePlace) placement = 'inline';
  else if (landscape) placement = rng.pick(['card', 'fullscreen'] as const);
  else placement = rng.pick(tablet ? (['card', 'sheet', 'fullscreen'] as const) : (['sheet', 'sheet', 'card', 'fullscreen'] as const));
  let place: Placement;
  if (inlinePlace) {
    place = inlinePlace;
  } else if (placement === 'fullscreen') {
    // a new full-screen page on top: its own bar with a close button, text, the puzzle, help line
    p.add(rect(0, 0, W, H, pal.surface));
    const sb2 = statusBar(p, pal, W, ios, landscape);
    const hb = landscape ? 40 : 52;
    p.add(rect(0, sb2 + hb - 1, W, 1, pal.border) + closeX(24, sb2 + hb / 2, 7, pal.text));
    p.text(S.verify, W / 2, sb2 + hb / 2 + 6, 17, pal.text, { anchor: 'middle', weight: 700, maxWidth: W - 100 });
    const sub = landscape ? 0 : 34;
    if (!landscape) p.text(S.verifySub, W / 2, sb2 + hb + 26, 14, pal.subtext, { anchor: 'middle', maxWidth: W - 40 });
    const foot = landscape ? 10 : 44;
    const top = sb2 + hb + sub + 10;
    const s = fitScale(rng, inp.width, inp.height, W - 24, H - top - foot - 14, tablet ? [1.1, 1.4] : [0.95, 1.15]);
    const z = sized(inp.width, inp.height, s);
    place = { x: Math.round((W - z.w) / 2), y: Math.round(top + Math.max(0, (H - top - foot - 14 - z.h) * (landscape ? 0.5 : 0.25))), ...z };
    if (!landscape) p.text(S.help, W / 2, H - 26, 12.5, pal.subtext, { anchor: 'middle', maxWidth: W - 40 });
  } else if (placement === 'sheet') {
    p.add(rect(0, 0, W, H, pal.scrim));
    const head = 46;
    const s = fitScale(rng, inp.width, inp.height, W - 24, H - sb - head - 60, tablet ? [1.1, 1.35] : [0.95, 1.15]);
    const z = sized(inp.width, inp.height, s);
    const sheetH = head + z.h + 44;
    const top = H - sheetH;
    p.add(rect(0, top, W, sheetH + 20, pal.surface, 18));
    p.add(rect(W / 2 - 18, top + 8, 36, 4, pal.border, 2));
    p.text(S.verify, 20, top + 36, 16, pal.text, { weight: 700, maxWidth: W - 70 });
    p.add(closeX(W - 26, top + 30, 7, pal.subtext));
    place = { x: Math.round((W - z.w) / 2), y: top + head, ...z };
  } else {
    p.add(rect(0, 0, W, H, pal.scrim));
    const head = 46;
    const maxW = landscape ? W * 0.62 : W - 28;
    const s = fitScale(rng, inp.width, inp.height, maxW - 20, H - sb - head - 30, tablet ? [1.05, 1.3] : [0.9, 1.1]);
    const z = sized(inp.width, inp.height, s);
    const cw = Math.max(z.w + 20, Math.min(maxW, 300));
    const ch = head + z.h + 14;
    const cx = Math.round((W - cw) / 2);
    const cy = Math.max(sb + 4, Math.round((H - ch) / 2));
    p.add(rect(cx, cy, cw, ch, pal.surface, 14));
    p.text(S.verify, cx + 16, cy + 30, 15, pal.text, { weight: 700, maxWidth: cw - 56 });
    p.add(closeX(cx + cw - 22, cy + 25, 6, pal.subtext));
    place = { x: Math.round(cx + (cw - z.w) / 2), y: cy + head, ...z };
  }
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${p.out}</svg>`,
    place,
    platform: ios ? 'mobile.ios' : 'mobile.android',
    scenario: `mobile.${screen}`,
    params: { host: screen, placement, orientation: landscape ? 'landscape' : 'portrait', device: tablet ? 'tablet' : 'phone', brand, os: ios ? 'ios' : 'android' },
  };
}

// ---------------------------------------------------------------------------------------------
// web

/** Browser window chrome (tab strip + address bar); returns its height. */
function browserChrome(p: Painter, pal: Palette, W: number, domain: string, title: string, dark: boolean): number {
  const tabH = 34;
  const barH = 40;
  p.add(rect(0, 0, W, tabH + barH, dark ? '#202124' : '#dee1e6'));
  ['#ff5f57', '#febc2e', '#28c840'].forEach((c, i) => p.add(circ(18 + i * 20, tabH / 2, 6, c)));
  p.add(rect(80, 6, 220, tabH - 6, dark ? '#35363a' : '#ffffff', 8));
  p.add(circ(96, 6 + (tabH - 6) / 2, 6, pal.accent));
  p.text(title, 110, 6 + (tabH - 6) / 2 + 4.5, 12, dark ? '#e8eaed' : '#3c4043', { maxWidth: 170 });
  p.add(rect(0, tabH, W, barH, dark ? '#35363a' : '#ffffff'));
  p.add(chevronLeft(16, tabH + barH / 2, dark ? '#9aa0a6' : '#5f6368'));
  // forward arrow, greyed out
  p.add(`<path d="M${n1(42)} ${n1(tabH + barH / 2 - 8)}L${n1(50)} ${n1(tabH + barH / 2)}L${n1(42)} ${n1(tabH + barH / 2 + 8)}" fill="none" ${stroke(dark ? '#5f6368' : '#bdc1c6', 2.2)} stroke-linecap="round"/>`);
  p.add(rect(70, tabH + 6, W - 140, barH - 12, dark ? '#202124' : '#f1f3f4', (barH - 12) / 2));
  // padlock
  const lx = 86;
  const ly = tabH + barH / 2;
  p.add(rect(lx - 5, ly - 1, 10, 8, dark ? '#9aa0a6' : '#5f6368', 1.5) + `<path d="M${n1(lx - 3)} ${n1(ly - 1)}V${n1(ly - 4)}A3 3 0 0 1 ${n1(lx + 3)} ${n1(ly - 4)}V${n1(ly - 1)}" fill="none" ${stroke(dark ? '#9aa0a6' : '#5f6368', 1.6)}/>`);
  p.text(domain, lx + 14, ly + 5, 13, dark ? '#e8eaed' : '#202124', { maxWidth: W - 260 });
  return tabH + barH;
}

function webHost(inp: CompositeInput, W: number, H: number, pal: Palette, S: Strings): HostOut {
  const { rng } = inp;
  const zh = inp.locale === 'zh-CN';
  const page = rng.pick(WEB_PAGES);
  const brand = rng.pick(BRANDS[inp.locale]);
  const p = new Painter(inp.face);
  p.add(rect(0, 0, W, H, pal.bg));
  const chrome = rng.bool(0.45);
  const top = chrome ? browserChrome(p, pal, W, rng.pick(DOMAINS), brand, inp.theme === 'dark') : 0;
  const narrow = W < 900;
  // site nav bar
  const nh = 60;
  p.add(rect(0, top, W, nh, pal.surface) + rect(0, top + nh - 1, W, 1, pal.border));
  p.add(rect(28, top + 16, 28, 28, pal.accent, 7));
  p.text(brand, 66, top + 37, 20, pal.text, { weight: 700, maxWidth: 200 });
  let nx = Math.max(260, W * 0.3);
  for (const item of S.nav) {
    if (nx > W - 220) break;
    p.text(item, nx, top + 36, 15, pal.subtext);
    nx += 96;
  }
  p.add(rect(W - 128, top + 14, 100, 32, pal.accent, 6));
  p.text(S.signIn, W - 78, top + 35, 14, pal.onAccent, { anchor: 'middle', weight: 700, maxWidth: 90 });
  const y0 = top + nh;
  const small = inp.height <= 130;
  let placement: 'inline' | 'modal' | 'interstitial' = 'modal';
  let place: Placement | null = null;

  if (page === 'checkout') {
    const lx = 40;
    const lw = narrow ? W - 80 : Math.round(W * 0.58) - 60;
    p.text(S.checkout, lx, y0 + 50, 28, pal.text, { weight: 700 });
    let y = y0 + 76;
    for (const [i, item] of S.items.entries()) {
      if (y + 90 > H - 20) break;
      p.add(rect(lx, y, lw, 84, pal.surface, 10, stroke(pal.border)));
      p.add(rect(lx + 14, y + 14, 56, 56, `hsl(${(i * 67 + 20) % 360},45%,70%)`, 8));
      p.text(item, lx + 86, y + 36, 16, pal.text, { weight: 700, maxWidth: lw - 200 });
      p.text(`× ${rng.int(1, 3)}`, lx + 86, y + 60, 13, pal.subtext);
      p.text(money(rng, zh), lx + lw - 16, y + 48, 16, pal.text, { anchor: 'end', weight: 700 });
      y += 96;
    }
    if (!narrow) {
      const sx = Math.round(W * 0.58);
      const sw = W - sx - 40;
      p.add(rect(sx, y0 + 76, sw, 280, pal.surface, 12, stroke(pal.border)));
      p.text(S.order, sx + 20, y0 + 112, 18, pal.text, { weight: 700, maxWidth: sw - 40 });
      [S.subtotal, S.shipping, S.total].forEach((t, i) => {
        p.text(t, sx + 20, y0 + 152 + i * 34, 14, i === 2 ? pal.text : pal.subtext, { weight: i === 2 ? 700 : 400, maxWidth: sw / 2 });
        p.text(money(rng, zh, 10, 999), sx + sw - 20, y0 + 152 + i * 34, 14, pal.text, { anchor: 'end' });
      });
      primaryButton(p, pal, sx + 20, y0 + 268, sw - 40, 46, S.placeOrder, 8);
      p.text(S.secure, sx + sw / 2, y0 + 338, 12, pal.subtext, { anchor: 'middle' });
    }
  } else if (page === 'comment') {
    const cw = Math.min(720, W - 80);
    const cx = Math.round((W - cw) / 2);
    let y = y0 + 56;
    const [headline, para1, para2] = S.article;
    p.text(headline, cx, y, narrow ? 22 : 28, pal.text, { weight: 700, maxWidth: cw });
    y += 28;
    p.add(circ(cx + 12, y + 6, 12, pal.skeleton));
    p.text(`${brand} · ${S.readTime}`, cx + 32, y + 11, 13, pal.subtext);
    y += 40;
    y = p.para(para1, cx, y, 15, pal.text, cw, 4);
    y = p.para(para2, cx, y + 8, 15, pal.text, cw, 3);
    y += 10;
    p.add(skeletonLines(rng, cx, y, cw, 2, pal));
    y += 46;
    p.add(rect(cx, y, cw, 1, pal.border));
    y += 34;
    p.text(S.comments, cx, y, 20, pal.text, { weight: 700 });
    y += 16;
    p.add(rect(cx, y, cw, 96, pal.surface, 8, stroke(pal.border)));
    p.text(S.writeComment, cx + 14, y + 26, 14, pal.subtext, { maxWidth: cw - 28 });
    y += 108;
    // small or medium widgets sit under the comment box; large ones open a modal
    const fits = inp.width * 1.0 <= cw && y + inp.height + 70 <= H;
    if (fits && rng.bool(small ? 0.8 : 0.6)) {
      const s = fitScale(rng, inp.width, inp.height, cw, H - y - 70, [1.0, 1.1]);
      const z = sized(inp.width, inp.height, s);
      place = { x: cx, y, ...z };
      placement = 'inline';
      y += z.h + 14;
    }
    primaryButton(p, pal, cx + cw - 150, y, 150, 42, S.post, 8);
  } else if (page === 'search') {
    // full-page gate: logo, explanation, the puzzle in the page flow, footer links; no scrim
    placement = 'interstitial';
    const cw = Math.min(560, W - 60);
    const cx = Math.round((W - cw) / 2);
    let y = y0 + (H - y0 > 700 ? 60 : 30);
    p.text(S.searchGate, W / 2, y + 24, 26, pal.text, { anchor: 'middle', weight: 700, maxWidth: cw });
    y += 44;
    const lines = wrapText(S.searchSub, 15, cw, { face: inp.face });
    for (const ln of lines.slice(0, 3)) {
      p.text(ln, W / 2, y + 15, 15, pal.subtext, { anchor: 'middle' });
      y += 22;
    }
    y += 18;
    const s = fitScale(rng, inp.width, inp.height, cw, H - y - 70, [1.0, 1.25]);
    const z = sized(inp.width, inp.height, s);
    p.add(rect(Math.round((W - z.w) / 2) - 16, y - 16, z.w + 32, z.h + 32, pal.surface, 12, stroke(pal.border)));
    place = { x: Math.round((W - z.w) / 2), y, ...z };
    y += z.h + 40;
    if (y + 20 < H) p.text(S.searchHint, W / 2, y, 13, pal.accent, { anchor: 'middle' });
    if (y + 50 < H) p.text(`${S.privacy} · ${S.terms}`, W / 2, H - 20, 12, pal.subtext, { anchor: 'middle' });
  } else {
    // login / registration card
    const cw = Math.min(440, W - 80);
    const cx = Math.round((W - cw) / 2);
    const fields = page === 'login' ? [S.email, S.password] : [S.name, S.email, S.phone, S.password];
    let iz: { w: number; h: number } | null = null;
    if ((small || (inp.height <= 300 && inp.width <= cw - 64)) && rng.bool(small ? 0.5 : 0.35)) {
      const s = Math.min((cw - 64) / inp.width, rng.float(1.0, 1.15));
      iz = sized(inp.width, inp.height, s);
    }
    const ch = 140 + fields.length * 62 + 150 + (iz ? iz.h + 16 : 0);
    if (iz && y0 + 20 + ch > H) iz = null;
    const chh = 140 + fields.length * 62 + 150 + (iz ? iz.h + 16 : 0);
    const cy = Math.max(y0 + 20, Math.round((H - chh) / 2));
    p.add(rect(cx, cy, cw, chh, pal.surface, 14, stroke(pal.border)));
    p.text(page === 'login' ? S.welcome : S.signup, cx + 32, cy + 56, 26, pal.text, { weight: 700, maxWidth: cw - 64 });
    let y = cy + 90;
    for (const f of fields) {
      field(p, pal, cx + 32, y, cw - 64, 46, f, 8);
      y += 62;
    }
    if (iz) {
      place = { x: cx + 32 + Math.round((cw - 64 - iz.w) / 2), y, ...iz };
      placement = 'inline';
      y += iz.h + 16;
    }
    primaryButton(p, pal, cx + 32, y + 6, cw - 64, 48, page === 'login' ? S.signIn : S.cont, 8);
    y += 80;
    p.text(S.or, cx + cw / 2, y, 13, pal.subtext, { anchor: 'middle' });
    p.add(rect(cx + 32, y + 16, cw - 64, 44, pal.surface2, 8));
    p.text(S.google, cx + cw / 2, y + 43, 14, pal.text, { anchor: 'middle', maxWidth: cw - 90 });
  }

  if (!place) {
    // modal over a dimmed page
    p.add(rect(0, 0, W, H, pal.scrim));
    const head = 58;
    const foot = 40;
    const s = fitScale(rng, inp.width, inp.height, W - 120, H - top - head - foot - 40, [1.0, 1.3]);
    const z = sized(inp.width, inp.height, s);
    const mw = Math.max(z.w + 48, 360);
    const mh = head + z.h + foot;
    const mx = Math.round((W - mw) / 2);
    const my = Math.max(top + 10, Math.round((H - mh) / 2));
    p.add(rect(mx + 2, my + 6, mw, mh, 'rgba(0,0,0,0.25)', 14));
    p.add(rect(mx, my, mw, mh, pal.surface, 14));
    p.text(S.verify, mx + 24, my + 36, 18, pal.text, { weight: 700, maxWidth: mw - 80 });
    p.add(closeX(mx + mw - 30, my + 30, 7, pal.subtext));
    p.text(S.help, mx + mw / 2, my + mh - 14, 12, pal.subtext, { anchor: 'middle', maxWidth: mw - 40 });
    place = { x: Math.round((W - z.w) / 2), y: my + head, ...z };
    placement = 'modal';
  }
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${p.out}</svg>`,
    place,
    scenario: `web.${page}`,
    params: { host: page, placement, orientation: W >= H ? 'landscape' : 'portrait', brand, browser_chrome: chrome },
  };
}

/**
 * Resize a standalone SVG document to `w` x `h` px by rewriting the root's width/height attributes
 * (the viewBox stays, so the drawing scales). Throws Error when the root has no width/height.
 */
export function resizeSvg(svg: string, w: number, h: number): string {
  const m = /^<svg\b[^>]*>/.exec(svg);
  if (!m) throw new Error('resizeSvg: not an <svg> document');
  const root = m[0].replace(/\swidth="[^"]*"/, ` width="${w}"`).replace(/\sheight="[^"]*"/, ` height="${h}"`);
  if (!/viewBox=/.test(root)) throw new Error('resizeSvg: root has no viewBox');
  return root + svg.slice(m[0].length);
}

/** A host layout before rasterising: canvas, host SVG, integer placement and the record fields. */
export interface HostPlan {
  width: number;
  height: number;
  hostSvg: string;
  /** Where the puzzle goes, canvas px (integer offset and size). */
  place: { x: number; y: number; w: number; h: number };
  platform: CompositeResult['platform'];
  scenario: string;
  params: Record<string, unknown>;
}

/**
 * Choose the canvas, draw the host and place the puzzle (no rasterising). Pure function of `inp`
 * (the rng state included); {@link composite} calls it first.
 * @throws Error when a layout places the puzzle outside the canvas (a compositor bug)
 */
export function planComposite(inp: CompositeInput): HostPlan {
  const { rng } = inp;
  const list = inp.context === 'mobile' ? MOBILE : WEB;
  const [W, H] = rng.weighted(list, list.map((c) => c[2]));
  const pal = palette(inp.theme, inp.accent);
  const S = STR[inp.locale];
  let host: HostOut;
  let platform: CompositeResult['platform'];
  if (inp.context === 'mobile') {
    const r = mobileHost(inp, W, H, pal, S);
    host = r;
    platform = r.platform;
  } else {
    host = webHost(inp, W, H, pal, S);
    platform = 'web';
  }
  // integer paste offset (layouts may compute fractional y from text line heights)
  const place: Placement = { x: Math.round(host.place.x), y: Math.round(host.place.y), w: host.place.w, h: host.place.h };
  if (place.x < 0 || place.y < 0 || place.x + place.w > W || place.y + place.h > H || place.w < 1 || place.h < 1) {
    throw new Error(`compositor: puzzle ${inp.width}x${inp.height} does not fit ${W}x${H} at ${JSON.stringify(place)}`);
  }
  return { width: W, height: H, hostSvg: host.svg, place, platform, scenario: host.scenario, params: host.params };
}

/**
 * Draw the host, place the puzzle, rasterise and encode. Deterministic for equal inputs (including
 * the rng state). Canvas, platform, scenario, placement and scale come from `inp.rng`
 * ({@link planComposite}).
 * @throws Error when a layout places the puzzle outside the canvas (a compositor bug)
 */
export async function composite(inp: CompositeInput): Promise<CompositeResult> {
  const plan = planComposite(inp);
  const { place } = plan;
  const puzzle = await sharp(Buffer.from(resizeSvg(inp.puzzleSvg, place.w, place.h))).png().toBuffer();
  const png = await sharp(Buffer.from(plan.hostSvg))
    .composite([{ input: puzzle, left: place.x, top: place.y }])
    .png()
    .toBuffer();
  const affine: Affine = { sx: place.w / inp.width, sy: place.h / inp.height, tx: place.x, ty: place.y };
  return {
    png,
    width: plan.width,
    height: plan.height,
    affine,
    puzzleBox: [place.x, place.y, place.x + place.w, place.y + place.h],
    platform: plan.platform,
    scenario: plan.scenario,
    params: { ...plan.params, canvas: `${plan.width}x${plan.height}`, scale: Math.round(affine.sx * 1000) / 1000 },
    hostSvg: plan.hostSvg,
  };
}
