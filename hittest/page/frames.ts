/**
 * Documents and frames: every same-origin document the probe reaches gets a {@link Scope} with its
 * offset in the top-level viewport, so that every box is in **CSS px of the top-level viewport**
 * (a frame's content starts at its iframe's content box: border + padding). Cross-origin and
 * sandboxed frames are not reachable; they are listed in {@link unreachableFrames}.
 */
import { union, type B } from './boxes.js';
import { addClosed, childNodesFlat, cs, desc, isEl } from './dom.js';

/** One reachable document: its origin and viewport in top-level coordinates. */
export interface Scope {
  doc: Document;
  ox: number;
  oy: number;
  /** Viewport of this document in top coords. */
  vp: B;
  frame: HTMLIFrameElement | null;
  problem: string | null;
  /** `iframe#a > iframe#b`, null for the top document. */
  path: string | null;
}
/** Iframes whose document is not reachable (cross-origin, sandboxed), in walk order. */
export const unreachableFrames: string[] = [];
const scopes = new Map<Document, Scope>();
/**
 * The top-level layout viewport without scrollbars, `[0, 0, clientWidth, clientHeight]` (equal to the
 * visual viewport at scale 1, which capture asserts; the layout viewport does not change while a
 * screenshot is taken). Set by {@link resetFrames}.
 */
export let topVp: B = [0, 0, 0, 0];

/** Start a probe run: only the top document is known. */
export function resetFrames(): void {
  unreachableFrames.length = 0;
  scopes.clear();
  const vpEl = document.compatMode === 'BackCompat' && document.body ? document.body : document.documentElement;
  topVp = [0, 0, vpEl.clientWidth, vpEl.clientHeight];
  scopes.set(document, { doc: document, ox: 0, oy: 0, vp: topVp, frame: null, problem: null, path: null });
}

/** The scope of a known document (undefined when its frame has not been reached yet). */
export const knownScope = (doc: Document): Scope | undefined => scopes.get(doc);

/** Scope of the document in iframe `f`, created on first use; null when its document is not reachable. */
export function frameScope(f: HTMLIFrameElement): Scope | null {
  let doc: Document | null = null;
  try {
    doc = f.contentDocument;
  } catch {
    doc = null;
  }
  if (!doc || !doc.documentElement) return null;
  const have = scopes.get(doc);
  if (have) return have;
  const parent = scopes.get(f.ownerDocument);
  if (!parent) return null;
  const r = f.getBoundingClientRect();
  const s = cs(f);
  const ow = (f as HTMLElement).offsetWidth;
  const oh = (f as HTMLElement).offsetHeight;
  let problem: string | null = parent.problem;
  if (ow > 0 && oh > 0 && (Math.abs(r.width / ow - 1) > 0.005 || Math.abs(r.height / oh - 1) > 0.005)) {
    problem = 'frame_transformed';
  }
  const px = (v: string): number => parseFloat(v) || 0;
  const ox = parent.ox + r.left + px(s.borderLeftWidth) + px(s.paddingLeft);
  const oy = parent.oy + r.top + px(s.borderTopWidth) + px(s.paddingTop);
  const w = doc.defaultView;
  const vw = w?.visualViewport ? w.visualViewport.width : doc.documentElement.clientWidth;
  const vh = w?.visualViewport ? w.visualViewport.height : doc.documentElement.clientHeight;
  const sc: Scope = { doc, ox, oy, vp: [ox, oy, ox + vw, oy + vh], frame: f, problem, path: (parent.path ? parent.path + ' > ' : '') + desc(f) };
  scopes.set(doc, sc);
  addClosed(doc.defaultView);
  return sc;
}
/** Scope of the document holding `el` (a stand-in flagged `unknown_frame` when its frame cannot be placed). */
export const scopeOf = (el: Element | Node): Scope => {
  const doc = (el as Node).ownerDocument ?? (el as Document);
  const s = scopes.get(doc);
  if (s) return s;
  const f = doc.defaultView?.frameElement as HTMLIFrameElement | null;
  return (f && frameScope(f)) || { doc, ox: 0, oy: 0, vp: topVp, frame: null, problem: 'unknown_frame', path: null };
};

// ---------------------------------------------------------------- element boxes
/** A client rect of scope `sc` in top-level coordinates. */
export const toTop = (r: DOMRect | { left: number; top: number; right: number; bottom: number }, sc: Scope): B => [
  r.left + sc.ox,
  r.top + sc.oy,
  r.right + sc.ox,
  r.bottom + sc.oy,
];
/**
 * Border box of `el` in top-level CSS px, null when it has no box; a `display: contents` element gets
 * the union of its children's boxes and text.
 */
export function boxOf(el: Element, depth = 0): B | null {
  const sc = scopeOf(el);
  const s = cs(el);
  if (s.display === 'contents' && depth < 8) {
    const parts: B[] = [];
    for (const c of childNodesFlat(el)) {
      if (isEl(c)) {
        const b = boxOf(c, depth + 1);
        if (b) parts.push(b);
      } else if (c.nodeType === 3 && /\S/.test((c as Text).data)) {
        const rg = el.ownerDocument.createRange();
        rg.selectNodeContents(c);
        const r = rg.getBoundingClientRect();
        if (r.width > 0 && r.height > 0) parts.push(toTop(r, sc));
      }
    }
    return union(parts);
  }
  const r = el.getBoundingClientRect();
  if (r.width <= 0 || r.height <= 0) return null;
  return toTop(r, sc);
}

