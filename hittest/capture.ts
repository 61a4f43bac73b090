/**
 * One browser pass per page (hittest/README.md): load -> settle (freeze, fonts, images, timers)
 * -> assert `visualViewport.scale === 1` and the emulated DPR -> ONE viewport screenshot (PNG, not
 * full page) -> ONE in-page probe (hittest/page/probe.ts) -> content quads for rotated/skewed candidates
 * (CDP `DOM.getContentQuads`, then one more in-page grid) -> differential painted-pixel check (a few
 * CSS-resolution captures with batches of non-overlapping candidates hidden) -> acceptance
 * (hittest/policy.ts) -> zod-valid {@link Target}s in reading order. Everything is measured and
 * captured in one frozen state.
 *
 * Units: `bbox`, `point`, `checks.points` are image px (= CSS px × dpr; boxes floor x1/y1, ceil
 * x2/y2; x2/y2 exclusive); `bbox_css` is CSS px of the top-level viewport.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import type { Box } from '../core/geometry.js';
import { EnvironmentError, SampleError } from '../core/errors.js';
import type { Target } from '../core/schema.js';
import sharp from 'sharp';
import { CLOCK_RUN_MS, screenshotPng, type BrowserPool, type PageHandle, type PageOptions, type PageSource } from '../renderers/browser.js';
import { changedPixels, decodeImage, inkFraction, type RawImage, type Region } from './painted.js';
import { DEFAULT_POLICY, judge, type AcceptancePolicy, type PaintedMeasure } from './policy.js';
import { runProbe, type ProbeCandidate, type ProbePoint, type ProbeTextItem } from './probe.js';
import { recordsFromProbe, type RecordInput, type RejectedTarget } from './records.js';
import { runSettle, type SettleResult } from './settle.js';

export type { PageOptions } from '../renderers/browser.js';

/** Generated HTML (served at `http://uisynth.local/page/index.html`) or a user's HTML file (absolute path). */
export type CaptureInput = { html: string } | { file: string };

/** Optional knobs for {@link captureAndHitTest}. */
export interface CaptureOptions {
  /** Override acceptance thresholds (merged over {@link DEFAULT_POLICY}). */
  policy?: Partial<AcceptancePolicy>;
  /**
   * Throw `SampleError('font_failed')` when a used web font fails to load, `fonts.check()` is false or
   * a used primary family has no `@font-face`. Default: true for `{html}` input, false for `{file}`
   * input (reported in `warnings` instead).
   */
  strictFonts?: boolean;
  /**
   * Repeat the saved screenshot until two captures in a row are byte-identical (at most five captures)
   * and save the last one, instead of saving the first capture. Default: false for `{html}` input
   * (generated pages draw their SVG icons with pre-scaled geometry, generators/grounding/templating.ts
   * `prescaleIcon`, so the first capture is final; one capture less per page), true for `{file}` input
   * (a user's page may hold `viewBox`-scaled stroked SVG, whose raster Chromium does not repeat exactly:
   * see the comment where the screenshot is taken).
   */
  confirmScreenshot?: boolean;
  /** Text leaves longer than this are not candidates (default 80 characters). */
  maxTextLength?: number;
  /** Bound for font / image waits in the page, ms (default 10000). */
  settleTimeoutMs?: number;
  /** Bound for each in-page step (settle, probe), ms (default 30000); exceeded -> `SampleError('timeout')`. */
  stepTimeoutMs?: number;
  /** Return what the records were made from as `recordInput` (JSON; for debugging and the fixtures of test/hittest-records.test.ts). */
  keepRecordInput?: boolean;
}

