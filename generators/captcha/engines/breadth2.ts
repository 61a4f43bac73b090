/**
 * Engines added by "CAPTCHA breadth II" (catalogue groups D, E, F, G, J), beyond the skeleton's.
 * Add each new engine here; registry.ts concatenates this list.
 */
import type { CaptchaEngine, Latent } from '../engine.js';

export const BREADTH_II: readonly CaptchaEngine<Latent>[] = [];
