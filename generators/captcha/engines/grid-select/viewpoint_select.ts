/**
 * #72 viewpoint_select (group G, visual reasoning, Set+Submit): a block object drawn in 3D and six
 * flat silhouettes; select every silhouette that is a true view of the object from the front, back,
 * left, right or top (NextGen 3D_Viewpoint, Spatial-CAPTCHA-Bench). Wrong silhouettes come from a
 * slightly changed object and match no true view under any turn or mirror, so the answer does not depend
 * on how a solver orients the views.
 *
 * Measured after drawing: every cube of the object keeps at least `min_visible` px² visible in the 3D
 * view (id raster of the drawn faces), so no hidden cube changes a view; and no empty cell is hidden
 * where a cube would change the answer ({@link hiddenGaps}), so the view shows the gaps too.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import type { Rng } from '../../../../core/rng.js';
import { defineKnobs, knob, type Difficulty } from '../../engine.js';
import { boxRect, hsl, path, ptText } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { cellWords, selectLayout } from '../../lib/grids.js';
import { tile } from '../../lib/controls.js';
import { polyD } from '../../lib/geometry.js';
import { SIL_VIEWS, type SilView, type V3, cellKey, connected, dihedralKeys, normalise, polycubeCentre, polycubeFaces, shade, silhouette, visibleSamples } from '../../lib/proj3d.js';
import { type KnobsOf, cellSelectEngine } from './template.js';

/** Latent state of viewpoint_select (puzzle px). */
export interface ViewpointLatent extends Record<string, unknown> {
  width: number;
  height: number;
  cubes: V3[];
  ref_box: Box;
  cols: number;
  cells: Box[];
  /** Candidate silhouettes as cell lists ("col,row"), with their source. */
  candidates: Array<{ cells: string[]; view: SilView | null }>;
  submit_box: Box;
  yaw: number;
  pitch: number;
  hue: number;
  multicolour: boolean;
  min_visible: number;
}

const KNOBS = defineKnobs({ cubes: knob('cubes in the object', [4, 4], [5, 6], [6, 7]), valid: knob('true views among the six silhouettes', [2, 3], [2, 3], [2, 4]), multicolour: knob('cubes drawn in several colours (easier to read the 3D view)', true, true, false) });

const W = 320;
const has = (cs: V3[], c: V3): boolean => cs.some((d) => d[0] === c[0] && d[1] === c[1] && d[2] === c[2]);

function grow(rng: Rng, n: number): V3[] {
  const cubes: V3[] = [[0, 0, 0]];
  for (let t = 0; t < 300 && cubes.length < n; t++) {
    const b = rng.pick(cubes);
    const d = rng.pick<V3>([[1, 0, 0], [-1, 0, 0], [0, 0, 1], [0, 0, -1], [0, 1, 0]]);
    const c: V3 = [b[0] + d[0], b[1] + d[1], b[2] + d[2]];
    if (has(cubes, c) || c[1] > 1 || Math.abs(c[0]) > 1 || Math.abs(c[2]) > 1) continue;
    if (c[1] === 1 && !has(cubes, [c[0], 0, c[2]])) continue;
    cubes.push(c);
  }
  return normalise(cubes);
}

/** Keys (all turns and mirrors) of every true view of the object. */
function trueKeys(cubes: V3[]): Set<string> {
  return new Set(SIL_VIEWS.flatMap((v) => dihedralKeys(silhouette(cubes, v))));
}

/** Visible px² of each cube in the 3D view drawn in box b. */
function cubeVisibility(l: Pick<ViewpointLatent, 'cubes' | 'yaw' | 'pitch'>, b: Box): number[] {
  const v = { yaw: l.yaw, pitch: l.pitch, scale: 26, cx: (b[0] + b[2]) / 2, cy: (b[1] + b[3]) / 2 };
  const faces = polycubeFaces(l.cubes, v, polycubeCentre(l.cubes));
  const seen = visibleSamples(faces.map((f) => ({ pts: f.pts, id: f.owner })), b, 1);
  return l.cubes.map((_, i) => seen.get(i) ?? 0);
}

/**
 * Empty cells the 3D view cannot show to be empty and whose filling would change the answer: a
 * supported cell (on the floor, or on a cube) inside the object's bounding box is tried as an extra
 * cube; when that cube would keep less than `min_visible` px² visible in the 3D view (measured on the id
 * raster of the drawn faces) and some candidate's true / wrong status differs for the object with it,
 * the picture does not decide the answer. Returns those cells.
 */
