import { formatPrice } from '@quokka/contract/money';
import { describe, expect, it } from 'vitest';
import { count, hour12, notice, percent, QUIET_HOURS_END, QUIET_HOURS_START } from './legal-figures';

describe('legal figures', () => {
  it('[BIZ-01] [BIZ-07] formats percentages and dollar amounts as the terms state them', () => {
    expect(percent(2.9)).toBe('2.9%');
    // Dollar amounts are the storefront's own price format (SPEC.md §9 [CONST-06]).
    expect(formatPrice(1)).toBe('$1.00');
    expect(formatPrice(12.5)).toBe('$12.50');
  });

  it('[BIZ-08] [BIZ-11] counts and notice periods read as English', () => {
    expect(count(1, 'month')).toBe('1 month');
    expect(count(3, 'month')).toBe('3 months');
    expect(count(2, 'business day')).toBe('2 business days');
    expect(notice(30, 'day')).toBe('30 days’ notice');
    expect(notice(1, 'month')).toBe('1 month’s notice');
  });

  it('[CONST-27] hours read on a 12-hour clock, and the quiet hours are 8pm and 6am', () => {
    expect(hour12(0)).toBe('12am');
    expect(hour12(6)).toBe('6am');
    expect(hour12(12)).toBe('12pm');
    expect(hour12(20)).toBe('8pm');
    expect(QUIET_HOURS_START).toBe('8pm');
    expect(QUIET_HOURS_END).toBe('6am');
  });
});
