/**
 * Page assembly for the grounding scenarios: a private Handlebars environment with the project's
 * partials and helpers, embedded @fontsource faces and inlined lucide icons.
 *
 * Everything a page needs is either inlined (CSS, SVG icons) or served by the renderer under
 * `http://uisynth.local/assets/` (font files), so output never depends on host fonts or the network.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import svgpath from 'svgpath';

/** Repository root (this file lives in `generators/grounding/`). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** `templates/` folder. */
export const TEMPLATES_DIR = join(REPO_ROOT, 'templates');
/** Base URL of the project's asset server (served by the renderer's request routing). */
export const ASSET_BASE = 'http://uisynth.local/assets/';

const NODE_MODULES = join(REPO_ROOT, 'node_modules');

/** A font face family embedded from an @fontsource package. */
export interface FontSpec {
  /** npm package name under `@fontsource/`, e.g. `inter`, `noto-sans-sc`. */
  pkg: string;
  /** Weights to embed (each must have `<weight>.css` in the package). */
  weights: number[];
  /** Also embed the italic faces of each weight (`<weight>-italic.css`); without them Chromium slants the upright face. */
  italic?: boolean;
}

/**
 * The code font: every generated page's `--mono-stack` is `'JetBrains Mono', var(--font-stack)`, so code,
 * terminals and command lines are drawn with a web font (upright and italic), and characters it lacks
 * (CJK, Arabic) with the page's own faces, never with the machine's `monospace` (fontconfig's choice,
 * whose italic line boxes were measured 1 CSS px taller on the first page of a fresh Chromium than later).
 */
export const CODE_FONT: FontSpec = { pkg: 'jetbrains-mono', weights: [400], italic: true };

interface FaceRule {
  family: string;
  weight: number;
  style: string;
  file: string;
  ranges: Array<[number, number]>;
  rangeText: string;
  /** The rule as {@link fontFaceCss} emits it (built once per face). */
  css: string;
}

const faceCache = new Map<string, FaceRule[]>();

/** Parse a `unicode-range` value (`U+0041-005A,U+00C0`) into inclusive code point ranges. */
export function parseUnicodeRange(text: string): Array<[number, number]> {
  return text
    .split(',')
    .map((s) => s.trim().replace(/^U\+/i, ''))
    .filter(Boolean)
    .map((s): [number, number] => {
      if (s.includes('?')) return [parseInt(s.replace(/\?/g, '0'), 16), parseInt(s.replace(/\?/g, 'F'), 16)];
      const [a, b] = s.split('-');
      const lo = parseInt(a!, 16);
      return [lo, b ? parseInt(b, 16) : lo];
    });
}

function readFaces(pkg: string, weight: number, italic = false): FaceRule[] {
  const key = `${pkg}/${weight}${italic ? '-italic' : ''}`;
  const hit = faceCache.get(key);
  if (hit) return hit;
  const css = readFileSync(join(NODE_MODULES, '@fontsource', pkg, `${key.slice(pkg.length + 1)}.css`), 'utf8');
  const rules: FaceRule[] = [];
  for (const m of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const body = m[1]!;
    const family = /font-family:\s*'([^']+)'/.exec(body)?.[1];
    const file = /url\(\.\/files\/([^)]+\.woff2)\)/.exec(body)?.[1];
    const style = /font-style:\s*(\w+)/.exec(body)?.[1] ?? 'normal';
    const rangeText = /unicode-range:\s*([^;]+);/.exec(body)?.[1]?.trim() ?? 'U+0-10FFFF';
    if (!family || !file) continue;
    const css =
      `@font-face{font-family:'${family}';font-style:${style};font-display:block;font-weight:${weight};` +
      `src:url(${ASSET_BASE}@fontsource/${pkg}/files/${file}) format('woff2');unicode-range:${rangeText};}`;
    rules.push({ family, weight, style, file, ranges: parseUnicodeRange(rangeText), rangeText, css });
  }
  faceCache.set(key, rules);
  return rules;
}

/**
 * The distinct code points of `s`, ascending (what `for (const ch of text)` + `codePointAt` yields: a
 * surrogate pair is one code point, a lone surrogate its own code unit). A page is mostly ASCII markup:
 * ASCII is marked in a table, only the rest goes through a set.
 */
