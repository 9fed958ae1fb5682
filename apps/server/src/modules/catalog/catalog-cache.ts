import { createHash } from 'node:crypto';
import { JsonText } from './catalogue-documents.ts';

// An in-process cache of catalogue replies, in front of the service. PGlite is one connection: without
// this every browse or product request would queue behind every other query. A cached reply is the
// serialised JSON body and its strong ETag, so a hit costs a Map lookup and no serialisation.
//
// Staleness (docs/operations.md "Deployment"): every write to the catalogue or to stock sends a
// PostgreSQL NOTIFY in its transaction (catalog-notifications.ts), so it is delivered on commit. Every
// process LISTENs on its own connection and drops what the change touches: a stock change drops the
// product pages of those products and every list (tiles show stock), an import or reset drops
// everything. The writer's own process also drops everything at once, before its reply leaves
// (invalidateCatalogueCache() from the importer and checkout), which is all the embedded PGlite (one
// process) needs. While a process's listener is not listening (starting, or reconnecting after the
// connection dropped) a notification could be missed, so no entry older than a second is served
// (limitCatalogueCacheAge); on re-listening everything is dropped. So another process's change shows
// within about a second; CATALOGUE_CACHE_TTL_MS only bounds what nothing announced (a hand-made SQL
// update). Stock shown by the catalogue is a hint anyway: it is checked again, under a lock, when an
// order is placed (DECISIONS.md "Catalogue, cart and orders"). Each app has its own cache
// (CatalogueReplyCache); the counters below are one for the process, so the importer and the listener
// invalidate them all without a handle on any.

/** How long a reply is served from memory when nothing invalidates it. Short on purpose, and not a setting. */
export const CATALOGUE_CACHE_TTL_MS = 5_000;

/** The most a reply may be served for while cross-process invalidation is not listening. */
export const UNLISTENED_MAX_AGE_MS = 1_000;

/** Enough for every page of the demo shop and the hot pages of a large one; oldest entries go first. */
const MAX_REPLIES = 5_000;

export interface CachedReply {
  statusCode: number;
  body: string;
  etag: string;
}

/** When a value was loaded: the counters it was loaded under, and the time its load began. */
interface Stamp {
  generation: number;
  sequence: number;
  loadedAt: number;
  /** The product of a single product's reply (`product?<id>`), read from the key once. */
  product: number | undefined;
}

interface Entry<T> {
  value: T;
  stamp: Stamp;
}

/**
 * Bumped by invalidateCatalogueCache(): an entry, or a load in flight, from an older generation is never
 * served again. One counter for the process, so the importer needs no handle on any app's cache.
 */
let generation = 0;
/** Bumped by every invalidateCatalogueProducts(); entries remember the value they were loaded under. */
let sequence = 0;
/** The sequence of the last change of each product id (since the last full invalidation). */
const productChangedAt = new Map<number, number>();
/** The sequence of the last change of any product: lists show stock, so they go with every change. */
let anyProductChangedAt = 0;
/** Open age limits (limitCatalogueCacheAge): while there is one, entries live UNLISTENED_MAX_AGE_MS. */
let ageLimits = 0;

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Drops every cached catalogue reply and listing of every app in this process, at once. */
export function invalidateCatalogueCache(): void {
  generation += 1;
  productChangedAt.clear();
}

/**
 * Drops what a change of these products' stock or price touches: their product replies (`product?<id>`)
 * and every reply that is not a single product's (lists, seller pages, categories), in every app of this
 * process. Listing id caches that opted out (`dependsOnStock: false`) keep theirs.
 */
export function invalidateCatalogueProducts(productIds: readonly number[]): void {
  sequence += 1;
  anyProductChangedAt = sequence;
  for (const id of productIds) productChangedAt.set(id, sequence);
}

/**
 * Until the returned function is called, no entry older than UNLISTENED_MAX_AGE_MS is served: the
 * cross-process listener holds this while it is not listening (it could miss a change meanwhile).
 */
export function limitCatalogueCacheAge(): () => void {
  ageLimits += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    ageLimits -= 1;
  };
}

/** How long an entry is served for now (tests, logs). */
export function catalogueCacheMaxAge(): number {
  return ageLimits > 0 ? UNLISTENED_MAX_AGE_MS : CATALOGUE_CACHE_TTL_MS;
}

/** The product id of a single product's reply key (catalog-routes.ts: `product?<id>`). */
function productOfKey(key: string): number | undefined {
  const match = /^product\?(\d+)$/.exec(key);
  return match ? Number(match[1]) : undefined;
}

