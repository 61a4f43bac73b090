/**
 * ARIA roles of elements, from the `role` attribute or the HTML element (a subset of the HTML-AAM
 * mapping: what the grounding records need). {@link interactiveRole} decides what is a control.
 */
import { listenerClickable } from './listeners.js';

/** Roles of controls a click acts on. */
export const INTERACTIVE_ROLES = new Set([
  'button', 'link', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'checkbox', 'radio', 'switch',
  'option', 'treeitem', 'textbox', 'combobox', 'slider', 'searchbox', 'spinbutton',
]);
/** First token of the `role` attribute, lower-cased ('' when absent). */
export const explicitRole = (el: Element): string => (el.getAttribute('role') || '').trim().split(/\s+/)[0]!.toLowerCase();
/** Role of an `<input>` by its `type` (null for `hidden`). */
export const inputRole = (el: HTMLInputElement): string | null => {
  const t = (el.getAttribute('type') || 'text').toLowerCase();
  switch (t) {
    case 'hidden':
      return null;
    case 'checkbox':
      return 'checkbox';
    case 'radio':
      return 'radio';
    case 'range':
      return 'slider';
    case 'button':
    case 'submit':
    case 'reset':
    case 'image':
      return 'button';
    case 'number':
      return 'spinbutton';
    case 'search':
      return el.hasAttribute('list') ? 'combobox' : 'searchbox';
    default:
      return el.hasAttribute('list') ? 'combobox' : 'textbox';
  }
};
/**
 * Interactive role by markup alone, or null: `generic` for `[onclick]` / `[tabindex]` containers.
 * {@link interactiveRole} adds elements made clickable by script.
 */
export const markupRole = (el: Element): string | null => {
  const r = explicitRole(el);
  if (r && INTERACTIVE_ROLES.has(r)) return r;
  const tag = el.localName;
  if (tag === 'a' || tag === 'area') return el.hasAttribute('href') ? 'link' : null;
  if (tag === 'button') return 'button';
  if (tag === 'input') return inputRole(el as HTMLInputElement);
  if (tag === 'select') {
    const s = el as HTMLSelectElement;
    return s.multiple || s.size > 1 ? 'listbox' : 'combobox';
  }
  if (tag === 'textarea') return 'textbox';
  if (tag === 'summary') return 'button';
  const ce = el.getAttribute('contenteditable');
  if (ce !== null && ce !== 'false') return 'textbox';
  if (el.hasAttribute('onclick')) return 'generic';
  const ti = el.getAttribute('tabindex');
  if (ti !== null && parseInt(ti, 10) >= 0 && tag !== 'iframe') return 'generic';
  return null;
};
/**
 * Interactive role, or null: {@link markupRole}, else `generic` for an element made clickable by an
 * activation listener of its own (listeners.ts: not a delegation host).
 */
export const interactiveRole = (el: Element): string | null => markupRole(el) ?? (listenerClickable(el) ? 'generic' : null);
/** Role of a non-interactive element: its explicit role (unless presentation/none) or the one its tag implies, `text` by default. */
export const implicitRole = (el: Element): string => {
  const r = explicitRole(el);
  if (r && r !== 'presentation' && r !== 'none') return r;
  const tag = el.localName;
  if (/^h[1-6]$/.test(tag)) return 'heading';
  switch (tag) {
    case 'img':
    case 'svg':
      return 'img';
    case 'li':
      return 'listitem';
    case 'p':
      return 'paragraph';
    case 'td':
      return 'cell';
    case 'th': {
      // a header cell heading its row (`scope="row"`, a spreadsheet's row number) is a row header (HTML-AAM)
      const scope = (el.getAttribute('scope') || '').toLowerCase();
      return scope === 'row' || scope === 'rowgroup' ? 'rowheader' : 'columnheader';
    }
    case 'label':
      return 'label';
    case 'dt':
      return 'term';
    case 'dd':
      return 'definition';
    case 'caption':
    case 'figcaption':
      return 'caption';
    case 'legend':
      return 'legend';
    case 'blockquote':
      return 'blockquote';
    case 'code':
      return 'code';
    default:
      return 'text';
  }
};

