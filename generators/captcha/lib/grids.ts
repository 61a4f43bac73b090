/**
 * Grids of cells: the multi-select grid frame (vendor-like header, tiles, submit button), plain
 * cell grids and Set+Submit layouts, and the words that name a cell ("row 2, column 3"). Puzzle px.
 */
import { type Box, boxCenter } from '../../../core/geometry.js';
import type { Rng } from '../../../core/rng.js';
import { boxesOverlap, boxInside, boxRect, button, footerIcons, label, line, ptText, widgetCard } from './draw.js';
import { type Affine, type CaptchaLocale, IDENTITY_AFFINE, type PuzzleStyle } from '../engine.js';
import { say } from './i18n.js';
import { type SubmitKind, submitLabel, submitName } from './controls.js';

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

/** The kind of submit button (lib/controls.ts SUBMIT_LABELS) each chrome draws: VERIFY, Submit, Confirm. */
export function gridSubmitKind(f: GridFrame): SubmitKind {
  return f.chrome === 'banner' ? 'verify' : f.chrome === 'panel' ? 'submit' : 'confirm';
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
  s += button(style, f.submit_box, submitLabel(gridSubmitKind(f), style.locale), 14);
  return { body: s, defs };
}

/** "row 2, column 3 (x, y)" list of tiles and the submit sentence, naming the button as drawn in a `widget` widget. */
export function gridSteps(f: GridFrame, idx: number[], locale: CaptchaLocale, m: Affine = IDENTITY_AFFINE, widget: CaptchaLocale = locale): string {
  const name = submitName(gridSubmitKind(f), locale, widget);
  const parts = idx.map((i) => {
    const r = Math.floor(i / f.cols) + 1;
    const c = (i % f.cols) + 1;
    const at = ptText(m, boxCenter(f.tiles[i]!));
    return `${cellWords(i, f.cols, locale)} ${at}`;
  });
  const sub = ptText(m, boxCenter(f.submit_box));
  const n = idx.length;
  return say(locale, {
    en: `That is ${n} tile${n === 1 ? '' : 's'}: ${parts.join('; ')}. Click each of them, then ${name} at ${sub}.`,
    zh: `需要选中 ${n} 格：${parts.join('、')}。逐个点击后，再点击 ${sub} 处的${name}按钮。`,
    ja: `該当するのは ${n} マス：${parts.join('、')}。それぞれをクリックしてから、${sub} の${name}をクリックします。`,
    de: `Das ${n === 1 ? 'ist 1 Kachel' : `sind ${n} Kacheln`}: ${parts.join('; ')}. Klicken Sie jede davon an und dann bei ${sub} auf ${name}.`,
    es: `${n === 1 ? 'Es 1 casilla' : `Son ${n} casillas`}: ${parts.join('; ')}. Haz clic en cada una y por último en ${name}, en ${sub}.`,
    fr: `Cela fait ${n} case${n === 1 ? '' : 's'} : ${parts.join(' ; ')}. Cliquez sur chacune, puis sur ${name} à ${sub}.`,
    ar: `المربعات المطلوبة (${n}): ${parts.join('؛ ')}. انقر على كل منها، ثم على ${name} عند ${sub}.`,
  });
}

/**
 * `rows` x `cols` cell boxes (row-major) filling `area` with `gap` px between cells, integer px.
 */
export function gridBoxes(area: Box, rows: number, cols: number, gap: number): Box[] {
  const cw = (area[2] - area[0] - gap * (cols - 1)) / cols;
  const ch = (area[3] - area[1] - gap * (rows - 1)) / rows;
  const out: Box[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      out.push([
        Math.round(area[0] + c * (cw + gap)),
        Math.round(area[1] + r * (ch + gap)),
        Math.round(area[0] + c * (cw + gap) + cw),
        Math.round(area[1] + r * (ch + gap) + ch),
      ]);
  return out;
}

/** Row / column words for a cell index. */
export function cellWords(i: number, cols: number, locale: CaptchaLocale): string {
  const r = Math.floor(i / cols) + 1;
  const c = (i % cols) + 1;
  return say(locale, { en: `row ${r}, column ${c}`, zh: `第${r}行第${c}列`, ja: `${r}行${c}列`, de: `Zeile ${r}, Spalte ${c}`, es: `fila ${r}, columna ${c}`, fr: `ligne ${r}, colonne ${c}`, ar: `الصف ${r}، العمود ${c}` });
}

/** A Set+Submit grid: `rows` x `cols` square cells of side `cell` from y = `top`, and a full-width submit button below. */
export function selectLayout(rows: number, cols: number, top: number, cell: number, gap: number, width: number): { cells: Box[]; submit: Box; height: number } {
  const gw = cols * cell + (cols - 1) * gap;
  const x0 = Math.round((width - gw) / 2);
  const area: Box = [x0, top, x0 + gw, top + rows * cell + (rows - 1) * gap];
  const submit: Box = [14, area[3] + 10, width - 14, area[3] + 46];
  return { cells: gridBoxes(area, rows, cols, gap), submit, height: submit[3] + 12 };
}
