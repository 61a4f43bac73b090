import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import {
  COORD_CHOICES, COORD_NAMES, QWEN25_DEFAULT_BUDGET, boxFromConvention, boxToConvention, convention, coordsOpt, pointFromConvention,
  pointToConvention, pointToConventionInBox, resolveCoords, roundHalfEven, smartResize, type CoordConvention,
} from '../core/coords.js';
import { Rng } from '../core/rng.js';
import { boxCenter, pointInBox, pointFromSpace, pointToNorm1000, type Box } from '../core/geometry.js';
import { UsageError } from '../core/errors.js';
import { reasoningInConvention } from '../export/formats/samples.js';

const conventions: Array<[string, CoordConvention]> = [
  ...COORD_NAMES.map((n) => [n, convention(n)] as [string, CoordConvention]),
  ['qwen25 (1280 tokens)', convention('qwen25', { max_pixels: 1280 * 28 * 28 })],
  ['qwen25 (min 1M px)', convention('qwen25', { min_pixels: 1_000_000, max_pixels: 16384 * 28 * 28 })],
];

describe('coordinate conventions as data', () => {
  it('every convention states space, order and normalized_by', () => {
    expect(convention('abs')).toMatchObject({ space: 'image_px', order: 'xy', normalized_by: null });
    expect(convention('norm1')).toMatchObject({ space: 'relative', order: 'xy', normalized_by: 1, range: [0, 1] });
    expect(convention('norm1000')).toMatchObject({ space: 'relative', normalized_by: 1000, quantize: 'floor', range: [0, 999] });
    expect(convention('norm1000-999')).toEqual(convention('norm1000'));
    expect(convention('norm1000-1000')).toMatchObject({ space: 'relative', normalized_by: 1000, quantize: 'round', range: [0, 1000] });
    expect(convention('qwen25')).toMatchObject({ space: 'resized_px', order: 'xy', normalized_by: null, resize: QWEN25_DEFAULT_BUDGET });
    expect(COORD_CHOICES).toEqual(['abs', 'norm1', 'norm1000', 'norm1000-999', 'norm1000-1000', 'qwen25']);
  });
  it('bad names and budgets are UsageErrors naming the flag', () => {
    expect(() => convention('pixels')).toThrow(UsageError);
    expect(() => convention('pixels')).toThrow(/--coords: unknown value 'pixels'; allowed: abs, norm1, norm1000, norm1000-999, norm1000-1000, qwen25/);
    expect(() => coordsOpt('qwen25', '100')).toThrow(/--max-pixels: expected an integer >= 784/);
    expect(() => coordsOpt('qwen25', undefined, '0')).toThrow(/--min-pixels: expected a positive integer/);
    expect(() => coordsOpt('qwen25', '10000', '20000')).toThrow(/--min-pixels/);
    expect(() => coordsOpt('abs', '1003520')).toThrow(/only apply to --coords qwen25/);
  });
});

