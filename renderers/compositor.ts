/**
 * CAPTCHA compositor (DESIGN.md "captcha"): draws a host screen in SVG (a phone app screen or a web
 * page, light or dark, en-US or zh-CN; all text as glyph paths from renderers/glyphs.ts, never
 * `<text>`), rasterises the puzzle SVG with sharp at its placed size, pastes it at an integer offset and
 * encodes the final PNG.
 *
 * The placement is returned as an {@link Affine} from **puzzle px** to **canvas px**
 * (`sx = placedWidth / puzzleWidth`, `sy = placedHeight / puzzleHeight`, integer `tx`, `ty`), so the
 * caller maps every box, point and action through it (core/geometry `mapBox` / `mapPoint`).
 * captcha-catalogue lesson 1: labels are recomputed after compositing, in final-canvas pixels.
 */
import sharp from 'sharp';
import type { Rng } from '../core/rng.js';
import type { Affine, Box } from '../core/geometry.js';
import { textSvg, fitSize, type LatinFace } from './glyphs.js';

/** Host context kinds. */
export const HOST_CONTEXTS = ['mobile', 'web'] as const;
export type HostContext = (typeof HOST_CONTEXTS)[number];

/** Canvas sizes (px, dpr 1) per context. */
export const MOBILE_CANVASES: ReadonlyArray<readonly [number, number]> = [
  [390, 844], [412, 915], [360, 800], [393, 852], [844, 390], [915, 412],
];
export const WEB_CANVASES: ReadonlyArray<readonly [number, number]> = [
  [1280, 800], [1440, 900], [1024, 768], [1366, 768], [768, 1024],
];

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
  /** Host parameters (placement, scale, brand, orientation). */
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
}
function palette(theme: 'light' | 'dark', accent: string): Palette {
  return theme === 'light'
    ? { bg: '#f4f5f7', surface: '#ffffff', surface2: '#eef0f3', border: '#d9dce1', text: '#1d2026', subtext: '#6b7078', accent, onAccent: '#ffffff', scrim: 'rgba(0,0,0,0.45)' }
    : { bg: '#101114', surface: '#1b1d22', surface2: '#262931', border: '#343842', text: '#eceef1', subtext: '#9aa0a8', accent, onAccent: '#ffffff', scrim: 'rgba(0,0,0,0.6)' };
}

/** Host text strings per locale. */
const STR = {
  'en-US': {
    signIn: 'Sign in', welcome: 'Welcome back', email: 'Email or phone', password: 'Password', forgot: 'Forgot password?',
    cont: 'Continue', remember: 'Remember me', payment: 'Payment', pay: 'Pay now', amount: 'Amount due', card: 'Visa •••• 4821',
    signup: 'Create account', name: 'Full name', phone: 'Phone number', code: 'Verification code', getCode: 'Get code',
    verify: 'Security verification', verifySub: 'Complete the check to continue', help: 'Having trouble? Refresh the puzzle',
    checkout: 'Checkout', order: 'Order summary', subtotal: 'Subtotal', shipping: 'Shipping', total: 'Total', placeOrder: 'Place order',
    nav: ['Home', 'Shop', 'Deals', 'Help'], items: ['Wireless earbuds', 'Phone case', 'USB-C cable', 'Desk lamp'], agree: 'By continuing you agree to the Terms',
    or: 'or', google: 'Continue with Google', noAccount: "Don't have an account? Sign up",
  },
  'zh-CN': {
    signIn: '登录', welcome: '欢迎回来', email: '手机号或邮箱', password: '密码', forgot: '忘记密码？',
    cont: '继续', remember: '记住我', payment: '支付', pay: '立即支付', amount: '应付金额', card: '招商银行储蓄卡 (4821)',
    signup: '注册账号', name: '姓名', phone: '手机号码', code: '短信验证码', getCode: '获取验证码',
    verify: '安全验证', verifySub: '请完成验证后继续', help: '看不清？刷新一下',
    checkout: '结算', order: '订单摘要', subtotal: '商品金额', shipping: '运费', total: '合计', placeOrder: '提交订单',
    nav: ['首页', '商城', '优惠', '帮助'], items: ['无线耳机', '手机壳', '数据线', '台灯'], agree: '继续即表示同意服务条款',
    or: '或', google: '使用微信登录', noAccount: '还没有账号？立即注册',
  },
} as const;
type Strings = (typeof STR)['en-US'] | (typeof STR)['zh-CN'];

