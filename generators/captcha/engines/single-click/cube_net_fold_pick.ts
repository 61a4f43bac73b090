/**
 * #66 cube_net_fold_pick (group G, visual reasoning, Click): a cube net with a coloured symbol on each
 * face and four drawn cubes; exactly one cube can be folded from the net (NextGen Box_Folding,
 * Spatial-CAPTCHA-Bench). The others show two faces that are opposite on the folded cube, or the
 * right three faces in mirrored order. Verifier `click` / `any` with the consistent cube's cell.
 *
 * Consistency is computed by folding the net (proj3d `foldNet`: body normal of each face); a cube view
 * showing faces (top, left, right) is consistent iff their normals are pairwise perpendicular and
 * det[left, right, top] = +1 (the handedness of the drawn view). Symbols have four-fold symmetry, so a
 * face's turn on the cube does not matter.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob, IDENTITY_AFFINE } from '../../engine.js';
import { boxRect, hsl, path, ptText } from '../../lib/draw.js';
import { type OtherLocaleForms, say, wordIn } from '../../lib/i18n.js';
import { singleClickEngine } from './template.js';
import { chrome, tile } from '../../lib/controls.js';
import { gridBoxes } from '../../lib/grids.js';
import { optWord } from '../../lib/pager.js';
import { polyD, regularPts } from '../../lib/geometry.js';
import { CUBE_NETS, type V3, det3, foldNet, project } from '../../lib/proj3d.js';

/** Symbols with four-fold symmetry (a quarter turn leaves them unchanged). */
export const FACE_SYMBOLS = ['dot', 'ring', 'plus', 'target', 'square', 'dots4'] as const;
type Sym = (typeof FACE_SYMBOLS)[number];
const SYM_NAMES: Record<Sym, [string, string]> = {
  dot: ['dot', '圆点'], ring: ['ring', '圆环'], plus: ['plus', '十字'], target: ['target', '靶心'], square: ['square', '方块'], dots4: ['four dots', '四个点'],
};
/** The face symbols' names in the other locales (bare nouns, as labels of a face). */
const SYM_OTHER: Record<Sym, OtherLocaleForms<string>> = {
  dot: { ja: '点', de: 'Punkt', es: 'punto', fr: 'point', ar: 'نقطة' },
  ring: { ja: '輪', de: 'Ring', es: 'anillo', fr: 'anneau', ar: 'حلقة' },
  plus: { ja: '十字', de: 'Plus', es: 'cruz', fr: 'croix', ar: 'علامة زائد' },
  target: { ja: '的', de: 'Zielscheibe', es: 'diana', fr: 'cible', ar: 'هدف' },
  square: { ja: '四角', de: 'Quadrat', es: 'cuadrado', fr: 'carré', ar: 'مربع' },
  dots4: { ja: '4つの点', de: 'vier Punkte', es: 'cuatro puntos', fr: 'quatre points', ar: 'أربع نقاط' },
};

/** Latent state of cube_net_fold_pick (puzzle px). */
export interface CubeNetLatent extends Record<string, unknown> {
  width: number;
  height: number;
  /** Net cells (col, row) and the face index on each. */
  net: Array<[number, number]>;
  /** Symbol and hue of face i (i = index into `net`). */
  faces: Array<{ sym: Sym; hue: number }>;
  /** Candidate cubes: face indices shown on (top, left, right). */
  candidates: Array<[number, number, number]>;
  cells: Box[];
  net_box: Box;
  answer: number;
}

const KNOBS = defineKnobs({ mirrors: knob('wrong cubes with the right faces in mirrored order (the others show two opposite faces)', 0, 1, 2), colour: knob('faces differ in colour as well as symbol', true, true, false) });

const W = 320;
const H = 300;
const key = (v: V3): string => v.join(',');
const dot3 = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** Whether a view (top, left, right) of faces can come from folding the net. */
export function consistentView(normals: readonly V3[], tlr: readonly [number, number, number]): boolean {
  const [t, l, r] = tlr.map((i) => normals[i]!) as [V3, V3, V3];
  if (dot3(t, l) !== 0 || dot3(t, r) !== 0 || dot3(l, r) !== 0) return false;
  return det3(l, r, t) === 1;
}

