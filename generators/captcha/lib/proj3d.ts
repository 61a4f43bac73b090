/**
 * A small 3D toolkit for the spatial CAPTCHA types (rotate_3d_to_match, spatial_relation_click,
 * cube_net_fold_pick, viewpoint_select): orthographic projection with yaw / pitch, polycubes drawn
 * back to front with flat shading, axis-aligned silhouettes (orthographic views), cube nets and their
 * folding, and an id-buffer rasteriser used to measure what stays visible after drawing.
 *
 * World coordinates: x right, y up, z towards the viewer at yaw 0. Screen: puzzle px, y down.
 * `yaw` turns the object about the vertical axis (degrees, clockwise seen from above), `pitch` tilts
 * the camera down (degrees; > 0 shows top faces).
 */
import type { Point } from '../../../core/geometry.js';

export type V3 = [number, number, number];

/** Orthographic camera: `scale` px per world unit, `(cx, cy)` the screen position of the origin. */
export interface View3 {
  yaw: number;
  pitch: number;
  scale: number;
  cx: number;
  cy: number;
}

/** Rotate a vector by the view (yaw about y, then pitch about x). */
export function viewRotate(p: V3, yaw: number, pitch: number): V3 {
  const a = (yaw * Math.PI) / 180;
  const b = (pitch * Math.PI) / 180;
  const x1 = p[0] * Math.cos(a) + p[2] * Math.sin(a);
  const z1 = -p[0] * Math.sin(a) + p[2] * Math.cos(a);
  const y2 = p[1] * Math.cos(b) - z1 * Math.sin(b);
  const z2 = p[1] * Math.sin(b) + z1 * Math.cos(b);
  return [x1, y2, z2];
}

/** Screen point and depth (larger = nearer the viewer) of a world point. */
export function project(p: V3, v: View3): { x: number; y: number; depth: number } {
  const r = viewRotate(p, v.yaw, v.pitch);
  return { x: v.cx + r[0] * v.scale, y: v.cy - r[1] * v.scale, depth: r[2] };
}

/** The six axis directions. */
export const DIRS: readonly V3[] = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]];

/** A drawable face: screen polygon, world normal, depth of its centre, owner index. */
export interface Face2 {
  pts: Point[];
  normal: V3;
  depth: number;
  owner: number;
  /** The face's 3D corners (world), in drawing order. */
  corners: V3[];
}

/** The four corners of the face of the unit cube at `c` (min corner) with outward normal `n`. */
export function cubeFaceCorners(c: V3, n: V3): V3[] {
  const [x, y, z] = c;
  const ax = n[0] !== 0 ? 0 : n[1] !== 0 ? 1 : 2;
  const side = n[ax]! > 0 ? 1 : 0;
  const u = (ax + 1) % 3;
  const w = (ax + 2) % 3;
  const base: number[] = [x, y, z];
  const corner = (du: number, dw: number): V3 => {
    const p = base.slice();
    p[ax] = base[ax]! + side;
    p[u] = base[u]! + du;
    p[w] = base[w]! + dw;
    return p as V3;
  };
  return [corner(0, 0), corner(1, 0), corner(1, 1), corner(0, 1)];
}

const key = (c: V3): string => c.join(',');

/**
 * Visible faces of a polycube (unit cubes at integer min corners), ordered back to front (cubes sorted
 * by the depth of their centres; correct for equal axis-aligned cubes under orthographic projection).
 * Faces shared by two cubes and faces turned away from the viewer are skipped.
 */
export function polycubeFaces(cubes: readonly V3[], v: View3, centre: V3 = [0, 0, 0]): Face2[] {
  const set = new Set(cubes.map(key));
  const order = cubes
    .map((c, i) => ({ c, i, d: viewRotate([c[0] + 0.5 - centre[0], c[1] + 0.5 - centre[1], c[2] + 0.5 - centre[2]], v.yaw, v.pitch)[2] }))
    .sort((a, b) => a.d - b.d || a.i - b.i);
  const out: Face2[] = [];
  for (const { c, i, d } of order) {
    for (const n of DIRS) {
      if (set.has(key([c[0] + n[0], c[1] + n[1], c[2] + n[2]]))) continue;
      if (viewRotate(n, v.yaw, v.pitch)[2] <= 1e-6) continue;
      const corners = cubeFaceCorners(c, n).map((p) => [p[0] - centre[0], p[1] - centre[1], p[2] - centre[2]] as V3);
      out.push({ pts: corners.map((p) => { const q = project(p, v); return [q.x, q.y] as Point; }), normal: n, depth: d, owner: i, corners });
    }
  }
  return out;
}

/** Lambert-like brightness factor in [0.55, 1] of a world normal under the view (light from top-left-front). */
export function shade(n: V3, v: View3): number {
  const r = viewRotate(n, v.yaw, v.pitch);
  const l: V3 = [-0.45, 0.75, 0.5];
  const len = Math.hypot(...l);
  const d = (r[0] * l[0] + r[1] * l[1] + r[2] * l[2]) / len;
  return 0.55 + 0.45 * Math.max(0, d);
}

