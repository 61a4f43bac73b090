/**
 * #79 grid_segment_select (group I, multi-select grid + submit, Set+Submit): one drawn scene split
 * into 4×4 tiles (reCAPTCHA 4×4 style); select every tile that shows part of the named object, then
 * submit.
 *
 * Verify after rendering (labels come from what is drawn): the object is a union of filled regions that are drawn
 * exactly; each tile's covered fraction is measured on a 1 px grid. A tile is a target when the
 * object covers at least `threshold` of it; a puzzle where any tile is covered by a sliver between
 * 0 and the threshold is rejected, so every tile is clearly in or out.
 */
import { defineKnobs, knob } from '../../engine.js';
import { circle, hsl, path, rect } from '../../lib/draw.js';
import { type Bi, say } from '../../lib/i18n.js';
import { type GridFrame, gridFrame } from '../../lib/grids.js';
import { type Pt, type Region, circleRegion, ellipseRegion, polygon, rectRegion, regionSvg, tileCoverage } from '../../lib/regions.js';
import { type KnobsOf, gridSelectEngine, indicesWhere } from './template.js';

/** Objects the scene can hold. */
export const SEGMENT_OBJECTS = ['tree', 'car', 'traffic_light', 'house', 'balloon', 'sailboat', 'sun'] as const;
export type SegmentObject = (typeof SEGMENT_OBJECTS)[number];
const NAMES: Record<SegmentObject, Bi> = {
  tree: { en: 'a tree', zh: '树' },
  car: { en: 'a car', zh: '汽车' },
  traffic_light: { en: 'a traffic light', zh: '红绿灯' },
  house: { en: 'a house', zh: '房子' },
  balloon: { en: 'a balloon', zh: '气球' },
  sailboat: { en: 'a sailboat', zh: '帆船' },
  sun: { en: 'the sun', zh: '太阳' },
};

/**
 * The object's name in the other locales' record text (instruction and reasoning), in the case their sentences
 * need (German dative after "mit" / "von", French after "contenant", Spanish after "con";
 * generators/captcha/i18n/<locale>.json). The widget draws its prompt in English or Chinese (like its VERIFY
 * button, lib/controls.ts), so {@link NAMES} stays bilingual.
 */
const INSTRUCTION_NAMES: Record<SegmentObject, { ja: string; de: string; es: string; fr: string; ar: string }> = {
  tree: { ja: '木', de: 'einem Baum', es: 'un árbol', fr: 'un arbre', ar: 'شجرة' },
  car: { ja: '車', de: 'einem Auto', es: 'un coche', fr: 'une voiture', ar: 'سيارة' },
  traffic_light: { ja: '信号機', de: 'einer Ampel', es: 'un semáforo', fr: 'un feu de circulation', ar: 'إشارة مرور' },
  house: { ja: '家', de: 'einem Haus', es: 'una casa', fr: 'une maison', ar: 'منزل' },
  balloon: { ja: '風船', de: 'einem Ballon', es: 'un globo', fr: 'un ballon', ar: 'بالون' },
  sailboat: { ja: '帆船', de: 'einem Segelboot', es: 'un velero', fr: 'un voilier', ar: 'قارب شراعي' },
  sun: { ja: '太陽', de: 'der Sonne', es: 'el sol', fr: 'le soleil', ar: 'الشمس' },
};

