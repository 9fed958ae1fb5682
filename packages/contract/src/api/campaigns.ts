// [I29] Text campaigns under /admin/api (docs/campaigns.md): a seller's staff (their own seller's only;
// another seller's campaign answers 404) and operators (every seller's). Money is integer cents;
// instants are ISO strings; a schedule is a wall-clock time in a named Australian zone.

import { z } from 'zod';
import { idParam, multilineText, text } from './common.ts';

export const campaignStateSchema = z.enum([
  'draft',
  'scheduled',
  /** CAMPAIGN_REVIEW=manual: waiting for an operator's approval. */
  'review',
  'sending',
  'paused',
  'sent',
  'cancelled',
  /** An operator refused it (with a reason); it can be edited and sent for review again. */
  'refused',
]);
export type CampaignState = z.infer<typeof campaignStateSchema>;

/** Who gets it: every subscriber of the seller, or some of them. */
export const audienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('bought') }),
  z.object({ kind: z.literal('never_bought') }),
  z.object({ kind: z.literal('bought_recently'), days: z.number().int().min(1).max(3650) }),
  z.object({
    kind: z.literal('states'),
    /** AU state codes of the default shipping address: NSW, VIC, QLD, WA, SA, TAS, ACT, NT. */
    states: z.array(z.enum(['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'])).min(1),
  }),
]);
export type Audience = z.infer<typeof audienceSchema>;

/** The seller's words, before the sender line, the link and the opt-out line are added. */
export const CAMPAIGN_MESSAGE_MAX = 612;

export const campaignBodySchema = z.object({
  /** Operators name the seller; a seller's staff send their own seller's (the field is ignored). */
  seller_id: idParam.optional(),
  name: text(120).pipe(z.string().min(1, 'must be given')),
  message: multilineText(CAMPAIGN_MESSAGE_MAX).pipe(z.string().min(1, 'must be given')),
  product_id: idParam.nullable(),
  audience: audienceSchema,
  /**
   * [I30] Reply to buy (docs/reply-to-buy.md): members with Buy by reply on are told to reply BUY. Needs a
   * product that is one sellable item: a simple product, or a configurable one with `offer_product_id`,
   * the chosen variant (its child product).
   */
  reply_to_buy: z.boolean().default(false),
  offer_product_id: idParam.nullable().default(null),
});
export type CampaignBody = z.input<typeof campaignBodySchema>;

export const campaignResultsSchema = z.object({
  recipients: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  clicked: z.number().int(),
  orders: z.number().int(),
  revenue_cents: z.number().int(),
  opted_out: z.number().int(),
  /** Due but held until 6 am in the recipient's zone. */
  waiting_quiet_hours: z.number().int(),
  skipped_cap: z.number().int(),
  skipped_opted_out: z.number().int(),
  /** [I30] The campaign's orders bought by reply (orders.reply_offer_id), among `orders`. */
  bought_by_reply: z.number().int(),
  /** Queued and not yet sent (neither waiting for quiet hours nor skipped). */
  queued: z.number().int(),
  cost_cents: z.number().int(),
});
export type CampaignResults = z.infer<typeof campaignResultsSchema>;

