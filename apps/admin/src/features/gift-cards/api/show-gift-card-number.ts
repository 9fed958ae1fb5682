// POST /admin/api/gift-cards/:id/number: one card's whole number; the server asks for the passkey and
// audits it.
import { giftCardNumberReplySchema } from '@quokka/contract/api/admin';
import type { ApiClient } from '../../../lib/api-client';

export function showGiftCardNumber(api: ApiClient, giftCardId: number) {
  return api(`/gift-cards/${giftCardId}/number`, {
    method: 'POST',
    body: {},
    schema: giftCardNumberReplySchema,
  });
}