/** Values kept for CATALOGUE_CACHE_TTL_MS and dropped by the invalidations above. */
export class CatalogueCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  /** Loads in flight, so a burst of identical misses costs one query, not one each. */
  readonly #pending = new Map<string, { stamp: Stamp; promise: Promise<T> }>();
  readonly #dependsOnStock: boolean;
  readonly #staleWhileRefresh: boolean;

  constructor(
    readonly maxEntries: number,
    readonly now: () => number = Date.now,
    options: {
      dependsOnStock?: boolean;
      /**
       * An entry that only aged out (nothing invalidated it) is served once more, at once, while ONE
       * load refreshes it in the background; see get(). Never while cross-process invalidation is not
       * listening (then nothing older than UNLISTENED_MAX_AGE_MS is served), never after an
       * invalidation that touches it, and never past twice its age limit.
       */
      staleWhileRefresh?: boolean;
    } = {},
  ) {
    this.#dependsOnStock = options.dependsOnStock ?? true;
    this.#staleWhileRefresh = options.staleWhileRefresh ?? false;
  }

  /** Whether what was loaded under `stamp` may still be served (the age aside). */
  #current(stamp: Stamp): boolean {
    if (stamp.generation !== generation) return false;
    if (!this.#dependsOnStock || stamp.sequence === sequence) return true;
    const changedAt =
      stamp.product === undefined ? anyProductChangedAt : (productChangedAt.get(stamp.product) ?? 0);
    return changedAt <= stamp.sequence;
  }

  /** The cached value for `key`, or the one `load` produces. */
  async get(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.now();
    const hit = this.#entries.get(key);
    if (hit && this.#current(hit.stamp)) {
      const maxAge = catalogueCacheMaxAge();
      const age = now - hit.stamp.loadedAt;
      if (age < maxAge) return hit.value;
      // Stale-while-refresh: the caller gets the old value now and one load (single-flight) replaces it.
      // Only for an entry that aged out: an invalidated one fails #current and is never served. While
      // not listening (ageLimits) the age limit is a promise about unannounced changes: no stale then.
      if (this.#staleWhileRefresh && ageLimits === 0 && age < 2 * maxAge) {
        const refresh = this.#load(key, load, now);
        // The background refresh has no caller to tell: a failure leaves the old entry, and the next
        // read past its age tries again (and, past twice its age, waits for a load of its own).
        refresh.catch(() => undefined);
        return hit.value;
      }
    }
    if (hit) this.#entries.delete(key);
    return this.#load(key, load, now);
  }

  /** The load in flight for `key` if it is still current, or a new one (single-flight). */
  #load(key: string, load: () => Promise<T>, now: number): Promise<T> {
    const inFlight = this.#pending.get(key);
    if (inFlight && this.#current(inFlight.stamp)) return inFlight.promise;

    const stamp: Stamp = { generation, sequence, loadedAt: now, product: productOfKey(key) };
    const promise = load()
      .then((value) => {
        if (this.#current(stamp)) this.#store(key, value, stamp);
        return value;
      })
      .finally(() => {
        if (this.#pending.get(key)?.promise === promise) this.#pending.delete(key);
      });
    this.#pending.set(key, { stamp, promise });
    return promise;
  }

  /** How many values are held (tests). */
  get size(): number {
    return this.#entries.size;
  }

  #store(key: string, value: T, stamp: Stamp) {
    this.#entries.delete(key);
    if (this.#entries.size >= this.maxEntries) {
      // Map keeps insertion order: the first keys are the oldest entries. The oldest sixteenth goes at
      // once: V8 leaves a deleted Map entry as a hole that every later keys() walks over until the table
      // is rebuilt, so dropping one at a time from the front cost ~5 µs a miss when every request missed.
      let drop = Math.max(1, this.maxEntries >> 4);
      for (const oldest of this.#entries.keys()) {
        this.#entries.delete(oldest);
        if (--drop === 0) break;
      }
    }
    this.#entries.set(key, { value, stamp });
  }
}

/** One app's reply cache (each app, and so each test database, has its own): body serialised once. */
export class CatalogueReplyCache {
  readonly #cache: CatalogueCache<CachedReply>;

  constructor(now: () => number = Date.now) {
    this.#cache = new CatalogueCache(MAX_REPLIES, now);
  }

  get(key: string, load: () => Promise<{ statusCode: number; payload: unknown }>): Promise<CachedReply> {
    return this.#cache.get(key, async () => {
      const { statusCode, payload } = await load();
      // [I13-hotpath] A reply built from stored documents is already JSON text (and a product's has its ETag).
      if (payload instanceof JsonText) {
        return { statusCode, body: payload.text, etag: payload.etag || etagOf(payload.text) };
      }
      const body = JSON.stringify(payload);
      return { statusCode, body, etag: etagOf(body) };
    });
  }

  get size(): number {
    return this.#cache.size;
  }
}