export type { RecordInput, RejectedTarget } from './records.js';

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
  /** Rejected candidates by first failing check (keys from `REJECT_REASONS`). */
  rejected: Record<string, number>;
  /** Number of candidates the probe found (accepted + rejected). */
  candidates: number;
  /** Every visible text and accessible name on the page, lower-cased, whitespace-collapsed, deduplicated. */
  pageTexts: string[];
  rejectedTargets: RejectedTarget[];
  /**
   * Every visible text run on screen (one per element's own text nodes, whitespace-collapsed) with its
   * box and per-line boxes, CSS px, in DOM order: what a person can read, targets or not.
   */
  textRuns: ProbeTextItem[];
  /** Grapheme clusters on screen that no font paints with a real glyph (tofu, or nothing), sorted. */
  unpainted: string[];
  /** `lang` attribute of the page's root element ('' when absent). */
  lang: string;
  /** Non-fatal problems (fonts, blocked requests, unreachable frames, drifting pixels, uncaught page errors). */
  warnings: string[];
  /** Device-scale captures taken for the saved screenshot: 1, or 2-5 with `confirmScreenshot`. */
  screenshotCaptures: number;
  /** Extra captures taken by the differential painted check (one per batch, plus the "shown" state except at dpr 1, where the saved screenshot is it). */
  paintedCaptures: number;
  /**
   * Milliseconds per stage. `screenshot` runs first, then `probe` (`concurrent` is the wall time of
   * both, one after the other; the name is kept for its readers); `settle` includes the page clock; `quads`: CDP content quads; `painted`:
   * the differential check's extra captures, decodes and diffs, and the stability re-measure.
   */
  timings: { load: number; settle: number; probe: number; screenshot: number; concurrent: number; quads: number; painted: number; total: number };
  /** What `targets`, `rejected`, `rejectedTargets` and `pageTexts` were made from (hittest/records.ts); only with `keepRecordInput`. */
  recordInput?: RecordInput;
}

/**
 * Settle a loaded page (freeze, fonts, images, timers) and check `visualViewport.scale === 1`.
 * Exported so that test oracles can reproduce the captured state.
 * @throws SampleError reason `viewport_scale` when the visual viewport is zoomed.
 */
export async function settlePage(page: Page, timeoutMs = 10000): Promise<SettleResult> {
  await runPageClock(page);
  const s = await runSettle(page, { timeoutMs });
  checkScale(s);
  return s;
}

/**
 * Run the page's (fake, paused) clock for {@link CLOCK_RUN_MS}: its timers and rAF callbacks fire in
 * order, the same way in every render; afterwards time stays still. A page whose timers never settle
 * (a zero-delay loop) is cut off by Playwright's loop limit. Either that or the first exception thrown
 * by one of the page's timers is returned: the fake clock runs every timer to the end, keeps the first
 * exception and rethrows it after the run, so these never reach Chromium's own uncaught-error report.
 */
async function runPageClock(page: Page): Promise<string | undefined> {
  return page.clock.runFor(CLOCK_RUN_MS).then(
    () => undefined,
    (e: unknown) => {
      const err = e as { name?: string; message?: string };
      const msg = (err.message ?? String(e)).split('\n')[0]!.replace(/^(?:page\.)?clock\.runFor: /, '');
      return err.name && err.name !== 'Error' && !msg.startsWith(err.name) ? `${err.name}: ${msg}` : msg;
    },
  );
}

function checkScale(s: SettleResult): void {
  if (Math.abs(s.visualViewportScale - 1) > 1e-9) {
    throw new SampleError(
      `visualViewport.scale is ${Math.round(s.visualViewportScale * 1e4) / 1e4}, not 1: with mobile emulation a page without ` +
        `<meta name="viewport" content="width=device-width, initial-scale=1"> is laid out 980 px wide and zoomed out, ` +
        `as is content wider than the viewport (add the meta tag, or drop --mobile)`,
      'viewport_scale',
    );
  }
}

/** Each distinct string once, in first-seen order, with ` (×N)` when it occurred N > 1 times (a page throwing in a timer loop). */
function countedOnce(xs: readonly string[]): string[] {
  const n = new Map<string, number>();
  for (const x of xs) n.set(x, (n.get(x) ?? 0) + 1);
  return [...n].map(([x, k]) => (k > 1 ? `${x} (×${k})` : x));
}

/** Reject with `SampleError('timeout')` when `p` takes longer than `ms` (the page is closed by the caller). */
function bounded<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, rej) => {
    timer = setTimeout(() => rej(new SampleError(`${what} took longer than ${ms} ms`, 'timeout')), ms);
  });
  p.catch(() => undefined);
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

