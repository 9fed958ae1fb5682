// SPEC.md §5 "Address form (checkout and account)": the rules and messages of a shipping address.

import { z } from 'zod';
import type { AddressInput } from './address-form.ts';
import { COUNTRY_ID, COUNTRY_NAME } from './constants.ts';
import { MSG } from './messages.ts';
import { isAuMobile } from './mobile.ts';
import { isFullName } from './names.ts';
import { findRegion, type Region } from './regions.ts';
import { type FieldErrors, withFieldRules } from './wire.ts';

/** An address as the form holds it (its schema is `addressFormSchema` in address-form.ts). */
export type { AddressInput };

export type AddressField = keyof AddressInput;

/** Form input as it may arrive: fields missing or null. */
export type AddressDraft = { [K in AddressField]?: string | null };

/** The manual address fields, hidden behind the address search until one is missing or chosen. */
export const ADDRESS_PART_FIELDS = ['street_address', 'suburb', 'state', 'country', 'postcode'] as const;
export type AddressPartField = (typeof ADDRESS_PART_FIELDS)[number];

export function isBlank(value: string | null | undefined): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

/** [VAL-08, VAL-09, VAL-26] The region a state field names; the placeholder 'Enter State' names none. */
export function stateRegion(state: string | number | null | undefined): Region | undefined {
  if (typeof state === 'string' && state.trim().toUpperCase() === MSG.statePlaceholder.toUpperCase()) {
    return undefined;
  }
  return findRegion(state);
}

/** [VAL-18, VAL-30, CONST-21] The only country: 'AU' (or its name, as places results give it). */
export function isAustralia(country: string | null | undefined): boolean {
  if (typeof country !== 'string') return false;
  const value = country.trim().toUpperCase();
  return value === COUNTRY_ID || value === COUNTRY_NAME.toUpperCase();
}

/** Australian postcodes have four digits. */
export function isPostcode(postcode: string | null | undefined): boolean {
  return typeof postcode === 'string' && /^\d{4}$/.test(postcode.trim());
}

/** The manual address parts' messages, shared by the address form and registration. */
export function validateAddressParts(
  input: { [K in AddressPartField]?: string | null },
): FieldErrors<AddressPartField> {
  const errors: FieldErrors<AddressPartField> = {};
  if (isBlank(input.street_address)) errors.street_address = MSG.missingStreet; // [VAL-06, VAL-24]
  if (isBlank(input.suburb)) errors.suburb = MSG.missingSuburb; // [VAL-07, VAL-25]
  if (!stateRegion(input.state)) errors.state = MSG.missingState; // [VAL-08, VAL-09, VAL-26]
  if (!isAustralia(input.country)) errors.country = MSG.missingCountry; // [VAL-10, VAL-27]
  if (!isPostcode(input.postcode)) errors.postcode = MSG.missingPostcode; // [VAL-11, VAL-28]
  return errors;
}

/** [VAL-20..28, VAL-30] The address form's messages, in form order; {} when valid. */
export function validateAddress(input: AddressDraft): FieldErrors<AddressField> {
  const errors: FieldErrors<AddressField> = {};
  // [VAL-20] Required, and members need an Australian mobile ([CONST-28]).
  if (!isAuMobile(input.mobile)) errors.mobile = MSG.validMobile;
  if (!isFullName(input.fullname)) errors.fullname = MSG.fullName; // [VAL-21]
  return { ...errors, ...validateAddressParts(input) };
}

/** [VAL-13, VAL-29] Whether these errors call for revealing the manual address fields. */
export function addressPartsMissing(errors: FieldErrors): boolean {
  return ADDRESS_PART_FIELDS.some((field) => typeof errors[field] === 'string');
}

export const addressFormShape = {
  mobile: z.string(),
  fullname: z.string(),
  street_address: z.string(),
  suburb: z.string(),
  state: z.string(),
  country: z.string(),
  postcode: z.string(),
};

/** The address form as a schema: strings, then the rules of `validateAddress`. */
export const addressSchema = withFieldRules(z.object(addressFormShape), validateAddress);
