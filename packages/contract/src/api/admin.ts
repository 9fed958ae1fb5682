// [I15] The back office's API under /admin/api (apps/admin calls it; the server's routes declare these
// schemas). Money here is integer cents (`*_cents`), never dollars: staff see exact figures and the
// server never rounds what it was sent. Instants are ISO strings. Lists are paged
// `{items, total, page, page_size}`, newest first.
//
// Sign-in, /me, step-up and the audit log are described in docs/back-office.md; their shapes are here
// too so that the web app parses every reply with one contract.

import { z } from 'zod';
import { idParam, text } from './common.ts';

const cents = z.number().int().min(0);
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(200).default(50);

// ---------------------------------------------------------------- staff, session, audit

export const staffRoleSchema = z.enum(['operator', 'vendor']);
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const staffMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string(),
  role: staffRoleSchema,
  seller_id: z.number().nullable(),
  /** [I32] The seller's owner: adds and removes that seller's staff (false for an operator). */
  seller_owner: z.boolean().optional(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** GET /admin/api/me, and the reply of every sign-in step. */
export const staffMeSchema = z.object({
  staff: staffMemberSchema,
  stage: z.enum(['needs_passkey', 'full']),
  csrf_token: z.string(),
  passkey_checked_at: z.string().nullable(),
  passkey_fresh: z.boolean(),
  passkey_fresh_until: z.string().nullable(),
  /**
   * [I27-recovery] The passkey of the session's last check is pending (added after a code sign-in) until
   * then: it signs in, but does not count for money actions. Null when it counts.
   */
  passkey_pending_until: z.string().nullable().optional(),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

/** [I27-recovery] A passkey of a member of staff (GET /admin/api/passkeys, /passkeys/pending). */
export const staffPasskeySchema = z.object({
  id: z.number(),
  staff_id: z.number(),
  staff_name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** Counts for money actions from then, unless an operator approves it sooner; null: it counts. */
  pending_until: z.string().nullable(),
  /** The passkey of this session's last check. */
  current: z.boolean(),
});
export type StaffPasskey = z.infer<typeof staffPasskeySchema>;
export const staffPasskeysSchema = z.object({ items: z.array(staffPasskeySchema) });

/** [I34] The audit log's entries, filters and reply: api/audit.ts. */
export * from './audit.ts';

/** POST /sign-in/code: a code by text to a member's mobile (the same answer for any valid mobile). */
export const staffCodeBodySchema = z.object({ mobile: text(40) });
/** POST /sign-in/code/confirm: the code of that text. */
export const staffConfirmCodeBodySchema = z.object({ mobile: text(40), code: text(20) });

/**
 * A WebAuthn ceremony's answer as @simplewebauthn/browser sends it (POST /sign-in/passkey, /passkeys,
 * /step-up); the server's WebAuthn library checks every part of it.
 */
export const webAuthnBodySchema = z
  .object({ response: z.looseObject({ id: text(1024) }) })
  .meta({ id: 'WebAuthnBody' });
/** The options of a WebAuthn ceremony as @simplewebauthn/server makes them, for the browser as they are. */
export const webAuthnOptionsSchema = z.looseObject({ challenge: z.string() }).meta({ id: 'WebAuthnOptions' });

/** Each sign-in step, a passkey added and a passkey check: the new session as GET /me describes it. */
export const staffSessionReplySchema = staffMeSchema
  .extend({ status: z.literal(true) })
  .meta({ id: 'StaffSessionReply' });

/** The `:id` of a back-office path (an order, a gift card, a statement). */
export const idParamsSchema = z.object({ id: idParam });

/** /passkeys/:id/approve and /remove. */
export const passkeyParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

// ---------------------------------------------------------------- orders

/**
 * DECISIONS.md "After checkout": pending_review (card authorised) → approved (captured) →
 * partially_shipped / shipped (per seller); or refused (released, restocked) or cancelled.
 */
export const orderStatusSchema = z.enum([
  'pending_review',
  'approved',
  'partially_shipped',
  'shipped',
  'refused',
  'cancelled',
]);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/**
 * [I34] A seller's own part of an order (apps/server/src/modules/orders/seller-order-state.ts), from its
 * own lines: awaiting_review, refused and cancelled as the whole order says; else refunded (every one of
 * its units refunded), shipped (its items went out, or it has nothing to ship), to_ship (units left).
 */
export const sellerOrderStateSchema = z.enum([
  'awaiting_review',
  'to_ship',
  'shipped',
  'refunded',
  'refused',
  'cancelled',
]);
export type SellerOrderState = z.infer<typeof sellerOrderStateSchema>;
/** [I34] A seller's state in words, for its staff's screens. */
export const SELLER_ORDER_STATE_LABELS: Readonly<Record<SellerOrderState, string>> = {
  awaiting_review: 'Awaiting approval',
  to_ship: 'To ship',
  shipped: 'Shipped',
  refunded: 'Refunded',
  refused: 'Refused',
  cancelled: 'Cancelled',
};

/** What the payments provider holds for the order. */
export const paymentStateSchema = z.enum([
  'authorised',
  'captured',
  'partially_refunded',
  'refunded',
  'released',
]);
export type PaymentState = z.infer<typeof paymentStateSchema>;

export const orderListQuerySchema = z.object({
  /**
   * Order number (increment id), mobile (any form), or part of the customer's name or email or of a
   * product's name or SKU on the order ([I34-search]); empty for all.
   */
  q: text(80).optional(),
  status: orderStatusSchema.optional(),
  /**
   * [I34-seller-state] Only orders in this state of a seller's own part ('to_ship': its own work left):
   * a seller's staff, their own seller's; an operator, the seller of `seller_id` (required with it).
   */
  seller_state: sellerOrderStateSchema.optional(),
  seller_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  /** Placed on or after this day (YYYY-MM-DD, Australia/Sydney). */
  from: z.iso.date().optional(),
  /** Placed on or before this day (YYYY-MM-DD, Australia/Sydney), inclusive. */
  to: z.iso.date().optional(),
  /** Only orders waiting for review longer than REVIEW_FLAG_HOURS (operators; ignored for a seller's staff). */
  flagged: z.enum(['1', 'true']).optional(),
  page,
  page_size: pageSize,
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

export const orderSummarySchema = z.object({
  id: z.number(),
  increment_id: z.string(),
  created_at: z.string(),
  status: orderStatusSchema,
  payment_state: paymentStateSchema,
  customer_name: z.string(),
  customer_mobile: z.string(),
  grand_total_cents: cents,
  captured_cents: cents,
  refunded_cents: cents,
  item_count: z.number(),
  sellers: z.array(z.object({ id: z.number(), name: z.string() })),
  /** Waiting for review longer than REVIEW_FLAG_HOURS. */
  flagged: z.boolean(),
  /** [I30] Placed by answering a campaign's text (Buy by reply): orders.reply_offer_id is set. */
  bought_by_reply: z.boolean(),
  /**
   * [I34-seller-state] For a seller's staff only: their own part's state, from their own lines (`status`
   * stays the whole order's). Absent for operators.
   */
  seller_state: sellerOrderStateSchema.optional(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderListReplySchema = z.object({
  items: z.array(orderSummarySchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type OrderListReply = z.infer<typeof orderListReplySchema>;

export const adminOrderItemSchema = z.object({
  id: z.number(),
  seller_id: z.number(),
  seller_name: z.string(),
  sku: z.string(),
  name: z.string(),
  is_giftcard: z.boolean(),
  price_cents: cents,
  qty: z.number(),
  row_total_cents: cents,
  refunded_qty: z.number(),
  refunded_cents: cents,
});
export type AdminOrderItem = z.infer<typeof adminOrderItemSchema>;

export const shipmentSchema = z.object({
  id: z.number(),
  seller_id: z.number(),
  seller_name: z.string(),
  carrier: z.string(),
  tracking_number: z.string(),
  /** The carrier's tracking page, when the carrier is one we know. */
  tracking_url: z.string().nullable(),
  shipped_at: z.string(),
  /** [I31] When the seller's staff or an operator marked it delivered (the thank-you text counts from here). */
  delivered_at: z.string().nullable(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const messageStatusSchema = z.enum(['queued', 'sent', 'delivered', 'failed', 'undelivered']);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

/** A text or picture message sent to a shopper, with what the provider last said about it. */
export const sentMessageSchema = z.object({
  id: z.number(),
  provider_message_id: z.string(),
  kind: z.enum(['sms', 'mms']),
  /** e.g. 'order_receipt', 'order_refused', 'order_shipped', 'order_refunded', 'order_cancelled', 'gift_card', 'gift_card_receipt'. */
  purpose: z.string(),
  to: z.string(),
  status: messageStatusSchema,
  error_code: z.string().nullable(),
  created_at: z.string(),
  status_at: z.string().nullable(),
});
export type SentMessage = z.infer<typeof sentMessageSchema>;

export const timelineEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  /**
   * placed, payment_authorised, approved, refused, payment_captured, payment_released, shipped,
   * refunded, cancelled, note, message (status in `message`), dispute_opened, dispute_closed,
   * review_flagged, provider_refund.
   */
  type: z.string(),
  /** Who: 'shopper', 'system', 'stripe', 'twilio', or a member of staff's name. */
  actor: z.string(),
  /** One line a person reads, e.g. "Refunded $12.00 (1 × Tee, shipping $0.00), restocked". */
  summary: z.string(),
  seller_id: z.number().nullable(),
  data: z.record(z.string(), z.unknown()),
  message: sentMessageSchema.nullable(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

export const refundRecordSchema = z.object({
  id: z.number(),
  amount_cents: cents,
  shipping_cents: cents,
  lines: z.array(z.object({ order_item_id: z.number(), qty: z.number(), amount_cents: cents })),
  restocked: z.boolean(),
  reason: z.string().nullable(),
  /** 'staff', 'cancellation', 'provider' (made in the provider's dashboard), 'gift_card_void'. */
  source: z.string(),
  provider_refund_id: z.string().nullable(),
  created_at: z.string(),
});
export type RefundRecord = z.infer<typeof refundRecordSchema>;

export const adminOrderSchema = orderSummarySchema.extend({
  customer_id: z.number(),
  customer_email: z.string(),
  shipping_title: z.string(),
  shipping_cents: cents,
  subtotal_cents: cents,
  authorised_cents: cents,
  shipping_refunded_cents: cents,
  shipping_address: z.record(z.string(), z.unknown()),
  payment_provider: z.string(),
  payment_id: z.string().nullable(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  /** [I16-checkout-giftcard] What a gift card paid of the grand total (the payment card was authorised for the rest). */
  gift_card_cents: cents.optional(),
  /** When the authorisation must be captured or released by (manual review). */
  capture_by: z.string().nullable(),
  refusal_reason: z.string().nullable(),
  items: z.array(adminOrderItemSchema),
  shipments: z.array(shipmentSchema),
  refunds: z.array(refundRecordSchema),
  timeline: z.array(timelineEventSchema),
  /** What this member may do now (buttons are shown from this). */
  actions: z.object({
    approve: z.boolean(),
    refuse: z.boolean(),
    /** Sellers whose items may be marked shipped now. */
    ship_sellers: z.array(z.number()),
    refund: z.boolean(),
    cancel: z.boolean(),
    /** The most that can still be refunded. */
    refundable_cents: cents,
  }),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** POST /orders/:id/approve, body optional. */
export const approveOrderBodySchema = z.object({ note: text(500).optional() });
/** POST /orders/:id/refuse */
export const refuseOrderBodySchema = z.object({ reason: text(500).pipe(z.string().trim().min(1)) });
/**
 * [I27-carrier] The carriers a shipment names (Australia): the shopper's text links to the carrier's own
 * tracking page for these. Any other is 'Other' with a plain name (`carrierNameProblem`), shown without a
 * link: a seller's words never put a link into the shop's texts.
 */
export const KNOWN_CARRIERS = [
  'Australia Post',
  'StarTrack',
  'Sendle',
  'CouriersPlease',
  'Aramex',
  'DHL',
  'TNT',
  'Toll',
  'Team Global Express',
] as const;
export const OTHER_CARRIER = 'Other';
export const SHIP_TEXT = {
  carrierName: "Enter the carrier's name: up to 30 letters, digits, spaces and & ' - . (no web address).",
  carrierNameMissing: "Enter the carrier's name.",
  trackingNumber: 'Enter the tracking number as the carrier gives it.',
} as const;
/** A plain name: letters, digits, spaces and & ' ’ - . (up to 30), starting with a letter or digit. */
const OTHER_CARRIER_NAME = /^[A-Za-z0-9][A-Za-z0-9 &'’.-]{0,29}$/;
/** Text that reads as a web address: a scheme, www, or a dot between two letters or digits (a domain). */
const LOOKS_LIKE_A_LINK = /:\/\/|(^|[^a-z0-9])www|[a-z0-9]\.[a-z0-9]/i;
/** [I27-carrier] An 'Other' carrier's name as the shopper's text may carry it, or a reason it may not. */
export function carrierNameProblem(name: string): string | null {
  return OTHER_CARRIER_NAME.test(name) && !LOOKS_LIKE_A_LINK.test(name) ? null : SHIP_TEXT.carrierName;
}
/** A shipment's carrier: a known one or 'Other' (one shipment, or every order of a bulk ship). */
export const carrierSchema = z.enum([...KNOWN_CARRIERS, OTHER_CARRIER], {
  error: `Choose a carrier: ${KNOWN_CARRIERS.join(', ')} or ${OTHER_CARRIER}.`,
});
/** The name of an 'Other' carrier: trimmed, named words only (never a link). */
export const carrierNameSchema = text(100)
  .pipe(
    z
      .string()
      .trim()
      .superRefine((name, context) => {
        const problem = name === '' ? SHIP_TEXT.carrierNameMissing : carrierNameProblem(name);
        if (problem) context.addIssue({ code: 'custom', message: problem, input: name });
      }),
  )
  .optional();
/** POST /orders/:id/shipments: one seller's items, with a known carrier or 'Other' and its name. */
export const shipOrderBodySchema = z
  .object({
    seller_id: idParam,
    carrier: carrierSchema,
    /** Only with carrier 'Other' (and then required). */
    carrier_name: carrierNameSchema,
    // Letters, digits, spaces and hyphens only: a tracking number can never carry a link.
    tracking_number: text(60).pipe(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,58}$/, SHIP_TEXT.trackingNumber),
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
export type ShipOrderBody = z.input<typeof shipOrderBodySchema>;
/** [I31] POST /orders/:id/shipments/:shipment_id/delivered (no body): the shipment marked delivered, once. */
export const shipmentParamsSchema = z.object({ id: idParam, shipment_id: idParam });
/**
 * POST /orders/:id/refunds: a refund of whole lines (or some of their quantity) and/or shipping. Needs a
 * passkey check within 5 minutes. `idempotency_key` makes a retried click the same refund.
 */
export const refundOrderBodySchema = z.object({
  lines: z
    .array(z.object({ order_item_id: idParam, qty: z.number().int().min(1).max(10_000) }))
    .max(200)
    .default([]),
  shipping_cents: z.number().int().min(0).max(100_000_000).default(0),
  restock: z.boolean().default(false),
  reason: text(500).optional(),
  idempotency_key: z.string().regex(/^[A-Za-z0-9_-]{8,80}$/),
});
export type RefundOrderBody = z.input<typeof refundOrderBodySchema>;
/** POST /orders/:id/cancel: before anything shipped. Needs a fresh passkey check. */
export const cancelOrderBodySchema = z.object({
  reason: text(500).pipe(z.string().trim().min(1)),
  restock: z.boolean().default(true),
});
/** POST /orders/:id/notes */
export const orderNoteBodySchema = z.object({ note: text(1000).pipe(z.string().trim().min(1)) });

/** Every order action answers with the order as it now is. */
export const adminOrderReplySchema = adminOrderSchema;

// ---------------------------------------------------------------- dashboard

/** GET /dashboard: the strip over every screen (today = Australia/Sydney). */
export const dashboardSchema = z.object({
  orders_today: z.number(),
  revenue_today_cents: cents,
  awaiting_approval: z.number(),
  /** Of those, waiting longer than REVIEW_FLAG_HOURS. */
  flagged: z.number(),
  to_ship: z.number(),
  failed_messages: z.number(),
  review_mode: z.enum(['auto', 'manual']),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// ---------------------------------------------------------------- gift cards

export const giftCardStateSchema = z.enum(['scheduled', 'sending', 'sent', 'delivered', 'failed', 'voided']);
export type GiftCardState = z.infer<typeof giftCardStateSchema>;

export const giftCardListQuerySchema = z.object({
  /** Card number, recipient or purchaser mobile (any form), or order number. */
  q: text(80).optional(),
  state: giftCardStateSchema.optional(),
  page,
  page_size: pageSize,
});

export const adminGiftCardSchema = z.object({
  id: z.number(),
  /**
   * Masked to its last 4 digits ('•••• •••• •••• 2883'): the whole number spends like cash, so it is
   * only given by POST /gift-cards/:id/number (a fresh passkey check; audited). Search by it still works.
   */
  gift_card_no: z.string(),
  state: giftCardStateSchema,
  amount_cents: cents,
  /** What is left to spend (redemptions in store and orders take from it); 0 once voided. */
  balance_cents: cents,
  product_name: z.string(),
  seller_id: z.number().nullable(),
  recipient_name: z.string(),
  recipient_mobile: z.string(),
  purchaser_mobile: z.string(),
  order_id: z.number().nullable(),
  order_increment_id: z.string().nullable(),
  scheduled_at: z.string().nullable(),
  delivery_timezone: z.string().nullable(),
  sent_at: z.string().nullable(),
  valid_until: z.string().nullable(),
  voided_at: z.string().nullable(),
  /** Why it was voided; null when it is not. (Optional: added by the gift card console.) */
  void_reason: z.string().nullable().optional(),
  /**
   * What voiding refunded to the purchaser; null when not voided, or voided without a refund (the order's
   * payment was only authorised, or the card's line had already been refunded). (Optional.)
   */
  void_refunded_cents: cents.nullable().optional(),
  /** One line on the void's money: "Refunded $50.00 to the purchaser." or why nothing was. (Optional.) */
  void_note: z.string().nullable().optional(),
  messages: z.array(sentMessageSchema),
  actions: z.object({ resend: z.boolean(), reschedule: z.boolean(), void: z.boolean() }),
});
export type AdminGiftCard = z.infer<typeof adminGiftCardSchema>;

export const giftCardListReplySchema = z.object({
  items: z.array(adminGiftCardSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  /** Unredeemed, unexpired, not voided: what the shop owes in gift cards. */
  outstanding_cents: cents,
});
export type GiftCardListReply = z.infer<typeof giftCardListReplySchema>;

/** POST /gift-cards/:id/resend: once per `request_key` (a retried click sends nothing more). */
export const resendGiftCardBodySchema = z.object({
  /** A corrected recipient mobile; absent for the same number. */
  mobile: text(40).optional(),
  request_key: z.string().regex(/^[A-Za-z0-9_-]{8,80}$/),
});
/** POST /gift-cards/:id/reschedule: a card not yet sent. Wall clock in `delivery_timezone`. */
export const rescheduleGiftCardBodySchema = z.object({
  scheduled_delivery: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
  delivery_timezone: text(64),
});
/** POST /gift-cards/:id/void: refunds the purchaser what is left on the card. Needs a fresh passkey check. */
export const voidGiftCardBodySchema = z.object({ reason: text(500).pipe(z.string().trim().min(1)) });

export const adminGiftCardReplySchema = adminGiftCardSchema;

/** POST /gift-cards/:id/number: the card's whole number (16 digits). Needs a fresh passkey check. */
export const giftCardNumberReplySchema = z.object({ gift_card_no: z.string().regex(/^\d{16}$/) });
export type GiftCardNumberReply = z.infer<typeof giftCardNumberReplySchema>;

// ---------------------------------------------------------------- errors the screens act on

/** 403 codes of the back office (besides the shared error shape `{message, code}`). */
export const STAFF_ERROR_CODES = {
  stepUpRequired: 'STEP_UP_REQUIRED',
  forbidden: 'FORBIDDEN',
  signInRequired: 'SIGN_IN_REQUIRED',
  sessionExpired: 'SESSION_EXPIRED',
} as const;
