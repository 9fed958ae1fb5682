import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';
import type { PGliteLike } from './pglite-in-worker.ts';

// Kysely over embedded PGlite. PGlite is one connection, so the driver hands it out to one holder at a
// time: a transaction keeps it until commit or rollback and every other query waits its turn in order.
// Without this, a query from another request could land inside someone else's transaction.

//
// [I13-hotpath] A PGlite query runs on this thread (1.5–2.4 ms of CPU for a catalogue miss). Handed from
// one waiter to the next in promise callbacks, a queue of ten misses would run back to back, and a
// request the reply cache could answer at once would wait for all of them: the socket is only read
// between turns of the event loop. So a holder that had to wait first lets the event loop turn
// (setImmediate): pending requests are read and cached replies sent between two queries, and a cached
// reply waits for one query at most, not for the queue.

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

class ConnectionLock {
  #tail: Promise<void> = Promise.resolve();
  #holders = 0;

  async acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = () => {
        this.#holders -= 1;
        resolve();
      };
    });
    const contended = this.#holders > 0;
    this.#holders += 1;
    const previous = this.#tail;
    this.#tail = previous.then(() => released);
    await previous;
    if (contended) await nextTurn();
    return release;
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(readonly pglite: PGliteLike) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiledQuery.sql, compiledQuery.parameters as unknown[]);
    const command = compiledQuery.query.kind;
    const writes =
      command === 'InsertQueryNode' || command === 'UpdateQueryNode' || command === 'DeleteQueryNode';
    return {
      rows: result.rows,
      ...(writes || result.affectedRows !== undefined
        ? { numAffectedRows: BigInt(result.affectedRows ?? 0) }
        : {}),
    };
  }

  // biome-ignore lint/correctness/useYield: PGlite cannot stream; Kysely's interface requires the method.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not support streaming queries');
  }
}

class PGliteDriver implements Driver {
  readonly #lock = new ConnectionLock();
  readonly #releases = new WeakMap<DatabaseConnection, () => void>();
  readonly #connection: PGliteConnection;

  constructor(pglite: PGliteLike) {
    this.#connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.#connection.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#lock.acquire();
    this.#releases.set(this.#connection, release);
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).pglite.exec('begin');
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).pglite.exec('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as PGliteConnection).pglite.exec('rollback');
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.#releases.get(connection);
    this.#releases.delete(connection);
    release?.();
  }

  async destroy(): Promise<void> {
    // Wait for whoever holds the connection, then close PGlite so its files are flushed.
    const release = await this.#lock.acquire();
    try {
      if (!this.#connection.pglite.closed) await this.#connection.pglite.close();
    } finally {
      release();
    }
  }
}

export class PGliteDialect implements Dialect {
  constructor(readonly pglite: PGliteLike) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  // biome-ignore lint/suspicious/noExplicitAny: Kysely's own signature for introspectors.
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}
