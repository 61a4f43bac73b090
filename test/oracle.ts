/**
 * Independent oracles for the hit-test suite (issue 2 "Done when"):
 *
 * - **click oracle**: re-render the same input with the same options in a fresh context, then for every
 *   accepted target do a real `page.mouse.click` at the recorded point (image px / dpr = CSS px).
 *   Capture-phase listeners on every same-origin window record `event.composedPath()` of the first
 *   `pointerdown` (and the first `click`, when the browser fires one); the click counts only when that
 *   path holds the recorded element (found by its `dom.selector`) — or, for label/control pairs, the
 *   label's control or the control's label. Default actions are prevented so the page never changes.
 * - **verdict oracle**: fixture elements carry `data-expect="accept|reject|reject:<reason>[|<reason>]"` and
 *   `data-k="<key>"` (a reject may name the expected rejection reasons); each
 *   record (accepted or rejected) is mapped back to its element through its selector.
 * - **painted oracle**: hide each accepted target (`visibility:hidden`, or only its text for text
 *   targets), screenshot, diff against the unmodified screenshot: the pixels that change within 16 CSS
 *   px of the recorded box must lie inside it.
 *
 * None of this uses the probe: only the recorded selector/point/box and the browser itself.
 */
import type { Page } from 'playwright-core';
import type { BrowserPool, PageOptions, PageSource } from '../renderers/browser.js';
import type { CaptureResult } from '../hittest/capture.js';
import { reachClosedShadowRoots, settlePage } from '../hittest/capture.js';
import { decodeImage, type RawImage } from '../hittest/painted.js';
import type { Box, Point } from '../core/geometry.js';

/**
 * The oracle's own screenshot of `page`. Chromium sometimes answers Page.captureScreenshot with "Unable to
 * capture screenshot" while another page of the same browser is capturing (the fixtures run concurrently): the
 * render is retried (up to 3 tries), never the assertion made on it. `clip`: only that part of the viewport
 * (CSS px).
 */
async function shot(page: Page, clip?: { x: number; y: number; width: number; height: number }): Promise<Buffer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.screenshot({ type: 'png', animations: 'allow', caret: 'hide', scale: 'device', ...(clip ? { clip } : {}) });
    } catch (e) {
      if (attempt >= 3 || !/Unable to capture screenshot/.test(String(e))) throw e;
    }
  }
}

export interface ClickMiss {
  tid: string;
  selector: string;
  point: Point;
  css: [number, number];
  /** `tag#id.class` of the composed path of the first pointerdown (or why it failed). */
  got: string[];
}
export interface VerdictRow {
  k: string;
  expect: 'accept' | 'reject';
  /** Allowed rejection reasons (from `data-expect="reject:a|b"`), null when any reason will do. */
  reasons: string[] | null;
  got: 'accept' | 'reject' | 'missing';
  reason: string | null;
  /**
   * Expected occlusion trim from `data-trim="top,right,bottom,left"` (CSS px; `""` = nothing cut),
   * undefined when the fixture does not say.
   */
  trim?: [number, number, number, number] | null;
  /** The accepted target's `checks.occlusion.trimmed_css`. */
  gotTrim?: [number, number, number, number] | null;
}
export interface PaintedRow {
  tid: string;
  k: string | null;
  changed: number;
  /** Fraction of changed pixels inside the recorded box (grown by ceil(dpr) px), among those within 16 CSS px of it. */
  inside: number;
  /** Width of the changed pixels' bounding box / box width. */
  spanX: number;
  /** The target had focus (hiding it blurs it, so its focus ring counts as noise). */
  focused: boolean;
  /** Bounding box of the changed pixels, image px. */
  changedBox: Box | null;
  box: Box;
}
export interface OracleReport {
  clicks: { checked: number; hits: number; misses: ClickMiss[] };
  verdicts: VerdictRow[];
  /** Selectors (accepted and rejected) that did not resolve to exactly one element. */
  badSelectors: string[];
  /**
   * Pixels that differ (by more than 8 levels in a channel) between the capture's PNG and a fresh screenshot of
   * the re-rendered page; NaN when not asked for ({@link runOracle}'s `rerender: false`).
   */
  rerenderDiffPixels: number;
  /** The fresh screenshot the capture was compared with (PNG). */
  rerenderPng: Buffer | null;
  painted: PaintedRow[];
}

type InPage<A, R> = (arg: A) => R | Promise<R>;
async function ev<A, R>(page: Page, fn: InPage<A, R>, arg: A): Promise<R> {
  const src = `(async () => { const __name = (f, _n) => f; return await (${fn.toString()})(${JSON.stringify(arg)}); })()`;
  return (await page.evaluate(src)) as R;
}

