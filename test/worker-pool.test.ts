/**
 * generators/worker-pool.ts through the dataset writer (dataset/write.ts), as `uisynth grounding` uses it
 * (generators/grounding/tasks.ts): a sample-level failure thrown in a worker thread stays a reject with its
 * reason; a bug in a task, or a worker thread that dies mid-task, stops the run as a bug with the worker's
 * stack trace in `OUT/.uisynth/error.log` and never becomes a rejected sample; the pool replaces a dead
 * thread. The grounding scenario task returns the same data in a worker thread as in this one.
 * Browser-free; one worker thread per pool.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runShards, type RunOptions, type SampleOutput } from '../dataset/write.js';
import { InternalError } from '../dataset/faults.js';
import { SampleError } from '../core/errors.js';
import { WorkerExitError, WorkerPool } from '../generators/worker-pool.js';
import { GroundingWorkers, scenario } from '../generators/grounding/tasks.js';
import { fakeSample, treeHashes } from './dataset-fixtures.js';

const TASKS = new URL('./fixtures/workers/tasks.ts', import.meta.url);
let base: string;
let pool: WorkerPool;
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'uisynth-workers-'));
  pool = new WorkerPool(TASKS);
});
afterAll(async () => {
  await pool?.close();
  await rm(base, { recursive: true, force: true });
});

/** Sample `i` computed in the pool's worker thread (a Buffer arrives as a Uint8Array). */
async function inWorker(i: number): Promise<SampleOutput> {
  const s = await pool.run<{ record: SampleOutput['record']; png: Uint8Array }>('sample', [5, i]);
  return { record: s.record, png: Buffer.from(s.png) };
}

function opts(out: string, produce: RunOptions['produce']): RunOptions {
  return {
    kind: 'captcha', out, count: 6, seed: 5, shardSize: 3, shardIndex: 0, shardCount: 1, command: ['captcha', '--count', '6', '--out', out],
    config: { t: 1 }, generators: { uisynth: '0.0.0-test', captcha: 'test', 'captcha.source': 'aaaa' }, chromium: null, concurrency: 1, lookahead: 1, force: false,
    produce,
  };
}

/** Shards sealed (sidecar written) in `dir`. */
const sealed = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.meta.json')).sort();

describe('worker pool under the dataset writer', () => {
  it('samples from a worker thread, with a SampleError thrown there, write the same bytes as in this thread (the failure a reject with its reason)', async () => {
    const here = join(base, 'here');
    const there = join(base, 'there');
    await runShards(opts(here, async (i) => (i === 4 ? Promise.reject(new SampleError(`sample ${i} has no solution`, 'unsolvable')) : fakeSample(5, i))));
    const s = await runShards(opts(there, (i) => (i === 4 ? pool.run('unsolvable', [i]) : inWorker(i))));
    expect(s.rejects).toEqual({ unsolvable: 1 });
    expect(treeHashes(there)).toEqual(treeHashes(here));
    expect(readFileSync(join(there, 'shard-00001.rejects.jsonl'), 'utf8')).toBe('{"index":4,"reason":"unsolvable","message":"sample 4 has no solution"}\n');
  });

  it("a bug in a task stops the run: InternalError, the worker's stack trace in error.log, the shard unsealed, nothing rejected", async () => {
    const out = join(base, 'bug');
    const err = await runShards(opts(out, (i) => (i === 4 ? pool.run('buggy', [[{ cells: [1, 2] }]]) : inWorker(i)))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InternalError);
    expect((err as Error).message).toMatch(/^internal error \(a bug in uisynth\) producing sample 4: Cannot read properties of undefined \(reading 'cells'\); stack trace in /);
    const log = readFileSync((err as InternalError).log, 'utf8');
    // the frame of the task in the worker thread, then where the main thread called it
    expect(log).toMatch(/TypeError: Cannot read properties of undefined \(reading 'cells'\)\n\s+at buggy \(.*test\/fixtures\/workers\/tasks\.ts:\d+:\d+\)/);
    expect(log).toContain('--- in worker thread test/fixtures/workers/tasks.ts, called from:');
    expect(sealed(out)).toEqual(['shard-00000.meta.json']);
    expect(existsSync(join(out, 'shard-00001.rejects.jsonl'))).toBe(false);
  });

  it('a worker thread that dies mid-task fails the call with WorkerExitError; the run stops as a bug (no reject); the next call runs in a new thread', async () => {
    const before = pool.threadIds;
    const died = await pool.run('dies', [7]).catch((e: unknown) => e);
    expect(died).toBeInstanceOf(WorkerExitError);
    expect((died as Error).message).toBe("worker thread running test/fixtures/workers/tasks.ts exited with code 7 during task 'dies'");
    const out = join(base, 'dies');
    const err = await runShards(opts(out, (i) => (i === 1 ? pool.run('dies', [7]) : inWorker(i)))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InternalError);
    expect((err as Error).message).toContain("producing sample 1: worker thread running test/fixtures/workers/tasks.ts exited with code 7 during task 'dies'");
    expect(readFileSync((err as InternalError).log, 'utf8')).toMatch(/WorkerExitError: worker thread running .* exited with code 7/);
    expect(sealed(out)).toEqual([]);
    expect(existsSync(join(out, 'shard-00000.rejects.jsonl'))).toBe(false);
    const again = await inWorker(0);
    expect(again.png.equals((await fakeSample(5, 0)).png)).toBe(true);
    expect(pool.threadIds).toHaveLength(1);
    expect(pool.threadIds[0]).not.toBe(before[0]);
  });

  it('close() while a call runs rejects it with WorkerExitError', async () => {
    const p = new WorkerPool(TASKS);
    const hung = p.run('hangs', []).catch((e: unknown) => e);
    await p.run('sample', [5, 0]); // the thread is up and answering
    await p.close();
    const e = await hung;
    expect(e).toBeInstanceOf(WorkerExitError);
    expect((e as Error).message).toBe("worker thread running test/fixtures/workers/tasks.ts was stopped (pool closed) during task 'hangs'");
    await expect(p.run('sample', [5, 0])).rejects.toThrow("run('sample') after close()");
  });
});

describe('grounding tasks in a worker thread', () => {
  it('the scenario task returns the same data as in this thread', async () => {
    const w = new GroundingWorkers();
    try {
      const cfg = { families: ['web.shop', 'mobile.android.settings'], locales: ['en-US' as const, 'zh-CN' as const], themes: ['light' as const, 'dark' as const] };
      for (const i of [0, 1]) expect(JSON.stringify(await w.run('scenario', [cfg, 3, i]))).toBe(JSON.stringify(scenario(cfg, 3, i)));
    } finally {
      await w.close();
    }
  });
});
