/**
 * #98 illusory_ribbons_select (group I, Set+Submit): every square holds closed ribbon loops that cross
 * one another; select every square with exactly N loops, then submit (NextGen-CAPTCHAs Illusory_Ribbons:
 * "click all cells where you can count exactly N separate ribbon loops"). Every loop of a square with
 * two or more crosses at least one other, so the loops are only counted by following each band around.
 * Easy: each loop its own colour; medium: neon two-colour gradients cycling along each band (as the
 * benchmark draws them; crossing loops never share one); hard: every loop the same colour, woven (each
 * crossing decides which band passes over), other squares N ± 1 loops.
 *
 * Valid (measured on the drawn centre lines, lib/ribbons.ts): loops inside their square; no loop pinches
 * or folds (self clearance, bend radius); two bands come close only where they cross, at ≥ `MIN_ANGLE`°;
 * crossings are apart (no three bands at one spot, every X separate); at least half of each band is
 * clear of all others; exactly the answer squares hold N loops.
 */
import type { Box } from '../../../../core/geometry.js';
import type { Rng } from '../../../../core/rng.js';
import { defineKnobs, knob } from '../../engine.js';
import type { GridFrame } from '../../lib/grids.js';
import { plainTile } from '../../lib/backdrops.js';
import { path } from '../../lib/draw.js';
import { polyD } from '../../lib/geometry.js';
import { SCENE_COLORS } from '../../lib/palette.js';
import { placeWithRetries } from '../../lib/placement.js';
import { numberEn } from '../../lib/words.js';
import { say } from '../../lib/i18n.js';
import { type Crossing, type RibbonLoop, LOOP_VERTICES, closed, crossingReach, crossings, loopPoints, nearMisses, ptsBounds, selfClearance, visibleShare } from '../../lib/ribbons.js';
import type { Pt } from '../../lib/regions.js';
import { type KnobsOf, answerProblem, countGrid, gridSelectEngine, indicesWhere, perCell } from './template.js';

/** A loop with its colour: a SCENE_COLORS index (solid, plain) or a NEON index with its cycles and phase (gradient). */
interface Loop extends RibbonLoop { color: number; cycles: number; phase: number }
/** Latent state of illusory_ribbons_select (puzzle px). `over[i][k]`: at crossing k of square i (in {@link cellCrossings} order) the later-drawn loop passes over (1) or under (0). */
export interface IllusoryRibbonsLatent extends Record<string, unknown> { frame: GridFrame; n: number; look: 'solid' | 'gradient' | 'plain'; cells: Loop[][]; over: number[][]; answer: number[] }

const KNOBS = defineKnobs({ n: knob('target number of loops', [2, 3], [2, 4], [3, 4]), loops: knob('loops per square, range', [1, 3], [1, 4], [2, 4]), near: knob('other squares hold N ± 1 loops', false, false, true), look: knob('band colouring: own colour per loop, neon gradients, one colour for all', 'solid' as const, 'gradient' as const, 'plain' as const), weave: knob('bands pass over and under at crossings (else one depth per loop)', false, false, true) });
/** Band width and outline (each side), puzzle px; smallest crossing angle, degrees; clear gap between bands that do not cross, px. */
export const BAND = { w: 5, edge: 1, minAngle: 40, gap: 3 } as const;
/** Neon gradient pairs (NextGen-CAPTCHAs Illusory_Ribbons' palette). */
export const NEON: ReadonlyArray<[string, string]> = [['#ff3232', '#32ffff'], ['#e6d200', '#9632ff'], ['#28d264', '#ff32c8'], ['#3296ff', '#ffb432'], ['#aadc28', '#ff6496']];
const CLEAR = BAND.w + 2 * BAND.edge + BAND.gap; // centre-line distance of two bands that do not cross

/** Every crossing of a square, pair by pair (i < j), each pair's in order along loop i; with the loop indices. */
export function cellCrossings(pts: readonly Pt[][]): Array<Crossing & { i: number; j: number }> {
  const out: Array<Crossing & { i: number; j: number }> = [];
  for (let i = 0; i < pts.length; i++) for (let j = i + 1; j < pts.length; j++) out.push(...crossings(pts[i]!, pts[j]!).map((x) => ({ ...x, i, j })));
  return out;
}

