// [I13-hotpath] Cache misses that arrive together share one query. At 100,000 products a miss's cost on
// the PostgreSQL server was mostly per query, not per product: the round trip (the socket write that wakes
// the database, ~0.1 ms of the request thread on two busy cores), binding and starting the executor.
// So reads that come in while others are being answered wait for the current queries and then go as
// ONE query (`where p.id = any($1)`): under load one query answers several requests; alone, a read goes
// at once (after the I/O that arrived with it has been read, one setImmediate turn).

export interface BatchOptions {
  /** The most keys one query is asked for; more wait for the next. */
  maxBatch: number;
  /** The most queries in flight at once; reads arriving meanwhile are gathered into the next. */
  maxInFlight: number;
}

interface Waiting<K, V> {
  key: K;
  resolve: (value: V) => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers loads of single keys into calls of `run` over many. `run` answers the keys it is given in
 * the same order (one value each). A failure of `run` fails every read it was answering, and nothing else.
 */
export class Batcher<K, V> {
  readonly #run: (keys: K[]) => Promise<V[]>;
  readonly #options: BatchOptions;
  #queue: Waiting<K, V>[] = [];
  #inFlight = 0;
  #scheduled = false;
  /** How many calls of `run` were made, and for how many keys in all (tests, the benchmark). */
  readonly stats = { batches: 0, keys: 0 };

  constructor(run: (keys: K[]) => Promise<V[]>, options: BatchOptions) {
    this.#run = run;
    this.#options = options;
  }

  load(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      this.#queue.push({ key, resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#inFlight >= this.#options.maxInFlight || this.#queue.length === 0) return;
    this.#scheduled = true;
    // After this turn's other reads (requests parsed from the same socket reads) have queued theirs.
    setImmediate(() => {
      this.#scheduled = false;
      this.#flush();
    });
  }

  #flush(): void {
    while (this.#queue.length > 0 && this.#inFlight < this.#options.maxInFlight) {
      const batch = this.#queue.splice(0, this.#options.maxBatch);
      this.#inFlight += 1;
      this.stats.batches += 1;
      this.stats.keys += batch.length;
      let result: Promise<V[]>;
      try {
        result = this.#run(batch.map((waiting) => waiting.key));
      } catch (error) {
        result = Promise.reject(error);
      }
      // The next query leaves before this one's readers are answered, so the database works on it while
      // this thread builds their replies.
      const next = () => {
        this.#inFlight -= 1;
        this.#flush();
      };
      result.then(
        (values) => {
          next();
          if (values.length !== batch.length) {
            const error = new Error(
              `a batch of ${batch.length} keys was answered with ${values.length} values`,
            );
            for (const waiting of batch) waiting.reject(error);
            return;
          }
          for (const [i, waiting] of batch.entries()) waiting.resolve(values[i] as V);
        },
        (error: unknown) => {
          next();
          for (const waiting of batch) waiting.reject(error);
        },
      );
    }
  }
}
