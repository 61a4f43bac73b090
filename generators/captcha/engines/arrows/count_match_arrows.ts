/**
 * #58 count_match_arrows (group G, visual reasoning, Arrows×k+Submit): the left picture holds N icons of
 * a named kind (plus distractor kinds on harder levels); the right panel shows m copies with ▲ / ▼
 * buttons that add or remove one copy per press (Arkose numericalmatch). Answer: |N - m| presses of ▲
 * (N > m) or ▼, then Submit. Verifier `presses`: the count is the state (▼ does nothing at 0; the
 * panel holds at most `MAX_EXTRA` copies more than max(N, m)), any press sequence ending on N is right.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob, defineEngine, IDENTITY_AFFINE } from '../../engine.js';
import { boxesOverlap, boxInside, hsl, label, ptText, svgDoc } from '../../lib/draw.js';
import { scatter } from '../../lib/placement.js';
import { iconName, iconSvg } from '../../lib/icons.js';
import { say } from '../../lib/i18n.js';
import { arrowGlyph, chrome, glyphButton, submitButton, tile } from '../../lib/controls.js';
import { boxAround, shrink } from '../../lib/geometry.js';
import { plural } from '../../lib/english.js';
import { pressesSolution } from '../../lib/solutions.js';

interface Obj {
  kind: string;
  cx: number;
  cy: number;
  r: number;
  rot: number;
  box: Box;
}
/** Latent state of count_match_arrows (puzzle px). */
export interface CountMatchLatent extends Record<string, unknown> {
  width: number;
  height: number;
  ref_box: Box;
  cand_box: Box;
  kind: string;
  /** Objects in the reference picture (target kind and distractors). */
  ref: Obj[];
  /** Copies currently shown in the candidate panel. */
  shown: Obj[];
  up_box: Box;
  down_box: Box;
  submit_box: Box;
  hue: number;
  /** Allowed overlap between reference objects, px (0 = none). */
  overlap: number;
}

const { knobs: KNOBS, difficulties: DIFF } = defineKnobs({ count: knob('range of the reference count N', [1, 4], [2, 6], [3, 7]), distractors: knob('icons of other kinds in the reference picture', 0, 2, 3), overlap: knob('allowed overlap between reference icons, puzzle px', 0, 0, 4) });

const W = 320;
const H = 300;
const KINDS = ['star', 'heart', 'moon', 'drop', 'leaf', 'bolt', 'crown', 'house', 'flag'];
/** How many copies above max(N, m) the ▲ button can still add (the top of the counter). */
const MAX_EXTRA = 8;
const target = (l: CountMatchLatent): number => l.ref.filter((o) => o.kind === l.kind).length;

