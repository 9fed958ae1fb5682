// The gift card calls (SPEC.md §7 "Gift cards"; DECISIONS.md "Wire", "Gift cards"): what they accept and
// what they answer. Ids may arrive as numbers or as strings of digits (route parameters of the web app);
// `data` may arrive as an object or as JSON text of the form values. docs/gift-cards.md shows every call
// with an example.

import { z } from 'zod';
import { MOBILE_MAX, NAME_MAX } from '../input-limits.ts';
import { multilineText, text } from './common.ts';

const MAX_ID = 2_147_483_647;

// ---- Requests ----------------------------------------------------------------------------------------

/** A positive integer id, given as a number or as a string of digits. */
export const idField = z.union([
  z.number().int().positive().max(MAX_ID),
  z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, 'must be a positive whole number')
    .transform(Number)
    .pipe(z.number().int().positive().max(MAX_ID)),
]);

/** JSON text is parsed first, so `data` can be sent either way. */
const jsonTextOrObject = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, schema);

// Recipient fields may be missing or empty: the §5 rules answer those with their own messages.
const formText = (field: z.ZodType<string>) =>
  z.union([field, z.number().transform(String), z.null()]).optional();

export const recipientValues = z.object({
  recipient_firstname: formText(text(NAME_MAX)),
  recipient_lastname: formText(text(NAME_MAX)),
  recipient_mobile: formText(text(MOBILE_MAX)),
  // Above the one-SMS limit, so a message a little too long gets the §5 message, not a schema error.
  recipient_message: formText(multilineText(1000)),
  purchaser_mobile: formText(text(MOBILE_MAX)),
});
export type RecipientValues = z.infer<typeof recipientValues>;

/** [API-37] POST {ns}/savegiftcarddetails `{data}` */
export const saveDetailsBody = z.object({
  data: jsonTextOrObject(
    recipientValues.extend({
      cart_id: idField,
      cart_item_id: idField.nullish(),
      product_id: idField,
      configurable_product_sku: text(200).trim().min(1, 'is required'),
    }),
  ),
});
export type SaveDetailsData = z.infer<typeof saveDetailsBody>['data'];
export type SaveDetailsRequest = z.input<typeof saveDetailsBody>;

/** [API-38] POST {ns}/editgiftcarddetails `{gift_card_details_id, data}` (data: JSON text of the form values) */
export const editDetailsBody = z.object({
  gift_card_details_id: idField,
  data: jsonTextOrObject(recipientValues),
});
export type EditDetailsRequest = z.input<typeof editDetailsBody>;

/**
 * [API-39] POST {ns}/deletegiftcarddetailsbycartitemid `{cart_id, cart_item_id}`: every card of that cart
 * item, or with `gift_card_details_id` only that one (one surplus card of a line of several).
 */
export const deleteByCartItemBody = z.object({
  cart_id: idField,
  cart_item_id: idField,
  gift_card_details_id: idField.optional(),
});

/** [API-40] POST {ns}/savegiftcardscheduleddate */
export const scheduleBody = z.object({
  gift_card_details_id: idField,
  scheduled_delivery: text(40),
  delivery_timezone: text(64),
});

/** [API-41] GET {ns}/getgiftcarddetailsbyid?gift_card_details_id */
export const detailsByIdQuery = z.object({ gift_card_details_id: idField });

/** [API-42] GET {ns}/getgiftcarddetailsbycart?cart_id */
export const detailsByCartQuery = z.object({ cart_id: idField });

/** [API-43] POST {ns}/savegiftcardmmstemplate: the template id under mms_template_id, template_id or both. */
export const templateBody = z.object({
  gift_card_details_id: idField,
  mms_template_id: idField.optional(),
  template_id: idField.optional(),
});

/**
 * [API-44] POST {ns}/savegiftcardorderbycart `{r_token, cart_id, order_id}`. order_id is the id
 * payment-information answered, or the increment id checkoutsuccess answered.
 */
export const orderBody = z.object({
  r_token: text(4000).optional(),
  cart_id: idField,
  order_id: z
    .union([
      z.number().int().positive(),
      z
        .string()
        .trim()
        .regex(/^\d{1,10}$/),
    ])
    .transform(String),
});

/**
 * POST {ns}/reconcilegiftcardsbycart `{cart_id, items?}` (SPEC.md §4 Checkout: "gift card details are
 * reconciled with cart quantities"): `items` are the quantities per child sku the web cart holds; without
 * them the server cart's lines count.
 */
