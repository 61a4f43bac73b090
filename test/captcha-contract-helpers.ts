/**
 * Shared helpers of the CAPTCHA contract tests (groups D, E, F, G, J): perturbed answers per verifier
 * kind, answer strings that must not leak into SVGs, and raw-pixel utilities for the independent pixel
 * checks (render an SVG at its native size, rotate a patch back, compare).
 */
import sharp from 'sharp';
import type { Action } from '../core/actions.js';
import { type Box, type Point, boxCenter, pointInBox } from '../core/geometry.js';
import type { CaptchaRecord, Verifier } from '../core/schema.js';

/** Types of groups D, E, F, G, J (skeleton engines of those groups included). */
export const DRAG_ROTATE_REASON_GROUPS = ['image_rotation', 'drag_to_end', 'slider_puzzle', 'visual_reasoning', 'drag_extras'] as const;
/** Types of groups D, E, F, G, J (rotation, drag-to-end, slider puzzles, visual reasoning, drag extras). */
export const DRAG_ROTATE_REASON_TYPES: readonly string[] = [
  'rotate_inner_outer_align', 'rotate_arrows_match_ref', 'pick_upright', 'rotate_3d_to_match',
  'drag_clock_hand', 'dial_rotate_to_mark', 'rotation_match_select', 'swipe_up_unlock', 'slide_to_zone',
  'drag_item_to_target', 'curve_align_slider', 'slider_multi_gap_decoy', 'drag_drop_piece_2d',
  'concat_restore_slider', 'jigsaw_tile_swap', 'multi_piece_jigsaw', 'shape_fit_slider', 'geometry_click',
  'odd_one_out_click', 'least_frequent_icon', 'path_end_click', 'largest_region_click', 'avoid_decoy_click',
  'matching_pair_pick', 'mirror_pick', 'clock_read_click', 'count_match_arrows', 'sum_match_arrows',
  'grid_coordinate_move', 'path_navigate_arrows', 'connect_icon_pick', 'orbit_match',
  'backmost_layer_select', 'layered_stack_select', 'hole_count_select', 'subway_paths_select',
  'shadow_direction_select', 'cube_net_fold_pick', 'viewpoint_select', 'spatial_relation_click',
  'gobang_move', 'drag_connect_pairs', 'drag_sort_order',
];

type Rec = Omit<CaptchaRecord, 'image'>;
const click = (p: Point): Action => ({ type: 'click', point: p });

/** A point outside `b` (right of it, left, below, above, a corner), clear of `avoid` when possible. */
export function outsidePoint(b: Box, avoid: Box[], W: number, H: number): Point {
  const cands: Point[] = [
    [b[2] + 1, Math.floor((b[1] + b[3]) / 2)],
    [b[0] - 2, Math.floor((b[1] + b[3]) / 2)],
    [Math.floor((b[0] + b[2]) / 2), b[3] + 1],
    [Math.floor((b[0] + b[2]) / 2), b[1] - 2],
    [2, 2],
    [W - 2, H - 2],
  ];
  return cands.find((p) => p[0] >= 0 && p[1] >= 0 && p[0] < W && p[1] < H && !avoid.some((a) => pointInBox(p, a))) ?? [W - 1, H - 1];
}

/** Every box a verifier names. */
export function verifierBoxes(v: Verifier): Box[] {
  switch (v.kind) {
    case 'click':
      return v.submit_box ? [...v.boxes, v.submit_box] : v.boxes;
    case 'text_entry':
      return [v.input_box];
    case 'drag':
    case 'drag_y':
      return v.track_box ? [v.handle_box, v.track_box] : [v.handle_box];
    case 'drags':
      return v.items.flatMap((it) => [it.handle_box, it.target_box]);
    case 'pair':
      return v.boxes;
    case 'presses':
      return [...v.boxes, v.submit_box];
  }
}

/**
 * Perturbed answers that must score 0, each with a label: missing / extra action, every click shifted
 * out of its box, wrong order (when the order matters and differs), submit first, drags short / long /
 * reversed / drifting more than 5 px off-axis / starting off the handle, drag ends outside targets or
 * swapped, clicks instead of drags, invalid pairs.
 */
