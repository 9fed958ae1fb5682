import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_CACHE_TTL_MS,
  CatalogueCache,
  CatalogueReplyCache,
  catalogueCacheMaxAge,
  etagOf,
  invalidateCatalogueCache,
  invalidateCatalogueProducts,
  limitCatalogueCacheAge,
  UNLISTENED_MAX_AGE_MS,
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

  it("[I13-notify] a change of some products drops their pages and every list, and keeps the other products' pages", async () => {
    const cache = new CatalogueReplyCache();
    const source = counter();
    const keys = ['product?1', 'product?2', 'product?12', 'browseProducts?1', 'categoryProducts?3&1'];
    for (const key of keys) await cache.get(key, source.load);
    expect(source.calls).toBe(5);
    invalidateCatalogueProducts([1]);
    for (const key of keys) await cache.get(key, source.load);
    // product?1 and the two lists loaded again; product?2 and product?12 (not 1) still cached.
    expect(source.calls).toBe(8);
    for (const key of keys) await cache.get(key, source.load);
    expect(source.calls).toBe(8);
  });

  it('[I13-notify] a load in flight when its product changes is served to its caller but not kept', async () => {
    const cache = new CatalogueReplyCache();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = cache.get('product?7', async () => {
      await gate;
      return { statusCode: 200, payload: { qty: 1 } };
    });
    invalidateCatalogueProducts([7]);
    release();
    expect((await slow).body).toBe('{"qty":1}');
    const fresh = await cache.get('product?7', async () => ({ statusCode: 200, payload: { qty: 0 } }));
    expect(fresh.body).toBe('{"qty":0}');
  });

  it('[I13-notify] listing id caches that do not depend on stock keep their lists when stock changes', async () => {
    const listings = new CatalogueCache<number[]>(10, Date.now, { dependsOnStock: false });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return [1, 2, 3];
    };
    await listings.get('all', load);
    invalidateCatalogueProducts([2]);
    await listings.get('all', load);
    expect(loads).toBe(1);
    invalidateCatalogueCache();
    await listings.get('all', load);
    expect(loads).toBe(2);
  });

  it('[I13-notify] while cross-process invalidation is not listening, no reply older than a second is served', async () => {
    let now = 50_000;
    const cache = new CatalogueReplyCache(() => now);
    const source = counter();
    await cache.get('k', source.load);
    const release = limitCatalogueCacheAge();
    try {
      expect(catalogueCacheMaxAge()).toBe(UNLISTENED_MAX_AGE_MS);
      now += UNLISTENED_MAX_AGE_MS - 1;
      await cache.get('k', source.load);
      expect(source.calls).toBe(1);
      now += 1;
      await cache.get('k', source.load);
      expect(source.calls).toBe(2);
    } finally {
      release();
      release(); // twice is harmless
    }
    expect(catalogueCacheMaxAge()).toBe(CATALOGUE_CACHE_TTL_MS);
    now += UNLISTENED_MAX_AGE_MS;
    await cache.get('k', source.load);
    expect(source.calls).toBe(2);
  });
});

