import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // Chromium-heavy suites on a 2-core machine: two files at a time.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
