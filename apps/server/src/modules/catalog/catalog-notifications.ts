import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../db/database.ts';
import {
  invalidateCatalogueCache,
  invalidateCatalogueProducts,
  limitCatalogueCacheAge,
} from './catalog-cache.ts';

// One truth across processes (docs/operations.md "Deployment"): each server process keeps catalogue
// replies in memory (catalog-cache.ts), so a write by one process must reach the caches of all. Every
// write to products, stock, prices or the catalogue sends a NOTIFY on CATALOGUE_CHANNEL inside its own
// transaction: PostgreSQL delivers it when the transaction commits and never when it rolls back. Every
// process LISTENs on one dedicated connection and drops the cached replies the change touches.
//
// Payloads: `all` (an import, a reset: drop everything), or `products:<id>,<id>…` (stock taken by an
// order: those products' pages, their configurable parents' pages, and every list). Anything else is
// read as `all`: when unsure, drop everything.

export const CATALOGUE_CHANNEL = 'quokka_catalogue';

/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'quokka catalogue listener';

/** NOTIFY payloads are limited to 8000 bytes; an order with more lines than this just says `all`. */
const MAX_IDS_IN_PAYLOAD = 500;

/**
 * Inside the writing transaction `trx`: announces that the catalogue changed (every product, category,
 * seller or option may have). Delivered to every listening process when `trx` commits.
 */
export async function notifyCatalogueChanged(trx: Db): Promise<void> {
  await sql`select pg_notify(${CATALOGUE_CHANNEL}, 'all')`.execute(trx);
}

/**
 * Inside the writing transaction `trx`: announces that the stock (or price) of these products changed.
 * Their configurable parents are named too, as a parent's page shows its children's stock.
 */
export async function notifyProductsChanged(trx: Db, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  if (productIds.length > MAX_IDS_IN_PAYLOAD) return notifyCatalogueChanged(trx);
  const ids = [...new Set(productIds)];
  await sql`
    select pg_notify(${CATALOGUE_CHANNEL}, 'products:' || string_agg(distinct id::text, ','))
    from (
      select id from products where id = any(${ids}::int[])
      union
      select parent_id from products where id = any(${ids}::int[]) and parent_id is not null
    ) changed
  `.execute(trx);
}

/** Applies one notification to this process's caches. */
export function applyCatalogueNotification(payload: string | undefined): void {
  const match = /^products:(\d+(?:,\d+)*)$/.exec(payload ?? '');
  if (match?.[1]) invalidateCatalogueProducts(match[1].split(',').map(Number));
  else invalidateCatalogueCache();
}

interface Log {
  info(message: string): void;
  warn(message: string): void;
}

export interface ChangeListenerOptions {
  /** The PostgreSQL server's URL (DATABASE_URL). */
  url: string;
  log?: Log;
  /** First wait before reconnecting; doubled after each failure up to maxBackoffMs. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
  /** How often the connection is checked with a query (a dead peer sends no error). */
  heartbeatMs?: number;
}

export interface ChangeListener {
  /** True while LISTEN is in effect on a live connection. */
  readonly listening: boolean;
  /** Resolves once listening (the first time); tests wait on it. */
  readonly ready: Promise<void>;
  /** How many times the listener has started listening (1 after the first connection). */
  readonly connections: number;
  /** The server process id of the current connection (tests end it to prove reconnection). */
  readonly backendPid: number | undefined;
  /** Stops listening and closes the connection; no reconnection after this. */
  close(): Promise<void>;
}

/**
 * Listens for catalogue changes on a dedicated connection (not one of the pool's: LISTEN belongs to a
 * session). If the connection drops it reconnects with exponential backoff; until it listens again no
 * cached reply older than a second is served, and on listening again every cached reply is dropped (a
 * change may have been missed).
 */
export function listenForCatalogueChanges(options: ChangeListenerOptions): ChangeListener {
  const initialBackoffMs = options.initialBackoffMs ?? 100;
  const maxBackoffMs = options.maxBackoffMs ?? 5_000;
  const heartbeatMs = options.heartbeatMs ?? 2_000;
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let connections = 0;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  // Until the first LISTEN, a reply may already be cached: serve nothing older than a second.
  let releaseAgeLimit: (() => void) | undefined = limitCatalogueCacheAge();
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const lost = (current: pg.Client, reason: string) => {
    if (client !== current) return; // already handled (error and end both fire)
    client = undefined;
    listening = false;
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = undefined;
    releaseAgeLimit ??= limitCatalogueCacheAge();
    current.removeAllListeners('notification');
    current.on('error', () => {}); // a late error of a dropped connection is not news
    void current.end().catch(() => undefined);
    if (closed) return;
    const wait = Math.min(maxBackoffMs, initialBackoffMs * 2 ** failures);
    failures += 1;
    options.log?.warn(
      `catalogue change notifications: ${reason}; reconnecting in ${wait} ms (until then cached replies live at most 1 s)`,
    );
    retry = setTimeout(connect, wait);
    retry.unref();
  };

  async function connect() {
    retry = undefined;
    if (closed) return;
    const current = new pg.Client({
      connectionString: options.url,
      keepAlive: true,
      application_name: LISTENER_APPLICATION_NAME,
    });
    client = current;
    current.on('notification', (message) => {
      if (message.channel === CATALOGUE_CHANNEL) applyCatalogueNotification(message.payload);
    });
    current.on('error', (error) => lost(current, `connection error (${error.message})`));
    current.on('end', () => lost(current, 'connection ended'));
    try {
      await current.connect();
      await current.query(`listen ${CATALOGUE_CHANNEL}`);
    } catch (error) {
      lost(current, `could not listen (${(error as Error).message})`);
      return;
    }
    if (client !== current || closed) return;
    listening = true;
    connections += 1;
    failures = 0;
    // Whatever changed while nobody was listening is unknown: drop everything, then trust notifications.
    invalidateCatalogueCache();
    releaseAgeLimit?.();
    releaseAgeLimit = undefined;
    if (connections > 1) options.log?.info('catalogue change notifications: listening again');
    markReady();
    heartbeat = setInterval(() => {
      // A peer that vanished without a word (a cut network) is only noticed by asking.
      const timeout = setTimeout(() => lost(current, 'no answer to the heartbeat'), heartbeatMs);
      timeout.unref();
      current.query('select 1').then(
        () => clearTimeout(timeout),
        (error: Error) => {
          clearTimeout(timeout);
          lost(current, `heartbeat failed (${error.message})`);
        },
      );
    }, heartbeatMs);
    heartbeat.unref();
  }

  void connect();

  return {
    get listening() {
      return listening;
    },
    ready,
    get connections() {
      return connections;
    },
    get backendPid() {
      return (client as (pg.Client & { processID?: number }) | undefined)?.processID;
    },
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      if (heartbeat) clearInterval(heartbeat);
      const current = client;
      client = undefined;
      listening = false;
      releaseAgeLimit?.();
      releaseAgeLimit = undefined;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => {});
        await current.end().catch(() => undefined);
      }
    },
  };
}
