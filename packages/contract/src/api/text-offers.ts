// [I29] Consent to sellers' marketing texts (DECISIONS.md "Text campaigns and consent"; docs/campaigns.md).
// Consent is per (mobile, seller) and keeps its evidence: source, the words shown, time, client address.
// The shopper's side: My Account › Text offers (`/account/textoffers`) and the checkout box. The seller's
// side (under /admin/api): its subscribers, exported with that evidence as CSV, and a list imported.
// Instants are ISO strings.

import { z } from 'zod';
import { idParam, multilineText } from './common.ts';

export const consentSourceSchema = z.enum(['checkout', 'account', 'keyword', 'import']);
export type ConsentSource = z.infer<typeof consentSourceSchema>;

/** pending: asked (a keyword join or an import), waiting for YES within 24 h; subscribed; unsubscribed. */
export const consentStateSchema = z.enum(['pending', 'subscribed', 'unsubscribed']);
export type ConsentState = z.infer<typeof consentStateSchema>;

/** The words shown beside the checkout box and on the account page's switch ([I29]). */
export function textOffersWords(sellerName: string): string {
  return `Text me offers from ${sellerName}`;
}

/** How many hours a keyword join or an imported number has to answer YES. */
export const CONSENT_CONFIRM_HOURS = 24;

// ---------------------------------------------------------------- the shopper's side (bearer token)

/** One seller on My Account › Text offers: on when the member's mobile is subscribed to it. */
export const textOfferSchema = z.object({
  seller_id: z.number().int(),
  seller_name: z.string(),
  seller_url: z.string(),
  subscribed: z.boolean(),
  /** A join by text or an import still waiting for YES. */
  pending: z.boolean(),
  /** Every seller's marketing is stopped by a STOP reply (START undoes it); the switches still show. */
  words: z.string(),
});
export type TextOffer = z.infer<typeof textOfferSchema>;

/** GET /rest/default/V1/storefront/textoffers */
export const textOffersReplySchema = z.object({
  /** The member's mobile, as shown ('0412 345 678'). */
  mobile: z.string(),
  /** True while a STOP reply holds every seller's marketing to this number. */
  stopped_all: z.boolean(),
  sellers: z.array(textOfferSchema),
});
export type TextOffersReply = z.infer<typeof textOffersReplySchema>;

/** PUT /rest/default/V1/storefront/textoffers/:seller_id — the switch; answers the whole list again. */
export const textOfferParamsSchema = z.object({ seller_id: idParam });
export const textOfferBodySchema = z.object({ subscribed: z.boolean() });

/**
 * The checkout box: the sellers whose "Text me offers from <seller>" the shopper ticked, sent with the
 * order (placeOrder's `text_offers`); unticked by default, recorded in the order's transaction.
 */
export const checkoutTextOffersSchema = z.array(idParam).max(50).optional();

// ---------------------------------------------------------------- the opt-out page (no sign-in)

/** GET /u/:code answers an HTML page; POST /u/:code with a form field `scope` stops the texts. */
export const optOutScopeSchema = z.enum(['seller', 'all']);
export type OptOutScope = z.infer<typeof optOutScopeSchema>;

// ---------------------------------------------------------------- the seller's side (/admin/api)

export const subscriberSchema = z.object({
  mobile: z.string(),
  seller_id: z.number().int(),
  state: consentStateSchema,
  source: consentSourceSchema,
  words: z.string(),
  client_address: z.string().nullable(),
  requested_at: z.string(),
  subscribed_at: z.string().nullable(),
  unsubscribed_at: z.string().nullable(),
  /** Held by a STOP reply to every seller. */
  stopped_all: z.boolean(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

/** GET /admin/api/subscribers?seller_id=&state=&page= (a vendor sees only its own seller's). */
export const subscriberListQuerySchema = z.object({
  seller_id: idParam.optional(),
  state: consentStateSchema.optional(),
  page: idParam.default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});
export const subscriberListReplySchema = z.object({
  items: z.array(subscriberSchema),
  total: z.number().int(),
  subscribed: z.number().int(),
  pending: z.number().int(),
  unsubscribed: z.number().int(),
});
export type SubscriberListReply = z.infer<typeof subscriberListReplySchema>;

/**
 * POST /admin/api/subscribers/import — a CSV (text/csv body, or JSON `{seller_id, csv}`) with columns
 * `mobile` and `consent_source` (and optionally `consented_at`, `words`): every number gets the
 * confirmation text first and is only subscribed by its YES.
 */
export const subscriberImportBodySchema = z.object({
  seller_id: idParam.optional(),
  csv: multilineText(2_000_000),
});
export const subscriberImportReplySchema = z.object({
  rows: z.number().int(),
  asked: z.number().int(),
  already_subscribed: z.number().int(),
  stopped: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type SubscriberImportReply = z.infer<typeof subscriberImportReplySchema>;

// ---------------------------------------------------------------- the texts we send and show ([I29])

/** Keywords: the WHOLE message, any case, trimmed (DECISIONS.md "Text campaigns and consent"). */
export const STOP_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'];
export const START_KEYWORDS = ['START', 'UNSTOP'];

/** "a, b and c" */
function namesList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The texts answered to a shopper's own text (transactional: never held by an opt-out). */
export const TEXT_REPLIES = {
  /** The double opt-in's question (a keyword join, an imported number). */
  confirmAsk: (store: string, seller: string) =>
    `${store}: Reply YES to get offers from ${seller} by text. Msg&data rates may apply. Reply STOP to opt out.`,
  joinUnknown: (store: string, asked: string) =>
    `${store}: We could not find a seller called "${asked.slice(0, 40)}". Check the name on their page and text JOIN and the name again.`,
  joinAlready: (store: string, seller: string) =>
    `${store}: You already get offers from ${seller} by text. Reply STOP to opt out.`,
  confirmed: (store: string, sellers: readonly string[], perWeek: number) =>
    `${store}: Thanks, you will get offers by text from ${namesList(sellers)} (at most ${perWeek} a week from all sellers). Reply STOP to opt out.`,
  stopped: (store: string) =>
    `${store}: You will get no more offers by text from any seller. Texts about your orders still come. Reply START to get offers again.`,
  /** [I30] The STOP also turned the member's Buy by reply off (START does not turn it back on). */
  stoppedWithReplyToBuy: (store: string) =>
    `${store}: You will get no more offers by text from any seller, and Buy by reply is off. Texts about your orders still come. Reply START to get offers again.`,
  started: (store: string) =>
    `${store}: Offers by text are back on for the sellers you said yes to. Reply STOP to opt out.`,
  help: (operator: string, store: string, contact: string) =>
    `${operator} (${store}): offers and order texts. ${contact} Reply STOP to stop offers, START to get them again.`.replace(
      /\s+/g,
      ' ',
    ),
} as const;

/** The opt-out page, PUBLIC_URL/u/<code>: no sign-in, no script. */
export const OPT_OUT_PAGE = {
  title: (store: string) => `Stop offers by text · ${store}`,
  heading: 'Stop offers by text',
  intro: (seller: string, mobile: string) => `Offers from ${seller} by text to ${mobile}.`,
  stopSeller: (seller: string) => `Stop texts from ${seller}`,
  stopAll: 'Stop all offers',
  note: 'Texts about your orders, sign-in codes and gift cards still come.',
  doneSeller: (seller: string) => `Done — you will get no more offers from ${seller}.`,
  doneAll: 'Done — you will get no more offers by text from anyone.',
  notFound: 'This link is not valid.',
} as const;
