// [I31] Texts that go by themselves (docs/automations.md): back in stock, the cart left behind and the
// thank-you after delivery. A seller's staff set their own seller's flows under /admin/api/automations
// (an operator any seller's, naming it); shoppers ask for a back-in-stock text on the storefront. Every
// text is automationText(): the seller named, the seller's words, a personal short link, an opt-out link.

import { z } from 'zod';
import { idParam, multilineText, text } from './common.ts';

export const automationFlowSchema = z.enum(['back_in_stock', 'cart_reminder', 'thank_you']);
export type AutomationFlow = z.infer<typeof automationFlowSchema>;
export const AUTOMATION_FLOWS = automationFlowSchema.options;

/** The seller's words, before the sender name, the link and the opt-out line are added. */
export const AUTOMATION_MESSAGE_MAX = 306;

/** The flows' names on the back office's screen. */
export const AUTOMATION_FLOW_NAMES: Readonly<Record<AutomationFlow, string>> = {
  back_in_stock: 'Back in stock',
  cart_reminder: 'Cart left behind',
  thank_you: 'Thank you after delivery',
};

/** A flow's words until the seller writes their own. */
export const DEFAULT_AUTOMATION_MESSAGES: Readonly<Record<AutomationFlow, string>> = {
  back_in_stock: '{product} is back in stock. Get yours before it goes again:',
  cart_reminder: 'You left {items} in your cart. It is waiting for you:',
  thank_you: 'Thanks for your order! We hope you love it. Something else you might like:',
};

/**
 * Words a message may hold, filled in per text: {product} the item's name (back in stock, thank-you),
 * {items} the cart's items ('Beach Tote and 2 more'; cart left behind).
 */
export const AUTOMATION_PLACEHOLDERS: Readonly<Record<AutomationFlow, readonly string[]>> = {
  back_in_stock: ['{product}'],
  cart_reminder: ['{items}'],
  thank_you: ['{product}'],
};

/** How long a back-in-stock ask waits for a restock. */
export const STOCK_ALERT_DAYS = 60;
/** The limits of a flow's timing, in hours (the thank-you is set in days on the screen: × 24). */
export const CART_REMINDER_HOURS_RANGE = { min: 1, max: 72 } as const;
export const THANK_YOU_DAYS_RANGE = { min: 1, max: 90 } as const;

export interface AutomationTextParts {
  sellerName: string;
  /** The seller's words with their placeholders already filled in. */
  message: string;
  /** The personal short link (/t/<code>); null when the text links nowhere (a thank-you without product). */
  link: string | null;
  optOutLink: string;
}

/** [I31] The text a shopper gets: '<Seller>: <words>', the link, 'Opt out: <link>'. */
export function automationText(parts: AutomationTextParts): string {
  const lines = [`${parts.sellerName}: ${parts.message.trim()}`];
  if (parts.link) lines.push(parts.link);
  lines.push(`Opt out: ${parts.optOutLink}`);
  return lines.join('\n');
}

/** Fills {product} and {items} (each at most once as written; an unknown brace is left as it is). */
export function fillAutomationMessage(message: string, values: { product?: string; items?: string }): string {
  let out = message;
  if (values.product !== undefined) out = out.replaceAll('{product}', values.product);
  if (values.items !== undefined) out = out.replaceAll('{items}', values.items);
  return out;
}

// ---------------------------------------------------------------- the back office

export const automationResultsSchema = z.object({
  /** Counted since the flow was last switched on (`enabled_at`); zeros while it never was. */
  since: z.string().nullable(),
  sent: z.number().int(),
  delivered: z.number().int(),
  clicked: z.number().int(),
  /** Orders attributed to the flow's texts (last click within 5 days, as for campaigns). */
  orders: z.number().int(),
  revenue_cents: z.number().int(),
  /** Recipients who opted out (STOP, or the /u link) after one of the flow's texts. */
  opted_out: z.number().int(),
  /** Texts that fell in quiet hours and went at 6 am in the recipient's zone instead. */
  delayed_quiet_hours: z.number().int(),
  /** Texts not sent: the weekly cap was reached. */
  skipped_cap: z.number().int(),
  /** Texts not sent: the shopper had opted out by the time it was due. */
  skipped_opted_out: z.number().int(),
  /** Queued and not yet sent. */
  queued: z.number().int(),
  /** back_in_stock only: shoppers waiting for a restock now (0 for the other flows). */
  waiting: z.number().int(),
});
export type AutomationResults = z.infer<typeof automationResultsSchema>;

export const automationSchema = z.object({
  flow: automationFlowSchema,
  seller_id: z.number().int(),
  enabled: z.boolean(),
  message: z.string(),
  /** cart_reminder: hours after the cart's last change; thank_you: days × 24 after delivery; back_in_stock: 0. */
  delay_hours: z.number().int(),
  /** thank_you: the product the text links to; null for none (and for the other flows). */
  product_id: z.number().int().nullable(),
  product_name: z.string().nullable(),
  enabled_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  /** SMS parts of the whole text (sender, words with sample values, link, opt-out line). */
  segments: z.number().int(),
  results: automationResultsSchema,
});
export type Automation = z.infer<typeof automationSchema>;

/** GET /admin/api/automations?seller_id= (operators name the seller; a seller's staff get their own). */
export const automationListQuerySchema = z.object({ seller_id: idParam.optional() });
export const automationListReplySchema = z.object({
  seller_id: z.number().int(),
  seller_name: z.string(),
  /** Every flow, in AUTOMATION_FLOWS order; a flow never set is off with the default words and timing. */
  items: z.array(automationSchema),
});
export type AutomationListReply = z.infer<typeof automationListReplySchema>;

