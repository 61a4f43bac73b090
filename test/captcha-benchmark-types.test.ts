/**
 * CAPTCHA types added as counterparts of public benchmark tasks (issue 15, CAPTCHA item 6): validity
 * before drawing, and the verifier accepting every right answer and nothing else. (Gold = 1 and
 * perturbations = 0 on full records for every registered type: test/captcha.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../core/rng.js';
import { getEngine } from '../generators/captcha/registry.js';
import { FACTS } from '../generators/captcha/engines/text-entry/commonsense_question_entry.js';
import { scoreVerifier } from '../score/scorer.js';
import { boxCenter } from '../core/geometry.js';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
/** The first valid latent of engine `e` among `tries` seeds `<tag>-<difficulty>-<k>-<t>`, as plain JSON. */
const validOf = (e: ReturnType<typeof getEngine>, tag: string, tries: number) => (d: 'easy' | 'medium' | 'hard', k: number): any => {
  for (let t = 0; t < tries; t++) {
    const l = e.sample(new Rng(`${tag}-${d}-${k}-${t}`), d);
    if (e.validate(l) === null) return clone(l);
  }
  throw new Error('no valid latent');
};

describe('commonsense_question_entry (MCA-Bench commonsense Q&A)', () => {
  const e = getEngine('commonsense_question_entry');
  const valid = validOf(e, 'cq', 30);

  it('every fact of the bank is valid plain and, for counting facts, multiplied', () => {
    const base = valid('easy', 0);
    for (const f of FACTS) {
      for (const times of f.many ? [1, 2, 3, 4] : [1]) {
        const q = typeof f.answers === 'number' ? null : f.answers;
        const l = { ...base, fact: f.id, times };
        // rebuild question and answer the way a user of the bank would
        const n = typeof f.answers === 'number' ? f.answers * times : null;
        l.question = times > 1 ? f.many!(times) : f.q;
        l.answer = n !== null ? String(n) : q![0];
        expect({ id: f.id, times, why: e.validate(l) }).toEqual({ id: f.id, times, why: null });
      }
    }
  });

  it('hand-made bad states are rejected', () => {
    const l = valid('medium', 1);
    expect(e.validate({ ...l, fact: 'no_such_fact' })).toMatch(/unknown fact/);
    expect(e.validate({ ...l, answer: 'zebra' })).toMatch(/do not match/);
    const leak = { ...l, fact: 'grass', times: 1, question: { en: 'What colour is green grass?', zh: '绿色的草是什么颜色？' }, answer: 'green' };
    expect(e.validate(leak)).toMatch(/do not match|written in the question/);
    expect(e.validate({ ...l, fact: 'grass', times: 3 })).toMatch(/multiplier/);
  });

  it('answers are accepted in English, Chinese, digits and number words, any case; other answers are not', () => {
    const type = (l: any, text: string): number => scoreVerifier(e.solve(l).verifier, [{ type: 'click', point: boxCenter(l.frame.input_box) }, { type: 'type', text }]).score;
    const spider = { ...valid('easy', 2), fact: 'spider_legs', times: 3, question: FACTS.find((f) => f.id === 'spider_legs')!.many!(3), answer: '24' };
    expect(e.validate(spider)).toBeNull();
    for (const t of ['24', 'twenty-four', 'Twenty Four', '二十四']) expect({ t, s: type(spider, t) }).toEqual({ t, s: 1 });
    for (const t of ['8', '23', 'eight']) expect({ t, s: type(spider, t) }).toEqual({ t, s: 0 });
    const sky = { ...spider, fact: 'sky', times: 1, question: FACTS.find((f) => f.id === 'sky')!.q, answer: 'blue' };
    expect(e.validate(sky)).toBeNull();
    for (const t of ['blue', 'Blue ', '蓝色', '蓝']) expect({ t, s: type(sky, t) }).toEqual({ t, s: 1 });
    for (const t of ['green', 'sky blue', '天空']) expect({ t, s: type(sky, t) }).toEqual({ t, s: 0 });
  });
});