/** Parts of an object: regions in puzzle px with their fill colours. */
export function objectParts(kind: SegmentObject, cx: number, cy: number, s: number): Array<{ region: Region; fill: string }> {
  const R = (x1: number, y1: number, x2: number, y2: number): Region => rectRegion(cx + x1 * s, cy + y1 * s, cx + x2 * s, cy + y2 * s);
  const C = (x: number, y: number, r: number): Region => circleRegion(cx + x * s, cy + y * s, r * s, 32);
  const P = (pts: Array<[number, number]>): Region => polygon(pts.map(([x, y]) => [cx + x * s, cy + y * s] as Pt));
  switch (kind) {
    case 'tree':
      return [
        { region: R(-0.07, 0.05, 0.07, 0.5), fill: '#7a4b26' },
        { region: C(0, -0.18, 0.28), fill: '#2f8f3a' },
        { region: C(-0.2, 0.0, 0.21), fill: '#3aa046' },
        { region: C(0.2, 0.0, 0.21), fill: '#37983f' },
      ];
    case 'car':
      return [
        { region: P([[-0.28, -0.04], [-0.17, -0.27], [0.2, -0.27], [0.33, -0.04]]), fill: '#8fc4ea' },
        { region: R(-0.5, -0.05, 0.5, 0.2), fill: '#d63a2f' },
        { region: C(-0.27, 0.21, 0.11), fill: '#1f1f1f' },
        { region: C(0.28, 0.21, 0.11), fill: '#1f1f1f' },
      ];
    case 'traffic_light':
      return [
        { region: R(-0.035, 0.05, 0.035, 0.5), fill: '#5b5f66' },
        { region: R(-0.13, -0.5, 0.13, 0.08), fill: '#2b2e33' },
      ];
    case 'house':
      return [
        { region: R(0.17, -0.38, 0.27, -0.12), fill: '#7d5a44' },
        { region: R(-0.34, -0.06, 0.34, 0.42), fill: '#efd9b4' },
        { region: P([[-0.45, -0.04], [0, -0.42], [0.45, -0.04]]), fill: '#b23a2b' },
      ];
    case 'balloon':
      return [
        { region: ellipseRegion(cx, cy - 0.1 * s, 0.27 * s, 0.35 * s, 0, 36), fill: '#e8457a' },
        { region: P([[-0.05, 0.3], [0.05, 0.3], [0, 0.23]]), fill: '#b7325f' },
      ];
    case 'sailboat':
      return [
        { region: R(-0.025, -0.45, 0.025, 0.2), fill: '#6b4a2f' },
        { region: P([[0.04, -0.42], [0.04, 0.14], [0.36, 0.14]]), fill: '#f4f1e8' },
        { region: P([[-0.04, -0.3], [-0.04, 0.14], [-0.28, 0.14]]), fill: '#e9e2cf' },
        { region: P([[-0.46, 0.19], [0.46, 0.19], [0.32, 0.37], [-0.32, 0.37]]), fill: '#2d5d8a' },
      ];
    case 'sun': {
      const parts: Array<{ region: Region; fill: string }> = [];
      for (let i = 0; i < 8; i++) {
        const a = (i * Math.PI) / 4;
        const u: [number, number] = [Math.cos(a), Math.sin(a)];
        const v: [number, number] = [-u[1], u[0]];
        parts.push({ region: P([[u[0] * 0.3 + v[0] * 0.08, u[1] * 0.3 + v[1] * 0.08], [u[0] * 0.48, u[1] * 0.48], [u[0] * 0.3 - v[0] * 0.08, u[1] * 0.3 - v[1] * 0.08]]), fill: '#f5a524' });
      }
      parts.push({ region: C(0, 0, 0.27), fill: '#f7c531' });
      return parts;
    }
  }
}

/** Latent state of grid_segment_select (puzzle px). */
export interface GridSegmentLatent extends Record<string, unknown> {
  frame: GridFrame;
  object: SegmentObject;
  cx: number;
  cy: number;
  size: number;
  threshold: number;
  /** Measured covered fraction per tile (rounded to 1e-3). */
  coverage: number[];
  answer: number[];
  sky_hue: number;
}

const KNOBS = defineKnobs({ size: knob('object size range, puzzle px', [170, 210], [130, 170], [95, 135]), threshold: knob('covered fraction of a tile that makes it a target', 0.06, 0.04, 0.025) });

/** Covered fraction per tile on a `step`-px grid (1 px for the recorded value), rounded to 1e-3. */
function measure(frame: GridFrame, object: SegmentObject, cx: number, cy: number, size: number, step = 1): number[] {
  return tileCoverage(objectParts(object, cx, cy, size).map((p) => p.region), frame.tiles, step).map((c) => Math.round(c * 1000) / 1000);
}