export function perturbations(r: Rec): Array<[string, Action[]]> {
  const gold = r.solution.actions;
  const v = r.verifier;
  const W = r.context.viewport.width;
  const H = r.context.viewport.height;
  const out: Array<[string, Action[]]> = [];
  out.push(['missing last action', gold.slice(0, -1)]);
  out.push(['extra action', [...gold, gold[gold.length - 1]!]]);
  switch (v.kind) {
    case 'click': {
      gold.forEach((_a, i) => {
        const own = v.mode === 'sequence' ? (v.boxes[i] ?? v.submit_box!) : i < (v.mode === 'any' ? 1 : v.boxes.length) ? null : v.submit_box!;
        const p = own ? outsidePoint(own, [own], W, H) : outsidePoint(v.boxes[0]!, v.boxes, W, H);
        out.push([`click ${i + 1} shifted out of its box`, gold.map((g, j) => (j === i ? click(p) : g))]);
      });
      if (v.mode === 'sequence') {
        const key = (i: number): string => JSON.stringify(v.boxes[i] ?? v.submit_box);
        const j = gold.findIndex((_g, i) => i > 0 && key(i) !== key(0));
        if (j > 0) out.push(['wrong order', gold.map((g, i) => (i === 0 ? gold[j]! : i === j ? gold[0]! : g))]);
        // Arrows×k: one press fewer / more (then submit)
        if (v.submit_box && v.boxes.length >= 1) {
          const presses = gold.slice(0, -1);
          out.push(['one press too many', [...presses, presses[presses.length - 1]!, gold[gold.length - 1]!]]);
        }
      }
      if (v.submit_box) out.push(['submit first', [gold[gold.length - 1]!, ...gold.slice(0, -1)]]);
      if (v.mode === 'set' && v.boxes.length >= 1) out.push(['one target left out', [...gold.slice(1, -1), gold[gold.length - 1]!]]);
      out.push(['long press instead of click', gold.map((g) => (g.type === 'click' ? { type: 'long_press', point: g.point } : g)) as Action[]]);
      break;
    }
    case 'drag': {
      const d = gold[0] as Extract<Action, { type: 'drag' }>;
      const dx = d.end[0] - d.start[0];
      const w = (ex: number, ey: number, s: Point = d.start): Action[] => [{ type: 'drag', start: s, end: [ex, ey] }];
      const tol = Math.abs(v.expected_dx) * v.rel_tolerance;
      out.push(['short drag', w(d.start[0] + Math.round(dx - Math.sign(dx) * (tol + 2)), d.start[1])]);
      out.push(['long drag', w(d.start[0] + Math.round(dx + Math.sign(dx) * (tol + 2)), d.start[1])]);
      out.push(['half drag', w(d.start[0] + Math.round(dx / 2), d.start[1])]);
      out.push(['wrong direction', w(d.start[0] - dx, d.start[1])]);
      out.push(['vertical drift 6 px', w(d.end[0], d.start[1] + 6)]);
      out.push(['vertical drift -6 px', w(d.end[0], d.start[1] - 6)]);
      const s2 = outsidePoint(v.handle_box, [v.handle_box], W, H);
      out.push(['start outside handle', w(s2[0] + dx, s2[1], s2)]);
      out.push(['click instead of drag', [click(d.start)]]);
      break;
    }
    case 'drag_y': {
      const d = gold[0] as Extract<Action, { type: 'drag' }>;
      const dy = d.end[1] - d.start[1];
      const w = (ex: number, ey: number, s: Point = d.start): Action[] => [{ type: 'drag', start: s, end: [ex, ey] }];
      const tol = Math.abs(v.expected_dy) * v.rel_tolerance;
      out.push(['short swipe', w(d.start[0], d.start[1] + Math.round(dy - Math.sign(dy) * (tol + 2)))]);
      out.push(['long swipe', w(d.start[0], d.start[1] + Math.round(dy + Math.sign(dy) * (tol + 2)))]);
      out.push(['wrong direction', w(d.start[0], d.start[1] - dy)]);
      out.push(['horizontal drift 6 px', w(d.start[0] + 6, d.end[1])]);
      out.push(['horizontal swipe', w(d.start[0] + Math.abs(dy), d.start[1])]);
      const s2 = outsidePoint(v.handle_box, [v.handle_box], W, H);
      out.push(['start outside handle', w(s2[0], s2[1] + dy, s2)]);
      break;
    }
    case 'drags': {
      const ds = gold as Array<Extract<Action, { type: 'drag' }>>;
      const targets = v.items.map((it) => it.target_box);
      const handles = v.items.map((it) => it.handle_box);
      ds.forEach((d, i) => {
        const it = v.items.find((x) => pointInBox(d.start, x.handle_box) && pointInBox(d.end, x.target_box))!;
        out.push([`drag ${i + 1} ends outside its target`, ds.map((g, j) => (j === i ? { ...g, end: outsidePoint(it.target_box, targets, W, H) } : g))]);
        out.push([`drag ${i + 1} starts off its item`, ds.map((g, j) => (j === i ? { ...g, start: outsidePoint(it.handle_box, handles, W, H) } : g))]);
        out.push([`drag ${i + 1} only half way`, ds.map((g, j) => (j === i ? { ...g, end: [Math.round((g.start[0] + g.end[0]) / 2), Math.round((g.start[1] + g.end[1]) / 2)] as Point } : g))]);
      });
      if (ds.length >= 2) out.push(['ends swapped', [{ ...ds[0]!, end: ds[1]!.end }, { ...ds[1]!, end: ds[0]!.end }, ...ds.slice(2)]]);
      out.push(['clicks instead of drags', ds.map((d) => click(d.end))]);
      break;
    }
    case 'presses': {
      // Arrows×k+Submit by end state: a press off every button, one press fewer, submit first
      const all = [...v.boxes, v.submit_box];
      gold.forEach((g, i) => {
        const pt = (g as { point: Point }).point;
        const own = i === gold.length - 1 ? v.submit_box : v.boxes.find((b) => pointInBox(pt, b))!;
        out.push([`click ${i + 1} shifted off its button`, gold.map((x, j) => (j === i ? click(outsidePoint(own, all, W, H)) : x))]);
      });
      if (gold.length >= 2) out.push(['one press fewer', gold.slice(1)]);
      if (gold.length >= 2) out.push(['submit first', [gold[gold.length - 1]!, ...gold.slice(0, -1)]]);
      out.push(['long press instead of click', gold.map((g) => (g.type === 'click' ? { type: 'long_press', point: g.point } : g)) as Action[]]);
      break;
    }
    case 'pair': {
      const valid = new Set(v.valid_pairs.flatMap(([i, j]) => [`${i},${j}`, `${j},${i}`]));
      let bad: [number, number] | null = null;
      for (let i = 0; i < v.boxes.length && !bad; i++) for (let j = 0; j < v.boxes.length && !bad; j++) if (i !== j && !valid.has(`${i},${j}`)) bad = [i, j];
      if (bad) out.push(['invalid pair', [click(boxCenter(v.boxes[bad[0]]!)), click(boxCenter(v.boxes[bad[1]]!))]]);
      out.push(['same cell twice', [gold[0]!, gold[0]!]]);
      out.push(['second click outside the board', [gold[0]!, click(outsidePoint(v.boxes[0]!, v.boxes, W, H))]]);
      break;
    }
    case 'text_entry':
      break;
  }
  return out;
}

