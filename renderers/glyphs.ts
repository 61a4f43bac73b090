/**
 * Text as SVG paths from the bundled @fontsource font files (opentype.js), never as SVG `<text>`
 * (sharp's SVG renderer would use the host's fonts, and a `<text>` element
 * would carry the answer in the SVG).
 *
 * Every transform (position, rotation, scale, skew, warp) is baked into the path coordinates, so the
 * SVG holds no `transform` that could be undone to look a glyph up by its path data
 * (the SVG must not leak the answer). Units are whatever px space the caller draws in (puzzle px for
 * CAPTCHA widgets, canvas px for host pages).
 *
 * Font lookup per character: the chosen Latin face (`roboto`, `inter`, `noto-sans`; subsets `latin`
 * then `latin-ext`), then Noto Sans SC, whose @fontsource package splits CJK into ~100 numbered
 * subset files; `unicode.json` of that package says which subset holds a code point.
 */
import opentype from 'opentype.js';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { woffToSfnt } from './woff.js';

/** Latin font faces bundled through @fontsource. */
export const LATIN_FACES = ['roboto', 'inter', 'noto-sans'] as const;
export type LatinFace = (typeof LATIN_FACES)[number];
/** Weights we load (regular and bold). */
export type FontWeight = 400 | 700;

/**
 * A 2D affine matrix in SVG order `[a, b, c, d, e, f]`: `x' = a*x + c*y + e`, `y' = b*x + d*y + f`.
 */
export type Mat = [number, number, number, number, number, number];

/** Identity matrix. */
export const IDENTITY_MAT: Mat = [1, 0, 0, 1, 0, 0];

