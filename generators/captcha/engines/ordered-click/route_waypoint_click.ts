/**
 * #26 route_waypoint_click (group C, ordered icon click, Click×k): a map with a route drawn from a
 * start pin through several icon markers; click the markers in the order the route reaches them.
 * Decoy markers lie off the route. Hard puzzles let legs of the route cross.
 *
 * Validity (measured on the drawn curves): each leg keeps at least r + 7 px away from every marker
 * other than its two ends, so the route never seems to visit a marker out of turn; decoys stay clear
 * of the whole route; crossing legs meet at 35° or more; the crossing count stays within the knob.
 */
import type { Box } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxInside, boxesOverlap, circle, hsl, n1, path, rect } from '../../lib/draw.js';
import type { ClickFrame } from '../../lib/frames.js';
import { ICONS, iconNoun, iconSvg } from '../../lib/icons.js';
import { pinSvg } from '../../lib/markers.js';
import { type Pt, pointPolylineDist, segmentsCross } from '../../lib/regions.js';
import { say } from '../../lib/i18n.js';
import { hasRepeats, orderedClickEngine } from './template.js';

interface Marker {
  kind: string;
  cx: number;
  cy: number;
  r: number;
  color: string;
  box: Box;
}
/** Latent state of route_waypoint_click (puzzle px). */
export interface RouteLatent extends Record<string, unknown> {
  frame: ClickFrame;
  start: [number, number];
  /** Markers in visiting order, then decoys. */
  markers: Marker[];
  visits: number;
  /** Perpendicular bend of each leg as a fraction of its length. */
  bends: number[];
  max_crossings: number;
}

const KINDS = Object.keys(ICONS).filter((k) => !['circle', 'ring', 'drop'].includes(k));
const R = 13;

/** Points of leg i (from point a to b, bent by `bend`), 24 samples, ends included. */
export function legPoints(a: Pt, b: Pt, bend: number): Pt[] {
  const mx = (a[0] + b[0]) / 2;
  const my = (a[1] + b[1]) / 2;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const c: Pt = [mx - dy * bend, my + dx * bend];
  const out: Pt[] = [];
  for (let i = 0; i <= 24; i++) {
    const t = i / 24;
    const u = 1 - t;
    out.push([u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]]);
  }
  return out;
}

function legs(l: Pick<RouteLatent, 'start' | 'markers' | 'visits' | 'bends'>): Pt[][] {
  const pts: Pt[] = [l.start, ...l.markers.slice(0, l.visits).map((m) => [m.cx, m.cy] as Pt)];
  return pts.slice(1).map((p, i) => legPoints(pts[i]!, p, l.bends[i] ?? 0));
}

/** Crossings between non-adjacent legs, with the smallest crossing angle (degrees). */
export function crossings(ls: Pt[][]): { count: number; minAngle: number } {
  let count = 0;
  let minAngle = 90;
  for (let i = 0; i < ls.length; i++) {
    for (let j = i + 2; j < ls.length; j++) {
      const A = ls[i]!;
      const B = ls[j]!;
      for (let p = 1; p < A.length; p++) for (let q = 1; q < B.length; q++) {
        if (segmentsCross(A[p - 1]!, A[p]!, B[q - 1]!, B[q]!)) {
          count++;
          const a1 = Math.atan2(A[p]![1] - A[p - 1]![1], A[p]![0] - A[p - 1]![0]);
          const a2 = Math.atan2(B[q]![1] - B[q - 1]![1], B[q]![0] - B[q - 1]![0]);
          let d = Math.abs(((a1 - a2) * 180) / Math.PI) % 180;
          if (d > 90) d = 180 - d;
          minAngle = Math.min(minAngle, d);
        }
      }
    }
  }
  return { count, minAngle };
}