describe('image_matching_pick (Open CaptchaWorld Image_Matching)', () => {
  const e = getEngine('image_matching_pick');
  const valid = validOf(e, 'im', 30);

  it('exactly one candidate shows the reference shape, in its colour; hard decoys are look-alikes in the same colour', () => {
    for (let k = 0; k < 6; k++) {
      const l = valid('hard', k);
      expect(l.options.filter((o: any) => o.kind === l.ref.kind).length).toBe(1);
      expect(l.options[l.answer].kind).toBe(l.ref.kind);
      for (const o of l.options) expect(o.hue).toBe(l.ref.hue);
    }
  });

  it('hand-made bad states are rejected', () => {
    const l = valid('medium', 0);
    const j = (l.answer + 1) % l.options.length;
    expect(e.validate({ ...l, options: l.options.map((o: any, i: number) => (i === j ? { ...o, kind: l.ref.kind } : o)) })).toMatch(/exactly one/);
    expect(e.validate({ ...l, options: l.options.map((o: any, i: number) => (i === l.answer ? { ...o, hue: (o.hue + 120) % 360 } : o)) })).toMatch(/colour/);
    expect(e.validate({ ...l, options: l.options.map((o: any, i: number) => (i === l.answer ? { ...o, cx: o.cx + 500 } : o)) })).toMatch(/outside/);
    expect(e.validate({ ...l, cursor: l.answer })).toMatch(/already on the answer/);
  });

  it('any press sequence that leaves the frame on the match scores 1; one that stops elsewhere 0', () => {
    for (let k = 0; k < 4; k++) {
      const l = valid('easy', k);
      const v = e.solve(l).verifier;
      const press = (b: number[]) => ({ type: 'click' as const, point: boxCenter(b as [number, number, number, number]) });
      const n = l.options.length;
      const toEnd = Array.from({ length: n }, () => press(l.layout.right)); // to the last option (greyed after)
      const back = Array.from({ length: n - 1 - l.answer }, () => press(l.layout.left));
      expect(scoreVerifier(v, [...toEnd, ...back, press(l.layout.submit)]).score).toBe(1);
      const wrong = (l.answer + 1) % n;
      const toWrong = Array.from({ length: n }, () => press(l.layout.left)).concat(Array.from({ length: wrong }, () => press(l.layout.right)));
      expect(scoreVerifier(v, [...toWrong, press(l.layout.submit)]).score).toBe(0);
    }
  });
});

describe('color_count_select (NextGen Color_Counting)', () => {
  const e = getEngine('color_count_select');
  const valid = validOf(e, 'cc', 30);

  it('the colours counted on the rendered cells give exactly the answer cells (pixel oracle)', async () => {
    const { rasterSvg } = await import('./captcha-contract-helpers.js');
    const { makeStyle } = await import('../generators/captcha/lib/style.js');
    const { PALETTE } = await import('../generators/captcha/engines/grid-select/color_count_select.js');
    const rgbs = PALETTE.map((h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)));
    for (const d of ['easy', 'hard'] as const) {
      const l = valid(d, 0);
      const img = await rasterSvg(e.draw(l, makeStyle('classic', 'light', 'en-US'), new Rng('d')).svg);
      const seen = l.frame.tiles.map((b: number[]) => {
        const hits = new Array(PALETTE.length).fill(0);
        for (let y = b[1]!; y < b[3]!; y++) {
          for (let x = b[0]!; x < b[2]!; x++) {
            const o = (y * img.width + x) * 4;
            const j = rgbs.findIndex((c) => Math.abs(c[0]! - img.data[o]!) + Math.abs(c[1]! - img.data[o + 1]!) + Math.abs(c[2]! - img.data[o + 2]!) < 12);
            if (j >= 0) hits[j]++;
          }
        }
        return hits.filter((h) => h >= 20).length;
      });
      const want = seen.map((c: number, i: number) => (c === l.n ? i : -1)).filter((i: number) => i >= 0);
      expect({ d, cells: want }).toEqual({ d, cells: l.answer });
      // the shape count alone would not give the answer on every puzzle
      expect(l.cells.some((c: any[], i: number) => (c.length === l.n) !== l.answer.includes(i))).toBe(true);
    }
  });

  it('hand-made bad states are rejected', () => {
    const l = valid('medium', 1);
    const a = l.answer[0];
    const other = l.cells.findIndex((_: unknown, i: number) => !l.answer.includes(i));
    expect(e.validate({ ...l, answer: [...l.answer, other].sort((x: number, y: number) => x - y) })).toMatch(/exactly the cells/);
    const one = l.cells.map((c: any[], i: number) => (i === a ? c.map((o) => ({ ...o, color: c[0].color })) : c));
    expect(e.validate({ ...l, cells: one })).toMatch(/exactly the cells|matching/);
    const overlap = l.cells.map((c: any[], i: number) => (i === a ? [c[0], { ...c[1], cx: c[0].cx, cy: c[0].cy }, ...c.slice(2)] : c));
    expect(e.validate({ ...l, cells: overlap })).toMatch(/overlap/);
    expect(e.validate({ ...l, cells: l.cells.map((c: any[], i: number) => (i === a ? c.map((o) => ({ ...o, color: 99 })) : c)) })).toMatch(/palette/);
  });
});

