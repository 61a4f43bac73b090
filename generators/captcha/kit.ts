/**
 * Shared widget frames for the breadth-I engines (catalogue groups A, B, C, H, I): the text-entry
 * frame (picture, input box, verify button), the ordered-click frame (prompt bar with a reference,
 * picture) and the multi-select grid frame (vendor-like header, tiles, submit button), plus the gold
 * solutions and reasoning snippets that go with them.
 *
 * Geometry that decides where targets are (frame layout, tile boxes, button boxes) lives in the
 * engine's latent state, so it is fixed before drawing and validated; only colours, noise and
 * decoration come from the draw rng. All coordinates are puzzle px (x2/y2 exclusive).
 */
import type { Action } from '../../core/actions.js';
import { type Box, boxCenter } from '../../core/geometry.js';
import type { Rng } from '../../core/rng.js';
import { fitSize, textWidth } from '../../renderers/glyphs.js';
import type { CaptchaEngine, CaptchaLocale, Latent, PuzzleSolution, PuzzleStyle, Affine } from './engine.js';
import { IDENTITY_AFFINE } from './engine.js';
import { boxInside, boxRect, boxesOverlap, button, circle, footerIcons, inputField, label, line, n1, path, ptText, rect, regionWord, widgetCard } from './draw.js';

/** A text in both locales. */
export interface Bi {
  en: string;
  zh: string;
}
/** Pick the locale's string. */
export const tr = (b: Bi, locale: CaptchaLocale): string => (locale === 'zh-CN' ? b.zh : b.en);

/** Standard widget width, puzzle px. */
export const FRAME_W = 320;

/** A JSON round trip: drops `undefined`, turns -0 into 0 (latents must equal their stored JSON). */
export const plainJson = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/**
 * The same engine with `sample` normalised through {@link plainJson}, so a latent compares equal to
 * its JSON record (e.g. `Math.round(-0.2)` is -0, which JSON stores as 0).
 */
export function plainSample<L extends Latent>(e: CaptchaEngine<L>): CaptchaEngine<L> {
  return { ...e, sample: (rng, d) => plainJson(e.sample(rng, d)) };
}

// ---------------------------------------------------------------------------------------------
// group A: text entry

/** Layout of a text-entry widget (puzzle px). Part of each group-A latent. */
export interface EntryFrame {
  width: number;
  height: number;
  /** `row`: input and button side by side; `stack`: full-width input above a full-width button. */
  layout: 'row' | 'stack';
  image_box: Box;
  input_box: Box;
  button_box: Box;
}

/** Sample an entry frame with a picture `imageH` px tall (layout chosen by `rng`). */
export function entryFrame(rng: Rng, imageH: number, width = FRAME_W): EntryFrame {
  const layout = rng.bool(0.6) ? 'row' : 'stack';
  const ib = 48 + imageH;
  const image_box: Box = [10, 48, width - 10, ib];
  if (layout === 'row') {
    return { width, height: ib + 66, layout, image_box, input_box: [10, ib + 14, width - 106, ib + 54], button_box: [width - 98, ib + 14, width - 10, ib + 54] };
  }
  return { width, height: ib + 108, layout, image_box, input_box: [10, ib + 12, width - 10, ib + 52], button_box: [10, ib + 60, width - 10, ib + 98] };
}

/** Null when the frame is well formed (boxes inside the widget, no overlaps, input tall enough), else a reason. */
export function checkEntryFrame(f: EntryFrame): string | null {
  const all: Box = [0, 0, f.width, f.height];
  for (const b of [f.image_box, f.input_box, f.button_box]) if (!boxInside(b, all)) return 'frame box outside the widget';
  if (boxesOverlap(f.input_box, f.image_box) || boxesOverlap(f.input_box, f.button_box)) return 'input box overlaps the picture or the button';
  if (f.input_box[3] - f.input_box[1] < 24 || f.input_box[2] - f.input_box[0] < 120) return 'input box too small';
  return null;
}

/**
 * Draw the entry widget around a picture: card, title (localised), refresh/info icons, picture
 * (`pictureSvg`, drawn by the engine inside `f.image_box`), input with placeholder and verify button.
 */
