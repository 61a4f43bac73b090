#!/usr/bin/env node
// uisynth CLI entry: runs the TypeScript sources through tsx (no build step, so a clone is runnable as is).
import { register } from 'tsx/esm/api';
register();
const { main } = await import('../cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