export function hiddenGaps(l: Pick<ViewpointLatent, 'cubes' | 'yaw' | 'pitch' | 'ref_box' | 'candidates' | 'min_visible'>): V3[] {
  const truth = trueKeys(l.cubes);
  const status = l.candidates.map((c) => dihedralKeys(new Set(c.cells)).some((x) => truth.has(x)));
  const lo = [0, 1, 2].map((a) => Math.min(...l.cubes.map((c) => c[a]!)));
  const hi = [0, 1, 2].map((a) => Math.max(...l.cubes.map((c) => c[a]!)));
  const out: V3[] = [];
  for (let x = lo[0]!; x <= hi[0]!; x++) {
    for (let y = lo[1]!; y <= hi[1]! + 1; y++) {
      for (let z = lo[2]!; z <= hi[2]!; z++) {
        const c: V3 = [x, y, z];
        if (has(l.cubes, c) || (y > lo[1]! && !has(l.cubes, [x, y - 1, z]))) continue;
        const cubes = [...l.cubes, c];
        const vis = cubeVisibility({ cubes, yaw: l.yaw, pitch: l.pitch }, l.ref_box);
        if (vis[vis.length - 1]! >= l.min_visible) continue;
        const t2 = trueKeys(cubes);
        if (l.candidates.some((cd, i) => dihedralKeys(new Set(cd.cells)).some((k) => t2.has(k)) !== status[i])) out.push(c);
      }
    }
  }
  return out;
}

/** One sampled state without the retries of `sample` (exported for tests: states `validate` rejects). */
export function sampleOnce(rng: Rng, difficulty: Difficulty): ViewpointLatent {
  const k = KNOBS.difficulties[difficulty];
  const cubes = grow(rng, rng.int(k.cubes[0], k.cubes[1]));
  const truth = trueKeys(cubes);
  // distinct true views as drawn
  const views = new Map<string, SilView>();
  for (const v of rng.shuffle([...SIL_VIEWS])) {
    const key = cellKey(silhouette(cubes, v));
    if (![...views.keys()].some((q) => dihedralKeys(new Set(q.split(';'))).includes(key))) views.set(key, v);
  }
  const nValid = Math.min(views.size, rng.int(k.valid[0], k.valid[1]));
  const valid = [...views.entries()].slice(0, nValid).map(([key, v]) => ({ cells: key.split(';'), view: v as SilView | null }));
  const wrong: Array<{ cells: string[]; view: SilView | null }> = [];
  for (let t = 0; t < 200 && wrong.length < 6 - nValid; t++) {
    // move, add or remove one cube
    let m = cubes.map((c) => c.slice() as V3);
    const op = rng.int(0, 2);
    if (op === 0 && m.length > 3) m.splice(rng.int(0, m.length - 1), 1);
    if (op >= 1) {
      const b = rng.pick(m);
      const d = rng.pick<V3>([[1, 0, 0], [-1, 0, 0], [0, 0, 1], [0, 0, -1], [0, 1, 0]]);
      const c: V3 = [b[0] + d[0], b[1] + d[1], b[2] + d[2]];
      if (!has(m, c)) m.push(c);
      if (op === 2 && m.length > 4) m.splice(rng.int(0, m.length - 2), 1);
    }
    if (!connected(m)) continue;
    m = normalise(m);
    const sil = silhouette(m, rng.pick([...SIL_VIEWS]));
    const keys = dihedralKeys(sil);
    if (keys.some((x) => truth.has(x))) continue;
    if (wrong.some((w) => dihedralKeys(new Set(w.cells)).includes(cellKey(sil)))) continue;
    wrong.push({ cells: cellKey(sil).split(';'), view: null });
  }
  const lay = selectLayout(2, 3, 178, 88, 8, W);
  // a camera from which every cube shows (measured on the id raster)
  const refBox: Box = [14, 44, 306, 170];
  const pitch = rng.int(25, 35);
  let yaw = -45;
  for (const y of rng.shuffle([-45, -35, -55, 45, 35, 55, 135, -135, 125, -125])) {
    yaw = y;
    if (cubeVisibility({ cubes, yaw: y, pitch }, refBox).every((px) => px >= 40)) break;
  }
  return {
    width: W,
    height: lay.height,
    cubes,
    ref_box: refBox,
    cols: 3,
    cells: lay.cells,
    candidates: rng.shuffle([...valid, ...wrong]),
    submit_box: lay.submit,
    yaw,
    pitch,
    hue: rng.int(0, 359),
    multicolour: k.multicolour,
    min_visible: 40,
  };
}

