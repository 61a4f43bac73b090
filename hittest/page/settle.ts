/**
 * Bring a loaded page into one frozen, fully-loaded state before measuring and capturing
 * (hittest/README.md "Fonts (settle.ts)"):
 *
 * 1. inject freeze CSS into every same-origin document and every shadow root (open, and closed ones
 *    kept by the init script of renderers/browser.ts): no transitions, paused animations,
 *    `caret-color: transparent`, `scroll-behavior: auto`; then finish every finite `getAnimations()`
 *    entry and pause infinite ones at time 0;
 * 2. lazy images: `loading=lazy` images that intersect the viewport are switched to eager and awaited;
 *    lazy images outside it stay unloaded (they are not in the viewport capture either);
 * 3. fonts, per family: for every used style/weight/stretch/family stack, each `@font-face` family of
 *    the stack gets the characters the browser draws with it (those in its faces' `unicode-range` not
 *    taken by an earlier family) and is loaded with `document.fonts.load()` for exactly those (the faces
 *    rendering needs, usually loaded already) and checked with `document.fonts.check()`; then
 *    `document.fonts.ready`; a stack none of whose declared faces loaded and a primary family no
 *    `@font-face` declares (a family-name mismatch silently falls back to a system font) are
 *    reported, as are faces in state `error`;
 * 4. wait for and `decode()` every (non-deferred) image; re-layout `<select>`s after the fonts;
 * 5. pause media (`video`, `audio`), SVG SMIL animations and `<marquee>`;
 * 6. freeze JS timers: pending `setTimeout`/`setInterval`/`requestAnimationFrame`/`requestIdleCallback`
 *    callbacks are cancelled and new ones never run. Pages from renderers/browser.ts already run on a
 *    fake clock that was advanced a fixed amount after `load` and is paused (deterministic state); this
 *    step makes sure nothing runs even where that clock is absent. uisynth's own code uses the real
 *    functions kept by the init script under `Symbol.for('uisynth.raf' | 'uisynth.setTimeout' | 'uisynth.now')`.
 *
 * {@link settleInPage} runs inside the page: this folder is bundled for the page by hittest/bundle.ts
 * and hittest/settle.ts calls it (global `__uisynthSettle`). Step 3 is in fonts.ts.
 */
import { loadUsedFonts } from './fonts.js';

/** What the settle step did and found (JSON). */
export interface SettleResult {
  /**
   * Problems with web fonts (one line each): failed loads, `fonts.check()` false, a primary family no
   * `@font-face` declares, a stack none of whose declared faces loaded.
   */
  fontIssues: string[];
  /** Font families used by text that no `@font-face` provides (system fallback); informative. */
  undeclaredFamilies: string[];
  /** Every family named in a used font stack (in-page `font-family` values, unquoted). */
  families: string[];
  /**
   * Text drawn with the machine's own fonts: per used font stack, the visible characters that no
   * `@font-face` of the stack covers (a generic family such as `monospace`, an undeclared family or the
   * browser default draws them), one line each: `<style weight 16px> <system family>: <characters>`.
   * Such text looks different on another machine (fontconfig picks the face).
   */
  systemText: string[];
  /** Images awaited (loaded and decoded). */
  images: number;
  /** `loading=lazy` images outside the viewport, left deferred. */
  lazyDeferred: number;
  animations: number;
  /** Paused `video`/`audio` elements. */
  media: number;
  /** Highest timer id cleared (pending `setTimeout`/`setInterval` callbacks cancelled). */
  timers: number;
  visualViewportScale: number;
  dpr: number;
}

/**
 * In-page part of the settle step. `timeoutMs` bounds font and image waits; `frames` (default 0: the
 * page's own rAF callbacks run on the fake clock, see renderers/browser.ts `CLOCK_EPOCH`) real frames
 * pass before timers freeze.
 */
