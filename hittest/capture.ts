/**
 * One browser pass per page (DESIGN.md "grounding"): load -> settle (freeze, fonts, images, two rAFs)
 * -> assert `visualViewport.scale === 1` and the emulated DPR -> ONE in-page probe (hittest/probe.ts)
 * -> ONE viewport screenshot (PNG, not full page) -> painted-pixel check (sharp) -> acceptance
 * (hittest/policy.ts) -> zod-valid {@link Target}s in reading order.
 *
 * Units: `bbox`, `point`, `checks.points` are image px (= CSS px × dpr; boxes floor x1/y1, ceil
 * x2/y2; x2/y2 exclusive); `bbox_css` is CSS px of the top-level viewport.
 */
import type { Page } from 'playwright-core';
import {
  boxToNorm1,
  boxToNorm1000,
  cssBoxToImage,
  pointInBox,
  pointToNorm1,
  pointToNorm1000,
  type Box,
  type Point,
} from '../core/geometry.js';
import { SampleError } from '../core/errors.js';
import { Target } from '../core/schema.js';
import type { BrowserPool, PageOptions, PageSource } from '../renderers/browser.js';
import { decodeImage, inkFraction } from './painted.js';
import { DEFAULT_POLICY, judge, type AcceptancePolicy, type RejectReason } from './policy.js';
import { probePage, type ProbeCandidate, type ProbeResult, type ProbeTextItem } from './probe.js';
import { evaluateFn, settleInPage, type SettleResult } from './settle.js';

export type { PageOptions } from '../renderers/browser.js';

/** Generated HTML (served at `http://uisynth.local/page/index.html`) or a user's HTML file (absolute path). */
export type CaptureInput = { html: string } | { file: string };

/** Optional knobs for {@link captureAndHitTest}. */
export interface CaptureOptions {
  /** Override acceptance thresholds (merged over {@link DEFAULT_POLICY}). */
  policy?: Partial<AcceptancePolicy>;
  /**
   * Throw `SampleError('font_failed')` when a used web font fails to load or `fonts.check()` is false.
   * Default: true for `{html}` input, false for `{file}` input (reported in `warnings` instead).
   */
  strictFonts?: boolean;
  /** Text leaves longer than this are not candidates (default 80 characters). */
  maxTextLength?: number;
  /** Bound for font / image waits in the page, ms (default 10000). */
  settleTimeoutMs?: number;
  /** Bound for each in-page step (settle, probe), ms (default 30000); exceeded -> `SampleError('timeout')`. */
  stepTimeoutMs?: number;
}

/** A rejected candidate, for verifiable hard negatives and debugging. */
export interface RejectedTarget {
  name: string;
  text: string;
  role: string;
  /** First failing check (one of `REJECT_REASONS`). */
  reason: string;
  /** Unique CSS path (see {@link Target} `dom.selector`). */
  selector: string;
  /** Visible part in CSS px, or the full box when nothing is visible, or null when it has no box. */
  bbox_css: Box | null;
}

/** Result of {@link captureAndHitTest}. */
export interface CaptureResult {
  /** Viewport screenshot, PNG. */
  png: Buffer;
  /** Image size in image px (= viewport × dpr, rounded by Chromium). */
  width: number;
  height: number;
  /** Device scale factor measured in the page. */
  dpr: number;
  /** Accepted targets only, `tid` `t0`, `t1`, ... in reading order; each fits the zod `Target`. */
  targets: Target[];
  /** Rejected candidates by first failing check. */
  rejected: Record<string, number>;
  /** Number of candidates the probe found (accepted + rejected). */
  candidates: number;
  /** Every visible text and accessible name on the page, lower-cased, whitespace-collapsed, deduplicated. */
  pageTexts: string[];
  rejectedTargets: RejectedTarget[];
  /** Non-fatal problems (fonts, blocked requests). */
  warnings: string[];
  /** Milliseconds per stage. */
  timings: { load: number; settle: number; probe: number; screenshot: number; total: number };
}

/**
 * Settle a loaded page (freeze, fonts, images, two rAFs) and check `visualViewport.scale === 1`.
 * Exported so that test oracles can reproduce the captured state.
 * @throws SampleError reason `viewport_scale` when the visual viewport is zoomed.
 */
export async function settlePage(page: Page, timeoutMs = 10000): Promise<SettleResult> {
  const s = await evaluateFn(page, settleInPage, { timeoutMs });
  if (Math.abs(s.visualViewportScale - 1) > 1e-9) {
    throw new SampleError(`visualViewport.scale is ${s.visualViewportScale}, not 1 (page wider than a mobile viewport?)`, 'viewport_scale');
  }
  return s;
}

const r3 = (v: number): number => Math.round(v * 1000) / 1000;

/** Reject with `SampleError('timeout')` when `p` takes longer than `ms` (the page is closed by the caller). */
function bounded<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, rej) => {
    timer = setTimeout(() => rej(new SampleError(`${what} took longer than ${ms} ms`, 'timeout')), ms);
  });
  p.catch(() => undefined);
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

