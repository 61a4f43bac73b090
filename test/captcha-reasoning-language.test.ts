/**
 * CAPTCHA reasonings are in the language their locale key claims:
 * - every type's reasoning in ja-JP, de-DE, es-ES, fr-FR and ar carries no English function word and no
 *   English noun of the engines' noun tables outside a quoted drawn label, except the types listed in
 *   {@link UNTRANSLATED} (reasoning not written in those locales yet; the list can only shrink);
 * - the reasoning of an untranslated type is the English reasoning whole (no German noun in an English
 *   sentence), and a record in such a locale carries no reasoning under its own locale key and an empty
 *   `solution.reasoning` (core/schema.ts);
 * - the oracle flags the en-US reasoning.
 * Oracles: hand-written English word list and the noun tables of lib/icons.ts, lib/lucide.ts, lib/palette.ts.
 */
import { describe, expect, it } from 'vitest';
import { CaptchaRecord, DIFFICULTIES } from '../core/schema.js';
import { ENGINES, getEngine } from '../generators/captcha/registry.js';
import { captchaSampleDetailed } from '../generators/captcha/index.js';
import { ICONS } from '../generators/captcha/lib/icons.js';
import { LUCIDE_ITEMS } from '../generators/captcha/lib/lucide.js';
import { NAMED_COLORS } from '../generators/captcha/lib/palette.js';
import { latents } from './captcha-latents.js';
import { type CaptchaLocale, reasonsIn } from '../generators/captcha/lib/i18n.js';

const LOCALES: CaptchaLocale[] = ['ja-JP', 'de-DE', 'es-ES', 'fr-FR', 'ar'];

/** Types whose reasoning is not written in the five locales above yet (English whole there). Only shrinks. */
const UNTRANSLATED: string[] = [
  'clock_time_order_click', 'commonsense_question_entry', 'connect_icon_pick', 'count_match_arrows', 'cube_net_fold_pick',
  'distance_order_click', 'grid_coordinate_move', 'image_matching_pick', 'match_three_swap', 'mirror_pick', 'occluded_count_order_click',
  'orbit_match', 'path_navigate_arrows', 'phrase_order_click', 'rotate_arrows_match_ref', 'route_waypoint_click',
  'shape_attribute_ordered', 'sides_order_click', 'size_order_click', 'spatial_relation_click', 'sum_match_arrows', 'text_question_logic',
];


/**
 * English words no sentence of the other six languages contains (hand-written; not "type" or "centre",
 * which are French words, nor "in", "an", "die", "on").
 */
const ENGLISH = /\b(the|and|of|with|from|is|are|this|that|then|click|drag|press|row|column|tiles?|picture|left|right|top|bottom|middle|handle|each|every|only|them|its|which|into|at|by|it)\b/i;
/** English nouns of the engines' noun tables (icons, lucide items, named colours). */
const NOUNS = new Set<string>([
  ...Object.values(ICONS).flatMap((i) => i.en.split(' ')),
  ...Object.values(ICONS).map((i) => `${i.en}s`),
  ...LUCIDE_ITEMS.flatMap((i) => [...i.en.split(' '), ...i.enPlural.split(' ')]),
  ...NAMED_COLORS.map((c) => c.en),
]);
/** Table nouns spelled the same in that language (hand-written). */
const COGNATES: Partial<Record<CaptchaLocale, string[]>> = {
  'fr-FR': ['triangle', 'triangles', 'orange', 'rose', 'cyan', 'bus', 'pizza', 'pizzas', 'rat', 'rats'],
  'es-ES': ['pizza', 'pizzas', 'tractor'],
  'de-DE': ['Orange', 'Cyan', 'Bus', 'Pizza'],
};
const words = (s: string): string[] => s.match(/\p{L}+(?:-\p{L}+)*/gu) ?? [];
/** The text without quoted drawn labels (the quotation marks of lib/i18n.ts QUOTES). */
const unquoted = (s: string): string => s.replace(/"[^"]*"|“[^”]*”|「[^」]*」|„[^“]*“|«[^»]*»/g, ' ');
/** Why `s` reads as English in `loc`, or null. `typed`: the answer the reasoning says to type (an English word may be the answer). */
function english(s: string, loc: CaptchaLocale, typed: string[] = []): string | null {
  const u = typed.reduce((t, w) => t.split(w).join(' '), unquoted(s));
  const fw = u.match(ENGLISH);
  if (fw) return `English word "${fw[0]}"`;
  const noun = words(u).find((w) => NOUNS.has(w) && !(COGNATES[loc] ?? []).includes(w));
  return noun ? `English noun "${noun}"` : null;
}