/** `m1 ∘ m2` (apply m2 first, then m1). */
export function matMul(m1: Mat, m2: Mat): Mat {
  const [a1, b1, c1, d1, e1, f1] = m1;
  const [a2, b2, c2, d2, e2, f2] = m2;
  return [
    a1 * a2 + c1 * b2,
    b1 * a2 + d1 * b2,
    a1 * c2 + c1 * d2,
    b1 * c2 + d1 * d2,
    a1 * e2 + c1 * f2 + e1,
    b1 * e2 + d1 * f2 + f1,
  ];
}
/** Translation matrix. */
export const matTranslate = (x: number, y: number): Mat => [1, 0, 0, 1, x, y];
/** Rotation by `deg` degrees clockwise (SVG y-down convention) about the origin. */
export function matRotate(deg: number): Mat {
  const r = (deg * Math.PI) / 180;
  return [Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 0, 0];
}
/** Scale matrix. */
export const matScale = (sx: number, sy = sx): Mat => [sx, 0, 0, sy, 0, 0];
/** Horizontal skew by `deg` degrees. */
export const matSkewX = (deg: number): Mat => [1, 0, Math.tan((deg * Math.PI) / 180), 1, 0, 0];
/** Apply a matrix to a point. */
export function matApply(m: Mat, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** Float bounding box `[x1, y1, x2, y2]` of path coordinates (control points included: conservative). */
export type FBox = [number, number, number, number];

/** An outline as SVG path data plus its bounds. */
export interface Outline {
  /** SVG path data (absolute M/L/Q/C/Z, 1 decimal). */
  d: string;
  /** Bounds of every coordinate in `d`; `[0,0,0,0]` for an empty outline (space). */
  bbox: FBox;
}

/** Options for drawing text. */
export interface TextStyle {
  /** Latin face; CJK always comes from Noto Sans SC. Default `roboto`. */
  face?: LatinFace;
  /** Default 400. */
  weight?: FontWeight;
}

type Font = opentype.Font;
type Glyph = opentype.Glyph;

const require = createRequire(import.meta.url);
const pkgDirs = new Map<string, string>();
/** Directory of an installed package (resolved once per name). */
const pkgDir = (name: string): string => {
  let d = pkgDirs.get(name);
  if (d === undefined) pkgDirs.set(name, (d = dirname(require.resolve(`${name}/package.json`))));
  return d;
};

/**
 * Parsed font files, least recently used dropped first beyond {@link MAX_FONTS}: the bundled files number in the
 * hundreds (Noto Sans SC alone has 101 subset files per weight, about 0.2 MiB each parsed) and a long run with
 * CJK text reaches more of them as it goes, so an unbounded cache kept growing (issue 16). A dropped file is
 * parsed again when next needed (a few ms), to the same glyphs. `null`: the file is missing or unreadable.
 */
const fontCache = new Map<string, Font | null>();
const MAX_FONTS = 64;
const parseFont = (buf: Buffer): Font =>
  opentype.parse(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer, { lowMemory: true });
function loadFontFile(path: string): Font | null {
  if (fontCache.has(path)) {
    const hit = fontCache.get(path)!;
    fontCache.delete(path); // re-insert: most recently used last
    fontCache.set(path, hit);
    return hit;
  }
  let font: Font | null = null;
  try {
    const buf = readFileSync(path);
    // lowMemory: glyphs are built when first asked for. Without it opentype.js builds every glyph of the file at
    // parse time (each with 14 accessor closures, about 1 KB, outlines still lazy), so the live heap of a long
    // CAPTCHA run crept as more font files (one per Noto Sans SC subset) were parsed: 15,668 glyph objects,
    // ~20 MiB of accessors, after 10,000 records, of which only the drawn characters are used (issue 16). Same
    // glyphs either way: index, advance width, unicode, bounds and path data compared equal on every character
    // of 63 of the bundled font files.
    font = parseFont(buf);
  } catch {
    // opentype.js's own inflate rejects the tables of a few bundled WOFF files ("Data error", e.g. Noto Sans SC
    // subset 101); Node's zlib reads them (renderers/woff.ts, which also checks every table's checksum)
    try {
      font = path.endsWith('.woff') ? parseFont(woffToSfnt(readFileSync(path))) : null;
    } catch {
      font = null;
    }
  }
  fontCache.set(path, font);
  if (fontCache.size > MAX_FONTS) fontCache.delete(fontCache.keys().next().value!);
  return font;
}

/** Noto Sans SC subset ranges from its unicode.json: [lo, hi, subsetKey]. */
let cjkRanges: Array<[number, number, string]> | null = null;
function cjkSubsetFor(cp: number): string | null {
  if (!cjkRanges) {
    const u = JSON.parse(readFileSync(join(pkgDir('@fontsource/noto-sans-sc'), 'unicode.json'), 'utf8')) as Record<
      string,
      string
    >;
    cjkRanges = [];
    for (const [key, spec] of Object.entries(u)) {
      const name = key.replace(/[[\]]/g, '');
      for (const part of spec.split(',')) {
        const m = /^U\+([0-9a-f]+)(?:-([0-9a-f]+))?$/i.exec(part.trim());
        if (!m) continue;
        const lo = parseInt(m[1]!, 16);
        const hi = m[2] ? parseInt(m[2], 16) : lo;
        cjkRanges.push([lo, hi, name]);
      }
    }
  }
  let hit = cjkSubsetOf.get(cp);
  if (hit === undefined) {
    hit = null;
    for (const [lo, hi, name] of cjkRanges) {
      if (cp >= lo && cp <= hi) {
        hit = name;
        break;
      }
    }
    cjkSubsetOf.set(cp, hit);
  }
  return hit;
}
/** {@link cjkSubsetFor} per code point looked up so far (the first of about 9,000 ranges that holds it). */
const cjkSubsetOf = new Map<number, string | null>();

/** How many parsed font files are held now (at most {@link MAX_FONTS}); for tests. */
export const parsedFontCount = (): number => fontCache.size;

/** `face|weight|char` → the font file that has the character (a path, not the parsed font: see fontCache). */
const glyphFile = new Map<string, string>();

/**
 * The font and glyph used for one character. Throws Error when no bundled font has it (a bug in a
 * character pool, not a user error).
 */
export function glyphFor(ch: string, style: TextStyle = {}): { font: Font; glyph: Glyph } {
  const face = style.face ?? 'roboto';
  const weight = style.weight ?? 400;
  const key = `${face}|${weight}|${ch}`;
  const known = glyphFile.get(key);
  if (known) {
    const font = loadFontFile(known)!;
    return { font, glyph: font.charToGlyph(ch) };
  }
  const cp = ch.codePointAt(0)!;
  const candidates: string[] = [];
  const latinDir = join(pkgDir(`@fontsource/${face}`), 'files');
  candidates.push(join(latinDir, `${face}-latin-${weight}-normal.woff`));
  candidates.push(join(latinDir, `${face}-latin-ext-${weight}-normal.woff`));
  const sub = cjkSubsetFor(cp);
  const scDir = join(pkgDir('@fontsource/noto-sans-sc'), 'files');
  if (sub) candidates.push(join(scDir, `noto-sans-sc-${sub}-${weight}-normal.woff`));
  // last resort: the face's Greek subsets (Noto Sans SC has no Greek); tried only after every other file
  candidates.push(join(latinDir, `${face}-greek-${weight}-normal.woff`));
  for (const path of candidates) {
    const font = loadFontFile(path);
    if (!font) continue;
    const glyph = font.charToGlyph(ch);
    if (glyph && glyph.index > 0) {
      glyphFile.set(key, path);
      return { font, glyph };
    }
  }
  throw new Error(`glyphs: no bundled font has U+${cp.toString(16)} (${ch})`);
}

/** Advance width per em of each character looked up so far, by `face|weight|char` (a few thousand numbers at most). */
const advancePerEm = new Map<string, number>();

/** Advance width of one character at `size` px. */
export function charAdvance(ch: string, size: number, style: TextStyle = {}): number {
  if (ch === ' ') return size * 0.28;
  const key = `${style.face ?? 'roboto'}|${style.weight ?? 400}|${ch}`;
  let perEm = advancePerEm.get(key);
  if (perEm === undefined) {
    const { font, glyph } = glyphFor(ch, style);
    advancePerEm.set(key, (perEm = (glyph.advanceWidth ?? font.unitsPerEm * 0.5) / font.unitsPerEm));
  }
  return perEm * size;
}

/** Width of a single line of text at `size` px (sum of advances plus letter spacing). */
export function textWidth(text: string, size: number, style: TextStyle & { letterSpacing?: number } = {}): number {
  const chars = [...text];
  return chars.reduce((w, ch) => w + charAdvance(ch, size, style), 0) + (style.letterSpacing ?? 0) * Math.max(0, chars.length - 1);
}

/**
 * `v` rounded to one decimal as SVG path text: the text of `String(Math.round(v * 10) / 10)` ("12.3",
 * "-4", "0" for a negative zero), written digit by digit (number-to-string conversion of a fraction
 * is the costly part of drawing text, and n / 10 always prints as its integer part and one digit).
 */
const f1 = (v: number): string => {
  const n = Math.round(v * 10);
  if (n === 0) return '0';
  if (!Number.isFinite(n) || Math.abs(n) >= 1e15) return String(n / 10);
  const a = n < 0 ? -n : n;
  const d = a % 10;
  const i = (a - d) / 10;
  return `${n < 0 ? '-' : ''}${i}${d ? `.${d}` : ''}`;
};

/**
 * Outline of one character: the glyph is placed with its baseline origin at (0, 0) at `size` px,
 * then `m` is applied, then the optional non-linear `warp` (px → px).
 */
export function glyphOutline(
  ch: string,
  size: number,
  m: Mat = IDENTITY_MAT,
  style: TextStyle = {},
  warp?: (x: number, y: number) => [number, number],
): Outline {
  return outline(ch, size, m, style, warp, true);
}

/** {@link glyphOutline}; with `text` false only its bbox is measured and `d` is empty (no path text written). */
function outline(ch: string, size: number, m: Mat, style: TextStyle, warp: ((x: number, y: number) => [number, number]) | undefined, text: boolean): Outline {
  if (ch === ' ') return { d: '', bbox: [0, 0, 0, 0] };
  const { glyph } = glyphFor(ch, style);
  const path = glyph.getPath(0, 0, size);
  const parts: string[] = [];
  let x1 = Infinity, y1 = Infinity, x2 = -Infinity, y2 = -Infinity;
  const P = (x: number, y: number): string => {
    let [px, py] = matApply(m, x, y);
    if (warp) [px, py] = warp(px, py);
    x1 = Math.min(x1, px); y1 = Math.min(y1, py); x2 = Math.max(x2, px); y2 = Math.max(y2, py);
    return text ? `${f1(px)} ${f1(py)}` : '';
  };
  for (const c of path.commands) {
    switch (c.type) {
      case 'M': parts.push(`M${P(c.x, c.y)}`); break;
      case 'L': parts.push(`L${P(c.x, c.y)}`); break;
      case 'Q': parts.push(`Q${P(c.x1, c.y1)} ${P(c.x, c.y)}`); break;
      case 'C': parts.push(`C${P(c.x1, c.y1)} ${P(c.x2, c.y2)} ${P(c.x, c.y)}`); break;
      case 'Z': parts.push('Z'); break;
    }
  }
  if (!Number.isFinite(x1)) return { d: '', bbox: [0, 0, 0, 0] };
  return { d: text ? parts.join('') : '', bbox: [x1, y1, x2, y2] };
}

/**
 * Ink bounds of a character at `size` px with its baseline origin at (0, 0), untransformed.
 * Used to centre glyphs on their visual middle.
 */
export function glyphInkBox(ch: string, size: number, style: TextStyle = {}): FBox {
  return outline(ch, size, IDENTITY_MAT, style, undefined, false).bbox;
}

/**
 * One character drawn centred (by its ink bounds) at (cx, cy), rotated by `rot` degrees clockwise,
 * scaled by `sx`/`sy` and skewed by `skew` degrees, all about that centre.
 */
export function glyphAt(
  ch: string,
  size: number,
  cx: number,
  cy: number,
  opts: { rot?: number; sx?: number; sy?: number; skew?: number; warp?: (x: number, y: number) => [number, number] } & TextStyle = {},
): Outline {
  const ink = glyphInkBox(ch, size, opts);
  const mx = (ink[0] + ink[2]) / 2;
  const my = (ink[1] + ink[3]) / 2;
  let m: Mat = matTranslate(-mx, -my);
  m = matMul(matScale(opts.sx ?? 1, opts.sy ?? 1), m);
  m = matMul(matSkewX(opts.skew ?? 0), m);
  m = matMul(matRotate(opts.rot ?? 0), m);
  m = matMul(matTranslate(cx, cy), m);
  return glyphOutline(ch, size, m, opts, opts.warp);
}

/** Where `x` refers to in {@link textOutline}. */
export type TextAnchor = 'start' | 'middle' | 'end';

/**
 * A single line of text as one outline. `(x, y)` is the baseline point at the anchor.
 * Returns the path data, ink bounds and the advance width of the line.
 */
export function textOutline(
  text: string,
  x: number,
  y: number,
  size: number,
  opts: TextStyle & { anchor?: TextAnchor; letterSpacing?: number } = {},
): Outline & { width: number } {
  const width = textWidth(text, size, opts);
  let pen = opts.anchor === 'middle' ? x - width / 2 : opts.anchor === 'end' ? x - width : x;
  const ds: string[] = [];
  let bx1 = Infinity, by1 = Infinity, bx2 = -Infinity, by2 = -Infinity;
  for (const ch of text) {
    const o = glyphOutline(ch, size, matTranslate(pen, y), opts);
    if (o.d) {
      ds.push(o.d);
      bx1 = Math.min(bx1, o.bbox[0]); by1 = Math.min(by1, o.bbox[1]);
      bx2 = Math.max(bx2, o.bbox[2]); by2 = Math.max(by2, o.bbox[3]);
    }
    pen += charAdvance(ch, size, opts) + (opts.letterSpacing ?? 0);
  }
  const bbox: FBox = Number.isFinite(bx1) ? [bx1, by1, bx2, by2] : [x, y, x, y];
  return { d: ds.join(''), bbox, width };
}

/**
 * `<path>` element for a line of text (see {@link textOutline}); empty string for empty text.
 * `fill` is any SVG paint; `extra` is appended verbatim to the element's attributes.
 */
export function textSvg(
  text: string,
  x: number,
  y: number,
  size: number,
  fill: string,
  opts: TextStyle & { anchor?: TextAnchor; letterSpacing?: number; extra?: string } = {},
): string {
  const o = textOutline(text, x, y, size, opts);
  if (!o.d) return '';
  return `<path d="${o.d}" fill="${fill}"${opts.extra ? ' ' + opts.extra : ''}/>`;
}

/**
 * Shrink-to-fit helper: the largest size <= `size` (down to `min`) at which `text` fits `maxWidth`.
 */
export function fitSize(text: string, size: number, maxWidth: number, style: TextStyle = {}, min = 8): number {
  let s = size;
  while (s > min && textWidth(text, s, style) > maxWidth) s -= 0.5;
  return s;
}

/**
 * Break `text` into lines no wider than `maxWidth` at `size` px. Latin text breaks at spaces; CJK text
 * may break between any two characters.
 */
export function wrapText(text: string, size: number, maxWidth: number, style: TextStyle = {}): string[] {
  const tokens = text.match(/[\u2e80-\u9fff\uff00-\uffef]|[^\s\u2e80-\u9fff\uff00-\uffef]+|\s+/g) ?? [];
  const lines: string[] = [];
  let cur = '';
  for (const t of tokens) {
    const next = cur + t;
    if (cur && textWidth(next.trimEnd(), size, style) > maxWidth) {
      lines.push(cur.trimEnd());
      cur = t.trimStart();
    } else cur = next;
  }
  if (cur.trim()) lines.push(cur.trimEnd());
  return lines;
}