export function drawEntryFrame(style: PuzzleStyle, f: EntryFrame, title: Bi, pictureSvg: string, placeholder?: Bi, titleRoom = 0): string {
  const zh = style.locale === 'zh-CN';
  let s = widgetCard(style, f.width, f.height);
  s += label(style, tr(title, style.locale), 14, 32, 15, style.text, { weight: 700, maxWidth: entryTitleMax(f, titleRoom) });
  s += footerIcons(style, f.width - 52, 26);
  s += pictureSvg;
  s += inputField(style, f.input_box, placeholder ? tr(placeholder, style.locale) : zh ? '请输入答案' : 'Type your answer');
  s += button(style, f.button_box, zh ? '验证' : 'Verify');
  return s;
}

/**
 * Widest the title of an entry frame may be drawn (puzzle px; it is shrunk to fit): the space left of
 * the refresh / info icons, less `room` px kept free after it (e.g. for a colour swatch).
 */
export const entryTitleMax = (f: EntryFrame, room = 0): number => f.width - 76 - room;

/** Gold click in the input box then Type(answer); verifier `text_entry`. */
export function entrySolve(f: EntryFrame, answer: string, validAnswers: string[], caseSensitive: boolean): PuzzleSolution {
  const valid = [answer, ...validAnswers.filter((a) => a !== answer)];
  return {
    actions: [
      { type: 'click', point: boxCenter(f.input_box) },
      { type: 'type', text: answer },
    ],
    verifier: { kind: 'text_entry', input_box: f.input_box, answer, valid_answers: valid, case_sensitive: caseSensitive },
    ordered: true,
  };
}

/** Closing sentence of an entry reasoning: where the input is and what to type. */
export function entryTail(f: EntryFrame, answer: string, locale: CaptchaLocale, m: Affine = IDENTITY_AFFINE): string {
  const at = ptText(m, boxCenter(f.input_box));
  return locale === 'zh-CN' ? `图片下方的输入框位于 ${at}，先点击输入框，再输入 ${answer}。` : `The input box below the picture is at ${at}: click it, then type ${answer}.`;
}

// ---------------------------------------------------------------------------------------------
// groups B, C: ordered click

/** Layout of an ordered-click widget. Part of each B/C latent. */
export interface ClickFrame {
  width: number;
  height: number;
  /** `top`: prompt bar above the picture (GeeTest-like); `bottom`: prompt below it (Tencent-like). */
  prompt: 'top' | 'bottom';
  prompt_box: Box;
  image_box: Box;
}

/** Sample a click frame with a picture `imageH` px tall and a prompt `promptH` px tall. */
export function clickFrame(rng: Rng, imageH: number, width = FRAME_W, promptH = 40): ClickFrame {
  const prompt = rng.bool(0.6) ? 'top' : 'bottom';
  if (prompt === 'top') {
    return { width, height: 14 + promptH + imageH + 28, prompt, prompt_box: [10, 8, width - 10, 8 + promptH], image_box: [10, 14 + promptH, width - 10, 14 + promptH + imageH] };
  }
  return { width, height: 10 + imageH + 8 + promptH + 28, prompt, prompt_box: [10, 10 + imageH + 6, width - 10, 10 + imageH + 6 + promptH], image_box: [10, 10, width - 10, 10 + imageH] };
}

/**
 * Draw the click widget: card, prompt (lead text, then `ref(x, cy)` — the engine's reference strip
 * drawn from x at vertical centre cy, `refW` px wide, returning SVG; pass `refW` 0 and no ref for a
 * text-only prompt), picture, footer icons. The lead shrinks to leave room for the reference.
 */
