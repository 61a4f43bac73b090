/**
 * #14 phrase_order_click (group B, ordered text click, Click×k): the characters of a Chinese idiom
 * (成语) or an English word are scattered over a picture, shuffled; the prompt shows only empty
 * slots, so the order comes from knowing the phrase (GeeTest 语序点选, KgCaptcha). Hard puzzles add
 * decoy characters.
 *
 * Unique answer: every character on the picture is distinct, and no other phrase of the vocabulary
 * with the same length can be spelled from the picture's characters.
 */
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { Ids, hsl, noiseLines, rect, svgDoc, texturedBackground } from '../../lib/draw.js';
import { type ClickFrame, clickFrame, drawClickFrame, orderSteps } from '../../lib/frames.js';
import { clickSequence } from '../../lib/solutions.js';
import { type GlyphItem, checkItems, itemsSvg, scatterGlyphs } from '../../lib/glyph-pictures.js';
import { EN_WORDS, ZH_IDIOMS, uniqueChars } from '../../lib/words.js';
import { CJK_POOL } from './word_click_ordered.js';
import { say } from '../../lib/i18n.js';

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

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ decoys: knob('characters that are not part of the phrase', 0, 1, 2), max_rot: knob('max glyph rotation, degrees', 20, 35, 50), size: knob('glyph size range, puzzle px', [34, 40], [31, 37], [29, 34]), clutter: knob('background clutter shapes', 8, 14, 22), noise_lines: knob('noise curves over the picture', 0, 1, 3) });

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
export const phraseOrderClick = defineEngine<PhraseOrderLatent>({
  type: 'phrase_order_click',
  group: 'ordered_text_click',
  number: 14,
  actionForm: 'Click×k',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
    const frame = clickFrame(rng, 180);
    const script = rng.bool(0.7) ? 'cjk' : 'latin';
    const phrase = script === 'cjk' ? rng.pick(IDIOMS) : rng.pick(PHRASE_WORDS.filter((w) => w.length <= 5 + (difficulty === 'easy' ? 0 : 1)));
    const pchars = [...phrase];
    const pool = script === 'cjk' ? CJK_POOL : [...'ABCDEFGHJKLMNPRSTUVWXYZ'];
    const decoys = rng.sample(pool.filter((c) => !pchars.includes(c)), k.decoys);
    const chars = [...pchars, ...decoys];
    const items = rng.shuffle(scatterGlyphs(rng, frame.image_box, chars, k.size, k.max_rot, () => hsl(rng.int(0, 359), rng.float(65, 95), rng.float(45, 62))));
    return {
      frame, script, phrase, items,
      order: pchars.map((c) => items.findIndex((it) => it.ch === c)),
      clutter: k.clutter, noise_lines: k.noise_lines, bg_hue: rng.int(0, 359),
    };
  },

  validate(l) {
    const pchars = [...l.phrase];
    const vocab = l.script === 'cjk' ? IDIOMS : PHRASE_WORDS;
    if (!vocab.includes(l.phrase)) return 'phrase not in the vocabulary';
    const chars = l.items.map((i) => i.ch);
    if (new Set(chars).size !== chars.length) return 'duplicate character on the picture';
    if (l.order.length !== pchars.length || l.order.some((i, j) => l.items[i]?.ch !== pchars[j])) return 'order does not spell the phrase';
    const alt = spellable(chars, l.script, pchars.length).filter((p) => p !== l.phrase);
    if (alt.length) return `another phrase can be spelled: ${alt[0]}`;
    return checkItems(l.items, l.frame.image_box, 24);
  },

  draw(l, style, rng) {
    const ids = new Ids();
    const bg = texturedBackground(rng.fork('bg'), l.frame.image_box, ids, { hue: l.bg_hue, clutter: l.clutter });
    const pic = bg.body + noiseLines(rng, l.frame.image_box, l.noise_lines) + itemsSvg(l.items);
    const n = [...l.phrase].length;
    const lead = say(style.locale, { en: 'Click the letters in word order:', zh: '请按语序依次点击文字：' });
    const s = n > 5 ? 16 : 20;
    const body = drawClickFrame(style, l.frame, lead, (x, cy) => {
      let out = '';
      for (let i = 0; i < n; i++) out += rect(x + i * (s + 4), cy - s / 2, s, s, { fill: 'none', stroke: style.subtext, sw: 1.4, rx: 3 });
      return out;
    }, pic, n * (s + 4));
    return { svg: svgDoc(l.frame.width, l.frame.height, body, bg.defs), width: l.frame.width, height: l.frame.height };
  },

  solve(l) {
    return clickSequence(l.order.map((i) => l.items[i]!.box));
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const shown = l.items.map((i) => i.ch).join(say(locale, { en: ', ', zh: '、' }));
    const decoys = l.items.length - [...l.phrase].length;
    const steps = orderSteps(l.order.map((i) => ({ name: say(locale, { en: `"${l.items[i]!.ch}"`, zh: `「${l.items[i]!.ch}」` }), box: l.items[i]!.box })), l.frame.image_box, locale, m);
    return say(locale, {
      en: `The picture shows: ${shown}. ${l.script === 'cjk' ? 'They form the idiom' : 'They spell the word'} "${l.phrase}"${decoys ? `; the other ${decoys} ${decoys === 1 ? 'is a decoy' : 'are decoys'}` : ''}. In that order: ${steps}.`,
      zh: `图中的字有：${shown}。${l.script === 'cjk' ? '它们能组成成语' : '它们能拼成单词'}「${l.phrase}」${decoys ? `，多出的 ${decoys} 个是干扰字` : ''}。按语序点击：${steps}。`,
    });
  },

  instruction(l, locale) {
    const n = [...l.phrase].length;
    if (l.script === 'cjk') return say(locale, 'phrase_order_click.instruction_1', { n });
    return say(locale, 'phrase_order_click.instruction_2', { n });
  },
});
