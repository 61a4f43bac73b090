/**
 * #64 matching_pair_pick (group G, visual reasoning, Click): several cards, each with four icons;
 * exactly one card holds two icons of the same shape, their colour and angle free (Arkose "card" /
 * square-icon style); the prompt says "same shape", not "identical". Click that card.
 * Verifier `click` / `any` with that card's box.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import type { Rng } from '../../../../core/rng.js';
import { defineKnobs, knob, IDENTITY_AFFINE } from '../../engine.js';
import { hsl, ptText } from '../../lib/draw.js';
import { ICON_FAMILIES, iconName, iconNoun, iconSvg } from '../../lib/icons.js';
import { say } from '../../lib/i18n.js';
import { singleClickEngine } from './template.js';
import { cellWords, gridBoxes } from '../../lib/grids.js';
import { chrome, tile } from '../../lib/controls.js';

/** Latent state of matching_pair_pick (puzzle px). */
export interface MatchingPairLatent extends Record<string, unknown> {
  width: number;
  height: number;
  cols: number;
  cards: Box[];
  /** Four icon kinds per card (2 x 2, row-major). */
  icons: string[][];
  rots: number[][];
  answer: number;
  /** Kind that appears twice on the answer card. */
  pair_kind: string;
  hue: number;
}

const KNOBS = defineKnobs({ cards: knob('number of cards', [2, 2], [2, 3], [2, 3]), similar: knob('icons on a card drawn from one look-alike family', false, false, true), max_rot: knob('max icon turn, degrees', 0, 30, 60) });

const W = 320;
const POOL = ['star', 'heart', 'moon', 'bolt', 'drop', 'leaf', 'house', 'flag', 'crown', 'cloud', 'arrow', 'star6', 'hexagon', 'pentagon', 'diamond', 'triangle', 'square', 'circle', 'plus', 'ring'];

function cardKinds(rng: Rng, similar: boolean, n: number): string[] {
  if (similar) {
    const fams = ICON_FAMILIES.filter((f) => f.length >= n);
    const fam = rng.pick(fams);
    return rng.sample(fam, n);
  }
  return rng.sample(POOL, n);
}

/** Engine #64 matching_pair_pick (group G, Click, verifier `click` / `any`). */
export const matchingPairPick = singleClickEngine<MatchingPairLatent, typeof KNOBS>({
  type: 'matching_pair_pick',
  number: 64,
  group: 'visual_reasoning',
  knobs: KNOBS,

  sample(rng, k, difficulty) {
    const [rows, cols] = k.cards;
    const n = rows * cols;
    const cw = Math.floor((W - 28 - 12 * (cols - 1)) / cols);
    const area: Box = [14, 46, 14 + cols * cw + 12 * (cols - 1), 46 + rows * cw + 12 * (rows - 1)];
    const answer = rng.int(0, n - 1);
    let pair = '';
    const icons = Array.from({ length: n }, (_, i) => {
      if (i !== answer) return cardKinds(rng, k.similar, 4);
      const three = cardKinds(rng, k.similar, 3);
      pair = three[0]!;
      return rng.shuffle([three[0]!, ...three]);
    });
    return {
      width: W,
      height: area[3] + 14,
      cols,
      cards: gridBoxes(area, rows, cols, 12),
      icons,
      rots: icons.map((c) => c.map(() => (k.max_rot ? rng.int(-k.max_rot, k.max_rot) : 0))),
      answer,
      pair_kind: pair,
      hue: rng.int(0, 359),
    };
  },

  validate(l) {
    if (l.icons.length !== l.cards.length) return 'one icon set per card';
    const withPair = l.icons.map((c, i) => (new Set(c).size < c.length ? i : -1)).filter((i) => i >= 0);
    if (withPair.length !== 1 || withPair[0] !== l.answer) return 'exactly one card must hold a pair';
    const c = l.icons[l.answer]!;
    if (c.filter((x) => x === l.pair_kind).length !== 2 || new Set(c).size !== 3) return 'answer card must hold exactly one pair';
    for (const b of l.cards) if (b[2] - b[0] < 80) return 'cards too small';
    return null;
  },

  picture(l, style, rng) {
    let body = chrome(style, l.width, l.height, say(style.locale, 'matching_pair_pick.title'));
    l.cards.forEach((c, i) => {
      body += tile(style, c, style.panel);
      const cells = gridBoxes([c[0] + 6, c[1] + 6, c[2] - 6, c[3] - 6], 2, 2, 4);
      cells.forEach((cell, j) => {
        const [cx, cy] = boxCenter(cell);
        const kind = l.icons[i]![j]!;
        body += iconSvg(kind, cx, cy, (cell[2] - cell[0]) * 0.34, l.rots[i]![j]!, hsl(l.hue + ((j * 97 + i * 53) % 360), 60, style.theme === 'light' ? 42 : 62));
      });
    });
    return { svg: body };
  },

  target: (l) => ({ boxes: [l.cards[l.answer]!] }),

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const at = ptText(m, boxCenter(l.cards[l.answer]!));
    const where = cellWords(l.answer, l.cols, locale);
    const name = iconNoun(l.pair_kind, locale);
    return say(locale, 'matching_pair_pick.reasoning', { n: l.cards.length, where, name, at });
  },

});
