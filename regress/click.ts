/**
 * Real clicks on recorded targets, for `uisynth verify`: the click half of the test oracle
 * test/oracle.ts (`install` / `arm` / `result` / `runOracle`'s click loop), copied here in minimal form
 * because the product may not import test code. Keep the two in step.
 *
 * The page is re-rendered in a fresh context with the options it was captured with and settled the same
 * way (hittest/capture.ts `settlePage`). Capture-phase listeners on every same-origin window (and on
 * closed shadow roots) record `event.composedPath()` of the first `pointerdown` and `click`; a real
 * `page.mouse.click` at the recorded point (image px / dpr = CSS px) counts only when that path holds
 * the element the record's `dom.selector` resolves to (or, for label/control pairs, the label's control
 * or the control's label). Default actions are prevented so the page never changes between clicks.
 */
import type { Page } from 'playwright-core';
import type { BrowserPool, PageOptions, PageSource } from '../renderers/browser.js';
import { reachClosedShadowRoots, settlePage } from '../hittest/capture.js';

/** One click's outcome. */
export interface ClickResult {
  tid: string;
  selector: string;
  /** Image px (as recorded). */
  point: [number, number];
  /** CSS px clicked. */
  css: [number, number];
  ok: boolean;
  /** `tag#id.class` of the first elements of the composed path of the pointerdown (the top-most first), or why the click could not be made. */
  hit: string[];
}

/** Installed in the page (serialised; must not reference anything outside itself). */
function install(): void {
  const events: Array<{ type: string; path: Element[] }> = [];
  const wins: Window[] = [window];
  const closed = new Map<Element, ShadowRoot>();
  const addClosed = (w: Window): void => {
    const l = (w as unknown as Record<symbol, unknown>)[Symbol.for('uisynth.closedShadowRoots')];
    if (Array.isArray(l)) for (const r of l as ShadowRoot[]) closed.set(r.host, r);
  };
  const shadowOf = (el: Element): ShadowRoot | null => el.shadowRoot ?? closed.get(el) ?? null;
  addClosed(window);
  const closedRoots: ShadowRoot[] = [];
  const collect = (root: Document | ShadowRoot): void => {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      const sr = shadowOf(el);
      if (sr) {
        if (sr.mode === 'closed') closedRoots.push(sr);
        collect(sr);
      }
      if (el.localName === 'iframe') {
        try {
          const d = (el as HTMLIFrameElement).contentDocument;
          if (d && d.defaultView) {
            wins.push(d.defaultView);
            addClosed(d.defaultView);
            collect(d);
          }
        } catch {
          /* cross-origin */
        }
      }
    }
  };
  collect(document);
  const TYPES = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'auxclick', 'dblclick', 'contextmenu', 'touchstart', 'touchend', 'focusin', 'selectstart', 'dragstart'];
  // composedPath() hides the inside of closed shadow trees from listeners outside them: the event
  // travels on to a capture listener on the closed root, which records the full path
  const record = (t: string, e: Event, stop: boolean): void => {
    const path = e.composedPath().filter((n): n is Element => (n as Node).nodeType === 1);
    if (t === 'pointerdown' || t === 'click' || t === 'mousedown') events.push({ type: t, path });
    e.preventDefault();
    if (stop || !path.some((n) => closed.has(n))) e.stopImmediatePropagation();
  };
  for (const w of wins) for (const t of TYPES) w.addEventListener(t, (e) => record(t, e, false), { capture: true });
  for (const r of closedRoots) for (const t of TYPES) r.addEventListener(t, (e) => record(t, e, true), { capture: true });
  const desc = (el: Element): string => {
    let d = el.localName;
    if (el.id) d += '#' + el.id;
    const c = (el.getAttribute('class') || '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
    return c.length ? d + '.' + c.join('.') : d;
  };
  /** `a >>> b`: b is looked up in a's shadow root, or in a's iframe document. Every segment must be unique. */
  const resolve = (sel: string): Element | string => {
    let root: Document | ShadowRoot = document;
    const segs = sel.split(' >>> ');
    let el: Element | null = null;
    for (let i = 0; i < segs.length; i++) {
      const all: NodeListOf<Element> = root.querySelectorAll(segs[i]!);
      if (all.length !== 1) return `selector segment ${i} '${segs[i]}' matches ${all.length} elements`;
      el = all[0]!;
      if (i < segs.length - 1) {
        const next: Document | ShadowRoot | null = shadowOf(el) ?? (el as HTMLIFrameElement).contentDocument ?? null;
        if (!next) return `selector segment ${i} has no shadow root or frame document`;
        root = next;
      }
    }
    return el ?? 'empty selector';
  };
  let target: Element | null = null;
  const okEls = (): Set<Element> => {
    const s = new Set<Element>();
    if (!target) return s;
    s.add(target);
    const ctl = (target as HTMLLabelElement).control;
    if (target.localName === 'label' && ctl) s.add(ctl);
    const labels = (target as HTMLInputElement).labels;
    if (labels) for (const l of Array.from(labels)) s.add(l);
    return s;
  };
  (window as unknown as { __uisynthClick: unknown }).__uisynthClick = {
    arm(sel: string): string | null {
      const r = resolve(sel);
      events.length = 0;
      target = typeof r === 'string' ? null : r;
      return typeof r === 'string' ? r : null;
    },
    result(): { ok: boolean; got: string[] } {
      const ok = okEls();
      const last = (t: string): { type: string; path: Element[] } | undefined => events.filter((e) => e.type === t).pop();
      const pd = last('pointerdown') ?? last('mousedown');
      const ck = last('click');
      if (!pd) return { ok: false, got: ['<no pointerdown>'] };
      const pass = (e: { path: Element[] }): boolean => e.path.some((n) => ok.has(n));
      return { ok: pass(pd) && (!ck || pass(ck)), got: pd.path.slice(0, 6).map(desc) };
    },
  };
}

async function ev<R>(page: Page, src: string): Promise<R> {
  return (await page.evaluate(src)) as R;
}
const call = <R>(page: Page, method: string, arg: unknown): Promise<R> =>
  ev<R>(page, `window.__uisynthClick[${JSON.stringify(method)}](${JSON.stringify(arg)})`);

/**
 * Re-render `source` with `opts` and really click every target at its recorded point.
 * @param targets tid, `dom.selector` and `point` (image px) of each recorded target
 * @throws SampleError when the page cannot be loaded (see BrowserPool.withPage)
 */
export async function clickTargets(
  pool: BrowserPool,
  source: PageSource,
  opts: PageOptions,
  targets: ReadonlyArray<{ tid: string; selector: string; point: [number, number] }>,
): Promise<ClickResult[]> {
  return pool.withPage(opts, source, async (h) => {
    const page = h.page;
    await reachClosedShadowRoots(h, source);
    await settlePage(page);
    await page.evaluate(`(() => { const __name = (f, _n) => f; (${install.toString()})(); })()`);
    const out: ClickResult[] = [];
    for (const t of targets) {
      const css: [number, number] = [t.point[0] / opts.dpr, t.point[1] / opts.dpr];
      const err = await call<string | null>(page, 'arm', t.selector);
      if (err) {
        out.push({ tid: t.tid, selector: t.selector, point: t.point, css, ok: false, hit: [err] });
        continue;
      }
      await page.mouse.click(css[0], css[1]);
      const r = await call<{ ok: boolean; got: string[] }>(page, 'result', null);
      out.push({ tid: t.tid, selector: t.selector, point: t.point, css, ok: r.ok, hit: r.got });
    }
    return out;
  });
}
