import { describe, expect, it, beforeAll } from 'vitest';
import { mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runShards, type RunOptions } from '../dataset/write.js';
import { fakeSample } from './dataset-fixtures.js';
import { planShards, shardFromEnv } from '../dataset/shards.js';
import { validateDataset } from '../dataset/validate.js';
import { SampleError, UsageError } from '../core/errors.js';
import { scoreDataset } from '../dataset/score.js';

let base: string;
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'uisynth-export-'));
});

function opts(out: string, over: Partial<RunOptions> = {}): RunOptions {
  return {
    kind: 'captcha', out, count: 10, seed: 3, shardSize: 4, shardIndex: 0, shardCount: 1, command: ['captcha'], config: { t: 1 },
    generators: { uisynth: '0.0.0-test', captcha: 'test' }, chromium: null, concurrency: 3, force: false,
    produce: (i) => fakeSample(3, i), ...over,
  };
}

describe('shard plan', () => {
  it('covers contiguous ranges; slices partition the shards', () => {
    expect(planShards(10, 4, 0, 1)).toEqual([{ shard: 0, start: 0, end: 4 }, { shard: 1, start: 4, end: 8 }, { shard: 2, start: 8, end: 10 }]);
    expect(planShards(10, 4, 1, 2)).toEqual([{ shard: 1, start: 4, end: 8 }]);
    expect(() => planShards(10, 4, 2, 2)).toThrow(/--shard-index/);
    expect(() => planShards(0, 4, 0, 1)).toThrow(UsageError);
  });
  it('reads scheduler indices from the environment', () => {
    expect(shardFromEnv({ JOB_COMPLETION_INDEX: '3' })).toEqual({ index: 3, count: undefined, source: 'JOB_COMPLETION_INDEX' });
    expect(shardFromEnv({ SLURM_ARRAY_TASK_ID: '1', SLURM_ARRAY_TASK_COUNT: '4' })).toMatchObject({ index: 1, count: 4 });
    // 1-based Slurm arrays (--array=1-4): the index is relative to SLURM_ARRAY_TASK_MIN
    expect(shardFromEnv({ SLURM_ARRAY_TASK_ID: '4', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_COUNT: '4' })).toMatchObject({ index: 3, count: 4 });
    expect(() => shardFromEnv({ SLURM_ARRAY_TASK_ID: 'abc' })).toThrow(/SLURM_ARRAY_TASK_ID: expected a non-negative integer/);
    expect(shardFromEnv({})).toEqual({});
  });
});

