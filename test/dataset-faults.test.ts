/**
 * Environment faults through the real CLI: a disk that fills mid-run (a small tmpfs), a read-only file
 * system, two runs on one --out, kill -9 at 10 seeded random points, a scheduler index without a task count.
 * Each ends in one line and a dataset byte-identical to an uninterrupted run once the cause is gone.
 * Needs root for `mount -t tmpfs` (skipped with the reason printed otherwise). No wall-clock limits: the
 * waits poll for files, and the per-test timeouts only guard against hangs.
 */
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { treeHashes } from './dataset-fixtures.js';
import { Rng } from '../core/rng.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'uisynth.js');
const ARGS = ['captcha', '--count', '24', '--shard-size', '8', '--seed', '7', '--quiet'];
const HANG = 900_000;
function run(env: NodeJS.ProcessEnv, ...args: string[]): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}
const start = (...args: string[]): ChildProcess => spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
const exited = (p: ChildProcess): Promise<number | null> =>
  p.exitCode !== null || p.signalCode !== null ? Promise.resolve(p.exitCode) : new Promise((r) => p.once('exit', (c) => r(c)));
/** Poll (25 ms) until `cond` holds or `p` has exited; true when `cond` held. */
async function until(p: ChildProcess, cond: () => boolean): Promise<boolean> {
  while (p.exitCode === null && p.signalCode === null) {
    if (cond()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return cond();
}
/** One line on stderr, no stack trace. */
/** stderr holds exactly one line besides progress lines (`export reading records: 3/24 ...`, printed also off a TTY). */
function oneLine(err: string): void {
  expect(err).not.toMatch(/\n\s+at /);
  const lines = err.trim().split('\n').filter((l) => !/^[a-z][\w -]*: \d+\/\d+\b/.test(l));
  expect(lines, err).toHaveLength(1);
}
const files = (d: string): string[] => {
  const out: string[] = [];
  const walk = (x: string): void => {
    if (!existsSync(x)) return;
    for (const e of readdirSync(x, { withFileTypes: true })) if (e.name !== '.uisynth') (e.isDirectory() ? walk(join(x, e.name)) : out.push(join(x, e.name)));
  };
  walk(d);
  return out;
};

const isRoot = process.getuid?.() === 0;
let dir: string;
let ref: Record<string, string>;
const mounts: string[] = [];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'uisynth-faults-'));
  const r = run({}, ...ARGS, '--out', join(dir, 'ref'));
  expect(r.code, r.err).toBe(0);
  ref = treeHashes(join(dir, 'ref'));
}, HANG);
afterAll(() => {
  for (const m of mounts) spawnSync('umount', [m]);
});
/**
 * The reference run cut into 3 slices the way a Kubernetes Indexed Job makes them (JOB_COMPLETION_INDEX,
 * `--shard-count 3`, `--out .../slice-{shard_index}`; tasks in the order 2, 0, 1), made once for the tests
 * that merge slices; their directories.
 */
let k8sSlices: string[] | undefined;
function sliceDirs(): string[] {
  if (k8sSlices) return k8sSlices;
  const base = join(dir, 'k8s');
  for (const i of [2, 0, 1]) {
    const r = run({ JOB_COMPLETION_INDEX: String(i) }, ...ARGS, '--shard-count', '3', '--out', join(base, 'slice-{shard_index}'));
    expect(r.code, r.err).toBe(0);
  }
  return (k8sSlices = [0, 1, 2].map((i) => join(base, `slice-${i}`)));
}
/** Bytes a file takes on a tmpfs (whole 4 KiB pages). */
const pages = (f: string): number => Math.ceil(statSync(f).size / 4096) * 4096;
/** Mount a tmpfs with mount(8) `options` at DIR/name (unmounted after the file's tests); its path. */
function tmpfs(name: string, options: string): string {
  const mnt = join(dir, name);
  mkdirSync(mnt);
  const m = spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', mnt], { encoding: 'utf8' });
  expect(m.status, m.stderr).toBe(0);
  mounts.push(mnt);
  return mnt;
}