/** Centre (mean of min and max) of a polycube's bounding box, world units. */
export function polycubeCentre(cubes: readonly V3[]): V3 {
  const lo = [0, 1, 2].map((k) => Math.min(...cubes.map((c) => c[k]!)));
  const hi = [0, 1, 2].map((k) => Math.max(...cubes.map((c) => c[k]!)) + 1);
  return [(lo[0]! + hi[0]!) / 2, (lo[1]! + hi[1]!) / 2, (lo[2]! + hi[2]!) / 2];
}

/** Whether a set of cubes is face-connected. */
export function connected(cubes: readonly V3[]): boolean {
  if (cubes.length === 0) return false;
  const set = new Set(cubes.map(key));
  const seen = new Set([key(cubes[0]!)]);
  const st = [cubes[0]!];
  while (st.length) {
    const c = st.pop()!;
    for (const n of DIRS) {
      const k = key([c[0] + n[0], c[1] + n[1], c[2] + n[2]]);
      if (set.has(k) && !seen.has(k)) {
        seen.add(k);
        st.push(k.split(',').map(Number) as V3);
      }
    }
  }
  return seen.size === cubes.length;
}

/** Translate cubes so the minimum corner is (0, 0, 0) and sort them (canonical form). */
export function normalise(cubes: readonly V3[]): V3[] {
  const lo = [0, 1, 2].map((k) => Math.min(...cubes.map((c) => c[k]!)));
  return cubes.map((c) => [c[0] - lo[0]!, c[1] - lo[1]!, c[2] - lo[2]!] as V3).sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
}

/** Rotate cubes by k quarter turns about the vertical (y) axis, then normalise. */
export function turnY(cubes: readonly V3[], k: number): V3[] {
  let cs = cubes.map((c) => c.slice() as V3);
  for (let i = 0; i < ((k % 4) + 4) % 4; i++) cs = cs.map(([x, y, z]) => [z, y, -x] as V3);
  return normalise(cs);
}

/**
 * Orthographic silhouette (occupancy grid) of a polycube seen along an axis. Views: `front` (from +z,
 * screen x = x), `back` (from −z, screen x = −x), `right` (from +x, screen x = −z), `left` (from −x,
 * screen x = z), `top` (from +y, screen x = x, screen down = +z). Returns `cells` as `"col,row"` keys,
 * rows counted from the top, normalised to start at 0.
 */
export function silhouette(cubes: readonly V3[], view: SilView): Set<string> {
  const pts = cubes.map(([x, y, z]) => {
    switch (view) {
      case 'front': return [x, -y];
      case 'back': return [-x, -y];
      case 'right': return [-z, -y];
      case 'left': return [z, -y];
      case 'top': return [x, z];
    }
  });
  const mx = Math.min(...pts.map((p) => p[0]!));
  const my = Math.min(...pts.map((p) => p[1]!));
  return new Set(pts.map((p) => `${p[0]! - mx},${p[1]! - my}`));
}
/** The five axis views used for silhouettes (see {@link silhouette}). */
export const SIL_VIEWS = ['front', 'back', 'left', 'right', 'top'] as const;
/** One of {@link SIL_VIEWS}. */
export type SilView = (typeof SIL_VIEWS)[number];

/** The 8 dihedral transforms of a cell set (rotations and mirrors), each normalised, as sorted keys. */
export function dihedralKeys(cells: Set<string>): string[] {
  const pts = [...cells].map((k) => k.split(',').map(Number) as [number, number]);
  const out: string[] = [];
  const maps: Array<(p: [number, number]) => [number, number]> = [
    ([x, y]) => [x, y], ([x, y]) => [-y, x], ([x, y]) => [-x, -y], ([x, y]) => [y, -x],
    ([x, y]) => [-x, y], ([x, y]) => [y, x], ([x, y]) => [x, -y], ([x, y]) => [-y, -x],
  ];
  for (const f of maps) {
    const q = pts.map(f);
    const mx = Math.min(...q.map((p) => p[0]));
    const my = Math.min(...q.map((p) => p[1]));
    out.push(q.map((p) => `${p[0] - mx},${p[1] - my}`).sort().join(';'));
  }
  return out;
}
/** Canonical key of a cell set (as drawn, no transform). */
export const cellKey = (cells: Set<string>): string => [...cells].sort().join(';');

// ---------------------------------------------------------------------------------------------
// cube nets

/** The 11 cube nets as (col, row) cells: six 1-4-1, three 2-3-1, one 2-2-2, one 3-3. */
export const CUBE_NETS: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = [
  ...([[0, 0], [0, 1], [0, 2], [0, 3], [1, 1], [1, 2]] as const).map(([a, b]) => [[a, 0], [0, 1], [1, 1], [2, 1], [3, 1], [b, 2]] as const),
  ...([1, 2, 3] as const).map((c) => [[0, 0], [1, 0], [1, 1], [2, 1], [3, 1], [c, 2]] as const),
  [[0, 0], [1, 0], [1, 1], [2, 1], [2, 2], [3, 2]],
  [[0, 0], [1, 0], [2, 0], [2, 1], [3, 1], [4, 1]],
];