function symbolPts(sym: Sym, size: number): Array<Array<[number, number]>> {
  const s = size;
  switch (sym) {
    case 'dot': return [regularPts(20, 0, 0, s * 0.55)];
    case 'ring': return [regularPts(20, 0, 0, s * 0.62), regularPts(20, 0, 0, s * 0.36)];
    case 'plus': return [[[-0.2, -0.65], [0.2, -0.65], [0.2, -0.2], [0.65, -0.2], [0.65, 0.2], [0.2, 0.2], [0.2, 0.65], [-0.2, 0.65], [-0.2, 0.2], [-0.65, 0.2], [-0.65, -0.2], [-0.2, -0.2]].map(([x, y]) => [x! * s, y! * s] as [number, number])];
    case 'target': return [regularPts(20, 0, 0, s * 0.7), regularPts(20, 0, 0, s * 0.5), regularPts(16, 0, 0, s * 0.22)];
    case 'square': return [[[-0.45, -0.45], [0.45, -0.45], [0.45, 0.45], [-0.45, 0.45]].map(([x, y]) => [x! * s, y! * s] as [number, number])];
    case 'dots4': return [[-0.38, -0.38], [0.38, -0.38], [-0.38, 0.38], [0.38, 0.38]].map(([x, y]) => regularPts(12, x! * s, y! * s, s * 0.2));
  }
}

