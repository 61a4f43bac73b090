/**
 * Peak RSS against run length: the same `uisynth captcha` (or `uisynth grounding`) command at several
 * `--count`s, each run as a user runs it (`uisynth ...`: bin/uisynth.js executed as a program, so its launcher
 * sets the memory environment, see bin/uisynth.js) in a fresh process into a fresh directory. The peak is the
 * kernel's high-water mark of that process (`VmHWM` in /proc/PID/status, Linux), read every 100 ms until it
 * exits; for grounding it is the node process only (Chromium runs in its own processes, one context per page).
 * Records are streamed to disk and caches are bounded, so peak RSS should not grow with `--count` (target: flat
 * within 15%) and neither should the time per record.
 *
 * `--rss-compare` runs every length a second time as `node bin/uisynth.js ...` (the launcher skipped: glibc's
 * and libuv's defaults), right after the first, so both see the same machine load; the two must write the same
 * bytes (the SHA-256 of the shard JSONL files, which hold every image's SHA-256, is compared).
 * Each run's process.memoryUsage() is sampled every 2 s by bench/memory-sampler.mjs (preloaded through
 * NODE_OPTIONS), and the table shows the V8 heap and the native part (RSS minus heap) a quarter into the run
 * and at its end, so a growth can be told apart.
 * Usage: npm run bench -- --only rss [--rss-counts 500,5000] [--rss-pages 50,500] [--rss-compare]
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** How the CLI is started: `launcher` = `uisynth ...` (bin/uisynth.js as a program); `node` = `node bin/uisynth.js ...`. */
export type StartMode = 'launcher' | 'node';

/** One sample of process.memoryUsage() (MiB) written by bench/memory-sampler.mjs. */
export interface MemorySample {
  /** Seconds since the process started. */
  t: number;
  rss: number;
  heap_total: number;
  heap_used: number;
  external: number;
  array_buffers: number;
  threads: number;
}

export interface RssPoint {
  kind: 'captcha' | 'grounding';
  mode: StartMode;
  count: number;
  /** Records written (the rest were rejected samples). */
  records: number;
  peak_rss_mib: number;
  /** `--count` ÷ wall-clock seconds of the whole command (start-up included). */
  records_per_s: number;
  seconds: number;
  /** 1-minute load average when the run started and when it ended. */
  load_start: number;
  load_end: number;
  /** SHA-256 (first 16 hex) of the shard JSONL files in shard order: equal digests, equal outputs. */
  digest: string;
  samples: MemorySample[];
}

const BIN = join(import.meta.dirname, '..', 'bin', 'uisynth.js');
const SAMPLER = pathToFileURL(join(import.meta.dirname, 'memory-sampler.mjs')).href;