describe('shard writer', () => {
  it('writes shards + manifest that validate; same seed gives byte-identical JSONL', async () => {
    const a = join(base, 'a');
    const b = join(base, 'b');
    const ra = await runShards(opts(a));
    await runShards(opts(b, { concurrency: 1 }));
    expect(ra.records).toBe(10);
    expect(ra.manifest.shards.map((s) => [s.file, s.records])).toEqual([['shard-00000.jsonl', 4], ['shard-00001.jsonl', 4], ['shard-00002.jsonl', 2]]);
    for (const f of ['shard-00000.jsonl', 'shard-00001.jsonl', 'shard-00002.jsonl', 'manifest.json'])
      expect(await readFile(join(a, f), 'utf8')).toBe(await readFile(join(b, f), 'utf8'));
    const rep = await validateDataset(a);
    expect(rep.errors).toEqual([]);
    expect(rep.records).toBe(10);
    expect((await readdir(a)).some((f) => f.endsWith('.partial'))).toBe(false);
  });

  it('two slices into one directory equal one full run', async () => {
    const full = join(base, 'a');
    const split = join(base, 'split');
    await runShards(opts(split, { shardIndex: 1, shardCount: 2 }));
    await runShards(opts(split, { shardIndex: 0, shardCount: 2 }));
    for (const f of ['shard-00000.jsonl', 'shard-00001.jsonl', 'shard-00002.jsonl'])
      expect(await readFile(join(split, f), 'utf8')).toBe(await readFile(join(full, f), 'utf8'));
    const m = JSON.parse(await readFile(join(split, 'manifest.json'), 'utf8'));
    expect(m.records).toBe(10);
  });

  it('resumes: complete shards are skipped, a tampered one is rebuilt', async () => {
    const d = join(base, 'resume');
    await runShards(opts(d));
    await writeFile(join(d, 'shard-00001.jsonl'), 'garbage\n');
    let calls = 0;
    const r = await runShards(opts(d, { produce: (i) => (calls++, fakeSample(3, i)) }));
    expect(r.skipped).toEqual([0, 2]);
    expect(r.written).toEqual([1]);
    expect(calls).toBe(4);
    expect((await validateDataset(d)).errors).toEqual([]);
  });

  it('a failing sample is retried once, then skipped with its reason; the run goes on', async () => {
    const d = join(base, 'fail');
    const tries = new Map<number, number>();
    const r = await runShards(
      opts(d, {
        produce: async (i) => {
          tries.set(i, (tries.get(i) ?? 0) + 1);
          if (i === 5) throw new SampleError('no unique answer', 'unsolvable');
          if (i === 6 && tries.get(i) === 1) throw new Error('browser crashed');
          return fakeSample(3, i);
        },
      }),
    );
    expect(r.records).toBe(9);
    expect(r.rejects).toEqual({ unsolvable: 1 });
    expect(tries.get(5)).toBe(2);
    const rej = (await readFile(join(d, 'shard-00001.rejects.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    expect(rej).toEqual([{ index: 5, reason: 'unsolvable', message: 'no unique answer' }]);
  });

  it('validate finds a changed image, a bad box and a wrong gold answer', async () => {
    const d = join(base, 'tamper');
    await runShards(opts(d, { count: 4 }));
    const jsonl = join(d, 'shard-00000.jsonl');
    const lines = (await readFile(jsonl, 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    lines[1].verifier.boxes[0] = [0, 0, 2, 2]; // gold click no longer inside
    lines[2].verifier.boxes[0] = [60, 40, 70, 50]; // outside the 64x48 image
    await writeFile(jsonl, lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    await writeFile(join(d, lines[3].image.path), Buffer.from('not a png'));
    const rep = await validateDataset(d);
    const txt = rep.errors.join('\n');
    expect(txt).toMatch(/sha256 does not match manifest/);
    expect(txt).toMatch(/shard-00000.jsonl:2: gold solution does not score 1/);
    expect(txt).toMatch(/shard-00000.jsonl:3: verifier box \[60,40,70,50\] outside image/);
    expect(txt).toMatch(/shard-00000.jsonl:4: image sha256 mismatch/);
  });

  it('refuses to mix kinds in one directory', async () => {
    const d = join(base, 'a');
    await expect(runShards(opts(d, { kind: 'grounding' }))).rejects.toThrow(/already holds a captcha dataset/);
  });
});

describe('score over a dataset', () => {
  it('gold answers pass, shifted and missing ones fail, in every coordinate space', async () => {
    const d = join(base, 'a');
    const recs = (await readFile(join(d, 'shard-00000.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    const pf = join(base, 'preds.jsonl');
    const write = (f: (r: any) => string | null) =>
      writeFile(pf, recs.map((r) => ({ id: r.id, output: f(r) })).filter((p) => p.output !== null).map((p) => JSON.stringify(p)).join('\n'));
    await write((r) => r.solution.text);
    let rep = await scoreDataset(d, pf, 'abs');
    expect(rep.correct).toBe(4);
    expect(rep.items).toBe(10);
    expect(rep.missing).toBe(6);
    await write((r) => `Click(point=(${r.solution.actions_norm1000[0].point.join(', ')}))`);
    expect((await scoreDataset(d, pf, 'norm1000')).correct).toBe(4);
    await write((r) => `Click(point=(${r.solution.actions_norm1[0].point.join(', ')}))`);
    expect((await scoreDataset(d, pf, 'norm1')).correct).toBe(4);
    await write((r) => `Click(point=(${r.verifier.boxes[0][2]}, ${r.verifier.boxes[0][3]}))`); // just outside (exclusive corner)
    rep = await scoreDataset(d, pf, 'abs');
    expect(rep.correct).toBe(0);
    expect(rep.by_type['captcha/fake_square']).toMatchObject({ n: 10, correct: 0, missing: 6 });
  });
  it('bad prediction files are usage errors naming the line', async () => {
    const pf = join(base, 'bad.jsonl');
    await writeFile(pf, '{"id":"x","output":"Click(point=(1,2))"}\n{oops\n');
    await expect(scoreDataset(join(base, 'a'), pf, 'abs')).rejects.toThrow(/bad.jsonl:2: not valid JSON/);
    await expect(scoreDataset(join(base, 'a'), join(base, 'none.jsonl'), 'abs')).rejects.toThrow(/does not exist/);
    await expect(scoreDataset(join(base, 'nodata'), pf, 'abs')).rejects.toThrow(/does not exist/);
  });
});
