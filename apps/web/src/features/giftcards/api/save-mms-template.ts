// POST {ns}/savegiftcardmmstemplate {gift_card_details_id, mms_template_id, template_id} [API-43]: the
// chosen picture, under both of the call's template id fields.
import { type GiftCardDetails, giftCardReplySchema, type templateBody } from '@quokka/contract/api/giftcards';
import type { z } from 'zod';
import { apiFetch, nsPath } from '../../../lib/api-client';

export async function saveMmsTemplate(id: number, templateId: number): Promise<GiftCardDetails> {
  const body: z.input<typeof templateBody> = {
    gift_card_details_id: id,
    mms_template_id: templateId,
    template_id: templateId,
  };
  const reply = await apiFetch(nsPath('savegiftcardmmstemplate'), {
    schema: giftCardReplySchema,
    method: 'POST',
    auth: true,
    body,
  });
  return reply.data;
}
