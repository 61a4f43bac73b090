/**
 * Writer locks for a dataset directory (proper-lockfile: an atomic `mkdir` whose mtime the holder refreshes,
 * so a lock whose holder died goes stale after {@link STALE_MS}). Beside each lock, `<name>.owner.json` names the
 * holder (host, pid, process start time): on the same host a lock whose process is gone is taken over at once,
 * so `kill -9` never leaves a directory stuck. Locks live in `DIR/.uisynth/locks/` (not part of the dataset).
 */
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { UsageError } from '../core/errors.js';

/** How long a lock may lack its owner file before it counts as left by a process killed while taking it, in ms. */
const OWNER_GRACE_MS = 5000;
/** A lock not refreshed for this long is stale (holder dead or hung), in ms. */
export const STALE_MS = 20_000;

interface Owner {
  host: string;
  pid: number;
  start: string | null;
  what: string;
}

/** Kernel start time of `pid` (field 22 of /proc/PID/stat), or null where /proc is not available. */
function procStart(pid: number): string | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return s.slice(s.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** True when `o` names a process on this host that no longer runs (or a reused pid). */
function ownerDead(o: Owner): boolean {
  if (o.host !== hostname()) return false;
  try {
    process.kill(o.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return true;
  }
  const now = procStart(o.pid);
  return o.start !== null && now !== null && now !== o.start;
}

/** A held lock. `compromised` is set when the lock could not be refreshed (then the run must stop). */
export interface HeldLock {
  release(): Promise<void>;
  compromised?: Error;
}

/**
 * Take lock `name` on directory `dir`.
 * @param what how the holder is described to a refused run, e.g. `writing slice 1/3`
 * @param waitMs how long to wait for a live holder (0: refuse at once)
 * @throws UsageError (one line naming the holder and what to do) when a live process holds the lock
 */
export async function acquireLock(dir: string, name: string, what: string, waitMs = 0): Promise<HeldLock> {
  const locks = join(dir, '.uisynth', 'locks');
  await mkdir(locks, { recursive: true });
  const lockPath = join(locks, `${name}.lock`);
  const ownerPath = join(locks, `${name}.owner.json`);
  const held: HeldLock = { release: async () => {} };
  const opts = {
    realpath: false,
    lockfilePath: lockPath,
    stale: STALE_MS,
    onCompromised: (err: Error) => {
      held.compromised = err;
    },
  };
  const deadline = Date.now() + waitMs;
  for (let attempt = 0; ; attempt++) {
    try {
      const release = await lockfile.lock(join(locks, name), opts);
      const me: Owner = { host: hostname(), pid: process.pid, start: procStart(process.pid), what };
      await writeFile(ownerPath + '.partial', JSON.stringify(me) + '\n');
      await rename(ownerPath + '.partial', ownerPath); // never a half-written owner file
      held.release = async () => {
        await rm(ownerPath, { force: true });
        await release().catch(() => {});
      };
      return held;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ELOCKED') throw e;
      let owner: Owner | undefined;
      try {
        owner = JSON.parse(await readFile(ownerPath, 'utf8')) as Owner;
      } catch {
        /* the holder has not written its owner file yet */
      }
      if (owner && ownerDead(owner) && attempt < 3) {
        await rm(lockPath, { recursive: true, force: true });
        continue;
      }
      if (!owner && attempt < 1000) {
        // A holder writes its owner file right after taking the lock; a lock without one for OWNER_GRACE_MS
        // belongs to a process killed in between (kill -9): take it over. Until then, wait for the file.
        const since = await stat(lockPath).then((st) => Date.now() - st.mtimeMs, () => null);
        if (since === null) continue; // released meanwhile
        if (since > OWNER_GRACE_MS) await rm(lockPath, { recursive: true, force: true });
        else await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      if (Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        continue;
      }
      const who = owner ? `process ${owner.pid} on ${owner.host} (${owner.what})` : 'another uisynth process';
      throw new UsageError(
        `--out: ${dir} is locked by ${who}; wait for it to finish, or choose another --out (a lock left by a dead process is taken over at once on this host, and ${STALE_MS / 1000} s after that process stopped when it ran on another host)`,
        '--out',
      );
    }
  }
}
