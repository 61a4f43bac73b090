/**
 * Picture backgrounds and scenes: plain panels, "photo" tile backdrops, soft shadows, and the
 * landscape with strong orientation cues drawn through a placement function (rotations and strip
 * offsets baked into coordinates, no `transform`). Puzzle px; scene coordinates are unit (u, v), v down.
 */
import { boxRect, circle, hsl, Ids, n1, path, rect } from './draw.js';
import type { Rng } from '../../../core/rng.js';
import type { Box, Point } from '../../../core/geometry.js';
import type { PuzzleStyle } from '../engine.js';
import { polyD, rotAbout } from './geometry.js';

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

/** Unit → puzzle px placement. */
export type Place = (u: number, v: number) => Point;

/** Which orientation cues a scene draws. */
export interface SceneOpts {
  /** Hue of the sky / palette base, degrees. */
  hue: number;
  sun?: boolean;
  house?: boolean;
  tree?: boolean;
  road?: boolean;
  clouds?: number;
  /** Extra scattered shapes (texture), count. */
  clutter?: number;
}

/** Placement of the unit square onto a disc of radius r at (cx, cy), rotated `deg` clockwise. */
export function discPlace(cx: number, cy: number, r: number, deg: number): Place {
  return (u, v) => rotAbout(cx, cy, cx + u * r, cy + v * r, deg);
}

/** Placement of the unit square onto a box (non-uniform scale), shifted `dx` px horizontally. */
export function boxPlace(b: Box, dx = 0): Place {
  const cx = (b[0] + b[2]) / 2;
  const cy = (b[1] + b[3]) / 2;
  const hx = (b[2] - b[0]) / 2;
  const hy = (b[3] - b[1]) / 2;
  return (u, v) => [cx + u * hx + dx, cy + v * hy];
}

/**
 * A landscape drawn through `place`. Returns `{defs, body}`; gradients use userSpaceOnUse coordinates
 * computed through `place`, so they rotate with the picture.
 */
export function landscape(rng: Rng, place: Place, ids: Ids, o: SceneOpts): { defs: string; body: string } {
  const P = (pts: Array<[number, number]>): string => polyD(pts.map(([u, v]) => place(u, v)));
  const h = o.hue;
  const g = ids.next();
  const [x1, y1] = place(0, -1.1);
  const [x2, y2] = place(0, 0.35);
  const defs =
    `<linearGradient id="${g}" gradientUnits="userSpaceOnUse" x1="${n1(x1)}" y1="${n1(y1)}" x2="${n1(x2)}" y2="${n1(y2)}">` +
    `<stop offset="0" stop-color="${hsl(200 + (h % 40), 70, 58)}"/><stop offset="1" stop-color="${hsl(190 + (h % 50), 65, 88)}"/></linearGradient>`;
  let s = path(P([[-1.6, -1.6], [1.6, -1.6], [1.6, 1.6], [-1.6, 1.6]]), { fill: `url(#${g})` });
  if (o.sun) {
    const [sx, sy] = place(rng.float(-0.6, 0.6), rng.float(-0.75, -0.5));
    const d = sub(place(0.13, 0), place(0, 0));
    const pr = Math.hypot(d[0], d[1]);
    s += circle(sx, sy, pr, { fill: '#ffd54a' });
  }
  for (let i = 0; i < (o.clouds ?? 2); i++) {
    const cu = rng.float(-0.9, 0.9);
    const cv = rng.float(-0.85, -0.35);
    const k = rng.float(0.06, 0.1);
    s += path(P(blob(cu, cv, k * 2.2, k, 14)), { fill: '#ffffff', opacity: 0.85 });
  }
  // far hills
  const ph = rng.float(0, 6);
  const far: Array<[number, number]> = [[-1.6, 1.6]];
  for (let i = 0; i <= 24; i++) {
    const u = -1.6 + (3.2 * i) / 24;
    far.push([u, 0.05 - 0.16 * Math.abs(Math.sin(u * 1.7 + ph)) - 0.05 * Math.sin(u * 5 + ph)]);
  }
  far.push([1.6, 1.6]);
  s += path(P(far), { fill: hsl(140 + (h % 60), 25, 55) });
  // near ground
  const ph2 = rng.float(0, 6);
  const near: Array<[number, number]> = [[-1.6, 1.6]];
  for (let i = 0; i <= 24; i++) {
    const u = -1.6 + (3.2 * i) / 24;
    near.push([u, 0.3 + 0.06 * Math.sin(u * 2.3 + ph2)]);
  }
  near.push([1.6, 1.6]);
  s += path(P(near), { fill: hsl(95 + (h % 35), 48, 40) });
  s += path(P([[-1.6, 0.72], [1.6, 0.66], [1.6, 1.6], [-1.6, 1.6]]), { fill: hsl(28, 38, 33), opacity: 0.85 });
  if (o.road) {
    const ru = rng.float(-0.2, 0.2);
    s += path(P([[ru - 0.05, 0.3], [ru + 0.05, 0.3], [ru + 0.45, 1.6], [ru - 0.45, 1.6]]), { fill: '#8d8f94' });
    s += path(P([[ru - 0.008, 0.4], [ru + 0.008, 0.4], [ru + 0.03, 1.6], [ru - 0.03, 1.6]]), { fill: '#f5f5f0' });
  }
  if (o.house) {
    const hx = rng.float(-0.7, -0.3);
    s += path(P([[hx - 0.2, 0.36], [hx - 0.2, 0.08], [hx + 0.2, 0.08], [hx + 0.2, 0.36]]), { fill: hsl(h + 30, 45, 82) });
    s += path(P([[hx - 0.27, 0.1], [hx, -0.18], [hx + 0.27, 0.1]]), { fill: hsl(h + 350, 62, 42) });
    s += path(P([[hx - 0.05, 0.36], [hx - 0.05, 0.2], [hx + 0.05, 0.2], [hx + 0.05, 0.36]]), { fill: hsl(h + 200, 30, 30) });
    s += path(P([[hx + 0.09, 0.14], [hx + 0.16, 0.14], [hx + 0.16, 0.21], [hx + 0.09, 0.21]]), { fill: '#cfe8ff' });
  }
  if (o.tree) {
    const tx = rng.float(0.3, 0.7);
    s += path(P([[tx - 0.035, 0.38], [tx - 0.035, 0.05], [tx + 0.035, 0.05], [tx + 0.035, 0.38]]), { fill: '#6d4c2f' });
    s += path(P([[tx - 0.2, 0.1], [tx, -0.34], [tx + 0.2, 0.1]]), { fill: hsl(128, 50, 28) });
    s += path(P([[tx - 0.15, -0.07], [tx, -0.45], [tx + 0.15, -0.07]]), { fill: hsl(128, 55, 35) });
  }
  for (let i = 0; i < (o.clutter ?? 0); i++) {
    const u = rng.float(-1, 1);
    const v = rng.float(0.4, 1);
    const k = rng.float(0.025, 0.06);
    s += path(P(blob(u, v, k * 1.4, k, 8)), { fill: hsl(rng.int(0, 359), rng.float(30, 70), rng.float(30, 70)), opacity: 0.85 });
  }
  return { defs, body: s };
}