function usedCodePoints(s: string): number[] {
  const ascii = new Uint8Array(128);
  const other = new Set<number>();
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) {
      ascii[c] = 1;
      continue;
    }
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        other.add((c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000);
        i++;
        continue;
      }
    }
    other.add(c);
  }
  const out: number[] = [];
  for (let c = 0; c < 128; c++) if (ascii[c]) out.push(c);
  for (const c of [...other].sort((a, b) => a - b)) out.push(c);
  return out;
}

/**
 * `@font-face` rules for the given packages, with `url()`s rewritten to the asset server
 * (`http://uisynth.local/assets/@fontsource/<pkg>/files/<file>.woff2`) and each rule's
 * `unicode-range` kept. When `usedText` is given, only rules whose range covers at least one of its
 * characters are emitted (the page is static, so nothing else could ever be requested).
 */
export function fontFaceCss(fonts: readonly FontSpec[], usedText?: string): string {
  // the used code points, ascending and distinct: a face is kept when one of them lies in one of its ranges
  const used = usedText === undefined ? null : usedCodePoints(usedText);
  // (and a table of the used code points of the Basic Multilingual Plane: the CJK faces' ranges are
  // mostly single code points, looked up there instead of searched for)
  const bmp = new Uint8Array(used ? 0x10000 : 0);
  if (used) for (const c of used) if (c < 0x10000) bmp[c] = 1;
  /** Some used code point lies in [lo, hi] (a short BMP range: looked up; else binary search for the first one >= lo). */
  const usedIn = (u: readonly number[], lo: number, hi: number): boolean => {
    if (hi < 0x10000 && hi - lo < 16) {
      for (let c = lo; c <= hi; c++) if (bmp[c]) return true;
      return false;
    }
    let a = 0;
    let b = u.length;
    while (a < b) {
      const m = (a + b) >> 1;
      if (u[m]! < lo) a = m + 1;
      else b = m;
    }
    return a < u.length && u[a]! <= hi;
  };
  const out: string[] = [];
  for (const f of fonts) {
    for (const w of f.weights) {
      for (const r of [...readFaces(f.pkg, w), ...(f.italic ? readFaces(f.pkg, w, true) : [])]) {
        if (used) {
          const u = used;
          if (!r.ranges.some(([lo, hi]) => usedIn(u, lo, hi))) continue;
        }
        out.push(r.css);
      }
    }
  }
  return out.join('\n');
}

const iconCache = new Map<string, string>();

/** True when lucide-static ships an icon of that name. */
export function iconExists(name: string): boolean {
  return existsSync(join(NODE_MODULES, 'lucide-static', 'icons', `${name}.svg`));
}

/**
 * A lucide icon as inline SVG markup: licence comment, `xmlns` and the `lucide` classes removed,
 * `data-icon="<name>"` (unless `tagged` is false), `aria-hidden="true"` and `focusable="false"` added. The caller labels the
 * control that holds it (`aria-label`). Throws when the icon does not exist.
 */
export function iconSvg(name: string, size = 16, strokeWidth?: number, cls?: string, tagged = true): string {
  const key = `${name}|${size}|${strokeWidth ?? ''}|${cls ?? ''}|${tagged}`;
  const hit = iconCache.get(key);
  if (hit) return hit;
  const raw = readFileSync(join(NODE_MODULES, 'lucide-static', 'icons', `${name}.svg`), 'utf8');
  let svg = raw
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s+xmlns="[^"]*"/, '')
    .replace(/\s+class="[^"]*"/, '')
    .replace(/\s+width="24"/, ` width="${size}"`)
    .replace(/\s+height="24"/, ` height="${size}"`)
    .replace(/\n\s*/g, ' ')
    .replace(/\s+>/g, '>')
    .replace(/\s*\/>/g, '/>')
    .trim();
  if (strokeWidth !== undefined) svg = svg.replace(/stroke-width="[^"]*"/, `stroke-width="${strokeWidth}"`);
  svg = prescaleIcon(svg, size);
  svg = svg.replace(
    '<svg',
    `<svg${tagged ? ` data-icon="${name}"` : ''} class="ic${cls ? ` ${cls}` : ''}" aria-hidden="true" focusable="false"`,
  );
  iconCache.set(key, svg);
  return svg;
}

