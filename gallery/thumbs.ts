/**
 * Thumbnails for the gallery grid, made once with sharp and cached on disk (issue 14 item 1): the grid
 * never asks the browser to scale full-size screenshots.
 *
 * Cache key: sha256 of (real image path, size in bytes, mtime, thumbnail width), so a regenerated image
 * gets a new thumbnail and a crafted record cannot borrow another image's thumbnail by claiming its hash.
 * Files: `<cacheDir>/<key>.webp`, written through a temporary name and a rename.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { homedir } from 'node:os';
import sharp from 'sharp';

/** Thumbnail width in image px (height follows the aspect ratio, at most 2× the width). */
export const THUMB_WIDTH = 320;

/** Default cache directory: `$XDG_CACHE_HOME/uisynth/thumbs` or `~/.cache/uisynth/thumbs`. */
export function defaultThumbDir(): string {
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'uisynth', 'thumbs');
}

const inflight = new Map<string, Promise<string>>();
let running = 0;
const waiting: Array<() => void> = [];
/** At most two sharp jobs at once: the gallery shares the machine with generators. */
async function slot<T>(f: () => Promise<T>): Promise<T> {
  if (running >= 2) await new Promise<void>((ok) => waiting.push(ok));
  running++;
  try {
    return await f();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * Path of the cached WebP thumbnail of `src` (made now when missing).
 * @param src real path of a served image (gallery/files.ts `imageFile`)
 * @throws the sharp error when the image cannot be decoded; the fs error when the cache is not writable
 */
export async function thumbnail(src: { path: string; size: number; mtimeMs: number }, cacheDir: string): Promise<string> {
  const key = createHash('sha256').update(`${src.path}\0${src.size}\0${src.mtimeMs}\0${THUMB_WIDTH}`).digest('hex');
  const out = join(cacheDir, `${key}.webp`);
  if (existsSync(out)) return out;
  const running = inflight.get(key);
  if (running) return running;
  const job = slot(async () => {
    await mkdir(cacheDir, { recursive: true });
    const tmp = `${out}.${process.pid}.partial`;
    await sharp(src.path).resize({ width: THUMB_WIDTH, height: THUMB_WIDTH * 2, fit: 'inside', withoutEnlargement: true }).webp({ quality: 78, effort: 2 }).toFile(tmp);
    await rename(tmp, out);
    return out;
  }).finally(() => inflight.delete(key));
  inflight.set(key, job);
  return job;
}