/** Null when the route and its markers are valid (see the header), else the reason. */
function routeProblem(l: RouteLatent): string | null {
  if (l.visits < 2 || l.markers.length < l.visits) return 'route needs at least two markers';
  if (hasRepeats(l.markers.map((m) => m.kind))) return 'two markers look the same';
  for (let i = 0; i < l.markers.length; i++) {
    const m = l.markers[i]!;
    if (!boxInside(m.box, l.frame.image_box)) return 'marker outside the map';
    if (Math.hypot(m.cx - l.start[0], m.cy - l.start[1]) < m.r + 18) return 'marker on the start pin';
    for (let j = 0; j < i; j++) if (boxesOverlap(m.box, l.markers[j]!.box, 4)) return 'markers overlap';
  }
  const ls = legs(l);
  for (let i = 0; i < ls.length; i++) {
    for (const [x, y] of ls[i]!) if (x < l.frame.image_box[0] + 3 || x > l.frame.image_box[2] - 3 || y < l.frame.image_box[1] + 3 || y > l.frame.image_box[3] - 3) return 'route leaves the map';
    // a leg may only touch its own two ends
    for (let j = 0; j < l.markers.length; j++) {
      if (j === i || j === i - 1) continue;
      const m = l.markers[j]!;
      if (pointPolylineDist([m.cx, m.cy], ls[i]!) < m.r + 7) return 'route passes over another marker';
    }
    if (i > 0 && pointPolylineDist(l.start, ls[i]!) < 16) return 'route passes over the start pin';
  }
  const c = crossings(ls);
  if (c.count > l.max_crossings) return 'too many crossings';
  if (c.count && c.minAngle < 35) return 'legs cross at a shallow angle';
  return null;
}

