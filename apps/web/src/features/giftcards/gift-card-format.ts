// How the gift card screens and the checkout panel show a card's times, zone, name and numbers.
import { parseWallTime } from '@quokka/contract/timezones';

const sendTimeFormat = new Intl.DateTimeFormat('en-AU', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

/** 'Sydney' for 'Australia/Sydney', 'Lord Howe' for 'Australia/Lord_Howe'. */
export function zoneCity(zone: string | null | undefined): string {
  if (!zone) return '';
  return (zone.split('/').at(-1) ?? zone).replace(/_/g, ' ');
}

/** The wall time's clock face as a Date read in UTC, for Intl to format without shifting it. */
function wallFace(wall: string): Date | null {
  const parts = parseWallTime(wall);
  if (!parts) return null;
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second));
}

/** 'Sat 22 Nov 2026, 10:00 am (Sydney)', or null when the card has no send time. */
export function formatSendTime(
  wall: string | null | undefined,
  zone: string | null | undefined,
): string | null {
  if (!wall) return null;
  const face = wallFace(wall);
  if (!face) return wall;
  const city = zoneCity(zone);
  return `${sendTimeFormat.format(face)}${city ? ` (${city})` : ''}`;
}

/** '4929 1703 6152 2883': the 16 digits in fours, as on a card. */
export function formatGiftCardNo(no: string): string {
  return no.replace(/\s+/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function recipientName(card: { recipient_firstname: string; recipient_lastname: string }): string {
  return `${card.recipient_firstname} ${card.recipient_lastname}`.trim();
}
