import { z } from 'zod';
import { messageStatusSchema, orderStatusSchema, paymentStateSchema } from './admin.ts';
import { idParam } from './common.ts';

// [I34] The operators' customer page (GET /admin/api/customers/:id; a seller's staff get 403, an unknown
// id 404): who the member is, their orders, the gift cards they bought or hold, the texts sent to their
// mobile and their consent to sellers' marketing texts. Money is integer cents; instants are ISO strings.
//
// Texts carry no body: the outbox stores each text whole (sent_messages.body), and many hold a secret —
// a sign-in code, a gift card's number, a signed-in cart link, a /u opt-out or /t short-link code — so
// the page says what a text was (its purpose in words), when, and how it went, never what it said.
// Gift card numbers are masked as the gift card console shows them ('•••• •••• •••• 2883').

/** At most this many orders, cards and texts are listed, newest first (the counts say how many in all). */
export const CUSTOMER_PAGE_LIMIT = 50;

const cents = z.number().int().min(0);

export const customerParamsSchema = z.object({ id: idParam });

export const customerOrderSchema = z.object({
  id: z.number(),
  increment_id: z.string(),
  created_at: z.string(),
  grand_total_cents: cents,
  status: orderStatusSchema,
  payment_state: paymentStateSchema,
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

export const customerGiftCardSchema = z.object({
  id: z.number(),
  /** Masked: '•••• •••• •••• 2883'. */
  gift_card_no: z.string(),
  /** 'bought': they paid for it; 'holds': it was sent to their mobile; 'both': bought for themselves. */
  role: z.enum(['bought', 'holds', 'both']),
  product_name: z.string(),
  amount_cents: cents,
  /** What is left to spend (0 once voided). */
  balance_cents: cents,
  /** When an operator voided it (null: it may be spent); the console says more (its messages, a resend). */
  voided_at: z.string().nullable(),
  recipient_name: z.string(),
  order_id: z.number(),
  order_increment_id: z.string(),
  created_at: z.string(),
  valid_until: z.string().nullable(),
});
export type CustomerGiftCard = z.infer<typeof customerGiftCardSchema>;

export const customerTextSchema = z.object({
  id: z.number(),
  /** When it was queued. */
  created_at: z.string(),
  /** When the provider took it (null: not yet, or never). */
  sent_at: z.string().nullable(),
  channel: z.enum(['sms', 'mms']),
  /** The outbox's purpose ('order_shipped', 'sign_in_code'…); MESSAGE_PURPOSE_LABELS says it in words. */
  purpose: z.string(),
  status: messageStatusSchema,
  /** The outbox gave up on it, or withdrew it (an opt-out, a refused order). */
  send_state: z.enum(['queued', 'sending', 'sent', 'failed', 'cancelled']),
  error_code: z.string().nullable(),
  order_id: z.number().nullable(),
});
export type CustomerText = z.infer<typeof customerTextSchema>;

export const customerConsentSchema = z.object({
  seller_id: z.number(),
  seller_name: z.string(),
  state: z.enum(['pending', 'subscribed', 'unsubscribed']),
  /** How it was given: the checkout box, My Account › Text offers, a JOIN text, or a seller's import. */
  source: z.enum(['checkout', 'account', 'keyword', 'import']),
  requested_at: z.string(),
  subscribed_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
  /** How it was withdrawn: 'account', 'link' (the /u page) or 'keyword' (STOP); null while it stands. */
  unsubscribed_via: z.string().nullable(),
});
export type CustomerConsent = z.infer<typeof customerConsentSchema>;

export const adminCustomerReplySchema = z.object({
  customer: z.object({
    id: z.number(),
    firstname: z.string(),
    lastname: z.string(),
    /** E.164 (+614…). */
    mobile: z.string(),
    email: z.string(),
    /** Member since. */
    created_at: z.string(),
    suspended_at: z.string().nullable(),
    suspended_reason: z.string().nullable(),
  }),
  orders: z.object({ total: z.number().int().min(0), items: z.array(customerOrderSchema) }),
  gift_cards: z.object({ total: z.number().int().min(0), items: z.array(customerGiftCardSchema) }),
  texts: z.object({ total: z.number().int().min(0), items: z.array(customerTextSchema) }),
  consent: z.object({
    sellers: z.array(customerConsentSchema),
    /** A STOP holds every seller's marketing to the mobile (START lifts it); null: none. */
    stopped_all: z.object({ at: z.string(), via: z.string() }).nullable(),
  }),
});
export type AdminCustomerReply = z.infer<typeof adminCustomerReplySchema>;

/** The outbox's purposes in words, for the customer page's texts. */
export const MESSAGE_PURPOSE_LABELS: Readonly<Record<string, string>> = {
  sign_in_code: 'Sign-in code',
  registration: 'Welcome',
  order_receipt: 'Order receipt',
  order_refused: 'Order refused',
  order_shipped: 'Order shipped',
  order_refunded: 'Refund',
  order_cancelled: 'Order cancelled',
  gift_card: 'Gift card',
  gift_card_receipt: 'Gift card receipt',
  keyword_reply: 'Reply to their text',
  consent_request: 'Offers: please confirm',
  campaign: 'Seller offer',
  automation: 'Automated seller text',
};

/** A purpose in words: the table's, else the code with spaces ('reply_offer' → 'Reply offer'). */
export function messagePurposeLabel(purpose: string): string {
  const known = MESSAGE_PURPOSE_LABELS[purpose];
  if (known) return known;
  const words = purpose.replace(/_/g, ' ').trim();
  return words ? words[0]?.toUpperCase() + words.slice(1) : purpose;
}
