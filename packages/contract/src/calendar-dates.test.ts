import { describe, expect, it } from 'vitest';
import { dayDate, longDate, monthName } from './calendar-dates.ts';

describe('calendar dates', () => {
  it('[I16-statements] writes a calendar date from its own digits, with its weekday', () => {
    expect(dayDate('2026-11-23')).toBe('Mon 23 Nov 2026');
    expect(dayDate('2027-03-08')).toBe('Mon 8 Mar 2027');
    expect(dayDate('2028-02-29')).toBe('Tue 29 Feb 2028');
    expect(dayDate('2026-12-31')).toBe('Thu 31 Dec 2026');
    expect(longDate('2026-12-01')).toBe('1 December 2026');
    expect(monthName('2026-10')).toBe('October 2026');
  });

  it('[I16-statements] leaves what is not a calendar date as it is', () => {
    expect(dayDate('')).toBe('');
    expect(dayDate('2026-13-01')).toBe('2026-13-01');
    expect(longDate('not a date')).toBe('not a date');
    expect(monthName('2026-00')).toBe('2026-00');
  });
});
