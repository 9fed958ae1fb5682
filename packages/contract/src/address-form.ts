// The address form and the wire (SPEC.md §3 Address, §5): the form's fields (AddressInput) and the
// mapping both ways, so both sides agree on street[0], city = suburb, telephone = mobile and the region.
// Apart from api/address.ts because it needs the §5 rules and the phone-number library.

import { z } from 'zod';
import type { AddressWire } from './api/address.ts';
import { COUNTRY_ID } from './constants.ts';
import { parseAuMobile } from './mobile.ts';
import { joinFullName, splitFullName } from './names.ts';
import { findRegionByCode, findRegionById, toRegionWire } from './regions.ts';
import { addressFormShape, stateRegion } from './validate-address.ts';

/** The address form's fields (`state` a region code, name or id; `country` 'AU'). */
export const addressFormSchema = z.object(addressFormShape).meta({ id: 'AddressForm' });
export type AddressInput = z.infer<typeof addressFormSchema>;

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
