/**
 * CAPTCHA generator end to end: for every type × difficulty × context, the record parses, the gold
 * solution scores 1 through the strict scorer (also from its norm1 / norm1000 forms), perturbed answers
 * score 0, every mapped coordinate sits inside the canvas and the puzzle, and neither the puzzle SVG
 * nor the host SVG carries `<text>`, ids, titles, comments or the answer.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Action } from '../core/actions.js';
import { actionsToText } from '../core/actions.js';
import { type Box, type Point, boxCenter, pointInBox } from '../core/geometry.js';
import { CAPTCHA_GROUPS, CaptchaRecord, DIFFICULTIES, type Verifier } from '../core/schema.js';
import { UsageError } from '../core/errors.js';
import { actionsFromSpace, scoreCaptcha } from '../score/scorer.js';
import { resizeSvg } from '../renderers/compositor.js';
import {
  CAPTCHA_TYPES, captchaSample, captchaSampleDetailed, describeTypes, resolveCaptchaTypes, type CaptchaConfig, type DetailedSample,
} from '../generators/captcha/index.js';

type Rec = DetailedSample['record'];
const score = (r: Rec, a: Action[]): number => scoreCaptcha(r, a).score;
const click = (p: Point): Action => ({ type: 'click', point: p });
const inside = (inner: Box, outer: Box): boolean => inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3];

/** A point just outside `b` (right of it, same row), clear of every box in `avoid` when possible. */
function outsidePoint(b: Box, avoid: Box[], W: number, H: number): Point {
  const cands: Point[] = [
    [b[2] + 1, Math.floor((b[1] + b[3]) / 2)],
    [b[0] - 2, Math.floor((b[1] + b[3]) / 2)],
    [Math.floor((b[0] + b[2]) / 2), b[3] + 1],
    [Math.floor((b[0] + b[2]) / 2), b[1] - 2],
    [2, 2],
  ];
  return cands.find((p) => p[0] >= 0 && p[1] >= 0 && p[0] < W && p[1] < H && !avoid.some((a) => pointInBox(p, a))) ?? [W - 1, H - 1];
}

/** Every box a verifier names. */
function verifierBoxes(v: Verifier): Box[] {
  switch (v.kind) {
    case 'click':
      return v.submit_box ? [...v.boxes, v.submit_box] : v.boxes;
    case 'text_entry':
      return [v.input_box];
    case 'drag':
    case 'drag_y':
      return v.track_box ? [v.handle_box, v.track_box] : [v.handle_box];
    case 'drags':
      return v.items.flatMap((it) => [it.handle_box, it.target_box]);
    case 'pair':
      return v.boxes;
    case 'presses':
      return [...v.boxes, v.submit_box];
  }
}

