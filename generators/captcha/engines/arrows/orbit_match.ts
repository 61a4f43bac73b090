/**
 * #63 orbit_match (group G, visual reasoning, Arrows×k+Submit): a reference shows a planet with three
 * orbits and an icon on one orbit at some angle; several panes show the icon on other orbits / angles.
 * Exactly one pane matches both the orbit and the angle (within 20°; decoys are 60° or one orbit
 * off). A frame marks the current pane; ← / → move it. Answer: presses towards the match, then Submit
 * (verifier `presses`: any press sequence that leaves the frame on the match is right).
 */
import type { Box } from '../../../../core/geometry.js';
import { boxCenter } from '../../../../core/geometry.js';
import { defineKnobs, knob } from '../../engine.js';
import { circle, hsl } from '../../lib/draw.js';
import { iconNoun, iconSvg } from '../../lib/icons.js';
import { type LocaleText, say } from '../../lib/i18n.js';
import { type PagerLayout, optWord, pagerLayout } from '../../lib/pager.js';
import { tile } from '../../lib/controls.js';
import { arrowsEngine } from './template.js';
import { rotAbout } from '../../lib/geometry.js';

/** Latent state of orbit_match (puzzle px; angles in degrees clockwise from the top). */
export interface OrbitMatchLatent extends Record<string, unknown> {
  width: number;
  height: number;
  icon: string;
  /** Reference orbit (0 = inner) and angle. */
  orbit: number;
  angle: number;
  options: Array<{ orbit: number; angle: number }>;
  ref_box: Box;
  layout: PagerLayout;
  cursor: number;
  answer: number;
  /** Decoys on the same orbit are at least this many degrees away. */
  min_sep: number;
  hue: number;
}

const KNOBS = defineKnobs({ options: knob('number of panes', 3, 4, 4), min_sep: knob('smallest angle difference of a same-orbit decoy, degrees', 90, 60, 45) });

const W = 320;
/** Orbit names, inner to outer. */
/** Orbit names, inner to outer, in the form the reasoning sentences need (de: dative after "auf der … Bahn"). */
const ORBIT_WORDS: LocaleText[] = [
  { en: 'inner', zh: '内', ja: '内側', de: 'inneren', es: 'interior', fr: 'intérieure', ar: 'الداخلي' },
  { en: 'middle', zh: '中', ja: '真ん中', de: 'mittleren', es: 'intermedia', fr: 'médiane', ar: 'الأوسط' },
  { en: 'outer', zh: '外', ja: '外側', de: 'äußeren', es: 'exterior', fr: 'extérieure', ar: 'الخارجي' },
];
const angDist = (a: number, b: number): number => Math.abs((((a - b) % 360) + 540) % 360 - 180);

function drawSystem(l: OrbitMatchLatent, b: Box, orbit: number, angle: number, dark: boolean): string {
  const [cx, cy] = boxCenter(b);
  const R = Math.min(b[2] - b[0], b[3] - b[1]) / 2 - 6;
  let s = circle(cx, cy, R * 0.2, { fill: hsl(l.hue + 30, 70, 55) });
  for (let k = 0; k < 3; k++) s += circle(cx, cy, R * (0.42 + 0.27 * k), { stroke: dark ? '#6b7280' : '#9aa0a6', sw: 1.2, extra: 'stroke-dasharray="3 3"' });
  const [x, y] = rotAbout(cx, cy, cx, cy - R * (0.42 + 0.27 * orbit), angle);
  s += iconSvg(l.icon, x, y, R * 0.14, 0, hsl(l.hue + 180, 75, 50), 'stroke="#ffffff" stroke-width="1"');
  return s;
}

/** Engine #63 orbit_match (group G, Arrows×k+Submit, verifier `presses`). */
export const orbitMatch = arrowsEngine<OrbitMatchLatent, typeof KNOBS>({
  type: 'orbit_match',
  group: 'visual_reasoning',
  number: 63,
  knobs: KNOBS,

  sample(rng, k) {
    const orbit = rng.int(0, 2);
    const angle = rng.int(0, 359);
    const answer = rng.int(0, k.options - 1);
    const options: Array<{ orbit: number; angle: number }> = [];
    for (let i = 0; i < k.options; i++) {
      if (i === answer) {
        options.push({ orbit, angle: (angle + rng.int(-8, 8) + 360) % 360 });
        continue;
      }
      for (let t = 0; t < 50; t++) {
        const sameOrbit = rng.bool();
        const o = sameOrbit ? { orbit, angle: (angle + rng.pick([-1, 1]) * rng.int(k.min_sep, 180) + 360) % 360 } : { orbit: (orbit + rng.int(1, 2)) % 3, angle: (angle + rng.int(-15, 15) + 360) % 360 };
        if (options.every((p) => p.orbit !== o.orbit || angDist(p.angle, o.angle) >= 30)) {
          options.push(o);
          break;
        }
      }
    }
    let cursor = rng.int(0, k.options - 1);
    if (cursor === answer) cursor = (answer + 1 + rng.int(0, k.options - 2)) % k.options;
    const layout = pagerLayout(k.options === 3 ? [14, 150, 306, 244] : [14, 150, 306, 220], k.options, 1, k.options === 3 ? 256 : 232, W);
    return { width: W, height: layout.submit[3] + 12, icon: rng.pick(['star', 'heart', 'moon', 'bolt', 'crown', 'drop']), orbit, angle, options, ref_box: [14, 44, 306, 140], layout, cursor, answer, min_sep: k.min_sep, hue: rng.int(0, 359) };
  },

  validate(l) {
    const match = (o: { orbit: number; angle: number }): boolean => o.orbit === l.orbit && angDist(o.angle, l.angle) <= 20;
    const hits = l.options.map((o, i) => (match(o) ? i : -1)).filter((i) => i >= 0);
    if (hits.length !== 1 || hits[0] !== l.answer) return 'exactly one pane must match';
    for (const [i, o] of l.options.entries()) {
      if (i === l.answer) continue;
      if (o.orbit === l.orbit && angDist(o.angle, l.angle) < l.min_sep) return 'a same-orbit decoy is too close in angle';
    }
    if (l.options.length !== l.layout.options.length) return 'layout does not match the options';
    return null;
  },

  picture(l, style) {
    let body = '';
    const dark = style.theme === 'dark';
    body += tile(style, l.ref_box, style.panel);
    body += drawSystem(l, l.ref_box, l.orbit, l.angle, dark);
    l.layout.options.forEach((b, i) => {
      body += tile(style, b);
      body += drawSystem(l, b, l.options[i]!.orbit, l.options[i]!.angle, dark);
    });
    return { svg: body };
  },

  gold: (l) => ({ pager: { layout: l.layout, cursor: l.cursor, target: l.answer } }),

  reasoning(l, locale) {
    const clock = Math.round(l.angle / 30) % 12 || 12;
    return { name: iconNoun(l.icon, locale), orbit: say(locale, ORBIT_WORDS[l.orbit]!), clock, opt: optWord(l.answer, locale) };
  },
});
