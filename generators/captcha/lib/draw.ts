/**
 * SVG building blocks shared by the engines: document wrapper, rectangles, text as glyph paths,
 * procedural textured backgrounds, noise, and widget chrome (title bar, refresh/info icons, buttons,
 * input fields, slider tracks). All coordinates are puzzle px.
 *
 * Nothing here writes ids, titles, comments or `<text>`: gradient/clip ids are generic (`p0`, `p1`, …).
 */
import type { Rng } from '../../../core/rng.js';
import type { Box } from '../../../core/geometry.js';
import { textSvg, textWidth, wrapText, type TextAnchor, type TextStyle, type FontWeight, fitSize } from '../../../renderers/glyphs.js';
import type { CaptchaLocale, PuzzleStyle } from '../engine.js';

/** Round to 1 decimal for attributes. */
export const n1 = (v: number): string => {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};

/** A standalone SVG document of w x h px. `defs` goes into `<defs>`. */
export function svgDoc(w: number, h: number, body: string, defs = ''): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    (defs ? `<defs>${defs}</defs>` : '') +
    body +
    '</svg>'
  );
}

/** Attributes for shapes. */
export interface ShapeAttrs {
  fill?: string;
  stroke?: string;
  sw?: number;
  rx?: number;
  opacity?: number;
  extra?: string;
}
function attrs(a: ShapeAttrs): string {
  let s = ` fill="${a.fill ?? 'none'}"`;
  if (a.stroke) s += ` stroke="${a.stroke}" stroke-width="${n1(a.sw ?? 1)}"`;
  if (a.opacity !== undefined) s += ` opacity="${n1(a.opacity * 100) === '100' ? 1 : Math.round(a.opacity * 1000) / 1000}"`;
  if (a.extra) s += ' ' + a.extra;
  return s;
}
/** `<rect>`. */
export function rect(x: number, y: number, w: number, h: number, a: ShapeAttrs = {}): string {
  return `<rect x="${n1(x)}" y="${n1(y)}" width="${n1(w)}" height="${n1(h)}"${a.rx ? ` rx="${n1(a.rx)}"` : ''}${attrs(a)}/>`;
}
/** `<rect>` for a Box. */
export const boxRect = (b: Box, a: ShapeAttrs = {}): string => rect(b[0], b[1], b[2] - b[0], b[3] - b[1], a);
/** `<circle>`. */
export function circle(cx: number, cy: number, r: number, a: ShapeAttrs = {}): string {
  return `<circle cx="${n1(cx)}" cy="${n1(cy)}" r="${n1(r)}"${attrs(a)}/>`;
}
/** `<path>`. */
export function path(d: string, a: ShapeAttrs = {}): string {
  return `<path d="${d}"${attrs(a)}/>`;
}
/** `<line>`. */
export function line(x1: number, y1: number, x2: number, y2: number, stroke: string, sw = 1, extra = ''): string {
  return `<line x1="${n1(x1)}" y1="${n1(y1)}" x2="${n1(x2)}" y2="${n1(y2)}" stroke="${stroke}" stroke-width="${n1(sw)}"${extra ? ' ' + extra : ''}/>`;
}

/** Text in the style's face as glyph paths. `(x, y)` is the baseline point at `anchor`. */
export function label(
  style: PuzzleStyle,
  s: string,
  x: number,
  y: number,
  size: number,
  fill: string,
  opts: { anchor?: TextAnchor; weight?: FontWeight; maxWidth?: number } = {},
): string {
  const sz = opts.maxWidth ? fitSize(s, size, opts.maxWidth, { face: style.face, weight: opts.weight }) : size;
  return textSvg(s, x, y, sz, fill, { face: style.face, weight: opts.weight, anchor: opts.anchor });
}

/** CJK punctuation a line may break after, and characters a line may break before. */
const BREAK_AFTER = new Set([...'，、。；：？！）】」』']);
const BREAK_BEFORE = new Set([...'（【「『→']);

