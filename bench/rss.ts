/**
 * Peak RSS against run length: the same `uisynth captcha` (or `uisynth grounding`) command at several
 * `--count`s, each run as a user runs it (`node bin/uisynth.js ...`, a fresh process with the CLI's own
 * memory settings, see bin/uisynth.js) into a fresh directory. The peak is the kernel's high-water mark of
 * that process (`VmHWM` in /proc/PID/status, Linux), read every 100 ms until it exits; for grounding it is
 * the node process only (Chromium runs in its own processes, one context per page). Records are streamed to
 * disk and caches are bounded, so peak RSS should not grow with `--count` (target: flat within 15%).
 * Usage: npm run bench -- --only rss [--rss-counts 500,5000] [--rss-pages 50,200]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';

export interface RssPoint {
  kind: 'captcha' | 'grounding';
  count: number;
  peak_rss_mib: number;
  records_per_s: number;
  /** 1-minute load average when the run ended. */
  load: number;
}

const BIN = join(import.meta.dirname, '..', 'bin', 'uisynth.js');

/** The process's peak RSS so far in KiB (`VmHWM`), or 0 once it is gone. */
function highWaterKib(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** Run `uisynth <kind> --count N` for each count in a fresh process; its peak RSS (MiB) and throughput. */
export async function benchRss(kind: 'captcha' | 'grounding', counts: number[], env: NodeJS.ProcessEnv = {}): Promise<RssPoint[]> {
  const out: RssPoint[] = [];
  for (const count of counts) {
    const dir = mkdtempSync(join(tmpdir(), 'uisynth-rss-'));
    try {
      const t0 = performance.now();
      const args = [BIN, kind, '--count', String(count), '--seed', '5', '--shard-size', '1000', '--out', join(dir, 'ds'), '--quiet'];
      const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      let peak = 0;
      const timer = setInterval(() => (peak = Math.max(peak, highWaterKib(child.pid!))), 100);
      const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
      clearInterval(timer);
      if (code !== 0) throw new Error(`rss bench: ${kind} --count ${count} failed (${code}): ${err.trim().split('\n').pop()}`);
      const s = (performance.now() - t0) / 1000;
      const p: RssPoint = { kind, count, peak_rss_mib: peak / 1024, records_per_s: count / s, load: loadavg()[0]! };
      out.push(p);
      process.stderr.write(`rss: ${kind} ${count} records: peak ${p.peak_rss_mib.toFixed(0)} MiB, ${p.records_per_s.toFixed(2)} records/s (load ${p.load.toFixed(1)})\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return out;
}

/** One line: the run lengths side by side and max/min − 1 of their peaks (target ≤ 15%). */
export function formatRss(label: string, pts: RssPoint[]): string {
  const peaks = pts.map((p) => p.peak_rss_mib);
  const spread = Math.max(...peaks) / Math.min(...peaks) - 1;
  return (
    `rss (${label}): ${pts[0]?.kind} ${pts.map((p) => `${p.count} records ${p.peak_rss_mib.toFixed(0)} MiB (${p.records_per_s.toFixed(2)}/s)`).join(' | ')} | ` +
    `max/min - 1 = ${(spread * 100).toFixed(1)}% (target <= 15%) | load ${pts.map((p) => p.load.toFixed(1)).join(', ')}`
  );
}
