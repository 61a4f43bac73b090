/**
 * Durable file writes: a file under its final name is whole, also after a crash or a power loss. Data goes
 * to `<name>.partial`, is flushed to the device (fsync) and only then renamed; a rename is durable once its
 * directory is flushed ({@link syncDir}), which the callers do before they seal anything that depends on it
 * (the shard writer, dataset/write.ts, and merge, dataset/merge.ts).
 */
import { copyFile, open, rename } from 'node:fs/promises';

/** Name the file in a `write(2)`/`fsync(2)` error, which carries no path, for the one-line message. */
function withPath(e: unknown, path: string): unknown {
  if (e && typeof e === 'object' && !(e as NodeJS.ErrnoException).path) (e as NodeJS.ErrnoException).path = path;
  return e;
}

/** fsync the file at `path`. */
async function syncFile(path: string): Promise<void> {
  const fh = await open(path, 'r+');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/**
 * Write `data` to `path` via `path.partial`, fsynced before the rename.
 * @throws the file-system error (ENOSPC, EACCES, ...), with `path` set to the temporary file when the
 *   syscall gave none; the `.partial` file may remain (callers remove them when a run stops)
 */
export async function writeAtomic(path: string, data: string | Buffer): Promise<void> {
  const tmp = path + '.partial';
  try {
    const fh = await open(tmp, 'w');
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch (e) {
    throw withPath(e, tmp);
  }
  await rename(tmp, path);
}

/** Copy `src` to `dest` via `dest.partial`, fsynced before the rename. @throws the file-system error */
export async function copyAtomic(src: string, dest: string): Promise<void> {
  const tmp = dest + '.partial';
  await copyFile(src, tmp);
  try {
    await syncFile(tmp);
  } catch (e) {
    throw withPath(e, tmp);
  }
  await rename(tmp, dest);
}

/** fsync a directory: makes the creations and renames of its entries durable. @throws the file-system error */
export async function syncDir(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}
