import { describe, expect, it } from 'vitest';
import {
  boxCenter, boxToNorm1000, cssBoxToImage, mapBox, mapPoint, pointFromSpace, pointInBox, pointToNorm1, pointToNorm1000, type Box,
} from '../core/geometry.js';
import { Rng, recordId, sampleSeed } from '../core/rng.js';
import { actionToText } from '../core/actions.js';

describe('geometry', () => {
  it('x2/y2 are exclusive', () => {
    const b: Box = [10, 20, 30, 40];
    expect(pointInBox([10, 20], b)).toBe(true);
    expect(pointInBox([29, 39], b)).toBe(true);
    expect(pointInBox([30, 39], b)).toBe(false);
    expect(pointInBox([29, 40], b)).toBe(false);
    expect(pointInBox([9.99, 25], b)).toBe(false);
  });
  it('CSS px -> image px rounds outwards by the device scale factor', () => {
    expect(cssBoxToImage([10.2, 5, 20.5, 7.25], 2)).toEqual([20, 10, 41, 15]);
    expect(cssBoxToImage([1, 1, 2, 2], 2.625)).toEqual([2, 2, 6, 6]);
    expect(cssBoxToImage([10, 10, 20, 20], 3)).toEqual([30, 30, 60, 60]);
  });
  it('box centre is inside even for 1 px boxes', () => {
    expect(boxCenter([5, 5, 6, 6])).toEqual([5, 5]);
    expect(boxCenter([0, 0, 10, 4])).toEqual([5, 2]);
    for (let w = 1; w < 20; w++) expect(pointInBox(boxCenter([3, 3, 3 + w, 3 + w]), [3, 3, 3 + w, 3 + w])).toBe(true);
  });
  it('normalises to [0,1] and the [0,999] grid', () => {
    const s = { width: 1000, height: 500 };
    expect(pointToNorm1([250, 125], s)).toEqual([0.25, 0.25]);
    expect(pointToNorm1000([999.9, 499.9], s)).toEqual([999, 999]);
    expect(pointToNorm1000([0, 0], s)).toEqual([0, 0]);
    expect(boxToNorm1000([0, 0, 1000, 500], s)).toEqual([0, 0, 999, 998]); // last row 499 -> cell 998
    expect(pointFromSpace([0.5, 0.5], 'norm1', s)).toEqual([500, 250]);
    expect(pointFromSpace([500, 500], 'norm1000', s)).toEqual([500.5, 250.25]);
  });
  it('norm1000 round trip lands within half a grid cell', () => {
    const s = { width: 1179, height: 2556 };
    for (const p of [[0, 0], [1178, 2555], [600, 1300], [17, 2000]] as Array<[number, number]>) {
      const back = pointFromSpace(pointToNorm1000(p, s), 'norm1000', s);
      expect(Math.abs(back[0] - p[0])).toBeLessThanOrEqual(s.width / 1000);
      expect(Math.abs(back[1] - p[1])).toBeLessThanOrEqual(s.height / 1000);
    }
  });
  it('affine maps scale and translate boxes and points', () => {
    const m = { sx: 0.5, sy: 0.5, tx: 100, ty: 40 };
    expect(mapPoint(m, [10, 20])).toEqual([105, 50]);
    expect(mapBox(m, [10, 20, 31, 41])).toEqual([105, 50, 116, 61]);
  });
});

describe('rng and ids', () => {
  it('is a pure function of its seed', () => {
    const a = new Rng(sampleSeed('captcha', 7, 3));
    const b = new Rng(sampleSeed('captcha', 7, 3));
    const xs = Array.from({ length: 5 }, () => a.int(0, 1000));
    expect(Array.from({ length: 5 }, () => b.int(0, 1000))).toEqual(xs);
    expect(new Rng(sampleSeed('captcha', 7, 4)).int(0, 1e9)).not.toBe(new Rng(sampleSeed('captcha', 7, 3)).int(0, 1e9));
    expect(recordId('captcha', 7, 3)).toBe('captcha-7-0000003');
  });
  it('forks are independent and stable', () => {
    const r = new Rng('x');
    expect(r.fork('a').next()).toBe(new Rng('x').fork('a').next());
    expect(r.fork('a').next()).not.toBe(r.fork('b').next());
  });
  it('int covers both ends and rejects empty ranges', () => {
    const r = new Rng('ends');
    const seen = new Set(Array.from({ length: 200 }, () => r.int(1, 3)));
    expect([...seen].sort()).toEqual([1, 2, 3]);
    expect(() => r.int(3, 1)).toThrow(RangeError);
  });
});

describe('action text form', () => {
  it('prints the UI-Venus action space', () => {
    expect(actionToText({ type: 'click', point: [12, 40] })).toBe('Click(point=(12, 40))');
    expect(actionToText({ type: 'long_press', point: [1, 2] })).toBe('LongPress(point=(1, 2))');
    expect(actionToText({ type: 'drag', start: [1, 2], end: [30, 2] })).toBe('Drag(start=(1, 2), end=(30, 2))');
    expect(actionToText({ type: 'type', text: "it's" })).toBe("Type(content='it\\'s')");
  });
});