describe('[I13-hotpath] CatalogueCache with staleWhileRefresh (the listing id snapshots)', () => {
  /** A load that waits for release() and answers the next value of `values`. */
  function slowSource(values: number[][]) {
    let loads = 0;
    const releases: (() => void)[] = [];
    return {
      load: () =>
        new Promise<number[]>((resolve) => {
          const value = values[loads] ?? [];
          loads += 1;
          releases.push(() => resolve(value));
        }),
      release: () => releases.shift()?.(),
      get loads() {
        return loads;
      },
    };
  }
  const snapshots = (now: () => number) =>
    new CatalogueCache<number[]>(10, now, { dependsOnStock: false, staleWhileRefresh: true });
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('[I13-hotpath] a read of an aged-out snapshot answers at once with it while ONE refresh replaces it', async () => {
    let now = 100_000;
    const cache = snapshots(() => now);
    const source = slowSource([
      [1, 2],
      [1, 2, 3],
    ]);
    const first = cache.get('all', source.load);
    source.release();
    expect(await first).toEqual([1, 2]);

    now += CATALOGUE_CACHE_TTL_MS;
    // Five readers during the refresh: all answered from the old snapshot, without waiting for it.
    const during = await Promise.all(Array.from({ length: 5 }, () => cache.get('all', source.load)));
    expect(during).toEqual(Array.from({ length: 5 }, () => [1, 2]));
    expect(source.loads).toBe(2); // single flight: one refresh for the five

    source.release();
    await settle();
    expect(await cache.get('all', source.load)).toEqual([1, 2, 3]);
    expect(source.loads).toBe(2);
  });

  it('[I13-hotpath] an invalidated snapshot is never served stale: the reader waits for the new one', async () => {
    let now = 200_000;
    const cache = snapshots(() => now);
    const source = slowSource([[1, 2], [7]]);
    const first = cache.get('all', source.load);
    source.release();
    await first;
    now += CATALOGUE_CACHE_TTL_MS + 1;
    invalidateCatalogueCache(); // an import, here or in another process
    let answered: number[] | undefined;
    const read = cache.get('all', source.load).then((value) => {
      answered = value;
      return value;
    });
    await settle();
    expect(answered).toBeUndefined();
    source.release();
    expect(await read).toEqual([7]);
  });

  it('[I13-hotpath] nothing stale while cross-process invalidation is not listening, nor past twice the age', async () => {
    let now = 300_000;
    const cache = snapshots(() => now);
    const source = slowSource([[1], [2], [3]]);
    const load = cache.get('all', source.load);
    source.release();
    await load;

    const releaseLimit = limitCatalogueCacheAge();
    try {
      now += UNLISTENED_MAX_AGE_MS;
      let answered = false;
      const read = cache.get('all', source.load).then((value) => {
        answered = true;
        return value;
      });
      await settle();
      expect(answered).toBe(false);
      source.release();
      expect(await read).toEqual([2]);
    } finally {
      releaseLimit();
    }

    now += 2 * CATALOGUE_CACHE_TTL_MS;
    let answered = false;
    const read = cache.get('all', source.load).then((value) => {
      answered = true;
      return value;
    });
    await settle();
    expect(answered).toBe(false);
    source.release();
    expect(await read).toEqual([3]);
  });

  it('[I13-hotpath] a failed refresh keeps the old snapshot and the next read tries again', async () => {
    let now = 400_000;
    const cache = snapshots(() => now);
    let fail = false;
    let loads = 0;
    const load = async () => {
      loads += 1;
      if (fail) throw new Error('db down');
      return [loads];
    };
    expect(await cache.get('all', load)).toEqual([1]);
    now += CATALOGUE_CACHE_TTL_MS;
    fail = true;
    expect(await cache.get('all', load)).toEqual([1]);
    await settle();
    fail = false;
    expect(await cache.get('all', load)).toEqual([1]); // stale once more, while the retry runs
    await settle();
    expect(loads).toBe(3);
    expect(await cache.get('all', load)).toEqual([3]);
  });

  it('[I13-hotpath] caches without the option (the replies) still wait for the new value', async () => {
    let now = 500_000;
    const cache = new CatalogueReplyCache(() => now);
    let version = 1;
    const load = async () => ({ statusCode: 200, payload: { version } });
    await cache.get('browseProducts?1', load);
    now += CATALOGUE_CACHE_TTL_MS;
    version = 2;
    expect((await cache.get('browseProducts?1', load)).body).toBe('{"version":2}');
  });
});

describe('[I13-hotpath] CatalogueCache size', () => {
  it('[I13-hotpath] never holds more than maxEntries; when full the oldest go first and recent entries stay', async () => {
    const cache = new CatalogueCache<number>(32, Date.now);
    let loads = 0;
    const load = (n: number) => async () => {
      loads += 1;
      return n;
    };
    for (let n = 0; n < 100; n++) {
      await cache.get(`k${n}`, load(n));
      expect(cache.size).toBeLessThanOrEqual(32);
    }
    expect(loads).toBe(100);
    // The latest entry and the ones just before it are still served from memory; the first went long ago.
    expect(await cache.get('k99', load(-1))).toBe(99);
    expect(await cache.get('k90', load(-1))).toBe(90);
    expect(loads).toBe(100);
    expect(await cache.get('k0', load(-1))).toBe(-1);
  });
});
