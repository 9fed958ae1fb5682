import { createHash } from 'node:crypto';

// An in-process cache of catalogue replies, in front of the service. PGlite is one connection: without
// this every browse or product request would queue behind every other query. A cached reply is the
// serialised JSON body and its strong ETag, so a hit costs a Map lookup and no serialisation.
//
// Staleness: the importer and the seed in THIS process call invalidateCatalogueCache() as soon as they
// commit, so an import is visible at once. Changes made by another process (stock taken by an order on
// another server sharing PostgreSQL, or an import from the CLI) are not seen here until the entry
// expires, so they show at most CATALOGUE_CACHE_TTL_MS late; the same bound holds for stock taken by
// an order in this process unless that code calls invalidateCatalogueCache() too. Stock shown by the
// catalogue is a hint anyway: it is checked again, under a lock, when an order is placed
// (DECISIONS.md "Catalogue, cart and orders"). Each app has its own cache (CatalogueReplyCache); one
// generation counter for the process lets the importer invalidate them all without a handle on any.

/** How long a reply is served from memory. Short on purpose, and not a setting. */
export const CATALOGUE_CACHE_TTL_MS = 5_000;

/** Enough for every page of the demo shop and the hot pages of a large one; oldest entries go first. */
const MAX_REPLIES = 5_000;

export interface CachedReply {
  statusCode: number;
  body: string;
  etag: string;
}

interface Entry<T> {
  value: T;
  expiresAt: number;
  generation: number;
}

/**
 * Bumped by invalidateCatalogueCache(): an entry, or a load in flight, from an older generation is never
 * served again. One counter for the process, so the importer needs no handle on any app's cache.
 */
let generation = 0;

export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Drops every cached catalogue reply and listing of every app in this process, at once. */
export function invalidateCatalogueCache(): void {
  generation += 1;
}

/** Values kept for CATALOGUE_CACHE_TTL_MS and dropped by invalidateCatalogueCache(). */
export class CatalogueCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  /** Loads in flight, so a burst of identical misses costs one query, not one each. */
  readonly #pending = new Map<string, { generation: number; promise: Promise<T> }>();

  constructor(
    readonly maxEntries: number,
    readonly now: () => number = Date.now,
  ) {}

  /** The cached value for `key`, or the one `load` produces. */
  async get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.#entries.get(key);
    if (hit && hit.generation === generation && hit.expiresAt > this.now()) return hit.value;
    if (hit) this.#entries.delete(key);

    const inFlight = this.#pending.get(key);
    if (inFlight && inFlight.generation === generation) return inFlight.promise;

    const startedIn = generation;
    const promise = load()
      .then((value) => {
        if (startedIn === generation) this.#store(key, value, startedIn);
        return value;
      })
      .finally(() => {
        if (this.#pending.get(key)?.promise === promise) this.#pending.delete(key);
      });
    this.#pending.set(key, { generation: startedIn, promise });
    return promise;
  }

  /** How many values are held (tests). */
  get size(): number {
    return this.#entries.size;
  }

  #store(key: string, value: T, at: number) {
    if (this.#entries.size >= this.maxEntries) {
      // Map keeps insertion order: the first key is the oldest entry.
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, generation: at, expiresAt: this.now() + CATALOGUE_CACHE_TTL_MS });
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
      const body = JSON.stringify(payload);
      return { statusCode, body, etag: etagOf(body) };
    });
  }

  get size(): number {
    return this.#cache.size;
  }
}
