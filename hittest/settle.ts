/**
 * Bring a loaded page into one frozen, fully-loaded state before measuring and capturing
 * (shared/grounding-pitfalls.md "Fonts" and "Animations, caret, lazy images", #37-#47):
 *
 * 1. inject freeze CSS into every same-origin document and every shadow root (open, and closed ones
 *    kept by the init script of renderers/browser.ts): no transitions, paused animations,
 *    `caret-color: transparent`, `scroll-behavior: auto`; then finish every finite `getAnimations()`
 *    entry and pause infinite ones at time 0;
 * 2. lazy images: `loading=lazy` images that intersect the viewport are switched to eager and awaited;
 *    lazy images outside it stay unloaded (they are not in the viewport capture either, #37/#38);
 * 3. fonts, per family: for every used style/weight/stretch/family stack, each `@font-face` family of
 *    the stack gets the characters the browser draws with it (those in its faces' `unicode-range` not
 *    taken by an earlier family) and is loaded with `document.fonts.load()` for exactly those (the faces
 *    rendering needs, usually loaded already) and checked with `document.fonts.check()`; then
 *    `document.fonts.ready`; a stack none of whose declared faces loaded and a primary family no
 *    `@font-face` declares (a family-name mismatch silently falls back to a system font, #40) are
 *    reported, as are faces in state `error`;
 * 4. wait for and `decode()` every (non-deferred) image; re-layout `<select>`s after the fonts;
 * 5. pause media (`video`, `audio`), SVG SMIL animations and `<marquee>`;
 * 6. freeze JS timers: pending `setTimeout`/`setInterval`/`requestAnimationFrame`/`requestIdleCallback`
 *    callbacks are cancelled and new ones never run. Pages from renderers/browser.ts already run on a
 *    fake clock that was advanced a fixed amount after `load` and is paused (deterministic state); this
 *    step makes sure nothing runs even where that clock is absent. uisynth's own code uses the real
 *    functions kept by the init script under `Symbol.for('uisynth.raf' | 'uisynth.setTimeout' | 'uisynth.now')`.
 *
 * {@link settleInPage} runs inside the page (serialised); {@link evaluateFn} is the safe way to
 * evaluate such functions.
 */
import type { Page } from 'playwright-core';

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
 * Evaluate a self-contained function in the page with a JSON argument. The function is sent as source
 * text with a no-op `__name` helper in scope, because TypeScript runners (tsx/esbuild `keepNames`)
 * may wrap inner functions in `__name(...)` calls that do not exist in the page.
 */
