// The replies of the gift card calls; the card itself is the contract's GiftCardDetails [DATA-42].

import type { GiftCardDetails } from '@quokka/contract/api/giftcards';

export type { GiftCardDetails, GiftCardStatus } from '@quokka/contract/api/giftcards';

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
