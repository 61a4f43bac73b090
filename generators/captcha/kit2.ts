/**
 * Shared building blocks of the "CAPTCHA breadth II" engines (groups D, E, F, G, J): widget chrome,
 * cell grids, arrow / rotate buttons, the option pager used by Arrows×k+Submit puzzles, solution
 * builders for the verifier kinds, and small geometry helpers (rotation baked into coordinates,
 * polygons, point-in-polygon, polygon area).
 *
 * All coordinates are **puzzle px** (the widget's SVG user space). Nothing here writes `<text>`, ids,
 * titles or `transform`; text is drawn as glyph paths through draw.ts `label`.
 */
import type { Box, Point } from '../../core/geometry.js';
import { boxCenter } from '../../core/geometry.js';
import type { Rng } from '../../core/rng.js';
import type { CaptchaLocale, PuzzleSolution, PuzzleStyle } from './engine.js';
import { boxRect, button, circle, footerIcons, label, line, n1, path, sliderTrack, widgetCard } from './draw.js';
import { charAdvance, glyphAt } from '../../renderers/glyphs.js';

/** Pick the text of a locale. */
export const L = (locale: CaptchaLocale, en: string, zh: string): string => (locale === 'zh-CN' ? zh : en);

/** Degrees → radians. */
export const rad = (deg: number): number => (deg * Math.PI) / 180;

/** Rotate point (x, y) about (cx, cy) by `deg` degrees clockwise (SVG y-down), puzzle px. */
export function rotAbout(cx: number, cy: number, x: number, y: number, deg: number): Point {
  const a = rad(deg);
  const dx = x - cx;
  const dy = y - cy;
  return [cx + dx * Math.cos(a) - dy * Math.sin(a), cy + dx * Math.sin(a) + dy * Math.cos(a)];
}

/** Polygon path data (`M…L…Z`), 1-decimal coordinates. */
export function polyD(pts: ReadonlyArray<readonly [number, number]>, close = true): string {
  return pts.map((p, i) => `${i ? 'L' : 'M'}${n1(p[0])} ${n1(p[1])}`).join('') + (close ? 'Z' : '');
}

/** Signed area of a polygon (positive when clockwise on screen, y down), px². */
export function polyArea(pts: ReadonlyArray<readonly [number, number]>): number {
  let a = 0;
  for (let i = 0; i < pts.length; i++) {
    const p = pts[i]!;
    const q = pts[(i + 1) % pts.length]!;
    a += p[0] * q[1] - q[0] * p[1];
  }
  return a / 2;
}