/** Engine #26 route_waypoint_click (group C, Click×k, verifier `click`/`sequence`). */
export const routeWaypointClick = orderedClickEngine({
  type: 'route_waypoint_click',
  group: 'ordered_icon_click',
  number: 26,
  knobs: defineKnobs({ visits: knob('markers on the route', 3, 4, 5), decoys: knob('markers off the route', 1, 2, 2), max_crossings: knob('maximum crossings between legs', 0, 1, 2), bend: knob('max leg curvature (fraction of leg length)', 0.15, 0.25, 0.3) }),
  frame: { imageH: 200 },

  sample(rng, k, frame): RouteLatent {
    const ib = frame.image_box;
    const pad = R + 8;
    let best: RouteLatent | null = null;
    // a few layouts; the visiting order is a nearest-neighbour tour from the start (hard: sometimes
    // random, which makes crossings); keep the first layout that validates
    for (let attempt = 0; attempt < 40; attempt++) {
      const spots: Pt[] = [];
      const n = k.visits + k.decoys + 1;
      for (let t = 0; t < 400 && spots.length < n; t++) {
        const p: Pt = [Math.round(rng.float(ib[0] + pad, ib[2] - pad)), Math.round(rng.float(ib[1] + pad + 10, ib[3] - pad))];
        if (spots.every((q) => Math.hypot(q[0] - p[0], q[1] - p[1]) >= 2 * R + 22)) spots.push(p);
      }
      if (spots.length < n) continue;
      const start = spots[0]!;
      const rest = spots.slice(1);
      let visit: Pt[];
      if (k.max_crossings && rng.bool(0.5)) visit = rng.sample(rest, k.visits);
      else {
        visit = [];
        let cur = start;
        const left = [...rest];
        for (let i = 0; i < k.visits; i++) {
          left.sort((p, q) => Math.hypot(p[0] - cur[0], p[1] - cur[1]) - Math.hypot(q[0] - cur[0], q[1] - cur[1]));
          cur = left.shift()!;
          visit.push(cur);
        }
      }
      const decoys = rest.filter((p) => !visit.includes(p)).slice(0, k.decoys);
      const kinds = rng.sample(KINDS, k.visits + k.decoys);
      const markers: Marker[] = [...visit, ...decoys].map((p, i) => ({
        kind: kinds[i]!, cx: p[0], cy: p[1], r: R, color: hsl(rng.int(0, 359), rng.float(60, 85), rng.float(40, 55)),
        box: [p[0] - R - 4, p[1] - R - 4, p[0] + R + 4, p[1] + R + 4] as Box,
      }));
      const bends = Array.from({ length: k.visits }, () => Math.round(rng.float(-k.bend, k.bend) * 100) / 100);
      const cand: RouteLatent = { frame, start: [start[0], start[1]], markers, visits: k.visits, bends, max_crossings: k.max_crossings };
      best = cand;
      if (routeProblem(cand) === null) break;
    }
    return best ?? { frame, start: [ib[0] + pad, ib[1] + pad], markers: [], visits: 0, bends: [], max_crossings: k.max_crossings };
  },

  validate: routeProblem,

  clicks: (l) => l.markers.slice(0, l.visits),
  picture(l, style, rng) {
    const ib = l.frame.image_box;
    const light = style.theme === 'light' || rng.bool(0.5);
    let pic = rect(ib[0], ib[1], ib[2] - ib[0], ib[3] - ib[1], { fill: light ? '#eef3e6' : '#2a3028', rx: 3 });
    // map clutter: parks, water, thin grey streets
    for (let i = 0; i < 5; i++) pic += rect(rng.float(ib[0], ib[2] - 60), rng.float(ib[1], ib[3] - 40), rng.float(30, 80), rng.float(20, 50), { fill: rng.pick(light ? ['#d7ead0', '#d5e6f3', '#ece6d8'] : ['#33402f', '#2b3a46', '#3a3630']), rx: 6 });
    let streets = '';
    for (let i = 0; i < 6; i++) {
      const y = rng.float(ib[1], ib[3]);
      streets += `M${n1(ib[0])} ${n1(y)}L${n1(ib[2])} ${n1(y + rng.float(-30, 30))}`;
      const x = rng.float(ib[0], ib[2]);
      streets += `M${n1(x)} ${n1(ib[1])}L${n1(x + rng.float(-30, 30))} ${n1(ib[3])}`;
    }
    pic += path(streets, { stroke: light ? '#ffffff' : '#4a4f57', sw: 3, opacity: 0.8 });
    // the route
    const route = legs(l).map((pts) => pts.map((p, i) => `${i ? 'L' : 'M'}${n1(p[0])} ${n1(p[1])}`).join('')).join('');
    const rc = light ? '#1c64f2' : '#4dabf7';
    pic += path(route, { stroke: light ? '#ffffff' : '#111418', sw: 7, extra: 'stroke-linecap="round" stroke-linejoin="round"' });
    pic += path(route, { stroke: rc, sw: 3.6, extra: 'stroke-linecap="round" stroke-linejoin="round" stroke-dasharray="9 5"' });
    // direction arrows in the middle of each leg
    for (const pts of legs(l)) {
      const a = pts[11]!;
      const b = pts[13]!;
      const ang = Math.atan2(b[1] - a[1], b[0] - a[0]);
      const cx = pts[12]![0];
      const cy = pts[12]![1];
      const P = (u: number, v: number): string => `${n1(cx + u * Math.cos(ang) - v * Math.sin(ang))} ${n1(cy + u * Math.sin(ang) + v * Math.cos(ang))}`;
      pic += path(`M${P(7, 0)}L${P(-5, -6)}L${P(-5, 6)}Z`, { fill: rc, stroke: light ? '#ffffff' : '#111418', sw: 1.2 });
    }
    // markers: white badge with the icon
    for (const m of l.markers) {
      pic += circle(m.cx + 1, m.cy + 2, m.r + 3, { fill: 'rgba(0,0,0,0.25)' });
      pic += circle(m.cx, m.cy, m.r + 3, { fill: '#ffffff', stroke: m.color, sw: 2 });
      pic += iconSvg(m.kind, m.cx, m.cy, m.r * 0.72, 0, m.color);
    }
    return pic + pinSvg(l.start[0], l.start[1] + 6, 26, '#2f9e44');
  },
  prompt: (_l, style) => ({ lead: say(style.locale, { en: 'Follow the route from the green pin; click icons in order', zh: '从绿色起点出发，按路线经过的顺序点击图标' }) }),

  stepName: (mk, _j, _l, locale) => iconNoun(mk.kind, locale),
  reasoning: {
    params: (l, locale) => {
      const c = crossings(legs(l)).count;
      const decoys = l.markers.length - l.visits;
      const crossNote = c === 0 ? '' : say(locale, `route_waypoint_click.${c > 1 ? 'crosses_many' : 'crosses_one'}`, { n: c });
      return { cross_note: crossNote, visits: l.visits, off_route: say(locale, `route_waypoint_click.${decoys === 1 ? 'off_route_one' : 'off_route_many'}`, { n: decoys }) };
    },
  },
  instruction: { params: (l) => ({ visits: l.visits }) },
});