type M3 = [V3, V3, V3];
const mulMV = (m: M3, v: V3): V3 => [
  m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
  m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
  m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
];
const mulMM = (a: M3, b: M3): M3 => [0, 1, 2].map((i) => [0, 1, 2].map((j) => a[i]![0] * b[0][j]! + a[i]![1] * b[1][j]! + a[i]![2] * b[2][j]!)) as M3;
const transpose = (m: M3): M3 => [0, 1, 2].map((i) => [m[0][i]!, m[1][i]!, m[2][i]!]) as M3;
const I3: M3 = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
/** Rolling the cube one cell in net direction (dc, dr): the side facing that way goes down. */
function rollMatrix(dc: number, dr: number): M3 {
  // world: X = net right, Y = net down, Z = up; rolling toward +X maps +X -> -Z, -Z -> -X
  if (dc === 1) return [[0, 0, 1], [0, 1, 0], [-1, 0, 0]];
  if (dc === -1) return [[0, 0, -1], [0, 1, 0], [1, 0, 0]];
  if (dr === 1) return [[1, 0, 0], [0, 0, 1], [0, -1, 0]];
  return [[1, 0, 0], [0, 0, -1], [0, 1, 0]];
}

/**
 * Fold a net: roll a cube over its cells from the first one; each cell becomes the body face that is
 * down when the cube lies on it. Returns the body normal of each cell (same order as `cells`), or null
 * when the cells are not a valid net (two cells on one face, or disconnected).
 */
export function foldNet(cells: ReadonlyArray<readonly [number, number]>): V3[] | null {
  const idx = new Map(cells.map((c, i) => [`${c[0]},${c[1]}`, i]));
  const rot: Array<M3 | null> = cells.map(() => null);
  rot[0] = I3;
  const queue = [0];
  while (queue.length) {
    const i = queue.shift()!;
    const [c, r] = cells[i]!;
    for (const [dc, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
      const j = idx.get(`${c + dc},${r + dr}`);
      if (j === undefined || rot[j]) continue;
      rot[j] = mulMM(rollMatrix(dc, dr), rot[i]!);
      queue.push(j);
    }
  }
  if (rot.some((m) => !m)) return null;
  const normals = rot.map((m) => mulMV(transpose(m!), [0, 0, -1]).map((x) => Math.round(x)) as V3);
  const keys = new Set(normals.map(key));
  return keys.size === 6 ? normals : null;
}

/** Determinant of three vectors as columns. */
export function det3(a: V3, b: V3, c: V3): number {
  return a[0] * (b[1] * c[2] - b[2] * c[1]) - b[0] * (a[1] * c[2] - a[2] * c[1]) + c[0] * (a[1] * b[2] - a[2] * b[1]);
}

// ---------------------------------------------------------------------------------------------
// measuring what is visible

/**
 * Rasterise polygons (drawn in order, later ones on top) into an id buffer over `area` at 1 sample per
 * `step` px (sample points at cell centres, even-odd scanline fill). Returns the buffer (row-major,
 * `ceil(width / step)` samples per row, -1 where no polygon covers the sample) and its width.
 */
export function rasterIds(polys: ReadonlyArray<{ pts: ReadonlyArray<readonly [number, number]>; id: number }>, area: [number, number, number, number], step = 1): { ids: Int32Array; w: number; h: number } {
  const w = Math.ceil((area[2] - area[0]) / step);
  const h = Math.ceil((area[3] - area[1]) / step);
  const buf = new Int32Array(w * h).fill(-1);
  const xs: number[] = [];
  for (const p of polys) {
    const n = p.pts.length;
    for (let j = 0; j < h; j++) {
      const y = area[1] + (j + 0.5) * step;
      xs.length = 0;
      for (let a = 0, b = n - 1; a < n; b = a++) {
        const [xa, ya] = p.pts[a]!;
        const [xb, yb] = p.pts[b]!;
        if (ya > y !== yb > y) xs.push(xa + ((y - ya) * (xb - xa)) / (yb - ya));
      }
      if (xs.length < 2) continue;
      xs.sort((u, v) => u - v);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        // sample i sits at x = area[0] + (i + 0.5) * step; fill samples with xs[k] <= x < xs[k+1]
        const i1 = Math.max(0, Math.ceil((xs[k]! - area[0]) / step - 0.5));
        const i2 = Math.min(w - 1, Math.ceil((xs[k + 1]! - area[0]) / step - 0.5) - 1);
        for (let i = i1; i <= i2; i++) buf[j * w + i] = p.id;
      }
    }
  }
  return { ids: buf, w, h };
}

/** {@link rasterIds}, counted: how many samples each id ends up on top of. */
export function visibleSamples(polys: ReadonlyArray<{ pts: ReadonlyArray<readonly [number, number]>; id: number }>, area: [number, number, number, number], step = 1): Map<number, number> {
  const { ids } = rasterIds(polys, area, step);
  const out = new Map<number, number>();
  for (const v of ids) if (v >= 0) out.set(v, (out.get(v) ?? 0) + 1);
  return out;
}