describe('smart_resize (qwen-vl-utils reference)', () => {
  it('matches qwen-vl-utils smart_resize on hand-worked sizes and rounds half to even like Python', () => {
    expect(smartResize(1080, 1920)).toEqual([1092, 1932]);
    expect(smartResize(1080, 1920, { factor: 28, min_pixels: 3136, max_pixels: 1280 * 28 * 28 })).toEqual([728, 1316]);
    expect(smartResize(1078, 1036)).toEqual([1064, 1036]); // 1078 / 28 = 38.5 -> 38
    expect(smartResize(14, 14)).toEqual([56, 56]); // below min_pixels: scaled up by 4
    expect(roundHalfEven(0.5)).toBe(0);
    expect(roundHalfEven(1.5)).toBe(2);
    expect(roundHalfEven(2.5)).toBe(2);
    expect(roundHalfEven(2.5000001)).toBe(3);
    expect(() => smartResize(10, 2100)).toThrow(/aspect ratio/);
    const c = resolveCoords(convention('qwen25'), [1920, 1080]);
    expect(c.resized).toEqual([1932, 1092]);
    expect(pointToConvention([960, 540], c)).toEqual([966, 546]);
    expect(pointToConvention([960, 540], resolveCoords(convention('norm1000-1000'), [1920, 1080]))).toEqual([500, 500]);
  });

  it.skipIf(spawnSync('python3', ['--version']).status !== 0)('equals reward/uisynth_reward.py smart_resize on 2,000 sizes and three budgets', () => {
    const rng = new Rng('smart-resize');
    const sizes: Array<[number, number]> = [];
    for (let i = 0; i < 2000; i++) sizes.push([rng.int(28, 5000), rng.int(28, 5000)]);
    for (let h = 1064; h <= 1092; h++) sizes.push([h, 1036]); // includes the .5 tie
    const budgets = [[28, 3136, 12845056], [28, 3136, 1003520], [28, 1_000_000, 12845056]];
    const py = `
import json, sys
sys.path.insert(0, ${JSON.stringify(join(import.meta.dirname, '..', 'reward'))})
from uisynth_reward import smart_resize
sizes, budgets = json.load(sys.stdin)
print(json.dumps([[list(smart_resize(h, w, *b)) for (h, w) in sizes if max(h, w) / min(h, w) <= 200] for b in budgets]))`;
    const r = spawnSync('python3', ['-c', py], { input: JSON.stringify([sizes, budgets]), encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const want = JSON.parse(r.stdout) as number[][][];
    budgets.forEach(([factor, min_pixels, max_pixels], k) => {
      const got = sizes.filter(([h, w]) => Math.max(h, w) / Math.min(h, w) <= 200).map(([h, w]) => smartResize(h, w, { factor: factor!, min_pixels: min_pixels!, max_pixels: max_pixels! }));
      expect(got).toEqual(want[k]);
    });
  });
});

describe('round trips (convert gold out and back; the point must still be inside the box)', () => {
  for (const [label, conv] of conventions) {
    it(label, () => {
      const rng = new Rng(`roundtrip-${label}`);
      for (let i = 0; i < 400; i++) {
        const W = rng.int(200, 3840);
        const H = rng.int(200, 2400);
        const rc = resolveCoords(conv, [W, H]);
        const qx = rc.resized ? W / rc.resized[0] : 1;
        const qy = rc.resized ? H / rc.resized[1] : 1;
        // a box at least two quanta of the space (and 8 px) on each side
        const minW = Math.max(8, Math.ceil(2 * Math.max(W / 1000, qx)) + 1);
        const minH = Math.max(8, Math.ceil(2 * Math.max(H / 1000, qy)) + 1);
        const bw = rng.int(minW, Math.max(minW, Math.floor(W / 4)));
        const bh = rng.int(minH, Math.max(minH, Math.floor(H / 4)));
        const x1 = rng.int(0, W - bw);
        const y1 = rng.int(0, H - bh);
        const box: Box = [x1, y1, x1 + bw, y1 + bh];
        const gold = boxCenter(box);
        const m = pointToConvention(gold, rc);
        expect(pointInBox(pointFromConvention(m, rc), box), `${label} ${W}x${H} ${box} -> ${m}`).toBe(true);
        const snapped = pointToConventionInBox(gold, box, rc)!;
        expect(pointInBox(pointFromConvention(snapped, rc), box)).toBe(true);
        const back = boxFromConvention(boxToConvention(box, rc), rc);
        expect(pointInBox(gold, back), `${label} box ${box} -> ${back}`).toBe(true);
        if (rc.range) for (const v of [...m, ...boxToConvention(box, rc)]) expect(v >= rc.range[0] && v <= rc.range[1]).toBe(true);
        if (rc.name === 'qwen25') for (const v of m) expect(Number.isInteger(v)).toBe(true);
      }
    });
  }

  it('snapping finds a value inside boxes smaller than a quantum when one exists, and says null when none does', () => {
    const rc = resolveCoords(convention('norm1000'), [3000, 1000]); // cells are 3 px wide
    const box: Box = [1001, 100, 1003, 101]; // 2 px between the cell centres 1000.5 and 1003.5
    expect(pointToConventionInBox([1001, 100], box, rc)).toBeNull();
    const box2: Box = [1001, 100, 1004, 101]; // the gold x 1001 lies in cell 333 (centre 1000.5, outside); cell 334 (1003.5) is inside
    expect(pointToConvention([1001, 100], rc)).toEqual([333, 100]);
    expect(pointToConventionInBox([1001, 100], box2, rc)).toEqual([334, 100]);
  });

  it('reasoning text: (x, y) pairs follow the convention so thinking and answer agree', () => {
    const rc = resolveCoords(convention('qwen25'), [1920, 1080]);
    expect(reasoningInConvention('The centre is at (960, 540); then (0, 0).', rc)).toBe('The centre is at (966, 546); then (0, 0).');
    expect(reasoningInConvention('at (960, 540)', resolveCoords(convention('abs'), [1920, 1080]))).toBe('at (960, 540)');
  });

  it('norm1000 and norm1 agree with the native record normalisers (core/geometry)', () => {
    const rc = resolveCoords(convention('norm1000'), [1280, 800]);
    for (const p of [[0, 0], [639, 400], [1279, 799]] as Array<[number, number]>) {
      expect(pointToConvention(p, rc)).toEqual(pointToNorm1000(p, { width: 1280, height: 800 }));
      expect(pointFromConvention([300, 700], rc)).toEqual(pointFromSpace([300, 700], 'norm1000', { width: 1280, height: 800 }));
    }
  });
});

describe('score --coords qwen25: the smart_resize factor follows the model family', () => {
  it('Qwen3-VL (factor 32) from --model-family or --factor; Qwen2.5-VL and no family keep 28', async () => {
    const { predictionConvention } = await import('../score/report.js');
    const { resolveCoords } = await import('../core/coords.js');
    // 1440x900: factor 32 -> 45*32 x round(28.125)*32 = 1440x896; factor 28 -> round(51.43)*28 x round(32.14)*28 = 1428x896
    expect(resolveCoords(predictionConvention('qwen25', { modelFamily: 'qwen3-vl' }), [1440, 900]).resized).toEqual([1440, 896]);
    expect(resolveCoords(predictionConvention('qwen25', { factor: '32' }), [1440, 900]).resized).toEqual([1440, 896]);
    expect(resolveCoords(predictionConvention('qwen25', { modelFamily: 'qwen2.5-vl' }), [1440, 900]).resized).toEqual([1428, 896]);
    expect(resolveCoords(predictionConvention('qwen25'), [1440, 900]).resized).toEqual([1428, 896]);
    expect(predictionConvention('qwen25', { modelFamily: 'qwen3-vl', maxPixels: 1024 * 1024 }).resize).toEqual({ factor: 32, min_pixels: 65536, max_pixels: 1048576 });
    expect(() => predictionConvention('abs', { factor: 32 })).toThrow(/--factor: only applies to --coords qwen25/);
    expect(() => predictionConvention('qwen25', { factor: 'x' })).toThrow(/--factor: expected an even integer/);
  });
});

describe('--thinking: pixel distances in the reasoning follow the frame of the answer', () => {
  it('qwen25 scales distances to the resized image; relative frames state a fraction of the width/height; abs is unchanged', () => {
    const q = resolveCoords(convention('qwen25', { max_pixels: 1280 * 28 * 28 }), [1440, 900]);
    const [rw, rh] = q.resized!;
    expect(reasoningInConvention('Drag it right by 265 px, keeping it level.', q)).toBe(`Drag it right by ${Math.round((265 * rw) / 1440)} px, keeping it level.`);
    expect(reasoningInConvention('The gap is 100 px above. Then 50 px left.', q)).toBe(`The gap is ${Math.round((100 * rh) / 900)} px above. Then ${Math.round((50 * rw) / 1440)} px left.`);
    const n = resolveCoords(convention('norm1000-1000'), [1000, 500]);
    expect(reasoningInConvention('Drag it right by 265 px, keeping it level.', n)).toBe('Drag it right by 265/1000 of the image width, keeping it level.');
    expect(reasoningInConvention('Move it 100 px up.', n)).toBe('Move it 200/1000 of the image height up.');
    expect(reasoningInConvention('The piece is 40 px away.', n)).toBe('The piece is that distance away.');
    expect(reasoningInConvention('Drag it right by 265 px.', resolveCoords(convention('abs'), [1000, 500]))).toBe('Drag it right by 265 px.');
  });
});
