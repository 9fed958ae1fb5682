import { AMOUNT_MESSAGES, readAmount } from '@quokka/contract/money';
import { describe, expect, it } from 'vitest';
import { groupedCardNumber, money, shopTime } from './format';

describe('[I15-admin] back office formats', () => {
  it('[I27-amounts] every typed amount is read by the contract: "36,50" is refused, never 3650 dollars', async () => {
    const format = await import('./format');
    expect('parseDollars' in format).toBe(false); // the lenient reader that dropped commas is gone
    expect(readAmount('36,50')).toEqual({ error: AMOUNT_MESSAGES.comma });
    expect(readAmount('$1,200.07')).toEqual({ error: AMOUNT_MESSAGES.comma });
    expect(readAmount('0.29')).toEqual({ cents: 29 });
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
