// [I34-bulk] Bulk approve and bulk ship for operators (docs/back-office-orders.md): several orders in one
// call, each through the one-order code (the review's approve, the fulfilment's ship), each in its own
// transaction and audited as a single one is. A bad order does not stop the others: the reply says, per
// order, what happened or why not.

import { z } from 'zod';
import { carrierNameSchema, carrierSchema, OTHER_CARRIER, orderStatusSchema, SHIP_TEXT } from './admin.ts';
import { idParam, text } from './common.ts';
import { errorCodeSchema } from './errors.ts';

/** The most orders one bulk call takes (a page of the list is 50; two pages at most). */
export const BULK_ORDERS_MAX = 100;

export const BULK_TEXT = {
  tooMany: `Choose at most ${BULK_ORDERS_MAX} orders at a time.`,
  none: 'Choose at least one order.',
  repeated: 'Each order can be chosen only once.',
  severalSellers:
    "This order has items from more than one seller still to ship: ship it from its own page, one seller's items at a time.",
  nothingToShip: 'Nothing in this order is left to ship.',
} as const;

const orderIds = z
  .array(idParam)
  .min(1, BULK_TEXT.none)
  .max(BULK_ORDERS_MAX, BULK_TEXT.tooMany)
  .refine((ids) => new Set(ids).size === ids.length, BULK_TEXT.repeated);

/** POST /orders/bulk-approve: orders awaiting review, each approved as POST /orders/:id/approve does. */
export const bulkApproveBodySchema = z.object({ order_ids: orderIds });
export type BulkApproveBody = z.input<typeof bulkApproveBodySchema>;

/**
 * One order of a bulk shipment. `seller_id` may be left out when one seller's items are left to ship;
 * the tracking number is checked per order (a bad one fails that order only, with SHIP_TEXT's words).
 */
export const bulkShipmentSchema = z.object({
  order_id: idParam,
  seller_id: idParam.optional(),
  tracking_number: text(60),
});

/** POST /orders/bulk-ship: one carrier for all, a tracking number per order. */
export const bulkShipBodySchema = z
  .object({
    carrier: carrierSchema,
    /** Only with carrier 'Other' (and then required). */
    carrier_name: carrierNameSchema,
    shipments: z
      .array(bulkShipmentSchema)
      .min(1, BULK_TEXT.none)
      .max(BULK_ORDERS_MAX, BULK_TEXT.tooMany)
      .refine(
        (shipments) => new Set(shipments.map((shipment) => shipment.order_id)).size === shipments.length,
        BULK_TEXT.repeated,
      ),
  })
  .superRefine((body, context) => {
    if (body.carrier === OTHER_CARRIER && body.carrier_name === undefined)
      context.addIssue({ code: 'custom', path: ['carrier_name'], message: SHIP_TEXT.carrierNameMissing });
    if (body.carrier !== OTHER_CARRIER && body.carrier_name !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['carrier_name'],
        message: `A carrier name goes only with ${OTHER_CARRIER}.`,
      });
  });
export type BulkShipBody = z.input<typeof bulkShipBodySchema>;

/** What happened to one order of a bulk call. */
export const bulkOrderResultSchema = z.object({
  order_id: z.number(),
  /** The order's number; null when there is no such order (or none the caller may see). */
  increment_id: z.string().nullable(),
  /** Done now, or already so (a repeated approve); false: nothing was done to this order. */
  ok: z.boolean(),
  /** False when the order already was as asked (approved before): nothing new happened. */
  changed: z.boolean(),
  /** The order's status after the call; null when there is no such order. */
  status: orderStatusSchema.nullable(),
  /** Why not, when not ok (the one-order call's error code). */
  code: errorCodeSchema.nullable(),
  /** In words: "Approved.", "Shipped with Sendle, tracking …", or why not. */
  message: z.string(),
});
export type BulkOrderResult = z.infer<typeof bulkOrderResultSchema>;

export const bulkOrdersReplySchema = z.object({
  /** One per order asked for, in the order asked. */
  results: z.array(bulkOrderResultSchema),
  succeeded: z.number(),
  failed: z.number(),
});
export type BulkOrdersReply = z.infer<typeof bulkOrdersReplySchema>;
