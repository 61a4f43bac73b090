/**
 * Valid latent states of a CAPTCHA engine for text tests (test/captcha-instruction-language.test.ts,
 * test/captcha-reasoning-language.test.ts): a pure function of (engine, difficulty, tag, index).
 */
import { Rng } from '../core/rng.js';
import type { DIFFICULTIES } from '../core/schema.js';
import type { CaptchaEngine, Latent } from '../generators/captcha/engine.js';

/** Up to `n` latents of `e` at `d` that pass `validate`, sampled from seeds `${tag}-${type}-${d}-${k}` for k < 80. */
export function latents(e: CaptchaEngine, d: (typeof DIFFICULTIES)[number], n: number, tag = 'lang'): Latent[] {
  const out: Latent[] = [];
  for (let k = 0; out.length < n && k < 80; k++) {
    const l = e.sample(new Rng(`${tag}-${e.type}-${d}-${k}`), d);
    if (!e.validate(l)) out.push(l);
  }
  return out;
}
