/**
 * A byte-bounded least-recently-used cache of file contents, used by renderers/browser.ts to keep the project
 * assets it serves to Chromium (fonts, icons, stylesheets) in memory without growing with the run length.
 */
export class AssetCache {
  /** Insertion order is recency order: the first entry is the least recently used. */
  private readonly entries = new Map<string, Buffer>();
  private size = 0;

  /** @param maxBytes total bytes kept (sum of the buffers' lengths); a buffer longer than this is not kept. */
  constructor(readonly maxBytes: number) {}

  /** Total bytes held. */
  get bytes(): number {
    return this.size;
  }

  /** The cached bytes of `key` (now the most recently used), or undefined. */
  get(key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  /** Keep `buf` under `key` as the most recently used, evicting least recently used entries beyond `maxBytes`. */
  set(key: string, buf: Buffer): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.size -= old.length;
    }
    if (buf.length > this.maxBytes) return;
    this.entries.set(key, buf);
    this.size += buf.length;
    for (const [k, v] of this.entries) {
      if (this.size <= this.maxBytes) break;
      this.entries.delete(k);
      this.size -= v.length;
    }
  }

  /** Keys from least to most recently used. */
  keys(): string[] {
    return [...this.entries.keys()];
  }
}
