/** Effective style of a candidate through its flat-tree ancestors and frames (the record's `checks.style`). */
import { cs, flatParentEl } from './dom.js';
import type { ProbeCandidate } from './types.js';

/**
 * `display` (`none` when any ancestor is, or the element is not rendered at all), `visibility`,
 * effective opacity (product over ancestors, 4 decimals), `content-visibility` (incl. skipped `auto`
 * and hidden ancestors), `pointer-events`.
 */
export function styleOf(el: Element): ProbeCandidate['style'] {
  const s = cs(el);
  let opacity = 1;
  let displayNone = false;
  let cvHidden = false;
  for (let n: Element | null = el; n; n = flatParentEl(n)) {
    const ns = cs(n);
    opacity *= parseFloat(ns.opacity);
    if (ns.display === 'none') displayNone = true;
    if (n !== el && (ns.contentVisibility === 'hidden')) cvHidden = true;
  }
  let cv = s.contentVisibility || 'visible';
  if (cvHidden) cv = 'hidden';
  else if (s.display !== 'contents' && typeof el.checkVisibility === 'function' && !displayNone) {
    // not rendered at all (e.g. a light child assigned to no slot): like display:none
    if (!el.checkVisibility()) displayNone = true;
    else if (!el.checkVisibility({ contentVisibilityAuto: true } as CheckVisibilityOptions)) cv = cv === 'auto' ? 'auto (skipped)' : 'hidden (ancestor)';
  }
  return {
    display: displayNone ? 'none' : s.display,
    visibility: s.visibility,
    opacity: Math.round(opacity * 1e4) / 1e4,
    content_visibility: cv,
    pointer_events: s.pointerEvents,
  };
}