/** Perturbed answers that must all score 0, with a label each. */
function perturbations(r: Rec): Array<[string, Action[]]> {
  const gold = r.solution.actions;
  const v = r.verifier;
  const W = r.context.viewport.width;
  const H = r.context.viewport.height;
  const out: Array<[string, Action[]]> = [];
  out.push(['missing action', gold.slice(0, -1)]);
  out.push(['extra action', [...gold, gold[gold.length - 1]!]]);
  switch (v.kind) {
    case 'click': {
      const boxes = verifierBoxes(v);
      gold.forEach((_a, i) => {
        // the click's own box (the submit button for the last click of a sequence with submit)
        const own = v.mode === 'sequence' ? (v.boxes[i] ?? v.submit_box!) : v.boxes[Math.min(i, v.boxes.length - 1)]!;
        const p = outsidePoint(own, v.mode === 'sequence' ? [own] : boxes, W, H);
        out.push([`click ${i + 1} shifted outside its box`, gold.map((g, j) => (j === i ? click(p) : g))]);
      });
      // (Arrows×k+Submit repeats one box: swapping two clicks on the same box is no perturbation)
      const firstDiff = v.mode === 'sequence' ? gold.findIndex((_g, i) => i > 0 && JSON.stringify(v.boxes[i] ?? v.submit_box) !== JSON.stringify(v.boxes[0])) : 1;
      // (Set+Submit: the target clicks are unordered, so the order perturbation is the submit click first)
      if (v.mode === 'set' && v.submit_box) out.push(['submit before the targets', [gold[gold.length - 1]!, ...gold.slice(0, -1)]]);
      else if (v.mode !== 'set' && gold.length >= 2 && firstDiff > 0) out.push(['wrong order', [gold[firstDiff]!, ...gold.slice(1, firstDiff), gold[0]!, ...gold.slice(firstDiff + 1)]]);
      // (LongPress answers: a plain click is the wrong action type)
      out.push(['wrong action type', gold.map((g) => (g.type === 'click' ? { type: 'long_press', point: g.point } : g.type === 'long_press' ? { type: 'click', point: g.point } : g)) as Action[]]);
      break;
    }
    case 'text_entry': {
      const [c, t] = gold as [Extract<Action, { type: 'click' }>, Extract<Action, { type: 'type' }>];
      const wrongLast = t.text.slice(0, -1) + (t.text.endsWith('X') ? 'Y' : 'X');
      out.push(['wrong text', [c, { type: 'type', text: wrongLast }]]);
      out.push(['short text', [c, { type: 'type', text: t.text.slice(1) }]]);
      out.push(['click outside input', [click(outsidePoint(v.input_box, [v.input_box], W, H)), t]]);
      out.push(['type before click', [t, c]]);
      break;
    }
    case 'drag': {
      const d = gold[0] as Extract<Action, { type: 'drag' }>;
      const dx = d.end[0] - d.start[0];
      const withEnd = (ex: number, ey: number, s: Point = d.start): Action[] => [{ type: 'drag', start: s, end: [ex, ey] }];
      out.push(['short drag', withEnd(d.start[0] + Math.round(dx * 0.5), d.start[1])]);
      out.push(['long drag', withEnd(d.start[0] + Math.round(dx * 1.5), d.start[1])]);
      out.push(['wrong direction', withEnd(d.start[0] - dx, d.start[1])]);
      out.push(['vertical drift > 5 px', withEnd(d.end[0], d.start[1] + 6)]);
      const s2 = outsidePoint(v.handle_box, [v.handle_box], W, H);
      out.push(['start outside handle', withEnd(s2[0] + dx, s2[1], s2)]);
      out.push(['click instead of drag', [click(d.start)]]);
      break;
    }
    case 'drag_y': {
      const d = gold[0] as Extract<Action, { type: 'drag' }>;
      const dy = d.end[1] - d.start[1];
      const withEnd = (ex: number, ey: number, s: Point = d.start): Action[] => [{ type: 'drag', start: s, end: [ex, ey] }];
      out.push(['short drag', withEnd(d.start[0], d.start[1] + Math.round(dy * 0.5))]);
      out.push(['long drag', withEnd(d.start[0], d.start[1] + Math.round(dy * 1.5))]);
      out.push(['wrong direction', withEnd(d.start[0], d.start[1] - dy)]);
      out.push(['horizontal drift > 5 px', withEnd(d.start[0] + 6, d.end[1])]);
      out.push(['horizontal instead of vertical', withEnd(d.start[0] + Math.abs(dy), d.start[1])]);
      const s2 = outsidePoint(v.handle_box, [v.handle_box], W, H);
      out.push(['start outside handle', withEnd(s2[0], s2[1] + dy, s2)]);
      out.push(['click instead of drag', [click(d.start)]]);
      break;
    }
    case 'drags': {
      const ds = gold as Array<Extract<Action, { type: 'drag' }>>;
      const targets = v.items.map((it) => it.target_box);
      ds.forEach((d, i) => {
        const miss = outsidePoint(v.items.find((it) => pointInBox(d.end, it.target_box))!.target_box, targets, W, H);
        out.push([`drag ${i + 1} ends outside its target`, ds.map((g, j) => (j === i ? { ...g, end: miss } : g))]);
        const s2 = outsidePoint(v.items.find((it) => pointInBox(d.start, it.handle_box))!.handle_box, v.items.map((it) => it.handle_box), W, H);
        out.push([`drag ${i + 1} starts off its item`, ds.map((g, j) => (j === i ? { ...g, start: s2 } : g))]);
      });
      if (ds.length >= 2) out.push(['ends swapped', [{ ...ds[0]!, end: ds[1]!.end }, { ...ds[1]!, end: ds[0]!.end }, ...ds.slice(2)]]);
      if (v.ordered && ds.length >= 2) out.push(['wrong order', [ds[1]!, ds[0]!, ...ds.slice(2)]]);
      out.push(['clicks instead of drags', ds.map((d) => click(d.start))]);
      break;
    }
    case 'presses': {
      // Arrows×k+Submit by end state: a press off every button, one press fewer, submit first
      const all = [...v.boxes, v.submit_box];
      gold.forEach((g, i) => {
        const pt = (g as { point: Point }).point;
        const own = i === gold.length - 1 ? v.submit_box : v.boxes.find((b) => pointInBox(pt, b))!;
        out.push([`click ${i + 1} shifted off its button`, gold.map((x, j) => (j === i ? click(outsidePoint(own, all, W, H)) : x))]);
      });
      if (gold.length >= 2) out.push(['one press fewer', gold.slice(1)]);
      if (gold.length >= 2) out.push(['submit first', [gold[gold.length - 1]!, ...gold.slice(0, -1)]]);
      out.push(['long press instead of click', gold.map((g) => (g.type === 'click' ? { type: 'long_press', point: g.point } : g)) as Action[]]);
      break;
    }
    case 'pair': {
      const valid = new Set(v.valid_pairs.flatMap(([i, j]) => [`${i},${j}`, `${j},${i}`]));
      let bad: [number, number] | null = null;
      for (let i = 0; i < v.boxes.length && !bad; i++) for (let j = 0; j < v.boxes.length && !bad; j++) if (i !== j && !valid.has(`${i},${j}`)) bad = [i, j];
      if (bad) out.push(['invalid pair', [click(boxCenter(v.boxes[bad[0]]!)), click(boxCenter(v.boxes[bad[1]]!))]]);
      out.push(['same cell twice', [gold[0]!, gold[0]!]]);
      out.push(['second click outside boxes', [gold[0]!, click(outsidePoint(v.boxes[0]!, v.boxes, W, H))]]);
      break;
    }
  }
  return out;
}

