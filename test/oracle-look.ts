/**
 * Visual check helper: draw a capture's boxes and click points over its screenshot (sharp composite of
 * an SVG overlay). Accepted targets: green box, red click point, tid label; rejected candidates:
 * orange dashed box with the reason.
 */
import sharp from 'sharp';
import type { CaptureResult } from '../hittest/capture.js';

const esc = (s: string): string => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** PNG of `r.png` with the overlay drawn. */
export async function drawOverlay(r: CaptureResult, opts: { rejected?: boolean; points?: boolean } = {}): Promise<Buffer> {
  const d = r.dpr;
  const sw = Math.max(1, Math.round(d));
  const fs = Math.round(10 * d);
  const parts: string[] = [];
  if (opts.rejected !== false) {
    for (const t of r.rejectedTargets) {
      if (!t.bbox_css) continue;
      const [x1, y1, x2, y2] = t.bbox_css.map((v) => v * d) as [number, number, number, number];
      parts.push(
        `<rect x="${x1}" y="${y1}" width="${Math.max(1, x2 - x1)}" height="${Math.max(1, y2 - y1)}" fill="none" stroke="#f97316" stroke-width="${sw}" stroke-dasharray="${3 * sw},${2 * sw}"/>`,
        `<text x="${x1}" y="${y2 + fs}" font-size="${fs}" fill="#c2410c" font-family="sans-serif">${esc(t.reason)}</text>`,
      );
    }
  }
  for (const t of r.targets) {
    const [x1, y1, x2, y2] = t.bbox;
    parts.push(
      `<rect x="${x1 + sw / 2}" y="${y1 + sw / 2}" width="${x2 - x1 - sw}" height="${y2 - y1 - sw}" fill="none" stroke="#16a34a" stroke-width="${sw}"/>`,
      `<text x="${x1 + 1}" y="${y1 + fs - 1}" font-size="${fs}" fill="#15803d" font-family="sans-serif">${esc(t.tid)}</text>`,
    );
    if (opts.points) for (const p of t.checks.points) parts.push(`<circle cx="${p.point[0] + 0.5}" cy="${p.point[1] + 0.5}" r="${sw}" fill="${p.ok ? '#22c55e' : '#ef4444'}"/>`);
    parts.push(`<circle cx="${t.point[0] + 0.5}" cy="${t.point[1] + 0.5}" r="${2.5 * sw}" fill="#dc2626" stroke="#fff" stroke-width="${sw / 2}"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${r.width}" height="${r.height}">${parts.join('')}</svg>`;
  return sharp(r.png)
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .png()
    .toBuffer();
}
