import type { AddressBody } from '@quokka/contract/api/address';
import { parseAuMobile } from '@quokka/contract/mobile';
import { joinFullName } from '@quokka/contract/names';
import { findRegion, toRegionWire } from '@quokka/contract/regions';
import { validateAddress } from '@quokka/contract/validate-address';
import { hasErrors, toInputValidation } from '@quokka/contract/wire';
import type { AddressSnapshot } from '../../db/schema.ts';
import { InputValidationError } from '../../domain/errors.ts';
import type { MemberAddressRow } from './customer-repository.ts';

// The address rules of SPEC.md §5, on the server: an address typed at checkout and one saved in the
// account's address book are checked alike, with the same messages per field, and stored alike.

/** The region an incoming address names, in whichever field the client put it. */
function regionOf(address: AddressBody) {
  const region = typeof address.region === 'object' && address.region !== null ? address.region : undefined;
  return (
    findRegion(address.region_id ?? undefined) ??
    findRegion(region?.region_id ?? undefined) ??
    findRegion(region?.region_code ?? undefined) ??
    findRegion(address.region_code ?? undefined) ??
    findRegion(typeof address.region === 'string' ? address.region : (region?.region ?? undefined))
  );
}

/**
 * A new address checked with the address form's rules (SPEC.md §5), the same messages per field, in its
 * stored form (E.164 telephone, the region of SPEC.md §3, country AU); InputValidationError otherwise.
 */
export function validatedAddress(address: AddressBody): AddressSnapshot {
  const street = (Array.isArray(address.street) ? address.street : [address.street ?? ''])
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const region = regionOf(address);
  const firstname = address.firstname?.trim() ?? '';
  const lastname = address.lastname?.trim() ?? '';
  const postcode = String(address.postcode ?? '').trim();
  const errors = validateAddress({
    mobile: address.telephone ?? '',
    fullname: joinFullName(firstname, lastname),
    street_address: street[0] ?? '',
    suburb: address.city ?? '',
    state: region?.code ?? '',
    country: address.country_id ?? '',
    postcode,
  });
  if (hasErrors(errors) || !region) throw new InputValidationError(toInputValidation(errors));
  const telephone = address.telephone ?? '';
  return {
    firstname,
    lastname,
    telephone: parseAuMobile(telephone) ?? telephone.trim(),
    street,
    city: (address.city ?? '').trim(),
    postcode,
    region: toRegionWire(region),
    region_id: region.id,
    country_id: 'AU',
  };
}

/** The Magento address of a member's stored address, as a snapshot for a cart or an order. */
export function addressSnapshot(row: MemberAddressRow): AddressSnapshot {
  return {
    customer_address_id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    telephone: row.telephone,
    street: row.street,
    city: row.city,
    postcode: row.postcode,
    region: { region: row.region, region_code: row.region_code, region_id: row.region_id },
    region_id: row.region_id,
    country_id: row.country_id,
  };
}