/** Declarative closed shadow roots (`<template shadowrootmode="closed">`) in the page source. */
const DECLARATIVE_CLOSED = /shadowrootmode\s*=\s*["']?closed|shadowroot\s*=\s*["']?closed/i;

/**
 * Make closed shadow roots of a loaded page reachable: imperative ones are kept by the init hook of
 * renderers/browser.ts; declarative ones (only when the page source mentions them) are registered
 * through CDP. Call before settling. Returns the number of declarative roots registered.
 */
export async function reachClosedShadowRoots(h: PageHandle, source: PageSource): Promise<number> {
  const text = 'html' in source ? source.html : await readFile(source.file, 'utf8').catch(() => '');
  return DECLARATIVE_CLOSED.test(text) ? registerDeclarativeClosedRoots(h) : 0;
}

/**
 * Register declarative closed shadow roots (which bypass the `attachShadow` hook) through CDP
 * (`DOM.getDocument` with `pierce`), so the probe and settle reach them like imperative ones.
 * Returns how many were registered.
 */
async function registerDeclarativeClosedRoots(h: PageHandle): Promise<number> {
  const cdp = await h.cdp();
  const doc = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: CdpNode };
  const closed: number[] = [];
  const walk = (n: CdpNode): void => {
    for (const sr of n.shadowRoots ?? []) {
      if (sr.shadowRootType === 'closed') closed.push(sr.backendNodeId);
      walk(sr);
    }
    for (const c of n.children ?? []) walk(c);
    if (n.contentDocument) walk(n.contentDocument);
  };
  walk(doc.root);
  for (const backendNodeId of closed) {
    const { object } = (await cdp.send('DOM.resolveNode', { backendNodeId })) as { object: { objectId?: string } };
    if (!object.objectId) continue;
    await cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId,
      functionDeclaration: `function () { const k = Symbol.for('uisynth.closedShadowRoots'); const w = this.ownerDocument && this.ownerDocument.defaultView; if (w && Array.isArray(w[k]) && !w[k].includes(this)) w[k].push(this); }`,
    });
  }
  return closed.length;
}
interface CdpNode {
  backendNodeId: number;
  children?: CdpNode[];
  shadowRoots?: CdpNode[];
  shadowRootType?: string;
  contentDocument?: CdpNode;
}

/**
 * Content quads (CDP `DOM.getContentQuads`, CSS px of the top-level viewport) of the probe's
 * candidates `idx`, then the nine-point grid placed bilinearly inside each quad and hit-tested in the
 * page. Multi-fragment (inline) elements use their largest quad.
 */
async function applyQuads(h: PageHandle, cands: ProbeCandidate[], idx: number[]): Promise<void> {
  const cdp = await h.cdp();
  const ev = (await cdp.send('Runtime.evaluate', {
    expression: `(() => { const s = window[Symbol.for('uisynth.probe')]; return ${JSON.stringify(idx)}.map((i) => s.els[i]); })()`,
    returnByValue: false,
    objectGroup: 'uisynth-quads',
  })) as { result: { objectId?: string } };
  if (!ev.result.objectId) return;
  const props = (await cdp.send('Runtime.getProperties', { objectId: ev.result.objectId, ownProperties: true })) as {
    result: Array<{ name: string; value?: { objectId?: string } }>;
  };
  const items: Array<{ i: number; quad: number[] }> = [];
  await Promise.all(
    props.result
      .filter((p) => /^\d+$/.test(p.name) && p.value?.objectId)
      .map(async (p) => {
        const i = idx[Number(p.name)]!;
        try {
          const r = (await cdp.send('DOM.getContentQuads', { objectId: p.value!.objectId! })) as { quads: number[][] };
          const area = (q: number[]): number => {
            let a = 0;
            for (let k = 0; k < 4; k++) {
              const j = (k + 1) % 4;
              a += q[2 * k]! * q[2 * j + 1]! - q[2 * j]! * q[2 * k + 1]!;
            }
            return Math.abs(a) / 2;
          };
          const best = [...r.quads].sort((a, b) => area(b) - area(a))[0];
          if (!best || best.length !== 8) return;
          const xs = [best[0]!, best[2]!, best[4]!, best[6]!];
          const ys = [best[1]!, best[3]!, best[5]!, best[7]!];
          const hull = (Math.max(...xs) - Math.min(...xs)) * (Math.max(...ys) - Math.min(...ys));
          const c = cands[i]!;
          c.quad = best;
          c.quadFill = hull > 0 ? Math.min(1, area(best) / hull) : 0;
          items.push({ i, quad: best });
        } catch {
          /* node gone: keep the box grid */
        }
      }),
  );
  await cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'uisynth-quads' }).catch(() => undefined);
  if (!items.length) return;
  const res = (await h.page.evaluate(
    `JSON.stringify(window[Symbol.for('uisynth.probe')].regrid(${JSON.stringify(items)}))`,
  )) as string;
  for (const r of JSON.parse(res) as Array<{ i: number; points: ProbePoint[] }>) cands[r.i]!.points = r.points;
}