/** Even-odd point-in-polygon test. */
export function inPoly(x: number, y: number, pts: ReadonlyArray<readonly [number, number]>): boolean {
  let inside = false;
  for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
    const [xi, yi] = pts[i]!;
    const [xj, yj] = pts[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Bounding box (floats) of points. */
export function ptsBox(pts: ReadonlyArray<readonly [number, number]>): [number, number, number, number] {
  let x1 = Infinity, y1 = Infinity, x2 = -Infinity, y2 = -Infinity;
  for (const [x, y] of pts) {
    x1 = Math.min(x1, x); y1 = Math.min(y1, y); x2 = Math.max(x2, x); y2 = Math.max(y2, y);
  }
  return [x1, y1, x2, y2];
}

/** Integer box around (cx, cy) with half-size `r` (x2/y2 exclusive). */
export const boxAround = (cx: number, cy: number, r: number): Box => [Math.floor(cx - r), Math.floor(cy - r), Math.ceil(cx + r), Math.ceil(cy + r)];

/** Shrink a box by `d` px on every side. */
export const shrink = (b: Box, d: number): Box => [b[0] + d, b[1] + d, b[2] - d, b[3] - d];

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

/** The submit button ("Submit" / "提交") at `b`. */
export function submitButton(style: PuzzleStyle, b: Box): string {
  return button(style, b, style.locale === 'zh-CN' ? '提交' : 'Submit', 14);
}

/** A thick accent frame around a selected option. */
export function selectionFrame(style: PuzzleStyle, b: Box): string {
  return boxRect([b[0] - 3, b[1] - 3, b[2] + 3, b[3] + 3], { stroke: style.accent, sw: 3, rx: Math.min(style.radius + 3, 10) });
}

// ---------------------------------------------------------------------------------------------
// solutions

/** One click in any of `boxes` (gold: centre of the first). Verifier `click` / `any`. */
export function clickAny(boxes: Box[]): PuzzleSolution {
  return {
    actions: [{ type: 'click', point: boxCenter(boxes[0]!) }],
    verifier: { kind: 'click', action: 'click', mode: 'any', boxes, submit_box: null, min_duration_ms: null },
    ordered: false,
  };
}

/** Click every box once in any order, then submit. Verifier `click` / `set` + `submit_box`. */
export function clickSetSubmit(boxes: Box[], submit: Box): PuzzleSolution {
  return {
    actions: [...boxes.map((b) => ({ type: 'click' as const, point: boxCenter(b) })), { type: 'click', point: boxCenter(submit) }],
    verifier: { kind: 'click', action: 'click', mode: 'set', boxes, submit_box: submit, min_duration_ms: null },
    ordered: false,
  };
}

/**
 * Click the boxes in this order (boxes may repeat: Arrows×k+Submit is the arrow's box k times), then
 * the submit button when given. Verifier `click` / `sequence`.
 */
export function clickSequence(boxes: Box[], submit: Box | null): PuzzleSolution {
  return {
    actions: [...boxes.map((b) => ({ type: 'click' as const, point: boxCenter(b) })), ...(submit ? [{ type: 'click' as const, point: boxCenter(submit) }] : [])],
    verifier: { kind: 'click', action: 'click', mode: 'sequence', boxes, submit_box: submit, min_duration_ms: null },
    ordered: true,
  };
}

/**
 * Free 2D drags: each item's handle dragged from its centre to its target's centre. Verifier `drags`
 * (`count` drags; `alternatives` lists further items any of which may be used instead).
 */
export function dragsSolution(items: Array<{ handle_box: Box; target_box: Box }>, opts: { count?: number; ordered?: boolean } = {}): PuzzleSolution {
  const count = opts.count ?? items.length;
  return {
    actions: items.slice(0, count).map((it) => ({ type: 'drag' as const, start: boxCenter(it.handle_box), end: boxCenter(it.target_box) })),
    verifier: { kind: 'drags', items, count, ordered: opts.ordered ?? false },
    ordered: opts.ordered ?? false,
  };
}

/**
 * A horizontal slider drag (VenusBench-CAPTCHA rule): start at the handle centre, end `dx` px to the
 * side. `tolPx` is the accepted absolute error (puzzle px), recorded as a relative tolerance (rounded
 * up to 4 decimals).
 */
export function sliderSolution(handle: Box, track: Box, dx: number, tolPx: number): PuzzleSolution {
  const start = boxCenter(handle);
  return {
    actions: [{ type: 'drag', start, end: [start[0] + Math.round(dx), start[1]] }],
    verifier: {
      kind: 'drag',
      handle_box: handle,
      track_box: track,
      expected_dx: Math.round(dx * 1000) / 1000,
      // rounded up to 4 decimals, so that a drag exactly tolPx off is still accepted
      rel_tolerance: Math.ceil((tolPx / Math.abs(dx)) * 10000 - 1e-9) / 10000,
      max_dy: 5,
    },
    ordered: true,
  };
}

// ---------------------------------------------------------------------------------------------
// option pager (Arrows×k+Submit over options that are all visible)

/** Geometry of an option pager: option boxes, the two arrow buttons and the submit button. */
export interface PagerLayout {
  options: Box[];
  left: Box;
  right: Box;
  submit: Box;
}

/**
 * Lay out `n` options in `rows` rows inside `area`, and a control row (← page →, submit) of height
 * 36 px at `controlsY`.
 */
export function pagerLayout(area: Box, n: number, rows: number, controlsY: number, width: number): PagerLayout {
  const cols = Math.ceil(n / rows);
  const options = gridBoxes(area, rows, cols, 10).slice(0, n);
  return {
    options,
    left: [14, controlsY, 54, controlsY + 36],
    right: [126, controlsY, 166, controlsY + 36],
    submit: [width - 104, controlsY, width - 14, controlsY + 36],
  };
}

/**
 * Draw the pager controls: arrows (the one that cannot move further is greyed), a `cursor+1 / n`
 * counter between them, the selection frame on the current option and the submit button.
 */
export function pagerControls(style: PuzzleStyle, lay: PagerLayout, cursor: number): string {
  const n = lay.options.length;
  let s = '';
  s += glyphButton(style, lay.left, (cx, cy, r, c) => arrowGlyph(cx, cy, r, 'left', c), cursor === 0);
  s += glyphButton(style, lay.right, (cx, cy, r, c) => arrowGlyph(cx, cy, r, 'right', c), cursor === n - 1);
  const mid = (lay.left[2] + lay.right[0]) / 2;
  s += label(style, `${cursor + 1} / ${n}`, mid, lay.left[1] + 23, 14, style.subtext, { anchor: 'middle' });
  s += selectionFrame(style, lay.options[cursor]!);
  s += submitButton(style, lay.submit);
  return s;
}

/**
 * Arrows×k+Submit scored by its end state (verifier `presses`, score/scorer.ts): `buttons` move a cell
 * cursor in a `grid` of [cols, rows] from `start`; any press sequence ending on a `goals` cell, then
 * one click on `submit`, is right. The gold actions are the `gold` button presses (indices into
 * `buttons`, normally the shortest sequence) then submit.
 */
export function pressesSolution(opts: {
  buttons: Array<{ box: Box; move: [number, number] }>;
  grid: [number, number];
  start: [number, number];
  goals: Array<[number, number]>;
  edge: 'clamp' | 'wrap';
  open?: number[] | null;
  submit: Box;
  gold: number[];
}): PuzzleSolution {
  return {
    actions: [...opts.gold.map((b) => ({ type: 'click' as const, point: boxCenter(opts.buttons[b]!.box) })), { type: 'click', point: boxCenter(opts.submit) }],
    verifier: {
      kind: 'presses',
      boxes: opts.buttons.map((b) => b.box),
      moves: opts.buttons.map((b) => b.move),
      grid: opts.grid,
      start: opts.start,
      goals: opts.goals,
      edge: opts.edge,
      open: opts.open ?? null,
      submit_box: opts.submit,
    },
    ordered: true,
  };
}

/**
 * Arrows×k+Submit gold for a pager: `|target - cursor|` presses of → (or ←), then submit; verifier
 * `presses` over the options (a 1-row grid, arrows greyed at the ends), so any press sequence that
 * leaves the frame on the answer is right.
 */
export function pagerSolution(lay: PagerLayout, cursor: number, target: number): PuzzleSolution {
  const k = Math.abs(target - cursor);
  return pressesSolution({
    buttons: [{ box: lay.left, move: [-1, 0] }, { box: lay.right, move: [1, 0] }],
    grid: [lay.options.length, 1],
    start: [cursor, 0],
    goals: [[target, 0]],
    edge: 'clamp',
    submit: lay.submit,
    gold: Array.from({ length: k }, () => (target > cursor ? 1 : 0)),
  });
}

/** Reasoning sentence for a pager move (what to press how often), both locales. */
export function pagerMoveText(locale: CaptchaLocale, cursor: number, target: number, at: { arrow: string; submit: string }): string {
  const k = Math.abs(target - cursor);
  const right = target > cursor;
  if (locale === 'zh-CN')
    return `当前选中第 ${cursor + 1} 项，目标是第 ${target + 1} 项，所以点击${right ? '右' : '左'}箭头 ${at.arrow} ${k} 次，再点击提交 ${at.submit}。`;
  return `The frame is on option ${cursor + 1} and the answer is option ${target + 1}, so press the ${right ? 'right' : 'left'} arrow at ${at.arrow} ${k} time${k > 1 ? 's' : ''}, then Submit at ${at.submit}.`;
}

/** Pager validity: the cursor is a valid option and differs from the target. */
export function pagerInvalid(n: number, cursor: number, target: number): string | null {
  if (cursor < 0 || cursor >= n || target < 0 || target >= n) return 'cursor or target outside the options';
  if (cursor === target) return 'cursor already on the answer (no arrow press)';
  return null;
}

/** Row / column words for a cell index. */
export function cellWords(i: number, cols: number, locale: CaptchaLocale): string {
  const r = Math.floor(i / cols) + 1;
  const c = (i % cols) + 1;
  return locale === 'zh-CN' ? `第${r}行第${c}列` : `row ${r}, column ${c}`;
}

/** Ordinal option words ("option 3" / "第3个"). */
export const optWord = (i: number, locale: CaptchaLocale): string => (locale === 'zh-CN' ? `第${i + 1}个` : `option ${i + 1}`);

/** Distinct, well-separated hues (degrees) for `k` colours. */
export function spreadHues(rng: Rng, k: number): number[] {
  const base = rng.int(0, 359);
  return Array.from({ length: k }, (_, i) => (base + Math.round((360 * i) / k) + rng.int(-8, 8) + 360) % 360);
}

/** Named colours used where the instruction names a colour (en, zh, CSS fill). */
export const NAMED_COLORS: ReadonlyArray<{ en: string; zh: string; fill: string }> = [
  { en: 'red', zh: '红色', fill: '#e53935' },
  { en: 'blue', zh: '蓝色', fill: '#1e6fe0' },
  { en: 'green', zh: '绿色', fill: '#2e9d4a' },
  { en: 'yellow', zh: '黄色', fill: '#f2c318' },
  { en: 'purple', zh: '紫色', fill: '#8e44c8' },
  { en: 'orange', zh: '橙色', fill: '#f07d1a' },
];

/** Small dot marker (used to show a selected handle or point). */
export const dot = (p: Point, r: number, fill: string): string => circle(p[0], p[1], r, { fill });

/**
 * Gold and verifier of a rotation slider: moving the handle right by x px turns the picture clockwise
 * by `x * degPerPx` degrees (the mapping is stored in the latent), so the answer is
 * `dx = needed / degPerPx`, accepted within `tolDeg` degrees (relative tolerance tolDeg / needed).
 */
export function rotationDrag(handle: Box, track: Box, neededDeg: number, degPerPx: number, tolDeg: number): PuzzleSolution {
  return sliderSolution(handle, track, neededDeg / degPerPx, tolDeg / degPerPx);
}

/**
 * The track of a rotation slider with its drag→angle scale drawn on it, so that a one-shot drag can
 * be read off the picture: the track and handle (draw.ts sliderTrack, no hint text), a tick at the
 * top and bottom edge and a label (`90°`, `180°`, `270°`, `360°`) where the handle's centre must stop
 * for that turn (`deg / degPerPx` px right of its start), and a turn sign after the `90°` label:
 * a clockwise arrow (`turn: 'cw'`) or, for a turntable, an arrow along the front pointing right
 * (`'front-right'`). All puzzle px; glyph paths only.
 */
export function rotationTrack(style: PuzzleStyle, track: Box, handle: Box, degPerPx: number, turn: 'cw' | 'front-right'): string {
  let s = sliderTrack(style, track, handle, '');
  const hc = (handle[0] + handle[2]) / 2;
  const mid = (track[1] + track[3]) / 2;
  const col = style.subtext;
  const step = 90 / degPerPx;
  for (const deg of [90, 180, 270, 360]) {
    const x = hc + deg / degPerPx;
    s += line(x, track[1] + 1, x, track[1] + 6, col, 1.5) + line(x, track[3] - 6, x, track[3] - 1, col, 1.5);
    s += label(style, `${deg}°`, x, mid + 4, 11, col, { anchor: 'middle', weight: 700 });
  }
  // turn sign halfway between the 90° and 180° labels
  const gx = hc + 1.5 * step;
  if (turn === 'cw') s += rotateGlyph(gx, mid, 6, true, col);
  else {
    // an arc along the front of a turntable seen from above-front, its arrowhead pointing right
    const pts: Array<[number, number]> = [];
    for (let i = 0; i <= 12; i++) {
      const a = Math.PI * (0.85 - (0.7 * i) / 12);
      pts.push([gx + 10 * Math.cos(a), mid - 2 + 5 * Math.sin(a)]);
    }
    const e = pts[pts.length - 1]!;
    s += path(polyD(pts, false), { stroke: col, sw: 1.8, extra: 'stroke-linecap="round"' });
    s += path(polyD([[e[0] + 4, e[1] - 3.5], [e[0] - 1.5, e[1] - 4.5], [e[0] + 0.5, e[1] + 1.5]]), { fill: col });
  }
  return s;
}

/** One sentence saying how the slider maps to the turn (instructions of the rotation sliders), both locales. */
export function rotationScaleText(locale: CaptchaLocale, turn: 'cw' | 'front-right'): string {
  if (turn === 'cw')
    return L(locale, 'Moving the handle to the end of the track turns it one full turn (360°) clockwise; the marks on the track show 90° steps.', '把滑块拖到轨道末端对应顺时针转一整圈（360°），轨道上的刻度每格 90°。');
  return L(locale, 'Moving the handle to the end of the track turns it one full turn (360°) about the vertical axis, its front moving right; the marks on the track show 90° steps.', '把滑块拖到轨道末端对应绕竖直轴转一整圈（360°，正面向右转），轨道上的刻度每格 90°。');
}

/** Validity shared by rotation sliders. Returns a reason or null. */
export function rotationSliderInvalid(l: { needed_deg: number; mapping: { deg_per_px: number }; tol_deg: number; handle_box: Box; track_box: Box; travel: number }): string | null {
  if (l.needed_deg < 20 || l.needed_deg > 340) return 'rotation too close to the answer already';
  const dx = l.needed_deg / l.mapping.deg_per_px;
  const hw = l.handle_box[2] - l.handle_box[0];
  if (l.handle_box[0] + dx + hw > l.track_box[2] + 0.5) return 'handle would leave the track';
  if (Math.abs(l.travel * l.mapping.deg_per_px - 360) > 1e-6) return 'mapping does not cover a full turn';
  if (l.tol_deg / l.mapping.deg_per_px < 2) return 'tolerance under 2 px';
  return null;
}

/** Reasoning tail for a rotation slider (mapping, angle, drag), both locales. */
export function rotationDragText(locale: CaptchaLocale, l: { needed_deg: number; mapping: { deg_per_px: number }; travel: number; handle_box: Box }, m: { sx: number; sy: number; tx: number; ty: number }): string {
  const dxc = Math.round((l.needed_deg / l.mapping.deg_per_px) * m.sx);
  const full = Math.round(l.travel * m.sx);
  const c = boxCenter(l.handle_box);
  const start = `(${Math.round(m.sx * c[0] + m.tx)}, ${Math.round(m.sy * c[1] + m.ty)})`;
  if (locale === 'zh-CN') return `滑块整条行程 ${full} 像素对应顺时针 360°，需要顺时针转 ${l.needed_deg}°，所以把滑块从 ${start} 水平向右拖动约 ${dxc} 像素。`;
  return `The slider's full travel of ${full} px turns it 360° clockwise; it needs ${l.needed_deg}° clockwise, so drag the handle at ${start} right by about ${dxc} px, keeping it level.`;
}

/**
 * A short text line centred at (cx, cy) and rotated by `rot` degrees clockwise, each glyph placed
 * with its own baked transform (glyph paths, no `transform`).
 */
export function rotatedText(style: PuzzleStyle, s: string, cx: number, cy: number, size: number, rot: number, fill: string, weight: 400 | 700 = 700): string {
  const chars = [...s];
  const adv = chars.map((ch) => charAdvance(ch, size, { face: style.face, weight }));
  const total = adv.reduce((a, b) => a + b, 0);
  let pen = -total / 2;
  let d = '';
  chars.forEach((ch, i) => {
    const mid = pen + adv[i]! / 2;
    const [x, y] = rotAbout(0, 0, mid, 0, rot);
    d += glyphAt(ch, size, cx + x, cy + y, { rot, face: style.face, weight }).d;
    pen += adv[i]!;
  });
  return d ? `<path d="${d}" fill="${fill}"/>` : '';
}

// ---------------------------------------------------------------------------------------------
// plane shapes (geometry names)

/** Points of a regular n-gon of circumradius r, first vertex at angle `rot0` degrees (0 = up). */
export function regularPts(n: number, cx: number, cy: number, r: number, rot0 = 0): Array<[number, number]> {
  return Array.from({ length: n }, (_, i) => rotAbout(cx, cy, cx, cy - r, rot0 + (360 * i) / n));
}

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
export const planeName = (name: string, locale: CaptchaLocale): string => (locale === 'zh-CN' ? PLANE_SHAPES[name]!.zh : PLANE_SHAPES[name]!.en);

/** Mirror absolute path data (pairs `x y`, as icons.ts / polyD write them) about the vertical line x = cx. */
export function mirrorPathX(d: string, cx: number): string {
  return d.replace(/(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g, (_m, x: string, y: string) => `${n1(2 * cx - Number(x))} ${y}`);
}

/** English plural of an icon / shape name ("leaf" → "leaves", "star" → "stars"). */
export function plural(en: string): string {
  if (en.endsWith('f')) return en.slice(0, -1) + 'ves';
  if (/(s|x|ch|sh)$/.test(en)) return en + 'es';
  return en + 's';
}

/** Pip positions of a die face value 1..6 in unit coordinates ([-1, 1]²). */
export const PIPS: Readonly<Record<number, Array<[number, number]>>> = {
  1: [[0, 0]],
  2: [[-0.5, -0.5], [0.5, 0.5]],
  3: [[-0.5, -0.5], [0, 0], [0.5, 0.5]],
  4: [[-0.5, -0.5], [0.5, -0.5], [-0.5, 0.5], [0.5, 0.5]],
  5: [[-0.5, -0.5], [0.5, -0.5], [0, 0], [-0.5, 0.5], [0.5, 0.5]],
  6: [[-0.5, -0.55], [0.5, -0.55], [-0.5, 0], [0.5, 0], [-0.5, 0.55], [0.5, 0.55]],
};

/** A die showing `v` centred at (cx, cy), half-size s, turned `rot` degrees (baked into coordinates). */
export function dieSvg(cx: number, cy: number, s: number, v: number, rot: number, body: string, pip: string): string {
  const k = 0.22;
  const corners: Array<[number, number]> = [];
  for (const [qx, qy, a0] of [[1, -1, -90], [1, 1, 0], [-1, 1, 90], [-1, -1, 180]] as const) {
    for (let i = 0; i <= 4; i++) {
      const a = ((a0 + (90 * i) / 4) * Math.PI) / 180;
      corners.push([qx * (1 - k) + k * Math.cos(a), qy * (1 - k) + k * Math.sin(a)]);
    }
  }
  const P = (x: number, y: number): [number, number] => rotAbout(cx, cy, cx + x * s, cy + y * s, rot);
  let out = path(polyD(corners.map(([x, y]) => P(x, y))), { fill: body, stroke: 'rgba(0,0,0,0.35)', sw: 1.2 });
  for (const [x, y] of PIPS[v] ?? []) {
    const [px, py] = P(x, y);
    out += circle(px, py, s * 0.17, { fill: pip });
  }
  return out;
}

/** A Set+Submit grid: `rows` x `cols` square cells of side `cell` from y = `top`, and a full-width submit button below. */
export function selectLayout(rows: number, cols: number, top: number, cell: number, gap: number, width: number): { cells: Box[]; submit: Box; height: number } {
  const gw = cols * cell + (cols - 1) * gap;
  const x0 = Math.round((width - gw) / 2);
  const area: Box = [x0, top, x0 + gw, top + rows * cell + (rows - 1) * gap];
  const submit: Box = [14, area[3] + 10, width - 14, area[3] + 46];
  return { cells: gridBoxes(area, rows, cols, gap), submit, height: submit[3] + 12 };
}
