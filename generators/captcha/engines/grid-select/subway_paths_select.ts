/**
 * #70 subway_paths_select (group G, visual reasoning, Set+Submit): every cell holds a small subway map
 * (stations joined by straight lines, no crossings); select the cells with exactly k different routes
 * (simple paths, no station twice) from the green station to the red one (NextGen Subway_Paths).
 * Route counts are computed from the graph as drawn; maps with crossing lines or a station lying on a
 * line it does not belong to are rejected.
 */
import type { Box } from '../../../../core/geometry.js';
import type { Rng } from '../../../../core/rng.js';
import { defineKnobs, knob } from '../../engine.js';
import { circle, hsl, line } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { selectLayout } from '../../lib/grids.js';
import { type KnobsOf, cellSelectEngine, perCell, pickHits } from './template.js';

interface Graph {
  nodes: Array<[number, number]>;
  edges: Array<[number, number]>;
  s: number;
  t: number;
}
/** Latent state of subway_paths_select (puzzle px). */
export interface SubwayLatent extends Record<string, unknown> {
  width: number;
  height: number;
  cols: number;
  cells: Box[];
  graphs: Graph[];
  /** Simple-path counts from s to t per cell. */
  routes: number[];
  k: number;
  submit_box: Box;
  hue: number;
}

const KNOBS = defineKnobs({ grid: knob('rows x columns of cells', [2, 3], [3, 3], [3, 3]), stations: knob('stations per map', 4, 5, 6), k: knob('range of the asked route count', [1, 2], [1, 3], [2, 4]) });

const W = 320;

/** Number of simple paths from s to t. */
export function countRoutes(g: Graph): number {
  const adj = g.nodes.map(() => [] as number[]);
  for (const [a, b] of g.edges) {
    adj[a]!.push(b);
    adj[b]!.push(a);
  }
  const seen = new Set<number>();
  const go = (u: number): number => {
    if (u === g.t) return 1;
    seen.add(u);
    let n = 0;
    for (const v of adj[u]!) if (!seen.has(v)) n += go(v);
    seen.delete(u);
    return n;
  };
  return go(g.s);
}

const cross = (a: [number, number], b: [number, number], c: [number, number], d: [number, number]): boolean => {
  const o = (p: [number, number], q: [number, number], r: [number, number]): number => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return o(a, b, c) * o(a, b, d) < 0 && o(c, d, a) * o(c, d, b) < 0;
};
const segDist = (p: [number, number], a: [number, number], b: [number, number]): number => {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
};

/** Why a map is unreadable (crossing lines, station on a foreign line, stations too close), or null. */
export function graphProblem(g: Graph): string | null {
  for (let i = 0; i < g.nodes.length; i++) for (let j = 0; j < i; j++) if (Math.hypot(g.nodes[i]![0] - g.nodes[j]![0], g.nodes[i]![1] - g.nodes[j]![1]) < 22) return 'stations too close';
  for (let i = 0; i < g.edges.length; i++) {
    const [a, b] = g.edges[i]!;
    for (let j = 0; j < i; j++) {
      const [c, d] = g.edges[j]!;
      if (new Set([a, b, c, d]).size === 4 && cross(g.nodes[a]!, g.nodes[b]!, g.nodes[c]!, g.nodes[d]!)) return 'lines cross';
    }
    for (let v = 0; v < g.nodes.length; v++) if (v !== a && v !== b && segDist(g.nodes[v]!, g.nodes[a]!, g.nodes[b]!) < 10) return 'a station lies on a foreign line';
  }
  return null;
}

const dist = (nodes: Array<[number, number]>, e: [number, number]): number => Math.hypot(nodes[e[0]]![0] - nodes[e[1]]![0], nodes[e[0]]![1] - nodes[e[1]]![1]);