/** Installed in the page: selector resolution, event recording, expectations. */
function install(): void {
  type W = Window & { __oracle?: unknown };
  const events: Array<{ type: string; path: Element[] }> = [];
  const wins: Window[] = [];
  // closed shadow roots, kept by the init hook of renderers/browser.ts (the oracle reaches them the
  // same way a user of the recorded `>>>` selector would have to)
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
  wins.push(window);
  collect(document);
  const TYPES = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'auxclick', 'dblclick', 'contextmenu', 'touchstart', 'touchend', 'focusin', 'selectstart', 'dragstart'];
  // composedPath() hides the inside of closed shadow trees from listeners outside them: an event whose
  // path holds a closed host travels on to a capture listener on that closed root, which records the
  // full path (the last record of a type wins)
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
      if (all.length !== 1) return `segment ${i} '${segs[i]}' matches ${all.length}`;
      const cur: Element = all[0]!;
      el = cur;
      if (i < segs.length - 1) {
        const next: Document | ShadowRoot | null = shadowOf(cur) ?? (cur as HTMLIFrameElement).contentDocument ?? null;
        if (!next) return `segment ${i} has no shadow root or frame document`;
        root = next;
      }
    }
    return el ?? 'empty selector';
  };
  let target: Element | null = null;
  const saved = new Map<Element, string | null>();
  const wrapped: HTMLElement[] = [];
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
  const api = {
    arm(sel: string): string | null {
      const r = resolve(sel);
      events.length = 0;
      if (typeof r === 'string') {
        target = null;
        return r;
      }
      target = r;
      return null;
    },
    result(): { ok: boolean; got: string[] } {
      const ok = okEls();
      const first = (t: string): { type: string; path: Element[] } | undefined => events.filter((e) => e.type === t).pop();
      const pd = first('pointerdown') ?? first('mousedown');
      const ck = first('click');
      if (!pd) return { ok: false, got: ['<no pointerdown>'] };
      const pass = (e: { path: Element[] }): boolean => e.path.some((n) => ok.has(n));
      return { ok: pass(pd) && (!ck || pass(ck)), got: pd.path.slice(0, 6).map(desc) };
    },
    /** The result of the click just made (when `result`), then arm the next selector (when `arm` is not null): one round trip per click. */
    next(a: { result: boolean; arm: string | null }): { result: { ok: boolean; got: string[] } | null; err: string | null } {
      const result = a.result ? api.result() : null;
      return { result, err: a.arm === null ? null : api.arm(a.arm) };
    },
    focused(sel: string): boolean {
      const r = resolve(sel);
      let a: Element | null = document.activeElement;
      while (a && shadowOf(a) && shadowOf(a)!.activeElement) a = shadowOf(a)!.activeElement;
      while (a && a.localName === 'iframe') {
        const d = (a as HTMLIFrameElement).contentDocument;
        a = d ? d.activeElement : null;
      }
      return typeof r !== 'string' && a === r;
    },
    keyOf(sel: string): string | null {
      const r = resolve(sel);
      return typeof r === 'string' ? null : r.getAttribute('data-k');
    },
    /**
     * Make the target invisible without changing layout. `textOnly`: wrap each text node under it
     * in a `visibility:hidden` span (text targets: their box is the text, not the element's markers);
     * otherwise `visibility:hidden` on the element, keeping nested form controls (own targets) visible.
     */
    hide(a: { sel: string; textOnly: boolean }): boolean {
      const r = resolve(a.sel);
      if (typeof r === 'string') return false;
      const setStyle = (el: Element, prop: string, v: string): void => {
        if (!saved.has(el)) saved.set(el, el.getAttribute('style'));
        (el as HTMLElement).style.setProperty(prop, v, 'important');
      };
      if (a.textOnly) {
        const texts: Text[] = [];
        const rec = (n: Node): void => {
          const sr = n.nodeType === 1 ? shadowOf(n as Element) : null;
          const kids = sr ? Array.from(sr.childNodes) : n.nodeName === 'SLOT' ? (n as HTMLSlotElement).assignedNodes({ flatten: true }) : Array.from(n.childNodes);
          for (const c of kids) {
            if (c.nodeType === 3 && /\S/.test((c as Text).data)) texts.push(c as Text);
            else if (c.nodeType === 1) rec(c);
          }
        };
        rec(r);
        for (const t of texts) {
          const span = t.ownerDocument.createElement('span');
          span.setAttribute('style', 'visibility:hidden');
          t.parentNode!.insertBefore(span, t);
          span.appendChild(t);
          wrapped.push(span);
        }
      } else {
        setStyle(r, 'visibility', 'hidden');
        const ctl = (shadowOf(r) ?? r).querySelectorAll('input, select, textarea, button');
        // keep nested controls visible (they are targets of their own), except a label's own checkbox/radio
        for (const c of Array.from(ctl)) {
          const merged = r.localName === 'label' && (r as HTMLLabelElement).control === c && ['checkbox', 'radio'].includes((c as HTMLInputElement).type);
          if (!merged) setStyle(c, 'visibility', 'visible');
        }
      }
      return true;
    },
    /**
     * "Render the element alone": every element of every document and shadow root gets
     * `visibility: hidden` except the targets `sels` (and their descendants) and the iframes that hold
     * them (made transparent); the top page's background becomes magenta (chroma key). Returns the
     * selectors that did not resolve.
     */
    alone(a: { sels: string[]; others: string[]; key: string }): string[] {
      const { sels, others, key } = a;
      const bad: string[] = [];
      const targets: Element[] = [];
      for (const s of sels) {
        const r = resolve(s);
        if (typeof r === 'string') bad.push(s);
        else targets.push(r);
      }
      // other recorded targets inside (or around) these are not part of them: hidden
      for (const s of others) {
        const r = resolve(s);
        if (typeof r !== 'string' && !targets.includes(r)) r.setAttribute('data-uisynth-alone-hide', '');
      }
      const frames = new Set<Element>();
      const hostsInside = (n: Node): boolean => {
        // n (a shadow root's host) is a target or inside one (flat tree)
        for (let c: Node | null = n; c; ) {
          if (targets.includes(c as Element)) return true;
          const slot: HTMLSlotElement | null = (c as Element).assignedSlot ?? null;
          if (slot) c = slot;
          else if (c.parentNode && c.parentNode.nodeType === 11) c = (c.parentNode as ShadowRoot).host;
          else c = c.parentNode;
        }
        return false;
      };
      for (const t of targets) {
        t.setAttribute('data-uisynth-alone', '');
        for (let d: Document = t.ownerDocument; d.defaultView && d.defaultView.frameElement; d = d.defaultView.frameElement.ownerDocument) {
          const f = d.defaultView.frameElement;
          f.setAttribute('data-uisynth-alone-frame', '');
          frames.add(f);
        }
      }
      const HIDE =
        '*:not([data-uisynth-alone]):not([data-uisynth-alone] *):not([data-uisynth-alone-frame]) { visibility: hidden !important; }' +
        '[data-uisynth-alone-hide] { visibility: hidden !important; }' +
        '[data-uisynth-alone] { visibility: visible !important; }' +
        '[data-uisynth-alone-frame] { visibility: visible !important; border-color: transparent !important; background: transparent !important; }';
      const addStyle = (root: Document | ShadowRoot, css: string): void => {
        const doc = (root as Document).createElement ? (root as Document) : root.ownerDocument!;
        const st = doc.createElement('style');
        st.setAttribute('data-uisynth', 'alone');
        st.textContent = css;
        if ((root as Document).head) (root as Document).head!.appendChild(st);
        else if ((root as Document).documentElement) (root as Document).documentElement!.appendChild(st);
        else root.appendChild(st);
      };
      const visitRoot = (root: Document | ShadowRoot, top: boolean): void => {
        const isDoc = root.nodeType === 9;
        if (isDoc) {
          addStyle(root, HIDE + (top ? `html { background: ${key} !important; } body { background: transparent !important; }` : 'html, body { background: transparent !important; }'));
        } else if (!hostsInside((root as ShadowRoot).host)) addStyle(root, HIDE);
        for (const el of Array.from(root.querySelectorAll('*'))) {
          const sr = shadowOf(el);
          if (sr) visitRoot(sr, false);
          if (el.localName === 'iframe') {
            const d = (el as HTMLIFrameElement).contentDocument;
            if (d && d.documentElement) visitRoot(d, false);
          }
        }
      };
      visitRoot(document, true);
      return bad;
    },
    /** Undo {@link alone}. */
    unalone(): void {
      const visitRoot = (root: Document | ShadowRoot): void => {
        for (const el of Array.from(root.querySelectorAll('[data-uisynth="alone"]'))) el.remove();
        for (const el of Array.from(root.querySelectorAll('[data-uisynth-alone], [data-uisynth-alone-frame], [data-uisynth-alone-hide]'))) {
          el.removeAttribute('data-uisynth-alone');
          el.removeAttribute('data-uisynth-alone-frame');
          el.removeAttribute('data-uisynth-alone-hide');
        }
        for (const el of Array.from(root.querySelectorAll('*'))) {
          const sr = shadowOf(el);
          if (sr) visitRoot(sr);
          if (el.localName === 'iframe') {
            const d = (el as HTMLIFrameElement).contentDocument;
            if (d && d.documentElement) visitRoot(d);
          }
        }
      };
      visitRoot(document);
    },
    show(): void {
      for (const [el, s] of saved) {
        if (s === null || s === undefined) el.removeAttribute('style');
        else el.setAttribute('style', s);
      }
      saved.clear();
      for (const span of wrapped.splice(0)) {
        while (span.firstChild) span.parentNode!.insertBefore(span.firstChild, span);
        span.remove();
      }
    },
    expectations(): Array<{ k: string; expect: string; trim: string | null }> {
      const out: Array<{ k: string; expect: string; trim: string | null }> = [];
      const walk = (root: Document | ShadowRoot): void => {
        for (const el of Array.from(root.querySelectorAll('*'))) {
          const e = el.getAttribute('data-expect');
          if (e) out.push({ k: el.getAttribute('data-k') ?? '?', expect: e, trim: el.getAttribute('data-trim') });
          const sr = shadowOf(el);
          if (sr) walk(sr);
          if (el.localName === 'iframe') {
            try {
              const d = (el as HTMLIFrameElement).contentDocument;
              if (d) walk(d);
            } catch {
              /* cross-origin */
            }
          }
        }
      };
      walk(document);
      return out;
    },
  };
  (window as W).__oracle = api;
}

