/**
 * inverted_letter_select (issue 15, CAPTCHA item 1): a letter is only fair as "upside down" when its 180°
 * turn looks neither like the upright letter nor like its left-right mirror image (top-bottom symmetric
 * letters such as C, E, K turned over look mirrored, which the mirrored decoys say does not count).
 * Measured here on rendered glyph masks (sharp, the faces and weight the engine draws with): intersection
 * over union of the ink of two variants of the same letter, centred on their ink box as the engine
 * centres them.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { glyphAt, type LatinFace } from '../renderers/glyphs.js';
import { INVERT_CHARSET, INVERT_FACES, MIRROR_OK } from '../generators/captcha/engines/grid-select/inverted_letter_select.js';
import { TILT_LIMIT } from '../generators/captcha/engines/ordered-click/alphabetical_click.js';
import { getEngine } from '../generators/captcha/registry.js';
import { Rng } from '../core/rng.js';

const S = 120;
type Variant = 'upright' | 'inverted' | 'mirrored';

/** Ink mask (true = ink) of a letter drawn like the engine draws it, `S` x `S` px, plus an extra tilt (degrees). */
async function mask(ch: string, face: LatinFace, v: Variant, tilt = 0): Promise<Uint8Array> {
  const o = glyphAt(ch, 72, S / 2, S / 2, { rot: (v === 'inverted' ? 180 : 0) + tilt, sx: v === 'mirrored' ? -1 : 1, face, weight: 700 });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}"><rect width="${S}" height="${S}" fill="#fff"/><path d="${o.d}" fill="#000"/></svg>`;
  const raw = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer();
  return Uint8Array.from(raw, (g) => (g < 128 ? 1 : 0));
}

/** Intersection over union of two masks, best over shifts of up to 2 px (rasterisation offsets). */
function iou(a: Uint8Array, b: Uint8Array): number {
  let best = 0;
  for (let dy = -2; dy <= 2; dy++) {
    for (let dx = -2; dx <= 2; dx++) {
      let i = 0;
      let u = 0;
      for (let y = 2; y < S - 2; y++) {
        for (let x = 2; x < S - 2; x++) {
          const p = a[y * S + x]!;
          const q = b[(y + dy) * S + x + dx]!;
          if (p && q) i++;
          if (p || q) u++;
        }
      }
      best = Math.max(best, u ? i / u : 0);
    }
  }
  return best;
}

/** Above this IoU two variants of a letter count as looking the same. */
const SAME = 0.7;

describe('inverted_letter_select: letter sets measured on rendered glyphs', () => {
  it('every letter used turned upside down looks like neither the upright letter nor its mirror image, in every face', async () => {
    const bad: string[] = [];
    for (const face of INVERT_FACES) {
      for (const ch of INVERT_CHARSET) {
        const inv = await mask(ch, face, 'inverted');
        const up = iou(inv, await mask(ch, face, 'upright'));
        const mir = iou(inv, await mask(ch, face, 'mirrored'));
        if (up > SAME) bad.push(`${face} ${ch}: upside down ~ upright (IoU ${up.toFixed(2)})`);
        if (mir > SAME) bad.push(`${face} ${ch}: upside down ~ mirrored (IoU ${mir.toFixed(2)})`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('every mirrored decoy letter looks like neither the upright letter nor the letter upside down', async () => {
    const bad: string[] = [];
    for (const face of INVERT_FACES) {
      for (const ch of MIRROR_OK) {
        const mir = await mask(ch, face, 'mirrored');
        const up = iou(mir, await mask(ch, face, 'upright'));
        const inv = iou(mir, await mask(ch, face, 'inverted'));
        if (up > SAME) bad.push(`${face} ${ch}: mirrored ~ upright (IoU ${up.toFixed(2)})`);
        if (inv > SAME) bad.push(`${face} ${ch}: mirrored ~ upside down (IoU ${inv.toFixed(2)})`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('the measure separates: B, C, D, E, K turned over match their mirror image; F, R do not', async () => {
    for (const ch of 'BCDEK') expect({ ch, same: iou(await mask(ch, 'roboto', 'inverted'), await mask(ch, 'roboto', 'mirrored')) > SAME }).toEqual({ ch, same: true });
    for (const ch of 'FR') expect({ ch, same: iou(await mask(ch, 'roboto', 'inverted'), await mask(ch, 'roboto', 'mirrored')) > SAME }).toEqual({ ch, same: false });
  });
});

describe('alphabetical_click: tilts that turn N into Z', () => {
  it('at its tilt limit N (Z) is closer to its upright self than to Z (N) at any tilt up to 45°; at 45° it is not', async () => {
    const pairs: Array<[string, string]> = [['N', 'Z'], ['Z', 'N']];
    for (const face of INVERT_FACES) {
      for (const [a, b] of pairs) {
        const other: Uint8Array[] = [];
        for (let t = -45; t <= 45; t += 5) other.push(await mask(b, face, 'upright', t));
        const closest = async (tilt: number): Promise<{ self: number; other: number }> => {
          const m = await mask(a, face, 'upright', tilt);
          return { self: iou(m, await mask(a, face, 'upright')), other: Math.max(...other.map((o) => iou(m, o))) };
        };
        const lim = await closest(TILT_LIMIT[a]!);
        expect({ face, a, ok: lim.self > lim.other + 0.05 }).toEqual({ face, a, ok: true });
        const far = await closest(45);
        expect({ face, a, ok: far.self > far.other }).toEqual({ face, a, ok: false });
      }
    }
  });

  it('sampled puzzles never tilt N or Z past the limit', () => {
    const e = getEngine('alphabetical_click');
    let seen = 0;
    for (let k = 0; k < 150; k++) {
      const l: any = e.sample(new Rng(`tilt-${k}`), 'hard');
      for (const it of l.items) {
        if (!(it.ch in TILT_LIMIT)) continue;
        seen++;
        expect({ ch: it.ch, rot: Math.abs(it.rot) <= TILT_LIMIT[it.ch]! }).toEqual({ ch: it.ch, rot: true });
      }
    }
    expect(seen).toBeGreaterThan(10);
  });
});
