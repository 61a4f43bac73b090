/**
 * #61 path_navigate_arrows (group G, visual reasoning, Arrows×k+Submit): a maze with a token and a goal
 * flag, and a four-way arrow pad; each press moves the token one cell if no wall is in the way. The maze
 * is perfect (one path between any two cells). Gold: the arrow of each step of that path in order, then
 * Submit. Verifier `presses` with the maze's walls: a press into a wall does nothing, and any sequence
 * that leaves the token on the flag (a detour into a dead end and back included) is right.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import type { Rng } from '../../../../core/rng.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxRect, hsl, line, path, ptText } from '../../lib/draw.js';
import { iconSvg } from '../../lib/icons.js';
import { type ArrowDir, arrowGlyph, glyphButton, submitButton } from '../../lib/controls.js';
import { arabicCount, say } from '../../lib/i18n.js';
import { gridBoxes } from '../../lib/grids.js';
import { polyD } from '../../lib/geometry.js';
import { arrowsEngine, listSep } from './template.js';

const BIT: Record<ArrowDir, number> = { up: 1, right: 2, down: 4, left: 8 };
const DELTA: Record<ArrowDir, [number, number]> = { up: [0, -1], right: [1, 0], down: [0, 1], left: [-1, 0] };
const OPP: Record<ArrowDir, ArrowDir> = { up: 'down', down: 'up', left: 'right', right: 'left' };
const DIRS: ArrowDir[] = ['up', 'right', 'down', 'left'];
/** Direction words of the reasoning's runs and presses ("3 Felder nach oben", "flecha hacia arriba"); ar: the direction after a count. */
const RUN_WORDS: Record<'ja' | 'de' | 'es' | 'fr' | 'ar', Record<ArrowDir, string>> = {
  ja: { up: '上', down: '下', left: '左', right: '右' },
  de: { up: 'oben', down: 'unten', left: 'links', right: 'rechts' },
  es: { up: 'arriba', down: 'abajo', left: 'la izquierda', right: 'la derecha' },
  fr: { up: 'le haut', down: 'le bas', left: 'la gauche', right: 'la droite' },
  ar: { up: 'إلى الأعلى', down: 'إلى الأسفل', left: 'إلى اليسار', right: 'إلى اليمين' },
};
/** Arabic names of the arrow buttons (سهم الأعلى "the up arrow"). */
const PRESS_AR: Record<ArrowDir, string> = { up: 'الأعلى', down: 'الأسفل', left: 'اليسار', right: 'اليمين' };

/** Latent state of path_navigate_arrows (puzzle px; cells row-major). */
export interface PathNavLatent extends Record<string, unknown> {
  width: number;
  height: number;
  n: number;
  cells: Box[];
  /** Open sides per cell as a bitmask (1 up, 2 right, 4 down, 8 left). */
  open: number[];
  start: number;
  goal: number;
  /** The unique path's moves. */
  moves: ArrowDir[];
  buttons: Record<ArrowDir, Box>;
  submit_box: Box;
  hue: number;
}

const KNOBS = defineKnobs({ n: knob('maze size (n x n cells)', 3, 4, 5), path: knob('range of path length (moves)', [2, 4], [3, 6], [5, 9]) });

const W = 320;

function carve(rng: Rng, n: number): number[] {
  const open = new Array<number>(n * n).fill(0);
  const stack = [rng.int(0, n * n - 1)];
  const seen = new Set([stack[0]!]);
  while (stack.length) {
    const c = stack[stack.length - 1]!;
    const x = c % n;
    const y = Math.floor(c / n);
    const nb = rng.shuffle(DIRS).filter((d) => {
      const [dx, dy] = DELTA[d];
      const nx = x + dx;
      const ny = y + dy;
      return nx >= 0 && ny >= 0 && nx < n && ny < n && !seen.has(ny * n + nx);
    });
    if (!nb.length) {
      stack.pop();
      continue;
    }
    const d = nb[0]!;
    const t = (y + DELTA[d][1]) * n + x + DELTA[d][0];
    open[c]! |= BIT[d];
    open[t]! |= BIT[OPP[d]];
    seen.add(t);
    stack.push(t);
  }
  return open;
}