const call = <R>(page: Page, method: string, arg?: unknown): Promise<R> =>
  ev(page, (a: { m: string; x: unknown }) => ((window as unknown as Record<string, Record<string, (x?: unknown) => unknown>>).__oracle![a.m]!(a.x)) as R, { m: method, x: arg ?? null });
/** {@link call} once per argument, in order, in one round trip. */
const callEach = <R>(page: Page, method: string, args: unknown[]): Promise<R[]> =>
  ev(page, (a: { m: string; xs: unknown[] }) => a.xs.map((x) => (window as unknown as Record<string, Record<string, (x?: unknown) => unknown>>).__oracle![a.m]!(x)) as R[], { m: method, xs: args });

function diffBox(a: RawImage, b: RawImage, box: Box, grow: number, restored: RawImage): { changed: number; inside: number; spanX: number; changedBox: Box | null; box: Box } {
  let changed = 0;
  let inside = 0;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  const [x1, y1, x2, y2] = [box[0] - grow, box[1] - grow, box[2] + grow, box[3] + grow];
  // only look at the box's neighbourhood: hiding an element can re-rasterise far-away composited
  // content (observed: a rotated button 60 px below), which says nothing about this box
  const near = 16 * grow;
  for (let y = Math.max(0, box[1] - near); y < Math.min(a.height, box[3] + near); y++) {
    for (let x = Math.max(0, box[0] - near); x < Math.min(a.width, box[2] + near); x++) {
      const o = (y * a.width + x) * a.channels;
      // ignore re-raster noise (anti-aliasing of untouched edges differs by 1-2 levels after a repaint)
      const differs = (p: RawImage, q: RawImage): boolean =>
        Math.abs(p.data[o]! - q.data[o]!) > 8 || Math.abs(p.data[o + 1]! - q.data[o + 1]!) > 8 || Math.abs(p.data[o + 2]! - q.data[o + 2]!) > 8;
      if (differs(a, b) && !differs(a, restored)) {
        changed++;
        if (x >= x1 && x < x2 && y >= y1 && y < y2) inside++;
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x + 1);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y + 1);
      }
    }
  }
  return {
    changed,
    inside: changed ? inside / changed : 0,
    spanX: changed ? (maxX - minX) / (box[2] - box[0]) : 0,
    changedBox: changed ? [minX, minY, maxX, maxY] : null,
    box,
  };
}