/**
 * Greedy line wrapping that breaks only between phrases: at whitespace, after CJK punctuation
 * (`，、。；：？！）`…) and before `（` / `→`; never inside a Latin word or a run of CJK characters
 * such as 红色爱心 (renderers/glyphs `wrapText` breaks between any two CJK characters). A phrase wider
 * than `maxWidth` on its own is split by `wrapText`. Widths are measured with `textWidth` at `size` px.
 *
 * @returns the lines, trimmed; empty for blank text
 */
export function wrapPhrases(text: string, size: number, maxWidth: number, style: TextStyle = {}): string[] {
  const units: string[] = [];
  let cur = '';
  for (const ch of text) {
    if (/\s/.test(ch)) {
      if (cur) units.push(cur);
      units.push(ch);
      cur = '';
      continue;
    }
    if (BREAK_BEFORE.has(ch) && cur) {
      units.push(cur);
      cur = '';
    }
    cur += ch;
    if (BREAK_AFTER.has(ch)) {
      units.push(cur);
      cur = '';
    }
  }
  if (cur) units.push(cur);
  const lines: string[] = [];
  let line = '';
  for (const u of units) {
    const next = line + u;
    if (textWidth(next.trimEnd(), size, style) <= maxWidth || !line.trim()) {
      line = next;
      continue;
    }
    lines.push(line.trimEnd());
    line = u.trimStart();
  }
  if (line.trim()) lines.push(line.trimEnd());
  // a single phrase wider than the line: split it the plain way
  return lines.flatMap((l) => (textWidth(l, size, style) > maxWidth ? wrapText(l, size, maxWidth, style) : [l]));
}

/** `hsl()` colour string. */
export const hsl = (h: number, s: number, l: number): string =>
  `hsl(${Math.round(((h % 360) + 360) % 360)},${Math.round(s)}%,${Math.round(l)}%)`;

/** Allocates generic ids (`p0`, `p1`, …) for gradients, patterns and clip paths within one SVG. */
export class Ids {
  private n = 0;
  next(): string {
    return `p${this.n++}`;
  }
}

/**
 * A procedural "photo-like" background filling `box`: a two-colour gradient sky, layered hills or
 * waves, scattered shapes and fine noise. Returns `{defs, body}`. Busy enough that edges of gaps and
 * pieces are not trivially separable (so a model cannot solve the puzzle by separating colours alone).
 */
export function texturedBackground(
  rng: Rng,
  box: Box,
  ids: Ids,
  opts: { hue?: number; clutter?: number; noise?: number } = {},
): { defs: string; body: string } {
  const [x1, y1, x2, y2] = box;
  const w = x2 - x1;
  const h = y2 - y1;
  const hue = opts.hue ?? rng.int(0, 359);
  const g = ids.next();
  let defs = `<linearGradient id="${g}" x1="0" y1="0" x2="${n1(rng.float(0, 0.6))}" y2="1">` +
    `<stop offset="0" stop-color="${hsl(hue, rng.float(40, 70), rng.float(62, 80))}"/>` +
    `<stop offset="1" stop-color="${hsl(hue + rng.int(20, 80), rng.float(35, 65), rng.float(35, 55))}"/></linearGradient>`;
  let body = rect(x1, y1, w, h, { fill: `url(#${g})` });
  // sun / moon disc
  if (rng.bool(0.7)) body += circle(x1 + rng.float(0.1, 0.9) * w, y1 + rng.float(0.1, 0.4) * h, rng.float(0.06, 0.14) * h, { fill: hsl(hue + 180, 70, 85), opacity: rng.float(0.5, 0.9) });
  // layered hills
  const layers = rng.int(2, 4);
  for (let l = 0; l < layers; l++) {
    const base = y1 + h * (0.35 + (0.5 * (l + 1)) / (layers + 1));
    const amp = h * rng.float(0.05, 0.18);
    const k = rng.int(2, 5);
    const ph = rng.float(0, Math.PI * 2);
    let d = `M${n1(x1)} ${n1(y2)}`;
    const steps = 24;
    for (let i = 0; i <= steps; i++) {
      const x = x1 + (w * i) / steps;
      const y = base - amp * Math.sin((i / steps) * Math.PI * k + ph) - amp * 0.4 * Math.sin((i / steps) * Math.PI * k * 2.7 + ph * 1.3);
      d += `L${n1(x)} ${n1(y)}`;
    }
    d += `L${n1(x2)} ${n1(y2)}Z`;
    body += path(d, { fill: hsl(hue + rng.int(60, 160), rng.float(25, 60), 20 + l * 12 + rng.float(0, 10)), opacity: rng.float(0.75, 1) });
  }
  // clutter shapes (trees, blocks, circles)
  const clutter = opts.clutter ?? 14;
  for (let i = 0; i < clutter; i++) {
    const cx = x1 + rng.float(0, w);
    const cy = y1 + rng.float(0.2, 1) * h;
    const r = rng.float(3, 14);
    const col = hsl(hue + rng.int(0, 359), rng.float(30, 80), rng.float(25, 80));
    const kind = rng.int(0, 2);
    if (kind === 0) body += circle(cx, cy, r, { fill: col, opacity: rng.float(0.4, 0.9) });
    else if (kind === 1) body += path(`M${n1(cx)} ${n1(cy - r * 1.6)}L${n1(cx + r)} ${n1(cy + r)}L${n1(cx - r)} ${n1(cy + r)}Z`, { fill: col, opacity: rng.float(0.5, 0.95) });
    else body += rect(cx - r, cy - r * 0.6, r * 2, r * 1.2, { fill: col, opacity: rng.float(0.4, 0.9) });
  }
  body += noiseDots(rng, box, opts.noise ?? 60, 0.25);
  defs += '';
  return { defs, body };
}

