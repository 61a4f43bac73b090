/**
 * The dataset layer keeps datasets whole and of one config: validate's completeness checks, resume repairing
 * images, exports refusing corrupt images, merge, generator fingerprints, refusals naming the field, bugs
 * failing loudly. In-process with a tiny fake sample (test/dataset-fixtures.ts), so it runs in seconds.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { mkdtemp, readFile, writeFile, rm, mkdir, cp } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runShards, contentCommand, type RunOptions } from '../dataset/write.js';
import { validateDataset } from '../dataset/validate.js';
import { mergeDatasets } from '../dataset/merge.js';
import { sourceFingerprint } from '../dataset/fingerprint.js';
import { InternalError } from '../dataset/faults.js';
import { runExport } from '../export/formats/index.js';
import { fakeSample, treeHashes } from './dataset-fixtures.js';

let base: string;
beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'uisynth-integrity-'));
});

function opts(out: string, over: Partial<RunOptions> = {}): RunOptions {
  const seed = over.seed ?? 3;
  return {
    kind: 'captcha', out, count: 10, seed, shardSize: 4, shardIndex: 0, shardCount: 1, command: ['captcha', '--count', '10', '--out', out],
    config: { t: 1 }, generators: { uisynth: '0.0.0-test', captcha: 'test', 'captcha.source': 'aaaa' }, chromium: null, concurrency: 3, force: false,
    produce: (i) => fakeSample(seed, i), ...over,
  };
}
const errorsOf = async (d: string, complete = false): Promise<string> => (await validateDataset(d, 200, { complete })).errors.join('\n');

describe('validate means it', () => {
  it('a complete run validates; a missing shard, a shard missing from the manifest and a 0-byte PNG do not', async () => {
    const d = join(base, 'v');
    await runShards(opts(d));
    expect(await errorsOf(d)).toBe('');
    await rm(join(d, 'shard-00001.jsonl'));
    expect(await errorsOf(d)).toMatch(/shard-00001.jsonl: missing/);
    await runShards(opts(d)); // resume rebuilds it
    expect(await errorsOf(d)).toBe('');
    // a manifest that lists only some shards (e.g. copied together by hand) is incomplete
    const m = JSON.parse(await readFile(join(d, 'manifest.json'), 'utf8'));
    const dropped = { ...m, shards: m.shards.slice(0, 2), records: 8 };
    await writeFile(join(d, 'manifest.json'), JSON.stringify(dropped));
    expect(await errorsOf(d)).toMatch(/shard-00002.jsonl: missing \(shard 2, indices 8-9, of 10 records in 3 shards\)/);
    await writeFile(join(d, 'manifest.json'), JSON.stringify(m, null, 2) + '\n');
    const first = JSON.parse((await readFile(join(d, 'shard-00000.jsonl'), 'utf8')).split('\n')[0]!);
    await writeFile(join(d, first.image.path), Buffer.alloc(0));
    expect(await errorsOf(d)).toMatch(/shard-00000.jsonl:1: image sha256 mismatch/);
  });

  it('records of another seed mixed into a shard are named, even when the hashes were fixed up', async () => {
    const a = join(base, 'seed-a');
    const b = join(base, 'seed-b');
    await runShards(opts(a));
    await runShards(opts(b, { seed: 4 }));
    const shard = join(a, 'shard-00000.jsonl');
    const lines = (await readFile(shard, 'utf8')).trim().split('\n');
    const foreign = JSON.parse((await readFile(join(b, 'shard-00000.jsonl'), 'utf8')).split('\n')[1]!);
    await cp(join(b, foreign.image.path), join(a, foreign.image.path));
    lines[1] = JSON.stringify(foreign);
    const body = lines.join('\n') + '\n';
    await writeFile(shard, body);
    const { createHash } = await import('node:crypto');
    const sha = createHash('sha256').update(body).digest('hex');
    const m = JSON.parse(await readFile(join(a, 'manifest.json'), 'utf8'));
    m.shards[0].sha256 = sha;
    await writeFile(join(a, 'manifest.json'), JSON.stringify(m));
    const meta = JSON.parse(await readFile(join(a, 'shard-00000.meta.json'), 'utf8'));
    await writeFile(join(a, 'shard-00000.meta.json'), JSON.stringify({ ...meta, sha256: sha }));
    const errs = await errorsOf(a);
    expect(errs).toMatch(/shard-00000.jsonl:2: seed 4, the manifest's seed is 3 \(records of another run mixed in\)/);
  });

  it('a slice validates as a slice; --complete demands the whole dataset', async () => {
    const d = join(base, 'slice');
    await runShards(opts(d, { shardIndex: 1, shardCount: 2 }));
    const r = await validateDataset(d);
    expect(r.errors).toEqual([]);
    expect([r.slice, r.expected]).toEqual([[1, 2], 1]);
    expect(await errorsOf(d, true)).toMatch(/holds slice 1 of 2 only/);
  });
});

describe('resume repairs, exports refuse', () => {
  it('a 0-byte or truncated image makes its shard rebuild on resume, byte-identical', async () => {
    const d = join(base, 'repair');
    await runShards(opts(d));
    const before = treeHashes(d);
    const recs = (await readFile(join(d, 'shard-00002.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    const png = await readFile(join(d, recs[0].image.path));
    await writeFile(join(d, recs[0].image.path), png.subarray(0, png.length >> 1));
    const recs0 = (await readFile(join(d, 'shard-00000.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    await rm(join(d, recs0[3].image.path));
    const r = await runShards(opts(d));
    expect([r.written, r.skipped]).toEqual([[0, 2], [1]]);
    expect(treeHashes(d)).toEqual(before);
  });

  it('every CAPTCHA-capable export refuses a 0-byte image and an edited shard', async () => {
    const d = join(base, 'exp');
    await runShards(opts(d, { count: 4 }));
    const rec = JSON.parse((await readFile(join(d, 'shard-00000.jsonl'), 'utf8')).split('\n')[2]!);
    const good = await readFile(join(d, rec.image.path));
    await writeFile(join(d, rec.image.path), Buffer.alloc(0));
    for (const to of ['llamafactory', 'swift', 'hf-imagefolder', 'trl', 'verl', 'webdataset'])
      await expect(runExport({ dataDir: d, to, out: join(base, `exp-${to}`) })).rejects.toThrow(/image images\/shard-00000\/.*\.png does not match its (record's )?sha256/);
    await writeFile(join(d, rec.image.path), good);
    await writeFile(join(d, 'shard-00000.jsonl'), (await readFile(join(d, 'shard-00000.jsonl'), 'utf8')) + '\n\n');
    await expect(runExport({ dataDir: d, to: 'llamafactory', out: join(base, 'exp-edited') })).rejects.toThrow(/shard-00000.jsonl does not match the manifest's sha256/);
  });
});

describe('merge', () => {
  it('three slice directories merge into a dataset byte-identical to a one-process run', async () => {
    const one = join(base, 'one');
    await runShards(opts(one, { count: 22, command: ['captcha', '--count', '22', '--out', one] }));
    const parts = [0, 1, 2].map((i) => join(base, `part${i}`));
    for (const [i, p] of parts.entries())
      await runShards(opts(p, { count: 22, shardIndex: i, shardCount: 3, command: ['captcha', '--count', '22', '--out', p, '--shard-index', String(i), '--shard-count', '3', '--quiet'] }));
    const merged = join(base, 'merged');
    const r = await mergeDatasets(parts, merged);
    expect([r.shards, r.records, r.missing]).toEqual([6, 22, []]);
    expect(treeHashes(merged)).toEqual(treeHashes(one));
    expect(await errorsOf(merged, true)).toBe('');
  });

  it('refuses other seeds, overlapping shards, a tampered shard; a partial merge names the missing shards', async () => {
    const p0 = join(base, 'part0');
    const other = join(base, 'other-seed');
    await runShards(opts(other, { count: 22, seed: 9, shardIndex: 1, shardCount: 3 }));
    await expect(mergeDatasets([p0, other], join(base, 'm1'))).rejects.toThrow(/merge: seed differs: .*part0 has 3, .*other-seed has 9/);
    await expect(mergeDatasets([p0, p0], join(base, 'm2'))).rejects.toThrow(/shard-00000.jsonl is in both/);
    // a config difference names the field a person changed, not the hash of all of them
    const otherCfg = join(base, 'other-config');
    await runShards(opts(otherCfg, { count: 22, shardIndex: 1, shardCount: 3, config: { t: 2 } }));
    await expect(mergeDatasets([p0, otherCfg], join(base, 'm-cfg'))).rejects.toThrow(/merge: config\.t differs: .*part0 has 1, .*other-config has 2/);
    const t = join(base, 'tampered');
    await cp(join(base, 'part1'), t, { recursive: true });
    await writeFile(join(t, 'shard-00001.jsonl'), 'x\n');
    await expect(mergeDatasets([p0, t], join(base, 'm3'))).rejects.toThrow(/tampered\/shard-00001.jsonl does not match its manifest's sha256/);
    expect(existsSync(join(base, 'm3', 'manifest.json'))).toBe(false);
    const r = await mergeDatasets([p0], join(base, 'm4'));
    expect(r.missing).toEqual([1, 2, 4, 5]);
    expect(await errorsOf(join(base, 'm4'))).toMatch(/shard-00001.jsonl: missing/);
  });

  it('the manifest command keeps what defines content and drops where and how it ran', () => {
    expect(contentCommand(['captcha', '--count', '9', '--out', 'x', '--shard-index=1', '--shard-count', '3', '--quiet', '--force', '--concurrency', '2', '--seed', '4']))
      .toEqual(['captcha', '--count', '9', '--seed', '4']);
  });
});

describe('one config per directory', () => {
  it('a generator code change rebuilds every shard; another seed or a lower count is refused naming the field', async () => {
    const d = join(base, 'fp');
    await runShards(opts(d));
    const notes: string[] = [];
    const r = await runShards(opts(d, { generators: { uisynth: '0.0.0-test', captcha: 'test', 'captcha.source': 'bbbb' }, onNote: (l) => notes.push(l) }));
    expect(r.written).toEqual([0, 1, 2]);
    expect(notes.join()).toMatch(/generator code changed .*generators.captcha.source: "aaaa" in the directory, "bbbb" in this run/);
    const cur = { generators: { uisynth: '0.0.0-test', captcha: 'test', 'captcha.source': 'bbbb' } };
    await expect(runShards(opts(d, { ...cur, seed: 4 }))).rejects.toThrow(/holds a different dataset \(seed: 3 in the directory, 4 in this run\)/);
    await expect(runShards(opts(d, { ...cur, config: { t: 2 } }))).rejects.toThrow(/\(config.t: 1 in the directory, 2 in this run\)/);
    await expect(runShards(opts(d, { ...cur, count: 6 }))).rejects.toThrow(/count 10, this run asks for 6/);
  });

  it('the source fingerprint changes with any file of the generator', async () => {
    const root = join(base, 'src');
    await mkdir(join(root, 'generators', 'captcha'), { recursive: true });
    await writeFile(join(root, 'generators', 'captcha', 'a.ts'), 'export const a = 1;\n');
    const f1 = sourceFingerprint(['generators/captcha'], root);
    await writeFile(join(root, 'generators', 'captcha', 'a.ts'), 'export const a = 2;\n');
    const f2 = sourceFingerprint(['generators/captcha'], root);
    await writeFile(join(root, 'generators', 'captcha', 'b.ts'), '');
    const f3 = sourceFingerprint(['generators/captcha'], root);
    expect(new Set([f1, f2, f3]).size).toBe(3);
    expect(sourceFingerprint(['generators/captcha'], root)).toBe(f3);
  });

  it('a bug in a generator stops the run with its stack trace in the log; the shard stays unsealed', async () => {
    const d = join(base, 'bug');
    const p = runShards(opts(d, { produce: async (i) => (i === 5 ? (null as unknown as { x: number }).x : 0, fakeSample(3, i)) as never }));
    const e = (await p.catch((x) => x)) as InternalError;
    expect(e).toBeInstanceOf(InternalError);
    expect(e.message).toMatch(/internal error \(a bug in uisynth\) producing sample 5: Cannot read properties of null/);
    expect(await readFile(e.log, 'utf8')).toMatch(/TypeError: Cannot read properties of null[\s\S]*dataset-integrity.test.ts/);
    expect(existsSync(join(d, 'shard-00000.meta.json'))).toBe(true);
    expect(existsSync(join(d, 'shard-00001.meta.json'))).toBe(false);
    expect(existsSync(join(d, 'shard-00001.jsonl.partial'))).toBe(false);
    expect(await errorsOf(d)).toMatch(/shard-00001.jsonl: missing/);
  });
});
