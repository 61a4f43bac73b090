/**
 * Bring a loaded page into one frozen, fully-loaded state before measuring and capturing
 * (shared/grounding-pitfalls.md "Fonts" and "Animations, caret, lazy images"):
 *
 * 1. inject freeze CSS into every same-origin document and open shadow root (no transitions, paused
 *    animations, `caret-color: transparent`, `scroll-behavior: auto`), then finish every finite
 *    `getAnimations()` entry and pause infinite ones at time 0;
 * 2. load every font face the text uses (`document.fonts.load(font, text)` per used
 *    style/weight/stretch/family stack), await `document.fonts.ready`, then `document.fonts.check()`
 *    each; faces in state `error` are reported;
 * 3. wait for and `decode()` every image;
 * 4. two animation frames.
 *
 * {@link settleInPage} runs inside the page (serialised); {@link evaluateFn} is the safe way to
 * evaluate such functions.
 */
import type { Page } from 'playwright-core';

export interface SettleResult {
  /** Problems with web fonts: failed loads and `fonts.check()` false (one line each). */
  fontIssues: string[];
  /** Font families used by text that no `@font-face` provides (system fallback); informative. */
  undeclaredFamilies: string[];
  images: number;
  animations: number;
  visualViewportScale: number;
  dpr: number;
}

/**
 * Evaluate a self-contained function in the page with a JSON argument. The function is sent as source
 * text with a no-op `__name` helper in scope, because TypeScript runners (tsx/esbuild `keepNames`)
 * may wrap inner functions in `__name(...)` calls that do not exist in the page.
 */
export async function evaluateFn<A, R>(page: Page, fn: (arg: A) => Promise<R> | R, arg: A): Promise<R> {
  const src = `(async () => { const __name = (f, _n) => f; return await (${fn.toString()})(${JSON.stringify(arg)}); })()`;
  return (await page.evaluate(src)) as R;
}

/** In-page part of the settle step. `timeoutMs` bounds font and image waits. */
export async function settleInPage(arg: { timeoutMs: number }): Promise<SettleResult> {
  const FREEZE =
    '*, *::before, *::after, ::placeholder { transition: none !important; animation-play-state: paused !important; ' +
    'caret-color: transparent !important; scroll-behavior: auto !important; }';
  const docs: Document[] = [];
  const roots: ShadowRoot[] = [];
  const walk = (root: Document | ShadowRoot | Element): void => {
    const els = root.querySelectorAll('*');
    for (const el of Array.from(els)) {
      if (el.shadowRoot) {
        roots.push(el.shadowRoot);
        walk(el.shadowRoot);
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
          walk(d);
        }
      }
    }
  };
  docs.push(document);
  walk(document);
  const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T | undefined> =>
    Promise.race([p, new Promise<undefined>((r) => setTimeout(() => r(undefined), ms))]);

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

  // 2. fonts
  const fontIssues: string[] = [];
  const undeclared = new Set<string>();
  const GENERIC = new Set([
    'serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'ui-serif', 'ui-sans-serif', 'ui-monospace',
    'ui-rounded', 'emoji', 'math', 'fangsong', '-apple-system', 'blinkmacsystemfont',
  ]);
  const unq = (f: string): string => f.trim().replace(/^["']|["']$/g, '');
  for (const d of docs) {
    const w = d.defaultView ?? window;
    const used = new Map<string, string>();
    const all: Element[] = [d.documentElement, ...Array.from(d.querySelectorAll('*'))];
    for (const r of roots) if (r.ownerDocument === d) all.push(...Array.from(r.querySelectorAll('*')));
    for (const el of all) {
      let own = '';
      for (const c of Array.from(el.childNodes)) if (c.nodeType === 3) own += (c as Text).data;
      const tag = el.localName;
      if (tag === 'textarea' || (tag === 'input' && !/^(checkbox|radio|range|color|file|hidden|image)$/.test((el as HTMLInputElement).type))) {
        own += (el as HTMLInputElement).value + ((el as HTMLInputElement).placeholder || '');
      }
      if (tag === 'select') own += Array.from((el as HTMLSelectElement).options).map((o) => o.text).join('');
      if (!/\S/.test(own)) continue;
      const s = w.getComputedStyle(el);
      if (s.display === 'none') continue;
      const KW: Record<string, string> = { '50%': 'ultra-condensed', '62.5%': 'extra-condensed', '75%': 'condensed', '87.5%': 'semi-condensed', '112.5%': 'semi-expanded', '125%': 'expanded', '150%': 'extra-expanded', '200%': 'ultra-expanded' };
      const stretch = KW[s.fontStretch] ?? '';
      const font = `${s.fontStyle === 'normal' ? '' : s.fontStyle} ${s.fontWeight} ${stretch} 16px ${s.fontFamily}`.replace(/\s+/g, ' ').trim();
      const prev = used.get(font) ?? '';
      if (prev.length < 4000) used.set(font, prev + own.replace(/\s+/g, ''));
    }
    const declared = new Set<string>();
    d.fonts.forEach((f) => declared.add(unq(f.family).toLowerCase()));
    const loads: Promise<unknown>[] = [];
    for (const [font, text] of used) {
      const fam = (font.split(' 16px ')[1] ?? '').split(',').map(unq);
      for (const f of fam) {
        if (!GENERIC.has(f.toLowerCase()) && !declared.has(f.toLowerCase())) undeclared.add(f);
      }
      loads.push(d.fonts.load(font, text).catch(() => undefined));
    }
    await withTimeout(Promise.all(loads), arg.timeoutMs);
    await withTimeout(d.fonts.ready, arg.timeoutMs);
    for (const [font, text] of used) {
      try {
        if (!d.fonts.check(font, text)) fontIssues.push(`fonts.check false: ${font}`);
      } catch (e) {
        fontIssues.push(`fonts.check error: ${font}: ${String(e)}`);
      }
    }
    d.fonts.forEach((f) => {
      if (f.status === 'error') fontIssues.push(`font face failed to load: ${f.family} ${f.style} ${f.weight}`);
    });
  }

  // 3. images
  const imgs: HTMLImageElement[] = [];
  for (const d of docs) imgs.push(...Array.from(d.images));
  for (const r of roots) imgs.push(...Array.from(r.querySelectorAll('img')));
  await withTimeout(
    Promise.all(
      imgs.map(async (im) => {
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

  // animations started by late style changes (fonts, images)
  settleAnims();
  // 4. two frames
  await new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())));
  return {
    fontIssues,
    undeclaredFamilies: [...undeclared],
    images: imgs.length,
    animations,
    visualViewportScale: window.visualViewport ? window.visualViewport.scale : 1,
    dpr: window.devicePixelRatio,
  };
}
