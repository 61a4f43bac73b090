/**
 * #90 drag_connect_pairs (group J, drag extras, Drag×k): a column of icons on the left and the same
 * icons shuffled on the right; drag each left icon onto its twin. Verifier `drags`: exactly k drags,
 * each starting on a left icon and ending inside its twin's box, in any order.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { hsl, line, ptText } from '../../lib/draw.js';
import { ICON_FAMILIES, iconNoun, iconSvg } from '../../lib/icons.js';
import { say } from '../../lib/i18n.js';
import { tile } from '../../lib/controls.js';
import { gridBoxes } from '../../lib/grids.js';
import { dragEngine } from './template.js';

/** Latent state of drag_connect_pairs (puzzle px). */
export interface ConnectPairsLatent extends Record<string, unknown> {
  width: number;
  height: number;
  left: string[];
  right: string[];
  left_boxes: Box[];
  right_boxes: Box[];
  rots: number[];
  mono: boolean;
  hue: number;
}

const KNOBS = defineKnobs({ pairs: knob('number of pairs', 3, 4, 4), similar: knob('icons from one look-alike family', false, false, true), max_rot: knob('max turn of the right-hand icons, degrees', 0, 30, 60) });

const W = 300;
const POOL = ['star', 'heart', 'moon', 'drop', 'leaf', 'bolt', 'crown', 'house', 'flag', 'arrow', 'hexagon', 'diamond'];

/** Engine #90 drag_connect_pairs (group J, Drag×k, verifier `drags`). */
export const dragConnectPairs = dragEngine<ConnectPairsLatent, typeof KNOBS>({
  type: 'drag_connect_pairs', group: 'drag_extras', number: 90, form: 'Drag×k', knobs: KNOBS,
  sample(rng, k) {
    const fams = ICON_FAMILIES.filter((f) => f.length >= k.pairs);
    const left = k.similar && fams.length ? rng.sample(rng.pick(fams), k.pairs) : rng.sample(POOL, k.pairs);
    let right = rng.shuffle(left);
    for (let t = 0; t < 10 && right.some((r, i) => r === left[i]); t++) right = rng.shuffle(left);
    const h = 44 + k.pairs * 62;
    const lb = gridBoxes([24, 48, 84, h], k.pairs, 1, 10);
    const rb = gridBoxes([216, 48, 276, h], k.pairs, 1, 10);
    return { width: W, height: h + 14, left, right, left_boxes: lb, right_boxes: rb, rots: right.map(() => (k.max_rot ? rng.int(-k.max_rot, k.max_rot) : 0)), mono: k.similar, hue: rng.int(0, 359) };
  },

  validate(l) {
    if (l.left.length < 2 || l.left.length !== l.right.length) return 'need at least two pairs';
    if (new Set(l.left).size !== l.left.length) return 'repeated icon';
    if ([...l.left].sort().join() !== [...l.right].sort().join()) return 'right column is not the left column shuffled';
    if (l.right.some((r, i) => r === l.left[i])) return 'a twin sits straight across (trivial)';
    return null;
  },

  title: () => ({ en: 'Drag each icon onto its twin', zh: '把左边每个图标拖到右边相同的图标上' }),

  draw(l, style) {
    let body = '';
    const col = (kind: string): string => (l.mono ? style.text : hsl(l.hue + (kind.length * 61) % 360, 65, style.theme === 'light' ? 45 : 62));
    l.left.forEach((k, i) => {
      const b = l.left_boxes[i]!;
      body += tile(style, b, style.panel);
      const [cx, cy] = boxCenter(b);
      body += iconSvg(k, cx, cy, 18, 0, col(k));
      body += line(b[2] + 6, cy, b[2] + 26, cy, style.border, 2, 'stroke-dasharray="3 3"');
    });
    l.right.forEach((k, i) => {
      const b = l.right_boxes[i]!;
      body += tile(style, b);
      const [cx, cy] = boxCenter(b);
      body += iconSvg(k, cx, cy, 18, l.rots[i]!, col(k));
    });
    return { body };
  },

  items: (l) => l.left.map((k, i) => ({ handle_box: l.left_boxes[i]!, target_box: l.right_boxes[l.right.indexOf(k)]! })),

  reasoning: (l, locale) => ({ n: l.left.length, turned: l.rots.some(Boolean) ? say(locale, 'drag_connect_pairs.turned') : '' }),

  step: (l, i, locale, m) => ({ name: iconNoun(l.left[i]!, locale), from: ptText(m, boxCenter(l.left_boxes[i]!)), to: ptText(m, boxCenter(l.right_boxes[l.right.indexOf(l.left[i]!)]!)) }),

  instruction: (l) => ({ left_length: l.left.length }),
});
