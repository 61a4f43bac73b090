/**
 * What a person can read on the page: every visible text run (one per element's own text nodes) with
 * its boxes, and the list of visible texts and accessible names (for the query writer's uniqueness
 * checks, hittest/README.md "What the page shows").
 */
import { area, union, type B } from './boxes.js';
import { cs, flatParentEl } from './dom.js';
import { collapse } from './text.js';
import { textRects } from './text-geometry.js';
import type { ProbeCandidate, ProbeTextItem } from './types.js';
import type { TextNodeRef } from './walk.js';

/**
 * Visible text runs of `textNodes` (rendered, opacity ≥ 0.05, `visibility: visible`, at least 4 CSS px²
 * of rect after clipping) and the visible texts and names: texts first, then the names and texts of
 * candidates at least partly on screen; whitespace-collapsed, first-seen order, no repeats.
 * `parents[i]` is the element whose own text nodes make `texts[i]`.
 */
export function visibleTexts(textNodes: TextNodeRef[], out: ProbeCandidate[]): { texts: ProbeTextItem[]; pageTexts: string[]; parents: Element[] } {
  const texts: ProbeTextItem[] = [];
  const parents: Element[] = [];
  const pageTexts: string[] = [];
  const seen = new Set<string>();
  const addPT = (s: string): void => {
    const t = collapse(s);
    if (t && !seen.has(t)) {
      seen.add(t);
      pageTexts.push(t);
    }
  };
  const byParent = new Map<Element, { t: string; r: B[] }>();
  for (const { node, parent } of textNodes) {
    let visibleStyle = true;
    let op = 1;
    for (let n: Element | null = parent; n; n = flatParentEl(n)) {
      const s = cs(n);
      op *= parseFloat(s.opacity);
      if (s.display === 'none') visibleStyle = false;
    }
    if (!visibleStyle || op < 0.05 || cs(parent).visibility !== 'visible') continue;
    const { vis } = textRects(node, parent);
    const inVp = vis.filter((r) => area(r) >= 4);
    if (!inVp.length) continue;
    const e = byParent.get(parent) ?? { t: '', r: [] };
    e.t += node.data;
    e.r.push(...inVp);
    byParent.set(parent, e);
  }
  for (const [p, v] of byParent) {
    const t = collapse(v.t);
    if (!t) continue;
    texts.push({ t, r: union(v.r)!, lines: v.r });
    parents.push(p);
    addPT(t);
  }
  for (const c of out) {
    if (c.style.display === 'none' || c.style.visibility !== 'visible' || c.style.opacity < 0.05 || c.viewportFraction <= 0 || !c.visible) continue;
    addPT(c.name);
    addPT(c.text);
  }
  return { texts, pageTexts, parents };
}
