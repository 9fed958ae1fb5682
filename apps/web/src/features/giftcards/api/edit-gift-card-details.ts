// POST {ns}/editgiftcarddetails {gift_card_details_id, data} [API-38]: `data` is the JSON text of the
// form values; the reply's status, input_validation and data are what the form uses.
import type { InputValidation } from '../../../lib/api-client';
import { apiFetch, nsPath } from '../../../lib/api-client';
import type { GiftCardDetails, RecipientValues } from './gift-card-wire';

export interface EditGiftCardReply {
  status: boolean;
  input_validation?: InputValidation;
  data?: GiftCardDetails;
}

export function editGiftCardDetails(id: number, values: RecipientValues): Promise<EditGiftCardReply> {
  return apiFetch<EditGiftCardReply>(nsPath('editgiftcarddetails'), {
    method: 'POST',
    auth: true,
    body: { gift_card_details_id: id, data: JSON.stringify(values) },
  });
}