function countDiff(a: RawImage, b: RawImage): number {
  if (a.width !== b.width || a.height !== b.height) return a.width * a.height;
  let n = 0;
  for (let i = 0; i < a.data.length; i += a.channels) {
    if (Math.abs(a.data[i]! - b.data[i]!) > 8 || Math.abs(a.data[i + 1]! - b.data[i + 1]!) > 8 || Math.abs(a.data[i + 2]! - b.data[i + 2]!) > 8) n++;
  }
  return n;
}

/**
 * Run all oracles for one capture. `source` and `opts` must be what the capture used.
 * @param painted also run the (slower) painted-pixel differential check
 * @param first run on the freshly loaded page before anything else: another oracle that only reads the
 *   page shares this render (one page load less per record)
 * @param rerender take the fresh screenshot and compare it with the capture's PNG (`rerenderDiffPixels`,
 *   `rerenderPng`; default true); false for a caller that asserts nothing on them (a viewport screenshot
 *   and two decodes less per record)
 */
export async function runOracle(
  pool: BrowserPool,
  source: PageSource,
  opts: PageOptions,
  r: CaptureResult,
  { painted = false, first, rerender = true }: { painted?: boolean; first?: (page: Page) => Promise<void>; rerender?: boolean } = {},
): Promise<OracleReport> {
  return pool.withPage(opts, source, async (h) => {
    const page = h.page;
    if (first) await first(page);
    await reachClosedShadowRoots(h, source);
    await settlePage(page);
    await ev(page, install, null);
    const report: OracleReport = { clicks: { checked: 0, hits: 0, misses: [] }, verdicts: [], badSelectors: [], rerenderDiffPixels: NaN, rerenderPng: null, painted: [] };

    // verdicts
    const keyOf = new Map<string, { got: 'accept' | 'reject'; reason: string | null; trim?: [number, number, number, number] | null }>();
    const keys = await callEach<string | null>(page, 'keyOf', [...r.targets.map((t) => t.dom.selector), ...r.rejectedTargets.map((t) => t.selector)]);
    r.targets.forEach((t, i) => {
      const k = keys[i];
      if (k) keyOf.set(k, { got: 'accept', reason: null, trim: t.checks.occlusion.trimmed_css ?? null });
    });
    r.rejectedTargets.forEach((t, i) => {
      const k = keys[r.targets.length + i];
      if (k && !keyOf.has(k)) keyOf.set(k, { got: 'reject', reason: t.reason });
    });
    for (const e of await call<Array<{ k: string; expect: string; trim: string | null }>>(page, 'expectations')) {
      const g = keyOf.get(e.k);
      const [verdict, rs] = e.expect.split(':') as ['accept' | 'reject', string | undefined];
      const row: VerdictRow = { k: e.k, expect: verdict, reasons: rs ? rs.split('|') : null, got: g?.got ?? 'missing', reason: g?.reason ?? null };
      if (e.trim !== null) {
        row.trim = e.trim.trim() ? (e.trim.split(',').map(Number) as [number, number, number, number]) : null;
        row.gotTrim = g?.trim ?? null;
      }
      report.verdicts.push(row);
    }

    // painted (before any mouse movement: no hover states)
    const basePng = rerender || painted ? await shot(page) : null;
    const base = basePng ? await decodeImage(basePng) : null;
    if (rerender) {
      report.rerenderPng = basePng;
      report.rerenderDiffPixels = countDiff(base!, await decodeImage(r.png));
    }
    if (painted) {
      for (const t of r.targets) {
        const focused = await call<boolean>(page, 'focused', t.dom.selector);
        if (!(await call<boolean>(page, 'hide', { sel: t.dom.selector, textOnly: t.checks.text.refined }))) continue;
        const hidden = await decodeImage(await shot(page));
        await call(page, 'show');
        // a repaint can change anti-aliasing of untouched content; pixels that also differ after
        // restoring the element are such noise and do not count
        const restored = await decodeImage(await shot(page));
        const d = diffBox(base!, hidden, t.bbox, Math.ceil(r.dpr), restored);
        report.painted.push({ tid: t.tid, k: await call<string | null>(page, 'keyOf', t.dom.selector), focused, ...d });
      }
    }

    // clicks: every selector must resolve (accepted and rejected); then one real click per accepted
    // target, armed before and read after it (the read of one click and the arming of the next share a
    // round trip)
    const sels = [...r.targets.map((t) => t.dom.selector), ...r.rejectedTargets.map((x) => x.selector)];
    (await callEach<string | null>(page, 'arm', sels)).forEach((err, i) => {
      if (err) report.badSelectors.push(`${sels[i]}: ${err}`);
    });
    type Next = { result: { ok: boolean; got: string[] } | null; err: string | null };
    // the per-click round trip through a plain CDP session of its own (no emulation state: Runtime.evaluate in
    // the main world, where `install` put __oracle): measured 66 ms of node + Chromium CPU for 69 calls,
    // against 189 ms through page.evaluate's serialisation
    const rt = await h.context.newCDPSession(page);
    const next = async (a: { result: boolean; arm: string | null }): Promise<Next> => {
      const r = (await rt.send('Runtime.evaluate', { expression: `JSON.stringify(window.__oracle.next(${JSON.stringify(a)}))`, returnByValue: true })) as {
        result: { value?: string };
        exceptionDetails?: { text: string; exception?: { description?: string } };
      };
      if (r.exceptionDetails) throw new Error(`oracle next: ${r.exceptionDetails.exception?.description ?? r.exceptionDetails.text}`);
      return JSON.parse(r.result.value!) as Next;
    };
    let clicked: { t: (typeof r.targets)[number]; css: [number, number] } | null = null;
    const read = (res: Next['result']): void => {
      if (!clicked || !res) return;
      const { t, css } = clicked;
      if (res.ok) report.clicks.hits++;
      else report.clicks.misses.push({ tid: t.tid, selector: t.dom.selector, point: t.point, css, got: res.got });
      clicked = null;
    };
    for (const t of r.targets) {
      report.clicks.checked++;
      const css: [number, number] = [t.point[0] / r.dpr, t.point[1] / r.dpr];
      const n = await next({ result: clicked !== null, arm: t.dom.selector });
      read(n.result);
      if (n.err) {
        report.clicks.misses.push({ tid: t.tid, selector: t.dom.selector, point: t.point, css, got: [n.err] });
        continue;
      }
      await page.mouse.click(css[0], css[1]);
      clicked = { t, css };
    }
    if (clicked) read((await next({ result: true, arm: null })).result);
    return report;
  });
}