/** Text that must not appear in an SVG outside path data. */
function answerStrings(r: Rec): string[] {
  const v = r.verifier;
  const out: string[] = [];
  // short or purely numeric answers ("7", "12", "A") occur in any SVG's numbers and names by chance; the
  // the contract tests check them structurally (test/captcha-contract-text-click-grid.test.ts)
  if (v.kind === 'text_entry' && v.answer.length > 2 && !/^\d+$/.test(v.answer)) out.push(v.answer);
  const l = r.latent as Record<string, unknown>;
  if (Array.isArray(l.targets)) out.push(...(l.targets as string[]).filter((t) => typeof t === 'string' && t.length > 2));
  if (typeof l.theta === 'number') out.push(`rotate(${l.theta}`);
  return out;
}

function checkSvgClean(svg: string, r: Rec): void {
  expect(svg).not.toMatch(/<text\b/i);
  expect(svg).toMatch(/^[\x20-\x7e]*$/); // ASCII only: no raw CJK or Latin text anywhere, glyphs are paths
  expect(svg).not.toMatch(/<title\b|<desc\b|<!--|<metadata\b|data-|class=/i);
  expect(svg).not.toMatch(/transform=/); // every transform is baked into coordinates
  for (const id of svg.matchAll(/\bid="([^"]*)"/g)) expect(id[1]).toMatch(/^p\d+$/);
  const noPaths = svg.replace(/\sd="[^"]*"/g, '');
  for (const a of answerStrings(r)) expect(noPaths.toLowerCase()).not.toContain(a.toLowerCase());
}

const CONTEXTS = ['mobile', 'web'] as const;
type Context = (typeof CONTEXTS)[number];
type Difficulty = (typeof DIFFICULTIES)[number];
/** Every registered type, round-robin by index (as `--types all` runs): sample i is of type `CAPTCHA_TYPES[i % n]`. */
const cfgFor = (context: Context, difficulty: Difficulty): CaptchaConfig => ({
  types: [...CAPTCHA_TYPES],
  contexts: [context],
  difficulties: [difficulty],
  locales: ['en-US', 'zh-CN'],
});
/** The index of the sample of `type` in the row of (context, difficulty): one row of `CAPTCHA_TYPES.length` indices per row. */
const indexOf = (type: string, context: Context, difficulty: Difficulty): number =>
  CAPTCHA_TYPES.indexOf(type) + CAPTCHA_TYPES.length * (CONTEXTS.indexOf(context) * DIFFICULTIES.length + DIFFICULTIES.indexOf(difficulty));

/**
 * The samples of the end-to-end tests below, each generated (and its PNG encoded) once and shared in memory by
 * the tests that check it: the per-type test, the pixel test (medium samples) and the round-robin test (the
 * web / easy row). A test run alone (`-t`) generates what it needs. The pixel test drops the medium samples it
 * has checked, so the PNGs are not held to the end of the file.
 */
const samples = new Map<string, Promise<DetailedSample>>();
function sampleOf(type: string, context: Context, difficulty: Difficulty): Promise<DetailedSample> {
  const key = `${type} ${context} ${difficulty}`;
  let s = samples.get(key);
  if (!s) {
    s = captchaSampleDetailed(cfgFor(context, difficulty), 7, indexOf(type, context, difficulty));
    samples.set(key, s);
  }
  return s;
}
/** The recorded type of every sample generated so far, by (context, difficulty, index). */
const typeAt = new Map<string, string>();

