/**
 * #51 least_frequent_icon (group G, visual reasoning, Click): up to eight icons of a few kinds
 * (IconCaptcha style); click an icon of the kind that appears least often. When that kind appears more
 * than once every copy is a valid answer (verifier `click` / `any` over all of them).
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob, IDENTITY_AFFINE } from '../../engine.js';
import { boxRect, hsl, ptText } from '../../lib/draw.js';
import { ICON_FAMILIES, iconName, iconNoun, iconSvg } from '../../lib/icons.js';
import { say } from '../../lib/i18n.js';
import { singleClickEngine } from './template.js';
import { chrome } from '../../lib/controls.js';
import { gridBoxes } from '../../lib/grids.js';
import { shrink } from '../../lib/geometry.js';

/** Latent state of least_frequent_icon (puzzle px). */
export interface LeastFrequentLatent extends Record<string, unknown> {
  width: number;
  height: number;
  cells: Box[];
  /** Icon kind per cell, null for an empty cell. */
  icons: Array<string | null>;
  rots: number[];
  /** The rarest kind (unique minimum count). */
  rare: string;
  /** Hue per kind, or null to draw every icon in the text colour (monochrome, IconCaptcha style). */
  kind_hues: Record<string, number> | null;
}

const KNOBS = defineKnobs({ icons: knob('icons shown (of 8 places)', 5, 7, 8), kinds: knob('icon kinds', 2, 3, 3), rare_count: knob('copies of the rarest kind', 1, 1, 2), similar: knob('kinds from one look-alike family', false, false, true), mono: knob('all icons in one colour (no colour grouping)', false, true, true), max_rot: knob('max icon turn, degrees', 0, 25, 45) });

const W = 320;
const AREA: Box = [14, 48, 306, 196];
const POOL = ['star', 'heart', 'moon', 'bolt', 'drop', 'leaf', 'house', 'flag', 'crown', 'cloud', 'arrow', 'star6', 'hexagon', 'pentagon', 'diamond'];

/** Engine #51 least_frequent_icon (group G, Click, verifier `click` / `any`). */
export const leastFrequentIcon = singleClickEngine<LeastFrequentLatent, typeof KNOBS>({
  type: 'least_frequent_icon',
  number: 51,
  group: 'visual_reasoning',
  knobs: KNOBS,

  sample(rng, k, difficulty) {
    const fam = ICON_FAMILIES.filter((f) => f.length >= k.kinds && f.every((x) => POOL.includes(x)));
    const kinds = k.similar && fam.length ? rng.sample(rng.pick(fam), k.kinds) : rng.sample(POOL, k.kinds);
    const rare = kinds[0]!;
    const rest = k.icons - k.rare_count;
    const others = kinds.slice(1);
    // split the rest among the other kinds, each strictly more than rare_count
    const counts = others.map(() => k.rare_count + 1);
    let left = rest - counts.reduce((a, b) => a + b, 0);
    while (left > 0) {
      counts[rng.int(0, counts.length - 1)]!++;
      left--;
    }
    const list = rng.shuffle([...Array.from({ length: k.rare_count }, () => rare), ...others.flatMap((o, i) => Array.from({ length: counts[i]! }, () => o))]);
    const cells = gridBoxes(AREA, 2, 4, 8);
    const order = rng.shuffle(cells.map((_, i) => i)).slice(0, list.length);
    const icons: Array<string | null> = cells.map(() => null);
    order.forEach((ci, j) => (icons[ci] = list[j]!));
    const base = rng.int(0, 359);
    const kind_hues = k.mono ? null : Object.fromEntries(kinds.map((kd, i) => [kd, (base + Math.round((360 * i) / kinds.length)) % 360]));
    return { width: W, height: AREA[3] + 14, cells, icons, rots: cells.map(() => (k.max_rot ? rng.int(-k.max_rot, k.max_rot) : 0)), rare, kind_hues };
  },

  validate(l) {
    const counts = new Map<string, number>();
    for (const k of l.icons) if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
    if (counts.size < 2) return 'need at least two kinds';
    const min = Math.min(...counts.values());
    const mins = [...counts.entries()].filter(([, c]) => c === min);
    if (mins.length !== 1) return 'two kinds tie for least frequent';
    if (mins[0]![0] !== l.rare) return 'rare kind is not the least frequent';
    if (l.icons.filter(Boolean).length > 8) return 'more than eight icons';
    for (const c of l.cells) if (c[2] - c[0] < 40) return 'cells too small';
    return null;
  },

  picture(l, style, rng) {
    let body = chrome(style, l.width, l.height, say(style.locale, 'least_frequent_icon.title'));
    body += boxRect(shrink(AREA, -6), { fill: style.panel, rx: style.radius });
    l.cells.forEach((c, i) => {
      const kind = l.icons[i];
      if (!kind) return;
      const [cx, cy] = boxCenter(c);
      const col = l.kind_hues ? hsl(l.kind_hues[kind] ?? 0, 65, style.theme === 'light' ? 42 : 62) : style.text;
      body += iconSvg(kind, cx, cy, (c[2] - c[0]) * 0.32, l.rots[i]!, col);
    });
    return { svg: body };
  },

  target: (l) => ({ boxes: l.cells.filter((_, i) => l.icons[i] === l.rare) }),

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const counts = new Map<string, number>();
    for (const k of l.icons) if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
    const parts = [...counts.entries()].map(([k, c]) => `${iconNoun(k, locale)}×${c}`);
    const at = l.cells.filter((_, i) => l.icons[i] === l.rare).map((b) => ptText(m, boxCenter(b)));
    return say(locale, 'least_frequent_icon.reasoning', {
      counts: parts.join(say(locale, 'least_frequent_icon.count_sep')), rare: iconNoun(l.rare, locale), places: at.join(say(locale, 'least_frequent_icon.place_sep')),
      either: at.length > 1 ? say(locale, 'least_frequent_icon.either') : '', first: at[0]!,
    });
  },

});
