/**
 * WOFF 1.0 → SFNT (TrueType/OpenType) unwrapping with Node's zlib.
 *
 * opentype.js inflates WOFF tables with its own small inflate, which rejects the tables of some bundled files
 * ("Data error": every weight of Noto Sans SC subset 101, which holds 乍 倚 凄 and about 200 other characters).
 * renderers/glyphs.ts falls back to this decoder when opentype.js cannot read a `.woff` file, so those characters
 * are drawn like every other one.
 *
 * Layout (WOFF 1.0, W3C Recommendation 2012, sections 3-5): a 44-byte header (`signature` 'wOFF', `flavor`,
 * `length`, `numTables` at byte 12, …), then `numTables` 20-byte directory entries (`tag`, `offset`,
 * `compLength`, `origLength`, `origChecksum`). A table is zlib-compressed when `compLength < origLength`, stored
 * as is otherwise. The SFNT written here is the standard 12-byte offset table, 16-byte table records in the
 * WOFF directory's order (which the format requires to be ascending by tag), and each table padded to 4 bytes.
 */
import { inflateSync } from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'

/** OpenType table checksum: the sum of the table's big-endian uint32 words (zero-padded), modulo 2^32. */
function tableChecksum(data: Buffer): number {
  let sum = 0;
  const words = Math.floor(data.length / 4);
  for (let i = 0; i < words; i++) sum = (sum + data.readUInt32BE(i * 4)) >>> 0;
  const rest = data.length % 4;
  if (rest) {
    const tail = Buffer.alloc(4);
    data.copy(tail, 0, words * 4);
    sum = (sum + tail.readUInt32BE(0)) >>> 0;
  }
  return sum;
}

/**
 * The SFNT bytes of a WOFF 1.0 file.
 *
 * @param woff the whole `.woff` file.
 * @returns an SFNT font (what a `.ttf`/`.otf` file holds) that opentype.js parses.
 * @throws Error when the bytes are not WOFF 1.0, a table does not inflate to its recorded length, or a
 *   table's checksum differs from the one the WOFF directory recorded for the uncompressed table (the file is
 *   damaged: never draw from it).
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < 44 || woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('woff: not a WOFF 1.0 file');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables: Array<{ tag: number; checksum: number; data: Buffer }> = [];
  for (let i = 0; i < numTables; i++) {
    const at = 44 + i * 20;
    const tag = woff.readUInt32BE(at);
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const checksum = woff.readUInt32BE(at + 16);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    const name = String.fromCharCode(tag >>> 24, (tag >>> 16) & 255, (tag >>> 8) & 255, tag & 255);
    if (data.length !== origLength) throw new Error(`woff: table ${name} inflates to ${data.length} bytes, not ${origLength}`);
    // 'head' holds checkSumAdjustment, which the font's own checksum rule excludes; WOFF records it as stored.
    if (name !== 'head' && tableChecksum(data) !== checksum) throw new Error(`woff: table ${name} checksum differs`);
    tables.push({ tag, checksum, data });
  }
  let size = 12 + 16 * numTables;
  for (const t of tables) size += (t.data.length + 3) & ~3;
  const out = Buffer.alloc(size);
  let pow2 = 1;
  let log2 = 0;
  while (pow2 * 2 <= numTables) {
    pow2 *= 2;
    log2++;
  }
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(pow2 * 16, 6); // searchRange
  out.writeUInt16BE(log2, 8); // entrySelector
  out.writeUInt16BE(numTables * 16 - pow2 * 16, 10); // rangeShift
  let offset = 12 + 16 * numTables;
  tables.forEach((t, i) => {
    const rec = 12 + 16 * i;
    out.writeUInt32BE(t.tag, rec);
    out.writeUInt32BE(t.checksum, rec + 4);
    out.writeUInt32BE(offset, rec + 8);
    out.writeUInt32BE(t.data.length, rec + 12);
    t.data.copy(out, offset);
    offset += (t.data.length + 3) & ~3;
  });
  return out;
}
