/**
 * One headless Chromium per test file. `const pool = usePool()` at the top of a file launches a
 * {@link BrowserPool} before the file's first test and closes it after its last; tests and hooks call
 * `pool()` to reach it. Register it before any `beforeAll` that renders: hooks run in the order they are
 * registered, and the pool closes after every other `afterAll` (vitest runs after-hooks in reverse).
 * No time limit of its own: the suite's hang guards (vitest.config.ts) apply.
 */
import { afterAll, beforeAll } from 'vitest';
import { BrowserPool, type LaunchOptions } from '../renderers/browser.js';

/**
 * Launch one pool for the calling test file.
 * @param opts launch options (default: one page at a time)
 * @returns a getter for the pool; it throws when called before the pool is launched (at collection time)
 */
export function usePool(opts: LaunchOptions = { concurrency: 1 }): () => BrowserPool {
  let pool: BrowserPool | undefined;
  beforeAll(async () => {
    pool = await BrowserPool.launch(opts);
  });
  afterAll(async () => {
    await pool?.close();
  });
  return () => {
    if (!pool) throw new Error('usePool(): the browser is launched in beforeAll; call pool() inside a test or hook');
    return pool;
  };
}
