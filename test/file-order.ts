/**
 * Order of test files for `vitest run`: the longest first (vitest.config.ts `sequence.sequencer`).
 *
 * The suite runs three files at a time (vitest.config.ts maxWorkers) from one first-in-first-out queue. Vitest's own order
 * uses the durations of the previous run on this machine (node_modules/.vite/vitest/.../results.json) and,
 * in a fresh clone (CI), file size, which puts a 1-minute Chromium file last as easily as first: one worker
 * then runs it alone at the end while the other idles. Longest-first from known costs keeps the
 * workers busy until all finish (longest-processing-time-first: for m workers, within 4/3 - 1/(3m) of the best order).
 *
 * Costs are seconds per file from test/file-costs.json, written from vitest's results cache of a whole-suite
 * run by `node scripts/test-file-costs.mjs` (see there). A file not in the table (a new test) takes
 * the previous run's duration from vitest's cache when there is one, else 1 s. Only the order depends on
 * the costs: every file runs whatever they say.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Seconds per test file, keyed by the path relative to the repository root (`test/foo.test.ts`). */
export const FILE_COSTS: Record<string, number> = JSON.parse(readFileSync(join(import.meta.dirname, 'file-costs.json'), 'utf8'));

/** Longest-first order of test files (see the file comment). */
export class LongestFirstSequencer extends BaseSequencer {
  /**
   * @param files the test files vitest found
   * @returns the same files, by known cost descending (ties by path, so the order is the same every run)
   */
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const cost = (f: TestSpecification): number => {
      const rel = relative(root, f.moduleId);
      const known = FILE_COSTS[rel];
      if (known !== undefined) return known;
      const cached = this.ctx.cache.getFileTestResults(`${f.project.name}:${rel}`);
      return cached ? cached.duration / 1000 : 1;
    };
    const withCost = files.map((f) => ({ f, c: cost(f), rel: relative(root, f.moduleId) }));
    withCost.sort((a, b) => b.c - a.c || (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
    return withCost.map((x) => x.f);
  }
}
