/**
 * Small markers drawn on pictures: map pins and single glyphs (e.g. step numbers). Puzzle px.
 */
import { circle, n1, path } from './draw.js';
import { glyphAt, type LatinFace } from '../../../renderers/glyphs.js';

/** A map pin (teardrop with a hole) whose tip is at (x, y), height `h`. */
export function pinSvg(x: number, y: number, h: number, fill: string): string {
  const r = h * 0.36;
  const cy = y - h + r;
  const d = `M${n1(x)} ${n1(y)}C${n1(x - r * 0.35)} ${n1(y - h * 0.3)} ${n1(x - r)} ${n1(cy + r * 0.5)} ${n1(x - r)} ${n1(cy)}` +
    `C${n1(x - r)} ${n1(cy - r * 0.56)} ${n1(x - r * 0.56)} ${n1(cy - r)} ${n1(x)} ${n1(cy - r)}` +
    `C${n1(x + r * 0.56)} ${n1(cy - r)} ${n1(x + r)} ${n1(cy - r * 0.56)} ${n1(x + r)} ${n1(cy)}` +
    `C${n1(x + r)} ${n1(cy + r * 0.5)} ${n1(x + r * 0.35)} ${n1(y - h * 0.3)} ${n1(x)} ${n1(y)}Z`;
  return path(d, { fill, stroke: 'rgba(0,0,0,0.35)', sw: 1 }) + circle(x, cy, r * 0.4, { fill: '#ffffff' });
}

/** A small glyph (e.g. a step number) centred at (cx, cy). */
export function smallGlyph(ch: string, cx: number, cy: number, size: number, fill: string, face: LatinFace = 'roboto', rot = 0): string {
  return path(glyphAt(ch, size, cx, cy, { face, weight: 700, rot }).d, { fill });
}