describe('revolution_solid_pick (Spatial-CAPTCHA-Bench rotational solids)', () => {
  const e = getEngine('revolution_solid_pick');
  it('four different solids, exactly one is the sweep of the profile; bad states are rejected', async () => {
    const { profileRadius, ASPECT } = await import('../generators/captcha/engines/single-click/revolution_solid_pick.js');
    // the profile kinds mean what their names say (independent formulas, radius at height t of h)
    expect(profileRadius('cone', 0.5, 0.7)).toBeCloseTo(0.5);
    expect(profileRadius('sphere', 0.5, 0.7)).toBeCloseTo(1);
    expect(profileRadius('sphere', 0, 0.7)).toBeCloseTo(0);
    expect(profileRadius('dome', 0, 0.7)).toBeCloseTo(1);
    expect(profileRadius('frustum', 1, 0.7)).toBeCloseTo(0.3);
    expect([ASPECT.sphere, ASPECT.dome]).toEqual([2, 1]); // a half disc and a quarter disc
    for (let k = 0; k < 6; k++) {
      const l: any = clone(e.sample(new Rng(`rs-${k}`), (['easy', 'medium', 'hard'] as const)[k % 3]!));
      expect(e.validate(l)).toBeNull();
      expect(new Set(l.options).size).toBe(4);
      expect(l.options.filter((o: string) => o === l.kind).length).toBe(1);
      const v = e.solve(l).verifier;
      l.cells.forEach((c: [number, number, number, number], i: number) => expect(scoreVerifier(v, [{ type: 'click', point: boxCenter(c) }]).score).toBe(i === l.answer ? 1 : 0));
      const j = (l.answer + 1) % 4;
      expect(e.validate({ ...l, options: l.options.map((o: string, i: number) => (i === j ? l.kind : o)) })).toMatch(/same solid/);
      expect(e.validate({ ...l, answer: j })).toMatch(/not the swept solid/);
      expect(e.validate({ ...l, taper: 0.1 })).toMatch(/truncated cone/);
    }
  });
});