/** A number scaled by `k`, at most 4 decimals (1e-4 CSS px), shortest form: the same input gives the same text. */
const scaled = (v: string, k: number): string => String(Number((Number(v) * k).toFixed(4)));

/** Geometry attributes of the shapes lucide icons use, in icon units (the 24-unit grid). */
const SHAPE_ATTRS: Record<string, readonly string[]> = {
  circle: ['cx', 'cy', 'r'],
  ellipse: ['cx', 'cy', 'rx', 'ry'],
  line: ['x1', 'y1', 'x2', 'y2'],
  rect: ['x', 'y', 'width', 'height', 'rx', 'ry'],
};

/**
 * A lucide icon (24-unit `viewBox`) drawn at `size` CSS px with its geometry already in CSS px: every
 * coordinate, radius and the stroke width multiplied by `size / 24` and the `viewBox` set to
 * `0 0 size size`, so the page draws it with no viewBox scale. Why: Chromium's software raster of a
 * stroked curve under a non-identity viewBox scale is not repeatable — the same 14 px magnifying glass
 * at DPR 3 came out as one of two anti-aliasings (41 pixels, channel delta <= 3) from one raster to the
 * next (in about a third of re-rasters of its tile under load, and in 1 of 8-12 identical grounding
 * runs), while the same shape with its geometry pre-scaled gave the same pixels in 96 of 96 re-rasters
 * (issue 15 item 8; test/icon-raster.browser.test.ts). Paths are scaled with svgpath (arcs included).
 * A CSS size other than `size` still scales the drawing through the viewBox.
 */
export function prescaleIcon(svg: string, size: number): string {
  const k = size / 24;
  if (k === 1) return svg;
  const attr = (tag: string, names: readonly string[]): string =>
    tag.replace(new RegExp(`\\s(${names.join('|')})="([^"]*)"`, 'g'), (_m, n: string, v: string) => ` ${n}="${scaled(v, k)}"`);
  return svg
    .replace(/<svg\b[^>]*>/, (root) =>
      root
        .replace(/\sviewBox="0 0 24 24"/, ` viewBox="0 0 ${size} ${size}"`)
        .replace(/\sstroke-width="([^"]*)"/, (_m, v: string) => ` stroke-width="${scaled(v, k)}"`))
    .replace(/<path\b[^>]*>/g, (tag) => tag.replace(/\sd="([^"]*)"/, (_m, d: string) => ` d="${svgpath(d).scale(k).round(4).toString()}"`))
    .replace(/<(circle|ellipse|line|rect)\b[^>]*>/g, (tag, name: string) => attr(tag, SHAPE_ATTRS[name]!))
    .replace(/<(polyline|polygon)\b[^>]*>/g, (tag) =>
      tag.replace(/\spoints="([^"]*)"/, (_m, pts: string) => ` points="${pts.trim().split(/[\s,]+/).map((v) => scaled(v, k)).join(' ')}"`));
}

let env: typeof Handlebars | null = null;

/**
 * The project's Handlebars environment, helpers registered, with the partials of the legacy pages
 * (`templates/legacy/partials/`) and of the screen blocks (`templates/screens/partials/`, `k-<block>`).
 */
export function handlebarsEnv(): typeof Handlebars {
  if (env) return env;
  const hb = Handlebars.create();
  for (const pdir of [join(TEMPLATES_DIR, 'legacy', 'partials'), join(TEMPLATES_DIR, 'screens', 'partials')]) {
    if (!existsSync(pdir)) continue;
    for (const f of readdirSync(pdir).sort()) {
      if (f.endsWith('.hbs')) hb.registerPartial(f.slice(0, -4), readFileSync(join(pdir, f), 'utf8'));
    }
  }
  // {{> (blockPartial this)}}: the partial of a block (`k-<t>`)
  hb.registerHelper('blockPartial', (b: unknown) => `k-${String((b as { t?: unknown })?.t ?? 'html')}`);
  hb.registerHelper('isStr', (v: unknown) => typeof v === 'string');
  hb.registerHelper('concat', (...args: unknown[]) => args.slice(0, -1).map(String).join(''));
  // {{{icon "name" size strokeWidth}}} -> inline SVG
  hb.registerHelper('icon', (name: unknown, ...rest: unknown[]) => {
    const args = rest.slice(0, -1); // last is the Handlebars options object
    const size = typeof args[0] === 'number' ? args[0] : 16;
    const sw = typeof args[1] === 'number' ? args[1] : undefined;
    return new hb.SafeString(iconSvg(String(name), size, sw));
  });
  // {{{glyph "name" size strokeWidth}}} -> inline SVG without data-icon (pure decoration, e.g. a switch's check mark)
  hb.registerHelper('glyph', (name: unknown, ...rest: unknown[]) => {
    const args = rest.slice(0, -1);
    const size = typeof args[0] === 'number' ? args[0] : 16;
    const sw = typeof args[1] === 'number' ? args[1] : undefined;
    return new hb.SafeString(iconSvg(String(name), size, sw, undefined, false));
  });
  hb.registerHelper('eq', (a: unknown, b: unknown) => a === b);
  hb.registerHelper('attrIf', (cond: unknown, attr: unknown) => (cond ? ` ${String(attr)}` : ''));
  env = hb;
  return hb;
}

