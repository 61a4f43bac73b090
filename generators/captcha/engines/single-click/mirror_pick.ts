/**
 * #65 mirror_pick (group G, visual reasoning, Click): a reference shape beside a vertical mirror line and
 * four candidates; exactly one is its left-right mirror image. Decoys: the shape unchanged, turned
 * half a turn, flipped top to bottom, or mirrored with one corner changed (near-mirror). Verifier
 * `click` / `any` with the true mirror's cell.
 *
 * Validity: every pair of candidates differs by at least `min_diff` (RMS of the radial profile at the
 * drawn orientation), and the shape is chiral (its mirror image is no rotation of it).
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import type { Rng } from '../../../../core/rng.js';
import { defineKnobs, knob, IDENTITY_AFFINE, type Difficulty } from '../../engine.js';
import { hsl, line, path, ptText } from '../../lib/draw.js';
import { say } from '../../lib/i18n.js';
import { singleClickEngine } from './template.js';
import { chrome, tile } from '../../lib/controls.js';
import { gridBoxes } from '../../lib/grids.js';
import { optWord } from '../../lib/pager.js';
import { polyD } from '../../lib/geometry.js';

type Variant = 'mirror' | 'same' | 'turned' | 'flipped' | 'near';
/** Latent state of mirror_pick (puzzle px). */
export interface MirrorPickLatent extends Record<string, unknown> {
  width: number;
  height: number;
  ref_box: Box;
  /** Radii at equal angles clockwise from the top (unit = shape radius). */
  radii: number[];
  candidates: Array<{ variant: Variant; radii: number[] }>;
  cells: Box[];
  answer: number;
  hue: number;
  min_diff: number;
}

const KNOBS = defineKnobs({ decoys: knob('decoy variants used (same, turned, flipped, near-mirror)', ['same', 'turned', 'flipped'], ['same', 'flipped', 'near'], ['turned', 'flipped', 'near']), near_delta: knob('how much the near-mirror decoy changes one corner (unit radius)', 0.45, 0.35, 0.28) });
const DIFF = KNOBS.difficulties;

const W = 320;
const N = 180;

/** Radial profile (clockwise from top) of a variant, sampled at N angles. */
function variantProfile(radii: readonly number[], v: Variant): number[] {
  const n = radii.length;
  const at = (deg: number): number => {
    const t = ((((deg % 360) + 360) % 360) / 360) * n;
    const a = Math.floor(t) % n;
    const f = t - Math.floor(t);
    return radii[a]! * (1 - f) + radii[(a + 1) % n]! * f;
  };
  return Array.from({ length: N }, (_, i) => {
    const th = (360 * i) / N;
    switch (v) {
      case 'same': return at(th);
      case 'turned': return at(th - 180);
      case 'flipped': return at(180 - th);
      case 'mirror':
      case 'near': return at(-th);
    }
  });
}
const rms = (p: number[], q: number[]): number => Math.sqrt(p.reduce((a, x, i) => a + (x - q[i]!) ** 2, 0) / p.length);

/** Polygon points of a variant centred at (cx, cy) with radius R. */
function variantPts(radii: readonly number[], v: Variant, cx: number, cy: number, R: number): Array<[number, number]> {
  return radii.map((r, i) => {
    const a = (2 * Math.PI * i) / radii.length;
    let x = r * R * Math.sin(a);
    let y = -r * R * Math.cos(a);
    if (v === 'mirror' || v === 'near') x = -x;
    if (v === 'turned') { x = -x; y = -y; }
    if (v === 'flipped') y = -y;
    return [cx + x, cy + y] as [number, number];
  });
}

