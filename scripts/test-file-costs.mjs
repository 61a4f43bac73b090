#!/usr/bin/env node
// Write test/file-costs.json (seconds per test file; test/file-order.ts runs the longest first) from the
// durations vitest recorded for its last run (its results cache, node_modules/.vite/vitest/*/results.json,
// written after every `vitest run`; a file's duration there includes its hooks, e.g. a beforeAll that
// generates a dataset). After a whole-suite run (`npm test`): `node scripts/test-file-costs.mjs [RESULTS_JSON]`.
// Durations on a loaded machine are longer, but what the order needs is which files are long, and those stay
// long. Whole seconds, longest first, so a refresh reads as a diff.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = join(root, 'node_modules', '.vite', 'vitest');
const path =
  process.argv[2] ??
  (existsSync(cacheDir) ? readdirSync(cacheDir).map((d) => join(cacheDir, d, 'results.json')).find((p) => existsSync(p)) : undefined);
if (!path) {
  console.error('test-file-costs: no vitest results cache: run the whole suite first (npm test), or pass the path of a results.json');
  process.exit(2);
}
/** @type {{ results: Array<[string, { duration: number, failed: boolean }]> }} */
const { results } = JSON.parse(readFileSync(path, 'utf8'));
const rows = results
  .map(([key, r]) => [key.slice(key.indexOf(':') + 1), Math.max(1, Math.round(r.duration / 1000))])
  // only the suite's own files (the cache also keeps files run from elsewhere with this config, e.g. a copy in /tmp)
  .filter(([file]) => file.startsWith('test/') && existsSync(join(root, file)))
  .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
writeFileSync(join(root, 'test', 'file-costs.json'), `${JSON.stringify(Object.fromEntries(rows), null, 2)}\n`);
console.log(`test/file-costs.json: ${rows.length} files, ${rows.reduce((a, r) => a + r[1], 0)} s in all (from ${path})`);
