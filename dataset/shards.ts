/**
 * Deterministic sharding: shard s covers the contiguous global index range
 * `[s * shardSize, min((s + 1) * shardSize, count))`; with `--shard-index I --shard-count K` a run
 * produces the shards s with `s % K === I`. Changing K changes only which run writes a shard, never
 * a shard's content.
 */
import { UsageError } from '../core/errors.js';

export interface ShardPlan {
  shard: number;
  start: number;
  end: number;
}

/** Shards of a run. Throws UsageError for inconsistent values (names the flag). */
export function planShards(count: number, shardSize: number, shardIndex: number, shardCount: number): ShardPlan[] {
  if (!Number.isInteger(count) || count < 1) throw new UsageError(`--count: must be an integer >= 1, got ${count}`, '--count');
  if (!Number.isInteger(shardSize) || shardSize < 1)
    throw new UsageError(`--shard-size: must be an integer >= 1, got ${shardSize}`, '--shard-size');
  if (!Number.isInteger(shardCount) || shardCount < 1)
    throw new UsageError(`--shard-count: must be an integer >= 1, got ${shardCount}`, '--shard-count');
  if (!Number.isInteger(shardIndex) || shardIndex < 0 || shardIndex >= shardCount)
    throw new UsageError(`--shard-index: must be in [0, ${shardCount - 1}] (from --shard-count ${shardCount}), got ${shardIndex}`, '--shard-index');
  const n = Math.ceil(count / shardSize);
  const out: ShardPlan[] = [];
  for (let s = shardIndex; s < n; s += shardCount) out.push({ shard: s, start: s * shardSize, end: Math.min((s + 1) * shardSize, count) });
  return out;
}

/**
 * Default shard index/count from the scheduler's environment: Kubernetes Indexed Job
 * (`JOB_COMPLETION_INDEX`, 0-based), Slurm arrays (`SLURM_ARRAY_TASK_ID` minus `SLURM_ARRAY_TASK_MIN`, so
 * `--array=1-8` works; `SLURM_ARRAY_TASK_COUNT`), AWS Batch (`AWS_BATCH_JOB_ARRAY_INDEX`, `AWS_BATCH_JOB_ARRAY_SIZE`),
 * or a generic `SHARD_INDEX` / `SHARD_COUNT`. `source` names the variable for error messages.
 * @throws UsageError when a variable is set but is not a non-negative integer.
 */
export function shardFromEnv(env: NodeJS.ProcessEnv = process.env): { index?: number; count?: number; source?: string } {
  const num = (name: string): number | undefined => {
    const v = env[name];
    if (v === undefined || v === '') return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new UsageError(`${name}: expected a non-negative integer, got '${v}'`, name);
    return n;
  };
  if (env.JOB_COMPLETION_INDEX !== undefined) return { index: num('JOB_COMPLETION_INDEX'), count: undefined, source: 'JOB_COMPLETION_INDEX' };
  if (env.SLURM_ARRAY_TASK_ID !== undefined) {
    const min = num('SLURM_ARRAY_TASK_MIN') ?? 0;
    return { index: num('SLURM_ARRAY_TASK_ID')! - min, count: num('SLURM_ARRAY_TASK_COUNT'), source: 'SLURM_ARRAY_TASK_ID' };
  }
  if (env.AWS_BATCH_JOB_ARRAY_INDEX !== undefined)
    return { index: num('AWS_BATCH_JOB_ARRAY_INDEX'), count: num('AWS_BATCH_JOB_ARRAY_SIZE'), source: 'AWS_BATCH_JOB_ARRAY_INDEX' };
  if (env.SHARD_INDEX !== undefined) return { index: num('SHARD_INDEX'), count: num('SHARD_COUNT'), source: 'SHARD_INDEX' };
  return {};
}
