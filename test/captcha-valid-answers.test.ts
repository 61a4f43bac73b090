/**
 * CAPTCHA verifiers accept every answer a human would call right (issue 15, CAPTCHA item 3), not only the
 * one gold answer:
 * - largest_region_click / spatial_relation_click: every pixel of the drawn target (measured on the
 *   rendered puzzle: pixels that change when the target is left out, eroded 2 px from the edge) scores 1;
 *   pixels of the other regions / objects score 0;
 * - slide_to_zone: every drag leaving the handle's centre in the zone scores 1, one px outside 0;
 * - the Arrows×k+Submit types: press sequences that overshoot and come back, or start the other way,
 *   or take a detour in the maze score 1 when they end on the answer (end state replayed here by a
 *   separate simulator of what each widget's buttons do), and 0 when they stop one press short.
 * Puzzle px throughout (engine level, no compositing).
 */
import { describe, expect, it } from 'vitest';
import type { Action } from '../core/actions.js';
import type { Box, Point } from '../core/geometry.js';
import { boxCenter } from '../core/geometry.js';
import { Rng } from '../core/rng.js';
import type { Latent } from '../generators/captcha/engine.js';
import { getEngine } from '../generators/captcha/registry.js';
import { makeStyle } from '../generators/captcha/lib/style.js';
import { scoreVerifier } from '../score/scorer.js';
import { rasterSvg } from './captcha-contract-helpers.js';

type Diff = 'easy' | 'medium' | 'hard';
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
const click = (p: Point): Action => ({ type: 'click', point: p });

/** Valid latents of a type: the first `n` samples that validate, over the difficulties. */
function latents(type: string, n: number, diffs: Diff[] = ['easy', 'medium', 'hard']): any[] {
  const e = getEngine(type);
  const out: Latent[] = [];
  for (const d of diffs) {
    let got = 0;
    for (let k = 0; k < 60 && got < n; k++) {
      const l = e.sample(new Rng(`valid-answers-${type}-${d}-${k}`), d);
      if (e.validate(l) === null) {
        out.push(clone(l));
        got++;
      }
    }
  }
  return out;
}

/**
 * Pixels of the puzzle that change when `without` (the latent with the target left out) is drawn
 * instead, inside `area`, eroded by `erode` px (a pixel counts when every pixel within that Chebyshev
 * distance changed too).
 */
async function targetPixels(type: string, l: any, without: any, area: Box, erode: number): Promise<Point[]> {
  const e = getEngine(type);
  const style = makeStyle('classic', 'light', 'en-US');
  const a = await rasterSvg(e.draw(l, style, new Rng('draw')).svg);
  const b = await rasterSvg(e.draw(without, style, new Rng('draw')).svg);
  const W = a.width;
  const changed = (x: number, y: number): boolean => {
    if (x < area[0] || y < area[1] || x >= area[2] || y >= area[3]) return false;
    const o = (y * W + x) * 4;
    return Math.abs(a.data[o]! - b.data[o]!) + Math.abs(a.data[o + 1]! - b.data[o + 1]!) + Math.abs(a.data[o + 2]! - b.data[o + 2]!) > 24;
  };
  const out: Point[] = [];
  for (let y = area[1]; y < area[3]; y++) {
    for (let x = area[0]; x < area[2]; x++) {
      let all = true;
      for (let dy = -erode; dy <= erode && all; dy++) for (let dx = -erode; dx <= erode && all; dx++) all = changed(x + dx, y + dy);
      if (all) out.push([x + 0.5, y + 0.5]);
    }
  }
  return out;
}

/** Share of points that score `want` with a single click. */
function share(v: any, pts: Point[], want: 0 | 1): number {
  if (!pts.length) return 1;
  return pts.filter((p) => scoreVerifier(v, [click(p)]).score === want).length / pts.length;
}

describe('click anywhere on the drawn target', () => {
  it('largest_region_click: every inner pixel of the largest region is accepted, no pixel of another region', async () => {
    const type = 'largest_region_click';
    for (const l of latents(type, 2)) {
      const v = getEngine(type).solve(l).verifier;
      const own = await targetPixels(type, l, { ...l, regions: l.regions.filter((_: unknown, i: number) => i !== l.answer) }, l.area, 3);
      expect(own.length).toBeGreaterThan(500);
      expect(share(v, own, 1)).toBe(1);
      for (let j = 0; j < l.regions.length; j++) {
        if (j === l.answer) continue;
        const other = await targetPixels(type, l, { ...l, regions: l.regions.filter((_: unknown, i: number) => i !== j) }, l.area, 0);
        expect(share(v, other, 0)).toBe(1);
      }
    }
  });

  it('spatial_relation_click: every visible pixel of the target object is accepted, no pixel of another object', async () => {
    const type = 'spatial_relation_click';
    const drop = (l: any, j: number): any => ({
      ...l,
      objects: l.objects.filter((_: unknown, i: number) => i !== j),
      ref: l.ref > j ? l.ref - 1 : l.ref === j ? 0 : l.ref,
      target: l.target > j ? l.target - 1 : l.target === j ? 0 : l.target,
    });
    for (const l of latents(type, 2)) {
      const v = getEngine(type).solve(l).verifier;
      const own = await targetPixels(type, l, drop(l, l.target), l.scene_box, 2);
      expect(own.length).toBeGreaterThan(80);
      expect(share(v, own, 1)).toBe(1);
      for (let j = 0; j < l.objects.length; j++) {
        if (j === l.target) continue;
        const other = await targetPixels(type, l, drop(l, j), l.scene_box, 0);
        expect(share(v, other, 0)).toBe(1);
      }
    }
  });
});

