import { describe, expect, it } from 'vitest';
import { ByteLruCache } from './raster-cache.ts';

const bytes = (length: number) => Buffer.alloc(length, 1);

describe('ByteLruCache', () => {
  it('keeps entries until the byte bound, then drops the least recently used first', () => {
    const cache = new ByteLruCache(30);
    cache.set('a', bytes(10));
    cache.set('b', bytes(10));
    cache.set('c', bytes(10));
    expect(cache.get('a')?.length).toBe(10); // a is now the most recently used
    cache.set('d', bytes(10));
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')].every(Boolean)).toBe(true);
    expect(cache.bytes).toBe(30);
  });

  it('replaces an entry without counting it twice, and never keeps one larger than the bound', () => {
    const cache = new ByteLruCache(20);
    cache.set('a', bytes(10));
    cache.set('a', bytes(15));
    expect(cache.bytes).toBe(15);
    expect(cache.size).toBe(1);
    cache.set('huge', bytes(21));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('a')?.length).toBe(15);
  });
});
