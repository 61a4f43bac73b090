/**
 * The in-page probe: ONE call in the page that finds every grounding candidate of a settled page and
 * measures its geometry and hit-test evidence (hittest/README.md "Checks"). No per-element round
 * trips. This folder is bundled for the page by hittest/bundle.ts (global `__uisynthProbe`); its
 * modules import only each other and core/geometry.ts.
 *
 * Acceptance is NOT decided here (see hittest/policy.ts); the probe only measures.
 */
import { resetClips } from './clip.js';
import { clearStyleCache, resetDom, type WS } from './dom.js';
import { resetEllipsis } from './ellipsis.js';
import { boxOf, resetFrames, topVp, unreachableFrames } from './frames.js';
import { unpaintedGlyphs } from './glyphs.js';
import { measureCandidate } from './measure.js';
import { itemContainers } from './items.js';
import { keepPageState } from './page-state.js';
import { visibleTexts } from './page-texts.js';
import { resetSelectors } from './selector.js';
import { resetTransforms } from './transform.js';
import type { ProbeArgs, ProbeCandidate, ProbeResult } from './types.js';
import { walkPage } from './walk.js';

/**
 * Run in the page. Returns every candidate with its measurements (CSS px of the top-level viewport;
 * grid points also in image px at `args.dpr`) and leaves the page state of page-state.ts on the
 * window. Never throws for a single odd element: failures are caught per candidate and recorded as a
 * `frameProblem` string.
 */
export async function probePage(args: ProbeArgs): Promise<ProbeResult> {
  const realNow = ((window as unknown as Record<symbol, unknown>)[Symbol.for('uisynth.now')] as (() => number) | undefined) ?? (() => performance.now());
  const t0 = realNow();
  resetDom();
  resetFrames();
  resetSelectors();
  resetClips();
  resetTransforms();
  resetEllipsis();
  /** The page's rAF may be frozen by settle.ts; the original is kept under this key. */
  const raf: (cb: FrameRequestCallback) => number =
    ((window as unknown as WS)[Symbol.for('uisynth.raf')] as typeof requestAnimationFrame | undefined) ?? requestAnimationFrame.bind(window);

  const { cands, textNodes, shadowRoots } = walkPage(args);

  // phase A: rects, then `stabilityFrames` frames
  const rectsA = cands.map((c) => boxOf(c.el));
  const frames = args.stabilityFrames ?? 2;
  if (frames > 0) {
    for (let f = 0; f < frames; f++) await new Promise<void>((r) => raf(() => r()));
    clearStyleCache();
  }

  // phase B: measure
  const out: ProbeCandidate[] = [];
  const localSels: string[] = [];
  cands.forEach((c, i) => {
    const m = measureCandidate(c, rectsA[i] ?? null, args);
    localSels[i] = m.localSelector;
    out.push(m.cand);
  });
  // interactive candidates nested in another candidate (capture.ts: the outer one must not cover them)
  cands.forEach((c, i) => {
    const inside: number[] = [];
    for (const o of cands) if (o !== c && (o.kind === 'control' || o.kind === 'container') && o.el !== c.control && c.el.contains(o.el)) inside.push(o.idx);
    if (inside.length) out[i]!.controlsInside = inside;
  });

  // page state kept for the follow-up steps (hittest/capture.ts: content-quad grid via CDP, batched
  // hiding for the differential painted check)
  keepPageState(cands, out, localSels, args.dpr);

  const { texts, pageTexts, parents } = visibleTexts(textNodes, out);
  // the item container (list item, row, card) of each candidate, named in hittest/records.ts
  itemContainers(cands.map((c) => c.el), parents, cands.map((c) => c.kind === 'control' || c.kind === 'container'), texts.map((t) => t.lines)).forEach((it, i) => {
    out[i]!.item = it;
  });
  const unpainted = unpaintedGlyphs(textNodes, cands);
  const topVV = window.visualViewport;
  return {
    dpr: window.devicePixelRatio,
    lang: (document.documentElement.getAttribute('lang') || '').trim(),
    unpainted,
    unreachableFrames: [...unreachableFrames],
    closedRoots: shadowRoots.filter((r) => r.mode === 'closed').length,
    visualViewportScale: topVV ? topVV.scale : 1,
    viewport: { width: topVp[2], height: topVp[3] },
    scroll: { x: window.scrollX, y: window.scrollY },
    candidates: out,
    texts,
    pageTexts,
    ms: realNow() - t0,
  };
}
