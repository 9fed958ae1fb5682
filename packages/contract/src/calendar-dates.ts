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
