// Gift card details as every gift card call answers them (SPEC.md §3 "Gift card details"; DECISIONS.md
// "Gift cards"). Written once: the server builds them, the web app reads them.

/** Where a card is on its way: not yet ordered, then the delivery's states (docs/gift-cards.md). */
export type GiftCardStatus = 'draft' | 'queued' | 'sending' | 'sent' | 'failed';

/** [DATA-42] Gift card details as every call answers them. */
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
  /** 'YYYY-MM-DD HH:mm:ss' on the clock of delivery_timezone, or null until scheduled. */
  scheduled_delivery: string | null;
  delivery_timezone: string | null;
  /** 'YYYY-MM-DD HH:mm:ss' on the clock of delivery_timezone: 3 years from the send. */
  valid_until: string | null;
  /** The card's value in dollars. */
  amount: number;
  product_name: string;
  order_id: number | null;
  status: GiftCardStatus;
  /** ISO instant of the picture message, once sent. */
  sent_at: string | null;
}
