/**
 * Independent oracles for the hit-test suite (issue 2 "Done when"):
 *
 * - **click oracle**: re-render the same input with the same options in a fresh context, then for every
 *   accepted target do a real `page.mouse.click` at the recorded point (image px / dpr = CSS px).
 *   Capture-phase listeners on every same-origin window record `event.composedPath()` of the first
 *   `pointerdown` (and the first `click`, when the browser fires one); the click counts only when that
 *   path holds the recorded element (found by its `dom.selector`) — or, for label/control pairs, the
 *   label's control or the control's label. Default actions are prevented so the page never changes.
 * - **verdict oracle**: fixture elements carry `data-expect="accept|reject"` and `data-k="<key>"`; each
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
import { settlePage } from '../hittest/capture.js';
import { decodeImage, type RawImage } from '../hittest/painted.js';
import type { Box, Point } from '../core/geometry.js';

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
  got: 'accept' | 'reject' | 'missing';
  reason: string | null;
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
  /** Pixels that differ (by more than 8 levels in a channel) between the capture's PNG and a fresh screenshot of the re-rendered page. */
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
  const collect = (root: Document | ShadowRoot): void => {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      if (el.shadowRoot) collect(el.shadowRoot);
      if (el.localName === 'iframe') {
        try {
          const d = (el as HTMLIFrameElement).contentDocument;
          if (d && d.defaultView) {
            wins.push(d.defaultView);
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
  for (const w of wins) {
    for (const t of TYPES) {
      w.addEventListener(
        t,
        (e) => {
          if (t === 'pointerdown' || t === 'click' || t === 'mousedown') {
            events.push({ type: t, path: e.composedPath().filter((n): n is Element => (n as Node).nodeType === 1) });
          }
          e.preventDefault();
          e.stopImmediatePropagation();
        },
        { capture: true },
      );
    }
  }
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
        const next: Document | ShadowRoot | null = cur.shadowRoot ?? (cur as HTMLIFrameElement).contentDocument ?? null;
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
      const first = (t: string): { type: string; path: Element[] } | undefined => events.find((e) => e.type === t);
      const pd = first('pointerdown') ?? first('mousedown');
      const ck = first('click');
      if (!pd) return { ok: false, got: ['<no pointerdown>'] };
      const pass = (e: { path: Element[] }): boolean => e.path.some((n) => ok.has(n));
      return { ok: pass(pd) && (!ck || pass(ck)), got: pd.path.slice(0, 6).map(desc) };
    },
    focused(sel: string): boolean {
      const r = resolve(sel);
      let a: Element | null = document.activeElement;
      while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
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
          const kids = (n as Element).shadowRoot ? Array.from((n as Element).shadowRoot!.childNodes) : n.nodeName === 'SLOT' ? (n as HTMLSlotElement).assignedNodes({ flatten: true }) : Array.from(n.childNodes);
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
        const ctl = (r.shadowRoot ?? r).querySelectorAll('input, select, textarea, button');
        // keep nested controls visible (they are targets of their own), except a label's own checkbox/radio
        for (const c of Array.from(ctl)) {
          const merged = r.localName === 'label' && (r as HTMLLabelElement).control === c && ['checkbox', 'radio'].includes((c as HTMLInputElement).type);
          if (!merged) setStyle(c, 'visibility', 'visible');
        }
      }
      return true;
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
    expectations(): Array<{ k: string; expect: string }> {
      const out: Array<{ k: string; expect: string }> = [];
      const walk = (root: Document | ShadowRoot): void => {
        for (const el of Array.from(root.querySelectorAll('*'))) {
          const e = el.getAttribute('data-expect');
          if (e) out.push({ k: el.getAttribute('data-k') ?? '?', expect: e });
          if (el.shadowRoot) walk(el.shadowRoot);
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
 */
export async function runOracle(
  pool: BrowserPool,
  source: PageSource,
  opts: PageOptions,
  r: CaptureResult,
  { painted = false }: { painted?: boolean } = {},
): Promise<OracleReport> {
  return pool.withPage(opts, source, async ({ page }) => {
    await settlePage(page);
    await ev(page, install, null);
    const report: OracleReport = { clicks: { checked: 0, hits: 0, misses: [] }, verdicts: [], badSelectors: [], rerenderDiffPixels: 0, rerenderPng: null, painted: [] };

    // verdicts
    const keyOf = new Map<string, { got: 'accept' | 'reject'; reason: string | null }>();
    for (const t of r.targets) {
      const k = await call<string | null>(page, 'keyOf', t.dom.selector);
      if (k) keyOf.set(k, { got: 'accept', reason: null });
    }
    for (const t of r.rejectedTargets) {
      const k = await call<string | null>(page, 'keyOf', t.selector);
      if (k && !keyOf.has(k)) keyOf.set(k, { got: 'reject', reason: t.reason });
    }
    for (const e of await call<Array<{ k: string; expect: string }>>(page, 'expectations')) {
      const g = keyOf.get(e.k);
      report.verdicts.push({ k: e.k, expect: e.expect as 'accept' | 'reject', got: g?.got ?? 'missing', reason: g?.reason ?? null });
    }

    // painted (before any mouse movement: no hover states)
    const basePng = await page.screenshot({ type: 'png', animations: 'allow', caret: 'hide', scale: 'device' });
    report.rerenderPng = basePng;
    const base = await decodeImage(basePng);
    report.rerenderDiffPixels = countDiff(base, await decodeImage(r.png));
    if (painted) {
      for (const t of r.targets) {
        const focused = await call<boolean>(page, 'focused', t.dom.selector);
        if (!(await call<boolean>(page, 'hide', { sel: t.dom.selector, textOnly: t.checks.text.refined }))) continue;
        const hidden = await decodeImage(await page.screenshot({ type: 'png', animations: 'allow', caret: 'hide', scale: 'device' }));
        await call(page, 'show');
        // a repaint can change anti-aliasing of untouched content; pixels that also differ after
        // restoring the element are such noise and do not count
        const restored = await decodeImage(await page.screenshot({ type: 'png', animations: 'allow', caret: 'hide', scale: 'device' }));
        const d = diffBox(base, hidden, t.bbox, Math.ceil(r.dpr), restored);
        report.painted.push({ tid: t.tid, k: await call<string | null>(page, 'keyOf', t.dom.selector), focused, ...d });
      }
    }

    // clicks
    for (const t of [...r.targets, ...r.rejectedTargets.map((x) => ({ dom: { selector: x.selector }, tid: null }))]) {
      const err = await call<string | null>(page, 'arm', t.dom.selector);
      if (err) report.badSelectors.push(`${t.dom.selector}: ${err}`);
    }
    for (const t of r.targets) {
      report.clicks.checked++;
      const css: [number, number] = [t.point[0] / r.dpr, t.point[1] / r.dpr];
      const err = await call<string | null>(page, 'arm', t.dom.selector);
      if (err) {
        report.clicks.misses.push({ tid: t.tid, selector: t.dom.selector, point: t.point, css, got: [err] });
        continue;
      }
      await page.mouse.click(css[0], css[1]);
      const res = await call<{ ok: boolean; got: string[] }>(page, 'result');
      if (res.ok) report.clicks.hits++;
      else report.clicks.misses.push({ tid: t.tid, selector: t.dom.selector, point: t.point, css, got: res.got });
    }
    return report;
  });
}

export type { PageSource };
