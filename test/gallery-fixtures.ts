/**
 * Datasets for the gallery tests, written by hand (manifest, one shard, PNGs) so every string field can
 * hold anything, including script payloads and paths no generator would write.
 *
 * Grounding images are white with each target a solid green (#00c000) rectangle: a test finds the
 * target's pixels in a screenshot by colour, independently of the boxes the gallery draws.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Box, Point } from '../core/geometry.js';

export const GREEN = { r: 0, g: 192, b: 0 };
const sha = (b: Buffer | string): string => createHash('sha256').update(b).digest('hex');

async function png(w: number, h: number, boxes: Box[], colour = '#00c000'): Promise<Buffer> {
  const rects = boxes.map((b) => `<rect x="${b[0]}" y="${b[1]}" width="${b[2] - b[0]}" height="${b[3] - b[1]}" fill="${colour}"/>`).join('');
  return sharp({ create: { width: w, height: h, channels: 3, background: '#ffffff' } })
    .composite([{ input: Buffer.from(`<svg width="${w}" height="${h}">${rects}</svg>`) }])
    .png()
    .toBuffer();
}

const checks = (b: Box) => {
  const cx = (b[0] + b[2]) / 2;
  const cy = (b[1] + b[3]) / 2;
  const pts: Point[] = [];
  for (const fy of [0.2, 0.5, 0.8]) for (const fx of [0.2, 0.5, 0.8]) pts.push([Math.round(b[0] + fx * (b[2] - b[0])), Math.round(b[1] + fy * (b[3] - b[1]))]);
  return {
    style: { display: 'block', visibility: 'visible', opacity: 1, content_visibility: 'visible', pointer_events: 'auto', pass: true },
    viewport: { visible_fraction: 1, pass: true },
    clip: { visible_fraction: 1, clipped_by: null, pass: true },
    points: pts.map((p, k) => ({ point: p, hit: k === 8 ? 'div#cover' : 'button', ok: k !== 8 })),
    points_ok: 8,
    center_ok: Math.round(cx) > 0 && Math.round(cy) > 0,
    occlusion: { interceptor: null, pass: true },
    painted: { ink_fraction: 0.5, pass: true },
    text: { refined: false, lines: 1 },
    stable: true,
    accepted: true,
  };
};

/** Strings used for every text field of the XSS dataset; each one would run script if put into HTML. */
export const PAYLOADS = [
  '<img src=x onerror="window.__xss=(window.__xss||0)+1">',
  '" onload="window.__xss=(window.__xss||0)+1" x="',
  "'><svg onload=window.__xss=(window.__xss||0)+1>",
  '</script><script>window.__xss=(window.__xss||0)+1</script>',
  'javascript:window.__xss=(window.__xss||0)+1',
  '<iframe srcdoc="<script>parent.__xss=1</script>">',
];

export interface FixtureOptions {
  /** Put script payloads in every string field (ids, paths, queries, names, instructions, locales…). */
  xss?: boolean;
}

/** One grounding record spec: image size, target boxes, platform/locale. */
interface GSpec {
  w: number;
  h: number;
  boxes: Box[];
  platform: string;
  locale: string;
  theme: 'light' | 'dark';
  dpr: number;
  family: string;
}

/** Grounding records: a wide 2400×300 image with targets at both ends, and smaller ones. */
export const GROUNDING_SPECS: GSpec[] = [
  { w: 2400, h: 300, boxes: [[12, 100, 132, 160], [2250, 40, 2390, 90], [1200, 200, 1300, 260]], platform: 'web', locale: 'en-US', theme: 'light', dpr: 1, family: 'web.wide' },
  { w: 800, h: 600, boxes: [[100, 100, 300, 180], [500, 400, 540, 440]], platform: 'desktop.macos', locale: 'zh-CN', theme: 'dark', dpr: 2, family: 'desktop.mail' },
  { w: 400, h: 800, boxes: [[40, 700, 360, 760], [300, 20, 380, 60], [20, 300, 60, 340]], platform: 'mobile.ios', locale: 'ja-JP', theme: 'light', dpr: 3, family: 'mobile.settings' },
  { w: 800, h: 600, boxes: [[10, 10, 90, 50]], platform: 'desktop.macos', locale: 'en-US', theme: 'light', dpr: 1, family: 'desktop.mail' },
];
const ROLES = ['button', 'link', 'textbox'];
const STYLES = ['text', 'functional', 'spatial', 'icon'] as const;