describe.skipIf(!isRoot)('a disk that fills or refuses writes (tmpfs; needs root)', () => {
  if (!isRoot) console.log('dataset-faults: skipping the tmpfs tests: mounting a tmpfs needs root');
  it('disk full mid-run: exit 3 with one line, no truncated file, the shard unsealed, validate fails; a rerun on a larger disk is byte-identical', () => {
    const refDir = join(dir, 'ref');
    // room for shard 0 and about half of shard 1 (tmpfs allocates whole 4 KiB pages)
    const inShard = (s: number): string[] => files(join(refDir, 'images', `shard-0000${s}`));
    const shard0 = [...inShard(0), join(refDir, 'shard-00000.jsonl'), join(refDir, 'shard-00000.meta.json')].reduce((a, f) => a + pages(f), 0);
    const half1 = inShard(1).slice(0, 4).reduce((a, f) => a + pages(f), 0);
    const size = shard0 + 2 * pages(join(refDir, 'manifest.json')) + half1;
    const out = join(tmpfs('small', `size=${size}`), 'ds');
    const r = run({}, ...ARGS, '--out', out);
    expect(r.code, r.err).toBe(3);
    oneLine(r.err);
    expect(r.err).toMatch(/^uisynth: no space left on the device \(ENOSPC\) writing .*: free some space or choose another --out, then rerun the same command \(complete shards are kept\)$/m);
    const left = files(out);
    expect(left.filter((f) => f.endsWith('.partial'))).toEqual([]);
    // every image that has its final name is whole: byte-identical to the uninterrupted run
    for (const f of left.filter((f) => f.endsWith('.png'))) expect(treeHashes(out)[f.slice(out.length + 1)]).toBe(ref[f.slice(out.length + 1)]);
    expect(existsSync(join(out, 'shard-00000.meta.json'))).toBe(true);
    expect(existsSync(join(out, 'shard-00002.meta.json'))).toBe(false);
    const v = run({}, 'validate', out);
    expect(v.code).toBe(4);
    expect(v.out).toMatch(/shard-0000[12].jsonl: missing/);
    const big = join(dir, 'moved');
    cpSync(out, big, { recursive: true });
    const again = run({}, ...ARGS, '--out', big);
    expect(again.code, again.err).toBe(0);
    expect(treeHashes(big)).toEqual(ref);
  }, HANG);

  it('merge onto a disk that fills: one line naming the file it was writing (not the intact source), exit 3; the same merge after the disk grows is byte-identical', () => {
    const slices = sliceDirs();
    // room for about one of the three shards
    const size = files(join(dir, 'ref', 'images', 'shard-00000')).reduce((a, f) => a + pages(f), 0);
    const mnt = tmpfs('small-merge', `size=${size}`);
    const out = join(mnt, 'merged');
    const r = run({}, 'merge', ...slices, '--out', out);
    expect(r.code, r.err).toBe(3);
    oneLine(r.err);
    expect(r.err).toMatch(new RegExp(`^uisynth: no space left on the device \\(ENOSPC\\) writing ${out}/\\S+: free some space`));
    expect(files(out).filter((f) => f.endsWith('.partial'))).toEqual([]);
    expect(spawnSync('mount', ['-o', 'remount,size=64m', mnt], { encoding: 'utf8' }).status).toBe(0);
    const again = run({}, 'merge', ...slices, '--out', out);
    expect(again.code, again.err).toBe(0);
    expect(treeHashes(out)).toEqual(ref);
  }, HANG);

  it('a read-only file system: exit 3, one line naming EROFS', () => {
    const mnt = tmpfs('ro', 'ro,size=64k');
    const r = run({}, ...ARGS, '--out', join(mnt, 'ds'));
    expect(r.code, r.err).toBe(3);
    oneLine(r.err);
    expect(r.err).toMatch(/read-only file system \(EROFS\) creating .*ro\/ds: choose a directory on a writable file system/);
  }, HANG);

  it('a dataset on a read-only file system: validate reads it; stats and export say EROFS in one line (exit 3)', () => {
    const mnt = tmpfs('ro-data', 'size=8m');
    cpSync(join(dir, 'ref'), join(mnt, 'ds'), { recursive: true });
    expect(spawnSync('mount', ['-o', 'remount,ro', mnt]).status).toBe(0);
    expect(run({}, 'validate', join(mnt, 'ds')).code).toBe(0);
    const st = run({}, 'stats', join(mnt, 'ds'));
    expect(st.code, st.err).toBe(3);
    oneLine(st.err);
    expect(st.err).toMatch(/read-only file system \(EROFS\) at .*ro-data\/ds\/stats.json: choose a directory on a writable file system/);
    const ex = run({}, 'export', join(mnt, 'ds'), '--to', 'llamafactory', '--out', join(mnt, 'lf'));
    expect(ex.code, ex.err).toBe(3);
    oneLine(ex.err);
    expect(ex.err).toMatch(/EROFS/);
  }, HANG);
});