/** `count` small random dots inside `box`. */
export function noiseDots(rng: Rng, box: Box, count: number, opacity = 0.5, colors?: string[]): string {
  let s = '';
  for (let i = 0; i < count; i++) {
    const col = colors ? rng.pick(colors) : hsl(rng.int(0, 359), rng.float(20, 80), rng.float(20, 85));
    s += circle(rng.float(box[0], box[2]), rng.float(box[1], box[3]), rng.float(0.6, 1.8), { fill: col, opacity });
  }
  return s;
}

/** `count` random quadratic noise curves inside `box`. */
export function noiseLines(rng: Rng, box: Box, count: number, colors?: string[], width: [number, number] = [1, 2.2]): string {
  let s = '';
  const w = box[2] - box[0];
  const h = box[3] - box[1];
  for (let i = 0; i < count; i++) {
    const col = colors ? rng.pick(colors) : hsl(rng.int(0, 359), rng.float(40, 80), rng.float(30, 60));
    const xa = box[0] + rng.float(0, 0.3) * w;
    const xb = box[0] + rng.float(0.7, 1) * w;
    const d = `M${n1(xa)} ${n1(box[1] + rng.float(0, h))}Q${n1(box[0] + rng.float(0.2, 0.8) * w)} ${n1(box[1] + rng.float(-0.3, 1.3) * h)} ${n1(xb)} ${n1(box[1] + rng.float(0, h))}`;
    s += path(d, { stroke: col, sw: rng.float(width[0], width[1]), opacity: rng.float(0.5, 0.9), extra: 'stroke-linecap="round"' });
  }
  return s;
}

/** Circular refresh arrow icon centred at (cx, cy), radius r. */
export function refreshIcon(cx: number, cy: number, r: number, color: string): string {
  const a0 = -0.3 * Math.PI;
  const a1 = 1.35 * Math.PI;
  const steps = 16;
  let d = '';
  for (let i = 0; i <= steps; i++) {
    const a = a0 + ((a1 - a0) * i) / steps;
    d += `${i ? 'L' : 'M'}${n1(cx + r * Math.cos(a))} ${n1(cy + r * Math.sin(a))}`;
  }
  const ex = cx + r * Math.cos(a0);
  const ey = cy + r * Math.sin(a0);
  const head = `M${n1(ex + r * 0.55)} ${n1(ey - r * 0.05)}L${n1(ex - r * 0.15)} ${n1(ey + r * 0.55)}L${n1(ex - r * 0.3)} ${n1(ey - r * 0.45)}Z`;
  return path(d, { stroke: color, sw: Math.max(1.4, r * 0.28), extra: 'stroke-linecap="round"' }) + path(head, { fill: color });
}

