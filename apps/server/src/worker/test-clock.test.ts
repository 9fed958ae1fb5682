import { describe, expect, it } from 'vitest';
import { ConfigError, clockFor, loadConfig } from '../config.ts';

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
