/**
 * Painted-pixel check on the screenshot (DESIGN.md: "the box is not flat background").
 *
 * For a box in image px, find the box's dominant colour (the most frequent colour after quantising to
 * 5 bits per channel; its mean as the reference) and measure the fraction of pixels whose RGB differs
 * from it by more than a threshold in some channel. A flat box (an element painted over by an opaque
 * `pointer-events:none` overlay, an empty area) gives ~0. (A differential check — hide the target and
 * diff — is a later issue.)
 */
import sharp from 'sharp';
import type { Box } from '../core/geometry.js';

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
  const counts = new Uint32Array(32768);
  for (let y = y1; y < y2; y++) {
    let o = (y * width + x1) * ch;
    for (let x = x1; x < x2; x++, o += ch) counts[((data[o]! >> 3) << 10) | ((data[o + 1]! >> 3) << 5) | (data[o + 2]! >> 3)]!++;
  }
  let best = 0;
  for (let i = 1; i < counts.length; i++) if (counts[i]! > counts[best]!) best = i;
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
  const n = counts[best]!;
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
