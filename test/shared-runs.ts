/**
 * CLI runs shared by several test files of one `vitest run`: the same `uisynth` command (the same
 * arguments) is run once, by the first file that asks for it, and the other files read the same output.
 * test/grounding-coverage.test.ts and test/grounding-container-queries.test.ts both check a 7-page,
 * all-locale generated run; each used to make its own.
 *
 * Where: a directory the suite's global set-up makes for this run (vitest.config.ts `globalSetup`,
 * {@link setup}) and removes at its end, so nothing is ever read from an earlier run. Files run in
 * separate worker processes, so the hand-over is on disk: the first asker creates `KEY.lock` (mkdir is
 * atomic), runs the command into `KEY.partial` and renames it to `KEY`, or writes `KEY.failed` with the
 * exit status and stderr; the others poll for either. Outside that set-up (another config) every caller
 * makes its own run in a fresh temporary directory.
 * Also {@link cliInBackground}: the CLI in a child process that a file awaits later.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Directory of the runs shared by test files ({@link sharedRun}). */
    sharedRunsDir: string;
  }
}

/** The 7-page generated run in all 7 locales (seed 11) that the coverage and container-query tests check. */
export const GENERATED_ALL_LOCALES: readonly string[] = ['grounding', '--count', '7', '--seed', '11', '--locales', 'all', '--quiet'];

/**
 * The `uisynth grounding --pages` run over the corpus of pages written like real sites
 * (test/fixtures/pages-real) whose queries test/labels-oracle.ts judges: read by
 * test/grounding-labels.test.ts (every page) and test/grounding-container-queries.test.ts (the pages
 * with repeated items).
 */
export const CORPUS_RUN: readonly string[] = ['grounding', '--pages', 'test/fixtures/pages-real/*.html', '--quiet', '--concurrency', '2', '--page-timeout', '120'];

const ROOT = resolve(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'uisynth.js');

/** Global set-up (vitest.config.ts): make the shared-runs directory; the returned teardown removes it. */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'uisynth-shared-runs-'));
  project.provide('sharedRunsDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

/**
 * `uisynth ARGS` in a child process, without blocking the test file's event loop (unlike spawnSync), so
 * it can run while the file does other work (relative paths resolve against the repository root).
 * @returns a promise of its exit status and stderr once it ends
 */
export function cliInBackground(...args: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((done, fail) => {
    const p = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    p.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    p.once('error', fail);
    p.once('close', (status) => done({ status, stderr }));
  });
}

/**
 * The output directory of `uisynth ARGS --out DIR`, run once per `vitest run` for the same `args`
 * (relative paths resolve against the repository root). Read it only: other files read it too.
 * @param args the command without `--out`, e.g. `['grounding', '--count', '7', '--seed', '11']`
 * @returns the dataset directory
 * @throws Error with the exit status and stderr when the run failed (in every file that asked for it)
 */
export async function sharedRun(args: readonly string[]): Promise<string> {
  let base: string | undefined;
  try {
    base = inject('sharedRunsDir');
  } catch {
    base = undefined;
  }
  const fail = (r: { status: number | null; stderr: string }): never => {
    throw new Error(`uisynth ${args.join(' ')}: exit ${r.status}\n${r.stderr}`);
  };
  if (!base) {
    const out = join(mkdtempSync(join(tmpdir(), 'uisynth-run-')), 'out');
    const r = await cliInBackground(...args, '--out', out);
    return r.status === 0 ? out : fail(r);
  }
  const key = join(base, createHash('sha256').update(JSON.stringify(args)).digest('hex').slice(0, 16));
  let mine = true;
  try {
    mkdirSync(`${key}.lock`);
  } catch {
    mine = false;
  }
  if (mine) {
    const r = await cliInBackground(...args, '--out', `${key}.partial`);
    if (r.status !== 0) {
      writeFileSync(`${key}.failed`, JSON.stringify(r));
      fail(r);
    }
    renameSync(`${key}.partial`, key);
    return key;
  }
  // another file makes it: wait (the suite's hang guards apply)
  for (;;) {
    if (existsSync(key)) return key;
    if (existsSync(`${key}.failed`)) fail(JSON.parse(readFileSync(`${key}.failed`, 'utf8')) as { status: number | null; stderr: string });
    await new Promise((r) => setTimeout(r, 200));
  }
}
