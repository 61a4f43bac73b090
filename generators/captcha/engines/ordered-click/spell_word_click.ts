/**
 * #18 spell_word_click (group B, ordered text click, Click×k): letter tiles (word-game style) are
 * laid out shuffled; click the tiles that spell the prompted word, in order. Decoy tiles carry other
 * letters; hard puzzles use look-alike decoys (E/F, P/R, C/G, M/N, U/V).
 *
 * Words have no repeated letter and decoys never repeat a word letter: with two equal tiles the
 * click order would not be unique, which the `sequence` verifier cannot express.
 */
import type { Box } from '../../../../core/geometry.js';
import { glyphAt, textSvg, textWidth } from '../../../../renderers/glyphs.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxInside, boxesOverlap, path } from '../../lib/draw.js';
import type { ClickFrame } from '../../lib/frames.js';
import { plainPicture } from '../../lib/backdrops.js';
import { roundedSquarePath } from '../../lib/dice-clocks.js';
import { EN_WORDS, uniqueChars } from '../../lib/words.js';
import { UPPER } from '../../lib/glyph-pictures.js';
import { say } from '../../lib/i18n.js';
import { hasRepeats, inOrder, listSep, orderHits, orderedClickEngine } from './template.js';

interface Tile {
  ch: string;
  cx: number;
  cy: number;
  /** Tile side, puzzle px. */
  size: number;
  rot: number;
  /** Letter value printed small in the corner (decoration). */
  points: number;
  box: Box;
}
/** Latent state of spell_word_click (puzzle px). */
export interface SpellWordLatent extends Record<string, unknown> {
  frame: ClickFrame;
  word: string;
  tiles: Tile[];
  order: number[];
  tile_color: string;
}

const LOOKALIKE: Record<string, string> = { E: 'F', F: 'E', P: 'R', R: 'P', C: 'G', G: 'C', M: 'N', N: 'M', U: 'V', V: 'U', B: 'R', D: 'P', K: 'X', X: 'K', T: 'Y', Y: 'T', H: 'N', L: 'J', J: 'L', A: 'R', S: 'Z', Z: 'S' };
const WORDS = EN_WORDS.filter((w) => uniqueChars(w) && w.length >= 4 && w.length <= 6).map((w) => w.toUpperCase());
const POINTS: Record<string, number> = { A: 1, B: 3, C: 3, D: 2, E: 1, F: 4, G: 2, H: 4, I: 1, J: 8, K: 5, L: 1, M: 3, N: 1, O: 1, P: 3, Q: 10, R: 1, S: 1, T: 1, U: 1, V: 4, W: 4, X: 8, Y: 4, Z: 10 };

const tileBox = (cx: number, cy: number, s: number, rot: number): Box => {
  const a = (Math.abs(rot) * Math.PI) / 180;
  const h = (s / 2) * (Math.cos(a) + Math.sin(a));
  return [Math.floor(cx - h), Math.floor(cy - h), Math.ceil(cx + h), Math.ceil(cy + h)];
};