/** Words an SVG must not carry (outside glyph path data): the type name and the answer-naming latent fields. */
export function answerWords(r: Rec): string[] {
  const l = r.latent as Record<string, unknown>;
  const out = new Set<string>([r.captcha.type]);
  for (const k of ['target_kind', 'kind', 'pair_kind', 'rare', 'icon', 'sym']) if (typeof l[k] === 'string' && (l[k] as string).length > 2) out.add(l[k] as string);
  if (Array.isArray(l.pair)) for (const x of l.pair) if (typeof x === 'string') out.add(x);
  return [...out];
}

/** Leak checks on an SVG (puzzle or host). Returns the problems found (empty when clean). */
export function svgLeaks(svg: string, words: string[]): string[] {
  const bad: string[] = [];
  if (/<text\b|<tspan\b|font-family/i.test(svg)) bad.push('<text>');
  if (!/^[\x20-\x7e]*$/.test(svg)) bad.push('non-ASCII');
  if (/<title\b|<desc\b|<!--|<metadata\b|data-|class=/i.test(svg)) bad.push('metadata');
  if (/transform=|rotate\(/.test(svg)) bad.push('transform');
  for (const m of svg.matchAll(/\bid="([^"]*)"/g)) if (!/^p\d+$/.test(m[1]!)) bad.push(`id ${m[1]}`);
  const noPaths = svg.replace(/\sd="[^"]*"/g, '').toLowerCase();
  for (const w of words) if (noPaths.includes(w.toLowerCase())) bad.push(`word ${w}`);
  return bad;
}

// ---------------------------------------------------------------------------------------------
// pixels

/** Raw RGBA pixels of an SVG at its native size. */
export async function rasterSvg(svg: string): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Bounding box (x2/y2 exclusive) of the pixels that differ by more than `thr` (sum over RGB) between two same-size images, or null. */
export function diffBox(a: { data: Buffer; width: number; height: number }, b: { data: Buffer; width: number; height: number }, thr = 40): Box | null {
  let x1 = Infinity, y1 = Infinity, x2 = -Infinity, y2 = -Infinity;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const o = (y * a.width + x) * 4;
      const d = Math.abs(a.data[o]! - b.data[o]!) + Math.abs(a.data[o + 1]! - b.data[o + 1]!) + Math.abs(a.data[o + 2]! - b.data[o + 2]!);
      if (d > thr) {
        x1 = Math.min(x1, x); y1 = Math.min(y1, y); x2 = Math.max(x2, x + 1); y2 = Math.max(y2, y + 1);
      }
    }
  }
  return Number.isFinite(x1) ? [x1, y1, x2, y2] : null;
}