function sampleGraph(rng: Rng, c: Box, n: number): Graph {
  const nodes: Array<[number, number]> = [];
  for (let t = 0; t < 200 && nodes.length < n; t++) {
    const p: [number, number] = [rng.int(c[0] + 12, c[2] - 12), rng.int(c[1] + 12, c[3] - 12)];
    if (nodes.every((q) => Math.hypot(q[0] - p[0], q[1] - p[1]) >= 24)) nodes.push(p);
  }
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < nodes.length; i++) for (let j = 0; j < i; j++) pairs.push([j, i]);
  const edges: Array<[number, number]> = [];
  const want = rng.int(n - 1, n + 2);
  // shortest pairs first (with some shuffling) so maps look like transit lines
  const near = rng.shuffle(pairs).sort((p, q) => dist(nodes, p) * rng.float(0.8, 1.25) - dist(nodes, q) * rng.float(0.8, 1.25));
  for (const e of near) {
    if (edges.length >= want) break;
    const g = { nodes, edges: [...edges, e], s: 0, t: 1 };
    if (graphProblem(g) === null) edges.push(e);
  }
  const [s, t] = rng.sample(nodes.map((_, i) => i), 2) as [number, number];
  return { nodes, edges, s, t };
}

/** Engine #70 subway_paths_select (group G, Set+Submit, verifier `click` / `set` + submit). */
export const subwayPathsSelect = cellSelectEngine<SubwayLatent, KnobsOf<typeof KNOBS>>({
  type: 'subway_paths_select', number: 70, group: 'visual_reasoning', knobs: KNOBS,
  sample(rng, kn) {
    const [rows, cols] = kn.grid;
    const lay = selectLayout(rows, cols, 50, 92, 8, W);
    const k = rng.int(kn.k[0], kn.k[1]);
    const hits = pickHits(rng, rows * cols);
    const graphs = lay.cells.map((c, i) => {
      let g = sampleGraph(rng, c, kn.stations);
      for (let t = 0; t < 150; t++) {
        const r = countRoutes(g);
        if (r >= 1 && (r === k) === hits.has(i)) break;
        g = sampleGraph(rng, c, kn.stations);
      }
      return g;
    });
    return { width: W, height: lay.height, cols, cells: lay.cells, graphs, routes: graphs.map(countRoutes), k, submit_box: lay.submit, hue: rng.int(0, 359) };
  },

  validate(l) {
    if (l.graphs.length !== l.cells.length) return 'one map per cell';
    for (const [i, g] of l.graphs.entries()) {
      const why = graphProblem(g);
      if (why) return why;
      if (countRoutes(g) !== l.routes[i]) return 'route counts out of date';
      if (l.routes[i]! < 1) return 'a map has no route';
    }
    const hits = l.routes.filter((r) => r === l.k).length;
    if (hits < 1 || hits === l.cells.length) return 'need some cells with and some without k routes';
    return null;
  },

  prompt: (l, style) => say(style.locale, { en: `Select maps with exactly ${l.k} route${l.k > 1 ? 's' : ''} green→red`.replace('→', ' to '), zh: `选出从绿站到红站恰好有 ${l.k} 条路线的地图` }),
  cell(l, i, style) {
    const g = l.graphs[i]!;
    const edges = g.edges.map(([a, b], j) => line(g.nodes[a]![0], g.nodes[a]![1], g.nodes[b]![0], g.nodes[b]![1], hsl(l.hue + j * 47, 60, style.theme === 'light' ? 50 : 60), 3.5, 'stroke-linecap="round"'));
    const stations = g.nodes.map(([x, y], v) => circle(x, y, v === g.s || v === g.t ? 6.5 : 5, { fill: v === g.s ? '#1db954' : v === g.t ? '#e53935' : style.theme === 'light' ? '#ffffff' : '#1b1e24', stroke: style.text, sw: 1.6 }));
    return edges.join('') + stations.join('');
  },
  hit: (l, i) => l.routes[i] === l.k,
  reasoning: (l, locale) => ({ counts: perCell(l.routes, l.cols, locale), k: l.k }),
  instruction: (l) => ({ k: l.k, p: l.k > 1 ? 's' : '' }),
});