export async function settleInPage(arg: { timeoutMs: number; frames?: number }): Promise<SettleResult> {
  const FREEZE =
    '*, *::before, *::after, ::placeholder { transition: none !important; animation-play-state: paused !important; ' +
    'caret-color: transparent !important; scroll-behavior: auto !important; }';
  type W = Window & typeof globalThis & Record<symbol, unknown>;
  const CLOSED = Symbol.for('uisynth.closedShadowRoots');
  const docs: Document[] = [];
  const roots: ShadowRoot[] = [];
  const closedOf = (d: Document): ShadowRoot[] => {
    const w = d.defaultView as W | null;
    const list = w ? (w[CLOSED] as ShadowRoot[] | undefined) : undefined;
    return Array.isArray(list) ? list : [];
  };
  const walk = (root: Document | ShadowRoot | Element, closed: Map<Element, ShadowRoot>): void => {
    const els = root.querySelectorAll('*');
    for (const el of Array.from(els)) {
      const sr = el.shadowRoot ?? closed.get(el) ?? null;
      if (sr) {
        roots.push(sr);
        walk(sr, closed);
      }
      if (el.localName === 'iframe' || el.localName === 'frame') {
        let d: Document | null = null;
        try {
          d = (el as HTMLIFrameElement).contentDocument;
        } catch {
          d = null;
        }
        if (d && d.documentElement) {
          docs.push(d);
          walk(d, new Map(closedOf(d).map((r) => [r.host, r])));
        }
      }
    }
  };
  docs.push(document);
  walk(document, new Map(closedOf(document).map((r) => [r.host, r])));
  const timer = (window as W)[Symbol.for('uisynth.setTimeout')] as typeof setTimeout | undefined ?? setTimeout;
  const raf = ((window as W)[Symbol.for('uisynth.raf')] as typeof requestAnimationFrame | undefined) ?? requestAnimationFrame.bind(window);
  const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T | undefined> =>
    Promise.race([p, new Promise<undefined>((r) => timer(() => r(undefined), ms))]);

  // 1. freeze
  for (const d of docs) {
    const st = d.createElement('style');
    st.setAttribute('data-uisynth', 'freeze');
    st.textContent = FREEZE;
    (d.head ?? d.documentElement).appendChild(st);
  }
  for (const r of roots) {
    const st = r.ownerDocument.createElement('style');
    st.setAttribute('data-uisynth', 'freeze');
    st.textContent = FREEZE;
    r.appendChild(st);
  }
  let animations = 0;
  const settleAnims = (): void => {
    for (const d of docs) {
      for (const a of d.getAnimations()) {
        animations++;
        try {
          const t = a.effect?.getComputedTiming();
          if (t && t.endTime !== undefined && Number.isFinite(Number(t.endTime))) a.finish();
          else {
            a.pause();
            a.currentTime = 0;
          }
        } catch {
          try {
            a.pause();
            a.currentTime = 0;
          } catch {
            a.cancel();
          }
        }
      }
    }
  };
  settleAnims();

  // 2. lazy images in the viewport are loaded now; the others stay deferred (and are not awaited)
  const imgs: HTMLImageElement[] = [];
  for (const d of docs) imgs.push(...Array.from(d.images));
  for (const r of roots) imgs.push(...Array.from(r.querySelectorAll('img')));
  let lazyDeferred = 0;
  const awaited: HTMLImageElement[] = [];
  for (const im of imgs) {
    if (!im.complete && im.loading === 'lazy') {
      const w = im.ownerDocument.defaultView ?? window;
      const r = im.getBoundingClientRect();
      const inView = r.right > 0 && r.bottom > 0 && r.left < w.innerWidth && r.top < w.innerHeight && (r.width > 0 || r.height > 0);
      if (!inView) {
        lazyDeferred++;
        continue;
      }
      im.loading = 'eager';
    }
    awaited.push(im);
  }

  // 3. fonts
  const { fontIssues, undeclared, families, systemText } = await loadUsedFonts(docs, roots, withTimeout, arg.timeoutMs);

  // 4. images
  await withTimeout(
    Promise.all(
      awaited.map(async (im) => {
        if (!im.complete) await new Promise((res) => {
          im.addEventListener('load', res, { once: true });
          im.addEventListener('error', res, { once: true });
        });
        if (im.complete && im.naturalWidth > 0) await im.decode().catch(() => undefined);
      }),
    ),
    arg.timeoutMs,
  );

  // <select> keeps paint state computed with the fallback font when the web font swaps in late
  // (observed in Chromium 150: the box is repainted ~1px off while its client rect is already right).
  // Rebuilding its layout object after the fonts are in makes the pixels match its geometry.
  const selects: HTMLSelectElement[] = [];
  for (const d of docs) selects.push(...Array.from(d.querySelectorAll('select')));
  for (const r of roots) selects.push(...Array.from(r.querySelectorAll('select')));
  for (const s of selects) {
    if (s.ownerDocument.activeElement === s) continue;
    const prev = s.style.getPropertyValue('display');
    const prio = s.style.getPropertyPriority('display');
    s.style.setProperty('display', 'none', 'important');
    void s.offsetHeight;
    if (prev) s.style.setProperty('display', prev, prio);
    else s.style.removeProperty('display');
  }
  if (selects.length) void document.documentElement.offsetHeight;

  // 5. media, SMIL, marquee; animations started by late style changes (fonts, images)
  let media = 0;
  for (const d of docs) {
    for (const m of Array.from(d.querySelectorAll('video, audio'))) {
      try {
        (m as HTMLMediaElement).pause();
        media++;
      } catch {
        /* ignore */
      }
    }
    for (const svg of Array.from(d.querySelectorAll('svg'))) {
      try {
        (svg as SVGSVGElement).pauseAnimations();
      } catch {
        /* ignore */
      }
    }
    for (const m of Array.from(d.querySelectorAll('marquee'))) {
      try {
        (m as HTMLElement & { stop(): void }).stop();
      } catch {
        /* ignore */
      }
    }
  }
  settleAnims();

  // 6. frames, then freeze timers in every same-origin window
  const frames = Math.max(0, Math.floor(arg.frames ?? 0));
  for (let i = 0; i < frames; i++) await new Promise<void>((r) => raf(() => r()));
  let timers = 0;
  for (const d of docs) {
    const w = d.defaultView as W | null;
    if (!w || w[Symbol.for('uisynth.frozen')]) continue;
    // a paused fake clock (renderers/browser.ts) already stops every timer; its ids are not sequential
    if ((w as unknown as Record<string, unknown>).__pwClock) {
      Object.defineProperty(w, Symbol.for('uisynth.frozen'), { value: true, configurable: true });
      continue;
    }
    const origRaf = w.requestAnimationFrame.bind(w);
    const origSetTimeout = w.setTimeout.bind(w);
    const lastT = w.setTimeout(() => undefined, 0);
    for (let i = Math.max(1, lastT - 100000); i <= lastT; i++) w.clearTimeout(i);
    timers += lastT;
    const lastR = w.requestAnimationFrame(() => undefined);
    for (let i = Math.max(1, lastR - 100000); i <= lastR; i++) w.cancelAnimationFrame(i);
    if (typeof w.requestIdleCallback === 'function') {
      const lastI = w.requestIdleCallback(() => undefined);
      for (let i = Math.max(1, lastI - 100000); i <= lastI; i++) w.cancelIdleCallback(i);
    }
    let fake = 1e9;
    const never = (): number => ++fake;
    // keep the real functions (the init script of renderers/browser.ts stored them before any fake clock)
    if (!w[Symbol.for('uisynth.raf')]) Object.defineProperty(w, Symbol.for('uisynth.raf'), { value: origRaf, configurable: true });
    if (!w[Symbol.for('uisynth.setTimeout')]) Object.defineProperty(w, Symbol.for('uisynth.setTimeout'), { value: origSetTimeout, configurable: true });
    Object.defineProperty(w, Symbol.for('uisynth.frozen'), { value: true, configurable: true });
    w.setTimeout = never as unknown as typeof setTimeout;
    w.setInterval = never as unknown as typeof setInterval;
    w.requestAnimationFrame = never;
    if (typeof w.requestIdleCallback === 'function') w.requestIdleCallback = never;
  }
  return {
    fontIssues,
    undeclaredFamilies: [...undeclared],
    families: [...families],
    systemText,
    images: awaited.length,
    lazyDeferred,
    animations,
    media,
    timers,
    visualViewportScale: window.visualViewport ? window.visualViewport.scale : 1,
    dpr: window.devicePixelRatio,
  };
}
