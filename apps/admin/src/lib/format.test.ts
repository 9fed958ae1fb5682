import { describe, expect, it } from 'vitest';
import { groupedCardNumber, money, parseDollars, shopTime } from './format';

describe('[I15-admin] back office formats', () => {
  it('reads typed dollars as exact cents, never through floating point', () => {
    expect(parseDollars('')).toBe(0);
    expect(parseDollars('4.95')).toBe(495);
    expect(parseDollars('0.29')).toBe(29); // 0.29 * 100 is 28.999… in floating point
    expect(parseDollars('12.5')).toBe(1250);
    expect(parseDollars('$1,200.07')).toBe(120_007);
    expect(parseDollars('7')).toBe(700);
    for (const bad of ['1.234', '-1', 'abc', '1.', '.5', '1e3'])
      expect([bad, parseDollars(bad)]).toEqual([bad, null]);
  });

  it('writes cents with the contract formatter, Sydney times and grouped card numbers', () => {
    expect(money(123_456)).toBe('$1,234.56');
    expect(money(5)).toBe('$0.05');
    // 02:00 UTC is 13:00 in Sydney in November (daylight saving), 12:00 in June.
    expect(shopTime('2026-11-24T02:00:00.000Z')).toBe('24 Nov 2026, 1:00 pm');
    expect(shopTime('2026-06-24T02:00:00.000Z')).toMatch(/^24 June? 2026, 12:00 pm$/);
    expect(shopTime(null)).toBe('—');
    expect(groupedCardNumber('1234567890123456')).toBe('1234 5678 9012 3456');
  });
});
