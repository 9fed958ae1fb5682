// The one address family (SPEC.md §3 Address, §7 createAccount addresses), each named for what it is:
//   AddressWire      the Magento address on the wire: what replies carry, what createAccount and
//                    `PUT customers/me` send;
//   AddressBody      the same address as a request may send it (Magento clients send ids and numbers
//                    as strings, the region in any of its fields): checkout and the address book;
//   AddressSnapshot  the address stored with a cart or an order, as order replies carry it;
//   AddressInput     the address form's fields.
// And the mapping between the form and the wire, so both sides agree on street[0], city = suburb,
// telephone = mobile and the region.

import { z } from 'zod';
import { COUNTRY_ID } from '../constants.ts';
import { parseAuMobile } from '../mobile.ts';
import { joinFullName, splitFullName } from '../names.ts';
import { findRegionByCode, findRegionById, toRegionWire } from '../regions.ts';
import { addressFormShape, stateRegion } from '../validate-address.ts';
import { idParam } from './common.ts';

export const regionWireSchema = z
  .object({
    region: z.string(),
    region_code: z.string(),
    region_id: z.number().int(),
  })
  .meta({ id: 'Region' });
export type RegionWire = z.infer<typeof regionWireSchema>;

/** The address form's fields (`state` a region code, name or id; `country` 'AU'). */
export const addressFormSchema = z.object(addressFormShape).meta({ id: 'AddressForm' });
export type AddressInput = z.infer<typeof addressFormSchema>;

export const addressWireSchema = z
  .object({
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
  })
  .meta({ id: 'Address' });
export type AddressWire = z.infer<typeof addressWireSchema>;

/**
 * [DATA-41] The address stored with a cart or an order: the wire address's fields, a saved one keeping
 * its id, and the region always present (an address without one never reaches an order).
 */
export const addressSnapshotSchema = addressWireSchema
  .pick({
    customer_address_id: true,
    firstname: true,
    lastname: true,
    telephone: true,
    street: true,
    city: true,
    postcode: true,
    country_id: true,
    email: true,
  })
  .extend({ region: regionWireSchema, region_id: z.number().int() })
  .meta({ id: 'AddressSnapshot' });
export type AddressSnapshot = z.infer<typeof addressSnapshotSchema>;

const text = (max = 255) => z.string().max(max);

/**
 * An address as Magento clients send it: a saved one by id, or a new one in full. Every field may be
 * missing: the address form's rules (SPEC.md §5) answer with their own messages.
 */
export const addressBodySchema = z.object({
  customer_address_id: idParam.nullish(),
  customerAddressId: idParam.nullish(),
  firstname: text().nullish(),
  lastname: text().nullish(),
  telephone: text(40).nullish(),
  street: z.union([z.array(text()).max(4), text()]).nullish(),
  city: text().nullish(),
  postcode: z.union([text(20), z.number()]).nullish(),
  region: z
    .union([
      text(),
      z.object({
        region: text().nullish(),
        region_code: text(10).nullish(),
        region_id: z.union([z.number(), text(10)]).nullish(),
      }),
    ])
    .nullish(),
  region_id: z.union([z.number(), text(10)]).nullish(),
  region_code: text(10).nullish(),
  country_id: text(2).nullish(),
  email: text(254).nullish(),
  save_in_address_book: z.union([z.boolean(), z.number(), z.string()]).nullish(),
});
export type AddressBody = z.infer<typeof addressBodySchema>;

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
