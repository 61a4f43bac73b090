/** Unit tests of the acceptance policy and the painted-pixel measure (no browser). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, REJECT_REASONS, judge } from '../hittest/policy.js';
import { inkFraction, type RawImage } from '../hittest/painted.js';
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
  const points = Array.from({ length: 9 }, (_, i) => ({ css: [10 + i, 10] as [number, number], img: [10 + i, 10] as [number, number], hit: 'button', ok: true }));
  return {
    idx: 0, kind: 'control', role: 'button', name: 'OK', text: 'OK', aria: {}, tag: 'button', id: null, selector: 'button',
    icon: null, landmark: null, rect: [0, 0, 40, 20], visible: [0, 0, 40, 20], lineRects: [], refined: false,
    style: { display: 'inline-block', visibility: 'visible', opacity: 1, content_visibility: 'visible', pointer_events: 'auto' },
    viewportFraction: 1, clipFraction: 1, clippedBy: null, frameProblem: null, points, stable: true,
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

describe('judge', () => {
  it('accepts a clean candidate and fills every HitChecks field', () => {
    const v = judge(cand(), 0.2);
    expect(v.reason).toBeNull();
    expect(() => HitChecks.parse(v.checks)).not.toThrow();
    expect(v.checks.accepted).toBe(true);
    expect(v.checks.points_ok).toBe(9);
  });

  it('reports the first failing check in REJECT_REASONS order', () => {
    const hidden = cand({ style: { ...cand().style, opacity: 0 }, points: [] });
    expect(judge(hidden, 0).reason).toBe('opacity');
    expect(judge(cand({ style: { ...cand().style, visibility: 'hidden', opacity: 0 } }), 0).reason).toBe('visibility_hidden');
    expect(judge(cand({ rect: [0, 0, 3, 20] }), 0.2).reason).toBe('too_small');
    expect(judge(cand({ viewportFraction: 0, clipFraction: 0, visible: null }), 0).reason).toBe('offscreen');
    expect(judge(cand({ viewportFraction: 0.5, clipFraction: 0.5 }), 0.2).reason).toBe('viewport_clipped');
    expect(judge(cand({ clipFraction: 0.5 }), 0.2).reason).toBe('clipped');
    expect(judge(cand({ stable: false }), 0.2).reason).toBe('unstable');
    const c = cand();
    c.points[4] = { ...c.points[4]!, ok: false, hit: 'div.backdrop' };
    const v = judge(c, 0.2);
    expect(v.reason).toBe('occluded_center');
    expect(v.checks.occlusion.interceptor).toBe('div.backdrop');
    const corners = cand();
    for (const i of [0, 2, 6]) corners.points[i] = { ...corners.points[i]!, ok: false };
    expect(judge(corners, 0.2).reason).toBe('occluded_points');
    expect(judge(cand(), 0.001).reason).toBe('not_painted');
    expect(REJECT_REASONS.indexOf('opacity')).toBeLessThan(REJECT_REASONS.indexOf('not_painted'));
  });

  it('policy overrides loosen or tighten acceptance', () => {
    const corners = cand();
    for (const i of [0, 2, 6]) corners.points[i] = { ...corners.points[i]!, ok: false };
    expect(judge(corners, 0.2, { ...DEFAULT_POLICY, minPointsOk: 6 }).reason).toBeNull();
    expect(judge(cand({ clipFraction: 0.95 }), 0.2, { ...DEFAULT_POLICY, minVisibleFraction: 0.99 }).reason).toBe('clipped');
  });
});
