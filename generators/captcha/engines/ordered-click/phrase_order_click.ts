/**
 * #14 phrase_order_click (group B, ordered text click, Click×k): the characters of a Chinese idiom
 * (成语) or an English word are scattered over a picture, shuffled; the prompt shows only empty
 * slots, so the order comes from knowing the phrase (GeeTest 语序点选, KgCaptcha). Hard puzzles add
 * decoy characters.
 *
 * Unique answer: every character on the picture is distinct, and no other phrase of the vocabulary
 * with the same length can be spelled from the picture's characters.
 */
import { defineKnobs, knob } from '../../engine.js';
import { rect } from '../../lib/draw.js';
import type { ClickFrame } from '../../lib/frames.js';
import { type GlyphItem, checkItems, itemsSvg } from '../../lib/glyph-pictures.js';
import { EN_WORDS, ZH_IDIOMS, uniqueChars } from '../../lib/words.js';
import { CJK_POOL } from './word_click_ordered.js';
import { say } from '../../lib/i18n.js';
import { hasRepeats, inOrder, listSep, orderHits, orderedClickEngine, quoted, scatterInk, texturedPicture } from './template.js';

/** Latent state of phrase_order_click (puzzle px). */
export interface PhraseOrderLatent extends Record<string, unknown> {
  frame: ClickFrame;
  script: 'cjk' | 'latin';
  phrase: string;
  items: GlyphItem[];
  /** `order[i]` = index into `items` of the i-th click. */
  order: number[];
  clutter: number;
  noise_lines: number;
  bg_hue: number;
}

/** English words usable here: 4–6 distinct letters, upper case, no I (a bare bar that clutter can hide). */
export const PHRASE_WORDS = EN_WORDS.filter((w) => w.length >= 4 && w.length <= 6 && uniqueChars(w) && !w.includes('i')).map((w) => w.toUpperCase());
const IDIOMS = ZH_IDIOMS.filter(uniqueChars);

/** Phrases of the same script and length that can be spelled from `chars` (each used once). */
export function spellable(chars: readonly string[], script: 'cjk' | 'latin', len: number): string[] {
  const vocab = script === 'cjk' ? IDIOMS : PHRASE_WORDS;
  const have = new Set(chars);
  return vocab.filter((p) => [...p].length === len && [...p].every((c) => have.has(c)));
}

/** Engine #14 phrase_order_click (group B, Click×k, verifier `click`/`sequence`). */
export const phraseOrderClick = orderedClickEngine({
  type: 'phrase_order_click',
  group: 'ordered_text_click',
  number: 14,
  knobs: defineKnobs({ decoys: knob('characters that are not part of the phrase', 0, 1, 2), max_rot: knob('max glyph rotation, degrees', 20, 35, 50), size: knob('glyph size range, puzzle px', [34, 40], [31, 37], [29, 34]), clutter: knob('background clutter shapes', 8, 14, 22), noise_lines: knob('noise curves over the picture', 0, 1, 3) }),
  frame: { imageH: 180 },

  sample(rng, k, frame, difficulty): PhraseOrderLatent {
    const script = rng.bool(0.7) ? 'cjk' : 'latin';
    const phrase = script === 'cjk' ? rng.pick(IDIOMS) : rng.pick(PHRASE_WORDS.filter((w) => w.length <= 5 + (difficulty === 'easy' ? 0 : 1)));
    const pchars = [...phrase];
    const pool = script === 'cjk' ? CJK_POOL : [...'ABCDEFGHJKLMNPRSTUVWXYZ'];
    const decoys = rng.sample(pool.filter((c) => !pchars.includes(c)), k.decoys);
    const items = rng.shuffle(scatterInk(rng, frame.image_box, [...pchars, ...decoys], k.size, k.max_rot, false));
    return { frame, script, phrase, items, order: pchars.map((c) => items.findIndex((it) => it.ch === c)), clutter: k.clutter, noise_lines: k.noise_lines, bg_hue: rng.int(0, 359) };
  },

  validate(l) {
    const pchars = [...l.phrase];
    const vocab = l.script === 'cjk' ? IDIOMS : PHRASE_WORDS;
    if (!vocab.includes(l.phrase)) return 'phrase not in the vocabulary';
    const chars = l.items.map((i) => i.ch);
    if (hasRepeats(chars)) return 'duplicate character on the picture';
    if (!orderHits(l.order, l.items, pchars, (it) => it.ch)) return 'order does not spell the phrase';
    const alt = spellable(chars, l.script, pchars.length).filter((p) => p !== l.phrase);
    if (alt.length) return `another phrase can be spelled: ${alt[0]}`;
    return checkItems(l.items, l.frame.image_box, 24);
  },

  clicks: (l) => inOrder(l.items, l.order),
  picture: (l, _style, rng) => texturedPicture(l, l.frame.image_box, rng, l.noise_lines, itemsSvg(l.items)),
  prompt: (l, style) => {
    const n = [...l.phrase].length;
    const s = n > 5 ? 16 : 20;
    const slots = (x: number, cy: number): string => Array.from({ length: n }, (_, i) => rect(x + i * (s + 4), cy - s / 2, s, s, { fill: 'none', stroke: style.subtext, sw: 1.4, rx: 3 })).join('');
    return { lead: say(style.locale, { en: 'Click the letters in word order:', zh: '请按语序依次点击文字：' }), ref: slots, refW: n * (s + 4) };
  },

  stepName: (t, _j, _l, locale) => quoted(t.ch, locale),
  reasoning: {
    params: (l, locale) => {
      const decoys = l.items.length - [...l.phrase].length;
      const note = decoys === 0 ? '' : say(locale, `phrase_order_click.${decoys === 1 ? 'decoy_one' : 'decoy_many'}`, { n: decoys });
      return { shown: l.items.map((i) => i.ch).join(listSep(locale)), forms: say(locale, `phrase_order_click.forms_${l.script}`), phrase: l.phrase, decoy_note: note };
    },
  },
  instruction: { key: (l) => (l.script === 'cjk' ? 'instruction_1' : 'instruction_2'), params: (l) => ({ n: [...l.phrase].length }) },
});