/** One real click of {@link clickEffects}: where (CSS px) and what the page's own listeners did. */
export interface ClickEffect {
  key: string;
  css: [number, number];
  /** `event` names the page pushed to `window.dataLayer` during this click (in order). */
  events: string[];
}

/**
 * **Listener oracle**: re-render `source` (same settle as the capture), then for each entry a real
 * `page.mouse.click` at `css` (CSS px), nothing intercepted: the page's own listeners run. Pages of
 * test/fixtures/pages-real/ report what their handlers did the way analytics tags do
 * (`dataLayer.push({event})`); the events pushed during each click are returned. The clicks run in
 * order on one page, so fixture handlers must not move anything.
 */
export async function clickEffects(pool: BrowserPool, source: PageSource, opts: PageOptions, clicks: Array<{ key: string; css: [number, number] }>): Promise<ClickEffect[]> {
  return pool.withPage(opts, source, async (h) => {
    const page = h.page;
    await settlePage(page);
    const out: ClickEffect[] = [];
    const count = (): Promise<number> => page.evaluate('(window.dataLayer || []).length') as Promise<number>;
    for (const c of clicks) {
      const n0 = await count();
      await page.mouse.click(c.css[0], c.css[1]);
      const events = (await page.evaluate(`(window.dataLayer || []).slice(${n0}).map((e) => String(e && e.event))`)) as string[];
      out.push({ ...c, events });
    }
    return out;
  });
}

