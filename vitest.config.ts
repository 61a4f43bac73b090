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
    // Three files at a time on the 2-core CI machine: files also wait (on Chromium's frames, on child
    // processes, on the Slurm scheduler), and a third file fills those waits. Tests hold under load (no
    // wall-clock budgets), so the extra contention only lengthens each file.
    maxWorkers: 3,
    // longest files first, from measured costs (test/file-order.ts), so both workers finish together
    sequence: { sequencer: LongestFirstSequencer },
    // a directory for CLI runs that several files read (test/shared-runs.ts)
    globalSetup: ['test/shared-runs.ts'],
    reporters: ['default'],
  },
});
