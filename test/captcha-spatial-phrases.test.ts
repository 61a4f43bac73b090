/**
 * spatial_relation_click names its target in every locale's grammar: gender and case agreement in German
 * (accusative target, dative reference, "vom"), French and Spanish articles and contractions ("du", "de la",
 * "l’", "del"), adjective order, Arabic feminine agreement, Japanese 「Xの左にあるY」. Oracle: sentences written by
 * hand for a few scenes, not derived from the engine's tables.
 */
import { describe, expect, it } from 'vitest';
import { getEngine } from '../generators/captcha/registry.js';
import type { CaptchaLocale } from '../generators/captcha/engine.js';

// colour indices follow lib/palette.ts SCENE_COLORS: red, blue, green, yellow, purple, orange
const RED = 0;
const GREEN = 2;
const YELLOW = 3;
const PURPLE = 4;
type Obj = { shape: string; color: number; large: boolean; x: number; z: number };
const scene = (target: Obj, targetAttrs: string[], rel: string, ref: Obj, refAttrs: string[]): Record<string, unknown> => ({
  objects: [target, ref],
  target: 0,
  ref: 1,
  rel,
  target_attrs: targetAttrs,
  ref_attrs: refAttrs,
});
const obj = (shape: string, color: number, large: boolean): Obj => ({ shape, color, large, x: 0, z: 0 });

const CASES: Array<{ latent: Record<string, unknown>; want: Partial<Record<CaptchaLocale, string>> }> = [
  {
    // large yellow cube, left of a (small) sphere named by shape only
    latent: scene(obj('cube', YELLOW, true), ['size', 'color', 'shape'], 'left', obj('sphere', RED, false), ['shape']),
    want: {
      'en-US': 'Click the large yellow cube left of the sphere.',
      'de-DE': 'Klicken Sie auf den großen gelben Würfel links von der Kugel.',
      'fr-FR': 'Cliquez sur le grand cube jaune à gauche de la sphère.',
      'es-ES': 'Haz clic en el cubo amarillo grande a la izquierda de la esfera.',
      'ja-JP': '球の左にある大きい黄色い立方体をクリックしてください。',
      ar: 'انقر على المكعب الأصفر الكبير على يسار الكرة.',
    },
  },
  {
    // small purple sphere in front of the green object (colour only)
    latent: scene(obj('sphere', PURPLE, false), ['size', 'color', 'shape'], 'front', obj('cone', GREEN, true), ['color']),
    want: {
      'de-DE': 'Klicken Sie auf die kleine violette Kugel vor dem grünen Objekt.',
      'fr-FR': 'Cliquez sur la petite sphère violette devant l’objet vert.',
      'es-ES': 'Haz clic en la esfera morada pequeña delante del objeto verde.',
      'ja-JP': '緑の物体の手前にある小さい紫の球をクリックしてください。',
      ar: 'انقر على الكرة البنفسجية الصغيرة أمام الجسم الأخضر.',
    },
  },
  {
    // the red object (neuter in German, elided in French) right of the large cone, behind a cylinder
    latent: scene(obj('cube', RED, true), ['color'], 'right', obj('cone', GREEN, true), ['size', 'shape']),
    want: {
      'de-DE': 'Klicken Sie auf das rote Objekt rechts vom großen Kegel.',
      'fr-FR': 'Cliquez sur l’objet rouge à droite du grand cône.',
      'es-ES': 'Haz clic en el objeto rojo a la derecha del cono grande.',
      'ja-JP': '大きい円錐の右にある赤い物体をクリックしてください。',
    },
  },
  {
    latent: scene(obj('cylinder', GREEN, false), ['shape'], 'behind', obj('cylinder', RED, true), ['color', 'shape']),
    want: {
      'de-DE': 'Klicken Sie auf den Zylinder hinter dem roten Zylinder.',
      'fr-FR': 'Cliquez sur le cylindre derrière le cylindre rouge.',
      'es-ES': 'Haz clic en el cilindro detrás del cilindro rojo.',
      ar: 'انقر على الأسطوانة خلف الأسطوانة الحمراء.',
    },
  },
];

describe('spatial_relation_click instructions in every locale', () => {
  const engine = getEngine('spatial_relation_click');
  for (const [i, c] of CASES.entries()) {
    for (const [locale, want] of Object.entries(c.want)) {
      it(`scene ${i + 1}, ${locale}`, () => {
        expect(engine.instruction(c.latent as never, locale as CaptchaLocale)).toBe(want);
      });
    }
  }
  it('the reasoning names reference and target with the same inflection as the instruction, in each language', () => {
    const l = { ...CASES[0]!.latent, view: { yaw: 0, pitch: 0.5, scale: 40, cx: 160, cy: 160 }, click_point: [100, 100] };
    const want: Partial<Record<CaptchaLocale, string[]>> = {
      'de-DE': ['Suchen Sie zuerst die Kugel bei', 'Unter den Objekten links von der Kugel', 'Klicken Sie auf den großen gelben Würfel bei (100, 100).'],
      'fr-FR': ['Repérez d’abord la sphère en', 'Parmi les objets situés à gauche de la sphère', 'cliquez sur le grand cube jaune en (100, 100).'],
      'es-ES': ['Primero localiza la esfera en', 'Entre los objetos que están a la izquierda de la esfera', 'haz clic en el cubo amarillo grande, en (100, 100).'],
      'ja-JP': ['まず球を', '球の左にある物体のうち', '大きい黄色い立方体を (100, 100) でクリックします。'],
      ar: ['ابحث أولًا عن الكرة عند', 'الواقعة على يسار الكرة', 'انقر على المكعب الأصفر الكبير عند (100, 100).'],
    };
    for (const [locale, parts] of Object.entries(want)) {
      const text = engine.reasoning(l as never, locale as CaptchaLocale);
      for (const p of parts) expect(text, locale).toContain(p);
    }
    expect(engine.reasoning(l as never, 'en-US')).toContain('the large yellow cube');
  });
});
