/**
 * #7 text_mirrored_glyphs (group A, OCR text entry, Click+Type): some letters are mirrored, turned
 * upside down or tilted; the answer is the canonical text as it would normally read (NextGen
 * Multi_Script idea in entry form). The charset holds only letters whose mirror image, upside-down
 * form and tilt cannot be read as another letter or digit.
 */
import { defineKnobs, knob } from '../../engine.js';
import { boxRect, hsl, noiseDots, noiseLines, path } from '../../lib/draw.js';
import { type EntryFrame, entryFrame } from '../../lib/frames.js';
import { type GlyphSpec, checkString, layoutString, specOutline } from '../../lib/glyph-pictures.js';
import { say } from '../../lib/i18n.js';
import { textEntryEngine } from './template.js';

/**
 * Letters safe under mirroring, turning upside down and tilting: no M/W (upside-down of each other),
 * U (∩ ≈ n), P (upside-down ≈ d), L/J/7 (≈ each other when turned), S/Z/2/5/3 (mirror ≈ other glyphs),
 * X/H (tilt ≈ +, I), V (upside-down ≈ Λ ≈ A).
 */
export const MIRROR_CHARSET = [...'ABCEFGKNRTY'];
/** Letters that look the same mirrored left-right (a mirror would be invisible). */
const MIRROR_SYMMETRIC = 'ATY';
/** Letters that look the same upside down (a flip would be invisible). */
const FLIP_SYMMETRIC = 'N';
/** Is transform `t` visible on letter `ch`? */
export function visibleTransform(ch: string, t: GlyphTransform): boolean {
  if (t === 'mirror') return !MIRROR_SYMMETRIC.includes(ch);
  if (t === 'flip') return !FLIP_SYMMETRIC.includes(ch);
  return true;
}
/** Per-glyph transform kinds. */
export type GlyphTransform = 'none' | 'mirror' | 'flip' | 'tilt';

/** Latent state of text_mirrored_glyphs (puzzle px). */
export interface MirroredLatent extends Record<string, unknown> {
  frame: EntryFrame;
  text: string;
  transforms: GlyphTransform[];
  glyphs: GlyphSpec[];
  bg_hue: number;
  noise_lines: number;
}

const KNOBS = defineKnobs({ length: knob('letters', 4, 5, 6), fraction: knob('fraction of letters transformed', 0.25, 0.4, 0.6), kinds: knob('transforms used (mirror, upside-down flip, tilt)', ['mirror'], ['mirror', 'flip'], ['mirror', 'flip', 'tilt']), tilt: knob('tilt angle range, degrees', [0, 0], [25, 45], [35, 65]), noise_lines: knob('noise curves over the picture', 1, 2, 3) });

/** Engine #7 text_mirrored_glyphs (group A, Click+Type, verifier `text_entry`). */
export const textMirroredGlyphs = textEntryEngine<MirroredLatent, typeof KNOBS>({
  type: 'text_mirrored_glyphs',
  number: 7,
  knobs: KNOBS,

  sample(rng, k) {
    const frame = entryFrame(rng, 100);
    const chars = Array.from({ length: k.length }, () => rng.pick(MIRROR_CHARSET));
    const nT = Math.max(1, Math.round(k.fraction * k.length));
    // transform only letters on which some allowed transform is visible
    const can = [...Array(k.length).keys()].filter((i) => k.kinds.some((t) => visibleTransform(chars[i]!, t)));
    const which = new Set(rng.sample(can, Math.min(nT, can.length)));
    const transforms: GlyphTransform[] = chars.map((ch, i) => {
      if (!which.has(i)) return 'none';
      const ok = k.kinds.filter((t) => visibleTransform(ch, t));
      return ok.length ? rng.pick(ok) : 'none';
    });
    const hue = rng.int(0, 359);
    const glyphs = layoutString(rng, chars, frame.image_box, {
      size: [42, 50], maxRot: 6, maxSkew: 4, spacing: 1.12, jitterY: 5, weight: 700,
      face: rng.pick(['roboto', 'inter', 'noto-sans'] as const), color: () => hsl(hue + rng.int(-50, 50), rng.float(55, 80), rng.float(24, 36)),
    }).map((g, i) => {
      const t = transforms[i]!;
      if (t === 'mirror') return { ...g, sx: -Math.abs(g.sx), rot: 0 };
      if (t === 'flip') return { ...g, rot: 180 + g.rot };
      if (t === 'tilt') return { ...g, rot: (rng.bool() ? 1 : -1) * rng.int(k.tilt[0], k.tilt[1]) };
      return g;
    });
    return { frame, text: chars.join(''), transforms, glyphs, bg_hue: rng.int(0, 359), noise_lines: k.noise_lines };
  },

  check(l) {
    for (const ch of l.text) if (!MIRROR_CHARSET.includes(ch)) return `letter ${ch} is ambiguous when transformed`;
    if (l.transforms.length !== l.text.length) return 'one transform per letter needed';
    if (!l.transforms.some((t) => t !== 'none')) return 'no letter is transformed';
    for (let i = 0; i < l.text.length; i++) if (!visibleTransform(l.text[i]!, l.transforms[i]!)) return 'transform invisible on a symmetric letter';
    for (let i = 0; i < l.glyphs.length; i++) {
      const g = l.glyphs[i]!;
      const t = l.transforms[i]!;
      if ((t === 'mirror') !== g.sx < 0) return 'mirror flag does not match the drawing';
      if (t === 'tilt' && Math.abs(g.rot) > 80) return 'tilt too close to a quarter turn';
    }
    return checkString(l.glyphs, l.text, l.frame.image_box, 26, 0.5);
  },

  picture(l, style, rng) {
    const ib = l.frame.image_box;
    let pic = boxRect(ib, { fill: hsl(l.bg_hue, 30, 92), rx: 2 });
    pic += noiseDots(rng, ib, 50, 0.5);
    pic += noiseLines(rng, ib, l.noise_lines, undefined, [0.8, 1.5]);
    for (const gl of l.glyphs) pic += path(specOutline(gl).d, { fill: gl.color });
    return { svg: pic };
  },

  answer: (l) => ({ text: l.text, valid: [l.text] }),

  reading(l, locale) {
    const parts = [...l.text].map((ch, i) => `${ch}(${say(locale, `text_mirrored_glyphs.transform_${l.transforms[i]!}`)})`).join(' ');
    const n = l.transforms.filter((t) => t !== 'none').length;
    return say(locale, 'text_mirrored_glyphs.reasoning', { n: l.text.length, k: n, parts });
  },

});
