/**
 * Icons from the `lucide-static` package (ISC/MIT-style licence, bundled through npm) for the
 * CAPTCHA engines, with their names as labels.
 *
 * Lucide icons are 24 x 24 stroke drawings made of `path`, `circle`, `ellipse`, `rect`, `line`,
 * `polyline` and `polygon` nodes. {@link lucideOutline} converts every node to absolute `M`/`L`/`C`/`Z`
 * path data (arcs become cubic Béziers) and bakes position, size, rotation and mirroring into the
 * coordinates, so the SVG we emit holds one `<path>` per icon with no `transform`, no class and no
 * name (nothing in the SVG that names the answer or can be looked up).
 *
 * Units: the icon's own 24-unit box is mapped onto a `size` x `size` px square centred at (cx, cy) in
 * the caller's px space (puzzle px for engines).
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { type Mat, matApply, matMul, matRotate, matScale, matTranslate } from '../../../renderers/glyphs.js';
import { type CaptchaLocale, wordIn } from './i18n.js';

type Node = [string, Record<string, string>];
const require = createRequire(import.meta.url);
let NODES: Record<string, Node[]> | null = null;
function nodes(): Record<string, Node[]> {
  if (!NODES) NODES = JSON.parse(readFileSync(require.resolve('lucide-static/icon-nodes.json'), 'utf8')) as Record<string, Node[]>;
  return NODES;
}

/** True when lucide-static has an icon of that name. */
export function hasLucide(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(nodes(), name);
}

// ---------------------------------------------------------------------------------------------
// SVG path data → absolute segments

/** Absolute path segment in icon units. */
type Seg = ['M', number, number] | ['L', number, number] | ['C', number, number, number, number, number, number] | ['Z'];

/** Cursor-based scanner for path data (handles `.5.5`, `-1-2`, packed arc flags `011`). */
class Scanner {
  i = 0;
  constructor(private readonly s: string) {}
  private skip(): void {
    while (this.i < this.s.length && /[\s,]/.test(this.s[this.i]!)) this.i++;
  }
  /** Next command letter, or null if a number follows (implicit repeat). */
  cmd(): string | null {
    this.skip();
    const c = this.s[this.i];
    if (c && /[a-zA-Z]/.test(c)) {
      this.i++;
      return c;
    }
    return null;
  }
  done(): boolean {
    this.skip();
    return this.i >= this.s.length;
  }
  num(): number {
    this.skip();
    const m = /^[-+]?(?:\d*\.\d+|\d+\.?)(?:[eE][-+]?\d+)?/.exec(this.s.slice(this.i));
    if (!m) throw new Error(`lucide: bad number at ${this.i} in "${this.s.slice(0, 60)}"`);
    this.i += m[0].length;
    return parseFloat(m[0]);
  }
  flag(): number {
    this.skip();
    const c = this.s[this.i];
    if (c !== '0' && c !== '1') throw new Error(`lucide: bad arc flag at ${this.i}`);
    this.i++;
    return c === '1' ? 1 : 0;
  }
}

