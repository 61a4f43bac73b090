/**
 * Engines added by "CAPTCHA breadth I" (catalogue groups A, B, C, H, I), beyond the skeleton's.
 * Add each new engine here; registry.ts concatenates this list.
 */
import type { CaptchaEngine, Latent } from '../engine.js';

export const BREADTH_I: readonly CaptchaEngine<Latent>[] = [];