export const automationParamsSchema = z.object({ flow: automationFlowSchema });

/** PUT /admin/api/automations/:flow → automationSchema. Turning a flow on sets `enabled_at` to now. */
export const automationBodySchema = z.object({
  seller_id: idParam.optional(),
  enabled: z.boolean(),
  message: multilineText(AUTOMATION_MESSAGE_MAX).pipe(z.string().min(1, 'must be given')),
  /** Checked per flow against CART_REMINDER_HOURS_RANGE and THANK_YOU_DAYS_RANGE (× 24); 0 for back in stock. */
  delay_hours: z.number().int().min(0).max(100_000),
  product_id: idParam.nullable().default(null),
});
export type AutomationBody = z.input<typeof automationBodySchema>;

/** POST /admin/api/automations/preview {flow, message, seller_id?, product_id?} → the text with sample values. */
export const automationPreviewBodySchema = z.object({
  flow: automationFlowSchema,
  seller_id: idParam.optional(),
  message: multilineText(AUTOMATION_MESSAGE_MAX),
  product_id: idParam.nullable().default(null),
});
export const automationPreviewReplySchema = z.object({
  text: z.string(),
  encoding: z.enum(['GSM-7', 'UCS-2']),
  characters: z.number().int(),
  segments: z.number().int(),
});
export type AutomationPreview = z.infer<typeof automationPreviewReplySchema>;

/** [I31] The clear 4xx messages of the automation routes. */
export const AUTOMATION_ERRORS = {
  sellerRequired: 'Choose the seller.',
  sellerNotFound: 'That seller was not found.',
  productNotFound: 'That product is not one of this seller’s.',
  /** A thank-you without a product whose words say {product}. */
  productPlaceholder: 'Choose a product to suggest, or take {product} out of the words.',
  cartHours: `Choose between ${CART_REMINDER_HOURS_RANGE.min} and ${CART_REMINDER_HOURS_RANGE.max} hours.`,
  thankYouDays: `Choose between ${THANK_YOU_DAYS_RANGE.min} and ${THANK_YOU_DAYS_RANGE.max} days.`,
} as const;

// ---------------------------------------------------------------- the storefront: back in stock

/**
 * GET {ns}/stockAlerts?product_id= — for a product page: whether "Text me when it's back" is offered
 * (its seller's back-in-stock flow is on) and, for a signed-in member, which of its items they wait for.
 */
export const stockAlertQuerySchema = z.object({ product_id: idParam });
export const stockAlertStatusSchema = z.object({
  offered: z.boolean(),
  /** The item ids (the product, or its children) the signed-in member is waiting for; [] for a visitor. */
  waiting: z.array(z.number().int()),
  /** The words shown beside the button: what asking means (the consent recorded with the ask). */
  words: z.string(),
});
export type StockAlertStatus = z.infer<typeof stockAlertStatusSchema>;

/**
 * POST {ns}/stockAlerts — a member (bearer token) or a visitor with a verified-mobile token (`jwt`, from
 * the one-time code: POST {ns}/sendCode then {ns}/confirmCode) asks for one item's text. The item is a
 * sold-out simple product or one sold-out child. Asking again while waiting answers the same alert.
 */
export const stockAlertBodySchema = z.object({
  product_id: idParam,
  jwt: text(4096).optional(),
});
export const stockAlertReplySchema = z.object({
  status: z.literal(true),
  product_id: z.number().int(),
  /** The number the text goes to, masked ('0412 ••• 678'). */
  mobile: z.string(),
  expires_at: z.string(),
});
export type StockAlertReply = z.infer<typeof stockAlertReplySchema>;

/** DELETE {ns}/stockAlerts/:product_id — a member stops waiting for that item. */
export const stockAlertParamsSchema = z.object({ product_id: idParam });

/** [I31] The storefront's words for back in stock. */
export const STOCK_ALERT_TEXTS = {
  button: 'Text me when it’s back',
  /** Shown beside the button: this is consent for this one text only. */
  words: (seller: string) =>
    // [I31] A name ending in a full stop ('Saltline Surf Co.') does not get a second one.
    `We’ll text you once when this is back in stock, from ${seller.replace(/\.+$/, '')}. Only this one text: it does not sign you up for offers.`,
  waiting: 'We’ll text you when it’s back.',
  cancel: 'Don’t text me',
  notSoldOut: 'This is in stock: add it to your cart.',
  notOffered: 'This seller does not send back-in-stock texts.',
  productNotFound: 'That product was not found.',
  mobileRequired: 'Sign in, or prove your mobile with a code, to be texted.',
  /** [I31] A configurable product's own id: the shopper must choose the item first. */
  chooseOption: 'Choose a colour and size first: we text you when that one is back.',
  /** [I31] The visitor's verified-mobile token is past its time. */
  codeExpired: 'Your code has expired: ask for a new code and try again.',
  /** [I31] The visitor's token is not one of ours. */
  codeInvalid: 'We could not check your mobile: ask for a new code and try again.',
  /** [I31] The visitor's form: why it asks for the mobile and a code. */
  visitorIntro: 'Enter your mobile: we text you a code to prove it is yours.',
} as const;

/** [I31] '0412 ••• 678': the number a back-in-stock text goes to, as the reply shows it. */
export function maskStockAlertMobile(national: string): string {
  const digits = national.replace(/\D/g, '');
  if (digits.length < 7) return national;
  return `${digits.slice(0, 4)} ••• ${digits.slice(-3)}`;
}