describe.each(CAPTCHA_TYPES.map((t) => [t]))('captcha %s', (type) => {
  for (const context of CONTEXTS) {
    for (const difficulty of DIFFICULTIES) {
      it(`${context} / ${difficulty}: parses, gold scores 1, perturbations score 0, no leaks`, async () => {
        const s = await sampleOf(type, context, difficulty);
        // the medium samples are the pixel test's; the others are checked here only
        if (difficulty !== 'medium') samples.delete(`${type} ${context} ${difficulty}`);
        const r = CaptchaRecord.omit({ image: true }).parse(s.record);
        typeAt.set(`${context} ${difficulty} ${r.index}`, r.captcha.type);
        expect(r.captcha.type).toBe(type);
        expect(r.captcha.difficulty).toBe(difficulty);
        expect(r.kind).toBe('captcha');
        expect(context === 'web' ? r.platform === 'web' : r.platform.startsWith('mobile.')).toBe(true);
        expect(r.context.scenario.startsWith(context === 'web' ? 'web.' : 'mobile.')).toBe(true);
        expect(Object.keys(r.captcha.instructions).sort()).toEqual(['en-US', 'zh-CN']);
        expect(Object.keys(r.solution.reasonings).sort()).toEqual(['en-US', 'zh-CN']);
        expect(r.solution.reasoning.length).toBeGreaterThan(20);
        expect(r.solution.text).toBe(actionsToText(r.solution.actions));

        // image size and placement
        const meta = await sharp(s.png).metadata();
        expect([meta.width, meta.height, meta.format]).toEqual([r.context.viewport.width, r.context.viewport.height, 'png']);
        const W = meta.width!;
        const H = meta.height!;
        expect(inside(r.captcha.puzzle_box, [0, 0, W, H])).toBe(true);
        // a click region made of many boxes (generators/captcha/lib/click-regions.ts) has thin pieces at its rim: the
        // size bound applies to the region as a whole
        const region = r.verifier.kind === 'click' && r.verifier.mode === 'any' && r.verifier.boxes.length > 8;
        const vb = verifierBoxes(r.verifier);
        for (const b of vb) {
          expect(inside(b, r.captcha.puzzle_box)).toBe(true);
          if (region) continue;
          expect(b[2] - b[0]).toBeGreaterThanOrEqual(12);
          expect(b[3] - b[1]).toBeGreaterThanOrEqual(12);
        }
        if (region) {
          expect(Math.max(...vb.map((b) => b[2])) - Math.min(...vb.map((b) => b[0]))).toBeGreaterThanOrEqual(12);
          expect(Math.max(...vb.map((b) => b[3])) - Math.min(...vb.map((b) => b[1]))).toBeGreaterThanOrEqual(12);
        }
        for (const a of r.solution.actions) {
          for (const p of a.type === 'drag' ? [a.start, a.end] : 'point' in a ? [a.point] : []) {
            expect(Number.isInteger(p[0]) && Number.isInteger(p[1])).toBe(true);
            expect(pointInBox(p, r.captcha.puzzle_box)).toBe(true);
          }
          if (a.type === 'drag' && r.verifier.kind === 'drag') {
            expect(a.end[1]).toBe(a.start[1]);
            expect(pointInBox(a.end, r.verifier.track_box!)).toBe(true); // end inside the track
          }
        }

        // gold = 1 (absolute, and from the normalised forms)
        expect(scoreCaptcha(r, r.solution.actions)).toEqual({ score: 1, reason: 'ok' });
        const size = { width: W, height: H };
        expect(score(r, actionsFromSpace(r.solution.actions_norm1, 'norm1', size))).toBe(1);
        expect(score(r, actionsFromSpace(r.solution.actions_norm1000, 'norm1000', size))).toBe(1);
        if (r.verifier.kind === 'pair') {
          const v = r.verifier;
          for (const [i, j] of v.valid_pairs) {
            expect(score(r, [click(boxCenter(v.boxes[j]!)), click(boxCenter(v.boxes[i]!))])).toBe(1); // any order
          }
        }
        // perturbations = 0
        for (const [label, acts] of perturbations(r)) {
          expect({ label, score: score(r, acts) }).toEqual({ label, score: 0 });
        }
        // no leaks
        checkSvgClean(s.puzzleSvg, r);
        checkSvgClean(s.hostSvg, r);
        expect(r.id).not.toMatch(new RegExp(type));
      });
    }
  }
});

