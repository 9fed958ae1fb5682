import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEZONE } from './constants.ts';
import {
  AUSTRALIAN_TIME_ZONES,
  DEFAULT_ZONE,
  formatWallTime,
  isAustralianZone,
  isWallTime,
  parseWallTime,
  timeZoneLabel,
  utcToZonedWallTime,
  zonedWallTimeToUtc,
} from './timezones.ts';

const utc = (iso: string): Date => new Date(iso);

describe('time zones offered', () => {
  it('[CONST-22] Australia/Sydney is the default and comes first', () => {
    expect(DEFAULT_ZONE).toBe('Australia/Sydney');
    expect(DEFAULT_TIMEZONE).toBe('Australia/Sydney');
    expect(AUSTRALIAN_TIME_ZONES[0]?.zone).toBe('Australia/Sydney');
  });

  it('[CONST-23] offers the Australian zones, each with a label', () => {
    expect(AUSTRALIAN_TIME_ZONES.map((z) => z.zone)).toEqual([
      'Australia/Sydney',
      'Australia/Melbourne',
      'Australia/Brisbane',
      'Australia/Adelaide',
      'Australia/Darwin',
      'Australia/Perth',
      'Australia/Hobart',
      'Australia/Lord_Howe',
    ]);
    for (const option of AUSTRALIAN_TIME_ZONES) {
      expect(option.label.length).toBeGreaterThan(0);
      // Every zone offered must be one the runtime's Intl can convert.
      expect(() => utcToZonedWallTime(new Date(0), option.zone)).not.toThrow();
    }
    expect(timeZoneLabel('Australia/Perth')).toBe('Perth (WA)');
    expect(timeZoneLabel('Europe/London')).toBeUndefined();
  });

  it.each([
    ['Australia/Sydney', true],
    ['Australia/Lord_Howe', true],
    ['Australia/Perth', true],
    ['australia/sydney', false],
    ['Europe/London', false],
    ['UTC', false],
    ['', false],
    [undefined, false],
    [42, false],
  ])('[CONST-23] isAustralianZone(%s) is %s', (zone, expected) => {
    expect(isAustralianZone(zone)).toBe(expected);
  });
});

describe('wall time format', () => {
  it.each([
    ['2025-10-05 02:30:00', true],
    ['2024-02-29 23:59:59', true],
    ['2025-02-29 10:00:00', false],
    ['2025-04-31 10:00:00', false],
    ['2025-13-01 10:00:00', false],
    ['2025-01-01 24:00:00', false],
    ['2025-01-01 10:60:00', false],
    ['2025-01-01T10:00:00', false],
    ['2025-01-01 10:00', false],
    ['', false],
  ])('%s is a wall time: %s', (wall, expected) => {
    expect(isWallTime(wall)).toBe(expected);
  });

  it('formats parts back with zero padding', () => {
    const parts = parseWallTime('2025-03-07 04:05:06');
    expect(parts).toEqual({ year: 2025, month: 3, day: 7, hour: 4, minute: 5, second: 6 });
    expect(parts && formatWallTime(parts)).toBe('2025-03-07 04:05:06');
  });
});