/**
 * Null when the loops of one square (drawn in order) are countable by following each band, else why
 * not. Loops before `from` are taken as already checked among themselves (sampling adds one at a time).
 */
export function loopsProblem(loops: readonly RibbonLoop[], tile: readonly [number, number, number, number], from = 0): string | null {
  const pts = loops.map(loopPoints);
  for (const p of pts.slice(from)) {
    const b = ptsBounds(p, BAND.w / 2 + BAND.edge + 2);
    if (b[0] < tile[0] || b[1] < tile[1] || b[2] > tile[2] || b[3] > tile[3]) return 'a loop leaves its square';
    const s = selfClearance(p, 2.5 * CLEAR);
    if (s.gap < CLEAR || s.bend < BAND.w) return 'a loop pinches or folds onto itself';
  }
  const xs = cellCrossings(pts);
  for (let j = Math.max(1, from); j < pts.length; j++) for (let i = 0; i < j; i++) {
    const own = xs.filter((x) => x.i === i && x.j === j);
    if (own.length % 2) return 'two loops touch: odd number of crossings';
    if (own.some((x) => x.angle < BAND.minAngle)) return 'bands cross at too shallow an angle';
    if (nearMisses(pts[i]!, pts[j]!, own, CLEAR) || nearMisses(pts[j]!, pts[i]!, own, CLEAR)) return 'two bands touch or run alongside without crossing';
  }
  const reach = (x: Crossing): number => crossingReach(x.angle, BAND.w, BAND.edge);
  for (let a = 0; a < xs.length; a++) for (let b = 0; b < a; b++) {
    const [p, q] = [xs[a]!, xs[b]!];
    if (p.j < from && q.j < from) continue;
    const shared = p.i === q.i || p.i === q.j || p.j === q.i || p.j === q.j;
    if (Math.hypot(p.at[0] - q.at[0], p.at[1] - q.at[1]) < (shared ? reach(p) + reach(q) : CLEAR + 4)) return 'two crossings too close: bands not followable there';
  }
  if (pts.length > 1 && pts.some((_, i) => !xs.some((x) => x.i === i || x.j === i))) return 'a loop crosses no other';
  if (pts.some((p, i) => visibleShare(p, pts.filter((_, j) => j !== i), BAND.w / 2 + BAND.edge) < 0.5)) return 'a band is hidden for more than half its length';
  return null;
}

/** Stroke of a band along `pts` (closed loop or open piece): outline (`edge`) then fill, colour per vertex from `colorAt`. */
function band(pts: readonly Pt[], idx: readonly number[], colorAt: (i: number) => string, ends: 'closed' | 'open', edge: string): string {
  const line = ends === 'closed' ? closed(pts) : pts;
  // an open piece's outline stops one vertex short of its fill, so no outline seam shows across the band where the piece ends
  let s = path(ends === 'closed' ? polyD(pts, true) : polyD(line.slice(1, -1), false), { stroke: edge, sw: BAND.w + 2 * BAND.edge, extra: 'stroke-linejoin="round" stroke-linecap="butt"' });
  for (let k = 0; k + 1 < line.length; k += 2) {
    const run = line.slice(k, k + 4);
    s += path(polyD(run, false), { stroke: colorAt(idx[(k + 1) % idx.length]!), sw: BAND.w, extra: 'stroke-linejoin="round" stroke-linecap="round"' }); // round caps stay inside the outline and close the joins between runs
  }
  return s;
}
const mix = (a: string, b: string, t: number): string => '#' + [1, 3, 5].map((o) => Math.round(parseInt(a.slice(o, o + 2), 16) * (1 - t) + parseInt(b.slice(o, o + 2), 16) * t).toString(16).padStart(2, '0')).join('');
function colorOf(l: IllusoryRibbonsLatent, o: Loop): (i: number) => string {
  if (l.look !== 'gradient') return () => SCENE_COLORS[o.color]!.fill;
  const [a, b] = NEON[o.color]!;
  return (i) => {
    const raw = ((i / LOOP_VERTICES) * o.cycles + o.phase) % 1;
    return mix(a, b, raw < 0.5 ? raw * 2 : 2 * (1 - raw));
  };
}