describe('illusory_ribbons_select (NextGen-CAPTCHAs Illusory_Ribbons)', () => {
  const e = getEngine('illusory_ribbons_select');
  const valid = validOf(e, 'ir', 30);
  const circle = (cx: number, cy: number, r: number, color = 0) => ({ cx, cy, r, rot: 0, harmonics: [], color, cycles: 2, phase: 0 });

  it('each easy loop has its own colour: the distinct band colours counted on the rendered squares give the loop counts (pixel oracle)', async () => {
    const { rasterSvg } = await import('./captcha-contract-helpers.js');
    const { makeStyle } = await import('../generators/captcha/lib/style.js');
    const { SCENE_COLORS } = await import('../generators/captcha/lib/palette.js');
    const rgbs = SCENE_COLORS.map((c) => [1, 3, 5].map((i) => parseInt(c.fill.slice(i, i + 2), 16)));
    for (let k = 0; k < 3; k++) {
      const l = valid('easy', k);
      const img = await rasterSvg(e.draw(l, makeStyle('classic', 'light', 'en-US'), new Rng('d')).svg);
      const seen = l.frame.tiles.map((b: number[]) => {
        const hits = new Array(rgbs.length).fill(0);
        for (let y = b[1]!; y < b[3]!; y++) for (let x = b[0]!; x < b[2]!; x++) {
          const o = (y * img.width + x) * 4;
          const j = rgbs.findIndex((c) => Math.abs(c[0]! - img.data[o]!) + Math.abs(c[1]! - img.data[o + 1]!) + Math.abs(c[2]! - img.data[o + 2]!) < 12);
          if (j >= 0) hits[j]++;
        }
        return hits.filter((h) => h >= 40).length;
      });
      expect({ k, seen }).toEqual({ k, seen: l.cells.map((c: unknown[]) => c.length) });
      expect(l.answer).toEqual(seen.map((c: number, i: number) => (c === l.n ? i : -1)).filter((i: number) => i >= 0));
    }
  });

  it('gold scores 1; a missing, an extra or a wrong square scores 0', () => {
    for (const d of ['easy', 'medium', 'hard'] as const) {
      const l = valid(d, 1);
      const v = e.solve(l).verifier;
      const at = (i: number) => ({ type: 'click' as const, point: boxCenter(l.frame.tiles[i]) });
      const sub = { type: 'click' as const, point: boxCenter(l.frame.submit_box) };
      const other = l.frame.tiles.findIndex((_: unknown, i: number) => !l.answer.includes(i));
      expect(scoreVerifier(v, [...l.answer.map(at), sub]).score).toBe(1);
      expect(scoreVerifier(v, [...l.answer.map(at), at(other), sub]).score).toBe(0);
      expect(scoreVerifier(v, [...l.answer.slice(1).map(at), sub]).score).toBe(0);
      expect(scoreVerifier(v, [at(other), sub]).score).toBe(0);
    }
  });

  it('states a reader could miscount are refused before drawing', () => {
    const l = valid('easy', 2);
    const t = l.frame.tiles[0] as number[];
    const [cx, cy] = [(t[0]! + t[2]!) / 2, (t[1]! + t[3]!) / 2];
    const put = (loops: unknown[]) => {
      const cells = l.cells.map((c: unknown[], i: number) => (i === 0 ? loops : c));
      const answer = cells.map((c: unknown[], i: number) => (c.length === l.n ? i : -1)).filter((i: number) => i >= 0);
      return e.validate({ ...l, cells, answer });
    };
    // the sound reference state: two circles crossing at 90° (centre distance √2 · r)
    expect(put([circle(cx - 14, cy, 20, 0), circle(cx + 14.3, cy, 20, 1)])).toBeNull();
    expect(put([circle(cx - 20, cy, 20, 0), circle(cx + 20.5, cy, 20, 1)])).toMatch(/touch|alongside/); // kissing, tangent
    expect(put([circle(cx - 2, cy, 20, 0), circle(cx + 2, cy, 20, 1)])).toMatch(/shallow|alongside/); // almost on top of each other
    expect(put([circle(cx, cy, 24, 0), circle(cx, cy, 20, 1)])).toMatch(/alongside|crosses no other/); // nested, running alongside
    expect(put([circle(cx - 30, cy - 30, 14, 0), circle(cx + 30, cy + 30, 14, 1)])).toMatch(/crosses no other/);
    expect(put([circle(cx - 10, cy, 20, 0), circle(cx + 10, cy, 20, 1), circle(cx, cy + 37.3, 20, 2)])).toMatch(/crossings too close|alongside|shallow/); // three bands through one spot
    expect(put([circle(cx - 14, cy, 20, 0), circle(cx + 14.3, cy, 20, 0)])).toMatch(/share a colour/);
    expect(put([circle(cx - 14, cy, 20, 0), circle(cx + 60, cy, 20, 1)])).toMatch(/leaves its square|crosses no other/);
    expect(put([{ ...circle(cx, cy, 22, 0), harmonics: [[0.45, 3, 0]] }])).toMatch(/pinches or folds/);
    expect(e.validate({ ...l, answer: l.answer.slice(1) })).toMatch(/exactly the squares/);
    const h = valid('hard', 0);
    expect(e.validate({ ...h, over: h.over.map((o: number[]) => [...o, 1]) })).toMatch(/over\/under/);
  });
});