/** The process's peak RSS so far in KiB (`VmHWM`), or 0 once it is gone. */
function highWaterKib(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** SHA-256 of the shard JSONL files of `ds` in name order, and their line count. */
function outputDigest(ds: string): { digest: string; records: number } {
  const h = createHash('sha256');
  let records = 0;
  for (const f of readdirSync(ds).filter((n) => /^shard-\d+\.jsonl$/.test(n)).sort()) {
    const b = readFileSync(join(ds, f));
    h.update(b);
    for (const c of b) if (c === 10) records++;
  }
  return { digest: h.digest('hex').slice(0, 16), records };
}

/**
 * Run `uisynth <kind> --count N --seed 5 --shard-size 1000` once, started as `mode` says, in a fresh directory.
 * @throws Error when the command fails (its last stderr line)
 */
export async function runOnce(kind: 'captcha' | 'grounding', count: number, mode: StartMode, env: NodeJS.ProcessEnv = {}): Promise<RssPoint> {
  const dir = mkdtempSync(join(tmpdir(), 'uisynth-rss-'));
  try {
    const samplesFile = join(dir, 'memory.jsonl');
    const args = [kind, '--count', String(count), '--seed', '5', '--shard-size', '1000', '--out', join(dir, 'ds'), '--quiet'];
    const nodeOptions = [process.env.NODE_OPTIONS, `--import=${SAMPLER}`].filter(Boolean).join(' ');
    // the launcher is started as a program (its #! line), exactly as `uisynth` or `npx uisynth` start it
    const [cmd, argv] = mode === 'launcher' ? [BIN, args] : [process.execPath, [BIN, ...args]];
    const load_start = loadavg()[0]!;
    const t0 = performance.now();
    const child = spawn(cmd, argv, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...env, NODE_OPTIONS: nodeOptions, UISYNTH_MEMORY_SAMPLES: samplesFile },
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    let peak = 0;
    const timer = setInterval(() => (peak = Math.max(peak, highWaterKib(child.pid!))), 100);
    const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
    clearInterval(timer);
    if (code !== 0) throw new Error(`rss bench: ${kind} --count ${count} (${mode}) failed (${code}): ${err.trim().split('\n').pop()}`);
    const seconds = (performance.now() - t0) / 1000;
    const samples = existsSync(samplesFile)
      ? readFileSync(samplesFile, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as MemorySample)
      : [];
    // the sampler's exit sample holds the last RSS; VmHWM read every 100 ms may miss the final rise
    peak = Math.max(peak / 1024, ...samples.map((s) => s.rss)) * 1024;
    const { digest, records } = outputDigest(join(dir, 'ds'));
    const p: RssPoint = { kind, mode, count, records, peak_rss_mib: peak / 1024, records_per_s: count / seconds, seconds, load_start, load_end: loadavg()[0]!, digest, samples };
    process.stderr.write(`rss: ${kind} ${count} (${mode}): peak ${p.peak_rss_mib.toFixed(0)} MiB, ${p.records_per_s.toFixed(2)}/s (load ${p.load_start.toFixed(1)} -> ${p.load_end.toFixed(1)})\n`);
    return p;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Run every count with each of `modes`, the modes of one count back to back (same machine load). */
export async function benchRss(kind: 'captcha' | 'grounding', counts: number[], modes: StartMode[] = ['launcher']): Promise<RssPoint[]> {
  const out: RssPoint[] = [];
  for (const count of counts) for (const mode of modes) out.push(await runOnce(kind, count, mode));
  return out;
}

const f0 = (v: number): string => v.toFixed(0);

/**
 * The live JS heap in the second and in the last quarter of a run: the smallest `heap_used` sampled in each
 * (right after a major collection `heap_used` is the live size, so the minimum over many samples approaches it).
 * A growth between the two is what a run accumulates (issue 16: opentype.js glyph objects). "-" with < 8 samples.
 */
export function liveHeap(samples: MemorySample[]): string {
  const n = samples.length;
  if (n < 8) return '-';
  const min = (from: number, to: number): number => Math.min(...samples.slice(Math.floor(from * n), Math.floor(to * n)).map((s) => s.heap_used));
  return `${f0(min(0.25, 0.5))} -> ${f0(min(0.75, 1))} MiB`;
}

/**
 * A table per start mode: each run length with its peak RSS, the ratio to the shortest run's peak, records/s
 * (and the ratio to the shortest's), the load average at start and end, the V8 heap and the native part a
 * quarter into the run and at its end; then whether the peaks are flat within 15% and whether every mode wrote the
 * same bytes for a given length.
 */
export function formatRss(pts: RssPoint[]): string {
  const lines: string[] = [];
  const unit = pts[0]?.kind === 'grounding' ? 'pages' : 'records';
  for (const mode of ['launcher', 'node'] as const) {
    const ps = pts.filter((p) => p.mode === mode).sort((a, b) => a.count - b.count);
    if (!ps.length) continue;
    const base = ps[0]!;
    lines.push(
      `rss ${base.kind}, ${mode === 'launcher' ? '`uisynth` as a user starts it (launcher: MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=1048576)' : '`node bin/uisynth.js` (glibc and libuv defaults)'}:`,
    );
    lines.push(
      `  ${unit.padStart(7)} | peak RSS | vs ${base.count} | ${unit}/s | vs ${base.count} | load start->end | V8 heap at 1/4 -> end | native (rss - heap) at 1/4 -> end | live heap, 2nd -> 4th quarter`,
    );
    for (const p of ps) {
      // a quarter into the run (start-up over, caches warm) and the last sample
      const a = p.samples[Math.floor(p.samples.length / 4)];
      const z = p.samples[p.samples.length - 1];
      const mem = a && z ? `${f0(a.heap_total)} -> ${f0(z.heap_total)} MiB | ${f0(a.rss - a.heap_total)} -> ${f0(z.rss - z.heap_total)} MiB | ${liveHeap(p.samples)}` : 'no samples | - | -';
      lines.push(
        `  ${String(p.count).padStart(7)} | ${f0(p.peak_rss_mib).padStart(4)} MiB | ${(p.peak_rss_mib / base.peak_rss_mib).toFixed(2).padStart(3 + String(base.count).length)} | ` +
          `${p.records_per_s.toFixed(2).padStart(unit.length + 2)} | ${(p.records_per_s / base.records_per_s).toFixed(2).padStart(3 + String(base.count).length)} | ` +
          `${p.load_start.toFixed(1)} -> ${p.load_end.toFixed(1)} | ${mem}`,
      );
    }
    const peaks = ps.map((p) => p.peak_rss_mib);
    const spread = Math.max(...peaks) / Math.min(...peaks) - 1;
    lines.push(`  peak RSS max/min - 1 = ${(spread * 100).toFixed(1)}% (target <= 15%): ${spread <= 0.15 ? 'flat' : 'NOT flat'}`);
  }
  const byCount = new Map<number, Set<string>>();
  for (const p of pts) byCount.set(p.count, (byCount.get(p.count) ?? new Set()).add(p.digest));
  if (pts.some((p) => p.mode === 'node') && pts.some((p) => p.mode === 'launcher')) {
    const same = [...byCount.values()].every((s) => s.size === 1);
    lines.push(`  outputs of the two start modes: ${same ? 'byte-identical at every length' : 'DIFFERENT: ' + JSON.stringify(pts.map((p) => [p.mode, p.count, p.digest]))}`);
  }
  return lines.join('\n');
}