/** "i" in a circle. */
export function infoIcon(cx: number, cy: number, r: number, color: string): string {
  return (
    circle(cx, cy, r, { stroke: color, sw: Math.max(1.2, r * 0.18) }) +
    rect(cx - r * 0.11, cy - r * 0.15, r * 0.22, r * 0.65, { fill: color }) +
    circle(cx, cy - r * 0.45, r * 0.13, { fill: color })
  );
}

/** Close "×". */
export function closeIcon(cx: number, cy: number, r: number, color: string): string {
  return (
    line(cx - r, cy - r, cx + r, cy + r, color, Math.max(1.4, r * 0.3), 'stroke-linecap="round"') +
    line(cx - r, cy + r, cx + r, cy - r, color, Math.max(1.4, r * 0.3), 'stroke-linecap="round"')
  );
}

/** Widget card: background with border and the style's radius. */
export function widgetCard(style: PuzzleStyle, w: number, h: number): string {
  return rect(0.5, 0.5, w - 1, h - 1, { fill: style.bg, stroke: style.border, sw: 1, rx: style.radius });
}

/** A footer row with refresh and info icons at the left, returns SVG. */
export function footerIcons(style: PuzzleStyle, x: number, cy: number): string {
  return refreshIcon(x + 10, cy, 7, style.subtext) + infoIcon(x + 34, cy, 8, style.subtext);
}

/** Filled button with a centred label. */
export function button(style: PuzzleStyle, b: Box, text: string, size = 14): string {
  const w = b[2] - b[0];
  const h = b[3] - b[1];
  return (
    boxRect(b, { fill: style.accent, rx: style.radius }) +
    label(style, text, b[0] + w / 2, b[1] + h / 2 + size * 0.36, size, style.onAccent, { anchor: 'middle', weight: 700, maxWidth: w - 8 })
  );
}

/** Text input field with a placeholder. */
export function inputField(style: PuzzleStyle, b: Box, placeholder: string, size = 13): string {
  const h = b[3] - b[1];
  return (
    boxRect(b, { fill: style.theme === 'light' ? '#ffffff' : '#15171c', stroke: style.border, sw: 1.2, rx: style.radius }) +
    label(style, placeholder, b[0] + 10, b[1] + h / 2 + size * 0.36, size, style.subtext, { maxWidth: b[2] - b[0] - 16 })
  );
}

/**
 * Slider track with a handle at `handle` (box). `hint` is drawn in the track right of the handle.
 * The handle shows a double chevron pointing in `dir`.
 */
export function sliderTrack(style: PuzzleStyle, track: Box, handle: Box, hint: string, dir: 1 | -1 = 1): string {
  const th = track[3] - track[1];
  const hw = handle[2] - handle[0];
  const hh = handle[3] - handle[1];
  const cx = handle[0] + hw / 2;
  const cy = handle[1] + hh / 2;
  const r = Math.min(style.radius * 2, th / 2);
  const hintX = dir > 0 ? (handle[2] + track[2]) / 2 : (track[0] + handle[0]) / 2;
  const hintW = dir > 0 ? track[2] - handle[2] - 12 : handle[0] - track[0] - 12;
  const chev = (ox: number): string =>
    path(`M${n1(ox - 3 * dir)} ${n1(cy - 5)}L${n1(ox + 2 * dir)} ${n1(cy)}L${n1(ox - 3 * dir)} ${n1(cy + 5)}`, {
      stroke: style.onAccent,
      sw: 2,
      extra: 'stroke-linecap="round" stroke-linejoin="round"',
    });
  return (
    boxRect(track, { fill: style.panel, stroke: style.border, sw: 1, rx: r }) +
    (hint && hintW > 30 ? label(style, hint, hintX, track[1] + th / 2 + 4.5, 13, style.subtext, { anchor: 'middle', maxWidth: hintW }) : '') +
    boxRect(handle, { fill: style.accent, rx: Math.min(style.radius * 2, hh / 2), extra: 'stroke="rgba(0,0,0,0.15)" stroke-width="1"' }) +
    chev(cx - 4) +
    chev(cx + 4)
  );
}

