import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';
import type { Db } from '../apps/server/src/db/database.ts';
import type { Database } from '../apps/server/src/db/schema.ts';

// [I33] The search benchmark's baseline (bench/search.ts): a bare node:http server that runs, for each
// request, the SAME statements the search route runs for that query — recorded from the app's own search
// (search.ts and search-repository.ts, through recordingDb below), so the SQL, its parameters and its
// statement names are the app's — one after the other on a plain `pg` pool (or the same PGlite), and
// answers their rows as JSON. No Fastify, no validation, no tiles built, no spelling arithmetic between
// the statements: what the database alone costs a search, with one HTTP hop around it.

export interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

/** Runs one statement and gives its rows: a pg pool's query, or PGlite through the app's Kysely. */
export type RunStatement = (statement: Statement) => Promise<unknown[]>;

/** A connection that hands every query to `db` (the app's own handle): nothing of it is changed. */
class Passing implements Driver {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const db = this.#db;
    return {
      executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> => db.executeQuery<R>(query),
      streamQuery: () => {
        throw new Error('the search benchmark does not stream');
      },
    };
  }

  async beginTransaction(): Promise<void> {
    throw new Error('search runs no transactions');
  }

  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

/**
 * A Kysely on `db` that tells `record` each statement it ran (its compiled SQL and parameters), in the
 * order they finished: the app's search run through it once per query gives the baseline its statements.
 */
export function recordingDb(db: Db, record: (statement: Statement) => void): Db {
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new Passing(db),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      if (event.level === 'query') record({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
}

export class BareSearchServer {
  #server: Server;
  url = '';

  /** `statements`: each query's statements as the app ran them (`q` of the request's query string). */
  constructor(statements: ReadonlyMap<string, readonly Statement[]>, runStatement: RunStatement) {
    this.#server = createServer((request, response) => {
      const q = new URL(request.url ?? '/', 'http://bare').searchParams.get('q') ?? '';
      (async () => {
        const results: unknown[][] = [];
        for (const statement of statements.get(q) ?? []) results.push(await runStatement(statement));
        return JSON.stringify(results);
      })().then(
        (body) => {
          response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
          response.end(body);
        },
        (error: Error) => {
          response.writeHead(500, { 'content-type': 'text/plain' });
          response.end(error.message);
        },
      );
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}
