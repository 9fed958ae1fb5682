// Australian mobile numbers: what the mobile popup, registration, addresses and gift cards accept.
// DECISIONS.md "Sign-in": input may be 04xx xxx xxx, 4xx xxx xxx or +614xxxxxxxx (spaces allowed);
// the server stores E.164.

// The mobile-only metadata: a number is valid only when it is a mobile, and it is smaller than /max.
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';
import { COUNTRY_ID } from './constants.ts';

/** '+614xxxxxxxx' */
export type E164Mobile = `+614${string}`;

// [VAL-01] Digits with an optional leading plus; spaces are allowed between them.
const MOBILE_CHARACTERS = /^\+?[0-9 ]+$/;

/** True when the text is digits with an optional leading plus (spaces allowed), the popup's first rule. */
export function hasMobileCharacters(input: string): boolean {
  const trimmed = input.trim();
  return MOBILE_CHARACTERS.test(trimmed) && /[0-9]/.test(trimmed);
}

/**
 * The E.164 form ('+61412345678') of an Australian mobile typed as 0412 345 678, 412 345 678,
 * +61 412 345 678 or 61412345678; null for anything else (landlines, other countries, letters, dashes).
 */
export function parseAuMobile(input: string | null | undefined): E164Mobile | null {
  if (typeof input !== 'string' || !hasMobileCharacters(input)) return null;
  const phone = parsePhoneNumberFromString(input.trim(), COUNTRY_ID);
  if (!phone || phone.country !== COUNTRY_ID || !phone.isValid() || phone.getType() !== 'MOBILE') return null;
  const e164 = phone.number;
  return isE164AuMobile(e164) ? e164 : null;
}

export function isAuMobile(input: string | null | undefined): boolean {
  return parseAuMobile(input) !== null;
}

function isE164AuMobile(value: string): value is E164Mobile {
  return /^\+614\d{8}$/.test(value);
}

/** '0412 345 678' for a stored '+61412345678'; the input unchanged when it is not an AU mobile. */
export function formatMobileNational(mobile: string): string {
  const e164 = parseAuMobile(mobile);
  if (!e164) return mobile;
  const national = `0${e164.slice(3)}`;
  return `${national.slice(0, 4)} ${national.slice(4, 7)} ${national.slice(7)}`;
}
