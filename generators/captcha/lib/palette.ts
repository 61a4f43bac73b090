/**
 * Colour vocabularies: the ONE table of nameable colours (each name once, with its fill shades),
 * the colour subsets engines pick from, evenly spread hues and the prompt swatch.
 */
import { rect } from './draw.js';
import type { Rng } from '../../../core/rng.js';

/** A nameable colour: prompts and reasoning say its name. */
export interface NamedColor {
  key: string;
  en: string;
  zh: string;
  /**
   * The name in the other locales, in the form their catalogue texts put it: ja plain; de the noun
   * ("in Grün", "mit der Farbe Grün"); es after "de color" (masculine: "verde", "rojo"); fr after
   * "de couleur" (feminine: "verte", "rouge"); ar after "اللون" / "باللون" (with the article).
   */
  ja: string;
  de: string;
  es: string;
  fr: string;
  ar: string;
  /** Fill on light backgrounds (the prompt / swatch shade). */
  hex: string;
  /** The brighter shade the scene and shape engines fill with ({@link SCENE_COLORS}); absent where no engine uses one. */
  scene?: string;
  /** Hue in degrees (for distance knobs); -1 for neutral colours. */
  hue: number;
}

/** Colours a reader names the same way (no two within 25° of hue unless lightness tells them apart). */
export const NAMED_COLORS: readonly NamedColor[] = [
  { key: 'red', en: 'red', zh: '红色', ja: '赤', de: 'Rot', es: 'rojo', fr: 'rouge', ar: 'الأحمر', hex: '#e02424', hue: 0, scene: '#e53935' },
  { key: 'orange', en: 'orange', zh: '橙色', ja: 'オレンジ', de: 'Orange', es: 'naranja', fr: 'orange', ar: 'البرتقالي', hex: '#f27b0c', hue: 28, scene: '#f07d1a' },
  { key: 'yellow', en: 'yellow', zh: '黄色', ja: '黄色', de: 'Gelb', es: 'amarillo', fr: 'jaune', ar: 'الأصفر', hex: '#e8c200', hue: 52, scene: '#f2c318' },
  { key: 'green', en: 'green', zh: '绿色', ja: '緑', de: 'Grün', es: 'verde', fr: 'verte', ar: 'الأخضر', hex: '#1f9d3a', hue: 130, scene: '#2e9d4a' },
  { key: 'cyan', en: 'cyan', zh: '青色', ja: '水色', de: 'Cyan', es: 'cian', fr: 'cyan', ar: 'السماوي', hex: '#0fb5c9', hue: 187 },
  { key: 'blue', en: 'blue', zh: '蓝色', ja: '青', de: 'Blau', es: 'azul', fr: 'bleue', ar: 'الأزرق', hex: '#1f5fe0', hue: 222, scene: '#1e6fe0' },
  { key: 'purple', en: 'purple', zh: '紫色', ja: '紫', de: 'Lila', es: 'morado', fr: 'violette', ar: 'البنفسجي', hex: '#8b2fd6', hue: 275, scene: '#8e44c8' },
  { key: 'pink', en: 'pink', zh: '粉色', ja: 'ピンク', de: 'Rosa', es: 'rosa', fr: 'rose', ar: 'الوردي', hex: '#ec4fa3', hue: 325 },
  { key: 'brown', en: 'brown', zh: '棕色', ja: '茶色', de: 'Braun', es: 'marrón', fr: 'marron', ar: 'البني', hex: '#8a5a2b', hue: -1 },
  { key: 'black', en: 'black', zh: '黑色', ja: '黒', de: 'Schwarz', es: 'negro', fr: 'noire', ar: 'الأسود', hex: '#1c1c1c', hue: -1 },
];

/** Named colour by key. Throws RangeError on an unknown key. */
export function namedColor(key: string): NamedColor {
  const c = NAMED_COLORS.find((x) => x.key === key);
  if (!c) throw new RangeError(`unknown colour ${key}`);
  return c;
}

/** A small filled swatch square for prompts. */
export function swatch(x: number, cy: number, s: number, fill: string, stroke: string): string {
  return rect(x, cy - s / 2, s, s, { fill, stroke, sw: 1, rx: 3 });
}

/** Distinct, well-separated hues (degrees) for `k` colours. */
export function spreadHues(rng: Rng, k: number): number[] {
  const base = rng.int(0, 359);
  return Array.from({ length: k }, (_, i) => (base + Math.round((360 * i) / k) + rng.int(-8, 8) + 360) % 360);
}

/**
 * Colour adjectives of the {@link SCENE_COLORS} for phrases that inflect them, where the colour names of
 * {@link NAMED_COLORS} (nouns: "Rot", "rouge") do not fit: German stem (declined by the caller: "den roten
 * Würfel"), French / Spanish masculine and feminine, Arabic masculine and feminine with the article (adjectives
 * of a definite noun: "المكعب الأحمر", "الكرة الحمراء"), Japanese attributive form ("赤い", "緑の").
 */
export const SCENE_COLOR_ADJECTIVES: Readonly<Record<string, { de: string; fr: [string, string]; es: [string, string]; ar: [string, string]; ja: string }>> = {
  red: { de: 'rot', fr: ['rouge', 'rouge'], es: ['rojo', 'roja'], ar: ['الأحمر', 'الحمراء'], ja: '赤い' },
  blue: { de: 'blau', fr: ['bleu', 'bleue'], es: ['azul', 'azul'], ar: ['الأزرق', 'الزرقاء'], ja: '青い' },
  green: { de: 'grün', fr: ['vert', 'verte'], es: ['verde', 'verde'], ar: ['الأخضر', 'الخضراء'], ja: '緑の' },
  yellow: { de: 'gelb', fr: ['jaune', 'jaune'], es: ['amarillo', 'amarilla'], ar: ['الأصفر', 'الصفراء'], ja: '黄色い' },
  purple: { de: 'violett', fr: ['violet', 'violette'], es: ['morado', 'morada'], ar: ['البنفسجي', 'البنفسجية'], ja: '紫の' },
  orange: { de: 'orangefarben', fr: ['orange', 'orange'], es: ['naranja', 'naranja'], ar: ['البرتقالي', 'البرتقالية'], ja: 'オレンジ色の' },
};

/**
 * The colours the scene and shape engines name in instructions (drag_item_to_target,
 * layered_stack_select, spatial_relation_click), in the order they pick from, with their scene
 * shade as `fill`. Names come from {@link NAMED_COLORS}.
 */
export const SCENE_COLORS: ReadonlyArray<{ key: string; en: string; zh: string; fill: string }> = ['red', 'blue', 'green', 'yellow', 'purple', 'orange'].map((k) => {
  const c = namedColor(k);
  return { key: k, en: c.en, zh: c.zh, fill: c.scene! };
});
