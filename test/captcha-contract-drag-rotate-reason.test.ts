/**
 * CAPTCHA types of catalogue groups D, E, F, G, J, end to end: every type × difficulty × context
 * parses, its gold answer scores 1 (also from the normalised forms), a set of perturbed answers scores
 * 0, geometry sits in the canvas and the puzzle, drags end inside their track, and neither SVG leaks
 * the answer. Also: determinism, registry coverage of the catalogue rows, verifier mapping of the new
 * kinds.
 */
import { describe, expect, it } from 'vitest';
import { CaptchaRecord, DIFFICULTIES, type Verifier } from '../core/schema.js';
import { actionsFromSpace, scoreCaptcha } from '../score/scorer.js';
import { type Box, mapBox, pointInBox } from '../core/geometry.js';
import { captchaSample, captchaSampleDetailed, describeTypes, getEngine, mapGoldActions, mapVerifier, type CaptchaConfig } from '../generators/captcha/index.js';
import { DRAG_ROTATE_REASON_GROUPS, DRAG_ROTATE_REASON_TYPES, answerWords, perturbations, svgLeaks, verifierBoxes } from './captcha-contract-helpers.js';

const inside = (a: Box, b: Box): boolean => a[0] >= b[0] && a[1] >= b[1] && a[2] <= b[2] && a[3] <= b[3];
const cfg = (type: string, context: 'mobile' | 'web', difficulty: (typeof DIFFICULTIES)[number]): CaptchaConfig => ({ types: [type], contexts: [context], difficulties: [difficulty], locales: ['en-US', 'zh-CN'] });

describe('groups D-J registry', () => {
  it('lists every catalogue row of groups D, E, F, G, J (36 rows + skeleton), with group, action form and knobs', () => {
    const rows = describeTypes().filter((r) => (DRAG_ROTATE_REASON_GROUPS as readonly string[]).includes(r.group));
    const numbers = rows.map((r) => r.number).sort((a, b) => a - b);
    // catalogue #29-#73 (D, E, F, G), #90, #91 (J) and the benchmark counterparts of group G (#93, #95)
    const want = [...Array.from({ length: 73 - 29 + 1 }, (_, i) => 29 + i), 90, 91, 93, 95];
    expect(numbers).toEqual(want);
    expect(DRAG_ROTATE_REASON_TYPES.length).toBeGreaterThanOrEqual(30);
    for (const r of rows) {
      expect(r.knobs.length).toBeGreaterThan(0);
      expect(Object.keys(r.difficulties)).toEqual(['easy', 'medium', 'hard']);
      expect(['Click', 'Click×k', 'Set+Submit', 'Drag', 'Drag×k', 'Arrows×k+Submit', 'Pair']).toContain(r.action);
    }
  });
});

