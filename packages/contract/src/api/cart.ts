// The cart calls (SPEC.md §7 "Cart, shipping and payment", the cart half; DECISIONS.md "Wire"): Magento 2's
// carts/mine shapes and {ns}/clearcart. Request schemas drop a price, or anything else the client adds:
// it never reaches the service.

import { z } from 'zod';
import { CART_MIN_QTY } from '../constants.ts';
import { addressSnapshotSchema, addressWireSchema } from './address.ts';
import { idParam, text, wholeNumber } from './common.ts';

// ---- Requests ----------------------------------------------------------------------------------------

const MAX_QTY = 10_000;

/** [CONST-11] A cart quantity: a whole number of at least 1. */
export const cartQty = wholeNumber.pipe(
  z
    .number()
    .int({ message: 'must be a whole number' })
    .min(CART_MIN_QTY, { message: `must be at least ${CART_MIN_QTY}` })
    .max(MAX_QTY, { message: `must be at most ${MAX_QTY}` }),
);

export const configurableItemOptionSchema = z.object({
  option_id: idParam,
  option_value: idParam,
});
export type ConfigurableItemOption = z.infer<typeof configurableItemOptionSchema>;

const productOptionSchema = z.object({
  extension_attributes: z
    .object({ configurable_item_options: z.array(configurableItemOptionSchema).max(10).optional() })
    .optional(),
});

/** [API-22] POST carts/mine/items */
export const addItemBody = z.object({
  cartItem: z.object({
    sku: text(200).trim().min(1, { message: 'is required' }),
    qty: cartQty,
    // Ignored: carts/mine always means the member's active cart, as in Magento.
    quote_id: z.union([text(40), z.number()]).optional(),
    product_option: productOptionSchema.nullish(),
  }),
});
export type AddItemBody = z.infer<typeof addItemBody>;
/** What a client may send to add an item. */
export type AddItemRequest = z.input<typeof addItemBody>;

/** [CART-07] PUT carts/mine/items/:itemId */
export const updateItemBody = z.object({
  cartItem: z.object({ qty: cartQty }),
});
export type UpdateItemRequest = z.input<typeof updateItemBody>;

export const itemParams = z.object({ itemId: idParam });

// ---- Replies -----------------------------------------------------------------------------------------

export const cartItemSchema = z
  .object({
    item_id: z.number(),
    sku: z.string(),
    qty: z.number(),
    name: z.string(),
    /** Dollars, from the catalogue. */
    price: z.number(),
    product_type: z.enum(['simple', 'configurable']),
    quote_id: z.string(),
    product_option: z
      .object({
        extension_attributes: z.object({
          configurable_item_options: z.array(z.object({ option_id: z.string(), option_value: z.number() })),
        }),
      })
      .optional(),
    extension_attributes: z.object({
      /** The product page's id: the configurable parent, or the simple product itself. */
      product_id: z.number(),
      /** The product bought: a configurable product's child, or the simple product. */
      child_product_id: z.number(),
      /** [CONST-12] price × qty, in dollars. */
      row_total: z.number(),
      image: z.string(),
      is_giftcard: z.boolean(),
      seller_id: z.number(),
      seller_url: z.string(),
      product_seller_image: z.string(),
    }),
  })
  .meta({ id: 'CartItem' });
export type CartItem = z.infer<typeof cartItemSchema>;

/** [DATA-34] The member as Magento shows a customer inside a cart. */
export const cartCustomerSchema = z
  .object({
    id: z.number(),
    email: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    fullname: z.string(),
    mobile: z.string(),
    store_id: z.number(),
    website_id: z.number(),
    /** Address ids as strings, as Magento sends them; absent when not set. */
    default_shipping: z.string().optional(),
    default_billing: z.string().optional(),
    addresses: z.array(addressWireSchema),
  })
  .meta({ id: 'CartCustomer' });
export type CartCustomer = z.infer<typeof cartCustomerSchema>;

/** [API-20, DATA-35] GET carts/mine */
export const quoteSchema = z
  .object({
    id: z.number(),
    is_active: z.literal(true),
    items_count: z.number(),
    items_qty: z.number(),
    items: z.array(cartItemSchema),
    customer: cartCustomerSchema,
    billing_address: addressSnapshotSchema.nullable(),
    currency: z.object({
      quote_currency_code: z.literal('AUD'),
      base_currency_code: z.literal('AUD'),
    }),
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof quoteSchema>;

/** [API-21, CART-11] POST carts/mine: Magento replies with the bare cart id. */
export const cartIdReplySchema = z.number().int();

/** GET carts/mine/items */
export const cartItemsReplySchema = z.array(cartItemSchema);
