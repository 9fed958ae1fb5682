// Calendar dates as people read them. A calendar date is a day of the shop's calendar with no time of day
// ('2026-11-23': a statement's week ending, a remittance date, an invoice's date of issue), so it is
// written from its own digits: no time zone can move it to another day.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

/** '2026-11' → 'November 2026'; anything else as it is. */
export function monthName(month: string): string {
  const match = MONTH.exec(month);
  const name = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : month;
}

/** '2026-12-01' → '1 December 2026'; anything else as it is. */
export function longDate(date: string): string {
  const match = DATE.exec(date);
  const name = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && name ? `${Number(match[3])} ${name} ${match[1]}` : date;
}

/** '2026-11-23' → 'Mon 23 Nov 2026' (the weekday tells a Monday cut-off at a glance); anything else as it is. */
export function dayDate(date: string): string {
  const match = DATE.exec(date);
  const name = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !name) return date;
  const weekday =
    WEEKDAYS[new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))).getUTCDay()];
  return `${weekday} ${Number(match[3])} ${name.slice(0, 3)} ${match[1]}`;
}

/** [I34] '2026-11-28' → '28 Nov 2026': the back office's one way of writing a day; anything else as it is. */
export function shortDate(date: string): string {
  const match = DATE.exec(date);
  const name = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && name && Number(match[3]) >= 1
    ? `${Number(match[3])} ${name.slice(0, 3)} ${match[1]}`
    : date;
}

const WALL = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::\d{2})?$/;

/** 'Australia/Lord_Howe' → 'Lord Howe': the place a zone is named for, as a clock's label. */
export function zonePlace(zone: string): string {
  return (zone.split('/').pop() ?? zone).replaceAll('_', ' ');
}

/**
 * [I34] A wall-clock time (a time zone's own '2026-11-28 04:53[:ss]', e.g. from `utcToZonedWallTime`) →
 * '28 Nov 2026, 4:53 am', with '(Sydney)' after it when its zone is given; the same words as the back
 * office's instants ('24 Nov 2026, 8:13 pm'). Anything else as it is.
 */
export function shortDateTime(wall: string, zone?: string): string {
  const match = WALL.exec(wall);
  if (!match) return wall;
  const day = shortDate(match[1] as string);
  const hour = Number(match[2]);
  if (day === match[1] || hour > 23 || Number(match[3]) > 59) return wall;
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${match[3]} ${hour < 12 ? 'am' : 'pm'}`;
  return `${day}, ${clock}${zone ? ` (${zonePlace(zone)})` : ''}`;
}
