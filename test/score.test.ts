import { describe, expect, it } from 'vitest';
import type { Action } from '../core/actions.js';
import type { Verifier } from '../core/schema.js';
import { scoreVerifier, scoreGrounding, actionsFromSpace } from '../score/scorer.js';

const c = (x: number, y: number): Action => ({ type: 'click', point: [x, y] });
const s = (v: Verifier, a: Action[]): number => scoreVerifier(v, a).score;

describe('strict scorer (VenusBench-CAPTCHA rules)', () => {
  const seq: Verifier = { kind: 'click', action: 'click', mode: 'sequence', boxes: [[0, 0, 10, 10], [20, 0, 30, 10], [40, 0, 50, 10]], submit_box: null, min_duration_ms: null };
  it('ordered clicks: order, count and boxes must all match', () => {
    expect(s(seq, [c(5, 5), c(25, 5), c(45, 5)])).toBe(1);
    expect(s(seq, [c(25, 5), c(5, 5), c(45, 5)])).toBe(0); // wrong order
    expect(s(seq, [c(5, 5), c(25, 5)])).toBe(0); // missing
    expect(s(seq, [c(5, 5), c(25, 5), c(45, 5), c(45, 5)])).toBe(0); // extra
    expect(s(seq, [c(5, 5), c(25, 5), c(50, 5)])).toBe(0); // x2 exclusive
    expect(s(seq, [c(5, 5), c(25, 5), { type: 'long_press', point: [45, 5] }])).toBe(0); // wrong type
  });
  it('set + submit: distinct boxes in any order, then submit', () => {
    const v: Verifier = { ...seq, mode: 'set', submit_box: [0, 50, 50, 60] } as Verifier;
    expect(s(v, [c(45, 5), c(5, 5), c(25, 5), c(10, 55)])).toBe(1);
    expect(s(v, [c(45, 5), c(45, 6), c(25, 5), c(10, 55)])).toBe(0); // same box twice
    expect(s(v, [c(45, 5), c(5, 5), c(25, 5)])).toBe(0); // no submit
    expect(s(v, [c(10, 55), c(45, 5), c(5, 5), c(25, 5)])).toBe(0); // submit first
  });
  it('any: one click in any box', () => {
    const v: Verifier = { ...seq, mode: 'any' } as Verifier;
    expect(s(v, [c(25, 5)])).toBe(1);
    expect(s(v, [c(15, 5)])).toBe(0);
    expect(s(v, [c(25, 5), c(5, 5)])).toBe(0);
  });
  it('text entry: click in the input then the exact answer after trimming', () => {
    const v: Verifier = { kind: 'text_entry', input_box: [0, 0, 100, 30], answer: 'aB3k', valid_answers: ['aB3k'], case_sensitive: false };
    expect(s(v, [c(50, 15), { type: 'type', text: ' ab3K ' }])).toBe(1);
    expect(s(v, [c(50, 15), { type: 'type', text: 'ab3' }])).toBe(0);
    expect(s(v, [c(150, 15), { type: 'type', text: 'aB3k' }])).toBe(0);
    expect(s(v, [{ type: 'type', text: 'aB3k' }])).toBe(0);
    expect(s(v, [c(50, 15), { type: 'type', text: 'aB3k' }, c(50, 15)])).toBe(0);
    expect(s({ ...v, case_sensitive: true }, [c(50, 15), { type: 'type', text: 'ab3k' }])).toBe(0);
  });
  it('drag: start on handle, direction, relative tolerance, 5 px vertical bound', () => {
    const v: Verifier = { kind: 'drag', handle_box: [0, 0, 40, 40], track_box: null, expected_dx: 200, rel_tolerance: 0.1, max_dy: 5 };
    const d = (x1: number, y1: number, x2: number, y2: number): Action => ({ type: 'drag', start: [x1, y1], end: [x2, y2] });
    expect(s(v, [d(20, 20, 220, 20)])).toBe(1);
    expect(s(v, [d(20, 20, 240, 25)])).toBe(1); // +20 = 10% edge, dy 5 edge
    expect(s(v, [d(20, 20, 240.5, 20)])).toBe(0); // just over tolerance
    expect(s(v, [d(20, 20, 220, 26)])).toBe(0); // vertical drift
    expect(s(v, [d(20, 20, 100, 20)])).toBe(0); // short drag
    expect(s(v, [d(20, 20, -180, 20)])).toBe(0); // wrong direction
    expect(s(v, [d(50, 20, 250, 20)])).toBe(0); // not on handle
    expect(s(v, [d(20, 20, 220, 20), d(20, 20, 220, 20)])).toBe(0); // two drags
  });
  it('pair: two clicks matching any valid pair in either order', () => {
    const v: Verifier = { kind: 'pair', boxes: [[0, 0, 10, 10], [10, 0, 20, 10], [20, 0, 30, 10]], valid_pairs: [[0, 2]] };
    expect(s(v, [c(5, 5), c(25, 5)])).toBe(1);
    expect(s(v, [c(25, 5), c(5, 5)])).toBe(1);
    expect(s(v, [c(5, 5), c(15, 5)])).toBe(0);
    expect(s(v, [c(5, 5)])).toBe(0);
  });
  it('grounding: point in box; refusal only for infeasible queries', () => {
    const rec = {
      id: 'g',
      targets: [{ tid: 't0', bbox: [10, 10, 20, 20] }],
      queries: [{ qid: 'q0', tid: 't0' }, { qid: 'q1', tid: null }],
    } as never;
    expect(scoreGrounding(rec, 'q0', [c(10, 19)]).score).toBe(1);
    expect(scoreGrounding(rec, 'q0', [c(20, 15)]).score).toBe(0);
    expect(scoreGrounding(rec, 'q0', [{ type: 'refuse' }]).score).toBe(0);
    expect(scoreGrounding(rec, 'q1', [{ type: 'refuse' }]).score).toBe(1);
    expect(scoreGrounding(rec, 'q1', [c(15, 15)]).score).toBe(0);
    expect(() => scoreGrounding(rec, 'nope', [c(1, 1)])).toThrow(/not in record/);
  });
  it('maps predictions from norm1 / norm1000 back to image px', () => {
    const size = { width: 2000, height: 1000 };
    expect(actionsFromSpace([c(0.5, 0.25)], 'norm1', size)).toEqual([c(1000, 250)]);
    expect(actionsFromSpace([{ type: 'drag', start: [0, 0], end: [999, 999] }], 'norm1000', size)).toEqual([
      { type: 'drag', start: [1, 0.5], end: [1999, 999.5] },
    ]);
  });
});