/** Engine #58 count_match_arrows (group G, Arrows×k+Submit, verifier `presses`). */
export const countMatchArrows = defineEngine<CountMatchLatent>({
  type: 'count_match_arrows',
  group: 'visual_reasoning',
  number: 58,
  actionForm: 'Arrows×k+Submit',
  knobs: KNOBS,
  difficulties: DIFF,

  sample(rng, difficulty) {
    const k = DIFF[difficulty];
    const kind = rng.pick(KINDS);
    const others = rng.sample(KINDS.filter((x) => x !== kind), 2);
    const n = rng.int(k.count[0], k.count[1]);
    const refBox: Box = [14, 44, 156, 206];
    const candBox: Box = [164, 44, 306, 206];
    const kinds = [...Array.from({ length: n }, () => kind), ...Array.from({ length: k.distractors }, () => rng.pick(others))];
    const spots = scatter(rng, shrink(refBox, 6), kinds.map(() => 14), -k.overlap, (cx, cy, r) => boxAround(cx, cy, r + 1)) ?? [];
    const ref = spots.map((s, i) => ({ kind: kinds[i]!, cx: s.cx, cy: s.cy, r: 14, rot: rng.int(-25, 25), box: s.box }));
    let m = rng.int(Math.max(0, k.count[0] - 1), k.count[1] + 1);
    if (m === n) m = n + (rng.bool() || n === 0 ? 1 : -1);
    const cs = scatter(rng, shrink(candBox, 6), Array.from({ length: Math.max(0, m) }, () => 14), 2, (cx, cy, r) => boxAround(cx, cy, r + 1)) ?? [];
    const shown = cs.map((s) => ({ kind, cx: s.cx, cy: s.cy, r: 14, rot: rng.int(-25, 25), box: s.box }));
    return {
      width: W,
      height: H,
      ref_box: refBox,
      cand_box: candBox,
      kind,
      ref: rng.shuffle(ref),
      shown,
      down_box: [178, 214, 226, 248],
      up_box: [244, 214, 292, 248],
      submit_box: [14, 258, 306, 292],
      hue: rng.int(0, 359),
      overlap: k.overlap,
    };
  },

  validate(l) {
    const n = target(l);
    if (n < 1) return 'no icon of the named kind';
    if (l.shown.length === n) return 'already matching';
    if (Math.abs(l.shown.length - n) > 6) return 'too many presses';
    for (const [i, o] of l.ref.entries()) {
      if (!boxInside(o.box, l.ref_box)) return 'icon outside the picture';
      for (let j = 0; j < i; j++) if (boxesOverlap(o.box, l.ref[j]!.box, -l.overlap - 0.5)) return 'icons overlap too much to count';
    }
    for (const o of l.shown) if (!boxInside(o.box, l.cand_box)) return 'copy outside the panel';
    return null;
  },

  draw(l, style) {
    let body = chrome(style, l.width, l.height, say(style.locale, { en: `Match the number of ${plural(iconName(l.kind, 'en-US'))}`, zh: `使右侧${iconName(l.kind, 'zh-CN')}的数量与左图相同` }));
    body += tile(style, l.ref_box, style.panel);
    body += tile(style, l.cand_box);
    const col = (k: string): string => hsl(l.hue + (k === l.kind ? 0 : 150), 65, 50);
    for (const o of l.ref) body += iconSvg(o.kind, o.cx, o.cy, o.r, o.rot, col(o.kind), 'stroke="#ffffff" stroke-width="1.2"');
    for (const o of l.shown) body += iconSvg(o.kind, o.cx, o.cy, o.r, o.rot, col(o.kind), 'stroke="#ffffff" stroke-width="1.2"');
    body += glyphButton(style, l.down_box, (cx, cy, r, c) => arrowGlyph(cx, cy, r, 'down', c), l.shown.length === 0);
    body += glyphButton(style, l.up_box, (cx, cy, r, c) => arrowGlyph(cx, cy, r, 'up', c));
    body += label(style, say(style.locale, { en: 'Up adds one, down removes one', zh: '向上：加一个，向下：减一个' }), (l.ref_box[0] + l.ref_box[2]) / 2, 236, 12, style.subtext, { anchor: 'middle', maxWidth: 140 });
    body += submitButton(style, l.submit_box);
    return { svg: svgDoc(l.width, l.height, body), width: l.width, height: l.height };
  },

  solve(l) {
    const n = target(l);
    const d = n - l.shown.length;
    return pressesSolution({
      buttons: [{ box: l.down_box, move: [-1, 0] }, { box: l.up_box, move: [1, 0] }],
      grid: [Math.max(n, l.shown.length) + MAX_EXTRA + 1, 1],
      start: [l.shown.length, 0],
      goals: [[n, 0]],
      edge: 'clamp',
      submit: l.submit_box,
      gold: Array.from({ length: Math.abs(d) }, () => (d > 0 ? 1 : 0)),
    });
  },

  reasoning(l, locale, m = IDENTITY_AFFINE) {
    const n = target(l);
    const d = n - l.shown.length;
    const name = iconName(l.kind, locale);
    const btn = ptText(m, boxCenter(d > 0 ? l.up_box : l.down_box));
    const sub = ptText(m, boxCenter(l.submit_box));
    const extra = l.ref.length - n;
    return say(locale, {
      en: `The left picture has ${n} ${n === 1 ? name : plural(name)}${extra ? ` (${extra} other icons do not count)` : ''}; the right panel shows ${l.shown.length}. It needs ${Math.abs(d)} ${d > 0 ? 'more' : 'fewer'}, so press the ${d > 0 ? 'up' : 'down'} button at ${btn} ${Math.abs(d)} time${Math.abs(d) > 1 ? 's' : ''}, then Submit at ${sub}.`,
      zh: `左图中共有 ${n} 个${name}${extra ? `（另有 ${extra} 个其他图标不算）` : ''}，右侧现在有 ${l.shown.length} 个。需要${d > 0 ? '增加' : '减少'} ${Math.abs(d)} 个，所以点击${d > 0 ? '向上' : '向下'}按钮 ${btn} ${Math.abs(d)} 次，然后点击提交 ${sub}。`,
    });
  },

  instruction(l, locale) {
    return say(locale, 'count_match_arrows.instruction', { plural: plural(iconName(l.kind, 'en-US')), iconName: iconName(l.kind, 'zh-CN') });
  },
});
