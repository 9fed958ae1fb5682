// Gift card details as the server answers them (SPEC.md §3 "Gift card details" [DATA-42]; the server's
// own types are in apps/server/src/modules/giftcards/giftcards-wire.ts, docs/gift-cards.md shows one).

/** Where a card is on its way: being filled in, then the delivery's states. */
export type GiftCardStatus = 'draft' | 'queued' | 'sending' | 'sent' | 'failed';

/** [DATA-42] */
export interface GiftCardDetails {
  id: number;
  cart_id: number;
  cart_item_id: number | null;
  product_id: number;
  configurable_product_sku: string;
  gift_card_no: string;
  recipient_firstname: string;
  recipient_lastname: string;
  /** E.164 */
  recipient_mobile: string;
  recipient_message: string;
  /** E.164 */
  purchaser_mobile: string;
  mms_template_id: number | null;
  mms_template_url: string | null;
  pass_id: string | null;
  /** 'YYYY-MM-DD HH:mm:ss' on the clock of delivery_timezone; null until scheduled. */
  scheduled_delivery: string | null;
  delivery_timezone: string | null;
  /** 'YYYY-MM-DD HH:mm:ss' on the clock of delivery_timezone: 3 years from the send [CONST-26]. */
  valid_until: string | null;
  /** The card's value in dollars. */
  amount?: number;
  product_name?: string;
  order_id?: number | null;
  status?: GiftCardStatus;
}

/** Most gift card calls answer `{status, data: card}`. */
export interface GiftCardReply {
  status: boolean;
  data: GiftCardDetails;
}

/** The recipient form's values, named as the details carry them. */
export interface RecipientValues {
  recipient_firstname: string;
  recipient_lastname: string;
  recipient_mobile: string;
  recipient_message: string;
  purchaser_mobile: string;
}

/** [CHKF-05..07] A card that can be ordered has a send time, its validity and a picture. */
export function isGiftCardComplete(card: GiftCardDetails): boolean {
  return Boolean(card.scheduled_delivery) && Boolean(card.valid_until) && card.mms_template_id !== null;
}
