// The account calls (SPEC.md §7 Account; DECISIONS.md "Wire": Magento's `customers/me`): the member, the
// address book, the two defaults and the member's orders. Anything else a client sends along
// (created_at, group_id, custom_attributes…) is dropped: the member's id, mobile, store and website never
// change through these calls.

import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX } from '../input-limits.ts';
import { addressBodySchema, addressSnapshotSchema } from './address.ts';
import { cartCustomerSchema } from './cart.ts';
import { flag, idParam, text } from './common.ts';

// ---- Requests ----------------------------------------------------------------------------------------

/** The most addresses one member keeps; a longer list is refused before it reaches the service. */
export const MAX_ADDRESSES = 50;

/** An address of the list: with the `id` of one that stays, without for a new one. */
export const accountAddressBody = addressBodySchema.extend({
  id: idParam.nullish(),
  // Ignored: the address always belongs to the caller.
  customer_id: z.union([z.number(), text(40)]).nullish(),
  default_shipping: flag,
  default_billing: flag,
});
export type AccountAddressBody = z.infer<typeof accountAddressBody>;

/** [API-31] PUT customers/me */
export const putCustomerBody = z.object({
  customer: z.object({
    // Magento sends the whole customer back; only these fields are read.
    email: text(EMAIL_MAX).nullish(),
    firstname: text(NAME_MAX).nullish(),
    lastname: text(NAME_MAX).nullish(),
    // Absent: the address book stays as it is. Present: it becomes exactly this list.
    addresses: z.array(accountAddressBody).max(MAX_ADDRESSES).nullish(),
  }),
});
export type PutCustomerBody = z.infer<typeof putCustomerBody>;
export type PutCustomerRequest = z.input<typeof putCustomerBody>;

/** [API-32, API-33] POST {ns}/setdefaultbilling, {ns}/setdefaultshipping */
export const setDefaultBody = z.object({ address_id: idParam });
export type SetDefaultRequest = z.input<typeof setDefaultBody>;

/** [API-35] GET {ns}/order */
export const orderQuery = z.object({ order_id: idParam });

// ---- Replies -----------------------------------------------------------------------------------------

/** [DATA-34] `customers/me`: the cart's customer shape, plus the mobile as Magento's custom attribute. */
export const customerSchema = cartCustomerSchema
  .extend({
    custom_attributes: z.array(z.object({ attribute_code: z.literal('mobile'), value: z.string() })),
  })
  .meta({ id: 'Customer' });
export type Customer = z.infer<typeof customerSchema>;

export const orderItemSchema = z
  .object({
    item_id: z.number(),
    product_id: z.number().nullable(),
    sku: z.string(),
    name: z.string(),
    price: z.number(),
    qty: z.number(),
    total: z.number(),
    row_total: z.number(),
    seller_id: z.number(),
    is_giftcard: z.boolean(),
  })
  .meta({ id: 'OrderItem' });
export type OrderItem = z.infer<typeof orderItemSchema>;

/** [I11-11] How an order was paid: the card's brand ('visa') and last 4 digits, as the provider gave them. */
export const orderPaymentSchema = z
  .object({ brand: z.string().nullable(), last4: z.string().nullable() })
  .meta({ id: 'OrderPayment' });
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/** [I15-shopper-status] One seller's items on their way: the carrier and its tracking page. */
export const orderShipmentSchema = z
  .object({
    seller_name: z.string(),
    carrier: z.string(),
    tracking_number: z.string(),
    /** The carrier's public tracking page; null for a carrier the shop does not know. */
    tracking_url: z.string().nullable(),
    /** ISO instant. */
    shipped_at: z.string(),
  })
  .meta({ id: 'OrderShipment' });
export type OrderShipment = z.infer<typeof orderShipmentSchema>;

/** [I15-shopper-status] An order's status (orders.status) in the shopper's words. */
export const ORDER_STATUS_LABELS: Readonly<Record<string, string>> = {
  pending_review: 'Being reviewed',
  approved: 'Confirmed',
  partially_shipped: 'Partly shipped',
  shipped: 'Shipped',
  refused: 'Not accepted',
  cancelled: 'Cancelled',
};

/** [DATA-41] An order as the account shows it. */
export const orderSchema = z
  .object({
    id: z.number(),
    increment_id: z.string(),
    customer_name: z.string(),
    status: z.string(),
    /** ISO instant. */
    created_at: z.string(),
    grand_total: z.number(),
    subtotal: z.number(),
    shipping_amount: z.number(),
    shipping_description: z.string(),
    shipping_address: addressSnapshotSchema,
    billing_address: addressSnapshotSchema,
    items: z.array(orderItemSchema),
    /** [I11-11] Added after SPEC.md: absent from servers that predate it; null before the payment is recorded. */
    payment: orderPaymentSchema.nullable().optional(),
    /** [I15-shopper-status] The status in words ('Partly shipped'); absent from servers that predate it. */
    status_label: z.string().optional(),
    /** [I15-shopper-status] Each seller's shipment, oldest first (GET {ns}/order); absent from older servers. */
    shipments: z.array(orderShipmentSchema).optional(),
    /** [I16-checkout-giftcard] Dollars a gift card paid; absent from older servers. */
    gift_card_amount: z.number().optional(),
    /** [I16-checkout-giftcard] Dollars charged to the payment card (grand total − gift card); absent from older servers. */
    card_amount: z.number().optional(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

/** [API-34] GET {ns}/orders: newest first. */
export const ordersReplySchema = z.object({ status: z.literal(true), data: z.array(orderSchema) });
export type OrdersReply = z.infer<typeof ordersReplySchema>;

/** [API-35] GET {ns}/order */
export const orderReplySchema = z.object({ status: z.literal(true), data: orderSchema });
export type OrderReply = z.infer<typeof orderReplySchema>;
