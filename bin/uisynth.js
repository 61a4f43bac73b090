#!/usr/bin/env node
// uisynth CLI entry: runs the TypeScript sources through tsx (no build step, so a clone is runnable as is).
import { register } from 'tsx/esm/api';
register();
try {
  const { main } = await import('../cli/main.ts');
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  // before main() runs (loading the sources), the one file-descriptor fault a user can cause: one line, exit 3
  if (e && (e.code === 'EMFILE' || e.code === 'ENFILE')) {
    process.stderr.write(`uisynth: too many open files (${e.code}) while loading uisynth: raise the limit (ulimit -n) and rerun\n`);
    process.exitCode = 3;
  } else throw e;
}