/**
 * Render `input` with `opts` in a fresh context of `pool`, hit-test every candidate and return the
 * screenshot with accepted targets.
 * @throws SampleError reasons: `load_failed`, `viewport_scale`, `dpr_mismatch`, `image_size`,
 *   `font_failed` (strict fonts only), `timeout`, `capture_failed` (page or browser crashed).
 */
export async function captureAndHitTest(
  pool: BrowserPool,
  input: CaptureInput,
  opts: PageOptions,
  copts: CaptureOptions = {},
): Promise<CaptureResult> {
  const policy: AcceptancePolicy = { ...DEFAULT_POLICY, ...copts.policy };
  const strictFonts = copts.strictFonts ?? 'html' in input;
  const t0 = performance.now();
  const source: PageSource = 'html' in input ? { html: input.html } : { file: input.file };
  let tLoad = 0;
  const stepMs = copts.stepTimeoutMs ?? 30000;
  const got = await pool.withPage(opts, source, async (h) => {
    tLoad = performance.now();
    const settle = await bounded(settlePage(h.page, copts.settleTimeoutMs ?? 10000), stepMs, 'settle');
    const tSettle = performance.now();
    if (Math.abs(settle.dpr - opts.dpr) > 1e-6) {
      throw new SampleError(`devicePixelRatio ${settle.dpr} != requested ${opts.dpr}`, 'dpr_mismatch');
    }
    if (strictFonts && settle.fontIssues.length) {
      throw new SampleError(`web fonts not ready: ${settle.fontIssues.join('; ')}`, 'font_failed');
    }
    const probe = await bounded(
      evaluateFn(h.page, probePage, { dpr: opts.dpr, maxTextLength: copts.maxTextLength ?? 80, maxContainerArea: 0.25 }),
      stepMs,
      'probe',
    );
    const tProbe = performance.now();
    const png = await h.page.screenshot({ type: 'png', fullPage: false, animations: 'allow', caret: 'hide', scale: 'device' });
    const tShot = performance.now();
    return { settle, probe, png, blocked: [...h.blocked], tSettle, tProbe, tShot };
  }).catch((e: unknown) => {
    if (e instanceof SampleError) throw e;
    // page crashed, navigated away, browser died: this sample fails, the run goes on
    throw new SampleError(`capture failed: ${(e as Error).message?.split('\n')[0] ?? String(e)}`, 'capture_failed');
  });
  const { settle, probe, png } = got;
  const img = await decodeImage(png);
  const expW = opts.viewport.width * opts.dpr;
  const expH = opts.viewport.height * opts.dpr;
  if (Math.abs(img.width - expW) >= 1 || Math.abs(img.height - expH) >= 1) {
    throw new SampleError(`screenshot ${img.width}x${img.height} != viewport x dpr ${expW}x${expH}`, 'image_size');
  }
  const size = { width: img.width, height: img.height };
  const dpr = probe.dpr;
  const clampBox = (b: Box): Box => [
    Math.max(0, Math.min(size.width, b[0])),
    Math.max(0, Math.min(size.height, b[1])),
    Math.max(0, Math.min(size.width, b[2])),
    Math.max(0, Math.min(size.height, b[3])),
  ];

  const accepted: Array<{ c: ProbeCandidate; target: Omit<Target, 'tid'> }> = [];
  const rejected: Record<string, number> = {};
  const rejectedTargets: RejectedTarget[] = [];
  for (const c of probe.candidates) {
    const box = c.visible ? clampBox(cssBoxToImage(c.visible, dpr)) : null;
    const ink = box && box[2] > box[0] && box[3] > box[1] ? inkFraction(img, box, policy.inkThreshold) : 0;
    const v = judge(c, ink, policy);
    let reason: RejectReason | null = v.reason;
    let point: Point | null = null;
    if (!reason && box) {
      point = pickPoint(c, box);
      if (!point) reason = 'occluded_center';
    }
    if (reason || !box || !point || !c.visible) {
      const why = reason ?? 'clipped';
      rejected[why] = (rejected[why] ?? 0) + 1;
      rejectedTargets.push({
        name: c.name,
        text: c.text,
        role: c.role,
        reason: why,
        selector: c.selector,
        bbox_css: (c.visible ?? c.rect)?.map(r3) as Box | null,
      });
      continue;
    }
    const bboxCss = c.visible.map(r3) as Box;
    accepted.push({
      c,
      target: {
        role: c.role,
        name: c.name,
        text: c.text,
        aria: c.aria,
        bbox: box,
        bbox_norm1: boxToNorm1(box, size),
        bbox_norm1000: boxToNorm1000(box, size),
        bbox_css: bboxCss,
        point,
        point_norm1: pointToNorm1(point, size),
        point_norm1000: pointToNorm1000(point, size),
        dom: { tag: c.tag, id: c.id, selector: c.selector },
        checks: v.checks,
        context: { neighbors: neighbors(c, c.visible, probe.texts), landmark: c.landmark },
        icon: c.icon,
      },
    });
  }
  // schema check per target (a bug must not kill a whole run: it is counted as a rejection)
  const valid = accepted.filter((a) => {
    const ok = Target.safeParse({ tid: 't0', ...a.target }).success;
    if (!ok) {
      rejected.invalid_target = (rejected.invalid_target ?? 0) + 1;
      rejectedTargets.push({ name: a.c.name, text: a.c.text, role: a.c.role, reason: 'invalid_target', selector: a.c.selector, bbox_css: a.target.bbox_css });
    }
    return ok;
  });
  const ordered = readingOrder(valid.map((a) => ({ ...a, box: a.target.bbox })));
  const targets: Target[] = ordered.map((a, i) => ({ tid: `t${i}`, ...a.target }));
  const warnings = [
    ...(strictFonts ? [] : settle.fontIssues),
    ...settle.undeclaredFamilies.map((f) => `font family not provided by @font-face (system fallback): ${f}`),
    ...got.blocked.map((u) => `blocked request: ${u}`),
  ];
  const tEnd = performance.now();
  return {
    png,
    width: img.width,
    height: img.height,
    dpr,
    targets,
    rejected,
    candidates: probe.candidates.length,
    pageTexts: pageTextsOf(probe),
    rejectedTargets,
    warnings,
    timings: {
      load: tLoad - t0,
      settle: got.tSettle - tLoad,
      probe: got.tProbe - got.tSettle,
      screenshot: got.tShot - got.tProbe,
      total: tEnd - t0,
    },
  };
}

