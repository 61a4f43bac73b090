/**
 * #15 letter_sequence_click (group B, ordered text click, Click×k): Latin letters scattered over a
 * picture; the prompt names the letters to click in turn ("click A, K, Q"). Hard puzzles put the
 * other case of a target on the picture as a decoy (target "g", decoy "G"), so case matters.
 */
import { glyphAt } from '../../../../renderers/glyphs.js';
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { Ids, hsl, noiseLines, path, svgDoc, texturedBackground } from '../../lib/draw.js';
import { type ClickFrame, clickFrame, drawClickFrame, orderSteps } from '../../lib/frames.js';
import { clickSequence } from '../../lib/solutions.js';
import { CASE_DISTINCT, type GlyphItem, UPPER, checkItems, itemsSvg, scatterGlyphs } from '../../lib/glyph-pictures.js';
import { say } from '../../lib/i18n.js';

/** Latent state of letter_sequence_click (puzzle px). */
export interface LetterSequenceLatent extends Record<string, unknown> {
  frame: ClickFrame;
  /** Target letters in click order (case-exact). */
  targets: string[];
  items: GlyphItem[];
  order: number[];
  clutter: number;
  noise_lines: number;
  bg_hue: number;
}

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ targets: knob('letters to click, in order', 3, 4, 5), decoys: knob('letters that must not be clicked', 2, 3, 3), case_confusion: knob('targets may be lower case with their capital as a decoy', false, false, true), max_rot: knob('max glyph rotation, degrees', 20, 35, 45), size: knob('glyph size range, puzzle px', [34, 40], [31, 37], [30, 35]), clutter: knob('background clutter shapes', 8, 14, 20), noise_lines: knob('noise curves over the picture', 0, 2, 3) });

const ok = (c: string): boolean => UPPER.includes(c) || CASE_DISTINCT.includes(c);

/** Engine #15 letter_sequence_click (group B, Click×k, verifier `click`/`sequence`). */
export const letterSequenceClick = defineEngine<LetterSequenceLatent>({
  type: 'letter_sequence_click',
  group: 'ordered_text_click',
  number: 15,
  actionForm: 'Click×k',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
    const frame = clickFrame(rng, 180);
    let targets: string[];
    let decoys: string[];
    if (k.case_confusion) {
      const lower = rng.sample(CASE_DISTINCT.filter((c) => UPPER.includes(c.toUpperCase())), 2);
      const upper = rng.sample(UPPER.filter((c) => !lower.includes(c.toLowerCase())), k.targets - 2);
      targets = rng.shuffle([...lower, ...upper]);
      decoys = [...lower.map((c) => c.toUpperCase()), ...rng.sample(UPPER.filter((c) => !targets.includes(c) && !lower.includes(c.toLowerCase())), k.decoys - 2)];
    } else {
      const picked = rng.sample(UPPER, k.targets + k.decoys);
      targets = picked.slice(0, k.targets);
      decoys = picked.slice(k.targets);
    }
    const chars = [...targets, ...decoys];
    const items = rng.shuffle(scatterGlyphs(rng, frame.image_box, chars, k.size, k.max_rot, () => hsl(rng.int(0, 359), rng.float(65, 95), rng.float(45, 62)), { face: rng.pick(['roboto', 'inter', 'noto-sans'] as const) }));
    return { frame, targets, items, order: targets.map((t) => items.findIndex((it) => it.ch === t)), clutter: k.clutter, noise_lines: k.noise_lines, bg_hue: rng.int(0, 359) };
  },

  validate(l) {
    if (l.targets.length < 2) return 'fewer than two targets';
    const chars = l.items.map((i) => i.ch);
    if (chars.some((c) => !ok(c))) return 'letter not allowed (ambiguous shape)';
    if (new Set(chars).size !== chars.length) return 'duplicate letter on the picture';
    if (l.order.length !== l.targets.length || l.order.some((i, j) => l.items[i]?.ch !== l.targets[j])) return 'order does not match targets';
    return checkItems(l.items, l.frame.image_box, 24);
  },

  draw(l, style, rng) {
    const ids = new Ids();
    const bg = texturedBackground(rng.fork('bg'), l.frame.image_box, ids, { hue: l.bg_hue, clutter: l.clutter });
    const pic = bg.body + noiseLines(rng, l.frame.image_box, l.noise_lines) + itemsSvg(l.items);
    const lead = say(style.locale, { en: 'Click in order:', zh: '请依次点击：' });
    const body = drawClickFrame(style, l.frame, lead, (x, cy) => {
      let out = '';
      l.targets.forEach((t, i) => {
        out += path(glyphAt(t, 19, x + 10 + i * 25, cy, { face: style.face, weight: 700 }).d, { fill: style.accent });
      });
      return out;
    }, pic, l.targets.length * 25);
    return { svg: svgDoc(l.frame.width, l.frame.height, body, bg.defs), width: l.frame.width, height: l.frame.height };
  },

  solve(l) {
    return clickSequence(l.order.map((i) => l.items[i]!.box));
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const caseNote = l.targets.some((t) => t !== t.toUpperCase());
    const steps = orderSteps(l.order.map((i) => ({ name: `"${l.items[i]!.ch}"`, box: l.items[i]!.box })), l.frame.image_box, locale, m);
    return say(locale, {
      en: `The prompt lists ${l.targets.join(', ')}${caseNote ? ' (case matters: the other case of some targets is on the picture as a decoy)' : ''}. The picture has ${l.items.length} letters. ${steps}. Click them in this order.`,
      zh: `提示要求依次点击 ${l.targets.join('、')}${caseNote ? '（注意大小写，图中也有对应的另一种大小写作为干扰）' : ''}。图中共 ${l.items.length} 个字母。${steps}。按此顺序点击。`,
    });
  },

  instruction(l, locale) {
    return say(locale, 'letter_sequence_click.instruction', { p: l.targets.join(', '), p2: l.targets.join(' ') });
  },
});
