/**
 * Seeded randomness. Every sample is a pure function of (generator, config, seed, index): each sample
 * gets its own {@link Rng} seeded from a SHA-256 of those parts (a seed per sample, so any index is
 * reproducible alone), never a shared stream and never `Math.random`.
 */
import { createHash } from 'node:crypto';
import seedrandom from 'seedrandom';

/** Hex SHA-256 of the given parts joined by `\u0000`. */
export function hashParts(...parts: Array<string | number>): string {
  return createHash('sha256').update(parts.map(String).join('\u0000')).digest('hex');
}

/** The seed string for one sample: sha256(generator, seed, index, ...salt). */
export function sampleSeed(generator: string, seed: number, index: number, ...salt: Array<string | number>): string {
  return hashParts('uisynth', generator, seed, index, ...salt);
}

/**
 * Stable record id from (generator, seed, index): `<generator>-<seed>-<index, 7 digits>`.
 * Carries nothing about the answer: a puzzle's look must not leak its solution.
 */
export function recordId(generator: string, seed: number, index: number): string {
  return `${generator}-${seed}-${String(index).padStart(7, '0')}`;
}

/** Per-instance pseudo-random generator (seedrandom's ARC4-based `alea` is avoided for portability; default PRNG). */
export class Rng {
  private readonly prng: seedrandom.PRNG;
  /** @param seed any string; equal strings give equal streams */
  constructor(public readonly seed: string) {
    this.prng = seedrandom(seed);
  }
  /** A child generator for an independent sub-stream (e.g. `rng.fork('noise')`). */
  fork(label: string): Rng {
    return new Rng(hashParts(this.seed, label));
  }
  /** Uniform float in [0, 1). */
  next(): number {
    return this.prng();
  }
  /** Uniform float in [lo, hi). */
  float(lo: number, hi: number): number {
    return lo + (hi - lo) * this.prng();
  }
  /** Uniform integer in [lo, hi] (both inclusive). Throws RangeError when hi < lo. */
  int(lo: number, hi: number): number {
    if (hi < lo) throw new RangeError(`Rng.int: hi (${hi}) < lo (${lo})`);
    return lo + Math.floor(this.prng() * (hi - lo + 1));
  }
  /** True with probability p. */
  bool(p = 0.5): boolean {
    return this.prng() < p;
  }
  /** One element of a non-empty array. Throws RangeError on an empty array. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Rng.pick: empty array');
    return items[Math.floor(this.prng() * items.length)]!;
  }
  /** One element chosen with the given non-negative weights (same length as items). */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    const total = weights.reduce((a, b) => a + b, 0);
    let r = this.prng() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i]!;
      if (r < 0) return items[i]!;
    }
    return items[items.length - 1]!;
  }
  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const a = items.slice();
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(this.prng() * (i + 1));
      [a[i], a[j]] = [a[j]!, a[i]!];
    }
    return a;
  }
  /** k distinct elements in random order. Throws RangeError when k > items.length. */
  sample<T>(items: readonly T[], k: number): T[] {
    if (k > items.length) throw new RangeError(`Rng.sample: k (${k}) > ${items.length}`);
    return this.shuffle(items).slice(0, k);
  }
  /** An integer seed in [0, 2^31) for libraries that take a number (faker). */
  int32(): number {
    return Math.floor(this.prng() * 2147483647);
  }
}