function sub(a: Point, b: Point): Point {
  return [a[0] - b[0], a[1] - b[1]];
}

/** An ellipse-ish closed polygon in unit coordinates. */
function blob(cu: number, cv: number, ru: number, rv: number, n: number): Array<[number, number]> {
  return Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n;
    return [cu + ru * Math.cos(a), cv + rv * Math.sin(a)] as [number, number];
  });
}

/**
 * A rectangular "photo" for tile puzzles: a diagonal two-hue gradient (so every tile differs in
 * colour), the landscape on top, and `marks` bold shapes spread over the picture; clipped to `b`.
 */
export function tilePicture(rng: Rng, b: Box, ids: Ids, hue: number, marks: number): { defs: string; body: string } {
  const g = ids.next();
  let defs =
    `<linearGradient id="${g}" gradientUnits="userSpaceOnUse" x1="${b[0]}" y1="${b[1]}" x2="${b[2]}" y2="${b[3]}">` +
    `<stop offset="0" stop-color="${hsl(hue, 70, 70)}"/><stop offset="1" stop-color="${hsl(hue + 140, 60, 40)}"/></linearGradient>`;
  const sc = landscape(rng.fork('land'), boxPlace(b), ids, { hue, sun: true, house: true, tree: true, road: rng.bool(0.5), clouds: 3, clutter: 6 });
  defs += sc.defs;
  let body = sc.body;
  body += `<rect x="${b[0]}" y="${b[1]}" width="${b[2] - b[0]}" height="${b[3] - b[1]}" fill="url(#${g})" opacity="0.45"/>`;
  const w = b[2] - b[0];
  const hgt = b[3] - b[1];
  for (let i = 0; i < marks; i++) {
    const cx = b[0] + ((i + 0.5) / marks) * w + rng.float(-0.3, 0.3) * (w / marks);
    const cy = b[1] + rng.float(0.15, 0.85) * hgt;
    const r = rng.float(0.02, 0.04) * w;
    const k = rng.int(3, 6);
    const rot = rng.float(0, 360);
    const pts = Array.from({ length: k }, (_, j) => rotAbout(cx, cy, cx + r, cy, rot + (360 * j) / k));
    body += path(polyD(pts), { fill: hsl(rng.int(0, 359), 75, rng.float(35, 65)), stroke: '#ffffff', sw: 1, opacity: 0.9 });
  }
  const clip = ids.next();
  defs += `<clipPath id="${clip}"><rect x="${n1(b[0])}" y="${n1(b[1])}" width="${n1(w)}" height="${n1(hgt)}"/></clipPath>`;
  return { defs, body: `<g clip-path="url(#${clip})">${body}</g>` };
}
