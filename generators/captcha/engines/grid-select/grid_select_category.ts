/**
 * #78 grid_select_category (group I, multi-select grid + submit, Set+Submit): a 3×3 (hard 4×4) grid
 * of picture tiles, each showing one drawn object (lucide icons, named by their label); select every
 * tile with the named category, then press the submit button (reCAPTCHA / hCaptcha image grid).
 * Hard puzzles fill the other tiles with look-alikes from the same family (bus vs truck vs car).
 */
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { Ids, hsl, svgDoc } from '../../lib/draw.js';
import { type GridFrame, checkGridFrame, drawGridFrame, gridFrame, gridSteps } from '../../lib/grids.js';
import { clickSetSubmit } from '../../lib/solutions.js';
import { tileBackdrop } from '../../lib/backdrops.js';
import { LUCIDE_BY_ICON, LUCIDE_ITEMS, lucideSvg } from '../../lib/lucide.js';
import { say } from '../../lib/i18n.js';

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

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ grid: knob('rows x cols', [3, 3], [3, 3], [4, 4]), targets: knob('target tile count range', [1, 3], [2, 4], [2, 5]), similar: knob('share of decoy tiles drawn from the target’s look-alike family', 0, 0.4, 0.7), max_rot: knob('icon rotation, degrees', 8, 15, 25) });

/** Engine #78 grid_select_category (group I, Set+Submit, verifier `click`/`set` + submit). */
export const gridSelectCategory = defineEngine<GridCategoryLatent>({
  type: 'grid_select_category',
  group: 'multi_select_grid',
  number: 78,
  actionForm: 'Set+Submit',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
    const [rows, cols] = k.grid;
    const frame = gridFrame(rng, rows, cols, rows === 3 ? 96 : 72);
    const target = rng.pick(LUCIDE_ITEMS);
    const fam = LUCIDE_ITEMS.filter((i) => i.family === target.family && i.icon !== target.icon);
    const rest = LUCIDE_ITEMS.filter((i) => i.family !== target.family);
    const n = rows * cols;
    const nt = rng.int(k.targets[0], k.targets[1]);
    const answer = rng.sample([...Array(n).keys()], nt).sort((a, b) => a - b);
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
    const f = checkGridFrame(l.frame);
    if (f) return f;
    if (!LUCIDE_BY_ICON.has(l.target_icon)) return 'unknown target';
    if (l.tiles.length !== l.frame.tiles.length) return 'one picture per tile needed';
    const want = l.tiles.map((t, i) => (t.icon === l.target_icon ? i : -1)).filter((i) => i >= 0);
    if (want.join(',') !== l.answer.join(',')) return 'answer does not list exactly the target tiles';
    if (l.answer.length < 1) return 'no target tile';
    if (l.answer.length === l.tiles.length) return 'every tile is a target';
    for (const t of l.tiles) {
      if (!LUCIDE_BY_ICON.has(t.icon)) return 'tile icon without a label';
      if (t.scale < 0.4 || Math.abs(t.dx) + t.scale / 2 > 0.62 || Math.abs(t.dy) + t.scale / 2 > 0.62) return 'icon too small or cut by the tile edge';
    }
    return null;
  },

  draw(l, style, rng) {
    const ids = new Ids();
    let defs = '';
    const dark = style.theme === 'dark' && rng.bool(0.5);
    const tiles = l.frame.tiles.map((b, i) => {
      const t = l.tiles[i]!;
      const bd = tileBackdrop(rng, b, ids, t.hue, dark);
      defs += bd.defs;
      const s = b[2] - b[0];
      const cx = (b[0] + b[2]) / 2 + t.dx * s;
      const cy = (b[1] + b[3]) / 2 + t.dy * s;
      const size = t.scale * s;
      const ink = dark ? hsl(t.hue + 180, 60, 78) : t.color;
      return bd.body +
        lucideSvg(t.icon, { cx: cx + 1.5, cy: cy + 2, size, rot: t.rot }, 'rgba(0,0,0,0.25)', { weight: 1.5 }) +
        lucideSvg(t.icon, { cx, cy, size, rot: t.rot }, ink, { weight: 1.5 });
    });
    const item = LUCIDE_BY_ICON.get(l.target_icon)!;
    const zh = style.locale === 'zh-CN';
    const g = drawGridFrame(style, l.frame, {
      lead: say(style.locale, { en: 'Select all images with', zh: '请选择包含以下内容的所有图片' }),
      big: zh ? item.zh : item.enPlural,
      note: l.frame.chrome === 'banner' ? (say(style.locale, { en: 'Click verify once there are none left.', zh: '选完后点击验证' })) : undefined,
      example: l.frame.chrome === 'panel' ? (b) => `<rect x="${b[0]}" y="${b[1]}" width="${b[2] - b[0]}" height="${b[3] - b[1]}" rx="6" fill="${style.bg}" stroke="${style.border}"/>` + lucideSvg(l.target_icon, { cx: (b[0] + b[2]) / 2, cy: (b[1] + b[3]) / 2, size: (b[2] - b[0]) * 0.66 }, style.text, { weight: 1.4 }) : undefined,
    }, tiles, ids);
    return { svg: svgDoc(l.frame.width, l.frame.height, g.body, defs + g.defs), width: l.frame.width, height: l.frame.height };
  },

  solve(l) {
    return clickSetSubmit(l.answer.map((i) => l.frame.tiles[i]!), l.frame.submit_box);
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const item = LUCIDE_BY_ICON.get(l.target_icon)!;
    const others = [...new Set(l.tiles.filter((t) => t.icon !== l.target_icon).map((t) => (say(locale, LUCIDE_BY_ICON.get(t.icon)!))))].slice(0, 5);
    return say(locale, { en: `The task is to select every image with ${item.enPlural}. Checking the ${l.frame.rows}×${l.frame.cols} grid tile by tile, the other tiles show ${others.join(', ')} and so on. ` + gridSteps(l.frame, l.answer, locale, m), zh: `题目要求选出所有包含${item.zh}的图片。逐格查看 ${l.frame.rows}×${l.frame.cols} 网格：其他格子是${others.join('、')}等。` + gridSteps(l.frame, l.answer, locale, m) });
  },

  instruction(l, locale) {
    const item = LUCIDE_BY_ICON.get(l.target_icon)!;
    return say(locale, 'grid_select_category.instruction', { item_enPlural: item.enPlural, item_zh: item.zh });
  },
});
