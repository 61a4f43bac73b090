/**
 * A real scheduler: a one-node Slurm (Debian slurm-wlm + munge, installed and started by
 * scripts/slurm-local.mjs) runs docs/deploy/slurm/uisynth-array.sbatch as `sbatch --array=0-2`; the three
 * slice directories are merged, and the result must equal a one-process run byte for byte (manifest included).
 * Skipped, with the reason printed, only where Slurm cannot be installed (no apt-get, or not root).
 */
import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error: a plain .mjs script without type declarations
import { ensureSlurm, startSlurm, stopSlurm } from '../scripts/slurm-local.mjs';
import { treeHashes } from './dataset-fixtures.js';

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'uisynth.js');
const SBATCH = join(ROOT, 'docs', 'deploy', 'slurm', 'uisynth-array.sbatch');
const GEN = ['captcha', '--count', '18', '--shard-size', '3', '--seed', '21'];
const HANG = 900_000;

const avail: { ok: boolean; reason?: string } = ensureSlurm();
if (!avail.ok) console.log(`slurm.test: skipped: ${avail.reason}`);
let dir: string;
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  if (!avail.ok) return;
  dir = mkdtempSync(join(tmpdir(), 'uisynth-slurm-'));
  env = await startSlurm(join(dir, 'slurm'));
}, HANG);
afterAll(() => {
  if (dir) stopSlurm(join(dir, 'slurm'));
});

describe.skipIf(!avail.ok)('Slurm job array (one node)', () => {
  it('sbatch --array=0-2 + merge equals a one-process run byte for byte', () => {
    const one = join(dir, 'one');
    const r1 = spawnSync(process.execPath, [BIN, ...GEN, '--quiet', '--out', one], { encoding: 'utf8' });
    expect(r1.status, r1.stderr).toBe(0);
    const base = join(dir, 'ds');
    const sb = spawnSync(
      'sbatch',
      ['--wait', '--array=0-2', `--chdir=${dir}`, `--export=ALL,UISYNTH=${process.execPath} ${BIN},UISYNTH_OUT=${base},UISYNTH_ARGS=${GEN.join(' ')}`, SBATCH],
      { encoding: 'utf8', env },
    );
    const logs = () => spawnSync('sh', ['-c', `tail -n 3 ${dir}/uisynth-*.err ${dir}/slurm/log/slurmd.log`], { encoding: 'utf8' }).stdout;
    expect(sb.status, `${sb.stdout}${sb.stderr}${logs()}`).toBe(0);
    const slices = [0, 1, 2].map((i) => join(base, `slice-${i}`));
    for (const [i, s] of slices.entries()) {
      // each task took its slice from Slurm's environment (no --shard-index on the command line)
      const m = JSON.parse(readFileSync(join(s, 'manifest.json'), 'utf8'));
      expect([m.shard_index, m.shard_count, m.shards.map((x: { file: string }) => x.file)]).toEqual([i, 3, [`shard-0000${i}.jsonl`, `shard-0000${i + 3}.jsonl`]]);
      expect(existsSync(join(s, '.uisynth', 'completions', `slice-0000${i}-of-00003.json`))).toBe(true);
    }
    const merged = join(dir, 'merged');
    const mg = spawnSync(process.execPath, [BIN, 'merge', ...slices, '--out', merged], { encoding: 'utf8' });
    expect(mg.status, mg.stderr).toBe(0);
    expect(mg.stdout).toMatch(/merge: 6 shard\(s\), \d+ records, \d+ images from 3 directories/);
    expect(treeHashes(merged)).toEqual(treeHashes(one));
    const v = spawnSync(process.execPath, [BIN, 'validate', '--complete', merged], { encoding: 'utf8' });
    expect(v.status, v.stdout).toBe(0);
  }, HANG);
});
