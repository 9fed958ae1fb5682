import { type BusinessIdentity, supportContactText } from '@quokka/contract/business-identity';
import { formatMobileNational } from '@quokka/contract/mobile';
import { formatCents } from '@quokka/contract/money';
import { formatGiftCardNumber } from './gift-card-number.ts';

// The texts of a gift card's two messages ([GIFT-01], DECISIONS.md "Gift cards"): the picture message to
// the recipient and the receipt to the purchaser. Each ends with a reference made from the card's
// delivery key: after a crash the outbox's sender asks the provider for a message carrying it before ever
// sending again (docs/gift-cards.md, "Exactly once"; its renderers are worker/gift-card-sends.ts).
//
// [I11-13] A 16-digit number from an unknown sender reads like a scam, so the picture message says who
// sent it, what it is (a gift card for the seller that sold it, which it spends with), how to use it (the
// seller's shop link, the number, the expiry) and who to ask: the operator by name, with its support
// contact. It stays far inside the MMS text limit (MMS_BODY_LIMIT).
// [I16-redeem] It also says where it spends: with its seller only, online or in store.

/** Carriers and Twilio take at most 1600 characters of text in one message. */
export const MMS_BODY_LIMIT = 1600;

export interface MessageCard {
  recipient_firstname: string;
  recipient_lastname: string;
  recipient_mobile: string;
  recipient_message: string;
  product_name: string;
  amount_cents: number;
  gift_card_no: string;
}

/** Who sent the card and where it spends: read when it is sent (worker/gift-card-sends.ts giftCardOrigin). */
export interface GiftCardOrigin {
  /** The purchaser's full name. */
  senderName: string;
  /** The seller that sold the card; null when the catalogue no longer has it. */
  seller: { name: string; url: string } | null;
}

/** The storefront that sends, for the link and the support line. */
export interface MessageSender {
  publicUrl: string;
  storeName: string;
  identity: BusinessIdentity;
}

/** The seller's shop on the storefront, where the card spends. */
export function sellerShopUrl(publicUrl: string, sellerUrl: string): string {
  return new URL(`/sellerprofile/${encodeURIComponent(sellerUrl)}`, publicUrl).href;
}

/**
 * [GIFT-01] The picture of the message: the template's picture from the media store as a PNG or JPEG
 * rendition (carriers take no SVG, WebP or AVIF), absolute on the storefront's address. An imported
 * template names its picture as stored (`/media/templates/{key}.jpg` or `.png`, docs/media.md); a
 * drawing's or a modern format's URL is asked as PNG. A URL that is not ours is passed on as it is.
 */
export function mmsPictureUrl(templateUrl: string, publicUrl: string): string {
  const ours = /^(\/media\/[a-z]+\/[a-z0-9-]+)\.(svg|webp|avif)$/.exec(templateUrl);
  const path = ours ? `${ours[1]}.png` : templateUrl;
  return new URL(path, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).href;
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

export function giftCardMmsBody(
  card: MessageCard,
  origin: GiftCardOrigin,
  sender: MessageSender,
  validUntil: string,
  deliveryKey: string,
): string {
  const amount = formatCents(card.amount_cents);
  const shop = origin.seller?.name ?? sender.storeName;
  const link = origin.seller ? sellerShopUrl(sender.publicUrl, origin.seller.url) : sender.publicUrl;
  const support = supportContactText(sender.identity);
  return [
    `Hi ${card.recipient_firstname} ${card.recipient_lastname}, ${origin.senderName} has sent you a ${amount} gift card for ${shop}!`,
    '',
    card.recipient_message,
    '',
    `Gift card number: ${formatGiftCardNumber(card.gift_card_no)}`,
    `Amount: ${amount}`,
    `Valid until: ${validUntil}`,
    '',
    `To use it, shop ${shop} at ${link} and give the gift card number when you pay.`,
    // [I16-redeem] Where it spends: only with its seller, on the storefront or at the seller's counter.
    `It can be spent with ${shop}, online or in store.`,
    '',
    `Sent for ${origin.senderName} by ${sender.storeName} (${sender.identity.tradingName}).${support ? ` Questions? ${support}` : ''}`,
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
