// SPEC.md §5 "Schedule": the chosen wall time in the chosen zone must not be in the past (nor, [I12-8],
// more than a year ahead), and the hour and minute steppers wrap.

import { z } from 'zod';
import { text } from './api/common.ts';
import { INPUT_LIMIT_TEXT, SCHEDULE_MAX_AHEAD_MS } from './input-limits.ts';
import { MSG } from './messages.ts';
import { isAustralianZone, isWallTime, zonedWallTimeToUtc } from './timezones.ts';
import type { FieldErrors } from './wire.ts';

export type ScheduleField = 'scheduled_delivery' | 'delivery_timezone';

/**
 * [VAL-52] {} when `wall` ('YYYY-MM-DD HH:mm:ss') in `zone` is now or later. A wall time skipped by a
 * daylight-saving change counts as the time the clock moves forward to.
 */
export function validateSchedule(wall: string, zone: string, now: Date): FieldErrors<ScheduleField> {
  if (!isAustralianZone(zone)) return { delivery_timezone: MSG.chooseTimezone };
  if (!isWallTime(wall)) return { scheduled_delivery: MSG.validDateTime };
  const at = zonedWallTimeToUtc(wall, zone).getTime();
  if (at < now.getTime()) return { scheduled_delivery: MSG.pastDate };
  // [I12-8] Bounded: year 9999 once overflowed the 3-year validity into a 500.
  if (at > now.getTime() + SCHEDULE_MAX_AHEAD_MS)
    return { scheduled_delivery: INPUT_LIMIT_TEXT.scheduleTooFar };
  return {};
}

const wrap = (value: number, size: number): number => ((Math.trunc(value) % size) + size) % size;

/** [VAL-53] The hour after an arrow press: 0..23, 23 + 1 → 0 and 0 - 1 → 23. */
export function stepHour(hour: number, delta: 1 | -1): number {
  return wrap(hour + delta, 24);
}

/** [VAL-54] The minute after an arrow press: 0..59, 59 + 1 → 0 and 0 - 1 → 59. */
export function stepMinute(minute: number, delta: 1 | -1): number {
  return wrap(minute + delta, 60);
}

/** POST {ns}/savegiftcardscheduleddate: the structure; `validateSchedule` holds the rules. */
export const saveScheduledDateBodySchema = z.object({
  gift_card_details_id: z.union([z.number().int(), text(40)]),
  scheduled_delivery: text(40),
  delivery_timezone: text(64),
});
export type SaveScheduledDateBody = z.infer<typeof saveScheduledDateBodySchema>;
