/**
 * Writer locks (dataset/lock.ts) left behind by a process killed at the worst moment: after taking the lock,
 * before writing its owner file. The next writer takes such a lock over instead of refusing for STALE_MS.
 */
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync, readFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { acquireLock } from '../dataset/lock.js';

describe('writer lock', () => {
  it('a lock without an owner file (holder killed right after taking it) is taken over; a live holder refuses', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'uisynth-lock-'));
    try {
      const locks = join(dir, '.uisynth', 'locks');
      mkdirSync(join(locks, 'slice.lock'), { recursive: true });
      const old = new Date(Date.now() - 8000);
      utimesSync(join(locks, 'slice.lock'), old, old);
      const held = await acquireLock(dir, 'slice', 'writing slice 0/1');
      const owner = JSON.parse(readFileSync(join(locks, 'slice.owner.json'), 'utf8'));
      expect(owner.pid).toBe(process.pid);
      expect(existsSync(join(locks, 'slice.owner.json.partial'))).toBe(false);
      // held by a live process (this one, as another holder would be): refused in one line naming it
      await expect(acquireLock(dir, 'slice', 'writing slice 0/1')).rejects.toThrow(new RegExp(`locked by process ${process.pid} on .* \\(writing slice 0/1\\)`));
      await held.release();
      // a dead holder's owner file (pid that does not run) is taken over too
      mkdirSync(join(locks, 'slice.lock'));
      writeFileSync(join(locks, 'slice.owner.json'), JSON.stringify({ host: hostname(), pid: 2 ** 22 + 7, start: '1', what: 'x' }));
      const again = await acquireLock(dir, 'slice', 'writing slice 0/1');
      await again.release();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