/** Do the boxes overlap with positive area? */
const overlaps = (a: Box, b: Box): boolean => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/** The CSS-px pixels (one per CSS px, as captured) a box touches: floor/ceil outwards. */
const pixels = (b: Box, m = 0): Box => [Math.floor(b[0] - m), Math.floor(b[1] - m), Math.ceil(b[2] + m), Math.ceil(b[3] + m)];

/**
 * Group candidates so that hiding one member cannot change pixels in another member's box: A and B
 * conflict when the pixels A's paint extent touches overlap the pixels of B's measured box, or vice
 * versa by more than a one-pixel sliver (touching edges do not conflict; nested elements always do). Greedy first fit in document
 * order. Boxes in CSS px; `margin` grows paint extents. Returns lists of candidate indices.
 */
export function paintBatches(items: Array<{ i: number; box: Box; paint: Box }>, margin = 0): number[][] {
  const px = items.map((it) => ({ i: it.i, box: pixels(it.box), paint: pixels(it.paint, margin) }));
  // a one-pixel sliver (two boxes meeting at a fractional coordinate share a pixel row or column) is not
  // a conflict: at most that edge row of the other box changes
  const meets = (a: Box, b: Box): boolean => Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > 1 && Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > 1;
  const batches: Array<typeof px> = [];
  for (const it of px) {
    const fit = batches.find((b) => b.every((o) => !meets(it.paint, o.box) && !meets(o.paint, it.box)));
    if (fit) fit.push(it);
    else batches.push([it]);
  }
  return batches.map((b) => b.map((x) => x.i));
}

interface DiffOut {
  measures: Map<number, PaintedMeasure>;
  captures: number;
  /** Candidates with changed pixels in a capture that hid nothing overlapping them. */
  drifted: number;
}

/** Integer CSS px region inside the viewport holding `boxes` (CSS px). */
function regionOf(boxes: Box[], vp: { width: number; height: number }): Box {
  const x1 = Math.max(0, Math.floor(Math.min(...boxes.map((b) => b[0]))));
  const y1 = Math.max(0, Math.floor(Math.min(...boxes.map((b) => b[1]))));
  const x2 = Math.min(Math.round(vp.width), Math.ceil(Math.max(...boxes.map((b) => b[2]))));
  const y2 = Math.min(Math.round(vp.height), Math.ceil(Math.max(...boxes.map((b) => b[3]))));
  return [x1, y1, Math.max(x1 + 1, x2), Math.max(y1 + 1, y2)];
}

/** One painted-check item: a candidate's visible box and paint extent, CSS px. */
interface PaintItem {
  i: number;
  box: Box;
  paint: Box;
}

/**
 * What the differential painted check captured in the page ({@link paintedShots}); the pixels are still
 * decoding in sharp's thread pool, and {@link paintedMeasures} turns them into measures after the page
 * is closed (the browser moves on to the next page meanwhile).
 */
