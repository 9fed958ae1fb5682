import { GIFT_CARD_VALID_YEARS } from '@quokka/contract/constants';
import {
  formatWallTime,
  parseWallTime,
  utcToZonedWallTime,
  zonedWallTimeToUtc,
} from '@quokka/contract/timezones';

// [GIFT-03, CONST-26] A gift card is valid for 3 years from sending: the same wall-clock time in the
// card's zone, 3 calendar years on (29 February becomes 28 February). `valid_until` is first computed from
// the scheduled instant and moved when the actual send is later (DECISIONS.md "Gift cards").

export function validUntilFrom(sentAt: Date, zone: string): Date {
  const parts = parseWallTime(utcToZonedWallTime(sentAt, zone));
  if (!parts) throw new RangeError(`No wall time for ${sentAt.toISOString()} in ${zone}`);
  const year = parts.year + GIFT_CARD_VALID_YEARS;
  const lastDay = new Date(Date.UTC(year, parts.month, 0)).getUTCDate();
  return zonedWallTimeToUtc(formatWallTime({ ...parts, year, day: Math.min(parts.day, lastDay) }), zone);
}

/** The later of the validity already recorded and 3 years from `sentAt`. */
export function validUntilOnSend(recorded: Date | null, sentAt: Date, zone: string): Date {
  const fromSend = validUntilFrom(sentAt, zone);
  return recorded && recorded.getTime() > fromSend.getTime() ? recorded : fromSend;
}
