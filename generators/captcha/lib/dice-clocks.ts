/**
 * Dice and clocks: pip layouts, flat (shadowed and plain) and isometric dice, analog clock faces.
 * Every transform is baked into coordinates (no `transform` attribute). Puzzle px.
 */
import { polyD, rotAbout } from './geometry.js';
import { circle, n1, path } from './draw.js';
import { type LatinFace, textOutline } from '../../../renderers/glyphs.js';

/** A die showing `v` centred at (cx, cy), half-size s, turned `rot` degrees (baked into coordinates). */
export function plainDieSvg(cx: number, cy: number, s: number, v: number, rot: number, body: string, pip: string): string {
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

/** Pip positions of a die face in unit coordinates ([-1, 1], y down). */
export const PIPS: Readonly<Record<number, ReadonlyArray<[number, number]>>> = {
  1: [[0, 0]],
  2: [[-0.5, -0.5], [0.5, 0.5]],
  3: [[-0.5, -0.5], [0, 0], [0.5, 0.5]],
  4: [[-0.5, -0.5], [0.5, -0.5], [-0.5, 0.5], [0.5, 0.5]],
  5: [[-0.5, -0.5], [0.5, -0.5], [0, 0], [-0.5, 0.5], [0.5, 0.5]],
  6: [[-0.5, -0.55], [0.5, -0.55], [-0.5, 0], [0.5, 0], [-0.5, 0.55], [0.5, 0.55]],
};

/** Colours of a die. */
export interface DieColors {
  body: string;
  edge: string;
  pip: string;
}

/** Rounded square as path data, centred, side `s`, rotated `rot` degrees, corner radius `r`. */
export function roundedSquarePath(cx: number, cy: number, s: number, rot: number, r: number): string {
  const a = (rot * Math.PI) / 180;
  const c = Math.cos(a);
  const sn = Math.sin(a);
  const P = (x: number, y: number): string => `${n1(cx + x * c - y * sn)} ${n1(cy + x * sn + y * c)}`;
  const h = s / 2;
  const k = r * 0.4477; // (1 - 0.5523) * r: control point offset from the corner
  return (
    `M${P(-h + r, -h)}L${P(h - r, -h)}C${P(h - k, -h)} ${P(h, -h + k)} ${P(h, -h + r)}` +
    `L${P(h, h - r)}C${P(h, h - k)} ${P(h - k, h)} ${P(h - r, h)}` +
    `L${P(-h + r, h)}C${P(-h + k, h)} ${P(-h, h - k)} ${P(-h, h - r)}` +
    `L${P(-h, -h + r)}C${P(-h, -h + k)} ${P(-h + k, -h)} ${P(-h + r, -h)}Z`
  );
}

/** A flat die seen from above: rounded square with pips, rotated by `rot` degrees, with a shadow. */
export function dieSvg(cx: number, cy: number, s: number, rot: number, value: number, col: DieColors): string {
  const a = (rot * Math.PI) / 180;
  const c = Math.cos(a);
  const sn = Math.sin(a);
  let out = path(roundedSquarePath(cx + 2.5, cy + 3.5, s, rot, s * 0.18), { fill: 'rgba(0,0,0,0.28)' });
  out += path(roundedSquarePath(cx, cy, s, rot, s * 0.18), { fill: col.body, stroke: col.edge, sw: 1.4 });
  const pr = s * (value === 6 ? 0.085 : 0.095);
  for (const [u, v] of PIPS[value] ?? []) {
    const x = (u * s) / 2;
    const y = (v * s) / 2;
    out += circle(cx + x * c - y * sn, cy + x * sn + y * c, pr, { fill: col.pip });
  }
  return out;
}

/**
 * An isometric die showing its top, front (lower left) and right (lower right) faces with pips.
 * `(cx, cy)` is the centre of the hexagonal silhouette, `s` the edge length.
 */
export function isoDieSvg(cx: number, cy: number, s: number, top: number, front: number, right: number, col: DieColors): string {
  const dx = s * Math.cos(Math.PI / 6);
  const dy = s * 0.5;
  // vertices: T(top), L, R, C (centre front-top corner), BL, BR, B
  const C: [number, number] = [cx, cy];
  const T: [number, number] = [cx, cy - 2 * dy];
  const L: [number, number] = [cx - dx, cy - dy];
  const R: [number, number] = [cx + dx, cy - dy];
  const BL: [number, number] = [cx - dx, cy + s - dy];
  const BR: [number, number] = [cx + dx, cy + s - dy];
  const B: [number, number] = [cx, cy + s];
  const poly = (pts: Array<[number, number]>): string => pts.map((p, i) => `${i ? 'L' : 'M'}${n1(p[0])} ${n1(p[1])}`).join('') + 'Z';
  let out = path(poly([T, R, C, L]), { fill: col.body, stroke: col.edge, sw: 1.4, extra: 'stroke-linejoin="round"' });
  out += path(poly([L, C, B, BL]), { fill: col.body, stroke: col.edge, sw: 1.4, extra: 'stroke-linejoin="round"' });
  out += path(poly([L, C, B, BL]), { fill: 'rgba(0,0,0,0.12)' });
  out += path(poly([C, R, BR, B]), { fill: col.body, stroke: col.edge, sw: 1.4, extra: 'stroke-linejoin="round"' });
  out += path(poly([C, R, BR, B]), { fill: 'rgba(0,0,0,0.24)' });
  // pips: map unit square (u, v in [-1, 1]) onto each face parallelogram (origin o, axes a, b)
  const face = (o: [number, number], a: [number, number], b: [number, number], v: number): string => {
    let f = '';
    for (const [u, w] of PIPS[v] ?? []) {
      const x = o[0] + ((u + 1) / 2) * a[0] + ((w + 1) / 2) * b[0];
      const y = o[1] + ((u + 1) / 2) * a[1] + ((w + 1) / 2) * b[1];
      // pips as small ellipses flattened along the face: approximate with circles of reduced radius
      f += circle(x, y, s * 0.075, { fill: col.pip });
    }
    return f;
  };
  // top face: from L, axes towards T (up-right) and towards C (down-right)
  out += face(L, [T[0] - L[0], T[1] - L[1]], [C[0] - L[0], C[1] - L[1]], top);
  // front (left) face: from L, axes towards C and towards BL
  out += face(L, [C[0] - L[0], C[1] - L[1]], [BL[0] - L[0], BL[1] - L[1]], front);
  // right face: from C, axes towards R and towards B
  out += face(C, [R[0] - C[0], R[1] - C[1]], [B[0] - C[0], B[1] - C[1]], right);
  return out;
}

/** Clock face styles. */
export type ClockStyle = 'numerals' | 'ticks' | 'roman' | 'quarters';

const ROMAN = ['XII', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI'];

/**
 * An analog clock at (cx, cy) of radius r showing h:mm (h in 1..12). The hour hand points at
 * (h % 12 + m / 60) * 30°, the minute hand at m * 6°; hands differ in length and width.
 */
export function clockSvg(
  cx: number, cy: number, r: number, h: number, m: number, st: ClockStyle,
  col: { face: string; rim: string; ink: string; hand: string; accent: string }, face: LatinFace,
): string {
  let out = circle(cx + 1.5, cy + 2.5, r, { fill: 'rgba(0,0,0,0.22)' });
  out += circle(cx, cy, r, { fill: col.face, stroke: col.rim, sw: Math.max(2, r * 0.07) });
  for (let i = 0; i < 60; i++) {
    const a = (i * 6 * Math.PI) / 180;
    const major = i % 5 === 0;
    if (!major && st !== 'ticks') continue;
    const r1 = r * (major ? 0.82 : 0.88);
    const r2 = r * 0.93;
    out += `<line x1="${n1(cx + r1 * Math.sin(a))}" y1="${n1(cy - r1 * Math.cos(a))}" x2="${n1(cx + r2 * Math.sin(a))}" y2="${n1(cy - r2 * Math.cos(a))}" stroke="${col.ink}" stroke-width="${major ? n1(Math.max(1.5, r * 0.045)) : 1}"/>`;
  }
  if (st === 'numerals' || st === 'roman' || st === 'quarters') {
    for (let i = 0; i < 12; i++) {
      if (st === 'quarters' && i % 3) continue;
      const a = (i * 30 * Math.PI) / 180;
      const rr = r * 0.66;
      const txt = st === 'roman' ? ROMAN[i]! : String(i === 0 ? 12 : i);
      const size = st === 'roman' ? r * 0.2 : r * 0.25;
      const o = textOutline(txt, 0, 0, size, { face, weight: 700 });
      const w = o.bbox[2] - o.bbox[0];
      const hgt = o.bbox[3] - o.bbox[1];
      const x = cx + rr * Math.sin(a) - w / 2 - o.bbox[0];
      const y = cy - rr * Math.cos(a) + hgt / 2 - o.bbox[3];
      out += `<path d="${textOutline(txt, x, y, size, { face, weight: 700 }).d}" fill="${col.ink}"/>`;
    }
  }
  const hand = (deg: number, len: number, w: number, color: string): string => {
    const a = (deg * Math.PI) / 180;
    const tx = cx + len * Math.sin(a);
    const ty = cy - len * Math.cos(a);
    const bx = cx - r * 0.12 * Math.sin(a);
    const by = cy + r * 0.12 * Math.cos(a);
    return `<line x1="${n1(bx)}" y1="${n1(by)}" x2="${n1(tx)}" y2="${n1(ty)}" stroke="${color}" stroke-width="${n1(w)}" stroke-linecap="round"/>`;
  };
  out += hand(((h % 12) + m / 60) * 30, r * 0.5, Math.max(3, r * 0.1), col.hand);
  out += hand(m * 6, r * 0.8, Math.max(2, r * 0.055), col.hand);
  out += circle(cx, cy, Math.max(2.5, r * 0.07), { fill: col.accent });
  return out;
}
