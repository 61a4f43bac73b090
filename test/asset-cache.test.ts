import { describe, expect, it } from 'vitest';
import { AssetCache } from '../renderers/asset-cache.js';

const b = (n: number): Buffer => Buffer.alloc(n);

describe('AssetCache (renderers/asset-cache.ts): byte-bounded, least recently used out first', () => {
  it('keeps at most maxBytes, evicting the least recently used, and a read refreshes an entry', () => {
    const c = new AssetCache(100);
    c.set('a', b(40));
    c.set('b', b(40));
    expect(c.get('a')?.length).toBe(40); // a is now more recent than b
    c.set('c', b(40)); // 120 > 100: b (least recently used) goes
    expect(c.keys()).toEqual(['a', 'c']);
    expect(c.bytes).toBe(80);
    expect(c.get('b')).toBeUndefined();
    c.set('d', b(70)); // 150: a, then c go until <= 100
    expect(c.keys()).toEqual(['d']);
    expect(c.bytes).toBe(70);
  });

  it('replacing a key counts its new size once; a buffer larger than the bound is not kept', () => {
    const c = new AssetCache(100);
    c.set('a', b(30));
    c.set('a', b(50));
    expect(c.bytes).toBe(50);
    c.set('big', b(101));
    expect(c.get('big')).toBeUndefined();
    expect(c.keys()).toEqual(['a']);
    c.set('a', b(101)); // an oversized replacement drops the old entry too
    expect(c.keys()).toEqual([]);
    expect(c.bytes).toBe(0);
  });
});
