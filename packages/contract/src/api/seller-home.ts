import { z } from 'zod';

// [I34] A seller's home screen (GET /admin/api/seller-home; sellers' staff only, an operator gets 403):
// what its staff must ship, what was given back of its lines lately, and this week's takings. Money is
// integer cents; instants are ISO strings; the week is the shop's (Australia/Sydney), Monday 00:00 to now.

/** How far back "Refunded lately" looks. */
export const SELLER_HOME_REFUND_DAYS = 14;
/** At most this many orders to ship, and this many refunded lines, are listed (the counts say how many in all). */
export const SELLER_HOME_LIST_LIMIT = 100;

const cents = z.number().int().min(0);

/** One of the seller's lines still to go out on an order. */
export const sellerHomeLineSchema = z.object({
  order_item_id: z.number(),
  sku: z.string(),
  name: z.string(),
  /** Units left to ship: ordered − refunded. */
  qty: z.number().int().min(1),
});
export type SellerHomeLine = z.infer<typeof sellerHomeLineSchema>;

/** An order holding the seller's units still to ship (its own state 'to_ship'); the screen links to /orders/<id>. */
export const sellerHomeOrderSchema = z.object({
  id: z.number(),
  increment_id: z.string(),
  /** When it was placed. */
  created_at: z.string(),
  customer_name: z.string(),
  /** Of the seller's lines, the units left: the ship dialog's "2 × Beach Run Tote". */
  lines: z.array(sellerHomeLineSchema),
  units: z.number().int().min(1),
});
export type SellerHomeOrder = z.infer<typeof sellerHomeOrderSchema>;

/** One of the seller's lines given back: refunded by staff, by the provider, or with the order's cancellation. */
export const sellerHomeRefundSchema = z.object({
  order_id: z.number(),
  increment_id: z.string(),
  order_item_id: z.number(),
  sku: z.string(),
  name: z.string(),
  qty: z.number().int().min(0),
  amount_cents: cents,
  /** 'refunded' (a refund of lines) or 'cancelled' (the order was cancelled). */
  kind: z.enum(['refunded', 'cancelled']),
  at: z.string(),
});
export type SellerHomeRefund = z.infer<typeof sellerHomeRefundSchema>;

export const sellerHomeTakingsSchema = z.object({
  /** Monday 00:00 of this week in Australia/Sydney, as an instant. */
  from: z.string(),
  /** The Sydney calendar date of that Monday, 'YYYY-MM-DD' (for calendar-dates' dayDate). */
  from_date: z.string(),
  /** Captured sales of the seller's lines this week (shipping and fees left out). */
  sales_cents: cents,
  /** What refunds gave back of the seller's lines this week (whatever week they were sold). */
  refunds_cents: cents,
  /** sales − refunds: may be below 0 in a week of more refunds than sales. */
  takings_cents: z.number().int(),
});
export type SellerHomeTakings = z.infer<typeof sellerHomeTakingsSchema>;

export const sellerHomeReplySchema = z.object({
  seller: z.object({ id: z.number(), name: z.string() }),
  to_ship: z.object({ total: z.number().int().min(0), items: z.array(sellerHomeOrderSchema) }),
  refunds: z.object({
    days: z.number().int(),
    total: z.number().int().min(0),
    items: z.array(sellerHomeRefundSchema),
  }),
  takings: sellerHomeTakingsSchema,
});
export type SellerHomeReply = z.infer<typeof sellerHomeReplySchema>;
