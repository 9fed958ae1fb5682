import { formatMobileNational } from '@quokka/contract/mobile';
import { formatCents } from '@quokka/contract/money';
import { formatGiftCardNumber } from '../modules/giftcards/gift-card-number.ts';

// The texts of a gift card's two messages ([GIFT-01], DECISIONS.md "Gift cards"): the picture message to
// the recipient (name, amount, message, card number, valid-until) and the receipt to the purchaser. Each
// ends with a reference made from the card's delivery key: after a crash the worker asks the provider for
// a message carrying it before ever sending again (docs/gift-cards.md, "Exactly once").

export interface MessageCard {
  recipient_firstname: string;
  recipient_lastname: string;
  recipient_mobile: string;
  recipient_message: string;
  product_name: string;
  amount_cents: number;
  gift_card_no: string;
}

/** The reference line of the picture message; never a prefix of the receipt's. */
export const mmsReference = (deliveryKey: string) => `Ref G-${deliveryKey}`;
/** The reference line of the receipt. */
export const receiptReference = (deliveryKey: string) => `Ref R-${deliveryKey}`;

/** '21 November 2029' on the clock of the card's zone. */
export function formatValidUntil(validUntil: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: zone,
  }).format(validUntil);
}

export function giftCardMmsBody(card: MessageCard, validUntil: string, deliveryKey: string): string {
  return [
    `Hi ${card.recipient_firstname} ${card.recipient_lastname}, you have been sent a ${formatCents(card.amount_cents)} ${card.product_name}!`,
    '',
    card.recipient_message,
    '',
    `Gift card number: ${formatGiftCardNumber(card.gift_card_no)}`,
    `Amount: ${formatCents(card.amount_cents)}`,
    `Valid until: ${validUntil}`,
    mmsReference(deliveryKey),
  ].join('\n');
}

export function receiptSmsBody(card: MessageCard, validUntil: string, deliveryKey: string): string {
  return [
    `Your ${formatCents(card.amount_cents)} gift card for ${card.recipient_firstname} ${card.recipient_lastname}`,
    `was sent to ${formatMobileNational(card.recipient_mobile)}.`,
    `Card ending ${card.gift_card_no.slice(-4)}, valid until ${validUntil}.`,
    receiptReference(deliveryKey),
  ].join(' ');
}
