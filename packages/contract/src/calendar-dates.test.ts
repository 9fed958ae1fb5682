import { describe, expect, it } from 'vitest';
import { dayDate, longDate, monthName, shortDate, shortDateTime, zonePlace } from './calendar-dates.ts';

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

  it('[I34] one short style for days and wall-clock times on back-office screens', () => {
    expect(shortDate('2026-11-28')).toBe('28 Nov 2026');
    expect(shortDate('2027-01-05')).toBe('5 Jan 2027');
    expect(shortDateTime('2026-11-28 04:53:00', 'Australia/Sydney')).toBe('28 Nov 2026, 4:53 am (Sydney)');
    expect(shortDateTime('2026-12-01 19:55', 'Australia/Sydney')).toBe('1 Dec 2026, 7:55 pm (Sydney)');
    expect(shortDateTime('2026-12-01T00:05:00')).toBe('1 Dec 2026, 12:05 am');
    expect(shortDateTime('2026-12-01 12:00:00', 'Australia/Lord_Howe')).toBe(
      '1 Dec 2026, 12:00 pm (Lord Howe)',
    );
    expect(zonePlace('Australia/Perth')).toBe('Perth');
  });

  it('[I34] leaves what is not a day or a wall-clock time as it is', () => {
    expect(shortDate('2026-11-00')).toBe('2026-11-00');
    expect(shortDate('28/11/2026')).toBe('28/11/2026');
    expect(shortDateTime('2026-13-01 10:00:00')).toBe('2026-13-01 10:00:00');
    expect(shortDateTime('2026-11-28 24:10:00')).toBe('2026-11-28 24:10:00');
    expect(shortDateTime('2026-11-28')).toBe('2026-11-28');
  });
});
