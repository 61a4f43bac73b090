/**
 * Small synthetic, schema-valid datasets for the export tests (the pattern of test/export.test.ts):
 * grounding records with targets, queries (incl. a hard negative and a 1 px target) and CAPTCHA records
 * of three verifier kinds (click, text entry, drag).
 */
import sharp from 'sharp';
import { runShards, type RunOptions, type SampleOutput } from '../dataset/write.js';
import { recordId } from '../core/rng.js';
import { boxToNorm1, boxToNorm1000, pointToNorm1, pointToNorm1000, type Box, type Point } from '../core/geometry.js';
import { actionsToText, mapActionPoints, type Action } from '../core/actions.js';
import type { HitChecks, Verifier } from '../core/schema.js';

async function png(w: number, h: number, boxes: Box[]): Promise<Buffer> {
  const rects = boxes.map((b) => `<rect x="${b[0]}" y="${b[1]}" width="${b[2] - b[0]}" height="${b[3] - b[1]}" fill="#c33"/>`).join('');
  return sharp({ create: { width: w, height: h, channels: 3, background: '#fff' } })
    .composite([{ input: Buffer.from(`<svg width="${w}" height="${h}">${rects}</svg>`) }])
    .png()
    .toBuffer();
}

const checks = (b: Box): HitChecks => ({
  style: { display: 'block', visibility: 'visible', opacity: 1, content_visibility: 'visible', pointer_events: 'auto', pass: true },
  viewport: { visible_fraction: 1, pass: true },
  clip: { visible_fraction: 1, clipped_by: null, pass: true },
  points: [{ point: [b[0], b[1]], hit: 'button', ok: true }],
  points_ok: 9,
  center_ok: true,
  occlusion: { interceptor: null, pass: true },
  painted: { ink_fraction: 0.5, pass: true },
  text: { refined: false, lines: 1 },
  stable: true,
  accepted: true,
});

const W = 320;
const H = 200;

function target(tid: string, role: string, name: string, text: string, bbox: Box, point: Point, icon: string | null, w = W, h = H) {
  const size = { width: w, height: h };
  return {
    tid, role, name, text, aria: { label: name }, bbox, bbox_norm1: boxToNorm1(bbox, size), bbox_norm1000: boxToNorm1000(bbox, size),
    bbox_css: bbox.map((v) => v / 2) as Box, point, point_norm1: pointToNorm1(point, size), point_norm1000: pointToNorm1000(point, size),
    dom: { tag: 'button', id: null, selector: `#${tid}` }, checks: checks(bbox), context: { neighbors: ['Inbox'], landmark: 'main' }, icon,
  };
}

/** A 320x200 grounding screenshot with three targets (one 1 px wide) and four queries (one infeasible). */
export async function groundingSample(seed: number, index: number): Promise<SampleOutput> {
  return groundingSampleAt(seed, index, W, H);
}

/**
 * The {@link groundingSample} layout on a `w`x`h` screenshot (positions scaled from 320x200, the 1 px target
 * stays 1 px), for exports whose trainers resize large screenshots.
 */
export async function groundingSampleAt(seed: number, index: number, w: number, h: number): Promise<SampleOutput> {
  const sx = (v: number): number => Math.round((v * w) / W);
  const sy = (v: number): number => Math.round((v * h) / H);
  const dx = (index % 3) * 10;
  const t0: Box = [sx(20 + dx), sy(30), sx(120 + dx), sy(70)];
  const t1: Box = [sx(200), sy(40), sx(232), sy(72)];
  const t2: Box = [sx(300), sy(190), sx(300) + 1, sy(190) + 1];
  return {
    png: await png(w, h, [t0, t1, t2]),
    record: {
      id: recordId('grounding', seed, index), kind: 'grounding', generator: { name: 'grounding', version: 'test' }, seed, index,
      platform: index % 2 ? 'mobile.android' : 'desktop.macos', locale: index === 2 ? 'zh-CN' : 'en-US',
      context: { scenario: 'desktop.mail', persona: null, theme: 'light', viewport: { width: w / 2, height: h / 2 }, dpr: 2, page: null, params: {} },
      targets: [
        target('t0', 'button', 'Save draft', 'Save', t0, [sx(70 + dx), sy(50)], null, w, h),
        target('t1', 'button', 'Settings', '', t1, [sx(216), sy(56)], 'settings', w, h),
        target('t2', 'link', 'Pixel', 'x', t2, [t2[0], t2[1]], null, w, h),
      ],
      queries: [
        { qid: 'q0', text: index === 2 ? '保存草稿' : 'Save the draft', locale: index === 2 ? 'zh-CN' : 'en-US', style: 'text', tid: 't0' },
        { qid: 'q1', text: 'Open the settings (gear icon)', locale: 'en-US', style: 'icon', tid: 't1' },
        { qid: 'q2', text: 'Delete the account', locale: 'en-US', style: 'negative', tid: null },
        { qid: 'q3', text: "The tiny 'x' link", locale: 'en-US', style: 'text', tid: 't2' },
      ],
      hittest: { candidates: 4, accepted: 3, rejected: { occluded: 1 } },
    },
  };
}