/** Loop radius range (puzzle px) by the number of loops in a 150 px square. */
const RADIUS: Record<number, [number, number]> = { 1: [26, 36], 2: [23, 31], 3: [20, 27], 4: [18, 24] };
const r2 = (v: number): number => Math.round(v * 100) / 100;

/**
 * A loop proposed next to the last (or second-last) loop placed, crossing it, turned (of 12 random
 * directions) to where it stays inside the square and either crosses each other loop cleanly (centre
 * distance 0.45–0.85 of the radii sum) or stays clear of it.
 */
function proposeLoop(rng: Rng, loops: readonly Loop[], tile: Box, r0: number, r1: number): Loop {
  const r = r2(rng.float(r0, r1));
  const [mx, my, size] = [(tile[0] + tile[2]) / 2, (tile[1] + tile[3]) / 2, tile[2] - tile[0]];
  let at: [number, number] = [mx, my];
  const near = loops.length ? (loops[loops.length - 1 - (rng.bool(0.3) ? 1 : 0)] ?? loops[0]!) : null;
  if (!near) {
    const [a, d] = [rng.float(0, 2 * Math.PI), rng.float(0, size * 0.2)];
    at = [mx + d * Math.cos(a), my + d * Math.sin(a)];
  } else {
    const d = (near.r + r) * rng.float(0.45, 0.7);
    let best = -Infinity;
    for (let j = 0; j < 12; j++) {
      const a = rng.float(0, 2 * Math.PI);
      const [x, y] = [near.cx + d * Math.cos(a), near.cy + d * Math.sin(a)];
      const room = 2 * Math.min(x - r - tile[0], y - r - tile[1], tile[2] - x - r, tile[3] - y - r);
      const score = Math.min(room, ...loops.filter((o) => o !== near).map((o) => {
        const [dist, sum] = [Math.hypot(o.cx - x, o.cy - y), o.r + r];
        return Math.max(Math.min(dist / sum - 0.45, 0.85 - dist / sum) * sum, dist - sum - 4);
      }));
      if (score > best) [best, at] = [score, [x, y]];
    }
  }
  const harmonics = Array.from({ length: 2 }, (): [number, number, number] => [r2(rng.float(0.03, 0.1)), rng.int(2, 3), r2(rng.float(0, 6.28))]);
  return { cx: Math.round(at[0] * 10) / 10, cy: Math.round(at[1] * 10) / 10, r, rot: r2(rng.float(0, 6.28)), harmonics, color: 0, cycles: rng.int(2, 4), phase: r2(rng.float(0, 1)) };
}