/** Endpoint-parameterised elliptical arc → cubic segments (SVG implementation notes, F.6). */
function arcToCubics(x1: number, y1: number, rx: number, ry: number, phiDeg: number, fa: number, fs: number, x2: number, y2: number): Seg[] {
  if (rx === 0 || ry === 0 || (x1 === x2 && y1 === y2)) return [['L', x2, y2]];
  rx = Math.abs(rx);
  ry = Math.abs(ry);
  const phi = (phiDeg * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const dx = (x1 - x2) / 2;
  const dy = (y1 - y2) / 2;
  const x1p = cos * dx + sin * dy;
  const y1p = -sin * dx + cos * dy;
  const lam = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry);
  if (lam > 1) {
    rx *= Math.sqrt(lam);
    ry *= Math.sqrt(lam);
  }
  const num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p;
  const den = rx * rx * y1p * y1p + ry * ry * x1p * x1p;
  let co = Math.sqrt(Math.max(0, num / den));
  if (fa === fs) co = -co;
  const cxp = (co * rx * y1p) / ry;
  const cyp = (-co * ry * x1p) / rx;
  const cx = cos * cxp - sin * cyp + (x1 + x2) / 2;
  const cy = sin * cxp + cos * cyp + (y1 + y2) / 2;
  const ang = (ux: number, uy: number, vx: number, vy: number): number => {
    const a = Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
    return a;
  };
  const t1 = ang(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry);
  let dt = ang((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry);
  if (!fs && dt > 0) dt -= 2 * Math.PI;
  else if (fs && dt < 0) dt += 2 * Math.PI;
  const n = Math.max(1, Math.ceil(Math.abs(dt) / (Math.PI / 2) - 1e-9));
  const step = dt / n;
  const k = (4 / 3) * Math.tan(step / 4);
  const pt = (t: number): [number, number] => [cx + rx * Math.cos(t) * cos - ry * Math.sin(t) * sin, cy + rx * Math.cos(t) * sin + ry * Math.sin(t) * cos];
  const der = (t: number): [number, number] => [-rx * Math.sin(t) * cos - ry * Math.cos(t) * sin, -rx * Math.sin(t) * sin + ry * Math.cos(t) * cos];
  const out: Seg[] = [];
  for (let i = 0; i < n; i++) {
    const a = t1 + i * step;
    const b = a + step;
    const p0 = pt(a);
    const p3 = i === n - 1 ? ([x2, y2] as [number, number]) : pt(b);
    const d0 = der(a);
    const d3 = der(b);
    out.push(['C', p0[0] + k * d0[0], p0[1] + k * d0[1], p3[0] - k * d3[0], p3[1] - k * d3[1], p3[0], p3[1]]);
  }
  return out;
}

/** Parse SVG path data into absolute M/L/C/Z segments (quadratics raised to cubics, arcs converted). */
export function parsePathData(d: string): Seg[] {
  const sc = new Scanner(d);
  const out: Seg[] = [];
  let x = 0, y = 0, sx = 0, sy = 0;
  let lastC: [number, number] | null = null; // last cubic control point (for S)
  let lastQ: [number, number] | null = null; // last quadratic control point (for T)
  let cmd = '';
  while (!sc.done()) {
    const c = sc.cmd();
    if (c) cmd = c;
    else if (!cmd) throw new Error('lucide: path data does not start with a command');
    const rel = cmd === cmd.toLowerCase();
    const C = cmd.toUpperCase();
    const ox = rel ? x : 0;
    const oy = rel ? y : 0;
    const quadTo = (qx: number, qy: number, ex: number, ey: number): void => {
      out.push(['C', x + (2 / 3) * (qx - x), y + (2 / 3) * (qy - y), ex + (2 / 3) * (qx - ex), ey + (2 / 3) * (qy - ey), ex, ey]);
      lastQ = [qx, qy];
      lastC = null;
      x = ex;
      y = ey;
    };
    switch (C) {
      case 'M': {
        x = ox + sc.num();
        y = oy + sc.num();
        sx = x;
        sy = y;
        out.push(['M', x, y]);
        cmd = rel ? 'l' : 'L'; // implicit lineto after moveto
        lastC = lastQ = null;
        break;
      }
      case 'L':
        x = ox + sc.num();
        y = oy + sc.num();
        out.push(['L', x, y]);
        lastC = lastQ = null;
        break;
      case 'H':
        x = ox + sc.num();
        out.push(['L', x, y]);
        lastC = lastQ = null;
        break;
      case 'V':
        y = oy + sc.num();
        out.push(['L', x, y]);
        lastC = lastQ = null;
        break;
      case 'C': {
        const a = [ox + sc.num(), oy + sc.num(), ox + sc.num(), oy + sc.num(), ox + sc.num(), oy + sc.num()] as const;
        out.push(['C', ...a]);
        lastC = [a[2], a[3]];
        lastQ = null;
        x = a[4];
        y = a[5];
        break;
      }
      case 'S': {
        const r1: [number, number] = lastC ? [2 * x - lastC[0], 2 * y - lastC[1]] : [x, y];
        const a = [ox + sc.num(), oy + sc.num(), ox + sc.num(), oy + sc.num()] as const;
        out.push(['C', r1[0], r1[1], a[0], a[1], a[2], a[3]]);
        lastC = [a[0], a[1]];
        lastQ = null;
        x = a[2];
        y = a[3];
        break;
      }
      case 'Q': {
        const qx = ox + sc.num();
        const qy = oy + sc.num();
        quadTo(qx, qy, ox + sc.num(), oy + sc.num());
        break;
      }
      case 'T': {
        const q: [number, number] = lastQ ? [2 * x - lastQ[0], 2 * y - lastQ[1]] : [x, y];
        quadTo(q[0], q[1], ox + sc.num(), oy + sc.num());
        break;
      }
      case 'A': {
        const rx = sc.num();
        const ry = sc.num();
        const phi = sc.num();
        const fa = sc.flag();
        const fs = sc.flag();
        const ex = ox + sc.num();
        const ey = oy + sc.num();
        out.push(...arcToCubics(x, y, rx, ry, phi, fa, fs, ex, ey));
        x = ex;
        y = ey;
        lastC = lastQ = null;
        break;
      }
      case 'Z':
        out.push(['Z']);
        x = sx;
        y = sy;
        lastC = lastQ = null;
        cmd = '';
        break;
      default:
        throw new Error(`lucide: unsupported path command ${cmd}`);
    }
  }
  return out;
}

const num = (a: Record<string, string>, k: string, dflt = 0): number => (a[k] === undefined ? dflt : parseFloat(a[k]!));

/** Ellipse as four cubic quarter arcs, starting at the top. */
function ellipseSegs(cx: number, cy: number, rx: number, ry: number): Seg[] {
  const k = 0.5523;
  return [
    ['M', cx, cy - ry],
    ['C', cx + k * rx, cy - ry, cx + rx, cy - k * ry, cx + rx, cy],
    ['C', cx + rx, cy + k * ry, cx + k * rx, cy + ry, cx, cy + ry],
    ['C', cx - k * rx, cy + ry, cx - rx, cy + k * ry, cx - rx, cy],
    ['C', cx - rx, cy - k * ry, cx - k * rx, cy - ry, cx, cy - ry],
    ['Z'],
  ];
}

/** One lucide node as absolute segments in icon units. Throws Error on an unknown node kind. */
function nodeSegs(n: Node): Seg[] {
  const [tag, a] = n;
  switch (tag) {
    case 'path':
      return parsePathData(a.d ?? '');
    case 'circle':
      return ellipseSegs(num(a, 'cx'), num(a, 'cy'), num(a, 'r'), num(a, 'r'));
    case 'ellipse':
      return ellipseSegs(num(a, 'cx'), num(a, 'cy'), num(a, 'rx'), num(a, 'ry'));
    case 'line':
      return [['M', num(a, 'x1'), num(a, 'y1')], ['L', num(a, 'x2'), num(a, 'y2')]];
    case 'polyline':
    case 'polygon': {
      const v = (a.points ?? '').trim().split(/[\s,]+/).map(Number);
      const segs: Seg[] = [];
      for (let i = 0; i + 1 < v.length; i += 2) segs.push([i ? 'L' : 'M', v[i]!, v[i + 1]!]);
      if (tag === 'polygon') segs.push(['Z']);
      return segs;
    }
    case 'rect': {
      const x = num(a, 'x');
      const y = num(a, 'y');
      const w = num(a, 'width');
      const h = num(a, 'height');
      let rx = a.rx !== undefined ? num(a, 'rx') : num(a, 'ry');
      let ry = a.ry !== undefined ? num(a, 'ry') : rx;
      rx = Math.min(rx, w / 2);
      ry = Math.min(ry, h / 2);
      if (!rx || !ry) return [['M', x, y], ['L', x + w, y], ['L', x + w, y + h], ['L', x, y + h], ['Z']];
      const k = 0.5523;
      return [
        ['M', x + rx, y],
        ['L', x + w - rx, y],
        ['C', x + w - rx + k * rx, y, x + w, y + ry - k * ry, x + w, y + ry],
        ['L', x + w, y + h - ry],
        ['C', x + w, y + h - ry + k * ry, x + w - rx + k * rx, y + h, x + w - rx, y + h],
        ['L', x + rx, y + h],
        ['C', x + rx - k * rx, y + h, x, y + h - ry + k * ry, x, y + h - ry],
        ['L', x, y + ry],
        ['C', x, y + ry - k * ry, x + rx - k * rx, y, x + rx, y],
        ['Z'],
      ];
    }
    default:
      throw new Error(`lucide: unsupported node ${tag}`);
  }
}

const segCache = new Map<string, Seg[]>();
function iconSegs(name: string): Seg[] {
  const hit = segCache.get(name);
  if (hit) return hit;
  const ns = nodes()[name];
  if (!ns) throw new RangeError(`lucide: unknown icon ${name}`);
  const segs = ns.flatMap(nodeSegs);
  segCache.set(name, segs);
  return segs;
}

const f1 = (v: number): string => {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};

/** Placement of an icon: centre, size of the 24-unit box in px, clockwise rotation, mirror. */
export interface IconPlacement {
  cx: number;
  cy: number;
  /** Side of the icon's square in px (the 24-unit box). */
  size: number;
  /** Clockwise rotation in degrees about the centre. Default 0. */
  rot?: number;
  /** Mirror left-right before rotating. */
  mirror?: boolean;
}

/** Outline of a lucide icon: absolute path data (1 decimal) and the bounds of every coordinate. */
export interface IconOutline {
  d: string;
  /** Conservative bounds (control points included), px; stroke not included. */
  bbox: [number, number, number, number];
  /** Stroke width in px that matches lucide's 2-unit stroke at this size. */
  strokeWidth: number;
}

/**
 * A lucide icon as baked path data. Throws RangeError for an unknown name.
 * @param name lucide icon name, e.g. `car`
 */
export function lucideOutline(name: string, p: IconPlacement): IconOutline {
  const s = p.size / 24;
  let m: Mat = matTranslate(-12, -12);
  if (p.mirror) m = matMul(matScale(-1, 1), m);
  m = matMul(matScale(s), m);
  m = matMul(matRotate(p.rot ?? 0), m);
  m = matMul(matTranslate(p.cx, p.cy), m);
  let x1 = Infinity, y1 = Infinity, x2 = -Infinity, y2 = -Infinity;
  const P = (x: number, y: number): string => {
    const [a, b] = matApply(m, x, y);
    x1 = Math.min(x1, a); y1 = Math.min(y1, b); x2 = Math.max(x2, a); y2 = Math.max(y2, b);
    return `${f1(a)} ${f1(b)}`;
  };
  let d = '';
  for (const g of iconSegs(name)) {
    if (g[0] === 'Z') d += 'Z';
    else if (g[0] === 'C') d += `C${P(g[1], g[2])} ${P(g[3], g[4])} ${P(g[5], g[6])}`;
    else d += `${g[0]}${P(g[1], g[2])}`;
  }
  return { d, bbox: [x1, y1, x2, y2], strokeWidth: 2 * s };
}

/**
 * `<path>` of a lucide icon stroked in `color` (round caps and joins, lucide's stroke width scaled by
 * `weight`). Throws RangeError for an unknown name.
 */
export function lucideSvg(name: string, p: IconPlacement, color: string, opts: { weight?: number; fill?: string; opacity?: number } = {}): string {
  const o = lucideOutline(name, p);
  const sw = Math.round(o.strokeWidth * (opts.weight ?? 1) * 100) / 100;
  return `<path d="${o.d}" fill="${opts.fill ?? 'none'}" stroke="${color}" stroke-width="${sw}" stroke-linecap="round" stroke-linejoin="round"${opts.opacity !== undefined ? ` opacity="${opts.opacity}"` : ''}/>`;
}

/** A labelled lucide icon for the CAPTCHA engines. */
export interface LucideItem {
  /** lucide icon name. */
  icon: string;
  en: string;
  /** English plural used in prompts ("Select all images with cars"). */
  enPlural: string;
  zh: string;
  /** Look-alike family: hard puzzles draw decoys from the target's family. */
  family: string;
}

const item = (icon: string, en: string, enPlural: string, zh: string, family: string): LucideItem => ({ icon, en, enPlural, zh, family });

/**
 * Curated lucide icons with unambiguous everyday names (no icon is a sub-kind of another in the list,
 * e.g. no "ambulance" next to "car"). Names are the labels prompts use; every Chinese name is drawable
 * with the bundled Noto Sans SC subsets (e.g. no 扳手: 扳 is missing there).
 */
export const LUCIDE_ITEMS: readonly LucideItem[] = [
  item('car', 'car', 'cars', '汽车', 'road'),
  item('bus', 'bus', 'buses', '公交车', 'road'),
  item('truck', 'truck', 'trucks', '卡车', 'road'),
  item('tractor', 'tractor', 'tractors', '拖拉机', 'road'),
  item('bike', 'bicycle', 'bicycles', '自行车', 'two-wheel'),
  item('motorbike', 'motorcycle', 'motorcycles', '摩托车', 'two-wheel'),
  item('plane', 'airplane', 'airplanes', '飞机', 'air'),
  item('helicopter', 'helicopter', 'helicopters', '直升机', 'air'),
  item('rocket', 'rocket', 'rockets', '火箭', 'air'),
  item('ship', 'ship', 'ships', '轮船', 'water'),
  item('sailboat', 'sailboat', 'sailboats', '帆船', 'water'),
  item('anchor', 'anchor', 'anchors', '船锚', 'water'),
  item('cat', 'cat', 'cats', '猫', 'mammal'),
  item('dog', 'dog', 'dogs', '狗', 'mammal'),
  item('rabbit', 'rabbit', 'rabbits', '兔子', 'mammal'),
  item('squirrel', 'squirrel', 'squirrels', '松鼠', 'mammal'),
  item('rat', 'rat', 'rats', '老鼠', 'mammal'),
  item('fish', 'fish', 'fish', '鱼', 'small'),
  item('turtle', 'turtle', 'turtles', '乌龟', 'small'),
  item('snail', 'snail', 'snails', '蜗牛', 'small'),
  item('bird', 'bird', 'birds', '鸟', 'small'),
  item('bug', 'bug', 'bugs', '虫子', 'small'),
  item('tree-palm', 'palm tree', 'palm trees', '棕榈树', 'plant'),
  item('tree-pine', 'pine tree', 'pine trees', '松树', 'plant'),
  item('flower', 'flower', 'flowers', '花', 'plant'),
  item('leaf', 'leaf', 'leaves', '树叶', 'plant'),
  item('apple', 'apple', 'apples', '苹果', 'fruit'),
  item('cherry', 'cherry', 'cherries', '樱桃', 'fruit'),
  item('banana', 'banana', 'bananas', '香蕉', 'fruit'),
  item('grape', 'grapes', 'grapes', '葡萄', 'fruit'),
  item('carrot', 'carrot', 'carrots', '胡萝卜', 'food'),
  item('pizza', 'pizza', 'pizzas', '披萨', 'food'),
  item('cake', 'cake', 'cakes', '蛋糕', 'food'),
  item('coffee', 'coffee cup', 'coffee cups', '咖啡杯', 'food'),
  item('umbrella', 'umbrella', 'umbrellas', '雨伞', 'object'),
  item('key', 'key', 'keys', '钥匙', 'object'),
  item('bell', 'bell', 'bells', '铃铛', 'object'),
  item('clock', 'clock', 'clocks', '时钟', 'object'),
  item('camera', 'camera', 'cameras', '相机', 'object'),
  item('guitar', 'guitar', 'guitars', '吉他', 'object'),
  item('scissors', 'scissors', 'scissors', '剪刀', 'tool'),
  item('hammer', 'hammer', 'hammers', '锤子', 'tool'),
  item('shovel', 'shovel', 'shovels', '铁锹', 'tool'),
  item('traffic-cone', 'traffic cone', 'traffic cones', '交通锥', 'street'),
  item('fire-extinguisher', 'fire extinguisher', 'fire extinguishers', '灭火器', 'street'),
  item('house', 'house', 'houses', '房子', 'building'),
  item('tent', 'tent', 'tents', '帐篷', 'building'),
  item('castle', 'castle', 'castles', '城堡', 'building'),
  item('factory', 'factory', 'factories', '工厂', 'building'),
  item('sun', 'sun', 'suns', '太阳', 'sky'),
  item('cloud', 'cloud', 'clouds', '云朵', 'sky'),
  item('snowflake', 'snowflake', 'snowflakes', '雪花', 'sky'),
];

/** {@link LUCIDE_ITEMS} by icon name. */
export const LUCIDE_BY_ICON: ReadonlyMap<string, LucideItem> = new Map(LUCIDE_ITEMS.map((i) => [i.icon, i]));

/**
 * THE lucide item nouns of the locales besides English and Chinese ({@link LucideItem} `en` /
 * `enPlural` / `zh`), keyed by icon: ja; de the plural (prompts say "alle …", so no article or gender
 * is needed); es, fr `[singular, plural]` (after "cada" / "chaque", "con" / "avec des"); ar
 * `[singular, plural]` without the article (after "كل", "تحتوي على").
 */
export const LUCIDE_NOUNS: Readonly<Record<string, { ja: string; de: string; es: [string, string]; fr: [string, string]; ar: [string, string] }>> = {
  'car': { ja: '車', de: 'Autos', es: ['coche', 'coches'], fr: ['voiture', 'voitures'], ar: ['سيارة', 'سيارات'] },
  'bus': { ja: 'バス', de: 'Busse', es: ['autobús', 'autobuses'], fr: ['bus', 'bus'], ar: ['حافلة', 'حافلات'] },
  'truck': { ja: 'トラック', de: 'Lastwagen', es: ['camión', 'camiones'], fr: ['camion', 'camions'], ar: ['شاحنة', 'شاحنات'] },
  'tractor': { ja: 'トラクター', de: 'Traktoren', es: ['tractor', 'tractores'], fr: ['tracteur', 'tracteurs'], ar: ['جرار', 'جرارات'] },
  'bike': { ja: '自転車', de: 'Fahrräder', es: ['bicicleta', 'bicicletas'], fr: ['vélo', 'vélos'], ar: ['دراجة هوائية', 'دراجات هوائية'] },
  'motorbike': { ja: 'オートバイ', de: 'Motorräder', es: ['moto', 'motos'], fr: ['moto', 'motos'], ar: ['دراجة نارية', 'دراجات نارية'] },
  'plane': { ja: '飛行機', de: 'Flugzeuge', es: ['avión', 'aviones'], fr: ['avion', 'avions'], ar: ['طائرة', 'طائرات'] },
  'helicopter': { ja: 'ヘリコプター', de: 'Hubschrauber', es: ['helicóptero', 'helicópteros'], fr: ['hélicoptère', 'hélicoptères'], ar: ['مروحية', 'مروحيات'] },
  'rocket': { ja: 'ロケット', de: 'Raketen', es: ['cohete', 'cohetes'], fr: ['fusée', 'fusées'], ar: ['صاروخ', 'صواريخ'] },
  'ship': { ja: '船', de: 'Schiffe', es: ['barco', 'barcos'], fr: ['navire', 'navires'], ar: ['سفينة', 'سفن'] },
  'sailboat': { ja: 'ヨット', de: 'Segelboote', es: ['velero', 'veleros'], fr: ['voilier', 'voiliers'], ar: ['قارب شراعي', 'قوارب شراعية'] },
  'anchor': { ja: 'いかり', de: 'Anker', es: ['ancla', 'anclas'], fr: ['ancre', 'ancres'], ar: ['مرساة', 'مراسٍ'] },
  'cat': { ja: '猫', de: 'Katzen', es: ['gato', 'gatos'], fr: ['chat', 'chats'], ar: ['قطة', 'قطط'] },
  'dog': { ja: '犬', de: 'Hunde', es: ['perro', 'perros'], fr: ['chien', 'chiens'], ar: ['كلب', 'كلاب'] },
  'rabbit': { ja: 'うさぎ', de: 'Kaninchen', es: ['conejo', 'conejos'], fr: ['lapin', 'lapins'], ar: ['أرنب', 'أرانب'] },
  'squirrel': { ja: 'リス', de: 'Eichhörnchen', es: ['ardilla', 'ardillas'], fr: ['écureuil', 'écureuils'], ar: ['سنجاب', 'سناجب'] },
  'rat': { ja: 'ネズミ', de: 'Ratten', es: ['rata', 'ratas'], fr: ['rat', 'rats'], ar: ['جرذ', 'جرذان'] },
  'fish': { ja: '魚', de: 'Fische', es: ['pez', 'peces'], fr: ['poisson', 'poissons'], ar: ['سمكة', 'أسماك'] },
  'turtle': { ja: 'カメ', de: 'Schildkröten', es: ['tortuga', 'tortugas'], fr: ['tortue', 'tortues'], ar: ['سلحفاة', 'سلاحف'] },
  'snail': { ja: 'カタツムリ', de: 'Schnecken', es: ['caracol', 'caracoles'], fr: ['escargot', 'escargots'], ar: ['حلزون', 'حلزونات'] },
  'bird': { ja: '鳥', de: 'Vögel', es: ['pájaro', 'pájaros'], fr: ['oiseau', 'oiseaux'], ar: ['طائر', 'طيور'] },
  'bug': { ja: '虫', de: 'Käfer', es: ['bicho', 'bichos'], fr: ['insecte', 'insectes'], ar: ['حشرة', 'حشرات'] },
  'tree-palm': { ja: 'ヤシの木', de: 'Palmen', es: ['palmera', 'palmeras'], fr: ['palmier', 'palmiers'], ar: ['نخلة', 'نخيل'] },
  'tree-pine': { ja: '松の木', de: 'Kiefern', es: ['pino', 'pinos'], fr: ['pin', 'pins'], ar: ['شجرة صنوبر', 'أشجار صنوبر'] },
  'flower': { ja: '花', de: 'Blumen', es: ['flor', 'flores'], fr: ['fleur', 'fleurs'], ar: ['زهرة', 'زهور'] },
  'leaf': { ja: '葉', de: 'Blätter', es: ['hoja', 'hojas'], fr: ['feuille', 'feuilles'], ar: ['ورقة', 'أوراق'] },
  'apple': { ja: 'りんご', de: 'Äpfel', es: ['manzana', 'manzanas'], fr: ['pomme', 'pommes'], ar: ['تفاحة', 'تفاح'] },
  'cherry': { ja: 'さくらんぼ', de: 'Kirschen', es: ['cereza', 'cerezas'], fr: ['cerise', 'cerises'], ar: ['كرزة', 'كرز'] },
  'banana': { ja: 'バナナ', de: 'Bananen', es: ['plátano', 'plátanos'], fr: ['banane', 'bananes'], ar: ['موزة', 'موز'] },
  'grape': { ja: 'ぶどう', de: 'Weintrauben', es: ['uvas', 'uvas'], fr: ['raisin', 'raisins'], ar: ['عنب', 'عنب'] },
  'carrot': { ja: 'にんじん', de: 'Karotten', es: ['zanahoria', 'zanahorias'], fr: ['carotte', 'carottes'], ar: ['جزرة', 'جزر'] },
  'pizza': { ja: 'ピザ', de: 'Pizzas', es: ['pizza', 'pizzas'], fr: ['pizza', 'pizzas'], ar: ['بيتزا', 'بيتزا'] },
  'cake': { ja: 'ケーキ', de: 'Kuchen', es: ['pastel', 'pasteles'], fr: ['gâteau', 'gâteaux'], ar: ['كعكة', 'كعكات'] },
  'coffee': { ja: 'コーヒーカップ', de: 'Kaffeetassen', es: ['taza de café', 'tazas de café'], fr: ['tasse de café', 'tasses de café'], ar: ['فنجان قهوة', 'فناجين قهوة'] },
  'umbrella': { ja: '傘', de: 'Regenschirme', es: ['paraguas', 'paraguas'], fr: ['parapluie', 'parapluies'], ar: ['مظلة', 'مظلات'] },
  'key': { ja: '鍵', de: 'Schlüssel', es: ['llave', 'llaves'], fr: ['clé', 'clés'], ar: ['مفتاح', 'مفاتيح'] },
  'bell': { ja: 'ベル', de: 'Glocken', es: ['campana', 'campanas'], fr: ['cloche', 'cloches'], ar: ['جرس', 'أجراس'] },
  'clock': { ja: '時計', de: 'Uhren', es: ['reloj', 'relojes'], fr: ['horloge', 'horloges'], ar: ['ساعة', 'ساعات'] },
  'camera': { ja: 'カメラ', de: 'Kameras', es: ['cámara', 'cámaras'], fr: ['appareil photo', 'appareils photo'], ar: ['كاميرا', 'كاميرات'] },
  'guitar': { ja: 'ギター', de: 'Gitarren', es: ['guitarra', 'guitarras'], fr: ['guitare', 'guitares'], ar: ['غيتار', 'غيتارات'] },
  'scissors': { ja: 'はさみ', de: 'Scheren', es: ['tijeras', 'tijeras'], fr: ['ciseaux', 'ciseaux'], ar: ['مقص', 'مقصات'] },
  'hammer': { ja: 'ハンマー', de: 'Hämmer', es: ['martillo', 'martillos'], fr: ['marteau', 'marteaux'], ar: ['مطرقة', 'مطارق'] },
  'shovel': { ja: 'シャベル', de: 'Schaufeln', es: ['pala', 'palas'], fr: ['pelle', 'pelles'], ar: ['مجرفة', 'مجارف'] },
  'traffic-cone': { ja: 'カラーコーン', de: 'Leitkegel', es: ['cono de tráfico', 'conos de tráfico'], fr: ['cône de signalisation', 'cônes de signalisation'], ar: ['مخروط مروري', 'مخاريط مرورية'] },
  'fire-extinguisher': { ja: '消火器', de: 'Feuerlöscher', es: ['extintor', 'extintores'], fr: ['extincteur', 'extincteurs'], ar: ['طفاية حريق', 'طفايات حريق'] },
  'house': { ja: '家', de: 'Häuser', es: ['casa', 'casas'], fr: ['maison', 'maisons'], ar: ['منزل', 'منازل'] },
  'tent': { ja: 'テント', de: 'Zelte', es: ['tienda de campaña', 'tiendas de campaña'], fr: ['tente', 'tentes'], ar: ['خيمة', 'خيام'] },
  'castle': { ja: '城', de: 'Burgen', es: ['castillo', 'castillos'], fr: ['château', 'châteaux'], ar: ['قلعة', 'قلاع'] },
  'factory': { ja: '工場', de: 'Fabriken', es: ['fábrica', 'fábricas'], fr: ['usine', 'usines'], ar: ['مصنع', 'مصانع'] },
  'sun': { ja: '太陽', de: 'Sonnen', es: ['sol', 'soles'], fr: ['soleil', 'soleils'], ar: ['شمس', 'شموس'] },
  'cloud': { ja: '雲', de: 'Wolken', es: ['nube', 'nubes'], fr: ['nuage', 'nuages'], ar: ['سحابة', 'سحب'] },
  'snowflake': { ja: '雪の結晶', de: 'Schneeflocken', es: ['copo de nieve', 'copos de nieve'], fr: ['flocon de neige', 'flocons de neige'], ar: ['ندفة ثلج', 'ندف ثلج'] },
};

/**
 * The noun of a lucide item in `locale`, `plural` or singular (de: always the plural; ja, zh: no
 * plural form).
 * @throws RangeError for an icon without a noun
 */
export function lucideNoun(icon: string, locale: CaptchaLocale, plural: boolean): string {
  const it = LUCIDE_BY_ICON.get(icon);
  const t = LUCIDE_NOUNS[icon];
  if (!it || !t) throw new RangeError(`no noun for lucide icon ${icon}`);
  return wordIn(locale, plural ? it.enPlural : it.en, it.zh, { ...t, de: [t.de, t.de] }, (f) => f[plural ? 1 : 0]!);
}