function manifest(kind: 'grounding' | 'captcha', shard: Buffer, records: number) {
  return {
    format: 'uisynth/1', uisynth_version: '0.0.0-test', kind, command: [kind], config: {}, seed: 1, count: records, shard_size: 1000,
    shard_index: 0, shard_count: 1, generators: { uisynth: '0.0.0-test', [kind]: 'test' }, chromium: null,
    shards: [{ file: 'shard-00000.jsonl', start: 0, end: records, records, sha256: sha(shard) }], records, rejects: {}, stats: {},
  };
}

/**
 * Write a grounding dataset to `out`; returns the records as written.
 * Targets are green rectangles; query k of target j has style STYLES[(j + k) % 4]; the last query of each record is a hard negative.
 */
export async function writeGrounding(out: string, o: FixtureOptions = {}): Promise<any[]> {
  const P = (k: number, plain: string): string => (o.xss ? `${plain}${PAYLOADS[k % PAYLOADS.length]}` : plain);
  const recs: any[] = [];
  for (let i = 0; i < GROUNDING_SPECS.length; i++) {
    const s = GROUNDING_SPECS[i]!;
    const id = P(i, `grounding-1-000000${i}`);
    const rel = `images/shard-00000/${o.xss ? PAYLOADS[i % PAYLOADS.length]!.replace(/\//g, '_') : `g${i}`}.png`;
    const buf = await png(s.w, s.h, s.boxes);
    await mkdir(join(out, 'images', 'shard-00000'), { recursive: true });
    await writeFile(join(out, rel), buf);
    const size = { width: s.w, height: s.h };
    const targets = s.boxes.map((b, j) => {
      const point: Point = [Math.floor((b[0] + b[2]) / 2), Math.floor((b[1] + b[3]) / 2)];
      return {
        tid: o.xss ? P(j, `t${j}`) : `t${j}`, role: P(j, ROLES[j % 3]!), name: P(j + 1, `Target ${j} of ${i}`), text: P(j + 2, `label${j}`), aria: { label: P(j, 'aria') },
        bbox: b, bbox_norm1: [b[0] / s.w, b[1] / s.h, b[2] / s.w, b[3] / s.h], bbox_norm1000: b.map((v, k) => Math.floor((v / (k % 2 ? s.h : s.w)) * 1000)),
        bbox_css: b.map((v) => v / s.dpr), point, point_norm1: [point[0] / s.w, point[1] / s.h], point_norm1000: [Math.floor((point[0] / s.w) * 1000), Math.floor((point[1] / s.h) * 1000)],
        dom: { tag: P(j, 'button'), id: null, selector: P(j, `#t${j}`) }, checks: checks(b), context: { neighbors: [P(j, 'n')], landmark: P(j, 'main') }, icon: null,
      };
    });
    void size;
    const queries = [
      ...targets.map((t, j) => ({ qid: P(j, `${id}-q${j}`), text: P(j + 3, `click target ${j} of record ${i}`), locale: s.locale, style: STYLES[(i + j) % 4], tid: t.tid })),
      { qid: P(9, `${id}-qneg`), text: P(4, `delete the account ${i}`), locale: s.locale, style: 'negative', tid: null },
    ];
    recs.push({
      id, kind: 'grounding', generator: { name: P(0, 'grounding'), version: 'test' }, seed: 1, index: i,
      image: { path: rel, width: s.w, height: s.h, sha256: sha(buf) },
      platform: o.xss ? P(i, s.platform) : s.platform, locale: o.xss ? P(i + 1, s.locale) : s.locale,
      context: { scenario: o.xss ? P(i + 2, s.family) : s.family, persona: P(i, 'persona'), theme: s.theme, viewport: { width: Math.round(s.w / s.dpr), height: Math.round(s.h / s.dpr) }, dpr: s.dpr, page: o.xss ? P(i, 'page.html') : null, params: { x: P(i, 'y') } },
      targets, queries,
      hittest: { candidates: targets.length + 2, accepted: targets.length, rejected: o.xss ? { [P(i, 'occluded')]: 1 } : i % 2 ? { occluded: 1, offscreen: 1 } : { clipped: 2 }, ...(o.xss ? { warnings: [P(i, 'warn')] } : {}) },
    });
  }
  const shard = Buffer.from(recs.map((r) => JSON.stringify(r)).join('\n') + '\n');
  await writeFile(join(out, 'shard-00000.jsonl'), shard);
  await writeFile(join(out, 'manifest.json'), JSON.stringify(manifest('grounding', shard, recs.length), null, 2));
  return recs;
}

