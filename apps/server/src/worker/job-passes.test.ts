import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { clockFor, loadConfig } from '../config.ts';
import { openTestDatabase } from '../db/database.ts';
import { createJobPasses } from './job-passes.ts';
import { createPollLoop, type PeriodicJob } from './poll-loop.ts';

// [I26] The worker's passes, counted: a journey that checks a text is sent once waits for the outbox to
// have passed again (GET /dev/jobs.json) rather than for a few seconds of wall time.
const silent = { info() {}, warn() {}, error() {} };

describe('[I26] job passes', () => {
  it('the poll loop counts each finished pass of each job, a failed one too', async () => {
    const passes = createJobPasses();
    let outboxRuns = 0;
    let seen: () => void = () => {};
    const threePasses = new Promise<void>((resolve) => {
      seen = resolve;
    });
    const outbox: PeriodicJob = {
      name: 'outbox',
      everyMs: 1,
      runOnce: async () => {
        outboxRuns += 1;
        if (outboxRuns === 2) throw new Error('the provider is down');
        return 0;
      },
    };
    const statements: PeriodicJob = { name: 'statements', everyMs: 60_000, runOnce: async () => 0 };
    const loop = createPollLoop({
      id: 'test',
      jobs: [outbox, statements],
      log: silent,
      onPass: (job) => {
        passes.record(job);
        if ((passes.counts().outbox ?? 0) >= 3) seen();
      },
    });
    loop.start();
    try {
      await threePasses;
    } finally {
      await loop.stop();
    }
    const counts = passes.counts();
    // Every run of the outbox counted (the failed second one included); the statements' one run.
    expect(counts.outbox).toBe(outboxRuns);
    expect(counts.outbox).toBeGreaterThanOrEqual(3);
    expect(counts.statements).toBe(1);
  });

  it('GET /dev/jobs.json answers the counts, and nothing without a worker in the process', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: '0', WORKER: '0' });
    const database = await openTestDatabase();
    const passes = createJobPasses();
    const withWorker = await buildApp({
      config,
      db: database.db,
      clock: clockFor(config),
      jobPasses: passes,
    });
    const without = await buildApp({ config, db: database.db, clock: clockFor(config) });
    try {
      const read = async (app: typeof withWorker) =>
        (await app.inject({ url: '/dev/jobs.json', remoteAddress: '127.0.0.1' })).json();
      expect(await read(withWorker)).toEqual({ passes: {} });
      passes.record('outbox');
      passes.record('outbox');
      passes.record('statements');
      expect(await read(withWorker)).toEqual({ passes: { outbox: 2, statements: 1 } });
      expect(await read(without)).toEqual({ passes: {} });
      // Like the outbox it sits beside, it answers only this machine.
      expect(
        (await withWorker.inject({ url: '/dev/jobs.json', remoteAddress: '203.0.113.9' })).statusCode,
      ).toBe(404);
    } finally {
      await withWorker.close();
      await without.close();
      await database.close();
    }
  });
});
