/**
 * The walk: every grounding candidate of the page in document order (flat tree, through open and
 * closed shadow roots and same-origin frames) and every non-blank text node (for the visible texts).
 * Which elements are candidates is documented in hittest/README.md "Candidates".
 */
import { area } from './boxes.js';
import { contentText } from './accname.js';
import { desc, isEl, shadowOf, SKIP_TAGS } from './dom.js';
import { frameScope, topVp, unreachableFrames } from './frames.js';
import { explicitRole, implicitRole, interactiveRole, markupRole } from './roles.js';
import { collapse } from './text.js';
import type { ProbeArgs, ProbeCandidate } from './types.js';

/** One candidate found by the walk. */
export interface Cand {
  el: Element;
  kind: ProbeCandidate['kind'];
  role: string;
  control: Element | null; // merged label's control
  idx: number;
}
/** A non-blank text node and the element it counts for (a shadow root's text counts for the host). */
export interface TextNodeRef {
  node: Text;
  parent: Element;
}
/** Roles whose content is part of the control (no candidates inside, except nested controls). */
export const ATOMIC = new Set(['button', 'link', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'checkbox', 'radio', 'switch', 'option', 'treeitem', 'textbox', 'combobox', 'slider', 'searchbox', 'spinbutton', 'listbox']);
/** Element has a non-blank text node child. */
export const hasOwnText = (el: Element): boolean => {
  for (const c of Array.from(el.childNodes)) if (c.nodeType === 3 && /\S/.test((c as Text).data)) return true;
  return false;
};

interface Ctx {
  atomic: boolean;
  textOwner: boolean;
  /** Inside an `<svg>`: only interactive elements (`a[href]`, roles, tabindex, onclick) are candidates. */
  svg?: boolean;
}

/**
 * Walk the top document. `maxTextLength` bounds text candidates, `maxContainerArea` (fraction of the
 * viewport) generic clickable containers.
 */
