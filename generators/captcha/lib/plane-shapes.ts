/**
 * Named plane shapes (circle, triangle, …, star) for geometry prompts: outlines, look-alike families, names.
 */
import { polyD, regularPts, rotAbout } from './geometry.js';
import type { CaptchaLocale } from '../engine.js';
import { type OtherLocaleForms, say, wordIn } from './i18n.js';

interface PlaneShape {
  en: string;
  zh: string;
  /** Outline centred at (cx, cy), size r (≈ circumradius), turned by rot degrees. */
  pts: (cx: number, cy: number, r: number, rot: number) => Array<[number, number]>;
}

const turn = (cx: number, cy: number, rot: number, pts: Array<[number, number]>): Array<[number, number]> => pts.map(([x, y]) => rotAbout(cx, cy, cx + x, cy + y, rot));

/** Named plane shapes for geometry prompts. */
export const PLANE_SHAPES: Readonly<Record<string, PlaneShape>> = {
  circle: { en: 'circle', zh: '圆形', pts: (cx, cy, r) => regularPts(40, cx, cy, r * 0.92) },
  ellipse: { en: 'ellipse', zh: '椭圆', pts: (cx, cy, r, rot) => turn(cx, cy, rot, Array.from({ length: 40 }, (_, i) => [r * Math.cos((2 * Math.PI * i) / 40), 0.55 * r * Math.sin((2 * Math.PI * i) / 40)] as [number, number])) },
  semicircle: { en: 'semicircle', zh: '半圆', pts: (cx, cy, r, rot) => turn(cx, cy, rot, Array.from({ length: 21 }, (_, i) => [r * Math.cos((Math.PI * i) / 20), 0.35 * r - r * Math.sin((Math.PI * i) / 20)] as [number, number])) },
  triangle: { en: 'triangle', zh: '三角形', pts: (cx, cy, r, rot) => regularPts(3, cx, cy + r * 0.15, r, rot) },
  square: { en: 'square', zh: '正方形', pts: (cx, cy, r, rot) => regularPts(4, cx, cy, r, rot + 45) },
  rectangle: { en: 'rectangle', zh: '长方形', pts: (cx, cy, r, rot) => turn(cx, cy, rot, [[-r, -0.55 * r], [r, -0.55 * r], [r, 0.55 * r], [-r, 0.55 * r]]) },
  diamond: { en: 'rhombus', zh: '菱形', pts: (cx, cy, r, rot) => turn(cx, cy, rot, [[0, -r], [0.62 * r, 0], [0, r], [-0.62 * r, 0]]) },
  trapezoid: { en: 'trapezoid', zh: '梯形', pts: (cx, cy, r, rot) => turn(cx, cy, rot, [[-0.5 * r, -0.6 * r], [0.5 * r, -0.6 * r], [r, 0.6 * r], [-r, 0.6 * r]]) },
  pentagon: { en: 'pentagon', zh: '五边形', pts: (cx, cy, r, rot) => regularPts(5, cx, cy, r, rot) },
  hexagon: { en: 'hexagon', zh: '六边形', pts: (cx, cy, r, rot) => regularPts(6, cx, cy, r, rot) },
  heptagon: { en: 'heptagon', zh: '七边形', pts: (cx, cy, r, rot) => regularPts(7, cx, cy, r, rot) },
  octagon: { en: 'octagon', zh: '八边形', pts: (cx, cy, r, rot) => regularPts(8, cx, cy, r, rot + 22.5) },
  star: {
    en: 'star', zh: '五角星',
    pts: (cx, cy, r, rot) => Array.from({ length: 10 }, (_, i) => rotAbout(cx, cy, cx, cy - (i % 2 ? r * 0.42 : r), rot + 36 * i)),
  },
};

/** Look-alike groups of plane shapes. */
export const PLANE_FAMILIES: readonly (readonly string[])[] = [
  ['pentagon', 'hexagon', 'heptagon', 'octagon', 'circle'],
  ['square', 'rectangle', 'diamond', 'trapezoid'],
  ['circle', 'ellipse', 'semicircle'],
  ['triangle', 'star', 'diamond'],
];

/** Path data of a named plane shape. Throws RangeError on an unknown name. */
export function planeShapeD(name: string, cx: number, cy: number, r: number, rot: number): string {
  const s = PLANE_SHAPES[name];
  if (!s) throw new RangeError(`unknown plane shape ${name}`);
  return polyD(s.pts(cx, cy, r, rot));
}

