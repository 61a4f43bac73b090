/**
 * Bundles the in-page modules of hittest/page/ for evaluation in a page: esbuild, one IIFE script that
 * assigns the module's exports to a global (`var __uisynthProbe = {...}`), no `__name` helpers
 * (`keepNames` off), built on first use in each process from the source files and kept in memory.
 * Takes tens of milliseconds; there is no build step to forget and nothing on disk to go stale.
 */
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';

const bundles = new Map<string, Promise<string>>();

/**
 * The IIFE script for module `entry` (a file of hittest/page/, e.g. `probe.ts`), assigning its exports
 * to `var <globalName>`. Evaluating the script again gives fresh module state.
 * @throws Error with esbuild's message when the module does not compile (our bug, not the user's).
 */
export function pageBundle(entry: string, globalName: string): Promise<string> {
  const key = `${entry}\0${globalName}`;
  let p = bundles.get(key);
  if (!p) {
    p = build({
      entryPoints: [fileURLToPath(new URL(`./page/${entry}`, import.meta.url))],
      bundle: true,
      write: false,
      format: 'iife',
      globalName,
      platform: 'browser',
      target: 'es2022',
      keepNames: false,
      // the repository's tsconfig (strict) would add "use strict": the probe has always run as a
      // classic (sloppy) script in the page, and runs the same way here
      tsconfigRaw: { compilerOptions: {} },
      minify: false,
      legalComments: 'none',
      logLevel: 'silent',
    }).then((r) => r.outputFiles[0]!.text);
    p.catch(() => bundles.delete(key));
    bundles.set(key, p);
  }
  return p;
}

/**
 * Call `exportName(arg)` of page module `entry` in `page`: the bundle is evaluated afresh (fresh module
 * state) in ONE `page.evaluate`, which returns the (awaited) result as one JSON string, much cheaper
 * than Playwright's structured serialisation for large results. `arg` and the result must be JSON.
 * @throws whatever `page.evaluate` throws (page closed or crashed, an exception in the page).
 */
export async function callInPage<A, R>(page: Page, entry: string, globalName: string, exportName: string, arg: A): Promise<R> {
  const src = await pageBundle(entry, globalName);
  const expr = `(async () => {\n${src}\nreturn JSON.stringify(await ${globalName}.${exportName}(${JSON.stringify(arg)}));\n})()`;
  return JSON.parse((await page.evaluate(expr)) as string) as R;
}