describe('slide_to_zone: the zone itself', () => {
  it('a drag leaving the handle centre anywhere in the zone (edges included) scores 1; one px outside 0', () => {
    const type = 'slide_to_zone';
    for (const l of latents(type, 4)) {
      const v = getEngine(type).solve(l).verifier;
      const s = boxCenter(l.handle_box);
      const to = (x: number): Action[] => [{ type: 'drag', start: s, end: [s[0] + (x - s[0]), s[1]] }];
      for (let x = l.zone[0]; x <= l.zone[1]; x++) expect({ x, score: scoreVerifier(v, to(x)).score }).toEqual({ x, score: 1 });
      expect(scoreVerifier(v, to(l.zone[0] - 1)).score).toBe(0);
      expect(scoreVerifier(v, to(l.zone[1] + 1)).score).toBe(0);
    }
  });
});

/** A 1-D Arrows widget as the picture shows it: a value in [lo, hi], − / + buttons, greyed at the ends. */
interface Counter {
  value: number;
  goal: number;
  lo: number;
  hi: number;
  minus: Box;
  plus: Box;
  submit: Box;
}
const counterOf: Record<string, (l: any) => Counter> = {
  count_match_arrows: (l) => ({
    value: l.shown.length, goal: l.ref.filter((o: any) => o.kind === l.kind).length, lo: 0, hi: Math.max(l.shown.length, l.ref.length) + 2,
    minus: l.down_box, plus: l.up_box, submit: l.submit_box,
  }),
  sum_match_arrows: (l) => ({ value: l.cursor, goal: l.answer, lo: 0, hi: l.layout.options.length - 1, minus: l.layout.left, plus: l.layout.right, submit: l.layout.submit }),
  connect_icon_pick: (l) => ({ value: l.cursor, goal: l.answer, lo: 0, hi: l.layout.options.length - 1, minus: l.layout.left, plus: l.layout.right, submit: l.layout.submit }),
  orbit_match: (l) => ({ value: l.cursor, goal: l.answer, lo: 0, hi: l.layout.options.length - 1, minus: l.layout.left, plus: l.layout.right, submit: l.layout.submit }),
  grid_coordinate_move: (l) => ({ value: l.token, goal: l.target, lo: 0, hi: l.n * l.n - 1, minus: l.left_box, plus: l.right_box, submit: l.submit_box }),
};

/** Press sequences (+1 / −1 steps) that a human would call right or wrong, with the end value (simulated here). */
function counterAnswers(c: Counter): Array<{ name: string; steps: number[]; ok: boolean }> {
  const end = (steps: number[]): number => steps.reduce((v, d) => Math.min(c.hi, Math.max(c.lo, v + d)), c.value);
  const dir = Math.sign(c.goal - c.value);
  const k = Math.abs(c.goal - c.value);
  const toward = Array.from({ length: k }, () => dir);
  const cands = [
    { name: 'overshoot by one and back', steps: [...toward, dir, -dir] },
    { name: 'one step away first', steps: [-dir, ...toward, dir] },
    { name: 'back and forth on the way', steps: [dir, -dir, ...toward] },
    { name: 'one press short', steps: toward.slice(1) },
  ];
  return cands.map((x) => ({ ...x, ok: end(x.steps) === c.goal }));
}

describe('Arrows×k+Submit: any press sequence that ends on the answer', () => {
  it.each(Object.keys(counterOf).map((t) => [t]))('%s', (type) => {
    let right = 0;
    for (const l of latents(type, 3)) {
      const v = getEngine(type).solve(l).verifier;
      const c = counterOf[type]!(l);
      for (const a of counterAnswers(c)) {
        const acts = [...a.steps.map((d) => click(boxCenter(d > 0 ? c.plus : c.minus))), click(boxCenter(c.submit))];
        expect({ name: a.name, score: scoreVerifier(v, acts).score }).toEqual({ name: a.name, score: a.ok ? 1 : 0 });
        if (a.ok) right++;
      }
    }
    expect(right).toBeGreaterThanOrEqual(9);
  });

  it('path_navigate_arrows: a detour into a side passage and back still reaches the flag', () => {
    const type = 'path_navigate_arrows';
    const D: Record<string, [number, number, number]> = { up: [0, -1, 1], right: [1, 0, 2], down: [0, 1, 4], left: [-1, 0, 8] };
    const OPP: Record<string, string> = { up: 'down', down: 'up', left: 'right', right: 'left' };
    let n = 0;
    for (const l of latents(type, 3)) {
      const v = getEngine(type).solve(l).verifier;
      const press = (d: string): Action => click(boxCenter(l.buttons[d]));
      const submit = click(boxCenter(l.submit_box));
      // a side passage at the start that is not the first step of the path
      const side = Object.keys(D).find((d) => (l.open[l.start] & D[d]![2]) && d !== l.moves[0]);
      const path = l.moves.map(press);
      if (side) {
        expect(scoreVerifier(v, [press(side), press(OPP[side]!), ...path, submit]).score).toBe(1);
        n++;
      }
      // walk one step past the flag and back when the flag's cell has another passage
      const past = Object.keys(D).find((d) => (l.open[l.goal] & D[d]![2]) && d !== OPP[l.moves[l.moves.length - 1]]);
      if (past) expect(scoreVerifier(v, [...path, press(past), press(OPP[past]!), submit]).score).toBe(1);
      expect(scoreVerifier(v, [...path.slice(0, -1), submit]).score).toBe(0);
    }
    expect(n).toBeGreaterThan(0);
  });
});