export type { PageSource };

/**
 * A verdict row matches its expectation: the verdict, the reason when the fixture names reasons, and
 * the occlusion trim when it names one (each side within `tol` CSS px: one device pixel).
 */
export function verdictOk(v: VerdictRow, tol = 1): boolean {
  if (v.got !== v.expect || (v.expect === 'reject' && v.reasons && !v.reasons.includes(v.reason ?? ''))) return false;
  if (v.trim === undefined || v.expect !== 'accept') return true;
  if (v.trim === null || !v.gotTrim) return v.trim === null && !v.gotTrim;
  return v.trim.every((x, i) => Math.abs(x - v.gotTrim![i]!) <= tol + 1e-6);
}

/**
 * Page options for a fixture page at `dpr`: 800x600 desktop unless the page says otherwise with
 * `<meta name="uisynth-test" content="viewport=390x700 mobile">` (mobile = mobile + touch emulation).
 */
export function fixtureOptions(html: string, dpr: number): PageOptions {
  const m = /<meta\s+name="uisynth-test"\s+content="([^"]*)"/.exec(html);
  const spec = m?.[1] ?? '';
  const vp = /viewport=(\d+)x(\d+)/.exec(spec);
  const mobile = /\bmobile\b/.test(spec);
  return {
    viewport: vp ? { width: Number(vp[1]), height: Number(vp[2]) } : { width: 800, height: 600 },
    dpr,
    mobile,
    touch: mobile,
    colorScheme: 'light',
    locale: 'en-US',
  };
}

/**
 * Pixels a re-render may differ by (`<meta name="uisynth-test" content="rerender-tolerance=N">`), for
 * fixtures with known raster nondeterminism in Chromium itself (e.g. anti-aliasing at the edges of a
 * rotated composited iframe differs between two plain renders). Default 0.
 */