describe('one writer per directory', () => {
  it('a second run on the same --out is refused with one line; the first completes intact', async () => {
    const out = join(dir, 'locked');
    const a = start(...ARGS, '--out', out);
    const owner = join(out, '.uisynth', 'locks', 'slice-00000-of-00001.owner.json');
    // freeze the first run the moment its lock appears, so that it still holds the lock however fast the
    // machine finishes 24 records (the CI run of stop 21 saw it finish before the second run started)
    expect(await until(a, () => existsSync(owner) && a.kill('SIGSTOP'))).toBe(true);
    expect(existsSync(owner)).toBe(true);
    const b = run({}, ...ARGS, '--out', out);
    a.kill('SIGCONT');
    expect(b.code, b.err).toBe(2);
    oneLine(b.err);
    expect(b.err).toMatch(new RegExp(`is locked by process ${a.pid} on .* \\(writing slice 0/1\\); wait for it to finish, or choose another --out`));
    expect(await exited(a)).toBe(0);
    expect(treeHashes(out)).toEqual(ref);
  }, HANG);

  it('kill -9 at 10 seeded random points, each followed by a rerun: no stuck lock, the end result is byte-identical', async () => {
    const out = join(dir, 'killed');
    // a dataset of 121 files (96 images, 12 shards, 12 sidecars, the manifest): between the poll that sees
    // the kill point and the kill a fast machine writes a few more files, and 10 runs must not finish it
    const KILL_ARGS = ['captcha', '--count', '96', '--shard-size', '8', '--seed', '7', '--quiet'];
    const whole = run({}, ...KILL_ARGS, '--out', join(dir, 'killed-ref'));
    expect(whole.code, whole.err).toBe(0);
    const refKilled = treeHashes(join(dir, 'killed-ref'));
    let kills = 0;
    // kill points from a seeded generator (the same 10 every run): after k more files appeared (images,
    // shards, sidecars, manifest) than the run started with
    const rng = new Rng('dataset-faults/kill-points');
    for (const k of Array.from({ length: 10 }, () => rng.int(1, 3))) {
      const base = files(out).length;
      const p = start(...KILL_ARGS, '--out', out);
      const hit = await until(p, () => files(out).length >= base + k);
      if (!hit) break; // the run finished before the kill point
      p.kill('SIGKILL');
      await exited(p);
      kills++;
    }
    expect(kills).toBe(10);
    const r = run({}, ...KILL_ARGS, '--out', out);
    expect(r.code, r.err).toBe(0);
    expect(treeHashes(out)).toEqual(refKilled);
    expect(run({}, 'validate', out).code).toBe(0);
  }, HANG);
});

