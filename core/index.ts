/** Public core API: re-exports. */
export * from './errors.js';
export * from './rng.js';
export * from './geometry.js';
export * from './actions.js';
export * from './schema.js';
export * from './coords.js';
export * from './models.js';