describe('CAPTCHA reasonings are written in their locale', () => {
  it('the untranslated list is exactly the types without reasoning texts in the five locales', () => {
    for (const loc of LOCALES) {
      const missing = ENGINES.filter((e) => !reasonsIn(e.type, loc)).map((e) => e.type).sort();
      expect(missing, loc).toEqual([...UNTRANSLATED].sort());
    }
  });

  it.each(DIFFICULTIES.map((d) => [d]))('%s: translated types reason without English, the others in English whole', (d) => {
    const offenders: string[] = [];
    for (const e of ENGINES) {
      for (const l of latents(e, d, 2, 'reason')) {
        for (const loc of LOCALES) {
          const r = e.reasoning(l, loc, undefined, loc);
          if (UNTRANSLATED.includes(e.type)) {
            // English whole: exactly the en-US reasoning of the same widget (its quoted labels as drawn)
            if (r !== e.reasoning(l, 'en-US', undefined, loc)) offenders.push(`${e.type} ${loc}: not the English text: ${r}`);
          } else {
            const typed = e.solve(l).actions.flatMap((a) => (a.type === 'type' ? [a.text] : []));
            const why = english(r, loc, typed);
            if (why) offenders.push(`${e.type} ${loc}: ${why}: ${r}`);
            if (r === e.reasoning(l, 'en-US', undefined, loc)) offenders.push(`${e.type} ${loc}: same as English: ${r}`);
          }
        }
      }
    }
    expect(offenders.slice(0, 20), offenders.join('\n')).toEqual([]);
  });

  it('the oracle flags English: every en-US reasoning of a translated type', () => {
    for (const e of ENGINES.filter((x) => !UNTRANSLATED.includes(x.type))) {
      const l = latents(e, 'easy', 1, 'reason')[0]!;
      expect(english(e.reasoning(l, 'en-US'), 'de-DE'), e.type).not.toBeNull();
    }
  });
});

describe('a record keys a reasoning by its locale only when it is written in that language', () => {
  const cfg = (type: string, locale: CaptchaLocale) => ({ types: [type], contexts: ['web' as const], difficulties: ['easy' as const], locales: [locale] });
  const translated = ENGINES.map((e) => e.type).find((t) => !UNTRANSLATED.includes(t))!;
  it.each([['de-DE'], ['ar']] as const)('%s', async (loc) => {
    const a = CaptchaRecord.omit({ image: true }).parse((await captchaSampleDetailed(cfg(translated, loc), 7, 0)).record);
    expect(Object.keys(a.solution.reasonings).sort()).toEqual([loc, 'en-US', 'zh-CN'].sort());
    expect(a.solution.reasoning).toBe(a.solution.reasonings[loc]);
    expect(english(a.solution.reasoning, loc)).toBeNull();
    if (UNTRANSLATED.length) {
      const b = CaptchaRecord.omit({ image: true }).parse((await captchaSampleDetailed(cfg(UNTRANSLATED[0]!, loc), 7, 0)).record);
      expect(Object.keys(b.solution.reasonings).sort()).toEqual(['en-US', 'zh-CN']);
      expect(b.solution.reasoning).toBe('');
    }
  });
  it('en-US and zh-CN records keep their reasoning', async () => {
    for (const loc of ['en-US', 'zh-CN'] as const) {
      const r = CaptchaRecord.omit({ image: true }).parse((await captchaSampleDetailed(cfg(UNTRANSLATED[0] ?? translated, loc), 7, 0)).record);
      expect(r.solution.reasoning).toBe(r.solution.reasonings[loc]);
      expect(r.solution.reasoning.length).toBeGreaterThan(20);
    }
  });
});
