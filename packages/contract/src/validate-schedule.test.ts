import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { saveScheduledDateBodySchema, stepHour, stepMinute, validateSchedule } from './validate-schedule.ts';

// 2025-06-01 10:00:00 in Sydney (AEST, +10) is 00:00:00 UTC; in Perth (+8) it is 08:00.
const NOW = new Date('2025-06-01T00:00:00Z');

describe('validateSchedule', () => {
  it.each([
    ['Australia/Sydney', '2025-06-01 10:00:00', {}],
    ['Australia/Sydney', '2025-06-01 10:00:01', {}],
    ['Australia/Sydney', '2025-06-01 09:59:59', { scheduled_delivery: MSG.pastDate }],
    ['Australia/Sydney', '2025-05-31 23:00:00', { scheduled_delivery: MSG.pastDate }],
    ['Australia/Sydney', '2026-01-01 09:00:00', {}],
    // The same clock reading is past in Sydney but future in Perth, two hours behind.
    ['Australia/Perth', '2025-06-01 09:00:00', {}],
    ['Australia/Perth', '2025-06-01 07:59:00', { scheduled_delivery: MSG.pastDate }],
  ])('[VAL-52] %s %s → %j', (zone, wall, expected) => {
    expect(validateSchedule(wall, zone, NOW)).toEqual(expected);
  });

  it('[VAL-52] a time skipped by daylight saving counts as the time the clock moves to', () => {
    // 02:30 on 2025-10-05 in Sydney becomes 03:30 AEDT = 16:30 UTC the day before.
    const now = new Date('2025-10-04T16:15:00Z');
    expect(validateSchedule('2025-10-05 02:30:00', 'Australia/Sydney', now)).toEqual({});
    expect(
      validateSchedule('2025-10-05 02:30:00', 'Australia/Sydney', new Date('2025-10-04T16:45:00Z')),
    ).toEqual({
      scheduled_delivery: MSG.pastDate,
    });
  });

  it('refuses a zone that is not offered and a malformed date', () => {
    expect(validateSchedule('2030-01-01 10:00:00', 'Europe/London', NOW)).toEqual({
      delivery_timezone: MSG.chooseTimezone,
    });
    expect(validateSchedule('2030-02-30 10:00:00', 'Australia/Sydney', NOW)).toEqual({
      scheduled_delivery: MSG.validDateTime,
    });
  });

  it('[API-40] describes the savegiftcardscheduleddate body', () => {
    const body = {
      gift_card_details_id: 4,
      scheduled_delivery: '2030-01-01 10:00:00',
      delivery_timezone: 'Australia/Perth',
    };
    expect(saveScheduledDateBodySchema.parse(body)).toEqual(body);
    expect(saveScheduledDateBodySchema.safeParse({ gift_card_details_id: 4 }).success).toBe(false);
  });
});

describe('steppers', () => {
  it.each([
    [0, 1, 1],
    [22, 1, 23],
    [23, 1, 0],
    [0, -1, 23],
    [12, -1, 11],
  ] as const)('[VAL-53] hour %i stepped %i is %i', (hour, delta, next) => {
    expect(stepHour(hour, delta)).toBe(next);
  });

  it.each([
    [0, 1, 1],
    [58, 1, 59],
    [59, 1, 0],
    [0, -1, 59],
    [30, -1, 29],
  ] as const)('[VAL-54] minute %i stepped %i is %i', (minute, delta, next) => {
    expect(stepMinute(minute, delta)).toBe(next);
  });

  it('[VAL-53] [VAL-54] a full turn of presses comes back to the start and stays in range', () => {
    let hour = 5;
    let minute = 17;
    const hours = new Set<number>();
    const minutes = new Set<number>();
    for (let i = 0; i < 60; i++) {
      if (i < 24) hour = stepHour(hour, 1);
      minute = stepMinute(minute, -1);
      hours.add(hour);
      minutes.add(minute);
    }
    expect(hour).toBe(5);
    expect(minute).toBe(17);
    expect(Math.min(...hours)).toBe(0);
    expect(Math.max(...hours)).toBe(23);
    expect(Math.min(...minutes)).toBe(0);
    expect(Math.max(...minutes)).toBe(59);
  });
});
