/**
 * Borderline CAPTCHA states (issue 15, CAPTCHA item 4) are rejected before drawing:
 * - rotation_match_select: a decoy as close to the reference as a turned copy (measured overlap of
 *   the masks at the best turn), even when its radial profile passes the RMS check;
 * - viewpoint_select: an empty cell the 3D view hides, whose filling would change the answer.
 * (alphabetical_click tilts: test/captcha-glyph-orientation.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../core/rng.js';
import { getEngine } from '../generators/captcha/registry.js';
import { TurnMasks, bestTurnIou, rotDistance } from '../generators/captcha/engines/grid-select/rotation_match_select.js';
import { hiddenGaps, sampleOnce } from '../generators/captcha/engines/grid-select/viewpoint_select.js';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe('rotation_match_select', () => {
  it('a near copy of the reference is rejected although its radial RMS passes min_diff', () => {
    const e = getEngine('rotation_match_select');
    let l: any;
    for (let k = 0; k < 40; k++) {
      l = clone(e.sample(new Rng(`borderline-rm-${k}`), 'hard'));
      if (e.validate(l) === null && l.tiles.some((t: any) => t.variant === 'other')) break;
    }
    const i = l.tiles.findIndex((t: any) => t.variant === 'other');
    const prof = (rs: number[]): number[] => Array.from({ length: 180 }, (_, s) => {
      const t = (s / 180) * rs.length;
      const a = Math.floor(t) % rs.length;
      const f = t - Math.floor(t);
      return rs[a]! * (1 - f) + rs[(a + 1) % rs.length]! * f;
    });
    // a perturbed copy that passes the radial RMS check (the only check before) yet overlaps a turned
    // reference as much as a copy would (IoU > max_iou at the drawn size)
    const R = (l.cells[0][2] - l.cells[0][0]) * 0.4;
    const turns = new TurnMasks(l.radii, R);
    const rng = new Rng('near-copy');
    let near: number[] | null = null;
    for (let t = 0; t < 400 && !near; t++) {
      const cand = l.radii.map((r: number) => Math.round(Math.min(1, Math.max(0.3, r + rng.float(-0.12, 0.12))) * 100) / 100);
      if (rotDistance(prof(cand), prof(l.radii)) >= l.min_diff && rotDistance(prof([...cand].reverse()), prof(l.radii)) >= l.min_diff && bestTurnIou(turns, cand, false) > l.max_iou) near = cand;
    }
    expect(near).not.toBeNull();
    l.tiles[i].radii = near;
    expect(e.validate(l)).toMatch(/as close to the reference as a turned copy/);
  });
});

describe('viewpoint_select', () => {
  it('states with a hidden gap that decides a candidate are rejected; sampled puzzles have none', () => {
    const e = getEngine('viewpoint_select');
    let rejected = 0;
    for (let k = 0; k < 25; k++) {
      const l = sampleOnce(new Rng(`borderline-vp-${k}`), 'hard');
      const gaps = hiddenGaps(l);
      const why = e.validate(l);
      if (gaps.length) {
        expect(why).not.toBeNull();
        rejected++;
      }
    }
    expect(rejected).toBeGreaterThan(0);
    for (let k = 0; k < 10; k++) expect(hiddenGaps(e.sample(new Rng(`borderline-vp-ok-${k}`), 'hard') as any)).toEqual([]);
  });
});
