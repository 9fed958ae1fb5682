// The sign-in and registration calls (SPEC.md §7 Authentication, Registration; DECISIONS.md "Sign-in"):
// sendmobilecode, confirmmobilecode, auth, signout, createAccount and customers/isEmailAvailable.

import { z } from 'zod';
import { COUNTRY_ID } from '../constants.ts';
import { text } from './common.ts';

// ---- Requests ----------------------------------------------------------------------------------------

// The bodies of sendmobilecode, confirmmobilecode and createAccount apply the §5 rules, and are in
// auth-requests.ts: those rules need the phone-number library, which a client that only reads these
// replies should not load up front.

/** [API-06] POST {ns}/auth: `autologin` only says where the client came from; the token decides. */
export const authBody = z.object({ jwt: z.unknown(), autologin: z.unknown() }).partial().nullish();

/** [API-19] POST customers/isEmailAvailable */
export const isEmailAvailableBody = z.object({
  customerEmail: text(254),
  websiteId: z.union([z.number(), text(20)]).optional(),
  /** The verified-mobile or link token the registration form holds: no token, no answer [I12-13]. */
  jwt: text(4096).optional(),
});
export type IsEmailAvailableRequest = z.input<typeof isEmailAvailableBody>;

// ---- Replies -----------------------------------------------------------------------------------------

/** [API-08] The verified-mobile token. */
export const confirmCodeReplySchema = z.object({ status: z.literal(true), jwt: z.string() });
export type ConfirmCodeReply = z.infer<typeof confirmCodeReplySchema>;

/** The link's product from the catalogue (DATA-32). */
export const authProductSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    sku: z.string(),
    qty: z.number(),
    image: z.string(),
    price: z.number(),
    type_id: z.string(),
    is_giftcard: z.boolean(),
    product_option: z.object({
      extension_attributes: z.object({ configurable_item_options: z.array(z.never()) }),
    }),
  })
  .meta({ id: 'AuthProduct' });
export type AuthProduct = z.infer<typeof authProductSchema>;

/** The seller a link names: the affiliate seller (DECISIONS.md "Catalogue, cart and orders"). */
export const authSellerSchema = z
  .object({ id: z.number(), name: z.string(), seller_url: z.string(), image: z.string() })
  .meta({ id: 'AuthSeller' });
export type AuthSeller = z.infer<typeof authSellerSchema>;

const linkFields = {
  mobile: z.string(),
  campaign_id: z.string().nullable(),
  product_id: z.number().nullable(),
  seller_url: z.string().nullable(),
  /** The link's seller when it exists, for the registration welcome and the affiliate seller. */
  seller: authSellerSchema.nullable(),
};

/** [DATA-32, API-06] Who the token stands for and what the client does next. */
export const authReplySchema = z.union([
  z.object({ status: z.literal(false) }),
  z.object({ status: z.literal(true), expired_link: z.literal(true), mobile: z.string() }),
  z.object({ status: z.literal(true), new_user: z.literal(true), ...linkFields }),
  z.object({
    status: z.literal(true),
    existing_user: z.literal(true),
    token: z.string(),
    country_code: z.literal(COUNTRY_ID),
    currency_rate: z.literal(1),
    product: authProductSchema.nullable(),
    ...linkFields,
    /**
     * [I30] A checkout link's sellable item (a simple product, or the chosen child of `product_id`): the
     * client puts one in the cart and opens checkout. Absent for every other link.
     */
    checkout_product_id: z.number().optional(),
    /**
     * [I31] A cart-left-behind text's link: the client opens the member's cart (its server lines restored
     * into the browser's cart when the browser holds none). Absent for every other link.
     */
    open_cart: z.literal(true).optional(),
  }),
]);
export type AuthReply = z.infer<typeof authReplySchema>;

/** [API-19] Magento's bare `true` or `false`; false means taken. */
export const isEmailAvailableReplySchema = z.boolean();
