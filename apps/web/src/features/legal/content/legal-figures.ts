import { QUIET_HOURS, TERMS } from '@quokka/contract/constants';

// The legal prose states figures in words ('2.9%', '$1.00', '30 days’ notice'). They are formatted here
// from the contract's constants, never typed into the prose, so the pages cannot disagree with the
// reconciliation or the delivery worker that use the same constants.

export function percent(value: number): string {
  return `${value}%`;
}

/** '1 month', '3 months'. */
export function count(value: number, unit: string): string {
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}

/** '30 days’ notice', '1 month’s notice'. */
export function notice(value: number, unit: string): string {
  return value === 1 ? `${count(value, unit)}’s notice` : `${count(value, unit)}’ notice`;
}

/** 20 → '8pm', 6 → '6am', 0 → '12am', 12 → '12pm'. */
export function hour12(hour: number): string {
  const suffix = hour < 12 ? 'am' : 'pm';
  const h = hour % 12 === 0 ? 12 : hour % 12;
  return `${h}${suffix}`;
}

// [CONST-27] Quiet hours in the two ways the prose needs them: the span the terms name ('8pm to 6am')
// and the edges the delivery worker enforces ('after 8pm', 'before 6am').
export const QUIET_HOURS_SPAN = TERMS.quietHours;
export const QUIET_HOURS_START = hour12(QUIET_HOURS.startHour);
export const QUIET_HOURS_END = hour12(QUIET_HOURS.endHour);
