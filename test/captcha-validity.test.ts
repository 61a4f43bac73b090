/**
 * CAPTCHA validity before drawing. Hand-made bad states of every engine are rejected with a
 * reason, and the geometry / logic helpers the validity checks rely on behave as stated (cube nets
 * fold with the right handedness, mazes are perfect, route and hole counts, swaps, silhouettes, the id
 * rasteriser).
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../core/rng.js';
import type { DIFFICULTIES } from '../core/schema.js';
import { getEngine } from '../generators/captcha/registry.js';
import type { Latent } from '../generators/captcha/engine.js';
import { CUBE_NETS, type V3, det3, dihedralKeys, foldNet, rasterIds, silhouette, turnY, visibleSamples } from '../generators/captcha/lib/proj3d.js';
import { consistentView } from '../generators/captcha/engines/single-click/cube_net_fold_pick.js';
import { solveMaze } from '../generators/captcha/engines/arrows/path_navigate_arrows.js';
import { countRoutes, graphProblem } from '../generators/captcha/engines/grid-select/subway_paths_select.js';
import { measureHoles } from '../generators/captcha/engines/grid-select/hole_count_select.js';
import { gobangSwaps } from '../generators/captcha/engines/pair/gobang_move.js';
import { hasTurnSymmetry } from '../generators/captcha/engines/slider/rotate_3d_to_match.js';
import { gapsDistinct } from '../generators/captcha/lib/sliders.js';
import { DRAG_ROTATE_REASON_TYPES } from './captcha-contract-helpers.js';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
/** A valid latent of `type` (first sample that validates). */
function validLatent(type: string, d: (typeof DIFFICULTIES)[number] = 'medium'): any {
  const e = getEngine(type);
  for (let k = 0; k < 40; k++) {
    const l = e.sample(new Rng(`v2-${type}-${k}`), d);
    if (e.validate(l) === null) return clone(l) as Latent;
  }
  throw new Error(`no valid latent for ${type}`);
}
/** Validate a mutated copy of a valid latent. */
function rejects(type: string, mutate: (l: any) => void, d: (typeof DIFFICULTIES)[number] = 'medium'): string | null {
  const l = validLatent(type, d);
  mutate(l);
  return getEngine(type).validate(l);
}

describe('groups D-J engines: every type has a valid latent at every difficulty, and validation is pure', () => {
  it.each(DRAG_ROTATE_REASON_TYPES.map((t) => [t]))('%s', (type) => {
    for (const d of ['easy', 'medium', 'hard'] as const) {
      const l = validLatent(type, d);
      expect(getEngine(type).validate(clone(l))).toBeNull();
      expect(getEngine(type).validate(l)).toBeNull();
    }
  });
});

