import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock.ts';
import { createSmsBudget, destinationPrefix } from './sms-budget.ts';

// [I12-1] Rotating client addresses must not turn the shop into an SMS cannon: whatever the per-address
// and per-number limits let through, the whole shop sends at most so many texts an hour, and so many to
// one number range, and says so in the log when it stops.

const HOUR = 60 * 60 * 1000;

describe('[I12-1] the global SMS budget', () => {
  const mobile = (n: number) => `+61412${String(n).padStart(6, '0')}`;

  it('[I12-1] stops sends over the hourly budget and alerts once, then refills after an hour', () => {
    const clock = new FakeClock();
    const alerts: string[] = [];
    const budget = createSmsBudget({
      perHour: 5,
      perPrefixPerHour: 100,
      clock,
      alert: (m) => alerts.push(m),
    });
    const taken = Array.from({ length: 8 }, (_, i) => budget.take(mobile(i * 100_000)));
    expect(taken).toEqual([true, true, true, true, true, false, false, false]);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toContain('SMS budget');
    clock.advance(HOUR);
    expect(budget.take(mobile(1))).toBe(true);
  });

  it('[I12-1] stops sends to one destination prefix while other prefixes still get theirs', () => {
    const clock = new FakeClock();
    const alerts: string[] = [];
    const budget = createSmsBudget({
      perHour: 100,
      perPrefixPerHour: 3,
      clock,
      alert: (m) => alerts.push(m),
    });
    const sameRange = Array.from({ length: 5 }, (_, i) => budget.take(mobile(i)));
    expect(sameRange).toEqual([true, true, true, false, false]);
    expect(alerts).toEqual([expect.stringContaining(destinationPrefix(mobile(0)))]);
    expect(budget.take('+61499000001')).toBe(true);
  });

  it('[I12-1] groups numbers by all but their last five digits', () => {
    expect(destinationPrefix('+61412345678')).toBe('+614123');
  });
});
