/**
 * #62 connect_icon_pick (group G, visual reasoning, Arrows×k+Submit): a reference pair of icons and
 * several panes, each with four icons joined in pairs by dotted lines (Arkose icon_connect). Exactly
 * one pane joins the reference pair; others join one of them to a different icon. A frame marks the
 * current pane; ← / → move it. Answer: presses towards the right pane, then Submit (verifier `presses`:
 * any press sequence that leaves the frame on that pane is right).
 */
import type { Point } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { hsl, line, n1, path } from '../../lib/draw.js';
import { iconNoun, iconSvg } from '../../lib/icons.js';
import { type PagerLayout, optWord, pagerLayout } from '../../lib/pager.js';
import { tile } from '../../lib/controls.js';
import { arrowsEngine } from './template.js';

interface Pane {
  /** Four icon kinds at the pane's four slots. */
  icons: string[];
  /** Slot positions (unit [0, 1]² inside the pane). */
  pos: Array<[number, number]>;
  /** Two links as slot index pairs. */
  links: Array<[number, number]>;
}
/** Latent state of connect_icon_pick (puzzle px). */
export interface ConnectIconLatent extends Record<string, unknown> {
  width: number;
  height: number;
  pair: [string, string];
  panes: Pane[];
  layout: PagerLayout;
  cursor: number;
  answer: number;
  /** Lines bend (curved links that may cross). */
  curvy: boolean;
  hue: number;
}

const KNOBS = defineKnobs({ panes: knob('number of panes', 3, 4, 4), curvy: knob('curved links that cross each other', false, false, true) });

const W = 320;
const KINDS = ['star', 'heart', 'moon', 'drop', 'leaf', 'bolt', 'crown', 'house', 'flag', 'arrow', 'diamond'];
const links = (p: Pane): string[] => p.links.map(([a, b]) => [p.icons[a]!, p.icons[b]!].sort().join('|'));

/** Engine #62 connect_icon_pick (group G, Arrows×k+Submit, verifier `presses`). */
export const connectIconPick = arrowsEngine<ConnectIconLatent, typeof KNOBS>({
  type: 'connect_icon_pick',
  group: 'visual_reasoning',
  number: 62,
  knobs: KNOBS,

  sample(rng, k) {
    const [a, b] = rng.sample(KINDS, 2) as [string, string];
    const answer = rng.int(0, k.panes - 1);
    const panes: Pane[] = Array.from({ length: k.panes }, (_, i) => {
      const others = rng.sample(KINDS.filter((x) => x !== a && x !== b), 2);
      // right pane: a-b and o0-o1; wrong panes: a-o0 and b-o1 (both reference icons present, never joined)
      const icons = i === answer ? [a, b, others[0]!, others[1]!] : [a, others[0]!, b, others[1]!];
      const order = rng.shuffle([0, 1, 2, 3]);
      const slots: Array<[number, number]> = [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]].map(([x, y]) => [x! + rng.float(-0.06, 0.06), y! + rng.float(-0.06, 0.06)] as [number, number]);
      const ic = order.map((o) => icons[o]!);
      const where = (s: string): number => ic.indexOf(s);
      return {
        icons: ic,
        pos: slots,
        links: i === answer ? [[where(a), where(b)], [where(others[0]!), where(others[1]!)]] : [[where(a), where(others[0]!)], [where(b), where(others[1]!)]],
      };
    });
    let cursor = rng.int(0, k.panes - 1);
    if (cursor === answer) cursor = (answer + 1 + rng.int(0, k.panes - 2)) % k.panes;
    const layout = pagerLayout(k.panes === 3 ? [14, 96, 306, 190] : [14, 96, 306, 166], k.panes, 1, k.panes === 3 ? 204 : 180, W);
    return { width: W, height: layout.submit[3] + 12, pair: [a, b], panes, layout, cursor, answer, curvy: k.curvy, hue: rng.int(0, 359) };
  },

  validate(l) {
    const want = [...l.pair].sort().join('|');
    const hits = l.panes.map((p, i) => (links(p).includes(want) ? i : -1)).filter((i) => i >= 0);
    if (hits.length !== 1 || hits[0] !== l.answer) return 'exactly one pane must join the pair';
    for (const p of l.panes) {
      if (p.icons.length !== 4 || new Set(p.icons).size !== 4) return 'a pane needs four different icons';
      if (!p.icons.includes(l.pair[0]) || !p.icons.includes(l.pair[1])) return 'a pane misses a reference icon';
    }
    return l.panes.length === l.layout.options.length ? null : 'layout does not match the panes';
  },

  picture(l, style) {
    let body = '';
    body += tile(style, [14, 44, 306, 86], style.panel);
    const col = (i: number): string => hsl(l.hue + i * 90, 65, style.theme === 'light' ? 45 : 60);
    body += iconSvg(l.pair[0], 120, 65, 14, 0, col(0));
    body += line(140, 65, 180, 65, style.text, 2, 'stroke-dasharray="3 3"');
    body += iconSvg(l.pair[1], 200, 65, 14, 0, col(1));
    l.layout.options.forEach((bx, i) => {
      const p = l.panes[i]!;
      body += tile(style, bx);
      const w = bx[2] - bx[0];
      const h = bx[3] - bx[1];
      const P = (s: number): Point => [bx[0] + p.pos[s]![0] * w, bx[1] + p.pos[s]![1] * h];
      for (const [a, b] of p.links) {
        const [x1, y1] = P(a);
        const [x2, y2] = P(b);
        const d = l.curvy
          ? `M${n1(x1)} ${n1(y1)}Q${n1((bx[0] + bx[2]) / 2 + (y2 - y1) * 0.35)} ${n1((bx[1] + bx[3]) / 2 - (x2 - x1) * 0.35)} ${n1(x2)} ${n1(y2)}`
          : `M${n1(x1)} ${n1(y1)}L${n1(x2)} ${n1(y2)}`;
        body += path(d, { stroke: style.subtext, sw: 1.8, extra: 'stroke-dasharray="3 3"' });
      }
      p.icons.forEach((k, s) => {
        const [x, y] = P(s);
        body += iconSvg(k, x, y, Math.min(w, h) * 0.14, 0, k === l.pair[0] ? col(0) : k === l.pair[1] ? col(1) : col(2 + (s % 2)), 'stroke="#ffffff" stroke-width="1"');
      });
    });
    return { svg: body };
  },

  gold: (l) => ({ pager: { layout: l.layout, cursor: l.cursor, target: l.answer } }),

  reasoning: (l, locale) => ({ a: iconNoun(l.pair[0], locale), b: iconNoun(l.pair[1], locale), opt: optWord(l.answer, locale) }),
});