/** One sampled state (may be invalid; `sample` retries a few times with the same rng stream). */
function sampleOnce(rng: Rng, difficulty: Difficulty): MirrorPickLatent {
  const k = DIFF[difficulty];
  const n = rng.int(7, 9);
  const radii = Array.from({ length: n }, () => Math.round(rng.float(0.35, 1) * 100) / 100);
  const variants = rng.shuffle<Variant>(['mirror', ...k.decoys]);
  const candidates = variants.map((variant) => {
    if (variant !== 'near') return { variant, radii };
    const j = rng.int(0, n - 1);
    const r2 = radii.slice();
    r2[j] = Math.round(Math.min(1, Math.max(0.3, r2[j]! + (r2[j]! > 0.65 ? -1 : 1) * k.near_delta)) * 100) / 100;
    return { variant, radii: r2 };
  });
  const cells = gridBoxes([14, 156, 306, 228], 1, 4, 8);
  return { width: W, height: 240, ref_box: [14, 44, 150, 146], radii, candidates, cells, answer: variants.indexOf('mirror'), hue: rng.int(0, 359), min_diff: 0.07 };
}

/** Engine #65 mirror_pick (group G, Click, verifier `click` / `any`). */
export const mirrorPick = singleClickEngine<MirrorPickLatent, typeof KNOBS>({
  type: 'mirror_pick',
  number: 65,
  group: 'visual_reasoning',
  knobs: KNOBS,

  sample(rng, _k, difficulty) {
    // resample a few times when the cheap state fails validation (same rng stream: deterministic)
    let l = sampleOnce(rng, difficulty);
    for (let t = 0; t < 15 && mirrorPick.validate(l) !== null; t++) l = sampleOnce(rng, difficulty);
    return l;
  },

  validate(l) {
    if (l.candidates.length !== l.cells.length) return 'one candidate per cell';
    if (l.candidates.filter((c) => c.variant === 'mirror').length !== 1 || l.candidates[l.answer]?.variant !== 'mirror') return 'exactly one true mirror';
    const profs = l.candidates.map((c) => variantProfile(c.radii, c.variant));
    for (let i = 0; i < profs.length; i++) for (let j = 0; j < i; j++) if (rms(profs[i]!, profs[j]!) < l.min_diff) return 'two candidates look alike';
    // chiral: the mirror must not equal any turn of the shape (sampled every 2 degrees)
    const mir = profs[l.answer]!;
    const same = variantProfile(l.radii, 'same');
    for (let s = 0; s < N; s++) if (rms(mir, same.map((_, i) => same[(i + s) % N]!)) < l.min_diff) return 'shape is (nearly) mirror-symmetric';
    return null;
  },

  picture(l, style, rng) {
    let body = chrome(style, l.width, l.height, say(style.locale, 'mirror_pick.title'));
    const fill = hsl(l.hue, 60, 52);
    const edge = hsl(l.hue, 55, 28);
    body += tile(style, l.ref_box, style.panel);
    const [rx, ry] = boxCenter(l.ref_box);
    body += path(polyD(variantPts(l.radii, 'same', rx - 30, ry, 40)), { fill, stroke: edge, sw: 1.5 });
    body += line(rx + 22, l.ref_box[1] + 8, rx + 22, l.ref_box[3] - 8, style.subtext, 2, 'stroke-dasharray="5 4"');
    body += path(polyD([[rx + 34, ry - 10], [rx + 52, ry], [rx + 34, ry + 10]]), { fill: style.subtext });
    l.candidates.forEach((c, i) => {
      const b = l.cells[i]!;
      const [cx, cy] = boxCenter(b);
      body += tile(style, b);
      body += path(polyD(variantPts(c.radii, c.variant, cx, cy, (b[2] - b[0]) * 0.4)), { fill, stroke: edge, sw: 1.5 });
    });
    return { svg: body };
  },

  target: (l) => ({ boxes: [l.cells[l.answer]!] }),

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const at = ptText(m, boxCenter(l.cells[l.answer]!));
    const others = l.candidates.map((c, i) => ({ c, i })).filter(({ c }) => c.variant !== 'mirror');
    const othersText = others.map(({ c, i }) => say(locale, 'mirror_pick.other', { option: optWord(i, locale), variant: say(locale, `mirror_pick.variant_${c.variant}`) })).join(say(locale, 'mirror_pick.other_sep'));
    return say(locale, 'mirror_pick.reasoning', { others: othersText, option: optWord(l.answer, locale), at });
  },

});
