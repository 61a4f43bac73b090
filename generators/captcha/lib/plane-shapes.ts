/**
 * Named plane shapes (circle, triangle, …, star) for geometry prompts: outlines, look-alike families, names.
 */
import { polyD, regularPts, rotAbout } from './geometry.js';
import type { CaptchaLocale } from '../engine.js';
import { say } from './i18n.js';

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