export function drawClickFrame(
  style: PuzzleStyle,
  f: ClickFrame,
  lead: string,
  ref: ((x: number, cy: number) => string) | null,
  pictureSvg: string,
  refW = 0,
): string {
  let s = widgetCard(style, f.width, f.height);
  const pb = f.prompt_box;
  const cy = (pb[1] + pb[3]) / 2;
  if (f.prompt === 'bottom') s += boxRect(pb, { fill: style.panel, rx: style.radius });
  const maxLead = pb[2] - pb[0] - 12 - (ref ? refW + 8 : 0);
  const size = fitSize(lead, 15, maxLead, { face: style.face, weight: 700 }, 10);
  const lw = textWidth(lead, size, { face: style.face, weight: 700 });
  s += label(style, lead, pb[0] + 6, cy + size * 0.36, size, style.text, { weight: 700 });
  if (ref) s += ref(pb[0] + 6 + lw + 8, cy);
  s += pictureSvg;
  s += footerIcons(style, 12, f.height - 14);
  return s;
}

/** Gold clicks at box centres in order; verifier `click`/`sequence`. */
export function sequenceSolve(boxes: Box[]): PuzzleSolution {
  return {
    actions: boxes.map((b) => ({ type: 'click' as const, point: boxCenter(b) })),
    verifier: { kind: 'click', action: 'click', mode: 'sequence', boxes, submit_box: null, min_duration_ms: null },
    ordered: true,
  };
}

/** "#1 X is at the top left (x, y); #2 ..." for a click order. */
export function orderSteps(parts: Array<{ name: string; box: Box }>, area: Box, locale: CaptchaLocale, m: Affine = IDENTITY_AFFINE): string {
  return parts
    .map((p, i) => {
      const c = boxCenter(p.box);
      const where = regionWord(c[0], c[1], area, locale);
      return locale === 'zh-CN' ? `第${i + 1}个${p.name}在${where} ${ptText(m, c)}` : `#${i + 1} ${p.name} at the ${where} ${ptText(m, c)}`;
    })
    .join(locale === 'zh-CN' ? '；' : '; ');
}

// ---------------------------------------------------------------------------------------------
// group I: multi-select grid + submit

/** Layout of a grid-select widget. Part of each group-I latent. */
export interface GridFrame {
  width: number;
  height: number;
  /** `banner`: accent header band (reCAPTCHA-like); `panel`: prompt panel with an example (hCaptcha-like); `plain`: text header and a full-width confirm button (GeeTest-like). */
  chrome: 'banner' | 'panel' | 'plain';
  rows: number;
  cols: number;
  header_box: Box;
  /** Row-major tile boxes. */
  tiles: Box[];
  submit_box: Box;
}

/** Sample a grid frame: `rows` x `cols` tiles of `tile` px with `gap` px between them. */
export function gridFrame(rng: Rng, rows: number, cols: number, tile: number, gap = 4, chrome?: GridFrame['chrome']): GridFrame {
  const ch = chrome ?? rng.pick(['banner', 'panel', 'plain'] as const);
  const pad = 8;
  const width = 2 * pad + cols * tile + (cols - 1) * gap;
  const headH = ch === 'banner' ? 86 : ch === 'panel' ? 72 : 56;
  const header_box: Box = [pad, pad, width - pad, pad + headH];
  const gy = pad + headH + 8;
  const tiles: Box[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
    const x = pad + c * (tile + gap);
    const y = gy + r * (tile + gap);
    tiles.push([x, y, x + tile, y + tile]);
  }
  const gb = gy + rows * tile + (rows - 1) * gap;
  let submit_box: Box;
  let height: number;
  if (ch === 'plain') {
    submit_box = [pad, gb + 12, width - pad, gb + 52];
    height = gb + 62;
  } else {
    submit_box = [width - pad - 100, gb + 10, width - pad, gb + 48];
    height = gb + 58;
  }
  return { width, height, chrome: ch, rows, cols, header_box, tiles, submit_box };
}

/** Null when the frame is consistent (tiles inside, disjoint, submit clear of tiles), else a reason. */
export function checkGridFrame(f: GridFrame): string | null {
  const all: Box = [0, 0, f.width, f.height];
  if (f.tiles.length !== f.rows * f.cols) return 'tile count does not match the grid';
  for (let i = 0; i < f.tiles.length; i++) {
    const t = f.tiles[i]!;
    if (!boxInside(t, all)) return 'tile outside the widget';
    if (t[2] - t[0] < 40) return 'tile too small';
    for (let j = 0; j < i; j++) if (boxesOverlap(t, f.tiles[j]!)) return 'tiles overlap';
    if (boxesOverlap(t, f.submit_box)) return 'submit button overlaps a tile';
  }
  if (!boxInside(f.submit_box, all)) return 'submit button outside the widget';
  return null;
}