/** CAPTCHA records (600×400 canvas): click-sequence, text-entry and drag verifiers in turn; `n` records. */
export async function writeCaptcha(out: string, n: number, o: FixtureOptions = {}): Promise<any[]> {
  const P = (k: number, plain: string): string => (o.xss ? `${plain}${PAYLOADS[k % PAYLOADS.length]}` : plain);
  const recs: any[] = [];
  const W = 600, H = 400;
  for (let i = 0; i < n; i++) {
    const k = i % 3;
    let verifier: any, actions: any[], type: string, group: string;
    if (k === 0) {
      const b1: Box = [40 + i, 60, 120 + i, 140], b2: Box = [300, 200, 380, 280];
      verifier = { kind: 'click', action: 'click', mode: 'sequence', boxes: [b1, b2], submit_box: null, min_duration_ms: null };
      actions = [{ type: 'click', point: [80 + i, 100] }, { type: 'click', point: [340, 240] }];
      type = 'fake_order'; group = 'ordered_icon_click';
    } else if (k === 1) {
      verifier = { kind: 'text_entry', input_box: [100, 300, 500, 350], answer: P(i, 'ab3'), valid_answers: [P(i, 'ab3')], case_sensitive: false };
      actions = [{ type: 'click', point: [300, 325] }, { type: 'type', text: P(i, 'ab3') }];
      type = 'fake_text'; group = 'ocr_text_entry';
    } else {
      verifier = { kind: 'drag', handle_box: [20, 180, 80, 240], track_box: [20, 180, 580, 240], expected_dx: 300 + i, rel_tolerance: 0.05, max_dy: 5 };
      actions = [{ type: 'drag', start: [50, 210], end: [350 + i, 210] }];
      type = 'fake_slider'; group = 'slider_puzzle';
    }
    if (o.xss) type = P(i, type);
    const boxes: Box[] = verifier.kind === 'click' ? verifier.boxes : verifier.kind === 'text_entry' ? [verifier.input_box] : [verifier.handle_box];
    const buf = await png(W, H, boxes, '#3050c0');
    const id = P(i, `captcha-1-000000${i}`);
    const rel = `images/shard-00000/${o.xss ? `${PAYLOADS[(i + 1) % PAYLOADS.length]!.replace(/\//g, '_')}${i}` : `c${i}`}.png`;
    await mkdir(join(out, 'images', 'shard-00000'), { recursive: true });
    await writeFile(join(out, rel), buf);
    const instruction = P(i + 2, `Solve puzzle ${i}`);
    const norm = (a: any, f: (p: Point) => Point) => (a.type === 'drag' ? { ...a, start: f(a.start), end: f(a.end) } : a.point ? { ...a, point: f(a.point) } : a);
    recs.push({
      id, kind: 'captcha', generator: { name: 'captcha', version: 'test' }, seed: 1, index: i,
      image: { path: rel, width: W, height: H, sha256: sha(buf) },
      platform: i % 2 ? 'mobile.android' : 'web', locale: i % 3 === 2 ? 'zh-CN' : 'en-US',
      context: { scenario: P(i, i % 2 ? 'mobile.login' : 'web.login'), persona: null, theme: i % 2 ? 'dark' : 'light', viewport: { width: W, height: H }, dpr: 1, page: null, params: { host: P(i, i % 2 ? 'login' : 'search') } },
      captcha: { type, group, difficulty: ['easy', 'medium', 'hard'][i % 3], knobs: {}, instruction, instructions: { 'en-US': instruction, 'zh-CN': P(i, '解谜') }, style: P(i, 'plain'), puzzle_box: [0, 0, W, H] },
      solution: {
        actions, actions_norm1: actions.map((a) => norm(a, (p) => [p[0] / W, p[1] / H])), actions_norm1000: actions.map((a) => norm(a, (p) => [Math.floor((p[0] / W) * 1000), Math.floor((p[1] / H) * 1000)])),
        text: P(i, 'Click(point=(1, 2))'), ordered: true, reasoning: P(i + 1, 'because'), reasonings: {},
      },
      verifier, latent: { k: P(i, 'latent') },
    });
  }
  const shard = Buffer.from(recs.map((r) => JSON.stringify(r)).join('\n') + '\n');
  await writeFile(join(out, 'shard-00000.jsonl'), shard);
  await writeFile(join(out, 'manifest.json'), JSON.stringify(manifest('captcha', shard, recs.length), null, 2));
  return recs;
}

/**
 * A `uisynth regress` report directory as documented in the regress command (regress/regress.ts on its
 * branch: `report.json` with format `uisynth-regress/1`, `records/<id>/{before,after,diff,before-labels,
 * after-labels}.png`): three records, one with changed labels, one with changed pixels only, one unchanged.
 * Record 2's `files.diff` points out of the directory (must be refused).
 */
export async function writeRegressReport(out: string): Promise<any> {
  const records: any[] = [];
  const rows: Array<[string, string, string]> = [['captcha-0-0000001', 'slide_to_end', 'labels changed'], ['captcha-0-0000002', 'text_distorted_alnum', 'pixels changed only'], ['captcha-0-0000003', 'slide_to_end', 'no drift']];
  for (const [k, [id, stratum, status]] of rows.entries()) {
    const files: Record<string, string> = {};
    if (status !== 'no drift') {
      for (const [key, name, colour] of [['before', 'before', '#ffffff'], ['after', 'after', '#ffffff'], ['diff', 'diff', '#ff0000'], ['before_labels', 'before-labels', '#0a7cff'], ['after_labels', 'after-labels', '#ff6a00']] as const) {
        await mkdir(join(out, 'records', id), { recursive: true });
        await writeFile(join(out, 'records', id, `${name}.png`), await png(120, 80, [[10, 10, 60, 40]], colour));
        files[key] = `records/${id}/${name}.png`;
      }
    }
    if (k === 1) files.diff = '../../outside.png';
    records.push({
      id, index: k + 1, stratum, status,
      labels: status === 'labels changed' ? [{ path: 'verifier.expected_dx', field: 'verifier', before: 120, after: 131 }, { path: 'solution.actions[0].end', field: 'solution', before: [145, 55], after: [156, 55] }] : [],
      labels_total: status === 'labels changed' ? 2 : 0,
      pixels: { changed: status === 'no drift' ? 0 : 1500, total: 9600, fraction: status === 'no drift' ? 0 : 0.156, changed_box: status === 'no drift' ? null : [10, 10, 60, 40], same_size: true },
      ...(Object.keys(files).length ? { files } : {}),
    });
  }
  const report = {
    format: 'uisynth-regress/1', golden: 'golden/captcha', kind: 'captcha', verdict: 'labels changed', exit_code: 5,
    counts: { records: 3, no_drift: 1, labels_changed: 1, pixels_changed_only: 1, failed: 0 },
    environment: { golden: {}, current: {}, changes: [] }, inputs_changed: [], threshold: 0.1, max_diff_pixels: 0, seconds: 1, accepted: false, records,
  };
  await mkdir(out, { recursive: true });
  await writeFile(join(out, 'report.json'), JSON.stringify(report, null, 2));
  return report;
}