describe('groups D-J: hand-made bad states are rejected before drawing', () => {
  it('D image rotation', () => {
    expect(rejects('rotate_inner_outer_align', (l) => { l.theta = 0; l.needed_deg = 0; })).toMatch(/answer already|close/);
    expect(rejects('rotate_inner_outer_align', (l) => { l.needed_deg = (l.needed_deg + 10) % 360; })).toMatch(/undo/);
    expect(rejects('rotate_inner_outer_align', (l) => { l.disc.r_in = 30; })).toMatch(/thin/);
    expect(rejects('rotate_inner_outer_align', (l) => { l.mapping.deg_per_px = 1; })).toMatch(/track|full turn/);
    expect(rejects('rotate_arrows_match_ref', (l) => { l.kind = 'plus'; })).toMatch(/symmetry/);
    expect(rejects('rotate_arrows_match_ref', (l) => { l.presses = -l.presses; })).toMatch(/shorter/);
    expect(rejects('rotate_arrows_match_ref', (l) => { l.cur_rot = l.ref_rot; })).toMatch(/already/);
    expect(rejects('rotate_arrows_match_ref', (l) => { l.cur_rot = (l.ref_rot + 180) % 360; })).toMatch(/same number/);
    expect(rejects('pick_upright', (l) => { l.angles = l.angles.map(() => 0); })).toMatch(/exactly one/);
    expect(rejects('pick_upright', (l) => { l.angles[l.answer === 0 ? 1 : 0] = 6; })).toMatch(/too close/);
    expect(rejects('rotate_3d_to_match', (l) => { l.cubes = [[0, 0, 0], [1, 0, 0], [0, 0, 1], [1, 0, 1]]; l.hues = [10, 10, 10, 10]; })).toMatch(/quarter turn/);
    expect(rejects('rotate_3d_to_match', (l) => { l.cubes = [[0, 0, 0], [2, 0, 0], [0, 0, 2]]; l.hues = [1, 2, 3]; })).toMatch(/connected/);
    expect(rejects('rotate_3d_to_match', (l) => { l.target_yaw = (l.target_yaw + 20) % 360; })).toMatch(/target yaw/);
    expect(rejects('drag_clock_hand', (l) => { l.minute_now = l.target % 60; })).toMatch(/near the answer/);
    expect(rejects('drag_clock_hand', (l) => { l.tol_px = 2; })).toMatch(/tolerance/);
    expect(rejects('dial_rotate_to_mark', (l) => { l.labels[1] = l.labels[0]; })).toMatch(/duplicate/);
    expect(rejects('dial_rotate_to_mark', (l) => { l.needed_deg = (l.needed_deg + 30) % 360; })).toMatch(/marker/);
    expect(rejects('dial_rotate_to_mark', (l) => { l.tol_deg = 20; })).toMatch(/neighbouring/);
    expect(rejects('rotation_match_select', (l) => { l.radii = l.radii.map(() => 0.8); for (const t of l.tiles) if (t.variant !== 'other') t.radii = l.radii; })).toMatch(/mirror-symmetric/);
    expect(rejects('rotation_match_select', (l) => { for (const t of l.tiles) if (t.variant === 'match') t.variant = 'mirror'; })).toMatch(/nothing to select/);
    expect(rejects('rotation_match_select', (l) => { const o = l.tiles.find((t: any) => t.variant === 'other'); o.radii = l.radii; })).toMatch(/too close/);
  });

  it('E drag-to-end', () => {
    expect(rejects('swipe_up_unlock', (l) => { l.handle_box[3] = l.track_box[3] + 20; })).toMatch(/outside/);
    expect(rejects('swipe_up_unlock', (l) => { l.track_box[1] = l.handle_box[1] - 40; })).toMatch(/short/);
    expect(rejects('swipe_up_unlock', (l) => { l.rel_tolerance = 0.005; })).toMatch(/tolerance/);
    expect(rejects('slide_to_zone', (l) => { l.zone = [l.zone[0], l.zone[0] + 10]; })).toMatch(/narrow/);
    expect(rejects('slide_to_zone', (l) => { l.zone = [l.handle_box[2] + 5, l.handle_box[2] + 45]; })).toMatch(/overlaps/);
    expect(rejects('slide_to_zone', (l) => { l.zone = [l.track_box[2] - 20, l.track_box[2] + 20]; })).toMatch(/outside/);
    expect(rejects('drag_item_to_target', (l) => { l.baskets[1].color = l.baskets[0].color; })).toMatch(/share/);
    expect(rejects('drag_item_to_target', (l) => { l.item.box = l.baskets[0].box.slice(); })).toMatch(/overlaps/);
    expect(rejects('drag_item_to_target', (l) => { l.target = l.baskets.length; })).toMatch(/could not place/);
    expect(rejects('curve_align_slider', (l) => { l.waves = [{ amp: 0.5, freq: 4, phase: 0 }]; l.bumps = []; })).toMatch(/another slider position|flat/);
    expect(rejects('curve_align_slider', (l) => { l.shift = 290; })).toMatch(/range/);
  });

  it('F slider puzzle', () => {
    expect(rejects('slider_multi_gap_decoy', (l) => { l.gaps[1] = { ...l.gaps[0], cx: l.gaps[1].cx, cy: l.gaps[1].cy }; })).toMatch(/ambiguous/);
    expect(rejects('slider_multi_gap_decoy', (l) => { l.gaps[1].cx = l.gaps[0].cx + 4; })).toMatch(/overlap/);
    expect(rejects('slider_multi_gap_decoy', (l) => { l.gaps[0].cy += 20; })).toMatch(/row/);
    expect(rejects('slider_multi_gap_decoy', (l) => { l.decoys_wanted += 1; })).toMatch(/decoy/);
    expect(rejects('drag_drop_piece_2d', (l) => { l.gaps[1] = { ...l.gaps[0], cx: l.gaps[1].cx, cy: l.gaps[1].cy }; })).toMatch(/ambiguous/);
    expect(rejects('drag_drop_piece_2d', (l) => { l.gaps[0].cx = l.image_box[2] - 3; })).toMatch(/outside/);
    expect(rejects('drag_drop_piece_2d', (l) => { l.tol_px = 60; })).toMatch(/tolerance/);
    expect(rejects('concat_restore_slider', (l) => { l.shift = 10; })).toMatch(/range/);
    expect(rejects('concat_restore_slider', (l) => { l.strips = 8; })).toMatch(/thin/);
    expect(rejects('jigsaw_tile_swap', (l) => { l.b = l.a; })).toMatch(/two different/);
    expect(rejects('jigsaw_tile_swap', (l) => { l.a = 0; l.b = 1; })).toMatch(/one row/);
    expect(rejects('multi_piece_jigsaw', (l) => { l.holes[1] = l.holes[0]; })).toMatch(/duplicate/);
    expect(rejects('multi_piece_jigsaw', (l) => { l.pieces[1] = l.pieces[0]; })).toMatch(/overlap/);
    expect(rejects('multi_piece_jigsaw', (l) => { l.pieces.pop(); })).toMatch(/one per hole/);
    expect(rejects('shape_fit_slider', (l) => { l.holes[1] = { ...l.holes[0], cx: l.holes[1].cx }; })).toMatch(/ambiguous/);
    expect(rejects('shape_fit_slider', (l) => { l.holes[0].cy += 12; })).toMatch(/row/);
    expect(rejects('shape_fit_slider', (l) => { l.holes_wanted += 1; })).toMatch(/every hole/);
  });

  it('G visual reasoning: click types', () => {
    expect(rejects('geometry_click', (l) => { l.items[(l.answer + 1) % l.items.length].shape = l.target_kind; })).toMatch(/exactly once/);
    expect(rejects('geometry_click', (l) => { l.items[1].box = l.items[0].box; })).toMatch(/overlap/);
    expect(rejects('geometry_click', (l) => { l.items[0].r = 8; })).toMatch(/small/);
    expect(rejects('odd_one_out_click', (l) => { l.diff = 'mirror'; l.kind = 'heart'; })).toMatch(/mirrored/);
    expect(rejects('odd_one_out_click', (l) => { l.diff = 'color'; l.amount = 3; })).toMatch(/too small/);
    expect(rejects('odd_one_out_click', (l) => { l.odd = l.cells.length; })).toMatch(/outside/);
    expect(rejects('least_frequent_icon', (l) => { const others = l.icons.filter((k: string | null) => k && k !== l.rare); const kinds = [...new Set(others)]; let n = 0; l.icons = l.icons.map((k: string | null) => (k === kinds[0] && n++ >= l.icons.filter((x: string | null) => x === l.rare).length ? null : k)); })).toMatch(/tie/);
    expect(rejects('least_frequent_icon', (l) => { l.rare = l.icons.find((k: string | null) => k && k !== l.rare); })).toMatch(/not the least/);
    expect(rejects('path_end_click', (l) => { l.roads[1].p1 = [l.roads[0].p1[0] - 4, l.roads[0].p1[1] + 3]; })).toMatch(/close/);
    expect(rejects('path_end_click', (l) => { l.roads[0].c1 = [l.roads[0].c1[0], l.area[3] + 300]; })).toMatch(/leaves the map/);
    expect(rejects('largest_region_click', (l) => { const s = l.areas.indexOf([...l.areas].sort((a: number, b: number) => b - a)[1]); l.regions[s] = { ...l.regions[l.answer], cx: l.regions[s].cx, cy: l.regions[s].cy }; l.areas[s] = l.areas[l.answer]; })).toMatch(/clearly|overlap|outside/);
    expect(rejects('largest_region_click', (l) => { l.areas[0] += 500; })).toMatch(/do not match/);
    expect(rejects('avoid_decoy_click', (l) => { l.badge_box = [l.image_box[0] + 2, l.image_box[1] + 8, l.image_box[2] - 2, l.image_box[3] - 8]; l.avoid_box = l.badge_box.slice(); })).toMatch(/too little|thin/);
    expect(rejects('matching_pair_pick', (l) => { const j = (l.answer + 1) % l.icons.length; l.icons[j][1] = l.icons[j][0]; })).toMatch(/exactly one/);
    expect(rejects('matching_pair_pick', (l) => { const c: string[] = l.icons[l.answer]; const other = c.find((x) => x !== l.pair_kind)!; l.icons[l.answer] = [l.pair_kind, l.pair_kind, l.pair_kind, other]; })).toMatch(/exactly one pair/);
    expect(rejects('mirror_pick', (l) => { l.candidates[(l.answer + 1) % 4].variant = 'mirror'; })).toMatch(/exactly one/);
    expect(rejects('mirror_pick', (l) => { l.radii = l.radii.map(() => 0.7); for (const c of l.candidates) if (c.variant !== 'near') c.radii = l.radii; })).toMatch(/alike|symmetric/);
    expect(rejects('clock_read_click', (l) => { const j = l.times.findIndex((_: number, i: number) => i !== l.answer && !l.swapped[i]); l.times[j] = l.target; })).toMatch(/exactly one/);
    expect(rejects('clock_read_click', (l) => { const j = (l.answer + 1) % l.times.length; l.times[j] = l.swapped[j] ? l.times[j] : l.times[j] + 1; l.swapped[j] = false; })).toMatch(/resolution/);
    expect(rejects('cube_net_fold_pick', (l) => { l.net = [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [5, 0]]; })).toMatch(/not a cube net/);
    expect(rejects('cube_net_fold_pick', (l) => {
      const n = foldNet(l.net)!;
      const used = new Set(l.candidates.map((c: number[]) => c.join()));
      for (let t = 0; t < 6; t++) for (let a = 0; a < 6; a++) for (let b = 0; b < 6; b++) {
        const c: [number, number, number] = [t, a, b];
        if (new Set(c).size === 3 && consistentView(n, c) && !used.has(c.join())) { l.candidates[(l.answer + 1) % 4] = c; return; }
      }
    })).toMatch(/exactly one/);
    expect(rejects('spatial_relation_click', (l) => { l.ref_attrs = []; })).toMatch(/reference description/);
    expect(rejects('spatial_relation_click', (l) => { l.rel = ({ left: 'right', right: 'left', front: 'behind', behind: 'front' } as Record<string, string>)[l.rel]; })).toMatch(/does not satisfy/);
  });

  it('G visual reasoning: arrows, pairs, multi-select', () => {
    expect(rejects('count_match_arrows', (l) => { l.shown = l.ref.filter((o: any) => o.kind === l.kind).map((o: any) => ({ ...o, cx: l.cand_box[0] + 20, cy: l.cand_box[1] + 20, box: [l.cand_box[0] + 4, l.cand_box[1] + 4, l.cand_box[0] + 36, l.cand_box[1] + 36] })); })).toMatch(/already/);
    expect(rejects('count_match_arrows', (l) => { l.ref[1].box = l.ref[0].box.slice(); })).toMatch(/overlap/);
    expect(rejects('sum_match_arrows', (l) => { l.options[(l.answer + 1) % l.options.length] = l.options[l.answer].slice(); })).toMatch(/exactly one/);
    expect(rejects('sum_match_arrows', (l) => { l.cursor = l.answer; })).toMatch(/cursor/);
    expect(rejects('grid_coordinate_move', (l) => { l.token = l.target; })).toMatch(/already/);
    expect(rejects('grid_coordinate_move', (l) => { l.token = 0; l.target = l.n * l.n - 1; })).toMatch(/too many/);
    expect(rejects('path_navigate_arrows', (l) => { const i = l.open.findIndex((o: number, c: number) => c % l.n < l.n - 1 && !(o & 2)); l.open[i] |= 2; l.open[i + 1] |= 8; })).toMatch(/not perfect/);
    expect(rejects('path_navigate_arrows', (l) => { l.moves = [...l.moves].reverse(); l.moves.push('up'); })).toMatch(/not the path/);
    expect(rejects('connect_icon_pick', (l) => { l.panes[(l.answer + 1) % l.panes.length] = clone(l.panes[l.answer]); })).toMatch(/exactly one/);
    expect(rejects('connect_icon_pick', (l) => { l.cursor = l.answer; })).toMatch(/cursor/);
    expect(rejects('orbit_match', (l) => { l.options[(l.answer + 1) % l.options.length] = { orbit: l.orbit, angle: l.angle }; })).toMatch(/exactly one/);
    expect(rejects('orbit_match', (l) => { l.options[(l.answer + 1) % l.options.length] = { orbit: l.orbit, angle: (l.angle + 30) % 360 }; })).toMatch(/too close/);
    expect(rejects('gobang_move', (l) => { const line = [0, 1, 2, 3, 4]; for (const i of line) l.board[i] = l.board[0]; })).toMatch(/already/);
    expect(rejects('gobang_move', (l) => { l.valid_pairs = [[0, 24]]; })).toMatch(/valid_pairs|no swap|too many/);
    expect(rejects('backmost_layer_select', (l) => { for (const s of l.stacks) if (s[0].shape === l.target_kind) [s[0], s[1]] = [s[1], s[0]]; })).toMatch(/no cell/);
    expect(rejects('backmost_layer_select', (l) => { const s = l.stacks[0]; s[1] = { ...s[1], dx: s[0].dx, dy: s[0].dy, r: s[0].r + 6 }; })).toMatch(/hidden|leaves/);
    expect(rejects('layered_stack_select', (l) => { l.stacks[0] = l.stacks[0].filter((g: any) => g.color !== 'red'); })).toMatch(/one red/);
    expect(rejects('hole_count_select', (l) => { const s = l.shapes.find((x: any) => x.holes.length > 0); s.holes.pop(); })).toMatch(/out of date|differs|need some/);
    expect(rejects('hole_count_select', (l) => { const s = l.shapes.find((x: any) => x.holes.length > 0); const h = s.holes[0]; h.cx = s.outer.cx + Math.max(...s.outer.radii) + 2; })).toMatch(/differs/);
    expect(rejects('subway_paths_select', (l) => { l.routes[0] += 1; })).toMatch(/out of date/);
    expect(rejects('subway_paths_select', (l) => { const g = l.graphs[0]; g.nodes = [[0, 0], [100, 100], [0, 100], [100, 0]]; g.edges = [[0, 1], [2, 3]]; g.s = 0; g.t = 1; })).toMatch(/cross|close/);
    expect(rejects('shadow_direction_select', (l) => { const s = l.scenes.find((x: any) => Math.abs(((x.shadow - x.light - 180) % 360 + 540) % 360 - 180) > 10); s.shadow = (s.light + 180 + 15) % 360; })).toMatch(/too close/);
    expect(rejects('shadow_direction_select', (l) => { for (const s of l.scenes) s.shadow = (s.light + 180) % 360; })).toMatch(/need some/);
    expect(rejects('viewpoint_select', (l) => { const j = l.candidates.findIndex((c: any) => c.view === null); const v = l.candidates.find((c: any) => c.view !== null); l.candidates[j] = { cells: v.cells, view: null }; })).toMatch(/wrong view matches/);
  });

  it('J drag extras', () => {
    expect(rejects('drag_connect_pairs', (l) => { l.right[0] = 'circle'; })).toMatch(/shuffled/);
    expect(rejects('drag_connect_pairs', (l) => { l.right = l.left.slice(); })).toMatch(/trivial/);
    expect(rejects('drag_sort_order', (l) => { l.values[1] = l.values[0]; })).toMatch(/repeated/);
    expect(rejects('drag_sort_order', (l) => { l.values.sort((a: number, b: number) => (l.descending ? b - a : a - b)); })).toMatch(/already in order/);
  });
});

