/**
 * CAPTCHA text in every locale (generators/captcha/lib/i18n.ts, generators/captcha/i18n/*.json):
 * the catalogues agree with en-US (same types, keys and placeholders), every engine's instruction
 * renders in every locale, the widget of every engine draws in every locale with the bundled fonts
 * (font coverage), and the generated catalogue docs/captcha-types.md is current.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Rng } from '../core/rng.js';
import { glyphFor } from '../renderers/glyphs.js';
import { captchaTypesMarkdown } from '../generators/captcha/catalogue.js';
import { CAPTCHA_LOCALES, type CaptchaLocale, catalogue, drawnLocale, say } from '../generators/captcha/lib/i18n.js';
import { ENGINES } from '../generators/captcha/registry.js';
import { makeStyle } from '../generators/captcha/lib/style.js';
import type { Latent } from '../generators/captcha/engine.js';

const placeholders = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();

/** A valid latent of each engine (medium), from a fixed seed. */
const LATENTS = new Map<string, Latent>(
  ENGINES.map((e) => {
    for (let k = 0; ; k++) {
      const l = e.sample(new Rng(`i18n-test-${k}`), 'medium');
      if (!e.validate(l)) return [e.type, l];
    }
  }),
);

describe('CAPTCHA locale catalogues', () => {
  const en = catalogue('en-US');

  it('every engine has an en-US and zh-CN instruction in the catalogue', () => {
    for (const e of ENGINES) {
      expect(Object.keys(en[e.type] ?? {}).some((k) => k.startsWith('instruction')), e.type).toBe(true);
      expect(Object.keys(catalogue('zh-CN')[e.type] ?? {}).sort(), e.type).toEqual(Object.keys(en[e.type]!).sort());
    }
  });

  it.each(CAPTCHA_LOCALES.map((l) => [l]))('%s: only en-US types and keys, and only placeholders the engine fills', (locale) => {
    const c = catalogue(locale as CaptchaLocale);
    for (const [type, keys] of Object.entries(c)) {
      expect(en[type], `${locale}: unknown type ${type}`).toBeDefined();
      for (const [key, text] of Object.entries(keys)) {
        expect(en[type]![key], `${locale}: unknown key ${type}.${key}`).toBeDefined();
        // the engine passes the values of the en-US and zh-CN texts (some are language-specific, e.g. a name in each language)
        const filled = new Set([...placeholders(en[type]![key]!), ...placeholders(catalogue('zh-CN')[type]?.[key] ?? '')]);
        for (const p of placeholders(text)) expect(filled.has(p), `${locale} ${type}.${key}: {${p}} is not filled by the engine`).toBe(true);
      }
    }
  });

  it.each(CAPTCHA_LOCALES.map((l) => [l]))('%s: every engine writes a non-empty instruction with no placeholder left', (locale) => {
    for (const e of ENGINES) {
      const s = e.instruction(LATENTS.get(e.type)!, locale as CaptchaLocale);
      expect(s.length, e.type).toBeGreaterThan(5);
      expect(s, e.type).not.toMatch(/\{\w+\}|undefined|NaN/);
    }
  });

  it('say: inline text falls back to English; catalogue text fills placeholders; a missing value is our bug', () => {
    expect(say('zh-CN', { en: 'Submit', zh: '提交' })).toBe('提交');
    expect(say('de-DE', { en: 'Submit', zh: '提交' })).toBe('Submit');
    expect(say('de-DE', { en: 'Submit', zh: '提交', de: 'Senden' })).toBe('Senden');
    const type = ENGINES.find((e) => placeholders(en[e.type]!.instruction ?? '').length > 0)!.type;
    const names = placeholders(en[type]!.instruction!);
    const params = Object.fromEntries(names.map((n, i) => [n, `V${i}`]));
    const out = say('en-US', `${type}.instruction`, params);
    for (const v of Object.values(params)) expect(out).toContain(v);
    expect(() => say('en-US', `${type}.instruction`, {})).toThrow(/needs a value/);
    expect(() => say('en-US', 'no_such_type.instruction')).toThrow(/no text/);
  });

  it('font coverage: every catalogue text a widget draws has glyphs in the bundled fonts, in every drawn locale', () => {
    // drawn keys: the text-entry title and placeholder and the frame's own words; instructions and
    // reasoning are record text, never drawn; ar is drawn in English (drawnLocale)
    const DRAWN_KEYS = ['title', 'placeholder', 'verify', 'entry_placeholder'];
    const drawn = [...new Set(CAPTCHA_LOCALES.map((l) => drawnLocale(l)))];
    expect(drawn).not.toContain('ar');
    let checked = 0;
    for (const locale of drawn) {
      for (const keys of Object.values(catalogue(locale))) {
        for (const [key, text] of Object.entries(keys)) {
          if (!DRAWN_KEYS.includes(key)) continue;
          checked++;
          for (const ch of text.replace(/\{\w+\}/g, '')) if (ch.trim()) for (const weight of [400, 700] as const) expect(() => glyphFor(ch, { weight }), `${locale}: ${ch} of ${text}`).not.toThrow();
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('French instructions elide "de" / "que" before a vowel or mute h that a placeholder brought in ("combien d’étoiles")', () => {
    for (const e of ENGINES) {
      for (let k = 0; k < 4; k++) {
        const latent = k === 0 ? LATENTS.get(e.type)! : e.sample(new Rng(`fr-${e.type}-${k}`), (['easy', 'medium', 'hard'] as const)[k % 3]!);
        const s = e.instruction(latent, 'fr-FR');
        expect(s, e.type).not.toMatch(/\b(de|que) [aeiouyhàâéèêîôû]/);
      }
    }
  });

  it('font coverage: every engine draws its widget in every locale with the bundled fonts', () => {
    for (const locale of CAPTCHA_LOCALES) {
      const style = makeStyle('classic', 'light', locale);
      for (const e of ENGINES) {
        const d = e.draw(LATENTS.get(e.type)!, style, new Rng('draw'));
        expect(d.svg, `${locale} ${e.type}`).toMatch(/^<svg/);
      }
    }
  });
});

describe('docs/captcha-types.md', () => {
  it('is what `uisynth types --markdown` writes from the registry today', () => {
    expect(readFileSync('docs/captcha-types.md', 'utf8')).toBe(captchaTypesMarkdown());
  });
  it('lists every registered type with its knobs', () => {
    const md = captchaTypesMarkdown();
    for (const e of ENGINES) {
      expect(md).toContain(`\n## ${e.type}\n`);
      for (const k of Object.keys(e.knobs)) expect(md).toContain(`| \`${k}\` |`);
    }
  });
});
