import { describe, expect, it } from 'vitest';
import { RunningTestClock } from '../clock.ts';
import { ConfigError, clockFor, loadConfig } from '../config.ts';
import { createPollLoop } from './poll-loop.ts';

// TEST_CLOCK: the server's clock (and so the worker's) starts at an instant and runs on in real time, so
// journeys that depend on the hour (schedules, quiet hours) run the same whenever they are run.

describe('TEST_CLOCK', () => {
  it('starts the clock at the instant given, then runs on', async () => {
    const clock = clockFor(loadConfig({ TEST_CLOCK: '2026-11-21T19:59:00+11:00' }));
    const first = clock.now().getTime();
    expect(Math.abs(first - Date.parse('2026-11-21T08:59:00Z'))).toBeLessThan(1_000);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(clock.now().getTime()).toBeGreaterThan(first);
  });

  it('without it the clock is the system clock', () => {
    expect(Math.abs(clockFor(loadConfig({})).now().getTime() - Date.now())).toBeLessThan(1_000);
  });

  it('refuses a value that is not an ISO instant, and any value in production', () => {
    expect(() => loadConfig({ TEST_CLOCK: 'tomorrow' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOX: '1', TEST_CLOCK: '2026-11-21T09:00:00Z' }),
    ).toThrow(/TEST_CLOCK: is refused with NODE_ENV=production/);
  });
});

describe('TEST_CLOCK moved on: the worker runs its jobs at once', () => {
  it('[I16-statements] a move forward wakes the poll loop: a job waiting an hour for its turn runs now', async () => {
    const clock = new RunningTestClock('2026-11-23T00:59:00Z');
    const runs: string[] = [];
    let ran: () => void = () => {};
    const nextRun = () =>
      new Promise<void>((resolve) => {
        ran = resolve;
      });
    const job = {
      name: 'statements',
      everyMs: 60 * 60_000,
      runOnce: async () => {
        runs.push(clock.now().toISOString().slice(0, 16));
        ran();
        return 1;
      },
    };
    const silent = { info() {}, warn() {}, error() {} };
    const loop = createPollLoop({ id: 'test', jobs: [job], log: silent });
    clock.onAdvance(() => loop.wake());
    const first = nextRun();
    loop.start();
    try {
      await first;
      expect(runs).toEqual(['2026-11-23T00:59']);
      // Past the cut-off: it runs at once (its timer said an hour from now).
      const second = nextRun();
      clock.advance(2 * 60_000);
      await second;
      expect(runs).toEqual(['2026-11-23T00:59', '2026-11-23T01:01']);
    } finally {
      await loop.stop();
    }
  });

  it('[I16-statements] a job woken while it runs runs again as soon as that run ends', async () => {
    const clock = new RunningTestClock('2026-11-23T00:59:00Z');
    const runs: string[] = [];
    let release: () => void = () => {};
    let started: () => void = () => {};
    let ran: () => void = () => {};
    const firstStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const job = {
      name: 'statements',
      everyMs: 60 * 60_000,
      runOnce: async () => {
        runs.push(clock.now().toISOString().slice(0, 16));
        if (runs.length === 1) {
          started();
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        }
        ran();
        return 1;
      },
    };
    const loop = createPollLoop({ id: 'test', jobs: [job], log: { info() {}, warn() {}, error() {} } });
    clock.onAdvance(() => loop.wake());
    loop.start();
    try {
      await firstStarted;
      // Moved on while the first run is in hand (a statement cut-off passed meanwhile).
      clock.advance(2 * 60_000);
      const again = new Promise<void>((resolve) => {
        ran = () => {
          if (runs.length === 2) resolve();
        };
      });
      release();
      await again;
      expect(runs).toEqual(['2026-11-23T00:59', '2026-11-23T01:01']);
    } finally {
      await loop.stop();
    }
  });
});