/** What the grid header says. */
export interface GridPrompt {
  /** Small first line, e.g. "Select all images with". */
  lead: string;
  /** Large second line (the target), e.g. "cars". */
  big: string;
  /** Optional third line. */
  note?: string;
  /** Optional example drawn in a square at the header's right (panel chrome) or after the big text. */
  example?: (box: Box) => string;
}

/** Submit button label per chrome and locale. */
function submitLabel(f: GridFrame, zh: boolean): string {
  if (f.chrome === 'banner') return zh ? '验证' : 'VERIFY';
  if (f.chrome === 'panel') return zh ? '提交' : 'Submit';
  return zh ? '确认' : 'Confirm';
}

/**
 * Draw the grid widget: card, `under` (optional SVG drawn right after the card, e.g. one scene behind
 * all tiles), header (per chrome), tiles (`tileSvg[i]` drawn by the engine inside `f.tiles[i]`,
 * clipped to the tile; empty strings draw nothing), footer icons and the submit button.
 */
export function drawGridFrame(
  style: PuzzleStyle,
  f: GridFrame,
  prompt: GridPrompt,
  tileSvg: string[],
  clipIds: { next(): string },
  under = '',
): { body: string; defs: string } {
  const zh = style.locale === 'zh-CN';
  let s = widgetCard(style, f.width, f.height) + under;
  let defs = '';
  const hb = f.header_box;
  const hw = hb[2] - hb[0];
  if (f.chrome === 'banner') {
    s += boxRect(hb, { fill: style.accent, rx: Math.min(style.radius, 4) });
    const tw = hw - (prompt.example ? 92 : 32);
    s += label(style, prompt.lead, hb[0] + 16, hb[1] + 24, 13, style.onAccent, { maxWidth: tw });
    s += label(style, prompt.big, hb[0] + 16, hb[1] + 52, 24, style.onAccent, { weight: 700, maxWidth: tw });
    if (prompt.note) s += label(style, prompt.note, hb[0] + 16, hb[1] + 74, 11.5, style.onAccent, { maxWidth: tw });
    if (prompt.example) s += prompt.example([hb[2] - 70, hb[1] + 12, hb[2] - 12, hb[1] + 70]);
  } else if (f.chrome === 'panel') {
    s += boxRect(hb, { fill: style.panel, rx: style.radius });
    const exW = prompt.example ? 64 : 0;
    s += label(style, prompt.lead, hb[0] + 12, hb[1] + 24, 13, style.subtext, { maxWidth: hw - 24 - exW });
    s += label(style, prompt.big, hb[0] + 12, hb[1] + 50, 21, style.text, { weight: 700, maxWidth: hw - 24 - exW });
    if (prompt.note) s += label(style, prompt.note, hb[0] + 12, hb[1] + 66, 10.5, style.subtext, { maxWidth: hw - 24 - exW });
    if (prompt.example) s += prompt.example([hb[2] - 62, hb[1] + 6, hb[2] - 6, hb[1] + 62]);
  } else {
    s += label(style, prompt.lead, hb[0] + 4, hb[1] + 20, 13, style.subtext, { maxWidth: hw - (prompt.example ? 60 : 8) });
    s += label(style, prompt.big, hb[0] + 4, hb[1] + 46, 20, style.text, { weight: 700, maxWidth: hw - (prompt.example ? 60 : 8) });
    if (prompt.example) s += prompt.example([hb[2] - 50, hb[1] + 2, hb[2] - 2, hb[1] + 50]);
  }
  f.tiles.forEach((t, i) => {
    if (!tileSvg[i]) return;
    const id = clipIds.next();
    defs += `<clipPath id="${id}"><rect x="${t[0]}" y="${t[1]}" width="${t[2] - t[0]}" height="${t[3] - t[1]}"/></clipPath>`;
    s += `<g clip-path="url(#${id})">${tileSvg[i] ?? ''}</g>`;
  });
  if (f.chrome !== 'plain') {
    s += line(8, f.submit_box[1] - 6, f.width - 8, f.submit_box[1] - 6, style.border, 1);
    s += footerIcons(style, 10, (f.submit_box[1] + f.submit_box[3]) / 2);
  }
  s += button(style, f.submit_box, submitLabel(f, zh), 14);
  return { body: s, defs };
}

