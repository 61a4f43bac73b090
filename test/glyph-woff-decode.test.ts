/**
 * renderers/woff.ts unwraps WOFF files with Node's zlib for the few bundled files opentype.js's own inflate rejects
 * (every weight of Noto Sans SC subset 101). Oracles: (1) on files opentype.js does read, the unwrapped font gives
 * the same glyphs as opentype.js reading the WOFF itself; (2) the WOFF directory's own per-table checksums, which
 * woffToSfnt verifies, and a damaged file is refused; (3) the characters of subset 101 draw as real outlines.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import opentype from 'opentype.js';
import { glyphOutline, charAdvance } from '../renderers/glyphs.js';
import { woffToSfnt } from '../renderers/woff.js';

const require = createRequire(import.meta.url);
const scDir = join(dirname(require.resolve('@fontsource/noto-sans-sc/package.json')), 'files');
const robotoDir = join(dirname(require.resolve('@fontsource/roboto/package.json')), 'files');
const parse = (buf: Buffer): opentype.Font =>
  opentype.parse(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength) as ArrayBuffer);

describe('WOFF unwrapping (renderers/woff.ts)', () => {
  it('gives the same glyphs as opentype.js on files opentype.js reads', () => {
    for (const file of [join(scDir, 'noto-sans-sc-100-400-normal.woff'), join(robotoDir, 'roboto-latin-700-normal.woff')]) {
      const buf = readFileSync(file);
      const direct = parse(buf);
      const unwrapped = parse(woffToSfnt(buf));
      expect(unwrapped.numGlyphs).toBe(direct.numGlyphs);
      expect(unwrapped.unitsPerEm).toBe(direct.unitsPerEm);
      for (let i = 0; i < direct.numGlyphs; i++) {
        const a = direct.glyphs.get(i);
        const b = unwrapped.glyphs.get(i);
        expect(b.advanceWidth, `${file} glyph ${i}`).toBe(a.advanceWidth);
        expect(b.unicodes, `${file} glyph ${i}`).toEqual(a.unicodes);
        expect(b.path.toPathData(3), `${file} glyph ${i}`).toBe(a.path.toPathData(3));
      }
    }
  });

  it('refuses a damaged file: a flipped byte inside a stored table fails its checksum', () => {
    const buf = Buffer.from(readFileSync(join(robotoDir, 'roboto-latin-400-normal.woff')));
    expect(() => woffToSfnt(buf)).not.toThrow();
    // the first table that is stored uncompressed (compLength == origLength), or else any: flip one byte of it
    const numTables = buf.readUInt16BE(12);
    let flipped = false;
    for (let i = 0; i < numTables && !flipped; i++) {
      const at = 44 + i * 20;
      const tag = buf.toString('latin1', at, at + 4);
      if (tag === 'head') continue;
      const offset = buf.readUInt32BE(at + 4);
      const comp = buf.readUInt32BE(at + 8);
      const orig = buf.readUInt32BE(at + 12);
      if (comp === orig) {
        buf.writeUInt8(buf.readUInt8(offset + 1) ^ 0xff, offset + 1);
        flipped = true;
      }
    }
    if (!flipped) buf.writeUInt8(buf.readUInt8(buf.length - 8) ^ 0xff, buf.length - 8); // inside the last (compressed) table: inflate or checksum fails
    expect(() => woffToSfnt(buf)).toThrow(/woff|incorrect|invalid|unexpected/i);
    expect(() => woffToSfnt(Buffer.from('not a font at all, just text, long enough for a header....'))).toThrow(
      'woff: not a WOFF 1.0 file',
    );
  });

  it('draws the characters of Noto Sans SC subset 101, which opentype.js alone cannot read', () => {
    const file = join(scDir, 'noto-sans-sc-101-400-normal.woff');
    const buf = readFileSync(file);
    expect(() => parse(buf)).toThrow(); // the reason for the decoder; if opentype.js learns it, this test says so
    const font = parse(woffToSfnt(buf));
    for (const ch of ['乍', '倚', '凄']) {
      const g = font.charToGlyph(ch);
      expect(g.index, ch).toBeGreaterThan(0);
      const outline = glyphOutline(ch, 40);
      expect(outline.d.length, ch).toBeGreaterThan(50);
      const [x1, y1, x2, y2] = outline.bbox;
      expect(x2 - x1, ch).toBeGreaterThan(20); // an ideograph fills most of its 40 px em
      expect(y2 - y1, ch).toBeGreaterThan(20);
      expect(charAdvance(ch, 40)).toBeCloseTo((g.advanceWidth! / font.unitsPerEm) * 40, 9);
    }
  });
});
