/**
 * Peak RSS against run length: the same `uisynth captcha` command at several `--count`s, each in a fresh
 * process (the CLI's own `main`), reporting that process's peak RSS (`process.resourceUsage().maxRSS`) and
 * records per second. Records are streamed to disk, so peak RSS should not grow with `--count` (target: flat
 * within 15%). Usage: npm run bench -- --only rss [--rss-counts 500,5000,50000]
 *
 * The JS heap stays flat (about 80 MiB over 800 samples), but with glibc's default allocator the RSS still
 * creeps up: sharp/libvips allocate from several threads and glibc keeps one arena per thread whose freed
 * chunks it rarely returns (Node's docs, "A note on process memoryUsage"). `MALLOC_ARENA_MAX=2` removes that
 * growth, so the bench measures both; docs/deploy/ sets it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';

export interface RssPoint {
  count: number;
  peak_rss_mib: number;
  /** Peak V8 heapTotal (sampled every 200 ms), MiB: the JS part of the RSS. */
  peak_heap_mib: number;
  records_per_s: number;
}

const ROOT = join(import.meta.dirname, '..');

if (process.argv[2] === '--child') {
  // child mode: run the CLI in this process, then report its peak RSS
  const { main } = await import('../cli/main.js');
  const [count, out] = process.argv.slice(3);
  const t0 = performance.now();
  let heap = 0;
  const timer = setInterval(() => (heap = Math.max(heap, process.memoryUsage().heapTotal)), 200);
  const code = await main(['captcha', '--count', count!, '--seed', '5', '--shard-size', '1000', '--out', out!, '--quiet']);
  clearInterval(timer);
  process.stdout.write(JSON.stringify({ code, maxrss_kib: process.resourceUsage().maxRSS, heap_total_mib: heap / 2 ** 20, ms: performance.now() - t0 }) + '\n');
  process.exit(code);
}

/** Run the CAPTCHA CLI at each count in a fresh process; peak RSS in MiB and throughput. */
export function benchRss(counts: number[], env: NodeJS.ProcessEnv = {}): RssPoint[] {
  const out: RssPoint[] = [];
  for (const count of counts) {
    const dir = mkdtempSync(join(tmpdir(), 'uisynth-rss-'));
    try {
      const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'run-ts.js'), join(ROOT, 'bench', 'rss.ts'), '--child', String(count), join(dir, 'ds')], { encoding: 'utf8', env: { ...process.env, ...env } });
      const line = r.stdout.trim().split('\n').pop() ?? '';
      if (r.status !== 0) throw new Error(`rss bench child failed (${r.status}): ${r.stderr.trim().split('\n').pop()}`);
      const j = JSON.parse(line) as { maxrss_kib: number; heap_total_mib: number; ms: number };
      out.push({ count, peak_rss_mib: j.maxrss_kib / 1024, peak_heap_mib: j.heap_total_mib, records_per_s: count / (j.ms / 1000) });
      process.stderr.write(`rss: ${count} records: peak ${(j.maxrss_kib / 1024).toFixed(0)} MiB (V8 heap ${j.heap_total_mib.toFixed(0)} MiB), ${(count / (j.ms / 1000)).toFixed(1)} records/s (load ${loadavg()[0]!.toFixed(1)})\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return out;
}