/** Gold clicks on the target tiles (row-major), then the submit button; verifier `click`/`set` + `submit_box`. */
export function setSolve(boxes: Box[], submit: Box): PuzzleSolution {
  const actions: Action[] = [...boxes.map((b) => ({ type: 'click' as const, point: boxCenter(b) })), { type: 'click', point: boxCenter(submit) }];
  return {
    actions,
    verifier: { kind: 'click', action: 'click', mode: 'set', boxes, submit_box: submit, min_duration_ms: null },
    ordered: false,
  };
}

/** "row 2, column 3 (x, y)" list of tiles and the submit sentence. */
export function gridSteps(f: GridFrame, idx: number[], locale: CaptchaLocale, m: Affine = IDENTITY_AFFINE): string {
  const zh = locale === 'zh-CN';
  const parts = idx.map((i) => {
    const r = Math.floor(i / f.cols) + 1;
    const c = (i % f.cols) + 1;
    const at = ptText(m, boxCenter(f.tiles[i]!));
    return zh ? `第${r}行第${c}列 ${at}` : `row ${r}, column ${c} ${at}`;
  });
  const sub = ptText(m, boxCenter(f.submit_box));
  return zh
    ? `需要选中 ${idx.length} 格：${parts.join('、')}。逐个点击后，再点击 ${sub} 处的提交按钮。`
    : `That is ${idx.length} tile${idx.length === 1 ? '' : 's'}: ${parts.join('; ')}. Click each of them, then the submit button at ${sub}.`;
}

// ---------------------------------------------------------------------------------------------
// colours with names

/** A nameable colour: prompts and reasoning say its name. */
export interface NamedColor {
  key: string;
  en: string;
  zh: string;
  /** Fill on light backgrounds. */
  hex: string;
  /** Hue in degrees (for distance knobs); -1 for neutral colours. */
  hue: number;
}

