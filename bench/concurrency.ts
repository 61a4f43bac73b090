/**
 * `--concurrency N` scaling against the machine's core count: the same `uisynth grounding` and
 * `uisynth captcha` commands at several `--concurrency` values, each in a fresh process (the real CLI,
 * writer and browser pool), into a fresh directory. Reported per value: records/s and the speed-up over
 * `--concurrency 1`, beside `os.availableParallelism()` and the load average (other processes on the
 * machine share the cores, so the speed-up a loaded machine shows is a lower bound).
 * Usage: npm run bench -- --only concurrency [--concurrency-values 1,2,4] [--concurrency-pages 20] [--concurrency-records 200]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ConcurrencyPoint {
  kind: 'grounding' | 'captcha';
  concurrency: number;
  records: number;
  seconds: number;
  records_per_s: number;
  /** records/s ÷ records/s at the first value (normally 1). */
  speedup: number;
  /** 1-minute load average when the run ended. */
  load: number;
}

const BIN = join(import.meta.dirname, '..', 'bin', 'uisynth.js');

/**
 * Time `uisynth <kind> --count <count> --concurrency N` for each N in `values` (first value is the base).
 * @throws Error when a run fails (its last stderr line)
 */
export function benchConcurrency(kind: 'grounding' | 'captcha', count: number, values: number[]): ConcurrencyPoint[] {
  const out: ConcurrencyPoint[] = [];
  for (const n of values) {
    const dir = mkdtempSync(join(tmpdir(), 'uisynth-conc-'));
    try {
      const t0 = performance.now();
      const r = spawnSync(process.execPath, [BIN, kind, '--count', String(count), '--seed', '3', '--concurrency', String(n), '--out', join(dir, 'ds'), '--quiet'], { encoding: 'utf8' });
      const seconds = (performance.now() - t0) / 1000;
      if (r.status !== 0) throw new Error(`concurrency bench: ${kind} --concurrency ${n} failed (${r.status}): ${r.stderr.trim().split('\n').pop()}`);
      const rate = count / seconds;
      const p: ConcurrencyPoint = { kind, concurrency: n, records: count, seconds, records_per_s: rate, speedup: out.length ? rate / out[0]!.records_per_s : 1, load: loadavg()[0]! };
      out.push(p);
      process.stderr.write(`concurrency: ${kind} --concurrency ${n}: ${count} records in ${seconds.toFixed(1)} s (${rate.toFixed(2)}/s, x${p.speedup.toFixed(2)}; load ${p.load.toFixed(1)})\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return out;
}

/** One line per kind: the values side by side with the core count. */
export function formatConcurrency(points: ConcurrencyPoint[]): string {
  const kind = points[0]?.kind ?? '?';
  return (
    `concurrency: ${kind} ${points[0]?.records ?? 0} records, ${availableParallelism()} cores | ` +
    points.map((p) => `--concurrency ${p.concurrency}: ${p.records_per_s.toFixed(2)}/s x${p.speedup.toFixed(2)}`).join(' | ') +
    ` | load ${points.map((p) => p.load.toFixed(1)).join(', ')}`
  );
}