describe('occluded_pattern_count_entry (NextGen-CAPTCHAs Occluded_Pattern_Counting)', () => {
  const e = getEngine('occluded_pattern_count_entry');
  const valid = validOf(e, 'op', 40);
  const type = (l: any, text: string): number => scoreVerifier(e.solve(l).verifier, [{ type: 'click', point: boxCenter(l.frame.input_box) }, { type: 'type', text }]).score;
  const inCover = (l: any, r: number, c: number) => r >= l.hide[0] && r < l.hide[2] && c >= l.hide[1] && c < l.hide[3];
  // independent recount: walk the grid, count covered cells of each asked kind (and what the base pattern would put there)
  const recount = (l: any, from: 'grid' | 'base') => l.asked.map((q: any) => {
    let n = 0;
    for (let r = 0; r < l.rows; r++) for (let c = 0; c < l.cols; c++) {
      const cell = from === 'grid' ? l.grid[r][c] : l.base[r % l.period[0]][c % l.period[1]];
      if (inCover(l, r, c) && cell.shape === q.shape && cell.color === q.color) n++;
    }
    return n;
  });

  it('the typed answer is the recount under the cover; continuing the pattern (medium, hard) scores 0', () => {
    for (const d of ['easy', 'medium', 'hard'] as const) for (let k = 0; k < 3; k++) {
      const l = valid(d, k);
      const want = recount(l, 'grid');
      expect(l.asked.length).toBe(d === 'hard' ? 2 : 1);
      expect(e.solve(l).verifier).toMatchObject({ answer: want.join(',') });
      expect(type(l, want.join(','))).toBe(1);
      if (want.length === 2) {
        expect(type(l, `${want[0]}, ${want[1]}`)).toBe(1);
        expect(type(l, `${want[0] + 1},${want[1]}`)).toBe(0);
        expect(type(l, String(want[0] + want[1]))).toBe(0);
      } else {
        expect(type(l, String(want[0] + 1))).toBe(0);
        expect(type(l, String(Math.max(0, want[0] - 1)))).toBe(0);
      }
      if (d !== 'easy') expect(type(l, recount(l, 'base').join(','))).toBe(0);
    }
  });

  it('the rendered cells show the recorded colours, under the cover as the grey composite (pixel oracle)', async () => {
    const { rasterSvg } = await import('./captcha-contract-helpers.js');
    const { makeStyle } = await import('../generators/captcha/lib/style.js');
    const { namedColor } = await import('../generators/captcha/lib/palette.js');
    const { COLORS, underGrey } = await import('../generators/captcha/engines/text-entry/occluded_pattern_count_entry.js');
    for (const d of ['medium', 'hard'] as const) {
      const l = valid(d, 0);
      const img = await rasterSvg(e.draw(l, makeStyle('classic', 'light', 'en-US'), new Rng('d')).svg);
      let checked = 0;
      for (let r = 0; r < l.rows; r++) for (let c = 0; c < l.cols; c++) {
        const cell = l.grid[r][c];
        if (cell.half) continue;
        const [x, y] = [Math.floor(l.origin[0] + (c + 0.5) * l.pitch), Math.floor(l.origin[1] + (r + 0.5) * l.pitch)];
        const o = (y * img.width + x) * 4;
        const px = [img.data[o]!, img.data[o + 1]!, img.data[o + 2]!];
        const refs = COLORS.map((k: string) => (inCover(l, r, c) ? underGrey(namedColor(k).scene!, l.opacity) : [1, 3, 5].map((i) => parseInt(namedColor(k).scene!.slice(i, i + 2), 16))));
        const near = refs.map((q: number[]) => Math.hypot(q[0]! - px[0]!, q[1]! - px[1]!, q[2]! - px[2]!));
        expect({ r, c, color: COLORS[near.indexOf(Math.min(...near))] }).toEqual({ r, c, color: cell.color });
        checked++;
      }
      expect(checked).toBeGreaterThan(20);
    }
  });

  it('states a reader could not count from the picture are refused before drawing', () => {
    const l = valid('hard', 1);
    const at = (r: number, c: number, patch: object) => ({ ...l, grid: l.grid.map((row: any[], i: number) => row.map((x: any, j: number) => (i === r && j === c ? { ...x, ...patch } : x))) });
    const out: [number, number] = [0, 0];
    expect(e.validate(at(...out, { color: l.grid[0][0].color === 'red' ? 'blue' : 'red' }))).toMatch(/visible cell breaks the pattern/);
    expect(e.validate(at(...out, { half: 'top' }))).toMatch(/solid half outside the cover/);
    // a diamond with its bottom half solid reads as a triangle
    expect(e.validate(at(l.hide[0], l.hide[1], { shape: 'diamond', half: 'bottom' }))).toMatch(/could be another shape|count does not match|pattern already/);
    expect(e.validate({ ...at(l.hide[0], l.hide[1], { shape: 'diamond', half: 'bottom' }), counts: recount(at(l.hide[0], l.hide[1], { shape: 'diamond', half: 'bottom' }), 'grid') })).toMatch(/could be another shape|pattern already/);
    expect(e.validate({ ...l, hide: [0, l.hide[1], l.hide[2], l.hide[3]] })).toMatch(/visible pattern on every side/);
    expect(e.validate({ ...l, counts: l.counts.map((n: number) => n + 1) })).toMatch(/does not match/);
    expect(e.validate({ ...l, opacity: 0.9 })).toMatch(/disappears into the grey|look alike/);
    expect(e.validate({ ...l, asked: [l.asked[0], l.asked[0]] })).toMatch(/asked twice|does not match/);
    // nothing broken under the cover: the pattern alone gives the answer
    const intact = { ...l, grid: l.grid.map((row: any[], r: number) => row.map((_: any, c: number) => ({ ...l.base[r % l.period[0]][c % l.period[1]], half: null }))) };
    expect(e.validate({ ...intact, counts: recount(intact, 'grid') })).toMatch(/pattern already gives the answer|outside 1–12/);
  });
});
