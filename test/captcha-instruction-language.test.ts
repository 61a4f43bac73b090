/**
 * CAPTCHA record text says what the picture shows, in the language it claims to be in:
 * - illusory_ribbons_select describes weaving only for a woven picture (hard), and each difficulty's
 *   look (own colours, gradients) in every locale;
 * - occluded_pattern_count_entry reasons in every supported locale (no English left in ja/de/es/fr/ar);
 * - no instruction outside en-US carries an English noun of the noun tables or an English sentence;
 * Oracles are hand-written phrases per language, not the catalogues.
 */
import { describe, expect, it } from 'vitest';
import { DIFFICULTIES } from '../core/schema.js';
import { ENGINES, getEngine } from '../generators/captcha/registry.js';
import { ICONS, ICON_NOUNS } from '../generators/captcha/lib/icons.js';
import { glyphFor } from '../renderers/glyphs.js';
import { LUCIDE_ITEMS } from '../generators/captcha/lib/lucide.js';
import { NAMED_COLORS } from '../generators/captcha/lib/palette.js';
import { latents } from './captcha-latents.js';
import { CAPTCHA_LOCALES, type CaptchaLocale } from '../generators/captcha/lib/i18n.js';


/** Common English words that no sentence in another of the seven languages contains (hand-written). */
const ENGLISH = /\b(the|and|of|with|from|is|are|this|that|under|cover|pattern|click|type|picture|would|each|every|through|cells?)\b/i;

describe('illusory_ribbons_select: the instruction describes the picture of its difficulty', () => {
  // "bands pass over and under one another", per language (hand-written)
  const WEAVE: Record<CaptchaLocale, RegExp> = {
    'en-US': /over and under/, 'zh-CN': /压过或穿过/, 'ja-JP': /上下に重な/, 'de-DE': /übereinander und untereinander/,
    'es-ES': /por encima y por debajo/, 'fr-FR': /sur et sous/, ar: /فوق بعضها وتحت بعضها/,
  };
  // "each loop has its own colour"
  const OWN_COLOUR: Record<CaptchaLocale, RegExp> = {
    'en-US': /own colou?r/, 'zh-CN': /颜色各不相同/, 'ja-JP': /別の色/, 'de-DE': /eigene Farbe/, 'es-ES': /propio color/, 'fr-FR': /propre couleur/, ar: /لونها الخاص/,
  };
  const e = getEngine('illusory_ribbons_select');
  it.each(DIFFICULTIES.map((d) => [d]))('%s', (d) => {
    for (const l of latents(e, d, 4)) {
      const woven = (l.over as number[][]).some((o) => o.length > 0);
      expect(woven).toBe(d === 'hard'); // the knob table: only hard weaves
      for (const loc of CAPTCHA_LOCALES) {
        const s = e.instruction(l, loc);
        expect(WEAVE[loc].test(s), `${loc}: ${s}`).toBe(woven);
        expect(OWN_COLOUR[loc].test(s), `${loc}: ${s}`).toBe(l.look === 'solid');
      }
    }
  });
});

describe('occluded_pattern_count_entry: the reasoning is written in every supported locale', () => {
  const e = getEngine('occluded_pattern_count_entry');
  it.each(CAPTCHA_LOCALES.filter((l) => l !== 'en-US').map((l) => [l]))('%s', (loc) => {
    for (const d of DIFFICULTIES) {
      for (const l of latents(e, d, 3)) {
        const r = e.reasoning(l, loc as CaptchaLocale);
        expect(r, r).not.toMatch(ENGLISH);
        const ins = e.instruction(l, loc as CaptchaLocale);
        expect(ins, ins).not.toMatch(ENGLISH);
      }
    }
  });
  it('the English oracle catches the English reasoning', () => {
    const l = latents(e, 'easy', 1)[0]!;
    expect(e.reasoning(l, 'en-US')).toMatch(ENGLISH);
  });
});

/**
 * No instruction in a locale other than en-US contains an English noun of the engines' noun tables
 * (icons, lucide items, named colours) or an English function word, outside a quoted drawn label.
 * Words spelled the same in that language (hand-written cognates) are allowed.
 */
