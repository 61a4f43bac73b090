#!/usr/bin/env node
// uisynth CLI entry: runs the TypeScript sources through tsx (no build step, so a clone is runnable as is).
// Loading the sources opens files and, on a cold tsx cache, spawns esbuild: with too few file descriptors
// (ulimit -n) either fails with EMFILE/ENFILE, the spawn as an uncaught error of tsx's worker. That is the one
// file-descriptor fault a user can cause before main() runs: one line, exit 3. Anything else uncaught is our
// bug: its stack trace and exit 1, as Node does by default. A closed stdout (`uisynth types | head`) ends quietly.
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
