/**
 * #93 image_matching_pick (group G, visual reasoning, Arrows×k+Submit): a reference picture with one
 * object and a row of candidate pictures on other backgrounds; exactly one candidate shows the same
 * object (same shape and colour; its own position, size and turn). A frame marks the current
 * candidate and ← / → move it (Open CaptchaWorld Image_Matching). Answer: presses towards the match,
 * then Submit; verifier `presses` (lib/pager.ts `pagerSolution`), so any press sequence that leaves the frame
 * on the match is right.
 *
 * Validity: no other candidate holds an object of the reference's shape (in any colour), every object
 * lies inside its picture, the frame does not start on the answer. Harder levels draw the other
 * candidates' objects from the reference's look-alike family and in its colour.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { Ids, boxInside, hsl, n1, texturedBackground } from '../../lib/draw.js';
import { ICON_FAMILIES, ICON_KINDS, iconNoun, iconSvg } from '../../lib/icons.js';
import { type PagerLayout, optWord, pagerLayout } from '../../lib/pager.js';
import { arrowsEngine } from './template.js';
import { Rng } from '../../../../core/rng.js';

/** One picture: its object and background. */
interface Picture {
  kind: string;
  hue: number;
  cx: number;
  cy: number;
  r: number;
  rot: number;
  bg_hue: number;
  /** Seed of the background texture (drawn from it deterministically). */
  bg_seed: number;
}
/** Latent state of image_matching_pick (puzzle px). */
export interface ImageMatchingLatent extends Record<string, unknown> {
  width: number;
  height: number;
  ref_box: Box;
  ref: Picture;
  options: Picture[];
  layout: PagerLayout;
  cursor: number;
  answer: number;
  clutter: number;
}

const KNOBS = defineKnobs({ options: knob('candidate pictures', 3, 4, 4), lookalike: knob('other candidates show look-alike shapes (same family) in the same colour', false, true, true), clutter: knob('background clutter shapes per picture', 2, 4, 8) });

const W = 320;
const familyOf = (k: string): readonly string[] => ICON_FAMILIES.find((f) => f.includes(k)) ?? [k];

/** Engine #93 image_matching_pick (group G, Arrows×k+Submit, verifier `presses`). */
export const imageMatchingPick = arrowsEngine<ImageMatchingLatent, typeof KNOBS>({
  type: 'image_matching_pick',
  group: 'visual_reasoning',
  number: 93,
  knobs: KNOBS,

  sample(rng, k) {
    const families = ICON_FAMILIES.filter((f) => f.length >= 3);
    const kind = k.lookalike ? rng.pick(rng.pick(families)) : rng.pick(ICON_KINDS);
    const hue = rng.int(0, 359);
    const ref_box: Box = [100, 44, 220, 134];
    const layout = pagerLayout([14, 148, 306, 228], k.options, 1, 240, W);
    const answer = rng.int(0, k.options - 1);
    const place = (b: Box, objKind: string, objHue: number): Picture => {
      const r = Math.round(Math.min(b[2] - b[0], b[3] - b[1]) * rng.float(0.22, 0.3));
      return {
        kind: objKind,
        hue: objHue,
        cx: rng.int(b[0] + r + 4, b[2] - r - 4),
        cy: rng.int(b[1] + r + 4, b[3] - r - 4),
        r,
        rot: rng.int(-40, 40),
        bg_hue: rng.int(0, 359),
        bg_seed: rng.int(0, 1e9),
      };
    };
    const others = k.lookalike ? familyOf(kind).filter((x) => x !== kind) : ICON_KINDS.filter((x) => x !== kind);
    const options = layout.options.map((b, i) =>
      i === answer ? place(b, kind, hue) : place(b, rng.pick(others), k.lookalike ? hue : (hue + rng.int(60, 300)) % 360),
    );
    let cursor = rng.int(0, k.options - 1);
    if (cursor === answer) cursor = (answer + 1 + rng.int(0, k.options - 2)) % k.options;
    return { width: W, height: layout.submit[3] + 12, ref_box, ref: place(ref_box, kind, hue), options, layout, cursor, answer, clutter: k.clutter };
  },

  validate(l) {
    if (l.options.length !== l.layout.options.length) return 'one picture per option';
    const same = l.options.map((o, i) => (o.kind === l.ref.kind ? i : -1)).filter((i) => i >= 0);
    if (same.length !== 1 || same[0] !== l.answer) return 'exactly one candidate must show the reference shape';
    if (l.options[l.answer]!.hue !== l.ref.hue) return 'the match has another colour';
    const inside = (p: Picture, b: Box): boolean => boxInside([p.cx - p.r, p.cy - p.r, p.cx + p.r, p.cy + p.r], [b[0] + 2, b[1] + 2, b[2] - 2, b[3] - 2]);
    if (!inside(l.ref, l.ref_box)) return 'reference object outside its picture';
    for (const [i, o] of l.options.entries()) if (!inside(o, l.layout.options[i]!)) return 'candidate object outside its picture';
    if (l.options.some((o) => o.r < 9)) return 'object too small';
    return l.options.length === l.layout.options.length ? null : 'layout does not match the options';
  },

  picture(l, style) {
    const ids = new Ids();
    let defs = '';
    let body = '';
    const picture = (p: Picture, b: Box): string => {
      const clip = ids.next();
      defs += `<clipPath id="${clip}"><rect x="${b[0]}" y="${b[1]}" width="${b[2] - b[0]}" height="${b[3] - b[1]}" rx="6"/></clipPath>`;
      const bg = texturedBackground(new Rng(`bg-${p.bg_seed}`), b, ids, { hue: p.bg_hue, clutter: l.clutter });
      defs += bg.defs;
      return `<g clip-path="url(#${clip})">${bg.body}${iconSvg(p.kind, p.cx, p.cy, p.r, p.rot, hsl(p.hue, 70, 48), 'stroke="#ffffff" stroke-width="2"')}</g>`;
    };
    body += picture(l.ref, l.ref_box);
    const [rx] = boxCenter(l.ref_box);
    body += `<path d="M${n1(rx - 6)} ${l.ref_box[3] + 4}L${n1(rx + 6)} ${l.ref_box[3] + 4}L${n1(rx)} ${l.ref_box[3] + 10}Z" fill="${style.subtext}"/>`;
    l.layout.options.forEach((b, i) => (body += picture(l.options[i]!, b)));
    return { svg: body, defs };
  },

  gold: (l) => ({ pager: { layout: l.layout, cursor: l.cursor, target: l.answer } }),

  reasoning: (l, locale) => ({ name: iconNoun(l.ref.kind, locale), opt: optWord(l.answer, locale) }),
});
