import { z } from 'zod';
import { idParam } from '../cart/cart-wire.ts';
import { addressInput } from '../checkout/checkout-wire.ts';

// Request schemas of the account calls (SPEC.md §7 Account; DECISIONS.md "Wire": Magento's
// `PUT customers/me`). Anything else the client sends along (created_at, group_id, custom_attributes…)
// is dropped here: the member's id, mobile, store and website never change through this call.

/** The most addresses one member keeps; a longer list is refused before it reaches the service. */
export const MAX_ADDRESSES = 50;

const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .nullish()
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');

/** An address of the list: with the `id` of one that stays, without for a new one. */
export const accountAddressInput = addressInput.extend({
  id: idParam.nullish(),
  // Ignored: the address always belongs to the caller.
  customer_id: z.union([z.number(), z.string()]).nullish(),
  default_shipping: flag,
  default_billing: flag,
});
export type AccountAddressInput = z.infer<typeof accountAddressInput>;

export const putCustomerBody = z.object({
  customer: z.object({
    // Magento sends the whole customer back; only these fields are read.
    email: z.string().max(254).nullish(),
    firstname: z.string().max(255).nullish(),
    lastname: z.string().max(255).nullish(),
    // Absent: the address book stays as it is. Present: it becomes exactly this list.
    addresses: z.array(accountAddressInput).max(MAX_ADDRESSES).nullish(),
  }),
});
export type PutCustomerBody = z.infer<typeof putCustomerBody>;

export const setDefaultBody = z.object({ address_id: idParam });
