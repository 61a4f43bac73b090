/**
 * The launcher in the first two lines of bin/uisynth.js: started as a program, /bin/sh exports the memory
 * environment (unless the user set it) and execs node on the same file, in the same process. A stand-in `node`
 * first on PATH reports what it received (its environment, arguments and PID); node itself must read the file
 * as JavaScript (the `--version` case runs the real node on it).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', 'bin', 'uisynth.js');
const dir = mkdtempSync(join(tmpdir(), 'uisynth-launcher-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(
  join(dir, 'node'),
  '#!/bin/sh\nprintf \'%s\\n\' "pid=$$" "arena=$MALLOC_ARENA_MAX" "mmap=$MALLOC_MMAP_THRESHOLD_" "uv=${UV_THREADPOOL_SIZE-unset}"; for a in "$@"; do printf \'arg=%s\\n\' "$a"; done\n',
);
chmodSync(join(dir, 'node'), 0o755);

function launch(args: string[], env: NodeJS.ProcessEnv = {}): { pid: number; lines: string[] } {
  const base = { ...process.env };
  delete base.MALLOC_ARENA_MAX;
  delete base.MALLOC_MMAP_THRESHOLD_;
  delete base.UV_THREADPOOL_SIZE;
  const r = spawnSync(BIN, args, { encoding: 'utf8', env: { ...base, ...env, PATH: `${dir}:${process.env.PATH}` } });
  expect(r.status, r.stderr).toBe(0);
  return { pid: r.pid!, lines: r.stdout.trim().split('\n') };
}

describe('bin/uisynth.js launcher', () => {
  it('exports MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=1048576 and execs node in the same process with the arguments intact', () => {
    const { pid, lines } = launch(['captcha', '--types', 'a b,*', '--out', "it's"]);
    expect(lines).toEqual([`pid=${pid}`, 'arena=2', 'mmap=1048576', 'uv=unset', `arg=${BIN}`, 'arg=captcha', 'arg=--types', 'arg=a b,*', 'arg=--out', "arg=it's"]);
  });

  it("keeps the user's own values", () => {
    const { lines } = launch(['types'], { MALLOC_ARENA_MAX: '8', MALLOC_MMAP_THRESHOLD_: '65536' });
    expect(lines.slice(1, 3)).toEqual(['arena=8', 'mmap=65536']);
  });

  it('is JavaScript to node (the launcher lines are a string statement and a comment)', () => {
    const r = spawnSync(process.execPath, [BIN, '--version'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

/**
 * Too few file descriptors (issue 16): below 128 uisynth used to hang for ever in start-up at some limits
 * (node:module's loader-hooks worker could not create its event loop and the main thread waited on it,
 * ignoring SIGTERM), crash with a TypeError at others, or fail mid-run. Now one line naming EMFILE and the fix,
 * exit 3, at every limit, whether started through the launcher (/bin/sh checks `ulimit -n`) or as `node
 * bin/uisynth.js` (a probe opens descriptors up to number 127). Below 13 /bin/sh (dash) cannot open the script or a pipe,
 * and node itself aborts below about 20: nothing of ours runs there. No timing: the SIGKILL after 10 minutes
 * only turns a hang (the old failure) into a failed assertion instead of a stuck test run.
 */
describe('open-file limit (ulimit -n)', () => {
  const out = join(dir, 'fd-out');
  const underLimit = (n: number, cmd: string) =>
    spawnSync('bash', ['-c', `ulimit -n ${n} && exec ${cmd} captcha --count 2 --quiet --out "${out}"`], {
      encoding: 'utf8',
      timeout: 600_000,
      killSignal: 'SIGKILL',
    });
  const LINE = /^uisynth: too many open files \(EMFILE\): the open-file limit \(ulimit -n\) is (\d+, )?below the 128 uisynth needs: raise the limit \(ulimit -n 1024\) and rerun\n$/;

  /** Started as `cmd` under open-file limit `n`: no hang, exit 3, the one line naming the limit, nothing written. */
  const refusedAt = (n: number, cmd: string): void => {
    const r = underLimit(n, cmd);
    expect(r.signal, 'killed after hanging').toBeNull();
    expect(r.status, r.stderr).toBe(3);
    expect(r.stderr).toMatch(LINE);
    expect(r.stderr).toContain(`is ${n}, below the 128 uisynth needs`);
    expect(existsSync(out)).toBe(false);
  };

  it.each([13, 16, 20, 24, 28, 32, 40, 48, 64, 96, 127])('launcher at %i: one line, exit 3', (n) => refusedAt(n, `"${BIN}"`));

  it.each([20, 24, 28, 32, 40, 48, 64, 96, 127])('node bin/uisynth.js at %i: one line, exit 3', (n) => refusedAt(n, `"${process.execPath}" "${BIN}"`));

  it('a grounding run below the 256 Chromium needs: one line, exit 3, nothing written (it stalled mid-run at 128); at 256 it completes', () => {
    const grounding = (n: number) =>
      spawnSync('bash', ['-c', `ulimit -n ${n} && exec "${BIN}" grounding --count 1 --quiet --out "${out}-g${n}"`], { encoding: 'utf8', timeout: 600_000, killSignal: 'SIGKILL' });
    const low = grounding(255);
    expect(low.signal, 'killed after hanging').toBeNull();
    expect(low.status, low.stderr).toBe(3);
    expect(low.stderr).toBe('uisynth: too many open files (EMFILE): the open-file limit (ulimit -n) is 255, below the 256 Chromium needs to render pages: raise the limit (ulimit -n 1024) and rerun\n');
    expect(existsSync(`${out}-g255`)).toBe(false);
    const ok = grounding(256);
    expect(ok.signal, 'killed after hanging').toBeNull();
    expect(ok.status, ok.stderr).toBe(0);
    expect(existsSync(join(`${out}-g256`, 'manifest.json'))).toBe(true);
  });

  it('at 128 a run completes (the minimum is not above what a run needs)', () => {
    const r = underLimit(128, `"${BIN}"`);
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(join(out, 'manifest.json'))).toBe(true);
  });
});
