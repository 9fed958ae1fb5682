// The checkout calls (SPEC.md §7 "Cart, shipping and payment", the checkout half; DECISIONS.md "Wire"):
// shipping estimates and methods, shipping information, payment information (placing the order), saved
// cards and the success lookup. Anything the client adds beyond these request fields (a price, a total)
// is dropped: money always comes from the database.

import { z } from 'zod';
import { addressBodySchema } from './address.ts';
import { flag, idParam, text } from './common.ts';
import { orderSchema } from './customer.ts';
import { checkoutTextOffersSchema } from './text-offers.ts';

// ---- Requests ----------------------------------------------------------------------------------------

const numberish = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

/** [API-27] POST carts/mine/shipping-information */
export const shippingInformationBody = z.object({
  addressInformation: z.object({
    shipping_address: addressBodySchema,
    billing_address: addressBodySchema.nullish(),
    shipping_carrier_code: text(100).nullish(),
    shipping_method_code: z.union([text(100), z.number()]).nullish(),
    // [SHIP-02] An id-based method comes with the price the client showed; it must match the database.
    shipping_amount: numberish.nullish(),
    extension_attributes: z.object({ shipping_amount: numberish.nullish() }).nullish(),
  }),
});
export type ShippingInformationBody = z.infer<typeof shippingInformationBody>;
export type ShippingInformationRequest = z.input<typeof shippingInformationBody>;

/** [API-25] POST carts/mine/estimate-shipping-methods-by-address-id */
export const estimateByAddressIdBody = z
  .object({ addressId: idParam.nullish(), address_id: idParam.nullish() })
  .refine(
    (body) =>
      (body.addressId ?? body.address_id) !== undefined && (body.addressId ?? body.address_id) !== null,
    {
      message: 'addressId is required',
      path: ['addressId'],
    },
  );

/** [API-26] POST carts/mine/estimate-shipping-methods */
export const estimateBody = z.object({ address: addressBodySchema });
export type EstimateRequest = z.input<typeof estimateBody>;
export type EstimateByAddressIdRequest = z.input<typeof estimateByAddressIdBody>;

/** [API-24] GET {ns}/shippingmethods */
export const shippingMethodsQuery = z.object({ addressId: idParam.optional() });

/** [API-29] POST carts/mine/payment-information */
export const paymentInformationBody = z.object({
  billingAddress: addressBodySchema.nullish(),
  paymentMethod: z.object({
    method: text(100),
    additional_data: z
      .object({
        cc_save: flag,
        token: text(255).nullish(),
      })
      .nullish(),
  }),
  cartId: z.union([text(40), z.number()]).nullish(),
  email: text(254).nullish(),
  /** [I16-checkout-giftcard] Added after SPEC.md: a gift card (16 digits, spaces allowed) paying for its seller's lines. */
  gift_card_number: text(40).nullish(),
  /** [I16-checkout-giftcard] Added after SPEC.md: the seller whose link or profile the visit came through (id or seller_url). */
  affiliate_seller: text(200).nullish(),
  /** [I29] Added after SPEC.md: the sellers whose unticked-by-default "Text me offers" box was ticked. */
  text_offers: checkoutTextOffersSchema,
});
export type PaymentInformationBody = z.infer<typeof paymentInformationBody>;
export type PaymentInformationRequest = z.input<typeof paymentInformationBody>;

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** What an Idempotency-Key may be: printable, no spaces, at most 200 characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** [I16-checkout-giftcard] POST {ns}/checkgiftcard: a gift card checked against the member's active cart. */
export const checkGiftCardBody = z.object({ gift_card_number: text(40) });
export type CheckGiftCardRequest = z.input<typeof checkGiftCardBody>;

/** [I16-checkout-giftcard] What the card will pay for this cart, in cents. */
export const giftCardQuoteSchema = z.object({
  last4: z.string(),
  seller_id: z.number(),
  seller_name: z.string(),
  /** What the card holds now. */
  balance_cents: z.number().int(),
  /** What it will pay: its seller's lines in the cart (not shipping), up to the balance. */
  applies_cents: z.number().int(),
  /** The cart's total (lines + shipping) before the card. */
  grand_total_cents: z.number().int(),
  /** What the payment card will be charged: grand total − applies. */
  to_pay_cents: z.number().int(),
  /** ISO instant. */
  valid_until: z.string(),
});
export type GiftCardQuote = z.infer<typeof giftCardQuoteSchema>;
export const checkGiftCardReplySchema = z.object({ status: z.literal(true), data: giftCardQuoteSchema });
export type CheckGiftCardReply = z.infer<typeof checkGiftCardReplySchema>;