/** Engine #18 spell_word_click (group B, Click×k, verifier `click`/`sequence`). */
export const spellWordClick = orderedClickEngine({
  type: 'spell_word_click',
  group: 'ordered_text_click',
  number: 18,
  knobs: defineKnobs({ length: knob('word length range', [4, 4], [5, 5], [6, 6]), decoys: knob('decoy tiles', 2, 3, 4), lookalike: knob('decoys are look-alikes of word letters', false, false, true), max_rot: knob('max tile rotation, degrees', 4, 10, 16) }),
  frame: { imageH: 170 },

  sample(rng, k, frame): SpellWordLatent {
    const word = rng.pick(WORDS.filter((w) => w.length >= k.length[0] && w.length <= k.length[1]));
    const letters = [...word];
    const decoys: string[] = [];
    if (k.lookalike) for (const c of rng.shuffle(letters)) {
      const d = LOOKALIKE[c];
      if (d && !letters.includes(d) && !decoys.includes(d) && decoys.length < k.decoys) decoys.push(d);
    }
    for (const c of rng.shuffle(UPPER)) if (decoys.length < k.decoys && !letters.includes(c) && !decoys.includes(c)) decoys.push(c);
    const chars = rng.shuffle([...letters, ...decoys]);
    const ib = frame.image_box;
    const cols = 5;
    const rows = Math.ceil(chars.length / cols) + 1;
    const cw = (ib[2] - ib[0]) / cols;
    const ch = (ib[3] - ib[1]) / rows;
    const cells = rng.sample([...Array(cols * rows).keys()], chars.length);
    const size = Math.round(Math.min(cw, ch) * 0.68);
    const tiles: Tile[] = chars.map((c, i) => {
      const cell = cells[i]!;
      const cx = Math.round(ib[0] + (cell % cols + 0.5) * cw + rng.float(-3, 3));
      const cy = Math.round(ib[1] + (Math.floor(cell / cols) + 0.5) * ch + rng.float(-3, 3));
      const rot = rng.int(-k.max_rot, k.max_rot);
      return { ch: c, cx, cy, size, rot, points: POINTS[c] ?? 1, box: tileBox(cx, cy, size, rot) };
    });
    return { frame, word, tiles, order: letters.map((c) => tiles.findIndex((t) => t.ch === c)), tile_color: rng.pick(['#f3d9a4', '#e9c98b', '#f6e7c1', '#dcc7a1']) };
  },

  validate(l) {
    if (!WORDS.includes(l.word)) return 'word not in the vocabulary or has repeated letters';
    if (hasRepeats(l.tiles.map((t) => t.ch))) return 'two tiles carry the same letter: order not unique';
    if (!orderHits(l.order, l.tiles, [...l.word], (t) => t.ch)) return 'order does not spell the word';
    for (let i = 0; i < l.tiles.length; i++) {
      const t = l.tiles[i]!;
      if (t.size < 28) return 'tile too small';
      const b = tileBox(t.cx, t.cy, t.size, t.rot);
      if (b.some((v, q) => v !== t.box[q])) return 'click box does not match the tile';
      if (!boxInside(t.box, l.frame.image_box)) return 'tile outside the picture';
      for (let j = 0; j < i; j++) if (boxesOverlap(t.box, l.tiles[j]!.box, 2)) return 'tiles overlap';
    }
    return null;
  },

  clicks: (l) => inOrder(l.tiles, l.order),
  picture(l, style, rng) {
    let pic = plainPicture(rng, l.frame.image_box, style, rng.pick(['grid', 'dots'] as const));
    for (const t of l.tiles) {
      pic += path(roundedSquarePath(t.cx + 1.5, t.cy + 2.5, t.size, t.rot, t.size * 0.14), { fill: 'rgba(0,0,0,0.3)' });
      pic += path(roundedSquarePath(t.cx, t.cy, t.size, t.rot, t.size * 0.14), { fill: l.tile_color, stroke: '#a88a55', sw: 1.2 });
      pic += path(glyphAt(t.ch, t.size * 0.62, t.cx - t.size * 0.04, t.cy, { rot: t.rot, weight: 700, face: 'roboto' }).d, { fill: '#2b2114' });
      const a = (t.rot * Math.PI) / 180;
      const ox = t.size * 0.32;
      const oy = t.size * 0.3;
      pic += path(glyphAt(String(t.points % 10), t.size * 0.2, t.cx + ox * Math.cos(a) - oy * Math.sin(a), t.cy + ox * Math.sin(a) + oy * Math.cos(a), { rot: t.rot, weight: 700 }).d, { fill: '#5b4a2c' });
    }
    return pic;
  },
  prompt: (l, style) => ({
    lead: say(style.locale, { en: 'Spell the word:', zh: '请依次点击字母拼出：' }),
    ref: (x, cy) => textSvg(l.word, x, cy + 6.5, 18, style.accent, { face: style.face, weight: 700, letterSpacing: 2 }),
    refW: textWidth(l.word, 18, { face: style.face, weight: 700, letterSpacing: 2 }),
  }),

  stepName: (t, _j, _l, locale) => say(locale, 'spell_word_click.step', { letter: t.ch }),
  reasoning: { params: (l, locale) => ({ word: l.word, length: l.word.length, decoys: l.tiles.filter((t) => !l.word.includes(t.ch)).map((t) => t.ch).join(listSep(locale)) }) },
  instruction: { params: (l) => ({ word: l.word }) },
});
