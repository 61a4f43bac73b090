#!/bin/sh
':' //; n=$(ulimit -n 2>/dev/null) || n=0; [ "$n" = unlimited ] || [ "$n" -ge 128 ] || { exec 1>&2; echo "uisynth: too many open files (EMFILE): the open-file limit (ulimit -n) is $n, below the 128 uisynth needs: raise the limit (ulimit -n 1024) and rerun"; exit 3; }
':' //; export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}" MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-1048576}"; exec node "$0" "$@"
// The three lines above are the launcher (a sh/JavaScript polyglot): run as a program (`uisynth`, `npx uisynth`,
// `./bin/uisynth.js`) /bin/sh reads lines 2-3, refuses an open-file limit below MIN_FDS (see below; node itself
// aborts with a C++ assertion or a segfault below about 18), sets the memory environment below unless the user set it, and
// `exec`s node on this same file: node replaces the shell in the same process (same PID, no child, so a
// `kill -9` or a scheduler's signal reaches node itself and the dataset lock's holder is that PID). Node skips
// line 1 and reads lines 2-3 as string statements and comments. `node bin/uisynth.js` skips the launcher.
//
// Peak memory flat in run length (issue 16; measured by `npm run bench -- --only rss`, bench/rss.ts). What grew
// over a long run was native memory, not the JS heap: glibc gives every thread that allocates (libuv's 4 pool
// threads, libvips' workers, about 25 threads) its own malloc arena, up to 8 per core, keeps freed memory in
// each, and after the first large image buffer is freed it raises its mmap threshold (up to 32 MiB), so later
// image buffers come from the arenas too and fragment them. These variables are read once, when glibc
// starts, before any JavaScript runs, hence the launcher: MALLOC_ARENA_MAX=2 (two arenas shared by all threads)
// and MALLOC_MMAP_THRESHOLD_=1 MiB (a fixed threshold: image-sized buffers are mapped, and returned to the
// system when freed). Measured side by side over 1,500 CAPTCHA records: peak RSS 474 MiB as `node
// bin/uisynth.js`, 294 MiB with both, records/s -2% (within the noise); UV_THREADPOOL_SIZE=2 saved another
// ~20 MiB but cost 14% records/s (the pool also does the writer's fsyncs), so it is left at libuv's 4. Neither
// variable changes an output byte; on musl or macOS they are ignored.
//
// uisynth CLI entry: runs the start-up bundle that set-up builds when it matches the sources (bin/cli-bundle.mjs),
// else the TypeScript sources through tsx (no build step needed, so a clone is runnable as is).
// Too few file descriptors (ulimit -n) is the one environment fault a user can cause before main() runs, and
// below about 128 it does not fail cleanly by itself (issue 16, each seen under `ulimit -n N` on Node 20):
// - tsx's register() calls node:module's register(), which starts the loader-hooks worker thread and blocks the
//   main thread in Atomics.wait until that worker says it is ready. When the worker cannot create its libuv
//   loop (eventfd2 fails with EMFILE; seen at N=24 with strace and gdb) the thread exits without a word and
//   the main thread waits for ever. Signals are never handled either (our SIGTERM listener below replaces the
//   default action and needs the blocked main thread to run), so only SIGKILL ends it.
// - the ES module loader opens the ~500 source files many at a time, and tsx spawns esbuild through pipes: at
//   N=64..96 a load failed with EMFILE, and at N=72 esbuild's failed spawn surfaced as a TypeError stack trace
//   ("Cannot read properties of undefined (reading 'on')").
// Hence a check before anything is loaded: MIN_FDS descriptors must be available (measured: a CAPTCHA run
// loads and completes at 96; Chromium, which inherits the limit, needs more and is checked where it is
// launched: renderers/browser.ts CHROMIUM_MIN_FDS).
// What a run needs beyond that (a high --concurrency) is caught where it fails (dataset/faults.ts). Other
// EMFILE/ENFILE while loading: one line, exit 3. Anything else uncaught is our bug: its stack trace and exit
// 1, as Node does by default. A closed stdout (`uisynth types | head`) ends quietly.
import { closeSync, openSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { softFdLimit } from '../renderers/fd-limit.mjs';

/** "24, below the" for a known limit, "below the" for an unknown one. */
const limitWords = (n) => (n === null ? 'below the' : `${n}, below the`);

/** Open-file limit below which uisynth refuses to start (also in the launcher, line 2). */
const MIN_FDS = 128;
{
  // Descriptors are numbered lowest-free-first (POSIX) and must stay below the limit, so being able to open
  // descriptor number MIN_FDS - 1 proves the limit is at least MIN_FDS (inherited descriptors included).
  // Synchronous: no thread, no event loop is involved. At most MIN_FDS opens of this file, closed at once.
  const held = [];
  let fault;
  try {
    for (let fd = -1; fd < MIN_FDS - 1 && held.length < MIN_FDS; ) held.push((fd = openSync(new URL(import.meta.url), 'r')));
  } catch (e) {
    fault = e;
  }
  for (const fd of held) closeSync(fd);
  if (fault && (fault.code === 'EMFILE' || fault.code === 'ENFILE')) {
    process.stderr.write(
      fault.code === 'EMFILE'
        ? `uisynth: too many open files (EMFILE): the open-file limit (ulimit -n) is ${limitWords(softFdLimit())} ${MIN_FDS} uisynth needs: raise the limit (ulimit -n 1024) and rerun\n`
        : 'uisynth: too many open files in the system (ENFILE): close other programs or raise the system limit (fs.file-max) and rerun\n',
    );
    process.exit(3);
  } else if (fault) throw fault;
}

// The JS heap: V8 grows the old generation lazily (up to a limit of several GB), so over a long CAPTCHA run its
// heap reached 3x its live size (about 100 MB live, 313 MB heap at 1,500 records). A fixed 20% growing factor
// makes it collect instead; V8 reads this flag at every heap-limit update, so setting it here takes effect
// (measured: heap 134 MB at 1,000 records). Outputs do not depend on it. (The environment above cannot be set
// from here: glibc has read it, and Node's ES module loader has already started libuv's thread pool.)
setFlagsFromString('--heap-growing-percent=20');

// Ctrl-C, a scheduler's preemption or time limit (SIGTERM; Slurm and Kubernetes send it first), a closed terminal
// (SIGHUP): stop at once, as a kill would. What is complete stays (sealed shards, a finished export); the shard in
// progress stays unsealed and a rerun of the same command resumes it. Never by closing the browser first: the
// samples in flight would fail as if their pages had crashed and be recorded as rejects of a sealed shard.
// (Chromium is killed by Playwright's exit hook; the dataset lock is released by its own exit hook.)
const WRITERS = new Set(['grounding', 'captcha', 'demo']);
for (const [sig, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]]) {
  process.on(sig, () => {
    const writer = WRITERS.has(process.argv[2] ?? '');
    process.stderr.write(`uisynth: stopped by ${sig}${writer ? '; complete shards are kept, the shard in progress is not sealed: run the same command again to resume' : ''}\n`);
    process.exit(code);
  });
}

const fdFault = (e) => Boolean(e && (e.code === 'EMFILE' || e.code === 'ENFILE'));
const fdLine = (e) => `uisynth: too many open files (${e.code}) while loading uisynth: raise the limit (ulimit -n) and rerun\n`;
process.on('uncaughtException', (e) => {
  if (e && e.code === 'EPIPE') process.exit(0);
  process.stderr.write(fdFault(e) ? fdLine(e) : `${e && e.stack ? e.stack : String(e)}\n`);
  process.exit(fdFault(e) ? 3 : 1);
});

try {
  // the start-up bundle when it matches the sources (bin/cli-bundle.mjs), else the sources through tsx; imported
  // here so that the handlers above cover it
  const { importBundledOrSource } = await import('./cli-bundle.mjs');
  const { main } = await importBundledOrSource(new URL('../cli/main.ts', import.meta.url).href, (e) =>
    process.stderr.write(`uisynth: the start-up bundle could not be loaded (${String(e?.message ?? e).split('\n')[0]}); running from the sources: run \`npm run setup\` to rebuild it\n`),
  );
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  if (fdFault(e)) {
    process.stderr.write(fdLine(e));
    process.exitCode = 3;
  } else throw e;
}
