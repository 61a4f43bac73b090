/**
 * Reading the DOM the way the probe needs it: the composed and flat trees across open and closed
 * shadow roots and same-origin frames, computed styles (cached for one probe run), and a short
 * description of an element (`tag#id.class1.class2`) used in every report.
 *
 * Closed shadow roots are reachable because the init hook of renderers/browser.ts keeps them per
 * window under `Symbol.for('uisynth.closedShadowRoots')` (hittest/capture.ts registers declarative
 * ones there too).
 */

/** Tags whose content is never a candidate nor visible text. */
export const SKIP_TAGS = new Set(['script', 'style', 'template', 'noscript', 'head', 'meta', 'link', 'title', 'base']);
/** The empty element set (default "skip nothing"). */
export const NO_ELS: ReadonlySet<Element> = new Set();

export type WS = Window & Record<symbol, unknown>;
const CLOSED = Symbol.for('uisynth.closedShadowRoots');
/** Closed shadow roots kept by the init hook, by host. */
const closedByHost = new Map<Element, ShadowRoot>();
/** Register the closed shadow roots the init hook kept in window `w` (a frame's window when it is first reached). */
export const addClosed = (w: Window | null): void => {
  const l = w ? (w as unknown as WS)[CLOSED] : null;
  if (Array.isArray(l)) for (const r of l as ShadowRoot[]) if (r && r.host) closedByHost.set(r.host, r);
};
/** Open or closed shadow root of `el`, when reachable. */
export const shadowOf = (el: Element): ShadowRoot | null => el.shadowRoot ?? closedByHost.get(el) ?? null;

const styleCache = new Map<Element, CSSStyleDeclaration>();
/** Computed style of `el` in its own window, cached until {@link resetDom} or {@link clearStyleCache}. */
export const cs = (el: Element): CSSStyleDeclaration => {
  let s = styleCache.get(el);
  if (!s) {
    const v = el.ownerDocument.defaultView ?? window;
    s = v.getComputedStyle(el);
    styleCache.set(el, s);
  }
  return s;
};
/** Forget cached computed styles (after frames passed). */
export const clearStyleCache = (): void => styleCache.clear();

/**
 * CSS px of the viewport per CSS px of `el`'s own layout (CSS `zoom` and scale transforms of its
 * ancestors): its rendered width, `width` (default: its client rect's), over its `offsetWidth`; 1 when
 * that cannot be measured.
 */
export function layoutScale(el: Element, width = el.getBoundingClientRect().width): number {
  const ow = (el as HTMLElement).offsetWidth;
  const z = ow > 0 ? width / ow : 1;
  return isFinite(z) && z > 0 ? z : 1;
}

/** Start a probe run: empty caches, closed shadow roots of the top window registered. */
export function resetDom(): void {
  styleCache.clear();
  closedByHost.clear();
  addClosed(window);
}

// ---------------------------------------------------------------- tree navigation
/** Parent in the composed tree by DOM (ShadowRoot -> host, Document -> frame element). */
export const domUp = (n: Node): Node | null => {
  const p = n.parentNode;
  if (!p) return null;
  if (p.nodeType === 11) return (p as ShadowRoot).host ?? null;
  if (p.nodeType === 9) return ((p as Document).defaultView?.frameElement as Element | null) ?? null;
  return p;
};
/** Parent in the flat tree (slotted -> slot). */
export const flatUp = (n: Node): Node | null => {
  const slot = (n as Element | Text).assignedSlot;
  if (slot) return slot;
  return domUp(n);
};
/** Flat-tree parent element for style/clip purposes (within frames, then up to the iframe element). */
export const flatParentEl = (el: Element): Element | null => {
  let p = flatUp(el);
  while (p && p.nodeType !== 1) p = flatUp(p);
  return (p as Element) ?? null;
};

/** `n` is an element node. */
export const isEl = (n: Node | null): n is Element => !!n && n.nodeType === 1;

// ---------------------------------------------------------------- element description
/** `tag#id.class1.class2` (at most two classes), null for null. */
export const desc = (el: Element | null): string | null => {
  if (!el) return null;
  let d = el.localName;
  if (el.id) d += '#' + el.id;
  const cls = typeof el.className === 'string' ? el.className : el.getAttribute('class') || '';
  const c = cls.trim().split(/\s+/).filter(Boolean).slice(0, 2);
  if (c.length) d += '.' + c.join('.');
  return d;
};

/** Children in the flat tree: a host's shadow root's children, a slot's assigned nodes (else its fallback content). */
export const childNodesFlat = (n: Node): Node[] => {
  const el = n as Element;
  const sr = isEl(n) ? shadowOf(el) : null;
  if (sr) return Array.from(sr.childNodes);
  if (isEl(n) && el.localName === 'slot') {
    const a = (el as HTMLSlotElement).assignedNodes({ flatten: true });
    return a.length ? a : Array.from(el.childNodes);
  }
  return Array.from(n.childNodes);
};