export function fixtureRerenderTolerance(html: string): number {
  const m = /<meta\s+name="uisynth-test"\s+content="[^"]*rerender-tolerance=(\d+)/.exec(html);
  return m ? Number(m[1]) : 0;
}

/** Result of {@link runAloneOracle} for one accepted target. */
export interface AloneRow {
  tid: string;
  selector: string;
  box: Box;
  /** Pixels of the element alone (differing from the key colour in either render) within 16 CSS px of its box. */
  painted: number;
  /** Fraction of those inside the recorded box (grown by ceil(dpr) px). */
  inside: number;
  /** Bounding box of the element's pixels, image px. */
  inkBox: Box | null;
  /** Opaque interior pixels (the same on both key colours, all 8 neighbours element pixels). */
  core: number;
  /** Fraction of the opaque interior pixels that the saved PNG shows with the same colour (±24 per channel). */
  coreMatch: number;
}

const KEYS: Array<[number, number, number]> = [
  [255, 0, 255],
  [0, 255, 0],
];

/**
 * "A box drawn from the record over the saved PNG sits on the element's pixels": re-render the page,
 * render batches of accepted targets ALONE (everything else, including other targets nested in them,
 * `visibility: hidden`) once on a magenta and once on a green background, and for each target measure
 * where its pixels are relative to its recorded box and whether the saved PNG shows its opaque pixels
 * (equal on both backgrounds) unchanged there. Targets in one batch are at least 40 CSS px apart, so
 * pixels within 16 CSS px of a box belong to that target.
 *
 * Each render is captured only where a target of the batch is measured (its box grown by 16 CSS px, and 1
 * px more for the interior test's neighbours), as one clip on whole device pixels: the pixels read are
 * the same as in a viewport screenshot, and Chromium rasters and encodes only that part of the page (a
 * 100x60 CSS px clip of an 800x600 page at dpr 3 took about a fifth of the CPU of the whole viewport).
 */
