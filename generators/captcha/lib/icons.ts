/**
 * Procedurally drawn icons for the icon-based engines (groups C, G). Each icon is defined in unit
 * coordinates ([-1, 1], y down) and baked into absolute path data at draw time (position, size and
 * rotation applied to the coordinates, no `transform` attribute), so the SVG names no icon.
 */
import { type Mat, matApply, matMul, matRotate, matScale, matTranslate } from '../../../renderers/glyphs.js';
import type { CaptchaLocale } from './i18n.js';
import { type OtherLocaleForms, say, wordIn } from './i18n.js';
import type { Box } from '../../../core/geometry.js';

type Cmd = ['M' | 'L', number, number] | ['Q', number, number, number, number] | ['C', number, number, number, number, number, number] | ['Z'];

const K = 0.5523;
function circ(cx: number, cy: number, r: number, ccw = false): Cmd[] {
  const k = r * K;
  const c: Cmd[] = [
    ['M', cx, cy - r],
    ['C', cx + k, cy - r, cx + r, cy - k, cx + r, cy],
    ['C', cx + r, cy + k, cx + k, cy + r, cx, cy + r],
    ['C', cx - k, cy + r, cx - r, cy + k, cx - r, cy],
    ['C', cx - r, cy - k, cx - k, cy - r, cx, cy - r],
    ['Z'],
  ];
  if (!ccw) return c;
  return [
    ['M', cx, cy - r],
    ['C', cx - k, cy - r, cx - r, cy - k, cx - r, cy],
    ['C', cx - r, cy + k, cx - k, cy + r, cx, cy + r],
    ['C', cx + k, cy + r, cx + r, cy + k, cx + r, cy],
    ['C', cx + r, cy - k, cx + k, cy - r, cx, cy - r],
    ['Z'],
  ];
}
function poly(pts: Array<[number, number]>): Cmd[] {
  return [...pts.map((p, i): Cmd => [i ? 'L' : 'M', p[0], p[1]]), ['Z']];
}
function regular(n: number, r: number, rot0 = -Math.PI / 2): Cmd[] {
  return poly(Array.from({ length: n }, (_, i) => [r * Math.cos(rot0 + (2 * Math.PI * i) / n), r * Math.sin(rot0 + (2 * Math.PI * i) / n)] as [number, number]));
}
function star(n: number, ro: number, ri: number): Cmd[] {
  return poly(
    Array.from({ length: 2 * n }, (_, i) => {
      const r = i % 2 ? ri : ro;
      const a = -Math.PI / 2 + (Math.PI * i) / n;
      return [r * Math.cos(a), r * Math.sin(a)] as [number, number];
    }),
  );
}
function arcPts(cx: number, cy: number, r: number, a0: number, a1: number, n: number): Array<[number, number]> {
  return Array.from({ length: n + 1 }, (_, i) => {
    const a = a0 + ((a1 - a0) * i) / n;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)] as [number, number];
  });
}

interface IconDef {
  cmds: Cmd[];
  /** SVG fill-rule. */
  rule: 'nonzero' | 'evenodd';
  en: string;
  zh: string;
}