/** Engine #66 cube_net_fold_pick (group G, Click, verifier `click` / `any`). */
export const cubeNetFoldPick = singleClickEngine<CubeNetLatent, typeof KNOBS>({
  type: 'cube_net_fold_pick',
  number: 66,
  group: 'visual_reasoning',
  knobs: KNOBS,

  sample(rng, k, difficulty) {
    let net = rng.pick(CUBE_NETS).map(([c, r]) => [c, r] as [number, number]);
    const turns = rng.int(0, 3);
    for (let t = 0; t < turns; t++) net = net.map(([c, r]) => [-r, c] as [number, number]);
    const mc = Math.min(...net.map((p) => p[0]));
    const mr = Math.min(...net.map((p) => p[1]));
    net = net.map(([c, r]) => [c - mc, r - mr] as [number, number]);
    const syms = rng.shuffle([...FACE_SYMBOLS]);
    const base = rng.int(0, 359);
    const faces = syms.map((sym, i) => ({ sym, hue: k.colour ? (base + i * 60) % 360 : base }));
    const normals = foldNet(net) ?? [];
    // every (top, left, right) triple of pairwise perpendicular faces
    const triples: Array<[number, number, number]> = [];
    for (let t = 0; t < 6; t++) for (let a = 0; a < 6; a++) for (let b = 0; b < 6; b++) if (t !== a && t !== b && a !== b) triples.push([t, a, b]);
    const perp = triples.filter(([t, a, b]) => normals.length === 6 && dot3(normals[t]!, normals[a]!) === 0 && dot3(normals[t]!, normals[b]!) === 0 && dot3(normals[a]!, normals[b]!) === 0);
    const good = perp.filter((x) => consistentView(normals, x));
    const mirrored = perp.filter((x) => !consistentView(normals, x));
    const opposite = triples.filter(([t, a, b]) => normals.length === 6 && [[t, a], [t, b], [a, b]].some(([p, q]) => key(normals[p!]!.map((x) => -x) as V3) === key(normals[q!]!)));
    const right = rng.pick(good.length ? good : [[0, 1, 2] as [number, number, number]]);
    const decoys: Array<[number, number, number]> = [];
    // a mirrored decoy uses the right cube's faces with left and right swapped when possible
    const pool = [...rng.sample(mirrored, Math.min(k.mirrors, mirrored.length)), ...rng.shuffle(opposite)];
    for (const d of pool) {
      if (decoys.length >= 3) break;
      if ([right, ...decoys].some((x) => x.join() === d.join())) continue;
      decoys.push(d);
    }
    const cands = rng.shuffle([right, ...decoys]);
    return { width: W, height: H, net, faces, candidates: cands, cells: gridBoxes([14, 186, 306, 270], 1, 4, 8), net_box: [14, 44, 306, 178], answer: cands.findIndex((c) => c === right) };
  },

  validate(l) {
    const normals = foldNet(l.net);
    if (!normals) return 'cells are not a cube net';
    if (l.candidates.length !== 4 || l.cells.length !== 4) return 'need four candidates';
    const ok = l.candidates.map((c) => consistentView(normals, c));
    if (ok.filter(Boolean).length !== 1 || !ok[l.answer]) return 'exactly one cube must fold from the net';
    if (new Set(l.candidates.map((c) => c.join())).size !== 4) return 'duplicate candidates';
    if (new Set(l.faces.map((f) => f.sym)).size !== 6) return 'faces need six different symbols';
    return null;
  },

  picture(l, style, rng) {
    let body = chrome(style, l.width, l.height, say(style.locale, 'cube_net_fold_pick.title'));
    body += tile(style, l.net_box, style.panel);
    const cols = Math.max(...l.net.map((p) => p[0])) + 1;
    const rows = Math.max(...l.net.map((p) => p[1])) + 1;
    const cs = Math.min(Math.floor((l.net_box[2] - l.net_box[0] - 16) / cols), Math.floor((l.net_box[3] - l.net_box[1] - 12) / rows), 34);
    const ox = (l.net_box[0] + l.net_box[2] - cols * cs) / 2;
    const oy = (l.net_box[1] + l.net_box[3] - rows * cs) / 2;
    const faceFill = (i: number): string => hsl(l.faces[i]!.hue, 55, 80);
    const symFill = (i: number): string => hsl(l.faces[i]!.hue, 60, 32);
    l.net.forEach(([c, r], i) => {
      const x = ox + c * cs;
      const y = oy + r * cs;
      body += boxRect([x, y, x + cs, y + cs], { fill: faceFill(i), stroke: '#333', sw: 1.2 });
      body += path(symbolPts(l.faces[i]!.sym, cs * 0.42).map((poly) => polyD(poly.map(([px, py]) => [x + cs / 2 + px, y + cs / 2 + py]))).join(''), { fill: symFill(i), extra: 'fill-rule="evenodd"' });
    });
    l.candidates.forEach((cand, j) => {
      const b = l.cells[j]!;
      body += tile(style, b);
      const [cx, cy] = boxCenter(b);
      const v = { yaw: -45, pitch: 30, scale: 38, cx, cy: cy + 2 };
      // faces: top (+Y), left (+Z), right (+X); centres and in-plane axes in world units
      const faceDefs: Array<{ c: V3; u: V3; w: V3; n: number }> = [
        { c: [0, 0.5, 0], u: [1, 0, 0], w: [0, 0, 1], n: cand[0] },
        { c: [0, 0, 0.5], u: [1, 0, 0], w: [0, -1, 0], n: cand[1] },
        { c: [0.5, 0, 0], u: [0, 0, -1], w: [0, -1, 0], n: cand[2] },
      ];
      for (const f of faceDefs) {
        const P = (a: number, bb: number): [number, number] => {
          const p = project([f.c[0] + a * f.u[0] + bb * f.w[0], f.c[1] + a * f.u[1] + bb * f.w[1], f.c[2] + a * f.u[2] + bb * f.w[2]], v);
          return [p.x, p.y];
        };
        body += path(polyD([P(-0.5, -0.5), P(0.5, -0.5), P(0.5, 0.5), P(-0.5, 0.5)]), { fill: faceFill(f.n), stroke: '#333', sw: 1.2, extra: 'stroke-linejoin="round"' });
        body += path(symbolPts(l.faces[f.n]!.sym, 0.42).map((poly) => polyD(poly.map(([a, bb]) => P(a, bb)))).join(''), { fill: symFill(f.n), extra: 'fill-rule="evenodd"' });
      }
    });
    return { svg: body };
  },

  target: (l) => ({ boxes: [l.cells[l.answer]!] }),

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const normals = foldNet(l.net)!;
    const name = (i: number): string => wordIn(locale, SYM_NAMES[l.faces[i]!.sym][0], SYM_NAMES[l.faces[i]!.sym][1], SYM_OTHER[l.faces[i]!.sym], (w) => w);
    const opp = (i: number): number => normals.findIndex((n) => key(n) === key(normals[i]!.map((x) => -x) as V3));
    const pairs = [0, 1, 2, 3, 4, 5].filter((i) => i < opp(i)).map((i) => `${name(i)}–${name(opp(i))}`);
    const at = ptText(m, boxCenter(l.cells[l.answer]!));
    const why = l.candidates.map((c, j) => {
      if (j === l.answer) return null;
      const [t, a, b] = c;
      const o = [[t, a], [t, b], [a, b]].find(([p, q]) => opp(p!) === q);
      if (o) return say(locale, 'cube_net_fold_pick.why_opposite', { option: optWord(j, locale), a: name(o[0]!), b: name(o[1]!) });
      return say(locale, 'cube_net_fold_pick.why_mirrored', { option: optWord(j, locale) });
    }).filter(Boolean);
    return say(locale, 'cube_net_fold_pick.reasoning', {
      pairs: pairs.join(say(locale, 'cube_net_fold_pick.pair_sep')), why: why.join(say(locale, 'cube_net_fold_pick.why_sep')), option: optWord(l.answer, locale), at,
    });
  },

});
