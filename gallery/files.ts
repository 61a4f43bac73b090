/**
 * Which files the gallery may read: the containment rules of the server (issue 14 item 6).
 *
 * - A path taken from a dataset (a shard file from `manifest.json`, an `image.path` from a record) must be
 *   relative and stay inside the dataset root lexically: absolute paths, `..` segments, NUL bytes and
 *   backslashes are refused before touching the disk.
 * - Shards are read only when their real path (symlinks resolved) is inside the root.
 * - Images may live behind a symlink inside the root (image storage on another disk, which `validate`
 *   accepts): they are served when the resolved file is a regular file whose name ends in an image
 *   extension and whose first bytes are a PNG, JPEG or WebP signature. A symlink pointing out at
 *   anything else (`images/x.png -> /etc/passwd`, `images -> ~/.ssh`) is refused.
 * - Nothing else is served from disk: the page only ever names records by index, never by path.
 */
import { open, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, normalize, sep } from 'node:path';

/** Why a path was refused; shown to the user in the page next to the record. */
export class RefusedPath extends Error {
  override name = 'RefusedPath';
}

const IMAGE_EXT = /\.(png|jpe?g|webp)$/i;

/**
 * Join a dataset-relative path to `root`, refusing anything that could leave it lexically.
 * @param root absolute, real path of the dataset root
 * @throws RefusedPath for absolute paths, `..` segments, NUL, backslashes or empty paths
 */
export function insideRoot(root: string, rel: string): string {
  if (typeof rel !== 'string' || rel.length === 0) throw new RefusedPath('empty path');
  if (rel.includes('\0') || rel.includes('\\')) throw new RefusedPath('path holds NUL or a backslash');
  if (isAbsolute(rel)) throw new RefusedPath('absolute path');
  if (rel.split('/').includes('..')) throw new RefusedPath('path leaves the dataset (..)');
  const abs = normalize(join(root, rel));
  if (!abs.startsWith(root + sep)) throw new RefusedPath('path leaves the dataset');
  return abs;
}

/**
 * Resolve a shard file named by the manifest: inside the root lexically and after resolving symlinks.
 * @throws RefusedPath when it leaves the root or is not a regular file; the fs error (ENOENT…) when unreadable
 */
export async function shardFile(root: string, rel: string): Promise<string> {
  const abs = insideRoot(root, rel);
  const real = await realpath(abs);
  if (!real.startsWith(root + sep)) throw new RefusedPath('shard is a symlink out of the dataset');
  if (!(await stat(real)).isFile()) throw new RefusedPath('shard is not a regular file');
  return real;
}

/** MIME type from the file's first bytes, or null when it is not a PNG, JPEG or WebP. */
export function imageType(head: Buffer): string | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/**
 * Resolve a record's image for serving (rules in the module comment).
 * @returns the real path, its MIME type, size in bytes and mtime (ms)
 * @throws RefusedPath for a refused path; the fs error (ENOENT…) when missing
 */
export async function imageFile(root: string, rel: string): Promise<{ path: string; type: string; size: number; mtimeMs: number }> {
  const abs = insideRoot(root, rel);
  if (!IMAGE_EXT.test(abs)) throw new RefusedPath('not an image file name (.png, .jpg, .webp)');
  const real = await realpath(abs);
  if (!IMAGE_EXT.test(real)) throw new RefusedPath('symlink to a file that is not an image');
  const st = await stat(real);
  if (!st.isFile()) throw new RefusedPath('not a regular file');
  const fh = await open(real, 'r');
  let head: Buffer;
  try {
    head = Buffer.alloc(12);
    await fh.read(head, 0, 12, 0);
  } finally {
    await fh.close();
  }
  const type = imageType(head);
  if (!type) throw new RefusedPath('file is not a PNG, JPEG or WebP image');
  return { path: real, type, size: st.size, mtimeMs: st.mtimeMs };
}