const deg = Math.PI / 180;
/** Every icon kind with its names. */
export const ICONS: Readonly<Record<string, IconDef>> = {
  star: { cmds: star(5, 1, 0.42), rule: 'nonzero', en: 'star', zh: '五角星' },
  star6: { cmds: star(6, 1, 0.56), rule: 'nonzero', en: 'six-pointed star', zh: '六角星' },
  heart: {
    cmds: [['M', 0, 0.9], ['C', -0.2, 0.7, -1, 0.2, -1, -0.35], ['C', -1, -0.85, -0.35, -1.05, 0, -0.55], ['C', 0.35, -1.05, 1, -0.85, 1, -0.35], ['C', 1, 0.2, 0.2, 0.7, 0, 0.9], ['Z']],
    rule: 'nonzero', en: 'heart', zh: '爱心',
  },
  triangle: { cmds: poly([[0, -0.95], [0.95, 0.75], [-0.95, 0.75]]), rule: 'nonzero', en: 'triangle', zh: '三角形' },
  square: { cmds: poly([[-0.78, -0.78], [0.78, -0.78], [0.78, 0.78], [-0.78, 0.78]]), rule: 'nonzero', en: 'square', zh: '正方形' },
  circle: { cmds: circ(0, 0, 0.88), rule: 'nonzero', en: 'circle', zh: '圆形' },
  ring: { cmds: [...circ(0, 0, 0.9), ...circ(0, 0, 0.5, true)], rule: 'nonzero', en: 'ring', zh: '圆环' },
  hexagon: { cmds: regular(6, 0.95), rule: 'nonzero', en: 'hexagon', zh: '六边形' },
  pentagon: { cmds: regular(5, 0.95), rule: 'nonzero', en: 'pentagon', zh: '五边形' },
  diamond: { cmds: poly([[0, -1], [0.66, 0], [0, 1], [-0.66, 0]]), rule: 'nonzero', en: 'diamond', zh: '菱形' },
  plus: {
    cmds: poly([[-0.3, -0.9], [0.3, -0.9], [0.3, -0.3], [0.9, -0.3], [0.9, 0.3], [0.3, 0.3], [0.3, 0.9], [-0.3, 0.9], [-0.3, 0.3], [-0.9, 0.3], [-0.9, -0.3], [-0.3, -0.3]]),
    rule: 'nonzero', en: 'cross', zh: '十字',
  },
  moon: {
    cmds: poly([...arcPts(0, 0, 0.92, 60 * deg, 300 * deg, 24), ...arcPts(0.42, -0.12, 0.72, -85 * deg, -265 * deg, 20)]),
    rule: 'nonzero', en: 'crescent moon', zh: '月亮',
  },
  bolt: { cmds: poly([[0.2, -1], [-0.6, 0.12], [-0.05, 0.12], [-0.25, 1], [0.62, -0.2], [0.08, -0.2], [0.35, -1]]), rule: 'nonzero', en: 'lightning bolt', zh: '闪电' },
  drop: {
    cmds: [['M', 0, -1], ['C', 0.2, -0.6, 0.75, -0.1, 0.75, 0.32], ['C', 0.75, 0.75, 0.4, 0.98, 0, 0.98], ['C', -0.4, 0.98, -0.75, 0.75, -0.75, 0.32], ['C', -0.75, -0.1, -0.2, -0.6, 0, -1], ['Z']],
    rule: 'nonzero', en: 'water drop', zh: '水滴',
  },
  arrow: { cmds: poly([[0, -1], [0.85, -0.1], [0.32, -0.1], [0.32, 0.95], [-0.32, 0.95], [-0.32, -0.1], [-0.85, -0.1]]), rule: 'nonzero', en: 'arrow', zh: '箭头' },
  house: {
    cmds: [...poly([[0, -0.95], [0.95, -0.05], [0.7, -0.05], [0.7, 0.9], [-0.7, 0.9], [-0.7, -0.05], [-0.95, -0.05]]), ...poly([[-0.2, 0.9], [-0.2, 0.3], [0.2, 0.3], [0.2, 0.9]].reverse() as Array<[number, number]>)],
    rule: 'evenodd', en: 'house', zh: '房子',
  },
  cloud: {
    cmds: [...circ(-0.45, 0.2, 0.45), ...circ(0.1, -0.15, 0.58), ...circ(0.55, 0.22, 0.4), ...poly([[-0.45, 0.2], [0.55, 0.2], [0.55, 0.62], [-0.45, 0.65]])],
    rule: 'nonzero', en: 'cloud', zh: '云朵',
  },
  flag: { cmds: [...poly([[-0.75, -0.95], [-0.58, -0.95], [-0.58, 0.98], [-0.75, 0.98]]), ...poly([[-0.58, -0.9], [0.85, -0.55], [-0.58, -0.1]])], rule: 'nonzero', en: 'flag', zh: '旗子' }, // (帜 is not in the bundled Noto Sans SC subsets)
  leaf: { cmds: [['M', -0.85, 0.85], ['Q', -0.95, -0.85, 0.9, -0.9], ['Q', 0.85, 0.95, -0.85, 0.85], ['Z']], rule: 'nonzero', en: 'leaf', zh: '树叶' },
  crown: { cmds: poly([[-0.95, 0.7], [-0.95, -0.6], [-0.45, 0], [0, -0.85], [0.45, 0], [0.95, -0.6], [0.95, 0.7]]), rule: 'nonzero', en: 'crown', zh: '皇冠' },
};

/** All icon kinds. */
export const ICON_KINDS = Object.keys(ICONS);