/** Engine #98 illusory_ribbons_select (group I, Set+Submit, verifier `click`/`set` + submit). */
export const illusoryRibbonsSelect = gridSelectEngine<IllusoryRibbonsLatent, KnobsOf<typeof KNOBS>>({
  type: 'illusory_ribbons_select', number: 98, knobs: KNOBS,
  sample(rng, k) {
    const { frame, n, answer } = countGrid(rng, [2, 2], 150, k.n, [1, 2]);
    const others = (k.near ? [n - 1, n + 1] : [1, 2, 3, 4].filter((c) => c !== n)).filter((c) => c >= k.loops[0] && c <= k.loops[1]);
    const plain = rng.int(0, SCENE_COLORS.length - 1);
    const cells = frame.tiles.map((tile, ti) => {
      const want = answer.includes(ti) ? n : rng.pick(others);
      const [r0, r1] = RADIUS[want] ?? RADIUS[4]!;
      let best: Loop[] = [];
      for (let attempt = 0; attempt < 6 && best.length < want; attempt++) {
        const loops: Loop[] = [];
        for (let m = 0; m < want; m++) {
          const o = placeWithRetries(30, () => proposeLoop(rng, loops, tile, r0, r1), (c) => loopsProblem([...loops, c], tile, loops.length) === null);
          if (!o) break;
          loops.push(o);
        }
        if (loops.length > best.length) best = loops;
      }
      // colours: solid = all different; gradient = crossing loops different; plain = one colour
      const pts = best.map(loopPoints);
      const xs = cellCrossings(pts);
      best.forEach((o, i) => {
        const pool = k.look === 'solid' ? SCENE_COLORS.length : NEON.length;
        const taken = new Set(best.slice(0, i).filter((_, j) => k.look === 'solid' || xs.some((x) => x.i === j && x.j === i)).map((p) => p.color));
        o.color = k.look === 'plain' ? plain : rng.pick([...Array(pool).keys()].filter((c) => !taken.has(c)));
      });
      return best;
    });
    const over = cells.map((c) => (k.weave ? cellCrossings(c.map(loopPoints)).map(() => rng.int(0, 1)) : []));
    return { frame, n, look: k.look, cells, over, answer };
  },

  validate(l) {
    if (l.cells.length !== l.frame.tiles.length) return 'one square per tile needed';
    for (let i = 0; i < l.cells.length; i++) {
      const loops = l.cells[i]!;
      if (!loops.length) return 'empty square';
      const why = loopsProblem(loops, l.frame.tiles[i]!);
      if (why) return why;
      const xs = cellCrossings(loops.map(loopPoints));
      if (l.over[i]!.length !== 0 && l.over[i]!.length !== xs.length) return 'over/under list does not match the crossings';
      if (l.look === 'solid' && new Set(loops.map((o) => o.color)).size !== loops.length) return 'two loops share a colour';
      if (l.look === 'gradient' && xs.some((x) => loops[x.i]!.color === loops[x.j]!.color)) return 'crossing loops share a gradient';
      if (l.look === 'plain' && loops.some((o) => o.color !== loops[0]!.color)) return 'plain loops differ in colour';
      if (loops.some((o) => o.color < 0 || o.color >= (l.look === 'gradient' ? NEON.length : SCENE_COLORS.length))) return 'colour outside the palette';
    }
    return answerProblem(l.answer, indicesWhere(l.cells, (c) => c.length === l.n), l.cells.length, 'answer does not list exactly the squares with N loops', 'need matching and other squares');
  },

  tiles: (l, style, rng) => l.frame.tiles.map((b, ti) => {
    const loops = l.cells[ti]!;
    const pts = loops.map(loopPoints);
    const all = [...Array(LOOP_VERTICES).keys()];
    const edge = style.theme === 'light' ? '#2b2b2b' : '#eceff3'; // the band outline stands out from the tile
    let s = plainTile(rng, b, style) + loops.map((o, i) => band(pts[i]!, all, colorOf(l, o), 'closed', edge)).join('');
    // woven: where the earlier-drawn loop passes over, draw its band again across the crossing
    cellCrossings(pts).forEach((x, k) => {
      if (l.over[ti]![k] !== 0) return;
      const p = pts[x.i]!;
      const seg = Math.hypot(p[1]![0] - p[0]![0], p[1]![1] - p[0]![1]);
      const m = Math.ceil(crossingReach(x.angle, BAND.w, BAND.edge) / Math.max(seg, 0.5)) + 1;
      const idx = Array.from({ length: 2 * m + 2 }, (_, j) => (x.segA - m + j + LOOP_VERTICES) % LOOP_VERTICES);
      s += band(idx.map((j) => p[j]!), idx, colorOf(l, loops[x.i]!), 'open', edge);
    });
    return s;
  }),
  prompt: (l, style) => ({ lead: say(style.locale, { en: 'Select every square with exactly', zh: '请选择恰好有' }), big: say(style.locale, { en: `${l.n} (${numberEn(l.n)}) ribbon loops`, zh: `${l.n} 条环形丝带的方格` }) }),
  reasoning: (l, locale) => ({ counts: perCell(l.cells.map((c) => c.length), l.frame.cols, locale), n: l.n }),
  // the text describes what this picture shows: own colours (easy), gradients (medium), weaving only when woven (hard)
  instruction: (l, locale) => ({ n: l.n, how: say(locale, `illusory_ribbons_select.how_${l.over.some((o) => o.length > 0) ? 'woven' : l.look === 'solid' ? 'solid' : 'gradient'}`) }),
});