describe('too many open files', () => {
  it('ulimit -n 20: exit 3 with one line saying to raise the limit', () => {
    const r = spawnSync('bash', ['-c', `ulimit -n 20 && exec "${process.execPath}" "${BIN}" ${ARGS.join(' ')} --out "${join(dir, 'emfile')}"`], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(3);
    oneLine(r.stderr);
    expect(r.stderr).toMatch(/too many open files \(EMFILE\).*raise the limit \(ulimit -n \d+\)/);
  }, HANG);
});

describe('scheduler indices', () => {
  it('the Kubernetes Indexed Job path (JOB_COMPLETION_INDEX, --shard-count, --out .../slice-{shard_index}) + merge equals one process', () => {
    const job = parseAllDocuments(readFileSync(join(import.meta.dirname, '..', 'docs', 'deploy', 'kubernetes', 'indexed-job.yaml'), 'utf8'))[0]!.toJS();
    const args: string[] = job.spec.template.spec.containers[0].args;
    expect(args[args.indexOf('--shard-count') + 1]).toBe(String(job.spec.completions));
    expect(args[args.indexOf('--out') + 1]).toMatch(/\/slice-\{shard_index\}$/);
    // the slices (made once, also merged onto a full disk above): the job's env-var path
    const m = run({}, 'merge', ...sliceDirs(), '--out', join(dir, 'k8s-merged'));
    expect(m.code, m.err).toBe(0);
    expect(treeHashes(join(dir, 'k8s-merged'))).toEqual(ref);
  }, HANG);

  it('--shard-count without an index, or --shard-index without a count, is refused (every machine would make slice 0)', () => {
    const a = run({}, ...ARGS, '--shard-count', '3', '--out', join(dir, 'noidx'));
    expect(a.code).toBe(2);
    oneLine(a.err);
    expect(a.err).toMatch(/--shard-index: --shard-count 3 splits the run into 3 slices, but which one this process makes is not given; pass --shard-index I \(0 to 2\)/);
    const b = run({}, ...ARGS, '--shard-index', '1', '--out', join(dir, 'nocount'));
    expect(b.code).toBe(2);
    oneLine(b.err);
    expect(b.err).toMatch(/--shard-index 1 needs --shard-count K/);
    expect(existsSync(join(dir, 'noidx')) || existsSync(join(dir, 'nocount'))).toBe(false);
  });

  it('JOB_COMPLETION_INDEX without a task count is refused (pod 0 would otherwise do the whole job)', () => {
    const r = run({ JOB_COMPLETION_INDEX: '1' }, ...ARGS, '--out', join(dir, 'env'));
    expect(r.code).toBe(2);
    oneLine(r.err);
    expect(r.err).toMatch(/--shard-count: JOB_COMPLETION_INDEX=1 sets the shard index, but the number of tasks is unknown; pass --shard-count K/);
  });

  it('more tasks than shards is refused on every task, with the largest --shard-size that works (README example with a small --count)', () => {
    // 24 records at the default 1000 per shard: one shard for 3 tasks; tasks 1 and 2 used to say "nothing to do"
    const base = ARGS.filter((_, i) => i < 3 || i > 4); // without --shard-size 8
    for (const i of ['0', '2']) {
      const r = run({}, ...base, '--shard-count', '3', '--shard-index', i, '--out', join(dir, `few-${i}`));
      expect(r.code).toBe(2);
      oneLine(r.err);
      expect(r.err).toMatch(/--shard-count: 3 slices need at least 3 shards, but --count 24 at --shard-size 1000 makes 1; pass --shard-size 8 or less, or use at most 1 task\(s\)/);
      expect(existsSync(join(dir, `few-${i}`))).toBe(false);
    }
    // the size it suggests works: 3 shards of 8 (the reference run of this file)
    const r = run({ SLURM_ARRAY_TASK_ID: '2', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_COUNT: '3' }, ...base, '--shard-size', '8', '--out', join(dir, 'few-ok'));
    expect(r.code, r.err).toBe(0);
  });
});
