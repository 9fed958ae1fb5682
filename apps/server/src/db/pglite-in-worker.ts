import { Worker } from 'node:worker_threads';

// [I13-hotpath] The main thread's handle on PGlite running in a worker thread (pglite-worker.mjs): the
// same calls the Kysely dialect makes on PGlite (query, exec, close), answered by message. A catalogue
// miss then costs this thread a message, not 1.5–2.4 ms of CPU, and cached replies are never held up.

/** What PGliteDialect needs of PGlite, in this thread or in a worker. */
export interface PGliteLike {
  readonly waitReady: Promise<void>;
  readonly closed: boolean;
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[]; affectedRows?: number }>;
  exec(sql: string): Promise<unknown>;
  close(): Promise<void>;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export class PGliteInWorker implements PGliteLike {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;
  #closed = false;
  readonly waitReady: Promise<void>;

  constructor(dataDir: string | undefined) {
    this.#worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir },
      // The worker is plain JavaScript: no TypeScript loader needed there.
      execArgv: [],
    });
    this.#worker.on('message', ({ id, result, error }) => {
      const pending = this.#pending.get(id);
      if (!pending) return;
      this.#pending.delete(id);
      if (error) pending.reject(Object.assign(new Error(error.message), error.fields));
      else pending.resolve(result);
    });
    this.#worker.on('error', (error) => this.#failAll(error));
    this.#worker.on('exit', (code) => {
      this.#closed = true;
      this.#failAll(new Error(`The embedded database's thread stopped (exit ${code})`));
    });
    this.waitReady = this.#call('ready') as Promise<void>;
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<R>(sql: string, params: unknown[] = []): Promise<{ rows: R[]; affectedRows?: number }> {
    return this.#call('query', sql, params) as Promise<{ rows: R[]; affectedRows?: number }>;
  }

  exec(sql: string): Promise<unknown> {
    return this.#call('exec', sql);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#call('close');
    this.#closed = true;
    await this.#worker.terminate();
  }

  #call(op: string, sql?: string, params?: unknown[]): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error('The embedded database is closed'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, op, sql, params });
    });
  }

  #failAll(error: Error): void {
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}