export const campaignSchema = z.object({
  id: z.number().int(),
  seller_id: z.number().int(),
  seller_name: z.string(),
  name: z.string(),
  message: z.string(),
  product_id: z.number().int().nullable(),
  product_name: z.string().nullable(),
  /** [I30] Marked reply-to-buy, with its one sellable item (the product itself, or the chosen variant). */
  reply_to_buy: z.boolean(),
  offer_product_id: z.number().int().nullable(),
  /** The chosen variant's options ('Blue, M'); null for a simple product or without reply to buy. */
  offer_variant: z.string().nullable(),
  audience: audienceSchema,
  state: campaignStateSchema,
  scheduled_at: z.string().nullable(),
  schedule_zone: z.string().nullable(),
  review_reason: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** SMS parts of the whole text as a recipient gets it (sender line, message, link, opt-out line). */
  segments: z.number().int(),
  results: campaignResultsSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;

/** GET /admin/api/campaigns?seller_id=&state=&page= */
export const campaignListQuerySchema = z.object({
  seller_id: idParam.optional(),
  state: campaignStateSchema.optional(),
  page: idParam.default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const campaignListReplySchema = z.object({
  items: z.array(campaignSchema),
  total: z.number().int(),
});
export type CampaignListReply = z.infer<typeof campaignListReplySchema>;

/**
 * POST /admin/api/campaigns/preview — what a draft would send, before it is saved: the text as a phone
 * shows it (with a sample link and opt-out code), its segments, the recipients and the estimated cost
 * (segments × recipients × SMS_PRICE_CENTS).
 */
export const campaignPreviewReplySchema = z.object({
  text: z.string(),
  encoding: z.enum(['GSM-7', 'UCS-2']),
  characters: z.number().int(),
  segments: z.number().int(),
  recipients: z.number().int(),
  estimated_cost_cents: z.number().int(),
  /**
   * [I30] A reply-to-buy campaign: the text a member with Buy by reply on gets in place of the link
   * ("Reply BUY to get it for $x delivered to <suburb>", with the item's price, the default delivery and a
   * sample suburb), and its segments; null otherwise.
   */
  reply_to_buy: z.object({ text: z.string(), segments: z.number().int() }).nullable(),
});
export type CampaignPreview = z.infer<typeof campaignPreviewReplySchema>;

/** POST /admin/api/campaigns (draft), PUT /admin/api/campaigns/:id (a draft or refused one) → campaignSchema. */
export const campaignParamsSchema = z.object({ id: idParam });

/** POST /admin/api/campaigns/:id/test — texts the member of staff's own mobile (no link to a recipient). */
export const campaignTestReplySchema = z.object({ to: z.string(), text: z.string() });

/**
 * POST /admin/api/campaigns/:id/send — now (no body), or scheduled: `{at: 'YYYY-MM-DD HH:mm', zone}`.
 * Under CAMPAIGN_REVIEW=manual a seller's campaign goes to 'review' first.
 */
export const campaignSendBodySchema = z
  .object({
    at: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}$/, 'must be a date and time YYYY-MM-DD HH:mm')
      .optional(),
    zone: text(40).optional(),
  })
  .optional();

/** POST /admin/api/campaigns/:id/pause | resume | cancel → campaignSchema. */

/** POST /admin/api/campaigns/:id/approve (operator), /refuse `{reason}` (operator) → campaignSchema. */
export const campaignRefuseBodySchema = z.object({
  reason: text(500).pipe(z.string().min(3, 'must say why')),
});

/** GET /admin/api/campaigns/:id/recipients.csv — one row per recipient: the funnel's every step. */
export const CAMPAIGN_RECIPIENTS_CSV_COLUMNS = [
  'mobile',
  'zone',
  'state',
  'queued_at',
  'sent_at',
  'delivery_status',
  'first_clicked_at',
  'last_clicked_at',
  'clicks',
  'order_number',
  'order_total_cents',
  'opted_out_at',
] as const;

// ---------------------------------------------------------------- the text a recipient gets

/** The code in `PUBLIC_URL/t/<code>` and `PUBLIC_URL/u/<code>`: unguessable, short enough for a text. */
export const SHORT_CODE_LENGTH = 10;
/** The letters a short code is made of (no look-alikes: 0/O, 1/l/I): 57^10 ≈ 3.6e17 codes. */
export const SHORT_CODE_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export interface CampaignTextParts {
  sellerName: string;
  message: string;
  /** `PUBLIC_URL/t/<code>`: the recipient's own link to the featured product; null without a product. */
  productLink: string | null;
  /** `PUBLIC_URL/u/<code>`: stops that seller's texts (or all offers) without signing in. */
  optOutLink: string;
  /**
   * [I30] "Reply BUY to get it for $x delivered to <suburb>" (reply-offers.ts replyToBuyLine), for a member
   * who can buy by reply: it takes the product link's place.
   */
  replyToBuy?: string | null;
}

/**
 * [I29] Every marketing text starts with the seller's name, carries the product's personal short link and
 * ends with the opt-out line (Spam Act 2003: identify the sender, a working unsubscribe). The composer's
 * counter and preview use the same function with sample links of the same length.
 */
export function campaignText(parts: CampaignTextParts): string {
  const lines = [`${parts.sellerName}: ${parts.message.trim()}`];
  if (parts.replyToBuy) lines.push(parts.replyToBuy);
  else if (parts.productLink) lines.push(parts.productLink);
  lines.push(`Opt out: ${parts.optOutLink}`);
  return lines.join('\n');
}

/** Links of the real length for the composer's counter and preview (the server gives each recipient its own). */
export function sampleCampaignLinks(publicUrl: string): { productLink: string; optOutLink: string } {
  const base = publicUrl.replace(/\/$/, '');
  const code = 'x'.repeat(SHORT_CODE_LENGTH);
  return { productLink: `${base}/t/${code}`, optOutLink: `${base}/u/${code}` };
}

// ---------------------------------------------------------------- what the server answers

/** [I29] The clear 4xx messages of the campaign routes (one place for every screen that shows them). */
export const CAMPAIGN_ERRORS = {
  notFound: 'That campaign was not found.',
  productNotFound: 'That product is not one of this seller’s.',
  sellerRequired: 'Choose the seller this campaign is from.',
  sellerNotFound: 'That seller was not found.',
  notEditable: 'Only a draft, or a campaign an operator refused, can be changed.',
  notSendable: 'This campaign was already sent or scheduled.',
  scheduleInPast: 'Choose a time in the future.',
  badZone: 'Choose one of the Australian time zones.',
  notInReview: 'This campaign is not waiting for approval.',
  notPausable: 'Only a campaign being sent can be paused.',
  notResumable: 'Only a paused campaign can be resumed.',
  notCancellable: 'This campaign can no longer be cancelled.',
  noMobile: 'Your staff account has no mobile to text.',
  // [I30] A reply-to-buy campaign sells one item.
  replyToBuyNoProduct: 'Reply to buy needs a product: choose the one item the reply buys.',
  replyToBuyChooseVariant:
    'Reply to buy sells one item: choose the size or colour (the variant) the reply buys.',
  replyToBuyVariantNotFound: 'That variant is not one of this product’s.',
  replyToBuyNotSellable: 'Reply to buy needs a product that is on sale (this one is switched off).',
  replyToBuyGiftCard: 'A gift card cannot be bought by reply.',
  replyToBuyOverLimit: (max: string) =>
    `This item costs more than ${max}, the most one order bought by reply may cost.`,
} as const;
