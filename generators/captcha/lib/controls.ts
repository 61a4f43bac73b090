/**
 * Widget controls: the card with a bold prompt line, content tiles, arrow / rotate glyph buttons,
 * the submit button, selection frames and dot markers. Glyph paths only (draw.ts `label`). Puzzle px.
 */
import type { PuzzleStyle } from '../engine.js';
import { boxRect, button, circle, footerIcons, label, path, widgetCard } from './draw.js';
import type { Box, Point } from '../../../core/geometry.js';
import { polyD, rad, rotAbout } from './geometry.js';
import { type CaptchaLocale, type LocaleText, quoteLabel, say } from './i18n.js';

/**
 * Widget card with a bold prompt line at the top (shrunk to fit) and refresh / info icons at the
 * top right. `title` may be two lines (`\n`): the second line is drawn smaller.
 */
export function chrome(style: PuzzleStyle, w: number, h: number, title: string, size = 14): string {
  const [a, b] = title.split('\n');
  let s = widgetCard(style, w, h);
  s += label(style, a!, 14, 28, size, style.text, { weight: 700, maxWidth: w - 70 });
  if (b) s += label(style, b, 14, 46, size - 2, style.subtext, { maxWidth: w - 28 });
  s += footerIcons(style, w - 48, 22);
  return s;
}

/** A light (or dark) content tile with the style's border. */
export function tile(style: PuzzleStyle, b: Box, fill?: string): string {
  return boxRect(b, { fill: fill ?? (style.theme === 'light' ? '#ffffff' : '#1b1e24'), stroke: style.border, sw: 1, rx: Math.min(style.radius, 8) });
}

/** Direction of an arrow button. */
export type ArrowDir = 'left' | 'right' | 'up' | 'down';

/** A solid arrow (shaft + head) centred at (cx, cy), half-length r, pointing `dir`. */
export function arrowGlyph(cx: number, cy: number, r: number, dir: ArrowDir, color: string): string {
  const deg = { right: 0, down: 90, left: 180, up: 270 }[dir];
  const pts: Array<[number, number]> = [
    [-r, -0.18 * r], [0.15 * r, -0.18 * r], [0.15 * r, -0.6 * r], [r, 0], [0.15 * r, 0.6 * r], [0.15 * r, 0.18 * r], [-r, 0.18 * r],
  ];
  return path(polyD(pts.map(([x, y]) => rotAbout(0, 0, x, y, deg)).map(([x, y]) => [cx + x, cy + y] as [number, number])), { fill: color });
}

/** A circular arrow (rotate button glyph) centred at (cx, cy), radius r; clockwise when `cw`. */
export function rotateGlyph(cx: number, cy: number, r: number, cw: boolean, color: string): string {
  const a0 = rad(-60);
  const a1 = rad(200);
  const steps = 18;
  const pts: Array<[number, number]> = [];
  for (let i = 0; i <= steps; i++) {
    const a = a0 + ((a1 - a0) * i) / steps;
    pts.push([cx + (cw ? 1 : -1) * r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  const end = pts[pts.length - 1]!;
  const prev = pts[pts.length - 2]!;
  const dx = end[0] - prev[0];
  const dy = end[1] - prev[1];
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const hs = r * 0.55;
  const tip: [number, number] = [end[0] + ux * hs * 0.9, end[1] + uy * hs * 0.9];
  const head = polyD([tip, [end[0] - uy * hs * 0.75, end[1] + ux * hs * 0.75], [end[0] + uy * hs * 0.75, end[1] - ux * hs * 0.75]]);
  return path(polyD(pts, false), { stroke: color, sw: Math.max(1.6, r * 0.26), extra: 'stroke-linecap="round"' }) + path(head, { fill: color });
}

/** Square-ish button with a glyph inside; `disabled` greys it out. */
export function glyphButton(style: PuzzleStyle, b: Box, glyph: (cx: number, cy: number, r: number, color: string) => string, disabled = false): string {
  const [cx, cy] = [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];
  const r = Math.min(b[2] - b[0], b[3] - b[1]) * 0.3;
  return (
    boxRect(b, { fill: style.panel, stroke: style.border, sw: 1.2, rx: Math.min(style.radius + 2, (b[3] - b[1]) / 2) }) +
    glyph(cx, cy, r, disabled ? style.border : style.text)
  );
}

/**
 * THE labels of submit buttons, one per kind: `verify` (reCAPTCHA-like banner grids), `submit`,
 * `confirm` (GeeTest-like plain grids). Drawn in English and Chinese only (a widget in another locale
 * draws the English label, like its header), so instructions quote them through {@link submitName}.
 */
export const SUBMIT_LABELS = {
  verify: { en: 'VERIFY', zh: '验证' },
  submit: { en: 'Submit', zh: '提交' },
  confirm: { en: 'Confirm', zh: '确认' },
} as const satisfies Record<string, LocaleText>;
export type SubmitKind = keyof typeof SUBMIT_LABELS;
/** The label a submit button of `kind` shows in a widget drawn in locale `widget`. */
export const submitLabel = (kind: SubmitKind, widget: CaptchaLocale): string => say(widget, SUBMIT_LABELS[kind]);
/** How text in `locale` names a submit button of `kind` drawn in a `widget` widget: its label, quoted (`“Confirm”`). */
export const submitName = (kind: SubmitKind, locale: CaptchaLocale, widget: CaptchaLocale = locale): string => quoteLabel(locale, submitLabel(kind, widget));

/** The submit button ("Submit" / "提交") at `b`. */
export function submitButton(style: PuzzleStyle, b: Box): string {
  return button(style, b, submitLabel('submit', style.locale), 14);
}

/** A thick accent frame around a selected option. */
export function selectionFrame(style: PuzzleStyle, b: Box): string {
  return boxRect([b[0] - 3, b[1] - 3, b[2] + 3, b[3] + 3], { stroke: style.accent, sw: 3, rx: Math.min(style.radius + 3, 10) });
}

/** Small dot marker (used to show a selected handle or point). */
export const dot = (p: Point, r: number, fill: string): string => circle(p[0], p[1], r, { fill });
