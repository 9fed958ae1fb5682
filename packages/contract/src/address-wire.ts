// The backend address (SPEC.md §3 Address, §7 createAccount addresses) and its mapping to and from the
// address form, so both sides agree on street[0], city = suburb, telephone = mobile and the region.

import { z } from 'zod';
import { COUNTRY_ID } from './constants.ts';
import { parseAuMobile } from './mobile.ts';
import { joinFullName, splitFullName } from './names.ts';
import { findRegionByCode, findRegionById, toRegionWire } from './regions.ts';
import type { AddressInput } from './validate-address.ts';
import { stateRegion } from './validate-address.ts';

export const regionWireSchema = z.object({
  region: z.string(),
  region_code: z.string(),
  region_id: z.number().int(),
});

export const addressWireSchema = z.object({
  id: z.number().int().optional(),
  customer_id: z.number().int().optional(),
  customer_address_id: z.number().int().optional(),
  firstname: z.string(),
  lastname: z.string(),
  telephone: z.string(),
  // [DATA-36] A list; only the first line is shown.
  street: z.array(z.string()),
  city: z.string(),
  postcode: z.string(),
  // [DATA-37] Both the region object and a top-level region_id.
  region: regionWireSchema.optional(),
  region_id: z.number().int().optional(),
  country_id: z.string(),
  email: z.string().optional(),
  save_in_address_book: z.union([z.boolean(), z.number()]).optional(),
  default_shipping: z.boolean().optional(),
  default_billing: z.boolean().optional(),
});
export type AddressWire = z.infer<typeof addressWireSchema>;

export interface AddressWireOptions {
  default_shipping?: boolean;
  default_billing?: boolean;
}

/**
 * The backend address for a valid form. When the state names no region the address goes without
 * `region` and `region_id`: [ERR-14] the caller logs that and shows nothing (the form's own rules
 * stop such a state before this is reached).
 */
export function toAddressWire(form: AddressInput, options: AddressWireOptions = {}): AddressWire {
  const { firstname, lastname } = splitFullName(form.fullname);
  const region = stateRegion(form.state);
  return {
    firstname,
    lastname,
    telephone: parseAuMobile(form.mobile) ?? form.mobile.trim(),
    street: [form.street_address.trim()],
    city: form.suburb.trim(),
    postcode: form.postcode.trim(),
    ...(region ? { region: toRegionWire(region), region_id: region.id } : {}),
    // [VAL-18, VAL-30] Country is fixed to AU.
    country_id: COUNTRY_ID,
    ...options,
  };
}

/** The form values for editing a stored address. */
export function addressInputFromWire(address: AddressWire): AddressInput {
  const region =
    findRegionByCode(address.region?.region_code) ??
    findRegionById(address.region?.region_id) ??
    findRegionById(address.region_id);
  return {
    mobile: address.telephone,
    fullname: joinFullName(address.firstname, address.lastname),
    street_address: address.street[0] ?? '',
    suburb: address.city,
    state: region?.code ?? '',
    country: address.country_id,
    postcode: address.postcode,
  };
}