/** Look-alike families (hard difficulty draws decoys from the target's family). */
export const ICON_FAMILIES: readonly (readonly string[])[] = [
  ['star', 'star6', 'crown'],
  ['hexagon', 'pentagon', 'circle', 'ring'],
  ['square', 'diamond', 'plus'],
  ['moon', 'drop', 'leaf'],
  ['house', 'arrow', 'triangle', 'flag'],
  ['heart', 'cloud', 'bolt'],
];

/** Display name of an icon kind in a locale. Throws RangeError on an unknown kind. */
export function iconName(kind: string, locale: CaptchaLocale): string {
  const d = ICONS[kind];
  if (!d) throw new RangeError(`unknown icon ${kind}`);
  return say(locale, d);
}

/**
 * THE icon nouns of the locales besides English and Chinese (those are {@link ICONS}' `en` / `zh`):
 * `[singular, plural]`; Arabic plurals carry the article (they follow عدد "number of"), Japanese has
 * no plural form.
 */
export const ICON_NOUNS: Readonly<Record<string, OtherLocaleForms<[string, string]>>> = {
  star: { ja: '星', de: ['Stern', 'Sterne'], es: ['estrella', 'estrellas'], fr: ['étoile', 'étoiles'], ar: ['نجمة', 'النجوم'] },
  star6: { ja: '六芒星', de: ['sechszackiger Stern', 'sechszackige Sterne'], es: ['estrella de seis puntas', 'estrellas de seis puntas'], fr: ['étoile à six branches', 'étoiles à six branches'], ar: ['نجمة سداسية', 'النجوم السداسية'] },
  heart: { ja: 'ハート', de: ['Herz', 'Herzen'], es: ['corazón', 'corazones'], fr: ['cœur', 'cœurs'], ar: ['قلب', 'القلوب'] },
  triangle: { ja: '三角形', de: ['Dreieck', 'Dreiecke'], es: ['triángulo', 'triángulos'], fr: ['triangle', 'triangles'], ar: ['مثلث', 'المثلثات'] },
  square: { ja: '正方形', de: ['Quadrat', 'Quadrate'], es: ['cuadrado', 'cuadrados'], fr: ['carré', 'carrés'], ar: ['مربع', 'المربعات'] },
  circle: { ja: '円', de: ['Kreis', 'Kreise'], es: ['círculo', 'círculos'], fr: ['cercle', 'cercles'], ar: ['دائرة', 'الدوائر'] },
  ring: { ja: 'リング', de: ['Ring', 'Ringe'], es: ['anillo', 'anillos'], fr: ['anneau', 'anneaux'], ar: ['حلقة', 'الحلقات'] },
  hexagon: { ja: '六角形', de: ['Sechseck', 'Sechsecke'], es: ['hexágono', 'hexágonos'], fr: ['hexagone', 'hexagones'], ar: ['شكل سداسي', 'الأشكال السداسية'] },
  pentagon: { ja: '五角形', de: ['Fünfeck', 'Fünfecke'], es: ['pentágono', 'pentágonos'], fr: ['pentagone', 'pentagones'], ar: ['شكل خماسي', 'الأشكال الخماسية'] },
  diamond: { ja: 'ひし形', de: ['Raute', 'Rauten'], es: ['rombo', 'rombos'], fr: ['losange', 'losanges'], ar: ['معيّن', 'المعيّنات'] },
  plus: { ja: '十字', de: ['Kreuz', 'Kreuze'], es: ['cruz', 'cruces'], fr: ['croix', 'croix'], ar: ['صليب', 'الصلبان'] },
  moon: { ja: '三日月', de: ['Mondsichel', 'Mondsicheln'], es: ['luna creciente', 'lunas crecientes'], fr: ['croissant de lune', 'croissants de lune'], ar: ['هلال', 'الأهلّة'] },
  bolt: { ja: '稲妻', de: ['Blitz', 'Blitze'], es: ['rayo', 'rayos'], fr: ['éclair', 'éclairs'], ar: ['صاعقة', 'الصواعق'] },
  drop: { ja: 'しずく', de: ['Tropfen', 'Tropfen'], es: ['gota', 'gotas'], fr: ['goutte', 'gouttes'], ar: ['قطرة', 'القطرات'] },
  arrow: { ja: '矢印', de: ['Pfeil', 'Pfeile'], es: ['flecha', 'flechas'], fr: ['flèche', 'flèches'], ar: ['سهم', 'الأسهم'] },
  house: { ja: '家', de: ['Haus', 'Häuser'], es: ['casa', 'casas'], fr: ['maison', 'maisons'], ar: ['منزل', 'المنازل'] },
  cloud: { ja: '雲', de: ['Wolke', 'Wolken'], es: ['nube', 'nubes'], fr: ['nuage', 'nuages'], ar: ['سحابة', 'السحب'] },
  flag: { ja: '旗', de: ['Fahne', 'Fahnen'], es: ['bandera', 'banderas'], fr: ['drapeau', 'drapeaux'], ar: ['علم', 'الأعلام'] },
  leaf: { ja: '葉', de: ['Blatt', 'Blätter'], es: ['hoja', 'hojas'], fr: ['feuille', 'feuilles'], ar: ['ورقة', 'الأوراق'] },
  crown: { ja: '王冠', de: ['Krone', 'Kronen'], es: ['corona', 'coronas'], fr: ['couronne', 'couronnes'], ar: ['تاج', 'التيجان'] },
};