/** Float box to an integer Box rounding outwards. */
export function intBox(b: readonly [number, number, number, number]): Box {
  return [Math.floor(b[0]), Math.floor(b[1]), Math.ceil(b[2]), Math.ceil(b[3])];
}

/** True when two boxes overlap after growing each by `margin` px. */
export function boxesOverlap(a: Box, b: Box, margin = 0): boolean {
  return a[0] - margin < b[2] && b[0] - margin < a[2] && a[1] - margin < b[3] && b[1] - margin < a[3];
}

/** True when `inner` lies within `outer`. */
export function boxInside(inner: Box, outer: Box): boolean {
  return inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3];
}

/**
 * The nine picture regions in the locales besides English and Chinese, `[row][col]`: Japanese nouns
 * ("左上"), German, Spanish and French adverbial phrases ("oben links", "arriba a la izquierda",
 * "en haut à gauche"), Arabic nouns that follow a preposition ("أعلى اليسار").
 */
const REGION_WORDS = {
  'ja-JP': [['左上', '上中央', '右上'], ['左中央', '中央', '右中央'], ['左下', '下中央', '右下']],
  'de-DE': [['oben links', 'oben in der Mitte', 'oben rechts'], ['links in der Mitte', 'in der Mitte', 'rechts in der Mitte'], ['unten links', 'unten in der Mitte', 'unten rechts']],
  'es-ES': [['arriba a la izquierda', 'arriba en el centro', 'arriba a la derecha'], ['en el centro a la izquierda', 'en el centro', 'en el centro a la derecha'], ['abajo a la izquierda', 'abajo en el centro', 'abajo a la derecha']],
  'fr-FR': [['en haut à gauche', 'en haut au centre', 'en haut à droite'], ['au milieu à gauche', 'au centre', 'au milieu à droite'], ['en bas à gauche', 'en bas au centre', 'en bas à droite']],
  ar: [['أعلى اليسار', 'أعلى الوسط', 'أعلى اليمين'], ['يسار الوسط', 'الوسط', 'يمين الوسط'], ['أسفل اليسار', 'أسفل الوسط', 'أسفل اليمين']],
} as const;

/** Position words for reasoning: which ninth of `area` holds point (x, y) ({@link REGION_WORDS} outside en / zh). */
export function regionWord(x: number, y: number, area: Box, locale: CaptchaLocale): string {
  const fx = (x - area[0]) / (area[2] - area[0]);
  const fy = (y - area[1]) / (area[3] - area[1]);
  const col = fx < 1 / 3 ? 0 : fx < 2 / 3 ? 1 : 2;
  const row = fy < 1 / 3 ? 0 : fy < 2 / 3 ? 1 : 2;
  if (locale === 'zh-CN') {
    const r = ['上', '中', '下'][row]!;
    const c = ['左', '中', '右'][col]!;
    return row === 1 && col === 1 ? '中央' : row === 1 ? `中部偏${c}` : col === 1 ? `${r}方中间` : `${c}${r}方`;
  }
  const other = REGION_WORDS[locale as keyof typeof REGION_WORDS];
  if (other) return other[row]![col]!;
  const r = ['top', 'middle', 'bottom'][row]!;
  const c = ['left', 'centre', 'right'][col]!;
  return row === 1 && col === 1 ? 'centre' : row === 1 ? `middle ${c}` : `${r} ${c}`;
}

/** `(x, y)` of a puzzle-px point mapped through `m` to canvas px, rounded (for reasoning text). */
export function ptText(m: { sx: number; sy: number; tx: number; ty: number }, p: readonly [number, number]): string {
  return `(${Math.round(m.sx * p[0] + m.tx)}, ${Math.round(m.sy * p[1] + m.ty)})`;
}
