// Preloaded by bench/rss.ts into the `uisynth` process it measures (NODE_OPTIONS=--import, so the CLI itself is
// unchanged): every UISYNTH_MEMORY_SAMPLE_MS (default 2000) ms, and at exit, appends one JSON line to
// UISYNTH_MEMORY_SAMPLES with process.memoryUsage() in MiB: rss, heap_total, heap_used, external, array_buffers,
// plus the time since start (s) and the thread count. RSS minus the V8 heap is the native part (malloc arenas,
// libvips, thread stacks, code).
import { appendFileSync, readdirSync } from 'node:fs';

const file = process.env.UISYNTH_MEMORY_SAMPLES;
if (file) {
  const every = Number(process.env.UISYNTH_MEMORY_SAMPLE_MS ?? 2000);
  const t0 = performance.now();
  const mib = (b) => Math.round((b / 2 ** 20) * 10) / 10;
  const sample = () => {
    const m = process.memoryUsage();
    let threads = 0;
    try {
      threads = readdirSync('/proc/self/task').length;
    } catch {
      // not Linux
    }
    const line = { t: Math.round((performance.now() - t0) / 100) / 10, rss: mib(m.rss), heap_total: mib(m.heapTotal), heap_used: mib(m.heapUsed), external: mib(m.external), array_buffers: mib(m.arrayBuffers), threads };
    try {
      appendFileSync(file, JSON.stringify(line) + '\n');
    } catch {
      // the bench reads what is there
    }
  };
  setInterval(sample, every).unref();
  process.on('exit', sample);
}