describe('instructions outside en-US contain no English nouns or sentences', () => {
  const NOUNS = new Set<string>([
    ...Object.values(ICONS).flatMap((i) => i.en.split(' ')),
    ...LUCIDE_ITEMS.flatMap((i) => [...i.en.split(' '), ...i.enPlural.split(' ')]),
    ...NAMED_COLORS.map((c) => c.en),
    ...Object.values(ICONS).map((i) => `${i.en}s`),
  ]);
  const COGNATES: Partial<Record<CaptchaLocale, string[]>> = {
    'fr-FR': ['triangle', 'triangles', 'orange', 'rose', 'cyan', 'bus', 'pizza', 'pizzas', 'rat', 'rats'],
    'es-ES': ['pizza', 'pizzas', 'tractor'],
  };
  const FUNCTION_WORDS = /\b(the|and|of|with|from|is|are|this|that|would|each|every|through|moving|turns)\b/i;
  const words = (s: string): string[] => s.match(/\p{L}+(?:-\p{L}+)*/gu) ?? [];
  const unquoted = (s: string): string => s.replace(/"[^"]*"|“[^”]*”|「[^」]*」|„[^“]*“|«[^»]*»/g, ' ');
  /** Engines whose instructions still carry English words in other locales (left for a later change; see the report in the commit). */
  const KNOWN_UNTRANSLATED: string[] = [];
  const offenders = new Map<string, string>();
  for (const e of ENGINES) {
    for (const d of DIFFICULTIES) {
      for (const l of latents(e, d, 3, 'nouns')) {
        for (const loc of CAPTCHA_LOCALES.filter((x) => x !== 'en-US')) {
          const s = unquoted(e.instruction(l, loc));
          const bad = words(s).filter((w) => NOUNS.has(w) && !(COGNATES[loc] ?? []).includes(w));
          if (bad.length || FUNCTION_WORDS.test(s)) offenders.set(e.type, `${loc}: ${e.instruction(l, loc)}`);
        }
      }
    }
  }
  it('only the known untranslated engines have English words in other locales', () => {
    expect([...offenders.keys()].sort(), [...offenders.values()].join('\n')).toEqual(KNOWN_UNTRANSLATED);
  });
  it('the oracle catches English: every en-US instruction with a noun from the tables is flagged', () => {
    const e = getEngine('count_objects_entry');
    const l = latents(e, 'easy', 1, 'nouns')[0]!;
    expect(words(e.instruction(l, 'en-US')).some((w) => NOUNS.has(w))).toBe(true);
  });
});

describe('drawn nouns have glyphs', () => {
  it('every icon noun and colour name a ja/de/es/fr widget may draw (count_objects_entry and text_colored_subset titles) is in the bundled fonts', () => {
    const strs: string[] = [];
    for (const t of Object.values(ICON_NOUNS)) strs.push(t.ja, ...t.de, ...t.es, ...t.fr);
    for (const c of NAMED_COLORS) strs.push(c.ja, c.de, c.es, c.fr);
    expect(strs.length).toBeGreaterThan(100);
    for (const s of strs) for (const ch of s) if (ch.trim()) for (const weight of [400, 700] as const) expect(() => glyphFor(ch, { weight }), `${ch} of ${s}`).not.toThrow();
  });
});

describe('area_select_point: the German instruction takes the accusative plural after "auf alle"', () => {
  // "klicken auf" governs the accusative; a German accusative plural is the nominative plural (lib/lucide.ts
  // LUCIDE_NOUNS de), never the dative plural ("Äpfeln", "Blättern", "Schlüsseln"). Hand-written sentences.
  const e = getEngine('area_select_point');
  const l = latents(e, 'easy', 1)[0]!;
  it.each([['apple', 'Äpfel'], ['leaf', 'Blätter'], ['key', 'Schlüssel'], ['car', 'Autos']])('%s', (icon, plural) => {
    const s = e.instruction({ ...l, target_icon: icon }, 'de-DE');
    expect(s.startsWith(`Klicken Sie im Bild auf alle ${plural} und dann auf die Schaltfläche „`), s).toBe(true);
  });
});