/**
 * The singular noun of an icon kind in `locale` (ICONS' `en` / `zh`, else {@link ICON_NOUNS}), without an article.
 * @throws RangeError for an unknown kind
 */
export function iconNoun(kind: string, locale: CaptchaLocale): string {
  const d = ICONS[kind];
  const t = ICON_NOUNS[kind];
  if (!d || !t) throw new RangeError(`unknown icon ${kind}`);
  return wordIn(locale, d.en, d.zh, t, (f) => f[0]);
}

/** English plurals that are not the name + "s". */
const EN_PLURAL: Readonly<Record<string, string>> = { leaf: 'leaves', cross: 'crosses' };

/**
 * The plural noun of an icon kind in `locale` ("stars", "星", "Sterne", "estrellas", "étoiles",
 * "النجوم"), for "how many …" and "the number of …".
 * @throws RangeError for an unknown kind
 */
export function iconPlural(kind: string, locale: CaptchaLocale): string {
  const d = ICONS[kind];
  const t = ICON_NOUNS[kind];
  if (!d || !t) throw new RangeError(`unknown icon ${kind}`);
  return wordIn(locale, EN_PLURAL[d.en] ?? d.en + 's', d.zh, t, (f) => f[1]);
}

const f1 = (v: number): string => {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};

/**
 * Path data and fill rule of an icon centred at (cx, cy) with half-size `r` px, rotated by `rot`
 * degrees clockwise. Throws RangeError on an unknown kind.
 */
export function iconOutline(kind: string, cx: number, cy: number, r: number, rot = 0): { d: string; rule: string } {
  const def = ICONS[kind];
  if (!def) throw new RangeError(`unknown icon ${kind}`);
  const m: Mat = matMul(matTranslate(cx, cy), matMul(matRotate(rot), matScale(r)));
  const P = (x: number, y: number): string => {
    const [a, b] = matApply(m, x, y);
    return `${f1(a)} ${f1(b)}`;
  };
  let d = '';
  for (const c of def.cmds) {
    const v = c.slice(1) as number[];
    if (c[0] === 'Z') d += 'Z';
    else if (c[0] === 'M' || c[0] === 'L') d += `${c[0]}${P(v[0]!, v[1]!)}`;
    else if (c[0] === 'Q') d += `Q${P(v[0]!, v[1]!)} ${P(v[2]!, v[3]!)}`;
    else d += `C${P(v[0]!, v[1]!)} ${P(v[2]!, v[3]!)} ${P(v[4]!, v[5]!)}`;
  }
  return { d, rule: def.rule };
}

/** `<path>` of an icon (see {@link iconOutline}) with fill and optional extra attributes. */
export function iconSvg(kind: string, cx: number, cy: number, r: number, rot: number, fill: string, extra = ''): string {
  const o = iconOutline(kind, cx, cy, r, rot);
  return `<path d="${o.d}" fill="${fill}" fill-rule="${o.rule}"${extra ? ' ' + extra : ''}/>`;
}

/** An icon placed on a picture: kind (a key of {@link ICONS}), centre, half-size `r`, rotation (degrees), colour, click box; puzzle px. */
export interface IconItem { kind: string; cx: number; cy: number; r: number; rot: number; color: string; box: Box }
