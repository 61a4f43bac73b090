/**
 * Elements made clickable by script only: `el.addEventListener('click', …)` (or `mousedown`,
 * `mouseup`, `pointerdown`, `pointerup`, `touchstart`) or a handler property (`el.onclick = fn`), with
 * no `onclick` attribute, no role and no tabindex. Such an element is a clickable candidate (role
 * `generic`, like an `[onclick]` container: hittest/README.md "Candidates").
 *
 * Listeners come from the registry of the init hook renderers/listener-hook.ts (per window, under
 * `Symbol.for('uisynth.activationListeners')`); handler properties are read from the element itself.
 *
 * **Delegation.** A listener is evidence only for the element it is registered on, never for its
 * children: a page that listens on a list and looks at `event.target` makes no child a control in our
 * eyes (the children stay what they are: text, links…). The listener element itself is not a target
 * either when it is a delegation host rather than a control:
 * - `window`, documents and shadow roots (never recorded), `<html>`, `<body>`, frames;
 * - framework roots: an element listening to {@link FRAMEWORK_ROOT_TYPES} or more distinct event types
 *   (React registers every event type on its root container, Svelte 5 about two dozen);
 * - lists, tables and landmarks (`ul`, `ol`, `menu`, `dl`, `table`, `tbody`, …, `nav`, `header`,
 *   `footer`, `main`, `aside`, `form`, `fieldset`, `select`, and the same ARIA roles);
 * - an element whose children repeat: 3 or more element children with the same tag and class, or 2 or
 *   more with the same non-empty class (`div.tags > span.tag × n`);
 * - and, checked by the walk (walk.ts) as for every generic clickable container: more than
 *   `maxTextLength` characters of text or a box larger than `maxContainerArea` of the viewport. Such
 *   an element is then treated as if it had no listener (its own text is still a text candidate).
 *
 * Inside an atomic control (a button, a link) a listener-only descendant is part of that control, not
 * a target of its own; a listener-only image or icon (`img` with alt, labelled `svg`, `data-icon`)
 * stays an image candidate, which is a target of its own already (walk.ts).
 */

/** Key of the registry installed by renderers/listener-hook.ts (`ACTIVATION_LISTENERS_KEY` there). */
const KEY = Symbol.for('uisynth.activationListeners');
/** Event types whose listener makes an element clickable (`ACTIVATION_TYPES` of renderers/listener-hook.ts). */
const TYPES = ['click', 'mousedown', 'mouseup', 'pointerdown', 'pointerup', 'touchstart'];
/** An element listening to this many distinct event types is a framework's delegation root. */
export const FRAMEWORK_ROOT_TYPES = 20;

interface Registry {
  activationTypes(el: Element): string[];
  typeCount(el: Element): number;
  readonly size: number;
}
const registryOf = (el: Element): Registry | null => {
  const w = el.ownerDocument.defaultView as (Window & Record<symbol, unknown>) | null;
  const r = w ? (w[KEY] as Registry | undefined) : undefined;
  return r && typeof r.activationTypes === 'function' ? r : null;
};

/** Hosts of delegated listeners by tag. */
const HOST_TAGS = new Set([
  'html', 'body', 'head', 'iframe', 'frame', 'frameset', 'object', 'embed',
  'ul', 'ol', 'menu', 'dl', 'table', 'thead', 'tbody', 'tfoot', 'colgroup', 'select', 'datalist', 'optgroup',
  'nav', 'header', 'footer', 'main', 'aside', 'form', 'fieldset',
]);
/** Hosts of delegated listeners by ARIA role. */
const HOST_ROLES = new Set([
  'list', 'listbox', 'menu', 'menubar', 'tablist', 'toolbar', 'grid', 'table', 'tree', 'treegrid', 'rowgroup', 'radiogroup',
  'navigation', 'banner', 'contentinfo', 'main', 'complementary', 'form', 'search', 'region', 'application', 'document', 'feed',
]);
/** Inline formatting children that repeat inside one control ("<b>Save</b> <b>draft</b>"). */
const FORMATTING = new Set(['b', 'i', 'em', 'strong', 'small', 'sub', 'sup', 'mark', 'abbr', 's', 'u', 'code', 'kbd', 'br', 'wbr']);

/** Activation event types the element itself listens to: registered listeners, handler properties and `on…` attributes. */
export function ownActivationTypes(el: Element): string[] {
  const out = new Set<string>();
  const reg = registryOf(el);
  if (reg && reg.size > 0) for (const t of reg.activationTypes(el)) out.add(t);
  for (const t of TYPES) {
    if (el.hasAttribute('on' + t)) out.add(t);
    else if (typeof (el as unknown as Record<string, unknown>)['on' + t] === 'function') out.add(t);
  }
  return [...out];
}

/** Children repeat: 3+ with one tag and class, or 2+ with one non-empty class (a list built of divs or spans). */
function repeatsChildren(el: Element): boolean {
  const n = new Map<string, number>();
  for (const c of Array.from(el.children)) {
    const cls = (c.getAttribute('class') || '').trim().split(/\s+/).sort().join(' ');
    if (!cls && FORMATTING.has(c.localName)) continue;
    const k = `${c.localName}.${cls}`;
    const v = (n.get(k) ?? 0) + 1;
    n.set(k, v);
    if (v >= 3 || (v >= 2 && cls)) return true;
  }
  return false;
}

/**
 * The element is clickable by script only and not a delegation host (rules in the module comment; the
 * text-length and area limits are applied by the walk). Markup evidence (role, tabindex, `onclick`
 * attribute) is judged by roles.ts before this is asked.
 */
export function listenerClickable(el: Element): boolean {
  if (HOST_TAGS.has(el.localName)) return false;
  if (!ownActivationTypes(el).length) return false;
  const role = (el.getAttribute('role') || '').trim().split(/\s+/)[0]!.toLowerCase();
  if (role && HOST_ROLES.has(role)) return false;
  const reg = registryOf(el);
  if (reg && reg.typeCount(el) >= FRAMEWORK_ROOT_TYPES) return false;
  return !repeatsChildren(el);
}