const compiled = new Map<string, HandlebarsTemplateDelegate>();

/**
 * Render a template with the given view model (compiled once per process). `relPath` is relative to
 * `templates/`, or absolute (user templates next to a scenario file).
 */
export function renderTemplate(relPath: string, view: object): string {
  let t = compiled.get(relPath);
  if (!t) {
    const hb = handlebarsEnv();
    const file = isAbsolute(relPath) ? relPath : join(TEMPLATES_DIR, relPath);
    t = hb.compile(readFileSync(file, 'utf8'), { strict: false, noEscape: false });
    compiled.set(relPath, t);
  }
  return t(view);
}

const cssCache = new Map<string, string>();

/** Read a CSS file under `templates/` (or an absolute path); theme and family styles are inlined into the page. */
export function readTemplateCss(relPath: string): string {
  let c = cssCache.get(relPath);
  if (c === undefined) {
    c = readFileSync(isAbsolute(relPath) ? relPath : join(TEMPLATES_DIR, relPath), 'utf8');
    cssCache.set(relPath, c);
  }
  return c;
}

/**
 * Assemble a complete HTML document: `<head>` (charset, viewport, title, embedded font faces limited to
 * the characters the body uses, theme + family CSS) around an already rendered `<body>`. The root rule
 * defines `--font-stack` (the embedded `fonts`' families, then `sans-serif`) and `--mono-stack`
 * ({@link CODE_FONT}, whose faces are embedded too, then `--font-stack`).
 */
export function buildDocument(opts: {
  lang: string;
  theme: 'light' | 'dark';
  title: string;
  fonts: FontSpec[];
  css: string[];
  body: string;
  bodyClass?: string;
  viewportMeta?: string;
  /** Writing direction (`rtl` for Arabic); default `ltr`. */
  dir?: 'ltr' | 'rtl';
  /** Extra inline CSS appended after the files in `css`. */
  inlineCss?: string;
}): string {
  const fonts = fontFaceCss([...opts.fonts, CODE_FONT], opts.title + opts.body); // markup chars are ASCII: harmless
  // the page's font stack names exactly the embedded families (CSS uses var(--font-stack))
  const familyOf = (f: FontSpec): string | undefined => readFaces(f.pkg, f.weights[0]!)[0]?.family;
  const families = [...new Set(opts.fonts.map(familyOf).filter((x): x is string => !!x))];
  const stack =
    `:root{--font-stack:${[...families.map((f) => `'${f}'`), 'sans-serif'].join(',')};` +
    `--mono-stack:'${familyOf(CODE_FONT)}',var(--font-stack);}`;
  const css = [stack, ...opts.css.map(readTemplateCss), opts.inlineCss ?? ''].join('\n');
  const escTitle = Handlebars.escapeExpression(opts.title);
  return (
    `<!doctype html>\n<html lang="${opts.lang}"${opts.dir === 'rtl' ? ' dir="rtl"' : ''} data-theme="${opts.theme}" style="color-scheme:${opts.theme}">\n<head>\n` +
    `<meta charset="utf-8">\n<meta name="viewport" content="${opts.viewportMeta ?? 'width=device-width, initial-scale=1'}">\n` +
    `<title>${escTitle}</title>\n<style>\n${fonts}\n</style>\n<style>\n${css}\n</style>\n</head>\n` +
    `<body class="${opts.bodyClass ?? ''}">\n${opts.body}\n</body>\n</html>\n`
  );
}
