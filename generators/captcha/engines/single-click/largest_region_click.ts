/**
 * #53 largest_region_click (group G, visual reasoning, Click): several irregular regions with dotted
 * outlines; click inside the one with the largest area (shoelace area of its outline, gap to the
 * runner-up at least `min_gap`). Any click inside the outline counts: the verifier's boxes (lib/click-regions.ts)
 * cover every 1 px cell of the region lying at least 0.5 px inside the outline's centre line (the
 * outline's inner half counts as inside, its outer half does not). Verifier `click` / `any`.
 */
import type { Box } from '../../../../core/geometry.js';
import { defineKnobs, knob, IDENTITY_AFFINE } from '../../engine.js';
import { boxRect, hsl, path, ptText, regionWord } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { singleClickEngine } from './template.js';
import { chrome } from '../../lib/controls.js';
import { inPoly, polyArea, polyD } from '../../lib/geometry.js';
import { boxesArea, maskBoxes, pointInBoxes } from '../../lib/click-regions.js';

interface Region {
  cx: number;
  cy: number;
  /** Radii at equal angles, puzzle px. */
  radii: number[];
  /** Horizontal stretch of the outline. */
  sx: number;
  hue: number;
}
/** Latent state of largest_region_click (puzzle px). */
export interface LargestRegionLatent extends Record<string, unknown> {
  width: number;
  height: number;
  area: Box;
  regions: Region[];
  /** Outline areas, px² (measured from the outline polygons). */
  areas: number[];
  answer: number;
  min_gap: number;
}

const KNOBS = defineKnobs({ regions: knob('number of regions', 3, 4, 5), min_gap: knob('relative area gap between the largest and the runner-up', 0.4, 0.2, 0.1), stretch: knob('max horizontal stretch (elongated regions look bigger than they are)', 1.1, 1.5, 1.9) });

const W = 320;
const H = 290;
const AREA: Box = [10, 44, 310, 280];

/** Outline points of a region. */
export function regionPts(g: Region): Array<[number, number]> {
  const n = g.radii.length;
  return g.radii.map((r, i) => [g.cx + g.sx * r * Math.cos((2 * Math.PI * i) / n), g.cy + (r / Math.sqrt(g.sx)) * Math.sin((2 * Math.PI * i) / n)] as [number, number]);
}
/** Outline extent of a region, puzzle px. */
function extent(g: Region): Box {
  const pts = regionPts(g);
  return [Math.min(...pts.map((p) => p[0])), Math.min(...pts.map((p) => p[1])), Math.max(...pts.map((p) => p[0])), Math.max(...pts.map((p) => p[1]))];
}
/** Safety margin inside the dotted outline (points on the outline's inner half count as inside), puzzle px. */
const OUTLINE_MARGIN = 0.5;
/** Click region of a region: its inside, `OUTLINE_MARGIN` px clear of the outline's centre line (lib/click-regions.ts boxes, 1 px bands). */
export function regionClickBoxes(g: Region): Box[] {
  const pts = regionPts(g);
  return maskBoxes((x, y) => inPoly(x, y, pts), extent(g), OUTLINE_MARGIN, 1);
}

