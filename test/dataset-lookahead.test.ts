/**
 * The run loop's lookahead (dataset/write.ts `RunOptions.lookahead`, used by `uisynth grounding`): samples
 * started ahead of `concurrency` finish in any order, yet the dataset is byte-identical to a run without
 * lookahead, and no more than `concurrency + lookahead` samples are ever in flight, of which at most
 * `concurrency` hold the (simulated) browser at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runShards, type RunOptions, type SampleOutput } from '../dataset/write.js';
import { fakeSample, treeHashes } from './dataset-fixtures.js';

let base: string;
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'uisynth-lookahead-'));
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

/** A producer shaped like grounding's: a "browser" part under a semaphore of `slots`, then a Node-side part. */
function producer(slots: number, seed: number) {
  const stats = { inFlight: 0, maxInFlight: 0, inBrowser: 0, maxInBrowser: 0 };
  const waiting: Array<() => void> = [];
  let free = slots;
  const tick = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
  const produce = async (i: number): Promise<SampleOutput> => {
    stats.maxInFlight = Math.max(stats.maxInFlight, ++stats.inFlight);
    try {
      if (free > 0) free--;
      else await new Promise<void>((r) => waiting.push(r));
      stats.maxInBrowser = Math.max(stats.maxInBrowser, ++stats.inBrowser);
      await tick(2);
      stats.inBrowser--;
      const next = waiting.shift();
      if (next) next();
      else free++;
      // the Node-side part: longest for even indices, so samples finish out of index order
      await tick(i % 2 === 0 ? 12 : 1);
      return await fakeSample(seed, i);
    } finally {
      stats.inFlight--;
    }
  };
  return { produce, stats };
}

function opts(out: string, over: Partial<RunOptions>): RunOptions {
  return {
    kind: 'captcha', out, count: 9, seed: 5, shardSize: 4, shardIndex: 0, shardCount: 1, command: ['captcha', '--count', '9', '--out', out],
    config: { t: 1 }, generators: { uisynth: '0.0.0-test', captcha: 'test', 'captcha.source': 'aaaa' }, chromium: null, concurrency: 1, force: false,
    produce: (i) => fakeSample(5, i), ...over,
  };
}

describe('run loop lookahead', () => {
  it('writes the same bytes as a run without lookahead, with at most concurrency + lookahead samples in flight', async () => {
    const plain = producer(1, 5);
    const ahead = producer(1, 5);
    const a = join(base, 'plain');
    const b = join(base, 'ahead');
    await runShards(opts(a, { produce: plain.produce }));
    await runShards(opts(b, { produce: ahead.produce, lookahead: 1 }));
    expect(treeHashes(b)).toEqual(treeHashes(a));
    expect(Object.keys(treeHashes(a)).filter((f) => f.endsWith('.png'))).toHaveLength(9);
    expect(plain.stats.maxInFlight).toBe(1);
    expect(ahead.stats.maxInFlight).toBe(2);
    expect(ahead.stats.maxInBrowser).toBe(1);
  });
});