/** Display name of a plane shape. */
export const planeName = (name: string, locale: CaptchaLocale): string => (say(locale, PLANE_SHAPES[name]!));

/**
 * THE plane-shape nouns of record text in the locales besides English and Chinese, with the article
 * their sentences need: `[definite, indefinite]` ("Klicken Sie auf das Dreieck", "… ein Dreieck
 * ist"; German definite in the accusative). Widgets draw {@link PLANE_SHAPES}' en / zh names only.
 */
export const PLANE_NOUNS: Readonly<Record<string, OtherLocaleForms<[string, string]>>> = {
  circle: { ja: '円', de: ['den Kreis', 'ein Kreis'], es: ['el círculo', 'un círculo'], fr: ['le cercle', 'un cercle'], ar: ['الدائرة', 'دائرة'] },
  ellipse: { ja: '楕円', de: ['die Ellipse', 'eine Ellipse'], es: ['la elipse', 'una elipse'], fr: ['l’ellipse', 'une ellipse'], ar: ['الشكل البيضاوي', 'شكل بيضاوي'] },
  semicircle: { ja: '半円', de: ['den Halbkreis', 'ein Halbkreis'], es: ['el semicírculo', 'un semicírculo'], fr: ['le demi-cercle', 'un demi-cercle'], ar: ['نصف الدائرة', 'نصف دائرة'] },
  triangle: { ja: '三角形', de: ['das Dreieck', 'ein Dreieck'], es: ['el triángulo', 'un triángulo'], fr: ['le triangle', 'un triangle'], ar: ['المثلث', 'مثلث'] },
  square: { ja: '正方形', de: ['das Quadrat', 'ein Quadrat'], es: ['el cuadrado', 'un cuadrado'], fr: ['le carré', 'un carré'], ar: ['المربع', 'مربع'] },
  rectangle: { ja: '長方形', de: ['das Rechteck', 'ein Rechteck'], es: ['el rectángulo', 'un rectángulo'], fr: ['le rectangle', 'un rectangle'], ar: ['المستطيل', 'مستطيل'] },
  diamond: { ja: 'ひし形', de: ['die Raute', 'eine Raute'], es: ['el rombo', 'un rombo'], fr: ['le losange', 'un losange'], ar: ['المعيّن', 'معيّن'] },
  trapezoid: { ja: '台形', de: ['das Trapez', 'ein Trapez'], es: ['el trapecio', 'un trapecio'], fr: ['le trapèze', 'un trapèze'], ar: ['شبه المنحرف', 'شبه منحرف'] },
  pentagon: { ja: '五角形', de: ['das Fünfeck', 'ein Fünfeck'], es: ['el pentágono', 'un pentágono'], fr: ['le pentagone', 'un pentagone'], ar: ['الشكل الخماسي', 'شكل خماسي'] },
  hexagon: { ja: '六角形', de: ['das Sechseck', 'ein Sechseck'], es: ['el hexágono', 'un hexágono'], fr: ['l’hexagone', 'un hexagone'], ar: ['الشكل السداسي', 'شكل سداسي'] },
  heptagon: { ja: '七角形', de: ['das Siebeneck', 'ein Siebeneck'], es: ['el heptágono', 'un heptágono'], fr: ['l’heptagone', 'un heptagone'], ar: ['الشكل السباعي', 'شكل سباعي'] },
  octagon: { ja: '八角形', de: ['das Achteck', 'ein Achteck'], es: ['el octógono', 'un octógono'], fr: ['l’octogone', 'un octogone'], ar: ['الشكل الثماني', 'شكل ثماني'] },
  star: { ja: '星形', de: ['den Stern', 'ein Stern'], es: ['la estrella', 'una estrella'], fr: ['l’étoile', 'une étoile'], ar: ['النجمة', 'نجمة'] },
};

/**
 * A plane shape named in `locale` with its article: `the` ("the rhombus", "la elipse", "三角形") or
 * `a` ("a rhombus", "une ellipse").
 * @throws RangeError for an unknown shape
 */
export function planeNoun(name: string, locale: CaptchaLocale, article: 'the' | 'a'): string {
  const s = PLANE_SHAPES[name];
  const t = PLANE_NOUNS[name];
  if (!s || !t) throw new RangeError(`unknown plane shape ${name}`);
  const en = `${article === 'the' ? 'the' : /^[aeiou]/.test(s.en) ? 'an' : 'a'} ${s.en}`;
  return wordIn(locale, en, s.zh, t, (f) => f[article === 'the' ? 0 : 1]);
}
