/**
 * The text a candidate shows: its text nodes (controls nested in it left out) with their line rects,
 * cut at an ellipsis, joined as people read them on screen (spaces where the page shows a gap or a
 * line break, `text-transform` applied, `…` where the text is truncated).
 */
import { inter, type B } from './boxes.js';
import { paddingBox } from './clip.js';
import { cs } from './dom.js';
import { ellipsisOwner, visiblePrefix } from './ellipsis.js';
import { collapse, painted } from './text.js';
import { textNodesUnder, textRects } from './text-geometry.js';
import type { TextNodeRef } from './walk.js';

/** One text node of a candidate with its rects (top-level CSS px). */
export interface TextPiece extends TextNodeRef {
  /** Its rects, unclipped (cut to the ellipsis owner's box when truncated on purpose). */
  raw: B[];
  /** Its rects after every clip. */
  vis: B[];
  /** The visible part when an ellipsis cuts it, else null. */
  shown: string | null;
}

/**
 * Text pieces of candidate `el` (none for an image) without the elements in `nested`, and the visible
 * text they make: `text` (whitespace-collapsed, as painted; ends with `…` when `truncated`).
 */
export function visibleText(el: Element, kind: string, nested: ReadonlySet<Element>): { pieces: TextPiece[]; text: string; truncated: boolean } {
  let truncated = false;
  let visText = '';
  const tn = kind === 'image' ? [] : textNodesUnder(el, nested);
  const perNode = tn.map((t) => {
    const tr = textRects(t.node, t.parent);
    const o = tr.raw.length ? ellipsisOwner(t.parent) : null;
    let shown: string | null = null;
    let raw = tr.raw;
    if (o) {
      const pb = paddingBox(o);
      const cut = pb ? visiblePrefix(t.node, o, pb) : null;
      if (cut && cut.cut) {
        shown = cut.text;
        truncated = true;
        // intentional truncation is not clipping: measure against the owner's box
        raw = raw.map((r) => inter(r, pb)).filter((r): r is B => !!r);
      }
    }
    return { ...t, raw, vis: tr.vis, shown };
  });
  {
    let prevLine: B | null = null;
    let prevTrail = false;
    for (const p of perNode) {
      if (!p.vis.length) continue;
      const pcs = cs(p.parent);
      if (pcs.visibility !== 'visible') continue;
      const d = p.node.data;
      const lead = /^\s/.test(d);
      const first = p.vis[0]!;
      const sep = visText && (lead || prevTrail || (prevLine && (first[1] >= prevLine[3] - 1 || first[0] - prevLine[2] > 2)));
      visText += (sep ? ' ' : '') + painted(collapse(p.shown ?? d), pcs.textTransform);
      prevLine = p.vis[p.vis.length - 1]!;
      prevTrail = /\s$/.test(d);
      if (p.shown !== null) break; // nothing after the ellipsis is visible
    }
    if (truncated && visText) visText += '\u2026';
  }
  return { pieces: perNode, text: visText, truncated };
}
