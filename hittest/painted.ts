/**
 * Painted-pixel measures (hittest/README.md "Differential painted check").
 *
 * - {@link inkFraction} ("not flat"): for a box, find its dominant colour (the most frequent colour
 *   after quantising to 5 bits per channel; its mean as the reference) and measure the fraction of
 *   pixels whose RGB differs from it by more than a threshold in some channel.
 * - {@link changedFraction} (differential): the fraction of the box's pixels that change when the target
 *   is hidden. An element painted over by an opaque `pointer-events:none` overlay (which hit testing
 *   cannot see) or painting nothing gives 0. hittest/capture.ts batches non-overlapping targets so a
 *   page costs a few extra captures, not one per target.
 */
import sharp from 'sharp';
import type { Box } from '../core/geometry.js';

const HIST = new Uint32Array(32768);

/** Decoded RGBA pixels, row-major, `channels` bytes per pixel. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

/** Decode a PNG (or any sharp input) to raw RGBA. */
export async function decodeImage(png: Buffer): Promise<RawImage> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/**
 * Fraction in [0,1] of pixels of `box` (image px, x2/y2 exclusive; clamped to the image) that differ
 * from the box's dominant colour by more than `threshold` (0-255) in some RGB channel.
 * Returns 0 for an empty box.
 */
export function inkFraction(img: RawImage, box: Box, threshold = 24): number {
  const x1 = Math.max(0, Math.floor(box[0]));
  const y1 = Math.max(0, Math.floor(box[1]));
  const x2 = Math.min(img.width, Math.ceil(box[2]));
  const y2 = Math.min(img.height, Math.ceil(box[3]));
  if (x2 <= x1 || y2 <= y1) return 0;
  const { data, channels: ch, width } = img;
  // histogram over 5-bit colours; only touched bins are reset afterwards (one shared buffer)
  const counts = HIST;
  const touched: number[] = [];
  let best = -1;
  let bestN = 0;
  for (let y = y1; y < y2; y++) {
    let o = (y * width + x1) * ch;
    for (let x = x1; x < x2; x++, o += ch) {
      const k = ((data[o]! >> 3) << 10) | ((data[o + 1]! >> 3) << 5) | (data[o + 2]! >> 3);
      const n = ++counts[k]!;
      if (n === 1) touched.push(k);
      if (n > bestN || (n === bestN && k < best)) {
        bestN = n;
        best = k;
      }
    }
  }
  for (const k of touched) counts[k] = 0;
  let sr = 0;
  let sg = 0;
  let sb = 0;
  for (let y = y1; y < y2; y++) {
    let o = (y * width + x1) * ch;
    for (let x = x1; x < x2; x++, o += ch) {
      if ((((data[o]! >> 3) << 10) | ((data[o + 1]! >> 3) << 5) | (data[o + 2]! >> 3)) === best) {
        sr += data[o]!;
        sg += data[o + 1]!;
        sb += data[o + 2]!;
      }
    }
  }
  const n = bestN;
  const r = sr / n;
  const g = sg / n;
  const b = sb / n;
  let ink = 0;
  for (let y = y1; y < y2; y++) {
    let o = (y * width + x1) * ch;
    for (let x = x1; x < x2; x++, o += ch) {
      if (Math.abs(data[o]! - r) > threshold || Math.abs(data[o + 1]! - g) > threshold || Math.abs(data[o + 2]! - b) > threshold) ink++;
    }
  }
  return ink / ((x2 - x1) * (y2 - y1));
}

/**
 * A capture of part of the viewport: `img`'s top-left pixel is pixel `(x, y)` of the viewport's pixel
 * grid (integers; image px at the capture's scale, e.g. the device scale factor), so `img` covers
 * `[x, x + img.width)` × `[y, y + img.height)` of that grid.
 */
export interface Region {
  img: RawImage;
  x: number;
  y: number;
}

/**
 * Differential painted-pixel measure (hittest/README.md "Differential painted check"): fraction in [0,1] of the pixels
 * of `box` (in the regions' pixel grid, rounded outwards, clamped to both regions) whose RGB differs by
 * more than `threshold` (0-255) in some channel between `a` (target shown) and `b` (target hidden).
 * Returns 0 when the box has no pixel in both regions.
 */
export function changedFraction(a: Region, b: Region, box: Box, threshold = 24): number {
  const c = changedPixels(a, b, box, threshold);
  return c.total ? c.changed / c.total : 0;
}

/** Like {@link changedFraction}, as counts: changed pixels and pixels of `box` inside both regions. */
export function changedPixels(a: Region, b: Region, box: Box, threshold = 24): { changed: number; total: number } {
  const x1 = Math.max(Math.floor(box[0]), a.x, b.x);
  const y1 = Math.max(Math.floor(box[1]), a.y, b.y);
  const x2 = Math.min(Math.ceil(box[2]), a.x + a.img.width, b.x + b.img.width);
  const y2 = Math.min(Math.ceil(box[3]), a.y + a.img.height, b.y + b.img.height);
  if (x2 <= x1 || y2 <= y1) return { changed: 0, total: 0 };
  const A = a.img;
  const B = b.img;
  const ca = A.channels;
  const cb = B.channels;
  let n = 0;
  for (let y = y1; y < y2; y++) {
    let oa = ((y - a.y) * A.width + (x1 - a.x)) * ca;
    let ob = ((y - b.y) * B.width + (x1 - b.x)) * cb;
    for (let x = x1; x < x2; x++, oa += ca, ob += cb) {
      if (
        Math.abs(A.data[oa]! - B.data[ob]!) > threshold ||
        Math.abs(A.data[oa + 1]! - B.data[ob + 1]!) > threshold ||
        Math.abs(A.data[oa + 2]! - B.data[ob + 2]!) > threshold
      )
        n++;
    }
  }
  return { changed: n, total: (x2 - x1) * (y2 - y1) };
}
