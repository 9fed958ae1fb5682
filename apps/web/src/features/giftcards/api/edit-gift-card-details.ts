// POST {ns}/editgiftcarddetails {gift_card_details_id, data} [API-38]: `data` is the JSON text of the
// form values; the reply's status, input_validation and data are what the form uses.
import {
  type EditDetailsRequest,
  type EditGiftCardReply,
  editGiftCardReplySchema,
} from '@quokka/contract/api/giftcards';
import { apiFetch, nsPath } from '../../../lib/api-client';

/** The recipient form's values, named as the details carry them. */
export interface RecipientValues {
  recipient_firstname: string;
  recipient_lastname: string;
  recipient_mobile: string;
  recipient_message: string;
  purchaser_mobile: string;
}

export function editGiftCardDetails(id: number, values: RecipientValues): Promise<EditGiftCardReply> {
  const body: EditDetailsRequest = { gift_card_details_id: id, data: JSON.stringify(values) };
  return apiFetch(nsPath('editgiftcarddetails'), {
    schema: editGiftCardReplySchema,
    method: 'POST',
    auth: true,
    body,
  });
}
