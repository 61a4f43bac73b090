/**
 * Unpainted glyphs: grapheme clusters on the page that no font draws with a real glyph (the
 * missing-glyph box, or nothing: an emoji without an emoji font). Queries must not quote them.
 */
import { cs, isEl } from './dom.js';
import type { Cand, TextNodeRef } from './walk.js';

/**
 * Graphemes of `textNodes` and of the candidates' `aria-label`s that are unpainted, sorted. A grapheme
 * is unpainted when it draws exactly like a code point no font has (U+10FFFD): the missing-glyph box
 * of the fallback chain, or nothing. Drawn on a canvas in the font of the element it appears in
 * (canvas text uses the same font fallback as the page). ASCII is always painted.
 */
export function unpaintedGlyphs(textNodes: TextNodeRef[], cands: Cand[]): string[] {
  const unpainted = new Set<string>();
  const byFont = new Map<string, Set<string>>();
  const seg = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const note = (text: string, el: Element): void => {
    if (!/[^\x00-\x7f]/.test(text)) return;
    const st = cs(el);
    const font = `${st.fontStyle} ${st.fontWeight} 32px ${st.fontFamily}`;
    const set = byFont.get(font) ?? byFont.set(font, new Set()).get(font)!;
    for (const { segment } of seg.segment(text)) if (/[^\x00-\x7f]/.test(segment) && /\S/.test(segment)) set.add(segment);
  };
  for (const { node, parent } of textNodes) note(node.data, parent);
  for (const c of cands) if (isEl(c.el)) note(c.el.getAttribute('aria-label') || '', c.el);
  const cv = document.createElement('canvas');
  cv.width = 96;
  cv.height = 48;
  const ctx2 = cv.getContext('2d', { willReadFrequently: true });
  if (ctx2) {
    const draw = (g: string, font: string): string => {
      ctx2.clearRect(0, 0, 96, 48);
      ctx2.font = font;
      ctx2.fillStyle = '#000';
      ctx2.textBaseline = 'middle';
      ctx2.fillText(g, 4, 24);
      const d = ctx2.getImageData(0, 0, 96, 48).data;
      let h = 0;
      for (let i = 3; i < d.length; i += 4) h = (Math.imul(h, 31) + d[i]!) | 0;
      return `${h}|${ctx2.measureText(g).width.toFixed(2)}`;
    };
    const widthOf = (key: string): string => key.slice(key.indexOf('|') + 1);
    for (const [font, gs] of byFont) {
      const missing = draw('\u{10FFFD}', font);
      const missing2 = draw('\u{10FFFD}\u{10FFFD}', font);
      // a drawing's key ends in its advance width: a grapheme whose width is unlike both missing-glyph
      // drawings' cannot draw like them, and needs no drawing (most graphemes of a page)
      const missingWidths = new Set([widthOf(missing), widthOf(missing2)]);
      ctx2.font = font;
      for (const g of gs) {
        if (!missingWidths.has(ctx2.measureText(g).width.toFixed(2))) continue;
        const d = draw(g, font);
        if (d === missing || d === missing2) unpainted.add(g);
      }
    }
  }
  return [...unpainted].sort();
}
