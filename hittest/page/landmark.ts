/**
 * Where a candidate sits and what it shows: its nearest landmark (the record's `context.landmark`)
 * and its icon name (the record's `icon`).
 */
import { byIds } from './accname.js';
import { domUp, isEl, shadowOf } from './dom.js';
import { explicitRole } from './roles.js';
import { collapse } from './text.js';

const LANDMARK_TAG: Record<string, string> = { header: 'header', nav: 'nav', main: 'main', aside: 'aside', footer: 'footer', dialog: 'dialog', form: 'form', search: 'search' };
const LANDMARK_ROLE: Record<string, string> = {
  banner: 'header', navigation: 'nav', main: 'main', complementary: 'aside', contentinfo: 'footer', dialog: 'dialog',
  alertdialog: 'dialog', form: 'form', search: 'search', region: 'region', toolbar: 'toolbar', menubar: 'menubar', tablist: 'tablist',
};
/** Name (or kind: `nav`, `header`, ...) of the nearest landmark-like ancestor in the composed tree; null outside any. */
export function landmarkOf(el: Element): string | null {
  for (let n: Node | null = domUp(el); n; n = domUp(n)) {
    if (!isEl(n)) continue;
    const r = explicitRole(n);
    let kind = (r && LANDMARK_ROLE[r]) || LANDMARK_TAG[n.localName] || null;
    if (!kind && n.localName === 'section' && (n.hasAttribute('aria-label') || n.hasAttribute('aria-labelledby'))) kind = 'region';
    if (!kind) continue;
    const lb = n.getAttribute('aria-labelledby');
    const name = collapse(n.getAttribute('aria-label') || (lb ? byIds(n, lb).map((x) => x.textContent || '').join(' ') : ''));
    return name || kind;
  }
  return null;
}
/** Icon files of the lucide-static package, as the generated pages reference them. */
const LUCIDE_SRC = /lucide-static\/icons\/([\w-]+)\.svg/;
/** Icon name of `e` itself: `data-icon`, an svg's label or lucide class, a lucide image's file name. */
function iconOfOne(e: Element): string | null {
  const di = e.getAttribute('data-icon');
  if (di) return di;
  if (e.localName === 'svg') {
    const al = e.getAttribute('aria-label');
    if (al) return collapse(al);
    const m = /(?:^|\s)lucide-([\w-]+)/.exec(e.getAttribute('class') || '');
    if (m) return m[1]!;
  }
  if (e.localName === 'img') {
    const m = LUCIDE_SRC.exec(e.getAttribute('src') || '');
    if (m) return m[1]!;
  }
  return null;
}
/** Icon name of `el`, or of the first icon-like element inside it (its shadow root first). */
export function iconOf(el: Element): string | null {
  const own = iconOfOne(el);
  if (own) return own;
  const root = shadowOf(el) ?? el;
  const cand = root.querySelector('[data-icon], svg, img');
  return cand ? iconOfOne(cand) : null;
}