export async function evaluateFn<A, R>(page: Page, fn: (arg: A) => Promise<R> | R, arg: A): Promise<R> {
  // the result travels as one JSON string: much cheaper than Playwright's structured serialisation
  // for large results (the probe's)
  const src = `(async () => { const __name = (f, _n) => f; return JSON.stringify(await (${fn.toString()})(${JSON.stringify(arg)})); })()`;
  return JSON.parse((await page.evaluate(src)) as string) as R;
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
  const fontIssues: string[] = [];
  const undeclared = new Set<string>();
  const GENERIC = new Set([
    'serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'ui-serif', 'ui-sans-serif', 'ui-monospace',
    'ui-rounded', 'emoji', 'math', 'fangsong', '-apple-system', 'blinkmacsystemfont',
  ]);
  const unq = (f: string): string => f.trim().replace(/^["']|["']$/g, '');
  // what Chromium's UA style sheet resolves to when no author rule sets a font (body text, form controls)
  const UA_DEFAULTS = new Set(['times new roman', 'arial', 'courier new', 'system-ui']);
  const families = new Set<string>();
  for (const d of docs) {
    const w = d.defaultView ?? window;
    const used = new Map<string, string>();
    /** font -> its style/weight/stretch/size prefix (without the family list) */
    const prefixes = new Map<string, string>();
    // text per element: text nodes (one TreeWalker per tree), plus form controls' values
    const ownText = new Map<Element, string>();
    const SKIP = new Set(['script', 'style', 'template', 'noscript', 'title']);
    const trees: Array<Document | ShadowRoot> = [d, ...roots.filter((r) => r.ownerDocument === d)];
    for (const t of trees) {
      const tw = d.createTreeWalker(t, NodeFilter.SHOW_TEXT);
      for (let n = tw.nextNode(); n; n = tw.nextNode()) {
        const data = (n as Text).data;
        const p = n.parentElement ?? ((n.parentNode as ShadowRoot | null)?.host ?? null);
        if (!p || SKIP.has(p.localName) || !/\S/.test(data)) continue;
        ownText.set(p, (ownText.get(p) ?? '') + data);
      }
      for (const el of Array.from(t.querySelectorAll('input, textarea, select'))) {
        const tag = el.localName;
        let own = '';
        if (tag === 'textarea' || (tag === 'input' && !/^(checkbox|radio|range|color|file|hidden|image)$/.test((el as HTMLInputElement).type))) {
          own += (el as HTMLInputElement).value + ((el as HTMLInputElement).placeholder || '');
        }
        if (tag === 'select') own += Array.from((el as HTMLSelectElement).options).map((o) => o.text).join('');
        if (/\S/.test(own)) ownText.set(el, (ownText.get(el) ?? '') + own);
      }
    }
    for (const [el, own] of ownText) {
      // text that is not rendered (display:none subtree, unassigned slot) needs no font
      const s = w.getComputedStyle(el);
      if (typeof el.checkVisibility === 'function' && s.display !== 'contents' && !el.checkVisibility()) continue;
      if (s.display === 'none') continue;
      const KW: Record<string, string> = { '50%': 'ultra-condensed', '62.5%': 'extra-condensed', '75%': 'condensed', '87.5%': 'semi-condensed', '112.5%': 'semi-expanded', '125%': 'expanded', '150%': 'extra-expanded', '200%': 'ultra-expanded' };
      const stretch = KW[s.fontStretch] ?? '';
      const font = `${s.fontStyle === 'normal' ? '' : s.fontStyle} ${s.fontWeight} ${stretch} 16px ${s.fontFamily}`.replace(/\s+/g, ' ').trim();
      prefixes.set(font, `${s.fontStyle === 'normal' ? '' : s.fontStyle} ${s.fontWeight} ${stretch} 16px`.replace(/\s+/g, ' ').trim());
      const prev = used.get(font) ?? '';
      if (prev.length < 4000) used.set(font, prev + own.replace(/\s+/g, ''));
    }
    const declared = new Set<string>();
    // unicode ranges of each declared family (a face without unicode-range covers everything)
    const ranges = new Map<string, Array<[number, number]>>();
    d.fonts.forEach((f) => {
      const fam = unq(f.family).toLowerCase();
      declared.add(fam);
      const list = ranges.get(fam) ?? [];
      for (const part of (f.unicodeRange || 'U+0-10FFFF').split(',')) {
        const m = /U\+([0-9a-f?]+)(?:-([0-9a-f]+))?/i.exec(part.trim());
        if (!m) continue;
        const lo = parseInt(m[1]!.replace(/\?/g, '0'), 16);
        const hi = m[2] ? parseInt(m[2], 16) : parseInt(m[1]!.replace(/\?/g, 'f'), 16);
        list.push([lo, hi]);
      }
      ranges.set(fam, list);
    });
    // per font stack: each declared family gets the characters the browser would draw with it (those in
    // its unicode ranges not taken by an earlier family), exactly the faces rendering needs
    const perFamily: Array<{ font: string; family: string; text: string }> = [];
    for (const [font, text] of used) {
      const fam = (font.split(' 16px ')[1] ?? '').split(',').map(unq).filter(Boolean);
      for (const f of fam) {
        if (!GENERIC.has(f.toLowerCase()) && !declared.has(f.toLowerCase())) undeclared.add(f);
      }
      let remaining = [...new Set(Array.from(text))];
      for (const f of fam) {
        const rs = ranges.get(f.toLowerCase());
        if (!rs) {
          if (GENERIC.has(f.toLowerCase()) || !declared.has(f.toLowerCase())) break; // system font: the rest falls back to it
          continue;
        }
        const mine = remaining.filter((ch) => {
          const cp = ch.codePointAt(0)!;
          return rs.some(([lo, hi]) => cp >= lo && cp <= hi);
        });
        if (!mine.length) continue;
        perFamily.push({ font: `${prefixes.get(font) ?? '16px'} "${f.replace(/"/g, '\\"')}"`, family: f, text: mine.join('') });
        remaining = remaining.filter((ch) => !mine.includes(ch));
        if (!remaining.length) break;
      }
    }
    await withTimeout(Promise.all(perFamily.map((p) => d.fonts.load(p.font, p.text).catch(() => undefined))), arg.timeoutMs);
    await withTimeout(d.fonts.ready, arg.timeoutMs);
    const loaded = new Set<string>();
    d.fonts.forEach((f) => {
      if (f.status === 'loaded') loaded.add(unq(f.family).toLowerCase());
    });
    for (const p of perFamily) {
      try {
        if (!d.fonts.check(p.font, p.text)) fontIssues.push(`fonts.check false: ${p.font}`);
      } catch (e) {
        fontIssues.push(`fonts.check error: ${p.font}: ${String(e)}`);
      }
    }
    for (const [font] of used) {
      const fam = (font.split(' 16px ')[1] ?? '').split(',').map(unq).filter(Boolean);
      for (const f of fam) families.add(f);
      // the primary family must be a web font of the page (a misspelt or missing family falls back to
      // a system font while fonts.ready resolves anyway, #40)
      // (a lone browser default such as a <button>'s 'Arial' is not a mismatch: it stays a warning)
      const primary = fam[0];
      const uaDefault = fam.length === 1 && !!primary && UA_DEFAULTS.has(primary.toLowerCase());
      if (primary && !GENERIC.has(primary.toLowerCase()) && !declared.has(primary.toLowerCase()) && !uaDefault) {
        fontIssues.push(`primary font family not declared by @font-face (system fallback): ${primary}`);
      }
      // some face of the stack's declared families is actually in use (loaded) for this text
      const decl = fam.filter((f) => declared.has(f.toLowerCase()));
      if (decl.length && !decl.some((f) => loaded.has(f.toLowerCase()))) {
        fontIssues.push(`no face of ${decl.join(', ')} loaded for: ${font}`);
      }
    }
    d.fonts.forEach((f) => {
      if (f.status === 'error') fontIssues.push(`font face failed to load: ${f.family} ${f.style} ${f.weight}`);
    });
  }

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
    images: awaited.length,
    lazyDeferred,
    animations,
    media,
    timers,
    visualViewportScale: window.visualViewport ? window.visualViewport.scale : 1,
    dpr: window.devicePixelRatio,
  };
}
