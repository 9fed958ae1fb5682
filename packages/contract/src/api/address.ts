// The one address family on the wire (SPEC.md §3 Address, §7 createAccount addresses), each named for
// what it is:
//   AddressWire      the Magento address on the wire: what replies carry, what createAccount and
//                    `PUT customers/me` send;
//   AddressBody      the same address as a request may send it (Magento clients send ids and numbers
//                    as strings, the region in any of its fields): checkout and the address book;
//   AddressSnapshot  the address stored with a cart or an order, as order replies carry it.
// The form's fields (AddressInput) and the mapping between form and wire are in ../address-form.ts: they
// need the §5 rules and the phone-number library, which a client reading replies must not load up front.

import { z } from 'zod';
import { CITY_MAX, EMAIL_MAX, MOBILE_MAX, NAME_MAX, STREET_MAX } from '../input-limits.ts';
import { idParam, text } from './common.ts';

export const regionWireSchema = z
  .object({
    region: z.string(),
    region_code: z.string(),
    region_id: z.number().int(),
  })
  .meta({ id: 'Region' });
export type RegionWire = z.infer<typeof regionWireSchema>;

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

/** [I12-8] The wire address as createAccount sends it: every text bounded and free of control characters. */
export const addressWireRequestSchema = addressWireSchema.extend({
  firstname: text(NAME_MAX),
  lastname: text(NAME_MAX),
  telephone: text(MOBILE_MAX),
  street: z.array(text(STREET_MAX)).max(4),
  city: text(CITY_MAX),
  postcode: text(20),
  region: z.object({ region: text(), region_code: text(10), region_id: z.number().int() }).optional(),
  country_id: text(2),
  email: text(EMAIL_MAX).optional(),
});

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

/**
 * An address as Magento clients send it: a saved one by id, or a new one in full. Every field may be
 * missing: the address form's rules (SPEC.md §5) answer with their own messages.
 */
export const addressBodySchema = z.object({
  customer_address_id: idParam.nullish(),
  customerAddressId: idParam.nullish(),
  firstname: text(NAME_MAX).nullish(),
  lastname: text(NAME_MAX).nullish(),
  telephone: text(MOBILE_MAX).nullish(),
  street: z.union([z.array(text(STREET_MAX)).max(4), text(STREET_MAX)]).nullish(),
  city: text(CITY_MAX).nullish(),
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
  email: text(EMAIL_MAX).nullish(),
  save_in_address_book: z.union([z.boolean(), z.number(), text(10)]).nullish(),
});
export type AddressBody = z.infer<typeof addressBodySchema>;