/** [API-36] GET {ns}/checkoutsuccess */
export const checkoutSuccessQuery = z.object({
  seller_id: text(200).optional(),
  campaign_id: text(200).optional(),
});

// ---- Replies -----------------------------------------------------------------------------------------

/** [DATA-39] A shipping method as Magento's estimates list it. */
export const shippingMethodSchema = z
  .object({
    carrier_code: z.string(),
    method_code: z.string(),
    carrier_title: z.string(),
    method_title: z.string(),
    /** Dollars. */
    amount: z.number(),
    base_amount: z.number(),
    price_excl_tax: z.number(),
    price_incl_tax: z.number(),
    available: z.literal(true),
    error_message: z.literal(''),
  })
  .meta({ id: 'ShippingMethod' });
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

/** [SHIP-02] The id-based form of a method, as `{ns}/shippingmethods` lists it. */
export const idShippingMethodSchema = shippingMethodSchema
  .extend({
    id: z.number(),
    carrier_code: z.literal('custom'),
    /** The method's id, as a string. */
    method_code: z.string(),
    price: z.number(),
  })
  .meta({ id: 'IdShippingMethod' });
export type IdShippingMethod = z.infer<typeof idShippingMethodSchema>;

/** [API-24] GET {ns}/shippingmethods */
export const shippingMethodsReplySchema = z.object({
  status: z.literal(true),
  data: z.array(idShippingMethodSchema),
});
export type ShippingMethodsReply = z.infer<typeof shippingMethodsReplySchema>;

/** [API-25, API-26] The estimates: a bare list. */
export const estimateReplySchema = z.array(shippingMethodSchema);

export const totalsSchema = z
  .object({
    grand_total: z.number(),
    base_grand_total: z.number(),
    subtotal: z.number(),
    base_subtotal: z.number(),
    shipping_amount: z.number(),
    base_shipping_amount: z.number(),
    items_qty: z.number(),
    quote_currency_code: z.literal('AUD'),
    items: z.array(
      z.object({
        item_id: z.number(),
        name: z.string(),
        price: z.number(),
        qty: z.number(),
        row_total: z.number(),
      }),
    ),
  })
  .meta({ id: 'Totals' });
export type Totals = z.infer<typeof totalsSchema>;

/** [API-27] POST carts/mine/shipping-information */
export const shippingInformationReplySchema = z.object({
  payment_methods: z.array(z.object({ code: z.string(), title: z.string() })),
  totals: totalsSchema,
});
export type ShippingInformationReply = z.infer<typeof shippingInformationReplySchema>;

/** [API-29, ROLE-06] Magento answers the order id as a JSON string of digits. */
export const paymentInformationReplySchema = z.string().regex(/^\d+$/);

/** [DATA-40] A saved card as `{ns}/savedcards` lists it. */
export const savedCardSchema = z
  .object({
    id: z.string(),
    brand: z.string(),
    last4: z.string(),
    exp_month: z.number(),
    exp_year: z.number(),
  })
  .meta({ id: 'SavedCard' });
export type SavedCard = z.infer<typeof savedCardSchema>;

/** [API-30] GET {ns}/savedcards */
export const savedCardsReplySchema = z.object({ status: z.literal(true), data: z.array(savedCardSchema) });
export type SavedCardsReply = z.infer<typeof savedCardsReplySchema>;

/**
 * [API-36, DATA-44] The latest order's number and the shop's name; [I11-11] and the order itself (items,
 * total, addresses, payment), for the receipt /success shows. `order` is an addition to SPEC.md's reply:
 * a client reads it when present.
 */
export const checkoutSuccessReplySchema = z.object({
  status: z.literal(true),
  data: z.object({ order_id: z.string(), shop_name: z.string(), order: orderSchema.optional() }),
});
export type CheckoutSuccessReply = z.infer<typeof checkoutSuccessReplySchema>;
