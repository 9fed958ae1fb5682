// [I30] The member's "Buy by reply" setting (DECISIONS.md "Reply to buy"; docs/reply-to-buy.md): on My
// Account › Text offers a member turns it on after reading what it does, choosing one of their saved
// cards; their default shipping address is used; REPLY_TO_BUY_MAX_CENTS caps one order. Off at any time,
// and a STOP reply turns it off (START does not turn it back on). The words shown are kept as evidence
// with the time and the client address, as consent is. Money is integer cents; instants are ISO strings.

import { z } from 'zod';
import { formatCents } from '../money.ts';
import { text } from './common.ts';

/** How long a member has to answer BUY after a campaign's text, and YES after the terms (hours, minutes). */
export const REPLY_TO_BUY_OFFER_HOURS = 48;
export const REPLY_TO_BUY_CONFIRM_MINUTES = 10;

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** 'visa' → 'Visa'; an unknown brand as the provider spells it. */
export function cardBrandName(brand: string): string {
  return BRAND_NAMES[brand.toLowerCase()] ?? brand;
}

/** 'Visa •••• 4242': the card as the setting, the screens and the confirmation text name it. */
export function replyToBuyCardLabel(brand: string, last4: string): string {
  return `${cardBrandName(brand)} •••• ${last4}`;
}

/**
 * The words shown above the switch, exactly as the member reads them; turning it on keeps these words
 * (with the time and the client address) as the evidence of their consent.
 */
export function replyToBuyWords(maxCents: number): string {
  return (
    'Buy by reply: when a seller texts you an offer, reply BUY and we text you the exact price, ' +
    `delivery and total. Reply YES within ${REPLY_TO_BUY_CONFIRM_MINUTES} minutes and we charge your saved ` +
    `card and send the order to your default shipping address. Up to ${formatCents(maxCents)} an order. ` +
    'Turn it off here at any time; replying STOP to any text turns it off too.'
  );
}

export const replyToBuyCardSchema = z.object({
  /** The saved card's payment method id, as {ns}/savedcards lists it. */
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  /** 'Visa •••• 4242' */
  label: z.string(),
});
export type ReplyToBuyCard = z.infer<typeof replyToBuyCardSchema>;

/** GET /rest/default/V1/storefront/replytobuy (bearer); PUT answers the same. */
export const replyToBuyReplySchema = z.object({
  enabled: z.boolean(),
  /** The card it charges (while on; when off, the one chosen last time if still saved), else null. */
  card: replyToBuyCardSchema.nullable(),
  /** The member's saved cards to choose from, newest first. */
  cards: z.array(replyToBuyCardSchema),
  /** The default shipping address it sends to, or null when the member has none. */
  address: z.object({ street: z.string(), suburb: z.string() }).nullable(),
  /** REPLY_TO_BUY_MAX_CENTS: the most one order bought by reply may cost. */
  max_cents: z.number().int(),
  /** The words shown above the switch (replyToBuyWords); what turning it on records. */
  words: z.string(),
  turned_on_at: z.string().nullable(),
  turned_off_at: z.string().nullable(),
  /** 'member' (the switch) or 'stop' (a STOP reply); null while on or never turned on. */
  turned_off_via: z.enum(['member', 'stop']).nullable(),
});
export type ReplyToBuyReply = z.infer<typeof replyToBuyReplySchema>;

/** PUT …/replytobuy: on with one of the member's saved cards, or off (the card is then not needed). */
export const replyToBuyBodySchema = z.object({
  enabled: z.boolean(),
  payment_method: text(255).optional(),
});
export type ReplyToBuyBody = z.input<typeof replyToBuyBodySchema>;

/** The clear 400s of PUT …/replytobuy, and the page's own texts (apps/web's Text offers page). */
export const REPLY_TO_BUY_MSG = {
  heading: 'Buy by reply',
  cardLabel: 'Card to charge',
  addressLabel: 'Sends to',
  switchLabel: 'Buy by reply',
  on: 'On',
  off: 'Off',
  offByStop: 'You replied STOP, so Buy by reply was turned off. Turn it on here to use it again.',
  noCards: 'Save a card at checkout first: Buy by reply charges one of your saved cards.',
  noAddress: 'Set a default shipping address first: Buy by reply sends the order there.',
  chooseCard: 'Choose the card Buy by reply charges.',
  cardNotYours: 'Choose one of your saved cards.',
  notChanged: 'We could not change Buy by reply. Please try again.',
} as const;