/** Bilinear sample (RGB) of an image at a float position (clamped). */
function sample(img: { data: Buffer; width: number; height: number }, x: number, y: number): [number, number, number] {
  const cx = Math.min(img.width - 1.001, Math.max(0, x - 0.5));
  const cy = Math.min(img.height - 1.001, Math.max(0, y - 0.5));
  const x0 = Math.floor(cx), y0 = Math.floor(cy);
  const fx = cx - x0, fy = cy - y0;
  const px = (xx: number, yy: number, c: number): number => img.data[(yy * img.width + xx) * 4 + c]!;
  return [0, 1, 2].map((c) => px(x0, y0, c) * (1 - fx) * (1 - fy) + px(x0 + 1, y0, c) * fx * (1 - fy) + px(x0, y0 + 1, c) * (1 - fx) * fy + px(x0 + 1, y0 + 1, c) * fx * fy) as [number, number, number];
}

/**
 * Mean absolute RGB difference (0..255) over the disc (cx, cy, r) between `upright` and `rendered`
 * turned back: the rendered patch rotated clockwise by `deg` degrees is compared with the upright one,
 * i.e. upright(u) against rendered(rotate(u, -deg)).
 */
export function rotatedDiscDiff(rendered: { data: Buffer; width: number; height: number }, upright: { data: Buffer; width: number; height: number }, cx: number, cy: number, r: number, deg: number): number {
  const a = (-deg * Math.PI) / 180;
  let acc = 0;
  let n = 0;
  for (let y = Math.floor(cy - r); y <= cy + r; y++) {
    for (let x = Math.floor(cx - r); x <= cx + r; x++) {
      const ux = x + 0.5 - cx;
      const uy = y + 0.5 - cy;
      if (ux * ux + uy * uy > r * r) continue;
      const sx = cx + ux * Math.cos(a) - uy * Math.sin(a);
      const sy = cy + ux * Math.sin(a) + uy * Math.cos(a);
      const p = sample(rendered, sx, sy);
      const o = (y * upright.width + x) * 4;
      acc += (Math.abs(p[0] - upright.data[o]!) + Math.abs(p[1] - upright.data[o + 1]!) + Math.abs(p[2] - upright.data[o + 2]!)) / 3;
      n++;
    }
  }
  return acc / n;
}
