/**
 * How the dataset writer (dataset/write.ts) classifies a failure:
 * - a {@link SampleError} (unsolvable puzzle, page timeout) is a sample-level reject, logged per shard;
 * - a file-system or OS refusal (disk full, no permission, too many open files, I/O error) or a dead
 *   Chromium is an environment fault: the run stops, nothing unsealed is kept as complete, and the CLI prints
 *   one line naming the cause and what to do (exit 3) — see {@link ioFault};
 * - anything else is a bug in uisynth: the run stops loudly with the stack trace in a log file
 *   ({@link InternalError}, exit 1).
 */
import { accessSync, appendFileSync, constants, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { EnvironmentError } from '../core/errors.js';

/** What to do for each errno we expect from the file system, phrased after "<cause> (<CODE>) <doing> <path>: ". */
const ERRNO_HINTS: Record<string, [cause: string, todo: string]> = {
  ENOSPC: ['no space left on the device', 'free some space or choose another --out, then rerun the same command (complete shards are kept)'],
  EDQUOT: ['disk quota exceeded', 'free some space or raise the quota, then rerun the same command (complete shards are kept)'],
  EACCES: ['permission denied', 'make the directory writable by this user or choose another directory'],
  EPERM: ['operation not permitted', 'make the directory writable by this user or choose another directory'],
  EROFS: ['read-only file system', 'choose a directory on a writable file system'],
  EMFILE: ['too many open files in this process', 'raise the limit (ulimit -n) or lower --concurrency, then rerun the same command'],
  ENFILE: ['too many open files on this system', 'close other programs or raise fs.file-max, then rerun the same command'],
  EIO: ['input/output error from the device', 'check the disk (dmesg), then rerun the same command (complete shards are kept)'],
  ENOTDIR: ['a path component is a file, not a directory', 'choose another directory'],
  ENAMETOOLONG: ['path too long', 'choose a shorter directory'],
  ENOENT: ['a directory disappeared while writing', 'check that nothing else deletes files under the output directory, then rerun'],
  EBUSY: ['resource busy', 'rerun the same command when the device is free'],
  ESTALE: ['stale network file handle', 'remount the network file system, then rerun the same command'],
  ENXIO: ['no such device', 'check the disk, then rerun'],
  ENODEV: ['no such device', 'choose a directory on a regular file system'],
  ELOOP: ['too many symbolic links', 'choose another directory'],
};

/** Codes that, on a two-path call (copy, rename), can only be about the target's file system. */
const TARGET_SIDE = new Set(['ENOSPC', 'EDQUOT', 'EROFS']);

/** Messages of Playwright/Chromium errors that mean the browser process itself died (killed, out of memory). */
const BROWSER_DEAD = /Target page, context or browser has been closed|Browser has been closed|browser has disconnected|Browser closed|Target closed|crashed/i;

/**
 * The environment fault `e` is, as a one-line {@link EnvironmentError}, or undefined when `e` is not one.
 * @param doing what was being done, e.g. `writing` (used as "<cause> (<CODE>) writing <path>")
 * @param fallbackPath the path named when the error carries none (errors of `write(2)` have no path)
 */
export function ioFault(e: unknown, doing = 'at', fallbackPath?: string): EnvironmentError | undefined {
  if (e instanceof EnvironmentError) return e;
  const err = e as NodeJS.ErrnoException | undefined;
  let code = err?.code;
  if (code === 'ENOENT' && err?.syscall === 'mkdir' && err.path) {
    // Node's recursive mkdir reports a read-only or special file system as ENOENT: ask the parent directly
    const parent = existingParent(err.path);
    try {
      if (parent) accessSync(parent, constants.W_OK);
    } catch (a) {
      const real = (a as NodeJS.ErrnoException).code;
      if (real && ERRNO_HINTS[real]) code = real;
    }
  }
  if (typeof code === 'string' && ERRNO_HINTS[code] && (err!.syscall !== undefined || err!.errno !== undefined)) {
    const [cause, todo] = ERRNO_HINTS[code]!;
    // copyfile, rename and link errors carry both paths (`path` the source, `dest` the target): a full or
    // read-only disk is the target's (merge copying shards onto a full disk named the intact source file)
    const dest = (err as { dest?: unknown }).dest;
    const where =
      typeof dest === 'string' && err!.path
        ? TARGET_SIDE.has(code)
          ? ` writing ${dest}`
          : ` copying ${err!.path} to ${dest}`
        : (err!.path ?? fallbackPath)
          ? ` ${doing} ${err!.path ?? fallbackPath}`
          : '';
    return new EnvironmentError(`${cause} (${code})${where}: ${todo}`);
  }
  const msg = String((err as Error | undefined)?.message ?? '');
  if (BROWSER_DEAD.test(msg) && /browser|target|page|context/i.test(msg))
    return new EnvironmentError(
      `Chromium exited while rendering (${msg.split('\n')[0]!.slice(0, 120)}): it was killed or ran out of memory; lower --concurrency or free memory, then rerun the same command (complete shards are kept)`,
    );
  return undefined;
}

/** The nearest existing ancestor of `path` (or undefined). */
function existingParent(path: string): string | undefined {
  for (let d = dirname(path); ; d = dirname(d)) {
    if (existsSync(d)) return d;
    if (dirname(d) === d) return undefined;
  }
}

/** A bug in uisynth: the run stopped; `log` holds the stack trace. The CLI prints the message and exits 1. */
export class InternalError extends Error {
  override name = 'InternalError';
  constructor(message: string, public readonly log: string, public readonly original: unknown) {
    super(message);
  }
}

/**
 * Write `e`'s stack trace (with `context` lines) to `DIR/.uisynth/error.log` (appended; falls back to the
 * temp directory when DIR is not writable) and return an {@link InternalError} naming that file.
 */
export function internalError(e: unknown, dir: string, context: string): InternalError {
  const text = `--- ${new Date().toISOString()} pid ${process.pid}: ${context}\n${(e as Error)?.stack ?? String(e)}\n`;
  let log = join(dir, '.uisynth', 'error.log');
  try {
    mkdirSync(join(dir, '.uisynth'), { recursive: true });
    appendFileSync(log, text);
  } catch {
    log = join(tmpdir(), `uisynth-error-${process.pid}.log`);
    appendFileSync(log, text);
  }
  const first = String((e as Error)?.message ?? e).split('\n')[0];
  return new InternalError(`internal error (a bug in uisynth) ${context}: ${first}; stack trace in ${log}; please report it with that file`, log, e);
}
