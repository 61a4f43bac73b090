/** ARIA states and properties of a candidate (the record's `aria` field). */

/** `aria-*` attributes that refer to other elements by id: not states, left out. */
const ID_REF = new Set(['label', 'labelledby', 'describedby', 'controls', 'owns', 'flowto', 'details', 'activedescendant', 'errormessage']);
/**
 * `aria-*` attributes of `el` and of its merged `control` (a label's checkbox), keys without the
 * `aria-` prefix, plus the states the DOM holds (checked, value range, disabled, required, readonly,
 * selected, expanded, heading level, current link).
 */
export function ariaOf(el: Element, control: Element | null): Record<string, string> {
  const a: Record<string, string> = {};
  for (const src of control && control !== el ? [el, control] : [el]) {
    for (const at of Array.from(src.attributes)) {
      if (!at.name.startsWith('aria-')) continue;
      const k = at.name.slice(5);
      if (!ID_REF.has(k)) a[k] = at.value;
    }
  }
  const c = (control ?? el) as HTMLInputElement;
  const tag = c.localName;
  if (tag === 'input' && (c.type === 'checkbox' || c.type === 'radio')) {
    if (a.checked === undefined) a.checked = c.indeterminate ? 'mixed' : String(c.checked);
  }
  if (tag === 'input' && c.type === 'range') {
    a.valuenow ??= c.value;
    a.valuemin ??= c.min || '0';
    a.valuemax ??= c.max || '100';
  }
  try {
    if (c.matches(':disabled')) a.disabled = 'true';
  } catch {
    /* not a form element */
  }
  if ((c as HTMLInputElement).required) a.required ??= 'true';
  if ((c as HTMLInputElement).readOnly && (tag === 'input' || tag === 'textarea')) a.readonly ??= 'true';
  if (tag === 'option') a.selected ??= String((c as unknown as HTMLOptionElement).selected);
  if (tag === 'summary' && c.parentElement?.localName === 'details') a.expanded ??= String((c.parentElement as HTMLDetailsElement).open);
  const h = /^h([1-6])$/.exec(el.localName);
  if (h) a.level ??= h[1]!;
  if (el.localName === 'a' && el.getAttribute('aria-current')) a.current = el.getAttribute('aria-current')!;
  return a;
}

