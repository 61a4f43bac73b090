/**
 * Turning a saved probe result into records, without Chromium (hittest/records.ts). The fixtures in
 * test/fixtures/probe/ were saved from real runs (test/fixtures/probe/make.ts): what the records were
 * made from and the records that run wrote. Checked here:
 * - the record builder alone reproduces the real run's records exactly;
 * - each rule, recomputed from the saved measurements by the rule's own definition (hittest/README.md
 *   "Units", "Checks", "Nested controls"): box = visible CSS box × dpr rounded outwards; point = the
 *   passing grid point nearest the centre; reading order; a wrapped text whose box holds another
 *   target's point outside its lines is rejected as `ambiguous_box`;
 * - edited measurements change the verdict the way the policy says (centre occluded, opacity 0, nothing
 *   painted, centre not required).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { recordsFromProbe, type PageRecords, type RecordInput } from '../hittest/records.js';
import { Target } from '../core/schema.js';

const DIR = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'probe');
interface Saved {
  page: string;
  dpr: number;
  input: RecordInput;
  records: PageRecords;
}
const load = (f: string): Saved => JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Saved;
const FILES = ['text-wrap-around.dpr1.json', 'occlusion-trim.dpr2.json'];
const clone = <T>(v: T): T => structuredClone(v);

describe('records from a saved probe result', () => {
  for (const f of FILES) {
    const saved = load(f);
    const { input, records } = saved;
    const dpr = saved.dpr;
    const bySelector = new Map(input.probe.candidates.map((c) => [c.selector, c]));

    it(`${f}: reproduces the real run's records`, () => {
      expect(recordsFromProbe(clone(input))).toEqual(records);
    });

    it(`${f}: every candidate is a target or a rejection; each target fits the schema`, () => {
      const r = recordsFromProbe(clone(input));
      expect(r.targets.length + r.rejectedTargets.length).toBe(input.probe.candidates.length);
      expect(Object.values(r.rejected).reduce((a, b) => a + b, 0)).toBe(r.rejectedTargets.length);
      r.targets.forEach((t, i) => {
        expect(t.tid).toBe(`t${i}`);
        expect(Target.safeParse(t).success).toBe(true);
      });
      // page texts: the probe's texts lower-cased, first occurrence kept
      const seen: string[] = [];
      for (const s of input.probe.pageTexts) if (!seen.includes(s.toLowerCase())) seen.push(s.toLowerCase());
      expect(r.pageTexts).toEqual(seen);
    });

    it(`${f}: box, point and order follow from the measurements`, () => {
      const r = recordsFromProbe(clone(input));
      const { width, height } = input.size;
      for (const t of r.targets) {
        const c = bySelector.get(t.dom.selector)!;
        const v = c.visible!;
        // visible CSS box × dpr, x1/y1 floored, x2/y2 ceiled, clamped to the image
        const want = [
          Math.max(0, Math.floor(v[0] * dpr)),
          Math.max(0, Math.floor(v[1] * dpr)),
          Math.min(width, Math.ceil(v[2] * dpr)),
          Math.min(height, Math.ceil(v[3] * dpr)),
        ];
        expect(t.bbox).toEqual(want);
        expect(t.bbox_css).toEqual(v.map((x) => Math.round(x * 1000) / 1000));
        // the centre grid point when it passed, else the passing one nearest to it
        const centre = c.points[4]!.img;
        const passing = c.points
          .filter((p) => p.ok && p.img[0] >= want[0]! && p.img[0] < want[2]! && p.img[1] >= want[1]! && p.img[1] < want[3]!)
          .map((p) => ({ p: p.img, d: Math.hypot(p.img[0] - centre[0], p.img[1] - centre[1]) }));
        const best = Math.min(...passing.map((x) => x.d));
        expect(passing.filter((x) => x.d === best).map((x) => x.p)).toContainEqual(t.point);
        if (c.points[4]!.ok) expect(t.point).toEqual(centre);
      }
      // reading order: a later target is lower (centre) or further right than every earlier one
      const cy = (b: number[]): number => (b[1]! + b[3]!) / 2;
      for (let i = 0; i < r.targets.length; i++) {
        for (let j = i + 1; j < r.targets.length; j++) {
          const a = r.targets[i]!.bbox;
          const b = r.targets[j]!.bbox;
          expect(cy(b) >= cy(a) || b[0] >= a[0]).toBe(true);
        }
      }
    });
  }

  it('a wrapped text whose box holds another target\'s point outside its lines is ambiguous', () => {
    const { input, dpr } = load('text-wrap-around.dpr1.json');
    const r = recordsFromProbe(clone(input));
    const inside = (p: number[], b: number[]): boolean => p[0]! >= b[0]! && p[0]! < b[2]! && p[1]! >= b[1]! && p[1]! < b[3]!;
    const ambiguous = new Set(r.rejectedTargets.filter((t) => t.reason === 'ambiguous_box').map((t) => t.selector));
    expect(ambiguous.size).toBe(3);
    for (const c of input.probe.candidates.filter((c) => c.refined && c.lineRects.length > 1)) {
      const box = c.visible!;
      const lineArea = c.lineRects.reduce((s, l) => s + (l[2] - l[0]) * (l[3] - l[1]), 0);
      const sparse = lineArea < 0.5 * (box[2] - box[0]) * (box[3] - box[1]);
      const clash = r.targets.some((t) => {
        const p = [t.point[0] / dpr, t.point[1] / dpr];
        return t.dom.selector !== c.selector && inside(p, box) && !c.lineRects.some((l) => inside(p, l));
      });
      expect(ambiguous.has(c.selector)).toBe(sparse || clash);
    }
  });

  it('edited measurements: occluded centre, opacity 0, nothing painted, centre not required', () => {
    const { input } = load('occlusion-trim.dpr2.json');
    const base = recordsFromProbe(clone(input));
    const name = 'Round pill';
    const idx = input.probe.candidates.findIndex((c) => c.name === name);
    expect(base.targets.some((t) => t.name === name)).toBe(true);

    const occluded = clone(input);
    occluded.probe.candidates[idx]!.points[4]!.ok = false;
    const r1 = recordsFromProbe(occluded);
    expect(r1.targets.some((t) => t.name === name)).toBe(false);
    expect(r1.rejectedTargets.find((t) => t.name === name)).toMatchObject({ reason: 'occluded_center', unseen: false });
    expect(r1.targets.map((t) => t.tid)).toEqual(r1.targets.map((_, i) => `t${i}`));

    // without the centre requirement the nearest passing point is recorded instead (8 of 9 still pass)
    const relaxed = clone(occluded);
    relaxed.policy.requireCenter = false;
    const t2 = recordsFromProbe(relaxed).targets.find((t) => t.name === name)!;
    const pts = input.probe.candidates[idx]!.points;
    const c = pts[4]!.img;
    const nearest = Math.min(...pts.filter((_, k) => k !== 4).map((p) => Math.hypot(p.img[0] - c[0], p.img[1] - c[1])));
    expect(Math.hypot(t2.point[0] - c[0], t2.point[1] - c[1])).toBe(nearest);
    expect(t2.checks.center_ok).toBe(false);

    const faded = clone(input);
    faded.probe.candidates[idx]!.style.opacity = 0;
    expect(recordsFromProbe(faded).rejectedTargets.find((t) => t.name === name)).toMatchObject({ reason: 'opacity', unseen: true });

    const blank = clone(input);
    const m = blank.measures.find(([i]) => i === input.probe.candidates[idx]!.idx)!;
    m[1] = { ...m[1], diff: { ...m[1].diff!, fraction: 0, pixels: 0 } };
    expect(recordsFromProbe(blank).rejectedTargets.find((t) => t.name === name)).toMatchObject({ reason: 'not_painted', unseen: false });
  });
});