describe('captcha generator contract', () => {
  it('is deterministic: same (cfg, seed, index) → identical record JSON and PNG bytes', async () => {
    const cfg: CaptchaConfig = { types: ['slider_jigsaw_gap', 'word_click_ordered', 'text_distorted_alnum'], contexts: ['mobile', 'web'], difficulties: ['easy', 'medium', 'hard'], locales: ['en-US', 'zh-CN'] };
    let first = '';
    for (const i of [0, 1, 2, 5]) {
      const a = await captchaSample(cfg, 42, i);
      const b = await captchaSample(cfg, 42, i);
      expect(JSON.stringify(b.record)).toBe(JSON.stringify(a.record));
      expect(b.png.equals(a.png)).toBe(true);
      if (i === 0) first = JSON.stringify(a.record.latent);
    }
    // another seed, another puzzle (compared with sample 0 of seed 42 above, equal to a fresh one by the loop)
    const c = await captchaSample(cfg, 43, 0);
    expect(JSON.stringify(c.record.latent)).not.toBe(first);
  });

  it('the puzzle pixels sit exactly at puzzle_box (the affine is the paste placement)', async () => {
    // the medium samples of the per-type tests above (one generation, both checks)
    for (const type of CAPTCHA_TYPES) {
      for (const context of CONTEXTS) {
        const s = await sampleOf(type, context, 'medium');
        samples.delete(`${type} ${context} medium`);
        const [x1, y1, x2, y2] = s.record.captcha.puzzle_box;
        const w = x2 - x1;
        const h = y2 - y1;
        expect(s.affine.tx).toBe(x1);
        expect(s.affine.ty).toBe(y1);
        expect(Math.round(s.affine.sx * (s.record.context.params.puzzle_size as number[])[0]!)).toBe(w);
        const alone = await sharp(Buffer.from(resizeSvg(s.puzzleSvg, w, h))).ensureAlpha().raw().toBuffer();
        const crop = await sharp(s.png).extract({ left: x1, top: y1, width: w, height: h }).ensureAlpha().raw().toBuffer();
        let compared = 0;
        let diff = 0;
        for (let p = 0; p < w * h; p++) {
          if (alone[p * 4 + 3] !== 255) continue; // only fully opaque puzzle pixels
          compared++;
          for (let c = 0; c < 3; c++) diff = Math.max(diff, Math.abs(alone[p * 4 + c]! - crop[p * 4 + c]!));
        }
        expect(compared).toBeGreaterThan(w * h * 0.8);
        expect(diff).toBeLessThanOrEqual(1);
      }
    }
  });

  it('types are round-robin over cfg.types so every type appears', async () => {
    // the web / easy row of the per-type tests above: `--types all`, indices row0 .. row0 + n - 1
    const cfg = cfgFor('web', 'easy');
    expect(cfg.types).toEqual(resolveCaptchaTypes('all'));
    const row0 = indexOf(cfg.types[0]!, 'web', 'easy');
    const seen: string[] = [];
    for (let i = 0; i < cfg.types.length; i++) {
      const known = typeAt.get(`web easy ${row0 + i}`);
      seen.push(known ?? (await captchaSample(cfg, 7, row0 + i)).record.captcha.type);
    }
    expect(seen).toEqual(cfg.types);
  });

  it('resolveCaptchaTypes: all, lists, unknown names', () => {
    expect(resolveCaptchaTypes('all')).toEqual([...CAPTCHA_TYPES]);
    expect(resolveCaptchaTypes(' slide_to_end , checkbox_not_robot,slide_to_end')).toEqual(['slide_to_end', 'checkbox_not_robot']);
    expect(() => resolveCaptchaTypes('slide_to_end,nope')).toThrow(UsageError);
    expect(() => resolveCaptchaTypes('nope')).toThrow(/--types: unknown value 'nope'; allowed: .*slider_jigsaw_gap/);
  });

  it('registry covers the eight VenusBench groups A–H (and the extra groups once filled)', () => {
    const rows = describeTypes();
    const groups = new Set(rows.map((r) => r.group));
    for (const g of ['drag_to_end', 'image_rotation', 'ocr_text_entry', 'one_click', 'ordered_icon_click', 'ordered_text_click', 'slider_puzzle', 'visual_reasoning']) expect(groups.has(g)).toBe(true);
    for (const g of groups) expect(CAPTCHA_GROUPS as readonly string[]).toContain(g);
    for (const r of rows) {
      expect(r.knobs.length).toBeGreaterThan(0);
      expect(Object.keys(r.difficulties)).toEqual(['easy', 'medium', 'hard']);
    }
  });
});