describe('zonedWallTimeToUtc / utcToZonedWallTime', () => {
  it.each([
    // Sydney standard time (AEST, +10) in winter, daylight time (AEDT, +11) in summer.
    ['Australia/Sydney', '2025-07-01 09:00:00', '2025-06-30T23:00:00.000Z'],
    ['Australia/Sydney', '2025-01-15 12:00:00', '2025-01-15T01:00:00.000Z'],
    // Perth is +8 all year: no daylight saving.
    ['Australia/Perth', '2025-01-15 12:00:00', '2025-01-15T04:00:00.000Z'],
    ['Australia/Perth', '2025-07-15 12:00:00', '2025-07-15T04:00:00.000Z'],
    // Brisbane +10 all year; Adelaide +9:30 / +10:30; Darwin +9:30 all year.
    ['Australia/Brisbane', '2025-01-15 12:00:00', '2025-01-15T02:00:00.000Z'],
    ['Australia/Adelaide', '2025-01-15 12:00:00', '2025-01-15T01:30:00.000Z'],
    ['Australia/Adelaide', '2025-07-15 12:00:00', '2025-07-15T02:30:00.000Z'],
    ['Australia/Darwin', '2025-01-15 12:00:00', '2025-01-15T02:30:00.000Z'],
    // Crossing a date line backwards into the previous UTC day.
    ['Australia/Sydney', '2026-01-01 00:00:00', '2025-12-31T13:00:00.000Z'],
  ])('[CONST-23] %s %s is %s', (zone, wall, iso) => {
    expect(zonedWallTimeToUtc(wall, zone).toISOString()).toBe(iso);
    expect(utcToZonedWallTime(utc(iso), zone)).toBe(wall);
  });

  describe('Sydney daylight saving starts (first Sunday of October, 02:00 AEST → 03:00 AEDT)', () => {
    it('the last second before the change is still AEST (+10)', () => {
      expect(zonedWallTimeToUtc('2025-10-05 01:59:59', 'Australia/Sydney').toISOString()).toBe(
        '2025-10-04T15:59:59.000Z',
      );
    });

    it('03:00 is the first AEDT (+11) wall time', () => {
      expect(zonedWallTimeToUtc('2025-10-05 03:00:00', 'Australia/Sydney').toISOString()).toBe(
        '2025-10-04T16:00:00.000Z',
      );
    });

    it.each([
      ['2025-10-05 02:00:00', '2025-10-04T16:00:00.000Z', '2025-10-05 03:00:00'],
      ['2025-10-05 02:30:00', '2025-10-04T16:30:00.000Z', '2025-10-05 03:30:00'],
      ['2025-10-05 02:59:59', '2025-10-04T16:59:59.000Z', '2025-10-05 03:59:59'],
    ])('%s does not exist and moves forward by the hour skipped', (wall, iso, shown) => {
      const instant = zonedWallTimeToUtc(wall, 'Australia/Sydney');
      expect(instant.toISOString()).toBe(iso);
      expect(utcToZonedWallTime(instant, 'Australia/Sydney')).toBe(shown);
    });

    it('the UTC instants around the change read back as the clock showed them', () => {
      expect(utcToZonedWallTime(utc('2025-10-04T15:59:59Z'), 'Australia/Sydney')).toBe('2025-10-05 01:59:59');
      expect(utcToZonedWallTime(utc('2025-10-04T16:00:00Z'), 'Australia/Sydney')).toBe('2025-10-05 03:00:00');
    });
  });

  describe('Sydney daylight saving ends (first Sunday of April, 03:00 AEDT → 02:00 AEST)', () => {
    it('02:30 happens twice and takes the earlier instant (still AEDT)', () => {
      const instant = zonedWallTimeToUtc('2025-04-06 02:30:00', 'Australia/Sydney');
      expect(instant.toISOString()).toBe('2025-04-05T15:30:00.000Z');
      // Both instants show 02:30 on the clock.
      expect(utcToZonedWallTime(utc('2025-04-05T15:30:00Z'), 'Australia/Sydney')).toBe('2025-04-06 02:30:00');
      expect(utcToZonedWallTime(utc('2025-04-05T16:30:00Z'), 'Australia/Sydney')).toBe('2025-04-06 02:30:00');
    });

    it('02:00 exactly is also ambiguous and takes the earlier instant', () => {
      expect(zonedWallTimeToUtc('2025-04-06 02:00:00', 'Australia/Sydney').toISOString()).toBe(
        '2025-04-05T15:00:00.000Z',
      );
    });

    it('01:59:59 is AEDT (+11) and 03:00 is AEST (+10)', () => {
      expect(zonedWallTimeToUtc('2025-04-06 01:59:59', 'Australia/Sydney').toISOString()).toBe(
        '2025-04-05T14:59:59.000Z',
      );
      expect(zonedWallTimeToUtc('2025-04-06 03:00:00', 'Australia/Sydney').toISOString()).toBe(
        '2025-04-05T17:00:00.000Z',
      );
    });

    it('works for another year too (2026-04-05)', () => {
      expect(zonedWallTimeToUtc('2026-04-05 02:30:00', 'Australia/Sydney').toISOString()).toBe(
        '2026-04-04T15:30:00.000Z',
      );
    });
  });

  it('Perth has no gap and no overlap on the Sydney change days', () => {
    expect(zonedWallTimeToUtc('2025-10-05 02:30:00', 'Australia/Perth').toISOString()).toBe(
      '2025-10-04T18:30:00.000Z',
    );
    expect(zonedWallTimeToUtc('2025-04-06 02:30:00', 'Australia/Perth').toISOString()).toBe(
      '2025-04-05T18:30:00.000Z',
    );
  });

  it('Lord Howe moves its clock by half an hour: 02:15 on the first Sunday of October moves to 02:45', () => {
    const instant = zonedWallTimeToUtc('2025-10-05 02:15:00', 'Australia/Lord_Howe');
    expect(instant.toISOString()).toBe('2025-10-04T15:45:00.000Z');
    expect(utcToZonedWallTime(instant, 'Australia/Lord_Howe')).toBe('2025-10-05 02:45:00');
  });

  it('every quarter hour across both Sydney changes round-trips (except the repeated hour)', () => {
    const zone = 'Australia/Sydney';
    for (const startIso of ['2025-10-04T12:00:00Z', '2025-04-05T12:00:00Z']) {
      const start = Date.parse(startIso);
      for (let ms = start; ms < start + 12 * 3_600_000; ms += 15 * 60_000) {
        const wall = utcToZonedWallTime(new Date(ms), zone);
        const back = zonedWallTimeToUtc(wall, zone).getTime();
        // The repeated hour maps to its earlier instant, one hour before the later one.
        expect([ms, ms - 3_600_000]).toContain(back);
        expect(utcToZonedWallTime(new Date(back), zone)).toBe(wall);
      }
    }
  });

  it('rejects a malformed wall time, an unknown zone and an invalid date with RangeError', () => {
    expect(() => zonedWallTimeToUtc('2025-02-30 10:00:00', 'Australia/Sydney')).toThrow(RangeError);
    expect(() => zonedWallTimeToUtc('2025-10-05T02:30:00', 'Australia/Sydney')).toThrow(RangeError);
    expect(() => zonedWallTimeToUtc('2025-10-05 02:30:00', 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => utcToZonedWallTime(new Date(Number.NaN), 'Australia/Sydney')).toThrow(RangeError);
  });
});