/**
 * The recorded click point: the centre grid point when it passed, else the passing grid point nearest
 * to the centre. Grid points are already integer image px hit-tested at exactly `point / dpr`.
 */
function pickPoint(c: ProbeCandidate, box: Box): Point | null {
  const center = c.points[4];
  if (!center) return null;
  const order = c.points
    .map((p, i) => ({ p, i, d: Math.hypot(p.img[0] - center.img[0], p.img[1] - center.img[1]) }))
    .filter((x) => x.p.ok && pointInBox(x.p.img, box))
    .sort((a, b) => a.d - b.d || a.i - b.i);
  const best = order[0];
  return best ? [best.p.img[0], best.p.img[1]] : null;
}

/** Up to 5 nearby visible texts (within 200 CSS px of the box edge), nearest first, excluding the target's own. */
function neighbors(c: ProbeCandidate, box: Box, texts: ProbeTextItem[]): string[] {
  const own = new Set([c.text.toLowerCase(), c.name.toLowerCase()]);
  const inside = (r: Box): boolean => {
    const cx = (r[0] + r[2]) / 2;
    const cy = (r[1] + r[3]) / 2;
    return cx >= box[0] && cx < box[2] && cy >= box[1] && cy < box[3];
  };
  const gap = (r: Box): number => {
    const dx = Math.max(0, r[0] - box[2], box[0] - r[2]);
    const dy = Math.max(0, r[1] - box[3], box[1] - r[3]);
    return Math.hypot(dx, dy);
  };
  const cand = texts
    .filter((t) => !inside(t.r) && !own.has(t.t.toLowerCase()))
    .map((t) => ({ t: t.t.length > 60 ? t.t.slice(0, 59) + '…' : t.t, d: gap(t.r), y: t.r[1], x: t.r[0] }))
    .filter((t) => t.d <= 200)
    .sort((a, b) => a.d - b.d || a.y - b.y || a.x - b.x);
  const out: string[] = [];
  for (const t of cand) {
    if (!out.includes(t.t)) out.push(t.t);
    if (out.length === 5) break;
  }
  return out;
}

/** Rows top to bottom (an item joins a row when its centre lies within the row's first item's height), left to right within a row. */
function readingOrder<T extends { box: Box; c: ProbeCandidate }>(items: T[]): T[] {
  const byY = [...items].sort((a, b) => (a.box[1] + a.box[3]) / 2 - (b.box[1] + b.box[3]) / 2 || a.box[0] - b.box[0] || a.c.idx - b.c.idx);
  const rows: T[][] = [];
  for (const it of byY) {
    const row = rows[rows.length - 1];
    const cy = (it.box[1] + it.box[3]) / 2;
    if (row && cy >= row[0]!.box[1] && cy < row[0]!.box[3]) row.push(it);
    else rows.push([it]);
  }
  return rows.flatMap((r) => r.sort((a, b) => a.box[0] - b.box[0] || a.box[1] - b.box[1] || a.c.idx - b.c.idx));
}

function pageTextsOf(p: ProbeResult): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of p.pageTexts) {
    const l = t.toLowerCase();
    if (!seen.has(l)) {
      seen.add(l);
      out.push(l);
    }
  }
  return out;
}