describe('groups D-J helpers', () => {
  it('cube nets: the 11 nets fold to six distinct faces; the cross net has front/right/top consistent and mirrored order not', () => {
    for (const n of CUBE_NETS) expect(foldNet(n)).not.toBeNull();
    expect(foldNet([[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [5, 0]])).toBeNull();
    // cross: top (1,0); left (0,1), front (1,1), right (2,1), back (3,1); bottom (1,2)
    const cross: Array<[number, number]> = [[1, 0], [0, 1], [1, 1], [2, 1], [3, 1], [1, 2]];
    const n = foldNet(cross)!;
    const [T, Lf, F, R, B, D] = [0, 1, 2, 3, 4, 5];
    expect(consistentView(n, [T, F, R])).toBe(true); // top, front on the left, right face on the right
    expect(consistentView(n, [T, R, F])).toBe(false); // mirrored
    expect(consistentView(n, [T, F, B])).toBe(false); // front and back are opposite
    expect(consistentView(n, [T, Lf, F])).toBe(true);
    expect(consistentView(n, [D, R, F])).toBe(true);
    expect(det3([1, 0, 0], [0, 1, 0], [0, 0, 1])).toBe(1);
  });

  it('silhouettes and turns: views of an L block, quarter-turn symmetry', () => {
    const L: V3[] = [[0, 0, 0], [1, 0, 0], [0, 1, 0]];
    expect([...silhouette(L, 'front')].sort()).toEqual(['0,0', '0,1', '1,1']);
    expect([...silhouette(L, 'top')].sort()).toEqual(['0,0', '1,0']);
    expect(dihedralKeys(silhouette(L, 'front'))).toContain([...silhouette(L, 'back')].sort().join(';'));
    expect(turnY(turnY(L, 2), 2)).toEqual(turnY(L, 0));
    expect(hasTurnSymmetry([[0, 0, 0], [1, 0, 0], [0, 0, 1], [1, 0, 1]], [1, 1, 1, 1])).toBe(true);
    expect(hasTurnSymmetry([[0, 0, 0], [1, 0, 0], [0, 0, 1], [1, 0, 1]], [1, 2, 1, 1])).toBe(false);
  });

  it('id raster: later polygons cover earlier ones; counts match areas', () => {
    const sq = (x: number, y: number, s: number): Array<[number, number]> => [[x, y], [x + s, y], [x + s, y + s], [x, y + s]];
    const seen = visibleSamples([{ pts: sq(0, 0, 10), id: 0 }, { pts: sq(5, 0, 10), id: 1 }], [0, 0, 20, 10], 1);
    expect(seen.get(0)).toBe(50);
    expect(seen.get(1)).toBe(100);
    const { ids, w } = rasterIds([{ pts: sq(2, 2, 4), id: 7 }], [0, 0, 8, 8], 1);
    expect(w).toBe(8);
    expect(ids[3 * 8 + 3]).toBe(7);
    expect(ids[0]).toBe(-1);
  });

  it('mazes, routes, holes, gobang swaps, gap look-alikes', () => {
    // 2x2 maze: 0-1 open, 1-3 open, 3-2 open (perfect)
    const open = [2, 8 | 4, 2, 1 | 8];
    expect(solveMaze(open, 2, 0, 2)).toEqual(['right', 'down', 'left']);
    const g = { nodes: [[0, 0], [60, 0], [0, 60], [60, 60]] as Array<[number, number]>, edges: [[0, 1], [0, 2], [1, 3], [2, 3]] as Array<[number, number]>, s: 0, t: 3 };
    expect(countRoutes(g)).toBe(2);
    expect(graphProblem(g)).toBeNull();
    expect(graphProblem({ ...g, edges: [[0, 3], [1, 2]] })).toMatch(/cross/);
    const ring = (cx: number, cy: number, r: number): { cx: number; cy: number; radii: number[] } => ({ cx, cy, radii: Array.from({ length: 12 }, () => r) });
    expect(measureHoles([0, 0, 90, 90], { outer: ring(45, 45, 36), holes: [ring(35, 45, 7), ring(58, 45, 7)], spots: [], hue: 0 })).toBe(2);
    expect(measureHoles([0, 0, 90, 90], { outer: ring(45, 45, 36), holes: [ring(45, 10, 9)], spots: [], hue: 0 })).toBe(0); // a notch at the rim is not a hole
    const b = Array.from({ length: 25 }, (_, i) => (i < 4 ? 'a' : i === 4 ? 'b' : i === 12 ? 'a' : i % 2 ? 'c' : 'b'));
    expect(gobangSwaps(b)).toContainEqual([4, 12]);
    expect(gapsDistinct({ kind: 'star', cx: 0, cy: 0, r: 20, rot: 0 }, { kind: 'star', cx: 50, cy: 0, r: 20, rot: 30 })).toBe(false); // a star's turn is not a cue
    expect(gapsDistinct({ kind: 'heart', cx: 0, cy: 0, r: 20, rot: 0 }, { kind: 'heart', cx: 50, cy: 0, r: 20, rot: 30 })).toBe(true);
    expect(gapsDistinct({ kind: 'heart', cx: 0, cy: 0, r: 20, rot: 0 }, { kind: 'heart', cx: 50, cy: 0, r: 16, rot: 0 })).toBe(true);
  });
});