interface PaintShots {
  items: PaintItem[];
  batches: number[][];
  /** The "shown" state. */
  base: Promise<Region>;
  /** One capture per batch, that batch hidden. */
  hidden: Array<Promise<Region>>;
  /** Candidates whose rect changed between the probe and the first hiding (after the saved screenshot); null when nothing was hidden. */
  moved: number[] | null;
  captures: number;
}

/**
 * The page side of the differential painted-pixel check for candidates `idx` (their visible boxes, CSS
 * px): per batch ({@link paintBatches}) one capture of the batch's region with the batch hidden, at one
 * pixel per CSS px (PNG, fast encoding, decoded in sharp's thread pool while the browser renders the
 * next one). The "shown" state is `saved` (the saved screenshot, decoding since it was taken) at dpr 1,
 * else one more capture at one pixel per CSS px (at dpr 2 a device-scale capture costs ~3x more to
 * encode and decode). Returns null when `idx` is empty.
 */
async function paintedShots(
  h: PageHandle,
  dpr: number,
  cands: ProbeCandidate[],
  idx: number[],
  vp: { width: number; height: number },
  origin: { x: number; y: number },
  saved: Promise<RawImage> | null,
): Promise<PaintShots | null> {
  if (!idx.length) return null;
  // everything here is in CSS px: the differential captures have one pixel per CSS px
  const items = idx.map((i): PaintItem => {
    const c = cands[i]!;
    const box = c.visible as Box;
    return { i, box, paint: (c.paintBox ?? box) as Box };
  });
  const byIdx = new Map(items.map((x) => [x.i, x]));
  const batches = paintBatches(items, 0);
  /**
   * Capture the region of `boxes`; its decoding starts at once in sharp's thread pool and is returned
   * still pending, wrapped in a one-element array (`await` would otherwise wait for the decode too).
   */
  const shoot = async (boxes: Box[]): Promise<[Promise<Region>]> => {
    const [x1, y1, x2, y2] = regionOf(boxes, vp);
    const png = await screenshotPng(h, dpr, { clip: { x: x1, y: y1, width: x2 - x1, height: y2 - y1 }, scale: 1, fast: true, origin });
    const reg = decodeImage(png).then((img): Region => ({ img, x: x1, y: y1 }));
    reg.catch(() => undefined);
    return [reg];
  };
  /** Hide `list`; with `measure`, also the candidates whose rect moved since the probe (needed once). */
  const hide = async (list: number[], measure: boolean): Promise<number[]> =>
    (JSON.parse((await h.page.evaluate(`JSON.stringify(window[Symbol.for('uisynth.probe')].hide(${JSON.stringify(list)}, ${measure}))`)) as string) as { moved: number[] }).moved;
  const fromSaved = Math.abs(dpr - 1) < 1e-9 && saved !== null;
  const base = fromSaved ? saved!.then((img): Region => ({ img, x: 0, y: 0 })) : (await shoot(items.map((x) => x.box)))[0];
  base.catch(() => undefined);
  const hidden: Array<Promise<Region>> = [];
  let moved: number[] | null = null;
  for (const b of batches) {
    const m = await hide(b, moved === null);
    moved ??= m;
    hidden.push(...(await shoot(b.map((i) => byIdx.get(i)!.box))));
  }
  return { items, batches, base, hidden, moved, captures: batches.length + (fromSaved ? 0 : 1) };
}

/**
 * The measures of the differential painted check from its captures ({@link paintedShots}; no page
 * needed): per candidate the changed pixels between the shown state and its batch's hidden capture,
 * and ink on the shown state; also drift: pixels that change in a candidate's box in a capture that hid
 * nothing able to change them (the page is not frozen there). Changed pixels are CSS px².
 */