/** Engine #53 largest_region_click (group G, Click, verifier `click` / `any`). */
export const largestRegionClick = singleClickEngine<LargestRegionLatent, typeof KNOBS>({
  type: 'largest_region_click',
  number: 53,
  group: 'visual_reasoning',
  knobs: KNOBS,

  sample(rng, k, difficulty) {
    const regions: Region[] = [];
    for (let t = 0; t < 300 && regions.length < k.regions; t++) {
      const base = rng.float(24, 44);
      const n = 14;
      const sx = rng.float(1, k.stretch);
      const radii = Array.from({ length: n }, () => Math.round(base * rng.float(0.75, 1.2)));
      const R = Math.max(...radii) * sx;
      const cx = rng.int(AREA[0] + Math.ceil(R) + 4, AREA[2] - Math.ceil(R) - 4);
      const Ry = Math.max(...radii) / Math.sqrt(sx);
      const cy = rng.int(AREA[1] + Math.ceil(Ry) + 4, Math.max(AREA[1] + Math.ceil(Ry) + 4, AREA[3] - Math.ceil(Ry) - 4));
      const g: Region = { cx, cy, radii, sx: Math.round(sx * 100) / 100, hue: rng.int(0, 359) };
      const clash = regions.some((o) => Math.abs(o.cx - g.cx) < Math.max(...o.radii) * o.sx + R + 8 && Math.abs(o.cy - g.cy) < Math.max(...o.radii) / Math.sqrt(o.sx) + Ry + 8);
      if (!clash) regions.push(g);
    }
    let areas = regions.map((g) => Math.abs(polyArea(regionPts(g))));
    const answer = areas.indexOf(Math.max(...areas));
    // grow the largest region (about its centre) until it leads by the gap, when it still fits
    const second = Math.max(...areas.filter((_, i) => i !== answer), 1);
    const want = second * (1 + k.min_gap + 0.04);
    if (regions[answer] && areas[answer]! < want) {
      const f = Math.sqrt(want / areas[answer]!);
      regions[answer] = { ...regions[answer]!, radii: regions[answer]!.radii.map((r) => Math.round(r * f)) };
    }
    areas = regions.map((g) => Math.round(Math.abs(polyArea(regionPts(g)))));
    return { width: W, height: H, area: AREA, regions, areas, answer, min_gap: k.min_gap };
  },

  validate(l) {
    if (l.regions.length < 3) return 'could not place the regions';
    const areas = l.regions.map((g) => Math.round(Math.abs(polyArea(regionPts(g)))));
    if (areas.join() !== l.areas.join()) return 'areas do not match the outlines';
    const sorted = [...areas].sort((a, b) => b - a);
    if (areas[l.answer] !== sorted[0]) return 'answer is not the largest region';
    if (sorted[0]! < sorted[1]! * (1 + l.min_gap)) return 'largest region not clearly largest';
    const ext = extent;
    for (const [i, g] of l.regions.entries()) {
      const e = ext(g);
      if (e[0] < l.area[0] + 2 || e[2] > l.area[2] - 2 || e[1] < l.area[1] + 2 || e[3] > l.area[3] - 2) return 'region outside the canvas';
      for (let j = 0; j < i; j++) {
        const o = ext(l.regions[j]!);
        if (e[0] < o[2] + 6 && o[0] < e[2] + 6 && e[1] < o[3] + 6 && o[1] < e[3] + 6) return 'regions overlap';
      }
    }
    if (boxesArea(regionClickBoxes(l.regions[l.answer]!)) < 400) return 'click region too small';
    return null;
  },

  picture(l, style, rng) {
    let body = chrome(style, l.width, l.height, say(style.locale, 'largest_region_click.title'));
    body += boxRect(l.area, { fill: style.panel, rx: style.radius });
    for (const g of l.regions) {
      body += path(polyD(regionPts(g)), { fill: hsl(g.hue, 55, style.theme === 'light' ? 88 : 26), stroke: hsl(g.hue, 55, style.theme === 'light' ? 40 : 65), sw: 2.2, extra: 'stroke-dasharray="2 4" stroke-linecap="round"' });
    }
    return { svg: body };
  },

  target(l) {
    const g = l.regions[l.answer]!;
    const boxes = regionClickBoxes(g);
    return { boxes, point: pointInBoxes(boxes, [g.cx, g.cy]) };
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const g = l.regions[l.answer]!;
    const at = ptText(m, pointInBoxes(regionClickBoxes(g), [g.cx, g.cy]));
    const where = regionWord(g.cx, g.cy, l.area, locale);
    const sorted = [...l.areas].sort((a, b) => b - a);
    const ratio = Math.round((sorted[0]! / sorted[1]!) * 100 - 100);
    return say(locale, 'largest_region_click.reasoning', { n: l.regions.length, where, ratio, at });
  },

});
