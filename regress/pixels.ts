/**
 * Image comparison with pixelmatch (a real pixel-diff library) on raw RGBA from sharp, the diff PNG it
 * draws, and label overlays (the record's boxes and points drawn over its image) for side-by-side review.
 */
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';
import type { UisynthRecord } from '../core/schema.js';
import type { Box, Point } from '../core/geometry.js';

/** RGBA pixels of a PNG. */
export interface Rgba {
  data: Buffer;
  width: number;
  height: number;
}

/** Decode a PNG to 8-bit RGBA. */
export async function decodeRgba(png: Buffer): Promise<Rgba> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Result of {@link comparePixels}. */
export interface PixelResult {
  /** Pixels pixelmatch counts as different (every pixel when the sizes differ). */
  changed: number;
  /** width × height of the golden image. */
  total: number;
  sameSize: boolean;
  /** Bounding box of the changed pixels, image px [x1,y1,x2,y2) (x2/y2 exclusive), or null. */
  changedBox: Box | null;
  /** pixelmatch's diff image (PNG): the golden image faded, changed pixels red; null when nothing changed, the sizes differ or it was not asked for. */
  diffPng: Buffer | null;
}

/**
 * Compare two PNGs. Identical bytes short-cut to 0 changed pixels without decoding.
 * @param threshold pixelmatch colour threshold in [0,1] (0: any difference counts; pixelmatch default 0.1)
 * @param withDiff also encode the diff PNG
 */
export async function comparePixels(before: Buffer, after: Buffer, threshold: number, withDiff: boolean): Promise<PixelResult> {
  if (before.equals(after)) {
    const w = before.readUInt32BE(16);
    const h = before.readUInt32BE(20);
    return { changed: 0, total: w * h, sameSize: true, changedBox: null, diffPng: null };
  }
  const [a, b] = await Promise.all([decodeRgba(before), decodeRgba(after)]);
  const total = a.width * a.height;
  if (a.width !== b.width || a.height !== b.height) return { changed: total, total, sameSize: false, changedBox: [0, 0, a.width, a.height], diffPng: null };
  const out = Buffer.alloc(a.data.length);
  // includeAA: anti-aliased pixels count too (a regression wants every changed pixel, and a moved edge
  // is mostly anti-aliasing); pixelmatch draws the golden image faded to near-white and every changed
  // pixel pure red (its `diffColor`), which a faded grey pixel can never be
  const changed = pixelmatch(a.data, b.data, out, a.width, a.height, { threshold, includeAA: true });
  const box = changed ? redBox(out, a.width, a.height).box : null;
  const diffPng = withDiff && changed ? await sharp(out, { raw: { width: a.width, height: a.height, channels: 4 } }).png().toBuffer() : null;
  return { changed, total, sameSize: true, changedBox: box, diffPng };
}

/** Count the pixels a diff PNG marks as changed (pure red, pixelmatch's default `diffColor`) and their bounding box. */
export async function countDiffPixels(diffPng: Buffer): Promise<{ count: number; box: Box | null }> {
  const d = await decodeRgba(diffPng);
  return redBox(d.data, d.width, d.height);
}

function redBox(data: Buffer, width: number, height: number): { count: number; box: Box | null } {
  const d = { data, width, height };
  let count = 0;
  let box: Box | null = null;
  for (let y = 0; y < d.height; y++)
    for (let x = 0; x < d.width; x++) {
      const o = (y * d.width + x) * 4;
      if (d.data[o] === 255 && d.data[o + 1] === 0 && d.data[o + 2] === 0) {
        count++;
        box = box ? [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x + 1), Math.max(box[3], y + 1)] : [x, y, x + 1, y + 1];
      }
    }
  return { count, box };
}

const esc = (s: string): string => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** Boxes and points of a record (grounding targets; CAPTCHA verifier boxes and gold action points), image px. */
export function labelShapes(r: UisynthRecord): { boxes: Array<{ box: Box; label: string }>; points: Point[] } {
  if (r.kind === 'grounding') return { boxes: r.targets.map((t) => ({ box: t.bbox as Box, label: t.tid })), points: r.targets.map((t) => t.point as Point) };
  const v = r.verifier;
  const boxes: Array<{ box: Box; label: string }> =
    v.kind === 'click' ? [...v.boxes.map((b, i) => ({ box: b as Box, label: String(i + 1) })), ...(v.submit_box ? [{ box: v.submit_box as Box, label: 'submit' }] : [])]
    : v.kind === 'text_entry' ? [{ box: v.input_box as Box, label: 'input' }]
    : v.kind === 'drag' || v.kind === 'drag_y' ? [{ box: v.handle_box as Box, label: 'handle' }]
    : v.kind === 'drags' ? v.items.flatMap((it, i) => [{ box: it.handle_box as Box, label: `h${i + 1}` }, { box: it.target_box as Box, label: `t${i + 1}` }])
    : v.boxes.map((b, i) => ({ box: b as Box, label: String(i) }));
  const points: Point[] = [];
  for (const a of r.solution.actions) {
    if ('point' in a) points.push(a.point as Point);
    if (a.type === 'drag') points.push(a.start as Point, a.end as Point);
  }
  return { boxes, points };
}

/** The record's image with its boxes (outlined, labelled) and points (dots) drawn over it, as PNG. */
export async function drawLabels(png: Buffer, r: UisynthRecord, colour: string): Promise<Buffer> {
  const { boxes, points } = labelShapes(r);
  const w = r.image.width;
  const h = r.image.height;
  const sw = Math.max(2, Math.round(Math.min(w, h) / 400));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">` +
    boxes.map(({ box: [x1, y1, x2, y2], label }) =>
      `<rect x="${x1}" y="${y1}" width="${x2 - x1}" height="${y2 - y1}" fill="none" stroke="${colour}" stroke-width="${sw}"/>` +
      `<text x="${x1 + 2}" y="${Math.max(10 * sw, y1 - 2)}" font-family="sans-serif" font-size="${8 * sw}" fill="${colour}">${esc(label)}</text>`).join('') +
    points.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${3 * sw}" fill="${colour}" stroke="white" stroke-width="${sw / 2}"/>`).join('') +
    `</svg>`;
  return sharp(png).composite([{ input: Buffer.from(svg), top: 0, left: 0 }]).png().toBuffer();
}