export const reconcileBody = z.object({
  cart_id: idField,
  items: z
    .array(
      z.object({
        sku: text(200).trim().min(1),
        qty: z.number().int().min(0).max(10_000),
        item_id: idField.nullish(),
      }),
    )
    .max(500)
    .optional(),
});
export type ReconcileRequest = z.input<typeof reconcileBody>;

// ---- Replies -----------------------------------------------------------------------------------------

/** Where a card is on its way: not yet ordered, then the delivery's states (docs/gift-cards.md). */
export const giftCardStatusSchema = z.enum(['draft', 'queued', 'sending', 'sent', 'failed']);
export type GiftCardStatus = z.infer<typeof giftCardStatusSchema>;

/** [DATA-42] Gift card details as every call answers them (SPEC.md §3 "Gift card details"). */
export const giftCardDetailsSchema = z
  .object({
    id: z.number(),
    cart_id: z.number(),
    cart_item_id: z.number().nullable(),
    product_id: z.number(),
    configurable_product_sku: z.string(),
    gift_card_no: z.string(),
    recipient_firstname: z.string(),
    recipient_lastname: z.string(),
    /** E.164 */
    recipient_mobile: z.string(),
    recipient_message: z.string(),
    /** E.164 */
    purchaser_mobile: z.string(),
    mms_template_id: z.number().nullable(),
    mms_template_url: z.string().nullable(),
    pass_id: z.string().nullable(),
    /** 'YYYY-MM-DD HH:mm:ss' on the clock of delivery_timezone, or null until scheduled. */
    scheduled_delivery: z.string().nullable(),
    delivery_timezone: z.string().nullable(),
    /** 'YYYY-MM-DD HH:mm:ss' on the clock of delivery_timezone: 3 years from the send. */
    valid_until: z.string().nullable(),
    /** The card's value in dollars. */
    amount: z.number(),
    product_name: z.string(),
    order_id: z.number().nullable(),
    status: giftCardStatusSchema,
    /** ISO instant of the picture message, once sent. */
    sent_at: z.string().nullable(),
  })
  .meta({ id: 'GiftCardDetails' });
export type GiftCardDetails = z.infer<typeof giftCardDetailsSchema>;

/** savegiftcarddetails, savegiftcardscheduleddate, getgiftcarddetailsbyid, savegiftcardmmstemplate */
export const giftCardReplySchema = z.object({ status: z.literal(true), data: giftCardDetailsSchema });
export type GiftCardReply = z.infer<typeof giftCardReplySchema>;

/** [API-38] editgiftcarddetails: the form reads status, input_validation (empty) and data. */
export const editGiftCardReplySchema = giftCardReplySchema.extend({
  input_validation: z.record(z.string(), z.array(z.string())),
});
export type EditGiftCardReply = z.infer<typeof editGiftCardReplySchema>;

/** [API-39] How many cards were deleted. */
export const deleteGiftCardsReplySchema = z.object({ status: z.literal(true), deleted: z.number() });
export type DeleteGiftCardsReply = z.infer<typeof deleteGiftCardsReplySchema>;

/** [API-42] getgiftcarddetailsbycart */
export const giftCardListReplySchema = z.object({
  status: z.literal(true),
  data: z.array(giftCardDetailsSchema),
});
export type GiftCardListReply = z.infer<typeof giftCardListReplySchema>;

/** reconcilegiftcardsbycart */
export const reconcileReplySchema = z.object({
  status: z.literal(true),
  data: z.array(giftCardDetailsSchema),
  /** Ids of the surplus cards deleted. */
  removed: z.array(z.number()),
  /** Cart lines with more gift cards bought than addressed. */
  missing: z.array(
    z.object({
      configurable_product_sku: z.string(),
      cart_item_id: z.number().nullable(),
      count: z.number(),
    }),
  ),
});
export type ReconcileReply = z.infer<typeof reconcileReplySchema>;

/** [API-44] savegiftcardorderbycart: the cards linked to the order and queued for delivery. */
export const orderLinkReplySchema = z.object({
  status: z.literal(true),
  order_id: z.string(),
  data: z.array(giftCardDetailsSchema),
});
export type OrderLinkReply = z.infer<typeof orderLinkReplySchema>;