/** Colours a reader names the same way (no two within 25° of hue unless lightness tells them apart). */
export const NAMED_COLORS: readonly NamedColor[] = [
  { key: 'red', en: 'red', zh: '红色', hex: '#e02424', hue: 0 },
  { key: 'orange', en: 'orange', zh: '橙色', hex: '#f27b0c', hue: 28 },
  { key: 'yellow', en: 'yellow', zh: '黄色', hex: '#e8c200', hue: 52 },
  { key: 'green', en: 'green', zh: '绿色', hex: '#1f9d3a', hue: 130 },
  { key: 'cyan', en: 'cyan', zh: '青色', hex: '#0fb5c9', hue: 187 },
  { key: 'blue', en: 'blue', zh: '蓝色', hex: '#1f5fe0', hue: 222 },
  { key: 'purple', en: 'purple', zh: '紫色', hex: '#8b2fd6', hue: 275 },
  { key: 'pink', en: 'pink', zh: '粉色', hex: '#ec4fa3', hue: 325 },
  { key: 'brown', en: 'brown', zh: '棕色', hex: '#8a5a2b', hue: -1 },
  { key: 'black', en: 'black', zh: '黑色', hex: '#1c1c1c', hue: -1 },
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

/** English list "a, b and c". */
export function listEn(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return items.slice(0, -1).join(', ') + ' and ' + items[items.length - 1];
}

/** Ordinal "1st", "2nd", "3rd", "4th", ... */
export function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${s}`;
}

/** A soft drop shadow under a point-like item (used by several pictures). */
export function dropShadow(cx: number, cy: number, r: number): string {
  return circle(cx + 1.5, cy + 2, r, { fill: 'rgba(0,0,0,0.25)' });
}

/** Plain picture panel with a faint grid or dots, for puzzles whose content must stay uncluttered. */
export function plainPicture(rng: Rng, box: Box, style: PuzzleStyle, kind?: 'grid' | 'dots' | 'none'): string {
  const light = style.theme === 'light';
  const bg = light ? rng.pick(['#f7f8fa', '#fbfaf6', '#f4f7fb', '#f6fbf7']) : rng.pick(['#23262d', '#1f2430', '#262329']);
  const ink = light ? 'rgba(0,0,0,0.07)' : 'rgba(255,255,255,0.07)';
  let s = boxRect(box, { fill: bg, stroke: style.border, sw: 1, rx: 3 });
  const k = kind ?? rng.pick(['grid', 'dots', 'none'] as const);
  if (k === 'grid') {
    let d = '';
    for (let x = box[0] + 20; x < box[2]; x += 20) d += `M${n1(x)} ${n1(box[1] + 1)}L${n1(x)} ${n1(box[3] - 1)}`;
    for (let y = box[1] + 20; y < box[3]; y += 20) d += `M${n1(box[0] + 1)} ${n1(y)}L${n1(box[2] - 1)} ${n1(y)}`;
    s += path(d, { stroke: ink, sw: 1 });
  } else if (k === 'dots') {
    for (let x = box[0] + 12; x < box[2]; x += 16) for (let y = box[1] + 12; y < box[3]; y += 16) s += circle(x, y, 0.9, { fill: ink });
  }
  return s;
}

/**
 * A light "photo" backdrop for one grid tile: a two-stop gradient, one soft hill and fine noise.
 * Returns `{defs, body}` (gradient ids from `ids`).
 */
export function tileBackdrop(rng: Rng, box: Box, ids: { next(): string }, hue: number, dark = false): { defs: string; body: string } {
  const g = ids.next();
  const [x1, y1, x2, y2] = box;
  const w = x2 - x1;
  const h = y2 - y1;
  const l1 = dark ? 24 : 88;
  const l2 = dark ? 16 : 74;
  const defs = `<linearGradient id="${g}" x1="0" y1="0" x2="${n1(rng.float(0, 0.5))}" y2="1"><stop offset="0" stop-color="hsl(${Math.round(hue)},${Math.round(rng.float(25, 50))}%,${l1}%)"/><stop offset="1" stop-color="hsl(${Math.round(hue + rng.int(20, 60))},${Math.round(rng.float(20, 45))}%,${l2}%)"/></linearGradient>`;
  let body = rect(x1, y1, w, h, { fill: `url(#${g})` });
  const base = y1 + h * rng.float(0.6, 0.85);
  const amp = h * rng.float(0.05, 0.15);
  const ph = rng.float(0, 6.28);
  let d = `M${n1(x1)} ${n1(y2)}`;
  for (let i = 0; i <= 8; i++) d += `L${n1(x1 + (w * i) / 8)} ${n1(base - amp * Math.sin(ph + i * 0.8))}`;
  d += `L${n1(x2)} ${n1(y2)}Z`;
  body += path(d, { fill: `hsl(${Math.round(hue + rng.int(60, 140))},${Math.round(rng.float(20, 45))}%,${dark ? 22 : 62}%)`, opacity: 0.55 });
  for (let i = 0; i < 10; i++) body += circle(rng.float(x1, x2), rng.float(y1, y2), rng.float(0.6, 1.4), { fill: dark ? '#ffffff' : '#000000', opacity: 0.12 });
  return { defs, body };
}

/** Plain tile background for glyph and shape tiles: flat tone, faint border, a few specks. */
export function plainTile(rng: Rng, b: Box, style: PuzzleStyle, tone?: string): string {
  const light = style.theme === 'light';
  const s = b[2] - b[0];
  let t = rect(b[0], b[1], s, b[3] - b[1], { fill: tone ?? (light ? rng.pick(['#f4f5f7', '#f7f4ee', '#eef3f7', '#f3f7ef']) : rng.pick(['#2a2d33', '#2d2a30', '#262c2f'])) });
  for (let j = 0; j < 6; j++) t += circle(rng.float(b[0], b[2]), rng.float(b[1], b[3]), rng.float(0.5, 1.2), { fill: light ? '#000000' : '#ffffff', opacity: 0.12 });
  return t;
}
