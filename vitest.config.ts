import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Hang guards, not speed budgets: a test that finishes in 2 min on a quiet 2-core machine took over
    // 3 min at load average ~28, so the guard is far above any honest run time.
    testTimeout: 900_000,
    hookTimeout: 900_000,
    pool: 'forks',
    // Chromium-heavy suites on a 2-core machine: two files at a time.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