const BRANDS = { 'en-US': ['Northwind', 'Lumen', 'Acme Pay', 'Parcelly', 'Brightbank', 'Tidal Shop'], 'zh-CN': ['青禾', '云途', '星汇支付', '快邮', '银杏银行', '潮购'] };

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
}

function statusBar(p: Painter, pal: Palette, w: number, ios: boolean, landscape: boolean): number {
  const h = ios ? (landscape ? 24 : 47) : 28;
  const y = ios && !landscape ? 32 : h / 2 + 5;
  p.add(rect(0, 0, w, h, pal.surface));
  p.text(ios ? '9:41' : '12:30', ios ? 34 : 16, y, ios ? 15 : 13, pal.text, { weight: ios ? 700 : 400 });
  // signal, wifi, battery at the right
  const rx = w - (ios ? 30 : 16);
  const by = y - 10;
  p.add(rect(rx - 24, by + 1, 22, 11, 'none', 3, `stroke="${pal.text}" stroke-width="1"`) + rect(rx - 22, by + 3, 15, 7, pal.text, 1.5) + rect(rx - 1.5, by + 4.5, 2, 4, pal.text, 1));
  for (let i = 0; i < 4; i++) p.add(rect(rx - 62 + i * 5, by + 9 - i * 2.6, 3, 3 + i * 2.6, pal.text, 0.8));
  p.add(`<path d="M${n1(rx - 40)} ${n1(by + 4)}Q${n1(rx - 33)} ${n1(by - 2)} ${n1(rx - 26)} ${n1(by + 4)}" fill="none" stroke="${pal.text}" stroke-width="1.8"/>` + circ(rx - 33, by + 9.5, 2, pal.text));
  return h;
}

function field(p: Painter, pal: Palette, x: number, y: number, w: number, h: number, placeholder: string, r: number): void {
  p.add(rect(x, y, w, h, pal.surface, r, `stroke="${pal.border}" stroke-width="1"`));
  p.text(placeholder, x + 14, y + h / 2 + 5, 14, pal.subtext, { maxWidth: w - 28 });
}
function primaryButton(p: Painter, pal: Palette, x: number, y: number, w: number, h: number, label: string, r: number): void {
  p.add(rect(x, y, w, h, pal.accent, r));
  p.text(label, x + w / 2, y + h / 2 + 5.5, 15, pal.onAccent, { anchor: 'middle', weight: 700, maxWidth: w - 20 });
}

