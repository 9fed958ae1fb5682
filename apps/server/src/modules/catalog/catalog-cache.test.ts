import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_CACHE_TTL_MS,
  CatalogueReplyCache,
  etagOf,
  invalidateCatalogueCache,
} from './catalog-cache.ts';

function counter(payload: () => unknown = () => ({ n: 1 })) {
  let calls = 0;
  return {
    load: async () => {
      calls += 1;
      return { statusCode: 200, payload: payload() };
    },
    get calls() {
      return calls;
    },
  };
}

describe('CatalogueReplyCache', () => {
  it('serves a reply from memory until its TTL runs out, with the body serialised once and a strong ETag', async () => {
    let now = 1_000;
    const cache = new CatalogueReplyCache(() => now);
    const source = counter();
    const first = await cache.get('k', source.load);
    expect(first).toEqual({ statusCode: 200, body: '{"n":1}', etag: etagOf('{"n":1}') });
    expect(first.etag).toMatch(/^"[\w-]{27}"$/);
    now += CATALOGUE_CACHE_TTL_MS - 1;
    await cache.get('k', source.load);
    expect(source.calls).toBe(1);
    // Bounded staleness: a change made elsewhere shows once the entry expires.
    now += 1;
    await cache.get('k', source.load);
    expect(source.calls).toBe(2);
  });

  it('a burst of identical misses costs one load', async () => {
    const cache = new CatalogueReplyCache();
    const source = counter();
    await Promise.all(Array.from({ length: 20 }, () => cache.get('k', source.load)));
    expect(source.calls).toBe(1);
  });

  it('invalidateCatalogueCache drops every entry at once, also of other caches', async () => {
    const a = new CatalogueReplyCache();
    const b = new CatalogueReplyCache();
    const source = counter();
    await a.get('k', source.load);
    await b.get('k', source.load);
    invalidateCatalogueCache();
    await a.get('k', source.load);
    await b.get('k', source.load);
    expect(source.calls).toBe(4);
  });

  it('a load that started before an invalidation is not kept', async () => {
    const cache = new CatalogueReplyCache();
    let price = 10;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = cache.get('k', async () => {
      const seen = price;
      await gate;
      return { statusCode: 200, payload: { price: seen } };
    });
    price = 20;
    invalidateCatalogueCache();
    release();
    expect((await slow).body).toBe('{"price":10}');
    const fresh = await cache.get('k', async () => ({ statusCode: 200, payload: { price } }));
    expect(fresh.body).toBe('{"price":20}');
  });

  it('a failed load is not cached', async () => {
    const cache = new CatalogueReplyCache();
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    const ok = await cache.get('k', counter().load);
    expect(ok.statusCode).toBe(200);
    expect(cache.size).toBe(1);
  });
});
