/**
 * #93 image_matching_pick (group G, visual reasoning, Arrows×k+Submit): a reference picture with one
 * object and a row of candidate pictures on other backgrounds; exactly one candidate shows the same
 * object (same shape and colour; its own position, size and turn). A frame marks the current
 * candidate and ← / → move it (Open CaptchaWorld Image_Matching). Answer: presses towards the match,
 * then Submit; verifier `presses` (kit2 `pagerSolution`), so any press sequence that leaves the frame
 * on the match is right.
 *
 * Validity: no other candidate holds an object of the reference's shape (in any colour), every object
 * lies inside its picture, the frame does not start on the answer. Harder levels draw the other
 * candidates' objects from the reference's look-alike family and in its colour.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { Ids, boxInside, hsl, n1, ptText, svgDoc, texturedBackground } from '../../lib/draw.js';
import { ICON_FAMILIES, ICON_KINDS, iconName, iconSvg } from '../../lib/icons.js';
import { say } from '../../lib/i18n.js';
import { type PagerLayout, optWord, pagerControls, pagerInvalid, pagerLayout, pagerMoveText, pagerSolution } from '../../lib/pager.js';
import { chrome } from '../../lib/controls.js';
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

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ options: knob('candidate pictures', 3, 4, 4), lookalike: knob('other candidates show look-alike shapes (same family) in the same colour', false, true, true), clutter: knob('background clutter shapes per picture', 2, 4, 8) });

const W = 320;
const familyOf = (k: string): readonly string[] => ICON_FAMILIES.find((f) => f.includes(k)) ?? [k];

/** Engine #93 image_matching_pick (group G, Arrows×k+Submit, verifier `presses`). */
export const imageMatchingPick = defineEngine<ImageMatchingLatent>({
  type: 'image_matching_pick',
  group: 'visual_reasoning',
  number: 93,
  actionForm: 'Arrows×k+Submit',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
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
    return pagerInvalid(l.options.length, l.cursor, l.answer);
  },

  draw(l, style) {
    const ids = new Ids();
    let defs = '';
    let body = chrome(style, l.width, l.height, say(style.locale, { en: 'Find the same object', zh: '找出相同的物体' }));
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
    body += pagerControls(style, l.layout, l.cursor);
    return { svg: svgDoc(l.width, l.height, body, defs), width: l.width, height: l.height };
  },

  solve(l) {
    return pagerSolution(l.layout, l.cursor, l.answer);
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const name = iconName(l.ref.kind, locale);
    const arrow = ptText(m, boxCenter(l.answer > l.cursor ? l.layout.right : l.layout.left));
    const sub = ptText(m, boxCenter(l.layout.submit));
    const move = pagerMoveText(locale, l.cursor, l.answer, { arrow, submit: sub });
    return say(locale, {
      en: `The reference shows a ${name}. Only ${optWord(l.answer, locale)} shows the same ${name} in the same colour (placed, sized and turned differently); the others are other shapes. ${move}`,
      zh: `参考图中的物体是${name}。候选图片中只有${optWord(l.answer, locale)}也是同样颜色的${name}（位置、大小和角度不同），其他都是别的形状。${move}`,
    });
  },

  instruction(_l, locale) {
    return say(locale, 'image_matching_pick.instruction');
  },
});
