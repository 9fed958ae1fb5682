import { describe, expect, it } from 'vitest';
import { Batcher } from './catalog-batch.ts';

/** A run that records the batches it was asked for and answers each key doubled, after `gate`. */
function recorder(gate: () => Promise<void> = async () => {}) {
  const calls: number[][] = [];
  const run = async (keys: number[]) => {
    calls.push(keys);
    await gate();
    return keys.map((key) => key * 2);
  };
  return { calls, run };
}

function gates() {
  const waiting: (() => void)[] = [];
  return {
    gate: () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
      }),
    openNext: () => waiting.shift()?.(),
    get waiting() {
      return waiting.length;
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('[I13-hotpath] Batcher: cache misses that arrive together share one query', () => {
  it('[I13-hotpath] reads asked in the same turn go as one call, each answered with its own value', async () => {
    const { calls, run } = recorder();
    const batcher = new Batcher(run, { maxBatch: 10, maxInFlight: 2 });
    expect(await Promise.all([1, 2, 3].map((key) => batcher.load(key)))).toEqual([2, 4, 6]);
    expect(calls).toEqual([[1, 2, 3]]);
    expect(batcher.stats).toEqual({ batches: 1, keys: 3 });
  });

  it('[I13-hotpath] a read alone goes at once, without waiting for company', async () => {
    const { calls, run } = recorder();
    const batcher = new Batcher(run, { maxBatch: 10, maxInFlight: 2 });
    const started = performance.now();
    expect(await batcher.load(5)).toBe(10);
    expect(calls).toEqual([[5]]);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('[I13-hotpath] while the queries in flight are at the limit, later reads gather into the next one', async () => {
    const g = gates();
    const { calls, run } = recorder(g.gate);
    const batcher = new Batcher(run, { maxBatch: 10, maxInFlight: 1 });
    const first = batcher.load(1);
    await turn();
    expect(calls).toEqual([[1]]);
    const later = [2, 3, 4].map((key) => batcher.load(key));
    await turn();
    await turn();
    expect(calls).toHaveLength(1); // still waiting for the first
    g.openNext();
    expect(await first).toBe(2);
    await turn();
    expect(calls).toEqual([[1], [2, 3, 4]]);
    g.openNext();
    expect(await Promise.all(later)).toEqual([4, 6, 8]);
  });

  it('[I13-hotpath] the next gathered query is sent before the readers of the last one are answered', async () => {
    const g = gates();
    const { calls, run } = recorder(g.gate);
    const batcher = new Batcher(run, { maxBatch: 10, maxInFlight: 1 });
    const first = batcher.load(1);
    await turn();
    const second = batcher.load(2);
    await turn();
    g.openNext();
    // By the time the first reader runs, the database already has the second query.
    const seenByFirstReader = await first.then(() => calls.length);
    expect(seenByFirstReader).toBe(2);
    g.openNext();
    expect(await second).toBe(4);
  });

  it('[I13-hotpath] no call is asked for more than maxBatch keys', async () => {
    const { calls, run } = recorder();
    const batcher = new Batcher(run, { maxBatch: 2, maxInFlight: 3 });
    expect(await Promise.all([1, 2, 3, 4, 5].map((key) => batcher.load(key)))).toEqual([2, 4, 6, 8, 10]);
    expect(calls).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('[I13-hotpath] a failed call fails the reads it answered, and the next reads still go', async () => {
    let fail = true;
    const batcher = new Batcher(
      async (keys: number[]) => {
        if (fail) throw new Error('db down');
        return keys;
      },
      { maxBatch: 10, maxInFlight: 1 },
    );
    const failed = [1, 2].map((key) => batcher.load(key));
    await expect(Promise.all(failed)).rejects.toThrow('db down');
    await expect(failed[1]).rejects.toThrow('db down');
    fail = false;
    expect(await batcher.load(3)).toBe(3);
  });

  it('[I13-hotpath] a call answering the wrong number of values fails its reads instead of mixing them up', async () => {
    const batcher = new Batcher(async (keys: number[]) => keys.slice(1), { maxBatch: 10, maxInFlight: 1 });
    await expect(Promise.all([batcher.load(1), batcher.load(2)])).rejects.toThrow(/2 keys .* 1 values/);
  });

  it('[I13-hotpath] a call that throws before its promise fails its reads, not the process', async () => {
    const batcher = new Batcher<number, number>(
      () => {
        throw new Error('bad sql');
      },
      { maxBatch: 10, maxInFlight: 1 },
    );
    await expect(batcher.load(1)).rejects.toThrow('bad sql');
  });
});
