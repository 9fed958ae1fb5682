// How the back office writes money, times and numbers. Money is integer cents on the wire and is shown
// with the contract's formatter (the storefront's '$1,234.50'); times are the shop's: the contract's
// DEFAULT_TIMEZONE (Sydney).
// Amounts typed by a person are read by the contract's `readAmount` (@quokka/contract/money), the one
// reader of the back office and the server (docs/money.md "Amounts typed by a person").
import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import { formatCents } from '@quokka/contract/money';

/** The shop's zone under the name the back office's screens use (payouts-page.tsx): the contract's. */

export const money = (cents: number): string => formatCents(cents);

const dateTime = new Intl.DateTimeFormat('en-AU', {
  timeZone: DEFAULT_TIMEZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** '24 Nov 2026, 8:13 pm' in Sydney. */
export function shopTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** A gift card number in groups of four: '1234 5678 9012 3456'. */
export function groupedCardNumber(number: string): string {
  return number.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
