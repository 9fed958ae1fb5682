import { QUIET_HOURS } from '@quokka/contract/constants';
import {
  formatWallTime,
  parseWallTime,
  utcToZonedWallTime,
  type WallTimeParts,
  zonedWallTimeToUtc,
} from '@quokka/contract/timezones';

// [CONST-27] No message goes out from 20:00 until 06:00 on the clock of the card's delivery zone; a send
// due then waits until 06:00 there (DECISIONS.md "Gift cards"). The zone's clock is read through
// timezones.ts, so a night that is 9 or 7 hours long because daylight saving starts or ends lands on
// 06:00 local all the same.

function wallPartsAt(at: Date, zone: string): WallTimeParts {
  const parts = parseWallTime(utcToZonedWallTime(at, zone));
  if (!parts) throw new RangeError(`No wall time for ${at.toISOString()} in ${zone}`);
  return parts;
}

/** [CONST-27] True from 20:00:00 up to 05:59:59 in `zone`. */
export function isQuietHour(at: Date, zone: string): boolean {
  const { hour } = wallPartsAt(at, zone);
  return hour >= QUIET_HOURS.startHour || hour < QUIET_HOURS.endHour;
}

/** The calendar day after this one (month and year ends included). */
function nextDay(parts: WallTimeParts): WallTimeParts {
  const date = new Date(Date.UTC(parts.year, parts.month - 1, parts.day + 1));
  return { ...parts, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/**
 * [CONST-27] `at` itself outside quiet hours; otherwise 06:00:00 in `zone` on the morning that ends the
 * quiet night (the next day when it is evening, the same day when it is early morning).
 */
export function nextSendableInstant(at: Date, zone: string): Date {
  const parts = wallPartsAt(at, zone);
  if (parts.hour < QUIET_HOURS.startHour && parts.hour >= QUIET_HOURS.endHour) return at;
  const morning = parts.hour >= QUIET_HOURS.startHour ? nextDay(parts) : parts;
  return zonedWallTimeToUtc(
    formatWallTime({ ...morning, hour: QUIET_HOURS.endHour, minute: 0, second: 0 }),
    zone,
  );
}
