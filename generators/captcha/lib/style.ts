/**
 * Widget chrome styles (palette, corner radius, face). A style is chosen per sample; its name is
 * recorded as `captcha.style`. Puzzle content (backgrounds, glyph colours) is drawn by each engine.
 */
import type { Rng } from '../../../core/rng.js';
import type { CaptchaLocale, PuzzleStyle } from '../engine.js';
import type { LatinFace } from '../../../renderers/glyphs.js';

interface Palette {
  accent: string;
  onAccent: string;
  radius: number;
  face: LatinFace;
}

/** Style families (accent, radius, face); each exists in a light and a dark variant. */
export const STYLE_FAMILIES: Readonly<Record<string, Palette>> = {
  classic: { accent: '#1a73e8', onAccent: '#ffffff', radius: 4, face: 'roboto' },
  mint: { accent: '#00a870', onAccent: '#ffffff', radius: 8, face: 'inter' },
  amber: { accent: '#f29d0a', onAccent: '#1f1300', radius: 6, face: 'noto-sans' },
  violet: { accent: '#7c4dff', onAccent: '#ffffff', radius: 12, face: 'inter' },
  coral: { accent: '#f0524f', onAccent: '#ffffff', radius: 2, face: 'roboto' },
};
export const STYLE_NAMES = Object.keys(STYLE_FAMILIES).flatMap((f) => [`${f}-light`, `${f}-dark`]);

/**
 * Build a style by family and theme. Throws RangeError on an unknown family (internal misuse).
 */
export function makeStyle(family: string, theme: 'light' | 'dark', locale: CaptchaLocale): PuzzleStyle {
  const p = STYLE_FAMILIES[family];
  if (!p) throw new RangeError(`unknown style family ${family}`);
  const light = theme === 'light';
  return {
    name: `${family}-${theme}`,
    theme,
    locale,
    face: p.face,
    bg: light ? '#ffffff' : '#1e2128',
    panel: light ? '#f2f4f7' : '#2a2e37',
    border: light ? '#d5d9e0' : '#3d434f',
    text: light ? '#1f2329' : '#e8eaed',
    subtext: light ? '#6b7280' : '#9aa0a6',
    accent: p.accent,
    onAccent: p.onAccent,
    radius: p.radius,
  };
}

/** Pick a style family uniformly. */
export function pickStyle(rng: Rng, theme: 'light' | 'dark', locale: CaptchaLocale): PuzzleStyle {
  return makeStyle(rng.pick(Object.keys(STYLE_FAMILIES)), theme, locale);
}
