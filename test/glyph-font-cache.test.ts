/**
 * renderers/glyphs.ts keeps at most 64 parsed font files (least recently used dropped first; issue 16: the
 * live heap of long CAPTCHA runs crept as more Noto Sans SC subset files were parsed). A dropped file is parsed
 * again when needed: the outlines and advances drawn after that must equal the ones drawn before, and equal
 * what opentype.js itself gives for the same file parsed on its own (the oracle, independent of the cache).
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import opentype from 'opentype.js';
import { charAdvance, glyphOutline, parsedFontCount } from '../renderers/glyphs.js';

const require = createRequire(import.meta.url);
const scDir = dirname(require.resolve('@fontsource/noto-sans-sc/package.json'));
// one CJK ideograph per subset file of Noto Sans SC that has one and parses: over 80 files, more than the cache holds
// (subset 101 is beyond opentype.js's inflate, "Data error": the renderer reads it through renderers/woff.ts, tested in
// test/glyph-woff-decode.test.ts; this test compares against opentype.js alone, so it picks the files that parses)
const parses = (file: string): boolean => {
  try {
    const buf = readFileSync(file);
    opentype.parse(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer, { lowMemory: true });
    return true;
  } catch {
    return false;
  }
};
const unicode = JSON.parse(readFileSync(join(scDir, 'unicode.json'), 'utf8')) as Record<string, string>;
const picks: Array<{ ch: string; file: string }> = [];
for (const [key, spec] of Object.entries(unicode)) {
  const cp = spec
    .split(',')
    .map((p) => parseInt(/U\+([0-9a-f]+)/i.exec(p)?.[1] ?? '0', 16))
    .find((c) => c >= 0x4e00 && c <= 0x9fff); // CJK Unified Ideographs
  if (cp && parses(join(scDir, 'files', `noto-sans-sc-${key.replace(/[[\]]/g, '')}-400-normal.woff`))) picks.push({ ch: String.fromCodePoint(cp), file: join(scDir, 'files', `noto-sans-sc-${key.replace(/[[\]]/g, '')}-400-normal.woff`) });
}
const SIZE = 40;
const draw = (ch: string): string => `${glyphOutline(ch, SIZE).d}|${charAdvance(ch, SIZE).toFixed(6)}`;

describe('parsed font files are bounded', () => {
  it('after drawing from over 80 subset files at most 64 are held, and every character draws the same again', () => {
    const chosen = picks;
    expect(chosen.length).toBeGreaterThan(80);
    const first = chosen.map((p) => draw(p.ch));
    expect(parsedFontCount()).toBeLessThanOrEqual(64);
    // the first files were dropped by now: drawing them parses them again
    const again = chosen.map((p) => draw(p.ch));
    expect(again).toEqual(first);
    expect(parsedFontCount()).toBeLessThanOrEqual(64);
    // oracle: opentype.js on the file alone (full parse, no cache) for a sample of the characters
    for (const p of chosen.filter((_, i) => i % 15 === 0)) {
      const buf = readFileSync(p.file);
      const font = opentype.parse(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer);
      const g = font.charToGlyph(p.ch);
      expect(g.index, p.ch).toBeGreaterThan(0);
      expect(charAdvance(p.ch, SIZE)).toBeCloseTo((g.advanceWidth! / font.unitsPerEm) * SIZE, 9);
      const box = g.getPath(0, 0, SIZE).getBoundingBox();
      const [x1, y1, x2, y2] = glyphOutline(p.ch, SIZE).bbox;
      // the outline's bbox is of its points rounded to 0.1 px
      for (const [a, b] of [[x1, box.x1], [y1, box.y1], [x2, box.x2], [y2, box.y2]] as const) expect(Math.abs(a - b), p.ch).toBeLessThanOrEqual(0.06);
    }
  });
});
