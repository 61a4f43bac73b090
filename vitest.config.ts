import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/file-order.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Hang guards, not speed budgets: a test that finishes in 2 min on a quiet 2-core machine took over
    // 3 min at load average ~28, so the guard is far above any honest run time.
    testTimeout: 900_000,
    hookTimeout: 900_000,
    pool: 'forks',
    // Files run one after another in the same worker process, sharing loaded modules and their lazy tables
    // (scenario index, phrase tables, glyph outlines, the CAPTCHA registry) instead of a fresh process per
    // file. Measured on a fresh clone, quiet machine: vitest 681 s isolated, 567 s not (set-up with npm ci
    // plus vitest: 11 min 50 s -> 9 min 28 s). A test file must therefore restore what it changes (process.env, module
    // state), and a file that mocks a module must drop the module cache before importing what uses it
    // (test/captcha-button-labels.test.ts: an engine loaded by an earlier file keeps the real module).
    isolate: false,
    // Three files at a time on the 2-core CI machine. The suite is CPU-bound (both cores 98-100 % busy from
    // its first minute to its last, sampled from /proc/stat), so this mostly shortens the tail; tests hold
    // under load (no wall-clock budgets), so the extra contention only lengthens each file.
    maxWorkers: 3,
    // longest files first, from measured costs (test/file-order.ts), so the workers finish together
    sequence: { sequencer: LongestFirstSequencer },
    // a directory for CLI runs that several files read (test/shared-runs.ts)
    globalSetup: ['test/shared-runs.ts'],
    reporters: ['default'],
  },
});