/** Engine #72 viewpoint_select (group G, Set+Submit, verifier `click` / `set` + submit). */
export const viewpointSelect = cellSelectEngine<ViewpointLatent, KnobsOf<typeof KNOBS>>({
  type: 'viewpoint_select', number: 72, group: 'visual_reasoning', knobs: KNOBS,
  sample(rng, _k, difficulty) {
    // resample a few times when the cheap state fails validation (same rng stream: deterministic)
    let l = sampleOnce(rng, difficulty);
    for (let t = 0; t < 15 && viewpointSelect.validate(l) !== null; t++) l = sampleOnce(rng, difficulty);
    return l;
  },

  validate(l) {
    if (l.candidates.length !== l.cells.length) return 'need six candidates';
    if (!connected(l.cubes)) return 'object not connected';
    const truth = trueKeys(l.cubes);
    const ok = l.candidates.map((c) => dihedralKeys(new Set(c.cells)).some((x) => truth.has(x)));
    for (const [i, c] of l.candidates.entries()) {
      if (c.view && cellKey(silhouette(l.cubes, c.view)) !== cellKey(new Set(c.cells))) return 'a true view does not match the object';
      if ((c.view !== null) !== ok[i]) return 'a wrong view matches the object';
    }
    const n = ok.filter(Boolean).length;
    if (n < 1 || n === l.cells.length) return 'need some true and some wrong views';
    if (cubeVisibility(l, l.ref_box).some((v) => v < l.min_visible)) return 'a cube is hidden in the 3D view (measured)';
    if (hiddenGaps(l).length) return 'an empty cell is hidden in the 3D view and filling it changes a view (measured)';
    return null;
  },

  prompt: (_l, style) => say(style.locale, { en: 'Select every true view of the object', zh: '选出该物体所有正确的视图' }),
  header(l, style) {
    let body = tile(style, l.ref_box, style.panel);
    const b = l.ref_box;
    const v = { yaw: l.yaw, pitch: l.pitch, scale: 26, cx: (b[0] + b[2]) / 2, cy: (b[1] + b[3]) / 2 };
    for (const f of polycubeFaces(l.cubes, v, polycubeCentre(l.cubes))) {
      const hue = l.multicolour ? l.hue + f.owner * 47 : l.hue;
      body += path(polyD(f.pts), { fill: hsl(hue, 50, 28 + 42 * shade(f.normal, v)), stroke: hsl(hue, 40, 16), sw: 1.2, extra: 'stroke-linejoin="round"' });
    }
    return body;
  },
  cell(l, i, style) {
    const cell = l.cells[i]!;
    const pts = l.candidates[i]!.cells.map((s) => s.split(',').map(Number) as [number, number]);
    const gw = Math.max(...pts.map((p) => p[0])) + 1;
    const gh = Math.max(...pts.map((p) => p[1])) + 1;
    const u = Math.min(18, (cell[2] - cell[0] - 16) / gw, (cell[3] - cell[1] - 16) / gh);
    const [cx, cy] = boxCenter(cell);
    return pts.map(([x, y]) => {
      const x0 = cx - (gw * u) / 2 + x * u;
      const y0 = cy - (gh * u) / 2 + y * u;
      return boxRect([x0, y0, x0 + u, y0 + u], { fill: hsl(l.hue, 45, style.theme === 'light' ? 60 : 50), stroke: style.text, sw: 1 });
    }).join('');
  },
  hit: (l, i) => l.candidates[i]!.view !== null,
  reasoning(l, locale, m) {
    const hits = l.candidates.map((c, i) => ({ c, i })).filter(({ c }) => c.view);
    const views = hits.map(({ c, i }) => `${cellWords(i, l.cols, locale)} (${say(locale, `viewpoint_select.view_${c.view!}`)}) ${ptText(m, boxCenter(l.cells[i]!))}`);
    return { cubes: l.cubes.length, views: views.join(say(locale, { en: '; ', zh: '、', ja: '、', fr: ' ; ', ar: '؛ ' })) };
  },
});
