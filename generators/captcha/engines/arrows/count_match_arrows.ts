/**
 * #58 count_match_arrows (group G, visual reasoning, Arrows×k+Submit): the left picture holds N icons of
 * a named kind (plus distractor kinds on harder levels); the right panel shows m copies with ▲ / ▼
 * buttons that add or remove one copy per press (Arkose numericalmatch). Answer: |N - m| presses of ▲
 * (N > m) or ▼, then Submit. Verifier `presses`: the count is the state (▼ does nothing at 0; the
 * panel holds at most `MAX_EXTRA` copies more than max(N, m)), any press sequence ending on N is right.
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { boxesOverlap, boxInside, hsl, label, ptText } from '../../lib/draw.js';
import { scatter } from '../../lib/placement.js';
import { iconName, iconNoun, iconPlural, iconSvg } from '../../lib/icons.js';
import { say } from '../../lib/i18n.js';
import { arrowGlyph, glyphButton, submitButton, tile } from '../../lib/controls.js';
import { boxAround, shrink } from '../../lib/geometry.js';
import { plural } from '../../lib/english.js';
import { arrowsEngine, pressCount } from './template.js';

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

const KNOBS = defineKnobs({ count: knob('range of the reference count N', [1, 4], [2, 6], [3, 7]), distractors: knob('icons of other kinds in the reference picture', 0, 2, 3), overlap: knob('allowed overlap between reference icons, puzzle px', 0, 0, 4) });

const W = 320;
const H = 300;
const KINDS = ['star', 'heart', 'moon', 'drop', 'leaf', 'bolt', 'crown', 'house', 'flag'];
/** How many copies above max(N, m) the ▲ button can still add (the top of the counter). */
const MAX_EXTRA = 8;
const target = (l: CountMatchLatent): number => l.ref.filter((o) => o.kind === l.kind).length;

/** Engine #58 count_match_arrows (group G, Arrows×k+Submit, verifier `presses`). */
export const countMatchArrows = arrowsEngine<CountMatchLatent, typeof KNOBS>({
  type: 'count_match_arrows',
  group: 'visual_reasoning',
  number: 58,
  knobs: KNOBS,

  sample(rng, k) {
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

  picture(l, style) {
    let body = '';
    body += tile(style, l.ref_box, style.panel);
    body += tile(style, l.cand_box);
    const col = (k: string): string => hsl(l.hue + (k === l.kind ? 0 : 150), 65, 50);
    for (const o of l.ref) body += iconSvg(o.kind, o.cx, o.cy, o.r, o.rot, col(o.kind), 'stroke="#ffffff" stroke-width="1.2"');
    for (const o of l.shown) body += iconSvg(o.kind, o.cx, o.cy, o.r, o.rot, col(o.kind), 'stroke="#ffffff" stroke-width="1.2"');
    body += glyphButton(style, l.down_box, (cx, cy, r, c) => arrowGlyph(cx, cy, r, 'down', c), l.shown.length === 0);
    body += glyphButton(style, l.up_box, (cx, cy, r, c) => arrowGlyph(cx, cy, r, 'up', c));
    body += label(style, say(style.locale, 'count_match_arrows.rule'), (l.ref_box[0] + l.ref_box[2]) / 2, 236, 12, style.subtext, { anchor: 'middle', maxWidth: 140 });
    body += submitButton(style, l.submit_box);
    return { svg: body };
  },

  gold(l) {
    const n = target(l);
    const d = n - l.shown.length;
    return {
      presses: {
        buttons: [{ box: l.down_box, move: [-1, 0] }, { box: l.up_box, move: [1, 0] }],
        grid: [Math.max(n, l.shown.length) + MAX_EXTRA + 1, 1],
        start: [l.shown.length, 0],
        goals: [[n, 0]],
        edge: 'clamp',
        submit: l.submit_box,
        gold: Array.from({ length: Math.abs(d) }, () => (d > 0 ? 1 : 0)),
      },
    };
  },

  reasoningKey: (l) => (target(l) > l.shown.length ? 'reasoning_up' : 'reasoning_down'),

  reasoning(l, locale, m) {
    const n = target(l);
    const d = n - l.shown.length;
    const name = iconName(l.kind, locale);
    const extra = l.ref.length - n;
    // en: "3 stars" / "1 star"; zh: no plural; ar: the plural with its article, after عدد "the number of"
    const other = locale === 'ar' || n !== 1 ? iconPlural(l.kind, locale) : iconNoun(l.kind, locale);
    return {
      n,
      name: locale === 'en-US' || locale === 'zh-CN' ? (n !== 1 && locale !== 'zh-CN' ? plural(name) : name) : other,
      extra: extra ? say(locale, 'count_match_arrows.extra', { extra }) : '',
      shown: l.shown.length,
      k: Math.abs(d),
      btn: ptText(m, boxCenter(d > 0 ? l.up_box : l.down_box)),
      count: pressCount(locale, Math.abs(d)),
    };
  },

  // `things`: the plural noun in the text's locale (the instruction and the title drawn in the widget)
  text: (l, locale) => ({ things: iconPlural(l.kind, locale) }),
});