export async function runAloneOracle(pool: BrowserPool, source: PageSource, opts: PageOptions, r: CaptureResult): Promise<AloneRow[]> {
  const saved = await decodeImage(r.png);
  const dpr = r.dpr;
  const near = Math.ceil(16 * dpr);
  const sep = 40 * dpr;
  const batches: Array<typeof r.targets> = [];
  for (const t of r.targets) {
    const g: Box = [t.bbox[0] - sep, t.bbox[1] - sep, t.bbox[2] + sep, t.bbox[3] + sep];
    const fit = batches.find((b) => b.every((o) => o.bbox[0] >= g[2] || o.bbox[2] <= g[0] || o.bbox[1] >= g[3] || o.bbox[3] <= g[1]));
    if (fit) fit.push(t);
    else batches.push([t]);
  }
  const all = r.targets.map((t) => t.dom.selector);
  // the image is the saved PNG's size (viewport x dpr: the capture checks it)
  const W = saved.width;
  const H = saved.height;
  // clips start on multiples of `step` CSS px, which are whole device px (dpr 1.25: 4, dpr 2.625: 8)
  let step = 1;
  while (step < 64 && Math.abs(step * dpr - Math.round(step * dpr)) > 1e-6) step++;
  if (Math.abs(step * dpr - Math.round(step * dpr)) > 1e-6) throw new Error(`alone: no CSS px step is a whole number of device px at dpr ${dpr}`);
  const rows: AloneRow[] = [];
  await pool.withPage(opts, source, async (h) => {
    await reachClosedShadowRoots(h, source);
    await settlePage(h.page);
    await ev(h.page, install, null);
    for (const batch of batches) {
      // the device px read below: [x1, x2) x [y1, y2) of the image
      let x1 = W;
      let y1 = H;
      let x2 = 0;
      let y2 = 0;
      for (const t of batch) {
        x1 = Math.min(x1, Math.max(0, t.bbox[0] - near - 1));
        y1 = Math.min(y1, Math.max(0, t.bbox[1] - near - 1));
        x2 = Math.max(x2, Math.min(W, t.bbox[2] + near + 1));
        y2 = Math.max(y2, Math.min(H, t.bbox[3] + near + 1));
      }
      const cx1 = Math.floor(x1 / dpr / step + 1e-9) * step;
      const cy1 = Math.floor(y1 / dpr / step + 1e-9) * step;
      const cx2 = Math.min(opts.viewport.width, Math.ceil(x2 / dpr / step - 1e-9) * step);
      const cy2 = Math.min(opts.viewport.height, Math.ceil(y2 / dpr / step - 1e-9) * step);
      const clip = { x: cx1, y: cy1, width: cx2 - cx1, height: cy2 - cy1 };
      // the clip's first pixel in the image, and its size: up to a whole device px, or the image's edge
      const ox = Math.round(cx1 * dpr);
      const oy = Math.round(cy1 * dpr);
      const cw = (cx2 === opts.viewport.width ? W : Math.round(cx2 * dpr)) - ox;
      const chh = (cy2 === opts.viewport.height ? H : Math.round(cy2 * dpr)) - oy;
      const imgs: RawImage[] = [];
      for (const key of KEYS) {
        await call(h.page, 'unalone');
        const bad = await call<string[]>(h.page, 'alone', { sels: batch.map((t) => t.dom.selector), others: all, key: `rgb(${key.join(',')})` });
        if (bad.length) throw new Error(`alone: unresolved ${bad.join(', ')}`);
        const img = await decodeImage(await shot(h.page, clip));
        if (img.width !== cw || img.height !== chh) throw new Error(`alone: clip ${JSON.stringify(clip)} at dpr ${dpr} gave ${img.width}x${img.height} px, not ${cw}x${chh}`);
        imgs.push(img);
      }
      const [A, B] = imgs as [RawImage, RawImage];
      const ch = A.channels;
      // whether a pixel is the element's (differs from the key colour in either render), computed once per pixel
      const inkAt = new Int8Array(cw * chh).fill(-1);
      const ink = (x: number, y: number): boolean => {
        if (x < 0 || y < 0 || x >= W || y >= H) return false;
        const i = (y - oy) * cw + (x - ox);
        if (x < ox || y < oy || x >= ox + cw || y >= oy + chh) throw new Error(`alone: pixel ${x},${y} is outside the clip ${JSON.stringify(clip)}`);
        if (inkAt[i]! < 0) {
          const o = i * ch;
          let v = 0;
          for (const [img, key] of [[A, KEYS[0]!], [B, KEYS[1]!]] as const) {
            if (Math.abs(img.data[o]! - key[0]) > 60 || Math.abs(img.data[o + 1]! - key[1]) > 60 || Math.abs(img.data[o + 2]! - key[2]) > 60) v = 1;
          }
          inkAt[i] = v;
        }
        return inkAt[i] === 1;
      };
      const opaque = (x: number, y: number): boolean => {
        const o = ((y - oy) * cw + (x - ox)) * ch;
        return Math.abs(A.data[o]! - B.data[o]!) <= 3 && Math.abs(A.data[o + 1]! - B.data[o + 1]!) <= 3 && Math.abs(A.data[o + 2]! - B.data[o + 2]!) <= 3;
      };
      for (const t of batch) {
        const g = Math.ceil(dpr);
        const [bx1, by1, bx2, by2] = t.bbox;
        let painted = 0;
        let inside = 0;
        let core = 0;
        let match = 0;
        let minX = Infinity;
        let minY = Infinity;
        let maxX = -Infinity;
        let maxY = -Infinity;
        for (let y = Math.max(0, by1 - near); y < Math.min(H, by2 + near); y++) {
          for (let x = Math.max(0, bx1 - near); x < Math.min(W, bx2 + near); x++) {
            if (!ink(x, y)) continue;
            painted++;
            if (x >= bx1 - g && x < bx2 + g && y >= by1 - g && y < by2 + g) inside++;
            minX = Math.min(minX, x);
            minY = Math.min(minY, y);
            maxX = Math.max(maxX, x + 1);
            maxY = Math.max(maxY, y + 1);
            if (!opaque(x, y)) continue;
            let interior = true;
            for (let dy = -1; dy <= 1 && interior; dy++) for (let dx = -1; dx <= 1; dx++) if (!ink(x + dx, y + dy)) interior = false;
            if (!interior) continue;
            core++;
            const o = ((y - oy) * cw + (x - ox)) * ch;
            const s = (y * saved.width + x) * saved.channels;
            if (Math.abs(A.data[o]! - saved.data[s]!) <= 24 && Math.abs(A.data[o + 1]! - saved.data[s + 1]!) <= 24 && Math.abs(A.data[o + 2]! - saved.data[s + 2]!) <= 24) match++;
          }
        }
        rows.push({
          tid: t.tid,
          selector: t.dom.selector,
          box: t.bbox,
          painted,
          inside: painted ? inside / painted : 0,
          inkBox: painted ? [minX, minY, maxX, maxY] : null,
          core,
          coreMatch: core ? match / core : 0,
        });
      }
    }
  });
  return rows;
}