export function walkPage(args: Pick<ProbeArgs, 'maxTextLength' | 'maxContainerArea'>): { cands: Cand[]; textNodes: TextNodeRef[]; shadowRoots: ShadowRoot[] } {
  const cands: Cand[] = [];
  const textNodes: TextNodeRef[] = [];
  const allShadowRoots: ShadowRoot[] = [];
  const vpArea = area(topVp);
  let idx = 0;
  /** A generic clickable element small enough to be one control: ≤ maxTextLength characters, ≤ maxContainerArea of the viewport. */
  const fitsContainer = (el: Element): boolean => {
    const txt = collapse(el.textContent || '');
    const r = el.getBoundingClientRect();
    return txt.length <= args.maxTextLength && r.width * r.height <= args.maxContainerArea * vpArea;
  };
  /** An image candidate: `img` with alt text, a labelled `svg` / `role=img`, a `data-icon` element. */
  const imageLike = (el: Element): boolean => {
    const tag = el.localName;
    return !!(
      (tag === 'img' && collapse(el.getAttribute('alt') || '')) ||
      ((tag === 'svg' || explicitRole(el) === 'img') && (el.getAttribute('aria-label') || el.getAttribute('aria-labelledby'))) ||
      (el.hasAttribute('data-icon') && tag !== 'body')
    );
  };
  function visitChildren(parent: Node, ctx: Ctx): void {
    for (const c of Array.from(parent.childNodes)) {
      if (c.nodeType === 3) {
        if (/\S/.test((c as Text).data) && isEl(parent)) textNodes.push({ node: c as Text, parent: parent as Element });
        else if (/\S/.test((c as Text).data) && (parent as ShadowRoot).host) textNodes.push({ node: c as Text, parent: (parent as ShadowRoot).host });
      } else if (c.nodeType === 1) visit(c as Element, ctx);
    }
  }
  function visit(el: Element, ctx: Ctx): void {
    const tag = el.localName;
    if (SKIP_TAGS.has(tag)) return;
    if ((tag === 'option' || tag === 'optgroup') && el.closest('select')) return;
    let next: Ctx = ctx;
    const add = (kind: Cand['kind'], role: string, control: Element | null = null): void => {
      cands.push({ el, kind, role, control, idx: idx++ });
    };
    if (ctx.svg && !ctx.atomic) {
      // inside <svg>: links and elements made interactive by role / tabindex / onclick only
      const ir = interactiveRole(el);
      if (ir) {
        add(ir === 'generic' ? 'container' : 'control', ir === 'generic' ? explicitRole(el) || 'generic' : ir);
        next = { atomic: ATOMIC.has(ir) || ir === 'link', textOwner: true, svg: true };
      }
    } else if (ctx.atomic && !ctx.svg) {
      // a control nested in another control (an onclick span or a role=button inside a link or a
      // role=button row): a click there acts on it, so it is a target of its own (the outer control's
      // box then holds its click point and capture.ts rejects the outer one as ambiguous_box). A
      // listener without markup (listeners.ts) inside a control is part of that control: a click there
      // acts on both, and the page's markup does not say it is separate
      const ir = markupRole(el);
      if (ir && !(tag === 'input' && el.closest('label'))) {
        add(ir === 'generic' ? 'container' : 'control', ir === 'generic' ? explicitRole(el) || 'generic' : ir);
        next = { atomic: true, textOwner: true };
      }
    } else if (!ctx.atomic) {
      let ir = interactiveRole(el);
      // an element clickable by a listener only but too large or too wordy for a control (a delegation
      // host, listeners.ts) is treated as if it had no listener: its own text stays a text candidate;
      // a listener-only image or icon stays an image candidate (its own target already, named by its
      // alt / aria-label, and queried as an icon)
      if (ir === 'generic' && markupRole(el) === null && (!fitsContainer(el) || imageLike(el))) ir = null;
      if (tag === 'label' && (el as HTMLLabelElement).control) {
        const c = (el as HTMLLabelElement).control!;
        const cr = interactiveRole(c) ?? 'checkbox';
        if (el.contains(c) && (cr === 'checkbox' || cr === 'radio' || cr === 'switch')) {
          add('control', cr, c);
          // another control inside the label (a link to the terms) is a target of its own; its pixels
          // are not the checkbox's (resolvesTo fails grid points on it)
          const other = Array.from(el.querySelectorAll('a[href], button, input, select, textarea, [role]')).some((x) => x !== c && (interactiveRole(x) ?? 'generic') !== 'generic');
          next = { atomic: !other, textOwner: true };
        } else if (!ctx.textOwner) {
          add('label', 'label');
          next = { atomic: false, textOwner: true };
        }
      } else if (ir && ir !== 'generic') {
        if (tag === 'input' && el.closest('label') && ['checkbox', 'radio'].includes((el as HTMLInputElement).type) && (el.closest('label') as HTMLLabelElement).control === el) {
          // merged into its wrapping label
        } else add('control', ir);
        if (ATOMIC.has(ir)) next = { atomic: true, textOwner: true };
      } else if (ir === 'generic') {
        if (fitsContainer(el)) {
          add('container', explicitRole(el) || 'generic');
          next = { atomic: false, textOwner: true };
        }
      } else if (/^h[1-6]$/.test(tag) || explicitRole(el) === 'heading') {
        if (!ctx.textOwner) {
          add('heading', 'heading');
          next = { atomic: false, textOwner: true };
        }
      } else if (imageLike(el)) {
        add('image', implicitRole(el) === 'text' ? 'img' : implicitRole(el));
        next = { atomic: false, textOwner: true };
      } else if (!ctx.textOwner && tag !== 'body' && tag !== 'html' && tag !== 'svg' && !shadowOf(el) && hasOwnText(el)) {
        const t = collapse(contentText(el, null));
        if (t && t.length <= args.maxTextLength) {
          add('text', implicitRole(el));
          next = { atomic: false, textOwner: true };
        }
      }
    }
    if (tag === 'select' || tag === 'textarea') return;
    if (tag === 'svg') {
      if (next.atomic || !el.querySelector('a[href], [role], [tabindex], [onclick]')) return;
      next = { ...next, svg: true };
    }
    if (tag === 'iframe' || tag === 'frame') {
      const sc = frameScope(el as HTMLIFrameElement);
      if (sc && sc.doc.body) visit(sc.doc.documentElement, { atomic: false, textOwner: false });
      else if (!sc) unreachableFrames.push(desc(el)!);
      return;
    }
    const sr = shadowOf(el);
    if (sr) {
      allShadowRoots.push(sr);
      visitChildren(sr, next);
    }
    visitChildren(el, next);
  }
  visit(document.documentElement, { atomic: false, textOwner: false });
  return { cands, textNodes, shadowRoots: allShadowRoots };
}
