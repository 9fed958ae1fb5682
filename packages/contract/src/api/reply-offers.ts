// [I30] Reply to buy: the texts of the BUY / YES exchange (DECISIONS.md "Reply to buy"; docs/reply-to-buy.md).
// A campaign text tells a member who turned on "Buy by reply" to answer BUY; BUY is answered with the exact
// terms, YES within 10 minutes places the order. Every text here goes to the member's own mobile and is
// transactional (an answer to their own text). Each starts with the store's name and, where it can, fits in
// two SMS segments (sms.ts countSms): so every character is in the GSM-7 alphabet. One character outside it
// ('•', '›', '…') makes the whole text UCS-2, 67 characters a part, and the terms would take three or four
// parts: the card is written 'Visa ending 4242', not 'Visa •••• 4242'.

/** The keywords of the exchange: the WHOLE message, any case, trimmed. */
export const BUY_KEYWORD = 'BUY';

/** BUY works within this many hours of the campaign text that said "Reply BUY". */
export const REPLY_OFFER_HOURS = 48;
/** YES must come within this many minutes of the terms. */
export const REPLY_CONFIRM_MINUTES = 10;

/** The terms quoted, as the text shows them (money already formatted, '$12.50'). */
export interface ReplyTermsText {
  product: string;
  /** A variant's options ('Red / S'), or null for a simple product. */
  variant: string | null;
  price: string;
  delivery: string;
  total: string;
  street: string;
  suburb: string;
  /** 'Visa ending 4242' (cardLabel) */
  card: string;
}

/** The campaign text's line for a member who can buy by reply, in place of the product link. */
export function replyToBuyLine(total: string, suburb: string): string {
  return `Reply BUY to get it for ${total} delivered to ${suburb}`;
}

/** A saved card as the texts name it: 'Visa ending 4242' (GSM-7, unlike '•'). */
export function cardLabel(brand: string | null, last4: string | null): string {
  const name = (brand ?? 'card').replace(/_/g, ' ');
  const shown = name === 'amex' ? 'Amex' : name.charAt(0).toUpperCase() + name.slice(1);
  return last4 ? `${shown} ending ${last4}` : shown;
}

/** A short product label for a text: at most `max` characters, cut at a word with '...'. */
export function shortProductName(name: string, max = 40): string {
  const clean = name.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 3);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}...`;
}

function termsSentence(terms: ReplyTermsText): string {
  const what = terms.variant ? `${terms.product} ${terms.variant}` : terms.product;
  return `Confirm: ${what} ${terms.price} + ${terms.delivery} delivery = ${terms.total} to ${terms.street}, ${terms.suburb}, ${terms.card}. Reply YES within ${REPLY_CONFIRM_MINUTES} minutes to buy.`;
}

export const REPLY_OFFER_TEXTS = {
  /** BUY answered: the exact terms. Nothing is reserved or charged yet. */
  terms: (store: string, terms: ReplyTermsText) => `${store}: ${termsSentence(terms)}`,
  /** YES found the price or delivery changed since the terms: new terms, never a charge at the old ones. */
  newTerms: (store: string, terms: ReplyTermsText) =>
    `${store}: The price or delivery changed, nothing was charged. ${termsSentence(terms)}`,
  /** A YES (or BUY) after the order was placed: its number, never a second order. */
  alreadyOrdered: (store: string, orderNumber: string) =>
    `${store}: You already bought this: order ${orderNumber}. Nothing more was charged.`,
  soldOut: (store: string, product: string) =>
    `${store}: Sorry, ${product} has sold out. Nothing was charged.`,
  overLimit: (store: string, total: string, limit: string, link: string) =>
    `${store}: ${total} is over the ${limit} limit for buying by reply, so nothing was charged. Buy it here: ${link}`,
  declined: (store: string, link: string) =>
    `${store}: Your card was declined, so nothing was bought. Finish at checkout: ${link}`,
  authenticationRequired: (store: string, link: string) =>
    `${store}: Your bank wants to confirm this payment, so nothing was bought yet. Finish at checkout: ${link}`,
  /** BUY more than 48 hours after the text. */
  offerExpired: (store: string, link: string) =>
    `${store}: This offer's ${REPLY_OFFER_HOURS} hours to reply BUY are over. You can still buy it here: ${link}`,
  /** YES more than 10 minutes after the terms. */
  confirmExpired: (store: string) =>
    `${store}: The ${REPLY_CONFIRM_MINUTES} minutes to reply YES are over, so nothing was bought. Reply BUY for the terms again.`,
  /** Buy by reply was turned off (or the card removed) between BUY and YES. */
  turnedOff: (store: string) =>
    `${store}: Buy by reply is off on your account, so nothing was bought. Turn it on in My Account, Text offers.`,
} as const;