/** Shortest move sequence from a to b through open sides (BFS), or null. */
export function solveMaze(open: readonly number[], n: number, a: number, b: number): ArrowDir[] | null {
  const prev = new Map<number, [number, ArrowDir]>();
  const q = [a];
  const seen = new Set([a]);
  while (q.length) {
    const c = q.shift()!;
    if (c === b) break;
    for (const d of DIRS) {
      if (!(open[c]! & BIT[d])) continue;
      const x = (c % n) + DELTA[d][0];
      const y = Math.floor(c / n) + DELTA[d][1];
      if (x < 0 || y < 0 || x >= n || y >= n) continue;
      const t = y * n + x;
      if (seen.has(t)) continue;
      seen.add(t);
      prev.set(t, [c, d]);
      q.push(t);
    }
  }
  if (!seen.has(b)) return null;
  const out: ArrowDir[] = [];
  for (let c = b; c !== a; ) {
    const [p, d] = prev.get(c)!;
    out.unshift(d);
    c = p;
  }
  return out;
}

/** Engine #61 path_navigate_arrows (group G, Arrows×k+Submit, verifier `presses`). */
export const pathNavigateArrows = arrowsEngine<PathNavLatent, typeof KNOBS>({
  type: 'path_navigate_arrows',
  group: 'visual_reasoning',
  number: 61,
  knobs: KNOBS,

  sample(rng, k) {
    const open = carve(rng, k.n);
    const N = k.n * k.n;
    let start = 0;
    let goal = 1;
    let moves: ArrowDir[] = [];
    for (let t = 0; t < 100; t++) {
      start = rng.int(0, N - 1);
      goal = rng.int(0, N - 1);
      moves = start === goal ? [] : solveMaze(open, k.n, start, goal) ?? [];
      if (moves.length >= k.path[0] && moves.length <= k.path[1]) break;
    }
    const cell = Math.floor(180 / k.n);
    const area: Box = [14, 50, 14 + cell * k.n, 50 + cell * k.n];
    const cx = 252;
    return {
      width: W,
      height: 246,
      n: k.n,
      cells: gridBoxes(area, k.n, k.n, 0),
      open,
      start,
      goal,
      moves,
      buttons: { up: [cx - 18, 64, cx + 18, 100], down: [cx - 18, 140, cx + 18, 176], left: [cx - 54, 102, cx - 18, 138], right: [cx + 18, 102, cx + 54, 138] },
      submit_box: [198, 196, 306, 232],
      hue: rng.int(0, 359),
    };
  },

  validate(l) {
    const N = l.n * l.n;
    if (l.open.length !== N || l.cells.length !== N) return 'maze size mismatch';
    // perfect maze: N - 1 passages and everything reachable
    const edges = l.open.reduce((a, o) => a + ((o & 2) ? 1 : 0) + ((o & 4) ? 1 : 0), 0);
    if (edges !== N - 1) return 'maze is not perfect (several paths)';
    const path = solveMaze(l.open, l.n, l.start, l.goal);
    if (!path || path.length === 0) return 'goal not reachable or equal to start';
    if (path.join() !== l.moves.join()) return 'moves are not the path';
    if (path.length > 10) return 'path too long';
    return null;
  },

  picture(l, style) {
    let body = '';
    const a = l.cells[0]!;
    const cw = a[2] - a[0];
    const all: Box = [a[0], a[1], l.cells[l.n * l.n - 1]![2], l.cells[l.n * l.n - 1]![3]];
    body += boxRect(all, { fill: hsl(l.hue, 25, style.theme === 'light' ? 94 : 20) });
    const wall = style.theme === 'light' ? '#2b2f36' : '#e0e3e8';
    l.cells.forEach((c, i) => {
      const o = l.open[i]!;
      if (!(o & 1)) body += line(c[0], c[1], c[2], c[1], wall, 3, 'stroke-linecap="round"');
      if (!(o & 8)) body += line(c[0], c[1], c[0], c[3], wall, 3, 'stroke-linecap="round"');
      if (!(o & 2) && i % l.n === l.n - 1) body += line(c[2], c[1], c[2], c[3], wall, 3, 'stroke-linecap="round"');
      if (!(o & 4) && Math.floor(i / l.n) === l.n - 1) body += line(c[0], c[3], c[2], c[3], wall, 3, 'stroke-linecap="round"');
    });
    const [gx, gy] = boxCenter(l.cells[l.goal]!);
    body += line(gx - cw * 0.12, gy + cw * 0.3, gx - cw * 0.12, gy - cw * 0.3, wall, 2);
    body += path(polyD([[gx - cw * 0.12, gy - cw * 0.3], [gx + cw * 0.25, gy - cw * 0.18], [gx - cw * 0.12, gy - cw * 0.04]]), { fill: '#e53935' });
    const [sx, sy] = boxCenter(l.cells[l.start]!);
    body += iconSvg('circle', sx, sy, cw * 0.26, 0, hsl(l.hue, 75, 48), 'stroke="#ffffff" stroke-width="2"');
    for (const d of DIRS) body += glyphButton(style, l.buttons[d], (cx, cy, r, c) => arrowGlyph(cx, cy, r, d, c));
    body += submitButton(style, l.submit_box);
    return { svg: body };
  },

  gold: (l) => ({
    presses: {
      buttons: DIRS.map((d) => ({ box: l.buttons[d], move: DELTA[d] })),
      grid: [l.n, l.n],
      start: [l.start % l.n, Math.floor(l.start / l.n)],
      goals: [[l.goal % l.n, Math.floor(l.goal / l.n)]],
      edge: 'clamp',
      open: l.open,
      submit: l.submit_box,
      gold: l.moves.map((d) => DIRS.indexOf(d)),
    },
  }),

  reasoning(l, locale, m) {
    const zh: Record<ArrowDir, string> = { up: '上', down: '下', left: '左', right: '右' };
    const runs: Array<[ArrowDir, number]> = [];
    for (const d of l.moves) {
      const last = runs[runs.length - 1];
      if (last && last[0] === d) last[1]++;
      else runs.push([d, 1]);
    }
    return {
      runs: runs.map(([d, k]) => say(locale, {
        en: `${k} ${d}`, zh: `向${zh[d]} ${k} 格`, ja: `${RUN_WORDS.ja[d]}へ ${k} マス`, de: `${k} Feld${k > 1 ? 'er' : ''} nach ${RUN_WORDS.de[d]}`,
        es: `${k} casilla${k > 1 ? 's' : ''} hacia ${RUN_WORDS.es[d]}`, fr: `${k} case${k > 1 ? 's' : ''} vers ${RUN_WORDS.fr[d]}`,
        ar: `${arabicCount(k, { one: 'خلية واحدة', two: 'خليتان', few: 'خلايا', many: 'خلية' })} ${RUN_WORDS.ar[d]}`,
      })).join(listSep(locale)),
      presses: runs.map(([d, k]) => {
        const at = ptText(m, boxCenter(l.buttons[d]));
        return say(locale, {
          en: `${d} at ${at} ×${k}`, zh: `${zh[d]} ${at} ×${k}`, ja: `${at} の${RUN_WORDS.ja[d]}矢印 ×${k}`, de: `Pfeil nach ${RUN_WORDS.de[d]} bei ${at} ×${k}`,
          es: `flecha hacia ${RUN_WORDS.es[d]} en ${at} ×${k}`, fr: `flèche vers ${RUN_WORDS.fr[d]} en ${at} ×${k}`, ar: `سهم ${PRESS_AR[d]} عند ${at} ×${k}`,
        });
      }).join(listSep(locale)),
    };
  },
});
