// POST {ns}/savegiftcardmmstemplate {gift_card_details_id, mms_template_id, template_id} [API-43]: the
// chosen picture, under both of the call's template id fields.
import { apiFetch, nsPath } from '../../../lib/api-client';
import type { GiftCardDetails, GiftCardReply } from './gift-card-wire';

export async function saveMmsTemplate(id: number, templateId: number): Promise<GiftCardDetails> {
  const reply = await apiFetch<GiftCardReply>(nsPath('savegiftcardmmstemplate'), {
    method: 'POST',
    auth: true,
    body: { gift_card_details_id: id, mms_template_id: templateId, template_id: templateId },
  });
  return reply.data;
}
