#!/usr/bin/env node
// uisynth CLI entry: runs the TypeScript sources through tsx (no build step, so a clone is runnable as is).
// Loading the sources opens files and, on a cold tsx cache, spawns esbuild: with too few file descriptors
// (ulimit -n) either fails with EMFILE/ENFILE, the spawn as an uncaught error of tsx's worker. That is the one
// file-descriptor fault a user can cause before main() runs: one line, exit 3. Anything else uncaught is our
// bug: its stack trace and exit 1, as Node does by default. A closed stdout (`uisynth types | head`) ends quietly.
import { setFlagsFromString } from 'node:v8';

// Peak memory flat in run length (issue 16; measured by `npm run bench -- --only rss`, bench/rss.ts): V8 grows
// the old generation lazily (up to a limit of several GB), so over a long CAPTCHA run its heap reached 3x its
// live size (about 100 MB live, 313 MB heap at 1,500 records). A fixed 20% growing factor makes it collect
// instead; V8 reads this flag at every heap-limit update, so setting it at start-up takes effect (measured:
// heap 134 MB at 1,000 records). Outputs do not depend on it. The native part (glibc's per-thread malloc
// arenas of libuv's and libvips' threads) can only be capped from the environment, before Node starts:
// UV_THREADPOOL_SIZE=2 and MALLOC_ARENA_MAX=2, as docs/deploy/ sets them (an ES module entry is too late:
// Node's loader has already started the thread pool when this file runs).
setFlagsFromString('--heap-growing-percent=20');

const fdFault = (e) => Boolean(e && (e.code === 'EMFILE' || e.code === 'ENFILE'));
const fdLine = (e) => `uisynth: too many open files (${e.code}) while loading uisynth: raise the limit (ulimit -n) and rerun\n`;
process.on('uncaughtException', (e) => {
  if (e && e.code === 'EPIPE') process.exit(0);
  process.stderr.write(fdFault(e) ? fdLine(e) : `${e && e.stack ? e.stack : String(e)}\n`);
  process.exit(fdFault(e) ? 3 : 1);
});

try {
  const { register } = await import('tsx/esm/api'); // imported here so that the handlers above cover it
  register();
  const { main } = await import('../cli/main.ts');
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  if (fdFault(e)) {
    process.stderr.write(fdLine(e));
    process.exitCode = 3;
  } else throw e;
}
