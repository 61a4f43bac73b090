/**
 * Accessible names, after the W3C accname computation as far as grounding needs it: `aria-labelledby`,
 * `aria-label`, form control values and labels, `alt`/`title`, `<svg><title>`, `<legend>`, then the
 * element's content for roles named from content (embedded controls contribute their value, hidden
 * content nothing). Names are whitespace-collapsed; they are what a person can read or a screen
 * reader says.
 */
import { childNodesFlat, cs, isEl } from './dom.js';
import { collapse } from './text.js';

/** `aria-hidden="true"`, `display: none`, `visibility: hidden|collapse`: contributes nothing to a name. */
export const isHiddenForName = (el: Element): boolean => {
  if (el.getAttribute('aria-hidden') === 'true') return true;
  const s = cs(el);
  return s.display === 'none' || s.visibility === 'hidden' || s.visibility === 'collapse';
};


/** Displays that separate their content from the surrounding text by a space. */
const BLOCKISH = /^(block|flex|grid|list-item|table|table-row|table-cell|flow-root)/;
/**
 * Text of `n`'s flat-tree content for a name (not collapsed); `exclude` (a label's own control) and
 * hidden content contribute nothing; depth > 0 means `n` is embedded in the element being named.
 */
export function contentText(n: Node, exclude: Element | null, depth = 0): string {
  if (depth > 40) return '';
  if (n.nodeType === 3) return (n as Text).data;
  if (!isEl(n)) return '';
  const el = n as Element;
  if (el === exclude) return '';
  const tag = el.localName;
  if (tag === 'script' || tag === 'style' || tag === 'template' || tag === 'noscript') return '';
  if (isHiddenForName(el)) return '';
  // an embedded control contributes its value, not its aria-label (accname 2C/2E); a checkbox,
  // radio or file input nested in a label contributes nothing (its aria-label is not visible text)
  if (depth > 0 && tag === 'input' && ['checkbox', 'radio', 'range', 'file', 'color', 'hidden'].includes((el as HTMLInputElement).type)) return '';
  if (depth > 0 && tag === 'select') {
    const o = (el as HTMLSelectElement).selectedOptions[0];
    return ' ' + (o ? o.text : '') + ' ';
  }
  const al = el.getAttribute('aria-label');
  if (al && al.trim() && depth > 0) return ' ' + al.trim() + ' ';
  if (tag === 'img' || (tag === 'input' && (el as HTMLInputElement).type === 'image')) return ' ' + (el.getAttribute('alt') || '') + ' ';
  if (tag === 'svg') {
    const t = el.querySelector('title');
    return t ? ' ' + (t.textContent || '') + ' ' : '';
  }
  if (tag === 'input') {
    const i = el as HTMLInputElement;
    if (['button', 'submit', 'reset'].includes(i.type)) return ' ' + (i.value || '') + ' ';
    if (['checkbox', 'radio', 'range', 'file', 'color', 'hidden'].includes(i.type)) return '';
    return ' ' + (i.type === 'password' ? '' : i.value) + ' ';
  }
  if (tag === 'select') {
    const o = (el as HTMLSelectElement).selectedOptions[0];
    return ' ' + (o ? o.text : '') + ' ';
  }
  if (tag === 'textarea') return ' ' + (el as HTMLTextAreaElement).value + ' ';
  let out = '';
  for (const c of childNodesFlat(el)) out += contentText(c, exclude, depth + 1);
  if (BLOCKISH.test(cs(el).display) || tag === 'br') out = ' ' + out + ' ';
  return out;
}
/** Elements of `el`'s root (document or shadow root) with the space-separated ids `ids`, missing ones left out. */
export const byIds = (el: Element, ids: string): Element[] => {
  const root = el.getRootNode() as Document | ShadowRoot;
  return ids
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => root.getElementById(id))
    .filter((e): e is HTMLElement => !!e);
};
/** Roles whose name comes from their content when no attribute names them. */
export const NAME_FROM_CONTENT = new Set([
  'button', 'link', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'checkbox', 'radio', 'switch', 'option',
  'treeitem', 'heading', 'cell', 'columnheader', 'rowheader', 'row', 'tooltip', 'label', 'listitem', 'text',
  'paragraph', 'term', 'definition', 'caption', 'legend', 'generic', 'gridcell', 'code', 'blockquote',
]);
/** Collapsed text of a `<label>`, without its own `control`. */
export function labelText(label: Element, control: Element | null): string {
  return collapse(contentText(label, control));
}
/** Accessible name of `el` with role `role` (whitespace-collapsed; '' when it has none). */
export function accName(el: Element, role: string): string {
  const lb = el.getAttribute('aria-labelledby');
  if (lb) {
    const t = collapse(byIds(el, lb).map((r) => contentText(r, null, 1)).join(' '));
    if (t) return t;
  }
  const al = collapse(el.getAttribute('aria-label') || '');
  if (al) return al;
  const tag = el.localName;
  if (tag === 'input' || tag === 'select' || tag === 'textarea' || tag === 'meter' || tag === 'progress') {
    const i = el as HTMLInputElement;
    if (tag === 'input' && ['button', 'submit', 'reset'].includes(i.type)) {
      return collapse(i.value || (i.type === 'submit' ? 'Submit' : i.type === 'reset' ? 'Reset' : ''));
    }
    if (tag === 'input' && i.type === 'image') return collapse(el.getAttribute('alt') || el.getAttribute('title') || '');
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length) {
      const t = collapse(Array.from(labels).map((l) => labelText(l, el)).join(' '));
      if (t) return t;
    }
    const t = collapse(el.getAttribute('title') || el.getAttribute('placeholder') || '');
    if (t) return t;
    return '';
  }
  if (tag === 'label') {
    const c = (el as HTMLLabelElement).control;
    return labelText(el, c && el.contains(c) && (c as HTMLInputElement).type !== 'checkbox' && (c as HTMLInputElement).type !== 'radio' ? c : null);
  }
  if (tag === 'img' || tag === 'area') {
    const t = collapse(el.getAttribute('alt') || el.getAttribute('title') || '');
    if (t) return t;
  }
  if (tag === 'svg') {
    const t = el.querySelector('title');
    if (t && collapse(t.textContent || '')) return collapse(t.textContent || '');
  }
  if (tag === 'fieldset') {
    const lg = el.querySelector('legend');
    if (lg) return collapse(contentText(lg, null));
  }
  if (NAME_FROM_CONTENT.has(role)) {
    const t = collapse(contentText(el, null));
    if (t) return t;
  }
  return collapse(el.getAttribute('title') || '');
}