const CW = 200;
const CH = 120;

/** CAPTCHA records cycling through click (any), text entry and drag verifiers on a 200x120 canvas. */
export async function captchaSample(seed: number, index: number): Promise<SampleOutput> {
  const size = { width: CW, height: CH };
  const k = index % 3;
  let verifier: Verifier;
  let actions: Action[];
  let type: string;
  let boxes: Box[];
  if (k === 0) {
    const b: Box = [20 + index, 20, 60 + index, 60];
    boxes = [b];
    verifier = { kind: 'click', action: 'click', mode: 'any', boxes: [b], submit_box: null, min_duration_ms: null };
    actions = [{ type: 'click', point: [40 + index, 40] }];
    type = 'fake_square';
  } else if (k === 1) {
    const b: Box = [10, 80, 150, 110];
    boxes = [b];
    verifier = { kind: 'text_entry', input_box: b, answer: "x7'Q", valid_answers: ["x7'Q"], case_sensitive: false };
    actions = [{ type: 'click', point: [80, 95] }, { type: 'type', text: "x7'Q" }];
    type = 'fake_text';
  } else {
    const b: Box = [10, 40, 40, 70];
    boxes = [b];
    verifier = { kind: 'drag', handle_box: b, track_box: [10, 40, 190, 70], expected_dx: 120, rel_tolerance: 0.08, max_dy: 5 };
    actions = [{ type: 'drag', start: [25, 55], end: [145, 55] }];
    type = 'fake_slider';
  }
  const instruction = k === 0 ? 'Click the square' : k === 1 ? 'Type the characters' : 'Drag the slider to fill the gap';
  return {
    png: await png(CW, CH, boxes),
    record: {
      id: recordId('captcha', seed, index), kind: 'captcha', generator: { name: 'captcha', version: 'test' }, seed, index,
      platform: 'web', locale: 'en-US',
      context: { scenario: 'web.test', persona: null, theme: 'light', viewport: size, dpr: 1, page: null, params: {} },
      captcha: { type, group: k === 0 ? 'one_click' : k === 1 ? 'ocr_text_entry' : 'slider_puzzle', difficulty: 'easy', knobs: {}, instruction, instructions: { 'en-US': instruction }, style: 'plain', puzzle_box: [0, 0, CW, CH] },
      solution: {
        actions,
        actions_norm1: actions.map((a) => mapActionPoints(a, (p) => pointToNorm1(p, size))),
        actions_norm1000: actions.map((a) => mapActionPoints(a, (p) => pointToNorm1000(p, size))),
        text: actionsToText(actions), ordered: true, reasoning: `Step: ${instruction.toLowerCase()} (it is the only target).`, reasonings: {},
      },
      verifier,
      latent: { k },
    },
  };
}

/**
 * Write a native dataset of `kind` into `out`.
 * @param sizes grounding screenshot sizes [w, h], cycled by index (default: 320x200 only)
 */
export async function makeDataset(kind: 'grounding' | 'captcha', out: string, count: number, shardSize = 4, sizes?: Array<[number, number]>): Promise<void> {
  const o: RunOptions = {
    kind, out, count, seed: 7, shardSize, shardIndex: 0, shardCount: 1, command: [kind, '--count', String(count)], config: sizes ? { fixture: true, sizes } : { fixture: true },
    generators: { uisynth: '0.0.0-test', [kind]: 'test' }, chromium: null, concurrency: 2, force: false,
    produce: (i) =>
      kind === 'grounding'
        ? sizes
          ? groundingSampleAt(7, i, sizes[i % sizes.length]![0], sizes[i % sizes.length]![1])
          : groundingSample(7, i)
        : captchaSample(7, i),
  };
  await runShards(o);
}