async function paintedMeasures(shots: PaintShots | null, policy: AcceptancePolicy): Promise<DiffOut> {
  const measures = new Map<number, PaintedMeasure>();
  if (!shots) return { measures, captures: 0, drifted: 0 };
  const { items, batches } = shots;
  const byIdx = new Map(items.map((x) => [x.i, x]));
  const base = await shots.base;
  const drifted = new Set<number>();
  for (const [k, b] of batches.entries()) {
    const reg = await shots.hidden[k]!;
    const members = b.map((i) => byIdx.get(i)!);
    for (const it of members) {
      const c = changedPixels(base, reg, it.box, policy.diffThreshold);
      measures.set(it.i, {
        ink: inkFraction(base.img, [it.box[0] - base.x, it.box[1] - base.y, it.box[2] - base.x, it.box[3] - base.y], policy.inkThreshold),
        diff: { fraction: c.total ? c.changed / c.total : 0, pixels: c.changed, batch: k, drift: false },
      });
    }
    // drift: other candidates in this capture that no hidden member can reach must not change at all
    for (const it of items) {
      if (b.includes(it.i) || drifted.has(it.i)) continue;
      if (members.some((m) => overlaps(m.paint, it.box))) continue;
      if (changedPixels(base, reg, it.box, policy.diffThreshold).changed > 0) drifted.add(it.i);
    }
  }
  for (const i of drifted) {
    const m = measures.get(i);
    if (m?.diff) m.diff.drift = true;
  }
  return { measures, captures: shots.captures, drifted: drifted.size };
}

/**
 * Let pending I/O callbacks run (one `setImmediate` turn) between long synchronous stretches of the
 * Node-side part of a sample: with a sample started ahead (dataset/write.ts `lookahead`), the next
 * page's browser replies are handled between them instead of waiting for the whole stretch.
 */
export const breathe = (): Promise<void> => new Promise((r) => setImmediate(r));

/** A failure of the browser pass as a sample failure: page crashed, navigated away, browser died (the run goes on). */
function captureFailed(e: unknown): never {
  // an EnvironmentError (a kept tab whose page clock cannot be reset: renderers/browser.ts checkKeptClock)
  // stops the run with its own message
  if (e instanceof SampleError || e instanceof EnvironmentError) throw e;
  throw new SampleError(`capture failed: ${(e as Error).message?.split('\n')[0] ?? String(e)}`, 'capture_failed');
}

