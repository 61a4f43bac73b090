/**
 * Latent states must equal their stored JSON: {@link plainJson} is the JSON round trip the registry
 * applies to an engine's `sample` when the engine declares `plainLatent: true` (see engine.ts).
 */

/** A JSON round trip: drops `undefined`, turns -0 into 0 (latents must equal their stored JSON). */
export const plainJson = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
