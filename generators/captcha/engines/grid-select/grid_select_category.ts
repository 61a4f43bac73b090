/**
 * #78 grid_select_category (group I, multi-select grid + submit, Set+Submit): a 3×3 (hard 4×4) grid
 * of picture tiles, each showing one drawn object (lucide icons, named by their label); select every
 * tile with the named category, then press the submit button (reCAPTCHA / hCaptcha image grid).
 * Hard puzzles fill the other tiles with look-alikes from the same family (bus vs truck vs car).
 */
import { defineKnobs, knob } from '../../engine.js';
import { hsl } from '../../lib/draw.js';
import type { GridFrame } from '../../lib/grids.js';
import { tileBackdrop } from '../../lib/backdrops.js';
import { LUCIDE_BY_ICON, LUCIDE_ITEMS, lucideNoun, lucideSvg } from '../../lib/lucide.js';
import { say } from '../../lib/i18n.js';
import { type KnobsOf, answerProblem, gridSelectEngine, indicesWhere, pickTiles, squareFrame } from './template.js';

interface TileContent {
  icon: string;
  /** Offset of the icon centre from the tile centre, px. */
  dx: number;
  dy: number;
  /** Icon size as a fraction of the tile. */
  scale: number;
  rot: number;
  color: string;
  hue: number;
}
/** Latent state of grid_select_category (puzzle px). */
export interface GridCategoryLatent extends Record<string, unknown> {
  frame: GridFrame;
  target_icon: string;
  tiles: TileContent[];
  /** Indices of the tiles showing the target, ascending. */
  answer: number[];
}

const KNOBS = defineKnobs({ grid: knob('rows x cols', [3, 3], [3, 3], [4, 4]), targets: knob('target tile count range', [1, 3], [2, 4], [2, 5]), similar: knob('share of decoy tiles drawn from the target’s look-alike family', 0, 0.4, 0.7), max_rot: knob('icon rotation, degrees', 8, 15, 25) });

/** Engine #78 grid_select_category (group I, Set+Submit, verifier `click`/`set` + submit). */
export const gridSelectCategory = gridSelectEngine<GridCategoryLatent, KnobsOf<typeof KNOBS>>({
  type: 'grid_select_category', number: 78, knobs: KNOBS,
  sample(rng, k) {
    const { frame } = squareFrame(rng, k.grid);
    const target = rng.pick(LUCIDE_ITEMS);
    const fam = LUCIDE_ITEMS.filter((i) => i.family === target.family && i.icon !== target.icon);
    const rest = LUCIDE_ITEMS.filter((i) => i.family !== target.family);
    const n = frame.tiles.length;
    const answer = pickTiles(rng, n, k.targets);
    const tiles: TileContent[] = [];
    for (let i = 0; i < n; i++) {
      const it = answer.includes(i) ? target : fam.length && rng.bool(k.similar) ? rng.pick(fam) : rng.pick(rest);
      tiles.push({
        icon: it.icon,
        dx: Math.round(rng.float(-0.1, 0.1) * 100) / 100,
        dy: Math.round(rng.float(-0.1, 0.1) * 100) / 100,
        scale: Math.round(rng.float(0.5, 0.68) * 100) / 100,
        rot: rng.int(-k.max_rot, k.max_rot),
        color: hsl(rng.int(0, 359), rng.float(45, 75), rng.float(22, 34)),
        hue: rng.int(0, 359),
      });
    }
    return { frame, target_icon: target.icon, tiles, answer };
  },

  validate(l) {
    if (!LUCIDE_BY_ICON.has(l.target_icon)) return 'unknown target';
    if (l.tiles.length !== l.frame.tiles.length) return 'one picture per tile needed';
    const bad = answerProblem(l.answer, indicesWhere(l.tiles, (t) => t.icon === l.target_icon), l.tiles.length, 'answer does not list exactly the target tiles', ['no target tile', 'every tile is a target']);
    if (bad) return bad;
    for (const t of l.tiles) {
      if (!LUCIDE_BY_ICON.has(t.icon)) return 'tile icon without a label';
      if (t.scale < 0.4 || Math.abs(t.dx) + t.scale / 2 > 0.62 || Math.abs(t.dy) + t.scale / 2 > 0.62) return 'icon too small or cut by the tile edge';
    }
    return null;
  },

  tiles(l, style, rng, ids) {
    let defs = '';
    const dark = style.theme === 'dark' && rng.bool(0.5);
    const tiles = l.frame.tiles.map((b, i) => {
      const t = l.tiles[i]!;
      const bd = tileBackdrop(rng, b, ids, t.hue, dark);
      defs += bd.defs;
      const s = b[2] - b[0];
      const at = { cx: (b[0] + b[2]) / 2 + t.dx * s, cy: (b[1] + b[3]) / 2 + t.dy * s, size: t.scale * s, rot: t.rot };
      const ink = dark ? hsl(t.hue + 180, 60, 78) : t.color;
      return bd.body + lucideSvg(t.icon, { ...at, cx: at.cx + 1.5, cy: at.cy + 2 }, 'rgba(0,0,0,0.25)', { weight: 1.5 }) + lucideSvg(t.icon, at, ink, { weight: 1.5 });
    });
    return { tiles, defs };
  },

  prompt(l, style) {
    const item = LUCIDE_BY_ICON.get(l.target_icon)!;
    return {
      lead: say(style.locale, { en: 'Select all images with', zh: '请选择包含以下内容的所有图片' }),
      big: style.locale === 'zh-CN' ? item.zh : item.enPlural,
      note: l.frame.chrome === 'banner' ? (say(style.locale, { en: 'Click verify once there are none left.', zh: '选完后点击验证' })) : undefined,
      example: l.frame.chrome === 'panel' ? (b) => `<rect x="${b[0]}" y="${b[1]}" width="${b[2] - b[0]}" height="${b[3] - b[1]}" rx="6" fill="${style.bg}" stroke="${style.border}"/>` + lucideSvg(l.target_icon, { cx: (b[0] + b[2]) / 2, cy: (b[1] + b[3]) / 2, size: (b[2] - b[0]) * 0.66 }, style.text, { weight: 1.4 }) : undefined,
    };
  },

  reasoning(l, locale) {
    const others = [...new Set(l.tiles.filter((t) => t.icon !== l.target_icon).map((t) => lucideNoun(t.icon, locale, false)))].slice(0, 5);
    return { item: lucideNoun(l.target_icon, locale, true), rows: l.frame.rows, cols: l.frame.cols, others: others.join(say(locale, { en: ', ', zh: '、', ja: '、', ar: '، ' })) };
  },
  // the item's noun in the instruction's language (lib/lucide.ts LUCIDE_NOUNS), singular and plural
  instruction: (l, locale) => ({ item: lucideNoun(l.target_icon, locale, false), items: lucideNoun(l.target_icon, locale, true) }),
});