/** Placement decided by a layout: top-left and size of the placed puzzle, canvas px. */
interface Placement {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Fit a puzzle of pw x ph into an area, scale in [min, max] with a random preference. */
function fitScale(rng: Rng, pw: number, ph: number, aw: number, ah: number, prefer: [number, number]): number {
  const fit = Math.min(aw / pw, ah / ph);
  const want = rng.float(prefer[0], prefer[1]);
  return Math.min(fit, want);
}

// ---------------------------------------------------------------------------------------------
// mobile

function mobileHost(inp: CompositeInput, W: number, H: number, pal: Palette, S: Strings): { svg: string; place: Placement; platform: 'mobile.ios' | 'mobile.android'; scenario: string; params: Record<string, unknown> } {
  const { rng } = inp;
  const ios = rng.bool();
  const landscape = W > H;
  const scenario = rng.pick(['login', 'payment', 'signup'] as const);
  const brand = rng.pick(BRANDS[inp.locale]);
  const inline = scenario !== 'payment' && !landscape && inp.height <= 130 && rng.bool(0.5);
  let inlinePlace: Placement | null = null;
  const p = new Painter(inp.face);
  const r = ios ? 12 : 8;
  p.add(rect(0, 0, W, H, pal.bg));
  const sb = statusBar(p, pal, W, ios, landscape);
  // app bar
  const ab = landscape ? 44 : 56;
  p.add(rect(0, sb, W, ab, pal.surface) + rect(0, sb + ab - 1, W, 1, pal.border));
  p.add(`<path d="M${n1(22)} ${n1(sb + ab / 2 - 8)}L${n1(14)} ${n1(sb + ab / 2)}L${n1(22)} ${n1(sb + ab / 2 + 8)}" fill="none" stroke="${pal.text}" stroke-width="2.2" stroke-linecap="round"/>`);
  const title = scenario === 'login' ? S.signIn : scenario === 'payment' ? S.payment : S.signup;
  p.text(title, W / 2, sb + ab / 2 + 6, 17, pal.text, { anchor: 'middle', weight: 700 });
  // content column
  const colX = landscape ? Math.round(W * 0.08) : 20;
  const colW = landscape ? Math.round(W * 0.4) : W - 40;
  let y = sb + ab + (landscape ? 16 : 28);
  p.add(circ(colX + 22, y + 20, 20, pal.accent) + circ(colX + 22, y + 20, 8, pal.onAccent));
  p.text(brand, colX + 52, y + 27, 20, pal.text, { weight: 700, maxWidth: colW - 60 });
  y += landscape ? 52 : 64;
  if (scenario === 'payment') {
    p.text(S.amount, colX, y + 10, 13, pal.subtext);
    p.text(inp.locale === 'zh-CN' ? `¥${rng.int(12, 999)}.${rng.int(10, 99)}` : `$${rng.int(12, 999)}.${rng.int(10, 99)}`, colX, y + 48, 34, pal.text, { weight: 700 });
    y += 64;
    p.add(rect(colX, y, colW, 52, pal.surface, r, `stroke="${pal.border}" stroke-width="1"`) + rect(colX + 12, y + 14, 36, 24, pal.accent, 4));
    p.text(S.card, colX + 60, y + 31, 14, pal.text, { maxWidth: colW - 72 });
    y += 68;
    primaryButton(p, pal, colX, y, colW, 48, S.pay, r);
  } else {
    const fields = scenario === 'login' ? [S.email, S.password] : [S.name, S.phone, S.code];
    for (const f of fields) {
      field(p, pal, colX, y, colW, 46, f, r);
      y += landscape ? 54 : 58;
    }
    if (inline) {
      // small widgets (checkbox, slide bar) sit in the form, as on real sign-in screens
      const s = Math.min(colW / inp.width, rng.float(1.0, 1.15));
      const w = Math.round(inp.width * s);
      const h = Math.round(inp.height * s);
      inlinePlace = { x: Math.round(colX + (colW - w) / 2), y: Math.round(y), w, h };
      y += h + 14;
    }
    if (scenario === 'login') {
      p.add(rect(colX, y + 2, 16, 16, pal.surface, 3, `stroke="${pal.border}" stroke-width="1.5"`));
      p.text(S.remember, colX + 24, y + 15, 13, pal.subtext);
      p.text(S.forgot, colX + colW, y + 15, 13, pal.accent, { anchor: 'end' });
      y += 34;
    }
    primaryButton(p, pal, colX, y, colW, 48, scenario === 'login' ? S.signIn : S.cont, r);
    y += 64;
    p.text(scenario === 'login' ? S.noAccount : S.agree, colX + colW / 2, y + 10, 13, pal.subtext, { anchor: 'middle', maxWidth: colW });
  }
  // home indicator / nav pill
  p.add(rect(W / 2 - 67, H - 10, 134, 5, pal.text, 2.5, 'opacity="0.6"'));

  // the puzzle: inline in the form, or a dimmed screen + bottom sheet (portrait) or centred card
  const placement = inlinePlace ? 'inline' : landscape ? 'card' : rng.pick(['sheet', 'card'] as const);
  if (!inlinePlace) p.add(rect(0, 0, W, H, pal.scrim));
  const head = 46;
  let place: Placement;
  if (inlinePlace) {
    place = inlinePlace;
  } else if (placement === 'sheet') {
    const s = fitScale(rng, inp.width, inp.height, W - 24, H - sb - head - 60, [0.95, 1.15]);
    const w = Math.round(inp.width * s);
    const h = Math.round(inp.height * s);
    const sheetH = head + h + 44;
    const top = H - sheetH;
    p.add(rect(0, top, W, sheetH + 20, pal.surface, 18));
    p.add(rect(W / 2 - 18, top + 8, 36, 4, pal.border, 2));
    p.text(S.verify, 20, top + 36, 16, pal.text, { weight: 700, maxWidth: W - 70 });
    p.add(closeX(W - 26, top + 30, 7, pal.subtext));
    place = { x: Math.round((W - w) / 2), y: top + head, w, h };
  } else {
    const maxW = landscape ? W * 0.6 : W - 28;
    const s = fitScale(rng, inp.width, inp.height, maxW - 20, H - sb - head - 40, [0.9, 1.1]);
    const w = Math.round(inp.width * s);
    const h = Math.round(inp.height * s);
    const cw = Math.max(w + 20, Math.min(maxW, 300));
    const ch = head + h + 16;
    const cx = Math.round((W - cw) / 2);
    const cy = Math.max(sb + 6, Math.round((H - ch) / 2));
    p.add(rect(cx, cy, cw, ch, pal.surface, 14));
    p.text(S.verify, cx + 16, cy + 30, 15, pal.text, { weight: 700, maxWidth: cw - 56 });
    p.add(closeX(cx + cw - 22, cy + 25, 6, pal.subtext));
    place = { x: Math.round(cx + (cw - w) / 2), y: cy + head, w, h };
  }
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${p.out}</svg>`,
    place,
    platform: ios ? 'mobile.ios' : 'mobile.android',
    scenario: `mobile.${scenario}`,
    params: { host: scenario, placement, orientation: landscape ? 'landscape' : 'portrait', brand, os: ios ? 'ios' : 'android' },
  };
}

function closeX(cx: number, cy: number, r: number, color: string): string {
  return `<path d="M${n1(cx - r)} ${n1(cy - r)}L${n1(cx + r)} ${n1(cy + r)}M${n1(cx - r)} ${n1(cy + r)}L${n1(cx + r)} ${n1(cy - r)}" stroke="${color}" stroke-width="2" stroke-linecap="round"/>`;
}

// ---------------------------------------------------------------------------------------------
// web

function webHost(inp: CompositeInput, W: number, H: number, pal: Palette, S: Strings): { svg: string; place: Placement; scenario: string; params: Record<string, unknown> } {
  const { rng } = inp;
  const scenario = rng.pick(['login', 'checkout', 'signup'] as const);
  const brand = rng.pick(BRANDS[inp.locale]);
  const inline = scenario !== 'checkout' && inp.height <= 130 && rng.bool(0.5);
  let inlinePlace: Placement | null = null;
  const p = new Painter(inp.face);
  p.add(rect(0, 0, W, H, pal.bg));
  // nav bar
  const nh = 64;
  p.add(rect(0, 0, W, nh, pal.surface) + rect(0, nh - 1, W, 1, pal.border));
  p.add(rect(32, 18, 28, 28, pal.accent, 7));
  p.text(brand, 70, 40, 20, pal.text, { weight: 700 });
  let nx = Math.max(260, W * 0.3);
  for (const item of S.nav) {
    if (nx > W - 220) break;
    p.text(item, nx, 39, 15, pal.subtext);
    nx += 96;
  }
  p.add(rect(W - 132, 16, 100, 32, pal.accent, 6));
  p.text(S.signIn, W - 82, 37, 14, pal.onAccent, { anchor: 'middle', weight: 700, maxWidth: 90 });
  if (scenario === 'checkout') {
    const lx = 40;
    const lw = Math.round(W * 0.58) - 60;
    p.text(S.checkout, lx, nh + 52, 28, pal.text, { weight: 700 });
    let y = nh + 80;
    for (const [i, item] of S.items.entries()) {
      if (y + 90 > H - 20) break;
      p.add(rect(lx, y, lw, 84, pal.surface, 10, `stroke="${pal.border}" stroke-width="1"`));
      p.add(rect(lx + 14, y + 14, 56, 56, `hsl(${(i * 67 + 20) % 360},45%,70%)`, 8));
      p.text(item, lx + 86, y + 36, 16, pal.text, { weight: 700, maxWidth: lw - 200 });
      p.text(`× ${rng.int(1, 3)}`, lx + 86, y + 60, 13, pal.subtext);
      p.text(inp.locale === 'zh-CN' ? `¥${rng.int(9, 899)}` : `$${rng.int(9, 299)}.${rng.int(10, 99)}`, lx + lw - 16, y + 48, 16, pal.text, { anchor: 'end', weight: 700 });
      y += 96;
    }
    const sx = Math.round(W * 0.58);
    const sw = W - sx - 40;
    p.add(rect(sx, nh + 80, sw, 260, pal.surface, 12, `stroke="${pal.border}" stroke-width="1"`));
    p.text(S.order, sx + 20, nh + 116, 18, pal.text, { weight: 700, maxWidth: sw - 40 });
    [S.subtotal, S.shipping, S.total].forEach((t, i) => {
      p.text(t, sx + 20, nh + 156 + i * 34, 14, i === 2 ? pal.text : pal.subtext, { weight: i === 2 ? 700 : 400, maxWidth: sw / 2 });
      p.text(inp.locale === 'zh-CN' ? `¥${rng.int(10, 999)}` : `$${rng.int(10, 999)}.00`, sx + sw - 20, nh + 156 + i * 34, 14, pal.text, { anchor: 'end' });
    });
    primaryButton(p, pal, sx + 20, nh + 272, sw - 40, 46, S.placeOrder, 8);
  } else {
    const cw = Math.min(420, W - 80);
    const cx = Math.round((W - cw) / 2);
    const fields = scenario === 'login' ? [S.email, S.password] : [S.name, S.email, S.password];
    let iw = 0;
    let ih = 0;
    if (inline) {
      const s = Math.min((cw - 64) / inp.width, rng.float(1.0, 1.2));
      iw = Math.round(inp.width * s);
      ih = Math.round(inp.height * s);
    }
    const ch = 140 + fields.length * 62 + 150 + (inline ? ih + 16 : 0);
    const cy = Math.max(nh + 30, Math.round((H - ch) / 2));
    p.add(rect(cx, cy, cw, ch, pal.surface, 14, `stroke="${pal.border}" stroke-width="1"`));
    p.text(scenario === 'login' ? S.welcome : S.signup, cx + 32, cy + 56, 26, pal.text, { weight: 700, maxWidth: cw - 64 });
    let y = cy + 90;
    for (const f of fields) {
      field(p, pal, cx + 32, y, cw - 64, 46, f, 8);
      y += 62;
    }
    if (inline) {
      inlinePlace = { x: cx + 32 + Math.round((cw - 64 - iw) / 2), y, w: iw, h: ih };
      y += ih + 16;
    }
    primaryButton(p, pal, cx + 32, y + 6, cw - 64, 48, scenario === 'login' ? S.signIn : S.cont, 8);
    y += 80;
    p.text(S.or, cx + cw / 2, y, 13, pal.subtext, { anchor: 'middle' });
    p.add(rect(cx + 32, y + 16, cw - 64, 44, pal.surface2, 8));
    p.text(S.google, cx + cw / 2, y + 43, 14, pal.text, { anchor: 'middle', maxWidth: cw - 90 });
  }
  if (inlinePlace) {
    return {
      svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${p.out}</svg>`,
      place: inlinePlace,
      scenario: `web.${scenario}`,
      params: { host: scenario, placement: 'inline', brand },
    };
  }
  // modal
  p.add(rect(0, 0, W, H, pal.scrim));
  const head = 58;
  const foot = 40;
  const s = fitScale(rng, inp.width, inp.height, W - 120, H - head - foot - 60, [1.0, 1.3]);
  const w = Math.round(inp.width * s);
  const h = Math.round(inp.height * s);
  const mw = Math.max(w + 48, 360);
  const mh = head + h + foot;
  const mx = Math.round((W - mw) / 2);
  const my = Math.round((H - mh) / 2);
  p.add(rect(mx + 2, my + 6, mw, mh, 'rgba(0,0,0,0.25)', 14));
  p.add(rect(mx, my, mw, mh, pal.surface, 14));
  p.text(S.verify, mx + 24, my + 36, 18, pal.text, { weight: 700, maxWidth: mw - 80 });
  p.add(closeX(mx + mw - 30, my + 30, 7, pal.subtext));
  p.text(S.help, mx + mw / 2, my + mh - 14, 12, pal.subtext, { anchor: 'middle', maxWidth: mw - 40 });
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${p.out}</svg>`,
    place: { x: Math.round((W - w) / 2), y: my + head, w, h },
    scenario: `web.${scenario}`,
    params: { host: scenario, placement: 'modal', brand },
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

/**
 * Draw the host, place the puzzle, rasterise and encode. Deterministic for equal inputs (including
 * the rng state). Canvas, platform, scenario, placement and scale come from `inp.rng`.
 */
export async function composite(inp: CompositeInput): Promise<CompositeResult> {
  const { rng } = inp;
  const [W, H] = inp.context === 'mobile'
    ? rng.weighted(MOBILE_CANVASES, [3, 3, 3, 3, 1, 1]) // portrait 80 %
    : rng.weighted(WEB_CANVASES, [3, 2, 2, 2, 1]);
  const pal = palette(inp.theme, inp.accent);
  const S = STR[inp.locale];
  let hostSvg: string;
  let place: Placement;
  let platform: CompositeResult['platform'];
  let scenario: string;
  let params: Record<string, unknown>;
  if (inp.context === 'mobile') {
    const r = mobileHost(inp, W, H, pal, S);
    ({ svg: hostSvg, place, platform, scenario, params } = r);
  } else {
    const r = webHost(inp, W, H, pal, S);
    ({ svg: hostSvg, place, scenario, params } = r);
    platform = 'web';
  }
  if (place.x < 0 || place.y < 0 || place.x + place.w > W || place.y + place.h > H || place.w < 1 || place.h < 1) {
    throw new Error(`compositor: puzzle ${inp.width}x${inp.height} does not fit ${W}x${H} at ${JSON.stringify(place)}`);
  }
  const puzzle = await sharp(Buffer.from(resizeSvg(inp.puzzleSvg, place.w, place.h))).png().toBuffer();
  const png = await sharp(Buffer.from(hostSvg))
    .composite([{ input: puzzle, left: place.x, top: place.y }])
    .png()
    .toBuffer();
  const affine: Affine = { sx: place.w / inp.width, sy: place.h / inp.height, tx: place.x, ty: place.y };
  return {
    png,
    width: W,
    height: H,
    affine,
    puzzleBox: [place.x, place.y, place.x + place.w, place.y + place.h],
    platform,
    scenario,
    params: { ...params, canvas: `${W}x${H}`, scale: Math.round(affine.sx * 1000) / 1000 },
    hostSvg,
  };
}