/** Engine #79 grid_segment_select (group I, Set+Submit, verifier `click`/`set` + submit). */
export const gridSegmentSelect = gridSelectEngine<GridSegmentLatent, KnobsOf<typeof KNOBS>>({
  type: 'grid_segment_select', number: 79, knobs: KNOBS,
  sample(rng, k) {
    const frame = gridFrame(rng, 4, 4, 72, 3);
    const object = rng.pick(SEGMENT_OBJECTS);
    const t0 = frame.tiles[0]!;
    const t15 = frame.tiles[15]!;
    let best = { cx: 0, cy: 0, size: 0, coverage: [] as number[] };
    for (let t = 0; t < 60; t++) {
      const size = Math.round(rng.float(k.size[0], k.size[1]));
      const cx = Math.round(rng.float(t0[0] + size * 0.3, t15[2] - size * 0.3));
      const cy = Math.round(rng.float(t0[1] + size * 0.3, t15[3] - size * 0.3));
      // coarse search on a 2 px grid with a safety factor; the kept layout is measured at 1 px
      const coarse = measure(frame, object, cx, cy, size, 2);
      best = { cx, cy, size, coverage: coarse };
      if (coarse.every((c) => c === 0 || c >= k.threshold * 1.4)) break;
    }
    best.coverage = measure(frame, object, best.cx, best.cy, best.size);
    const answer = indicesWhere(best.coverage, (c) => c >= k.threshold);
    return { frame, object, cx: best.cx, cy: best.cy, size: best.size, threshold: k.threshold, coverage: best.coverage, answer, sky_hue: rng.int(190, 220) };
  },

  validate(l) {
    if (!SEGMENT_OBJECTS.includes(l.object)) return 'unknown object';
    const cov = measure(l.frame, l.object, l.cx, l.cy, l.size);
    if (cov.some((c, i) => Math.abs(c - (l.coverage[i] ?? -1)) > 0.002)) return 'recorded coverage does not match the drawing';
    if (cov.some((c) => c > 0 && c < l.threshold)) return 'a tile is only grazed by the object (ambiguous)';
    if (indicesWhere(cov, (c) => c >= l.threshold).join(',') !== l.answer.join(',')) return 'answer does not match the measured tiles';
    if (l.answer.length < 2 || l.answer.length > 12) return 'object covers too few or too many tiles';
    return null;
  },

  tiles(l, style, rng, ids) {
    const g = ids.next();
    const [x1, y1] = l.frame.tiles[0]!;
    const [, , x2, y2] = l.frame.tiles[15]!;
    const horizon = y1 + (y2 - y1) * rng.float(0.55, 0.72);
    const defs = `<linearGradient id="${g}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(l.sky_hue, 60, 72)}"/><stop offset="1" stop-color="${hsl(l.sky_hue + 10, 45, 90)}"/></linearGradient>`;
    let body = rect(x1, y1, x2 - x1, y2 - y1, { fill: `url(#${g})` });
    body += path(`M${x1} ${horizon.toFixed(1)}Q${((x1 + x2) / 2).toFixed(1)} ${(horizon - rng.float(-12, 12)).toFixed(1)} ${x2} ${horizon.toFixed(1)}L${x2} ${y2}L${x1} ${y2}Z`, { fill: l.object === 'sailboat' ? '#3f7fb8' : hsl(rng.int(80, 120), 35, 48) });
    // background clutter far less saturated than the object: distant hills and soft clouds
    for (let i = 0; i < 3; i++) body += circle(rng.float(x1, x2), horizon + rng.float(-6, 4), rng.float(20, 40), { fill: hsl(rng.int(90, 140), 20, 55), opacity: 0.5 });
    for (let i = 0; i < 2; i++) body += circle(rng.float(x1, x2), y1 + rng.float(10, 40), rng.float(8, 14), { fill: '#ffffff', opacity: 0.6 });
    for (const p of objectParts(l.object, l.cx, l.cy, l.size)) body += regionSvg(p.region, p.fill, 'stroke="rgba(0,0,0,0.35)" stroke-width="1"');
    if (l.object === 'traffic_light') {
      const s = l.size;
      ['#e03131', '#f59f00', '#2f9e44'].forEach((c, i) => (body += circle(l.cx, l.cy + (-0.4 + i * 0.16) * s, 0.065 * s, { fill: c })));
    }
    // one scene behind all tiles; the gaps between tiles are painted in the widget colour
    for (let c = 1; c < l.frame.cols; c++) {
      const gx = l.frame.tiles[c - 1]![2];
      body += rect(gx, y1, l.frame.tiles[c]![0] - gx, y2 - y1, { fill: style.bg });
    }
    for (let r = 1; r < l.frame.rows; r++) {
      const gy = l.frame.tiles[(r - 1) * l.frame.cols]![3];
      body += rect(x1, gy, x2 - x1, l.frame.tiles[r * l.frame.cols]![1] - gy, { fill: style.bg });
    }
    // the scene stays inside the grid (hills, clouds and the object may reach past its edge)
    const clip = ids.next();
    const sceneDefs = `<clipPath id="${clip}"><rect x="${x1}" y="${y1}" width="${x2 - x1}" height="${y2 - y1}"/></clipPath>`;
    return { tiles: [], defs: defs + sceneDefs, under: `<g clip-path="url(#${clip})">${body}</g>` };
  },

  prompt: (l, style) => ({
    lead: say(style.locale, { en: 'Select all squares with', zh: '请选择包含以下内容的所有方格' }),
    big: say(style.locale, NAMES[l.object]),
    note: l.frame.chrome === 'banner' ? (say(style.locale, { en: 'If there are none, click verify', zh: '如果没有，请点击验证' })) : undefined,
  }),
  reasoning: (l, locale) => ({ name: say(locale, { ...NAMES[l.object], ...INSTRUCTION_NAMES[l.object] }), pct: Math.round(l.threshold * 100) }),
  instruction: (l, locale) => ({ name: say(locale, { ...NAMES[l.object], ...INSTRUCTION_NAMES[l.object] }) }),
});
