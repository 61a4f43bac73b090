/** Unit tests of the acceptance policy and the painted-pixel measure (no browser). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, REJECT_REASONS, judge, type PaintedMeasure } from '../hittest/policy.js';
import { changedFraction, inkFraction, type RawImage } from '../hittest/painted.js';
import { paintBatches } from '../hittest/capture.js';
import type { ProbeCandidate } from '../hittest/probe.js';
import { HitChecks } from '../core/schema.js';

function img(w: number, h: number, bg: [number, number, number], paint?: (x: number, y: number) => [number, number, number] | null): RawImage {
  const data = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = paint?.(x, y) ?? bg;
      data.set([c[0], c[1], c[2], 255], (y * w + x) * 4);
    }
  }
  return { data, width: w, height: h, channels: 4 };
}

function cand(over: Partial<ProbeCandidate> = {}): ProbeCandidate {
  const points = Array.from({ length: 9 }, (_, i) => ({ css: [10 + i, 10] as [number, number], img: [10 + i, 10] as [number, number], hit: 'button', ok: true, inVisible: true }));
  return {
    idx: 0, kind: 'control', role: 'button', name: 'OK', text: 'OK', aria: {}, tag: 'button', id: null, selector: 'button',
    icon: null, landmark: null, rect: [0, 0, 40, 20], visible: [0, 0, 40, 20], lineRects: [], refined: false,
    style: { display: 'inline-block', visibility: 'visible', opacity: 1, content_visibility: 'visible', pointer_events: 'auto' },
    viewportFraction: 1, clipFraction: 1, clippedBy: null, frameProblem: null, points, stable: true,
    needsQuad: false, quad: null, quadFill: 1, paintBox: [0, 0, 40, 20], lineVisible: [], truncated: false, checkVisibility: true,
    shadow: null, frame: null, trim: null, hiddenText: '',
    ...over,
  };
}

describe('inkFraction', () => {
  it('is 0 for a flat box and the painted share otherwise', () => {
    const flat = img(20, 10, [255, 255, 255]);
    expect(inkFraction(flat, [0, 0, 20, 10])).toBe(0);
    const text = img(20, 10, [37, 99, 235], (x, y) => (x >= 5 && x < 10 && y >= 2 && y < 8 ? [255, 255, 255] : null));
    expect(inkFraction(text, [0, 0, 20, 10])).toBeCloseTo(30 / 200, 6);
    // the box is clamped to the image and an empty box has no ink
    expect(inkFraction(text, [-5, -5, 40, 40])).toBeCloseTo(30 / 200, 6);
    expect(inkFraction(text, [5, 5, 5, 9])).toBe(0);
  });
  it('ignores differences up to the threshold', () => {
    const faint = img(10, 10, [200, 200, 200], (x) => (x < 5 ? [210, 210, 210] : null));
    expect(inkFraction(faint, [0, 0, 10, 10], 24)).toBe(0);
    expect(inkFraction(faint, [0, 0, 10, 10], 5)).toBe(0.5);
  });
});

const m = (diff: number, ink = 0.2, drift = false): PaintedMeasure => ({ ink, diff: { fraction: diff, pixels: Math.round(diff * 800), batch: 0, drift } });

describe('changedFraction', () => {
  it('counts changed pixels of a box across two regions with different origins', () => {
    const a = img(20, 10, [255, 255, 255], (x, y) => (x >= 12 && x < 16 && y >= 2 && y < 7 ? [0, 0, 0] : null));
    const b = img(10, 10, [255, 255, 255]);
    // b covers viewport x 10..20; the box 10..20 x 0..10 has 20 of its 100 pixels changed
    expect(changedFraction({ img: a, x: 0, y: 0 }, { img: b, x: 10, y: 0 }, [10, 0, 20, 10])).toBeCloseTo(0.2, 6);
    expect(changedFraction({ img: a, x: 0, y: 0 }, { img: b, x: 10, y: 0 }, [0, 0, 10, 10])).toBe(0);
    expect(changedFraction({ img: a, x: 0, y: 0 }, { img: a, x: 0, y: 0 }, [0, 0, 20, 10])).toBe(0);
  });
});

describe('paintBatches', () => {
  it('separates nested or paint-overlapping candidates and packs the others', () => {
    const items = [
      { i: 0, box: [0, 0, 100, 40] as [number, number, number, number], paint: [0, 0, 100, 40] as [number, number, number, number] },
      { i: 1, box: [10, 10, 30, 30] as [number, number, number, number], paint: [10, 10, 30, 30] as [number, number, number, number] }, // inside 0
      { i: 2, box: [120, 0, 200, 40] as [number, number, number, number], paint: [110, 0, 210, 50] as [number, number, number, number] }, // shadow
      { i: 3, box: [205, 0, 260, 40] as [number, number, number, number], paint: [205, 0, 260, 40] as [number, number, number, number] }, // in 2's shadow
      { i: 4, box: [300, 0, 340, 40] as [number, number, number, number], paint: [300, 0, 340, 40] as [number, number, number, number] },
    ];
    const b = paintBatches(items, 0);
    const batchOf = (i: number): number => b.findIndex((x) => x.includes(i));
    expect(batchOf(0)).not.toBe(batchOf(1));
    expect(batchOf(2)).not.toBe(batchOf(3));
    expect(batchOf(0)).toBe(batchOf(2));
    expect(batchOf(4)).toBe(0);
    expect(b.length).toBe(2);
  });
});

describe('judge', () => {
  it('accepts a clean candidate and fills every HitChecks field', () => {
    const v = judge(cand(), m(0.3));
    expect(v.reason).toBeNull();
    expect(() => HitChecks.parse(v.checks)).not.toThrow();
    expect(v.checks.accepted).toBe(true);
    expect(v.checks.points_ok).toBe(9);
    expect(v.checks.painted_diff).toEqual({ changed_fraction: 0.3, changed_px: 240, threshold: 24, batch: 0, drift: false, pass: true });
    expect(v.checks.transform).toEqual({ quad: null, fill: 1, pass: true });
    expect(v.checks.size).toEqual({ width_css: 40, height_css: 20, pass: true });
    expect(v.checks.points[0]).toEqual({ point: [10, 10], hit: 'button', ok: true, css: [10, 10], in_visible: true });
    // every optional-but-always-filled field is present
    for (const k of ['size', 'painted_diff', 'transform', 'frame', 'shadow'] as const) expect(v.checks).toHaveProperty(k);
    expect(v.checks.text).toHaveProperty('line_visible');
    expect(v.checks.style).toHaveProperty('check_visibility');
  });

  it('reports the first failing check in REJECT_REASONS order', () => {
    const hidden = cand({ style: { ...cand().style, opacity: 0 }, points: [] });
    expect(judge(hidden, m(0)).reason).toBe('opacity');
    expect(judge(cand({ style: { ...cand().style, visibility: 'hidden', opacity: 0 } }), m(0)).reason).toBe('visibility_hidden');
    expect(judge(cand({ style: { ...cand().style, pointer_events: 'none' } }), m(0.3)).reason).toBe('pointer_events_none');
    expect(judge(cand({ rect: [0, 0, 3, 20] }), m(0.3)).reason).toBe('too_small');
    expect(judge(cand({ viewportFraction: 0, clipFraction: 0, visible: null }), m(0)).reason).toBe('offscreen');
    expect(judge(cand({ viewportFraction: 0.5, clipFraction: 0.5 }), m(0.3)).reason).toBe('viewport_clipped');
    expect(judge(cand({ clipFraction: 0.5 }), m(0.3)).reason).toBe('clipped');
    expect(judge(cand({ frameProblem: 'frame_transformed' }), m(0.3)).reason).toBe('frame_transformed');
    expect(judge(cand({ quadFill: 0.32, quad: [0, 0, 1, 1, 0, 2, -1, 1] }), m(0.3)).reason).toBe('rotated');
    expect(judge(cand({ stable: false }), m(0.3)).reason).toBe('unstable');
    expect(judge(cand(), m(0.3, 0.2, true)).reason).toBe('unstable');
    const c = cand();
    c.points[4] = { ...c.points[4]!, ok: false, hit: 'div.backdrop' };
    const v = judge(c, m(0.3));
    expect(v.reason).toBe('occluded_center');
    expect(v.checks.occlusion.interceptor).toBe('div.backdrop');
    expect(v.checks.occlusion.interceptors).toEqual(['div.backdrop']);
    const corners = cand();
    for (const i of [0, 2, 6]) corners.points[i] = { ...corners.points[i]!, ok: false };
    expect(judge(corners, m(0.3)).reason).toBe('occluded_points');
    // a header strip over the top edge: trimmed off the box; what is left counts against --min-visible
    const strip = (cut: number): ReturnType<typeof judge> =>
      judge(cand({ visible: [0, cut, 40, 20], trim: { cut: [cut, 0, 0, 0], by: 'header', fraction: (20 - cut) / 20 } }), m(0.3));
    expect(strip(2).reason).toBeNull();
    expect(strip(2).checks.occlusion).toMatchObject({ trimmed_css: [2, 0, 0, 0], visible_fraction: 0.9, interceptor: 'header', interceptors: ['header'], pass: true });
    expect(strip(3).reason).toBe('occluded_edge');
    expect(strip(3).checks.occlusion.visible_fraction).toBe(0.85);
    expect(judge(cand({ clipFraction: 0.95, trim: { cut: [1, 0, 0, 0], by: 'header', fraction: 0.93 } }), m(0.3)).reason).toBe('occluded_edge');
    expect(judge(cand(), m(0.3)).checks.occlusion).toMatchObject({ trimmed_css: null, visible_fraction: 1 });
    expect(judge(cand(), m(0.001)).reason).toBe('not_painted');
    // sparse text in a wide box ('--' in a table cell): few pixels change, but enough of them
    expect(judge(cand(), { ink: 0.01, diff: { fraction: 0.003, pixels: 12, batch: 0, drift: false } }).reason).toBeNull();
    expect(judge(cand(), { ink: 0.01, diff: { fraction: 0.003, pixels: 5, batch: 0, drift: false } }).reason).toBe('not_painted');
    // ink is measured but off by default; with --min-ink a flat box is rejected
    expect(judge(cand(), m(0.3, 0)).reason).toBeNull();
    expect(judge(cand(), m(0.3, 0), { ...DEFAULT_POLICY, minInk: 0.005 }).reason).toBe('flat');
    // not measured yet: the differential check passes provisionally
    expect(judge(cand(), { ink: 0, diff: null }).reason).toBeNull();
    expect(REJECT_REASONS.indexOf('opacity')).toBeLessThan(REJECT_REASONS.indexOf('not_painted'));
  });

  it('policy overrides loosen or tighten acceptance', () => {
    const corners = cand();
    for (const i of [0, 2, 6]) corners.points[i] = { ...corners.points[i]!, ok: false };
    expect(judge(corners, m(0.3), { ...DEFAULT_POLICY, minPointsOk: 6 }).reason).toBeNull();
    expect(judge(cand({ clipFraction: 0.95 }), m(0.3), { ...DEFAULT_POLICY, minVisibleFraction: 0.99 }).reason).toBe('clipped');
    expect(judge(cand(), m(0.005), { ...DEFAULT_POLICY, minPaintedDiff: 0 }).reason).toBeNull();
    expect(judge(cand({ quadFill: 0.32 }), m(0.3), { ...DEFAULT_POLICY, minQuadFill: 0.3 }).reason).toBeNull();
    const noCenter = cand();
    noCenter.points[4] = { ...noCenter.points[4]!, ok: false };
    expect(judge(noCenter, m(0.3), { ...DEFAULT_POLICY, requireCenter: false }).reason).toBeNull();
  });
});