describe.each(DRAG_ROTATE_REASON_TYPES.map((t) => [t]))('groups D-J %s', (type) => {
  it('every difficulty × context: record, gold 1, perturbations 0, geometry, no leaks', async () => {
    const e = getEngine(type);
    for (const context of ['mobile', 'web'] as const) {
      for (const difficulty of DIFFICULTIES) {
        const index = 1000 + DRAG_ROTATE_REASON_TYPES.indexOf(type) * 6 + (context === 'web' ? 3 : 0) + DIFFICULTIES.indexOf(difficulty);
        const s = await captchaSampleDetailed(cfg(type, context, difficulty), 2026, index);
        const r = CaptchaRecord.omit({ image: true }).parse(s.record);
        const at = `${type} ${context}/${difficulty}`;
        expect(r.captcha.group, at).toBe(e.group);
        expect(r.captcha.knobs, at).toEqual(e.difficulties[difficulty]);
        for (const loc of ['en-US', 'zh-CN']) {
          expect(r.captcha.instructions[loc]!.length, at).toBeGreaterThan(5);
          expect(r.solution.reasonings[loc]!.length, at).toBeGreaterThan(30);
        }
        expect(r.solution.reasonings['zh-CN'], at).toMatch(/[\u4e00-\u9fff]/);
        // English text quotes a control by the label drawn in the widget (“确认” on a zh-CN record): no Chinese outside quotes
        expect(r.captcha.instructions['en-US']!.replace(/"[^"]*"/g, ''), at).not.toMatch(/[\u4e00-\u9fff]/);
        const W = r.context.viewport.width;
        const H = r.context.viewport.height;
        // a click region made of many boxes (generators/captcha/lib/click-regions.ts) has thin pieces at its rim: the
        // legibility bound applies to the region as a whole
        const region = r.verifier.kind === 'click' && r.verifier.mode === 'any' && r.verifier.boxes.length > 8;
        for (const b of verifierBoxes(r.verifier)) {
          expect(inside(b, r.captcha.puzzle_box), `${at} box ${b}`).toBe(true);
          if (!region) expect(b[2] - b[0], at).toBeGreaterThanOrEqual(8);
        }
        if (region) {
          const bs = verifierBoxes(r.verifier);
          expect(Math.max(...bs.map((b) => b[2])) - Math.min(...bs.map((b) => b[0])), at).toBeGreaterThanOrEqual(8);
          expect(Math.max(...bs.map((b) => b[3])) - Math.min(...bs.map((b) => b[1])), at).toBeGreaterThanOrEqual(8);
        }
        for (const a of r.solution.actions) {
          const pts = a.type === 'drag' ? [a.start, a.end] : 'point' in a ? [a.point] : [];
          for (const p of pts) expect(pointInBox(p, r.captcha.puzzle_box), at).toBe(true);
          const v = r.verifier;
          if (a.type === 'drag' && (v.kind === 'drag' || v.kind === 'drag_y')) {
            expect(pointInBox(a.end, v.track_box!), `${at}: drag end inside the track`).toBe(true);
            if (v.kind === 'drag') expect(a.end[1]).toBe(a.start[1]);
            else expect(a.end[0]).toBe(a.start[0]);
          }
        }
        // gold = 1, also decoded from the normalised forms
        expect(scoreCaptcha(r, r.solution.actions), at).toEqual({ score: 1, reason: 'ok' });
        const size = { width: W, height: H };
        expect(scoreCaptcha(r, actionsFromSpace(r.solution.actions_norm1, 'norm1', size)).score, at).toBe(1);
        expect(scoreCaptcha(r, actionsFromSpace(r.solution.actions_norm1000, 'norm1000', size)).score, at).toBe(1);
        for (const [label, acts] of perturbations(r)) expect({ at, label, score: scoreCaptcha(r, acts).score }).toEqual({ at, label, score: 0 });
        // no leaks in the puzzle SVG, the host SVG or the record id
        const words = answerWords(r);
        expect(svgLeaks(s.puzzleSvg, words), at).toEqual([]);
        expect(svgLeaks(s.hostSvg, words), at).toEqual([]);
        expect(r.id).not.toMatch(new RegExp(type));
      }
    }
  });
});

describe('groups D-J contract', () => {
  it('is deterministic: same (cfg, seed, index) → identical record JSON and PNG bytes', async () => {
    const c: CaptchaConfig = { types: [...DRAG_ROTATE_REASON_TYPES], contexts: ['mobile', 'web'], difficulties: ['easy', 'medium', 'hard'], locales: ['en-US', 'zh-CN'] };
    for (const i of [0, 7, 19, 33]) {
      const a = await captchaSample(c, 9, i);
      const b = await captchaSample(c, 9, i);
      expect(JSON.stringify(b.record)).toBe(JSON.stringify(a.record));
      expect(b.png.equals(a.png)).toBe(true);
    }
  });

  it('drag_y and drags verifiers map to canvas px with their gold actions inside the mapped boxes', () => {
    const maps = [{ sx: 0.37, sy: 0.41, tx: 3, ty: 7 }, { sx: 1.2949, sy: 1.2951, tx: 411, ty: 230 }, { sx: 0.913, sy: 0.9115, tx: 17, ty: 350 }];
    for (const m of maps) {
      const vy: Verifier = { kind: 'drag_y', handle_box: [100, 300, 140, 346], track_box: [98, 112, 142, 349], expected_dy: -185.5, rel_tolerance: 0.08, max_dx: 5 };
      const my = mapVerifier(vy, m);
      if (my.kind !== 'drag_y') throw new Error('kind');
      expect(my.expected_dy).toBeCloseTo(-185.5 * m.sy, 5);
      expect(my.max_dx).toBe(5);
      const [gy] = mapGoldActions([{ type: 'drag', start: [120, 323], end: [120, 137] }], vy, m);
      if (gy?.type !== 'drag') throw new Error('type');
      expect(pointInBox(gy.start, my.handle_box)).toBe(true);
      expect(gy.end[0]).toBe(gy.start[0]);
      expect(gy.end[1] - gy.start[1]).toBe(Math.round(-185.5 * m.sy));
      expect(scoreCaptcha({ verifier: my }, [gy]).score).toBe(1);
      const vd: Verifier = { kind: 'drags', items: [{ handle_box: [10, 10, 11, 11], target_box: [200, 40, 201, 41] }, { handle_box: [30, 30, 60, 60], target_box: [90, 90, 130, 120] }], count: 2, ordered: false };
      const md = mapVerifier(vd, m);
      if (md.kind !== 'drags') throw new Error('kind');
      expect(md.items[1]!.target_box).toEqual(mapBox(m, [90, 90, 130, 120]));
      const gd = mapGoldActions([{ type: 'drag', start: [10, 10], end: [200, 40] }, { type: 'drag', start: [45, 45], end: [110, 105] }], vd, m);
      expect(scoreCaptcha({ verifier: md }, gd).score).toBe(1);
    }
  });
});
