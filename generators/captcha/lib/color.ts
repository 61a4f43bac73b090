/**
 * Colour arithmetic for the colour and brightness engines: sRGB ↔ CIELAB (D65) and the CIE76 colour
 * difference ΔE*ab. Inputs and outputs are plain numbers; hex strings are `#rrggbb`.
 */

/** `[r, g, b]` in 0..255. */
export type RGB = [number, number, number];
/** `[L*, a*, b*]`. */
export type Lab = [number, number, number];

/** Parse `#rrggbb`. Throws RangeError on anything else. */
export function hexToRgb(hex: string): RGB {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new RangeError(`not a #rrggbb colour: ${hex}`);
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}
/** Format `#rrggbb` (channels clamped and rounded). */
export function rgbToHex(c: RGB): string {
  return '#' + c.map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0')).join('');
}

/** HSL (h degrees, s and l in 0..100) to sRGB. */
export function hslToRgb(h: number, s: number, l: number): RGB {
  const S = s / 100;
  const L = l / 100;
  const k = (n: number): number => (n + h / 30) % 12;
  const a = S * Math.min(L, 1 - L);
  const f = (n: number): number => L - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

const lin = (v: number): number => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const fLab = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);

/** sRGB to CIELAB (D65 white). */
export function rgbToLab(c: RGB): Lab {
  const [r, g, b] = c.map(lin) as RGB;
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const fx = fLab(x);
  const fy = fLab(y);
  const fz = fLab(z);
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** CIE76 colour difference between two hex colours. */
export function deltaE(a: string, b: string): number {
  const p = rgbToLab(hexToRgb(a));
  const q = rgbToLab(hexToRgb(b));
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

/** CIELAB lightness L* (0..100) of a hex colour. */
export function lightness(hex: string): number {
  return rgbToLab(hexToRgb(hex))[0];
}
