import { z } from 'zod';
import { text } from './common.ts';

// [I16-redeem] Redeeming a gift card in store, in the back office (/admin/api, staff session): look a card
// up by its 16-digit number and spend all or part of its balance (docs/gift-card-redemption.md). A vendor
// finds only their own seller's cards; another seller's card answers exactly as a number that does not
// exist (404). The number travels in the body, never in a URL (so it is not written to access logs).

const cents = z.number().int().min(0);

/** The 16 digits; spaces (and dashes) as typed are allowed and dropped. */
export const giftCardNumberField = z
  .string()
  .max(40)
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{16}$/, 'A gift card number is 16 digits.'));

export const giftCardLookupBodySchema = z.object({ gift_card_no: giftCardNumberField });
export type GiftCardLookupBody = z.input<typeof giftCardLookupBodySchema>;

export const redeemGiftCardBodySchema = z.object({
  gift_card_no: giftCardNumberField,
  /** What to take from the balance, in cents (at least 1c; at most the balance). */
  amount_cents: z.number().int().min(1).max(100_000_000),
  /** One per redemption the member of staff means to make; a retry with the same key changes nothing. */
  idempotency_key: text(100).pipe(z.string().trim().min(8)),
});
export type RedeemGiftCardBody = z.input<typeof redeemGiftCardBodySchema>;

/**
 * Whether the card can be spent now, and if not why: its order is not approved (pending, refused,
 * cancelled), its picture message has not been sent, it was voided, it expired, or nothing is left.
 */
export const giftCardSpendStatusSchema = z.enum([
  'spendable',
  'order_not_approved',
  'not_sent',
  'voided',
  'expired',
  'no_balance',
]);
export type GiftCardSpendStatus = z.infer<typeof giftCardSpendStatusSchema>;

export const giftCardRedemptionSchema = z.object({
  id: z.number(),
  /** ISO instant. */
  created_at: z.string(),
  /** in_store, order (spent online), order_give_back (negative: given back). */
  kind: z.string(),
  /** Positive: spent; negative: given back. */
  amount_cents: z.number().int(),
  balance_after_cents: cents,
  order_id: z.number().nullable(),
  staff_name: z.string().nullable(),
});
export type GiftCardRedemption = z.infer<typeof giftCardRedemptionSchema>;

export const redeemableGiftCardSchema = z.object({
  id: z.number(),
  /** '1234 5678 9012 3456'. */
  gift_card_no: z.string(),
  product_name: z.string(),
  seller_id: z.number(),
  seller_name: z.string(),
  amount_cents: cents,
  balance_cents: cents,
  /** ISO instant; null when the card was never sent. */
  valid_until: z.string().nullable(),
  /** The last day it can be spent, as a Sydney date 'YYYY-MM-DD' (the day of valid_until). */
  valid_until_date: z.string().nullable(),
  status: giftCardSpendStatusSchema,
  /** The status in words, for the counter: "Can be spent: $25.00 left." */
  status_text: z.string(),
  /** The latest balance changes, newest first (at most 10). */
  redemptions: z.array(giftCardRedemptionSchema),
});
export type RedeemableGiftCard = z.infer<typeof redeemableGiftCardSchema>;

export const giftCardLookupReplySchema = redeemableGiftCardSchema;

export const redeemGiftCardReplySchema = z.object({
  redemption: giftCardRedemptionSchema,
  card: redeemableGiftCardSchema,
  /** True when the key had been used already: the first redemption is answered and nothing changed. */
  replayed: z.boolean(),
});
export type RedeemGiftCardReply = z.infer<typeof redeemGiftCardReplySchema>;