/**
 * Render `input` with `opts` in `pool` (a fresh context or a kept tab: `reuse` of BrowserPool.withPage), hit-test every candidate and return the
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
  const confirmScreenshot = copts.confirmScreenshot ?? 'file' in input;
  const t0 = performance.now();
  const source: PageSource = 'html' in input ? { html: input.html } : { file: input.file };
  let tLoad = 0;
  const stepMs = copts.stepTimeoutMs ?? 30000;
  const got = await pool.withPage(opts, source, async (h) => {
    tLoad = performance.now();
    // our CDP session (with the page's device-metrics override) before anything is measured
    await bounded(h.cdp(), stepMs, 'devtools session');
    await bounded(reachClosedShadowRoots(h, source), stepMs, 'closed shadow roots');
    const timerError = await bounded(runPageClock(h.page), stepMs, 'page clock');
    const settle = await bounded(runSettle(h.page, { timeoutMs: copts.settleTimeoutMs ?? 10000 }), stepMs, 'settle');
    checkScale(settle);
    const tSettle = performance.now();
    if (Math.abs(settle.dpr - opts.dpr) > 1e-6) {
      throw new SampleError(`devicePixelRatio ${settle.dpr} != requested ${opts.dpr}`, 'dpr_mismatch');
    }
    if (strictFonts && settle.fontIssues.length) {
      throw new SampleError(`web fonts not ready: ${settle.fontIssues.join('; ')}`, 'font_failed');
    }
    // The state is frozen: the saved screenshot first (the compositor's raster at device scale, fast
    // PNG encoding in the browser, pixel-identical to Playwright's page.screenshot, which the oracles
    // re-take and compare; the saved file is re-encoded losslessly by sharp in its thread pool while the
    // probe and the painted check run), THEN the probe, not both at once. Captures at another scale (the
    // painted check's) run only after the probe, one at a time: two in flight corrupt each other.
    //
    // Why the order and the optional second capture: repeat renders of a page used to differ in a few
    // anti-aliased pixels (1-2 of 24 DPR-3 mobile screenshots, 7-325 pixels, channel delta up to 61,
    // between two identical runs under load; a second capture in the same run could differ from the
    // first). The cause is Chromium's software raster of a stroked SVG curve under a viewBox scale: it
    // is not repeatable (each raster of a tile picks one of two anti-aliasings), so any frame drawn
    // between or during captures (e.g. while the probe's layout queries run) can change those pixels,
    // and no capture order fixes it. Generated pages draw icons with their geometry pre-scaled
    // (generators/grounding/templating.ts `prescaleIcon`, test/icon-raster.browser.test.ts), and their
    // first capture is final: ONE capture (`confirmScreenshot` false, the default for `{html}`). A
    // user's --pages page may still hold such SVG: there the capture is repeated until two in a row are
    // identical (at most five) and the last one is saved (`confirmScreenshot`, default for `{file}`).
    // Measured under load (issue 16 item 6): taking the probe concurrently with the saved capture saved
    // nothing (2 cores busy either way), so it stays sequential. Tried and dropped: a browser-wide
    // Memory.simulatePressureNotification before this capture (a concurrent page's capture failed with
    // "Unable to capture screenshot"); `--run-all-compositor-stages-before-draw` with a single capture
    // (test/fixtures/pages/iframe-transformed.html never finished a screenshot).
    let tProbe = 0;
    // an unscrolled viewport (the settle step's reading; the page is frozen since) needs no
    // Page.getLayoutMetrics round trip for the capture's document coordinates
    const origin = settle.scrolled ? undefined : { x: 0, y: 0 };
    // every browser call below is bounded like the steps above: a page that navigates itself while it is
    // captured (a timer fired by the page clock) left Page.captureScreenshot unanswered for ever, and the run
    // with it (seen on --pages pages under load)
    const shoot = (): Promise<Buffer> => bounded(screenshotPng(h, opts.dpr, { fast: true, ...(origin ? { origin } : {}) }), stepMs, 'screenshot');
    let png = await shoot();
    let shots = 1;
    for (; confirmScreenshot && shots < 5; shots++) {
      const again = await shoot();
      if (again.equals(png)) {
        shots++;
        break;
      }
      png = again;
    }
    const tShot = performance.now();
    const savedP = encodeSavedPng(png);
    savedP.catch(() => undefined);
    // at dpr 1 the saved screenshot is the painted check's "shown" state: decoded while the probe runs
    const shownP = Math.abs(opts.dpr - 1) < 1e-9 ? decodeImage(png) : null;
    shownP?.catch(() => undefined);
    const probe = await bounded(
      runProbe(h.page, {
        dpr: opts.dpr,
        maxTextLength: copts.maxTextLength ?? 80,
        maxContainerArea: 0.25,
        doomed: {
          minVisibleFraction: policy.minVisibleFraction,
          minOpacity: policy.minOpacity,
          minSizeCss: policy.minSizeCss,
          requireCenter: policy.requireCenter,
        },
        stabilityFrames: 0,
      }),
      stepMs,
      'probe',
    ).then((p) => ((tProbe = performance.now()), p));
    const tBoth = performance.now();
    const quadIdx = probe.candidates.filter((c) => c.needsQuad && c.visible && c.points.length).map((c) => c.idx);
    if (quadIdx.length) await bounded(applyQuads(h, probe.candidates, quadIdx), stepMs, 'content quads');
    const tQuads = performance.now();
    // differential painted check for every candidate that passes everything else
    const pre = probe.candidates.map((c) => judge(c, { ink: 0, diff: null }, { ...policy, minInk: 0 }));
    const pending = probe.candidates.filter((c, i) => pre[i]!.reason === null && c.visible).map((c) => c.idx);
    const paint = await bounded(paintedShots(h, opts.dpr, probe.candidates, pending, probe.viewport, probe.scroll, shownP), stepMs, 'painted check');
    // stability: every rect again after the saved screenshot (frames later; done by the first hiding);
    // a candidate that moved is unstable
    const moved =
      paint?.moved ??
      (JSON.parse((await bounded(h.page.evaluate(`JSON.stringify(window[Symbol.for('uisynth.probe')].moved())`), stepMs, 'stability check')) as string) as number[]);
    for (const i of moved) probe.candidates[i]!.stable = false;
    const tPainted = performance.now();
    // the page is closed here: the saved PNG's encoding and the painted check's decodes and diffs finish
    // below, while the browser (when the caller has more samples in flight) renders the next page
    return { settle, probe, savedP, shots, paint, blocked: [...h.blocked], pageErrors: [...h.pageErrors, ...(timerError ? [`${timerError} (in a timer; only the first of the page clock's run is known)`] : [])], tSettle, tProbe, tShot, tBoth, tQuads, tPainted };
  }, { reuse: true }).catch(captureFailed);
  const { settle, probe } = got;
  const tDiff = performance.now();
  const [png, diff] = await Promise.all([got.savedP, paintedMeasures(got.paint, policy)]).catch(captureFailed);
  const tMeasured = performance.now();
  const size = pngSize(png);
  const expW = opts.viewport.width * opts.dpr;
  const expH = opts.viewport.height * opts.dpr;
  if (Math.abs(size.width - expW) >= 1 || Math.abs(size.height - expH) >= 1) {
    throw new SampleError(`screenshot ${size.width}x${size.height} != viewport x dpr ${expW}x${expH}`, 'image_size');
  }
  const dpr = probe.dpr;
  await breathe();
  const recordInput: RecordInput = { probe, measures: [...diff.measures], size, policy };
  const { targets, rejected, rejectedTargets, pageTexts } = recordsFromProbe(recordInput);
  const warnings = [
    ...(strictFonts ? [] : settle.fontIssues),
    ...settle.undeclaredFamilies.map((f) => `font family not provided by @font-face (system fallback): ${f}`),
    // a generated page promises to draw every character with its embedded faces (generators/grounding/templating.ts)
    ...('html' in input ? settle.systemText.map((t) => `text drawn with a font of this machine, not an embedded face (may differ elsewhere): ${t}`) : []),
    ...probe.unreachableFrames.map((f) => `frame not reachable (cross-origin or sandboxed), its content is not hit-tested: ${f}`),
    ...(diff.drifted ? [`${diff.drifted} candidate(s) changed pixels between captures although nothing overlapping them was hidden (page not frozen)`] : []),
    ...got.blocked.map((u) => `blocked request: ${u}`),
    ...countedOnce(got.pageErrors).map((m) => `uncaught page error: ${m}`),
  ];
  const tEnd = performance.now();
  return {
    png,
    width: size.width,
    height: size.height,
    dpr,
    targets,
    rejected,
    candidates: probe.candidates.length,
    pageTexts,
    rejectedTargets,
    textRuns: probe.texts,
    unpainted: probe.unpainted,
    lang: probe.lang,
    warnings,
    screenshotCaptures: got.shots,
    paintedCaptures: diff.captures,
    timings: {
      load: tLoad - t0,
      settle: got.tSettle - tLoad,
      probe: got.tProbe - got.tShot,
      screenshot: got.tShot - got.tSettle,
      concurrent: got.tBoth - got.tSettle,
      quads: got.tQuads - got.tBoth,
      painted: got.tPainted - got.tQuads + (tMeasured - tDiff),
      total: tEnd - t0,
    },
    ...(copts.keepRecordInput ? { recordInput } : {}),
  };
}

/**
 * The saved screenshot: a fast-encoded capture re-encoded losslessly (sharp/libvips, zlib level 6,
 * no metadata): the same pixels always give the same bytes, and the file is smaller than Chromium's
 * default encoding.
 */
export function encodeSavedPng(png: Buffer): Promise<Buffer> {
  return sharp(png).png({ compressionLevel: 6, adaptiveFiltering: false, palette: false }).toBuffer();
}

/** Width and height from a PNG's IHDR chunk (no decode). */
function pngSize(png: Buffer): { width: number; height: number } {
  if (png.length < 24 || png.readUInt32BE(12) !== 0x49484452) throw new SampleError('screenshot is not a PNG', 'capture_failed');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
