// POST /admin/api/gift-cards/:id/resend: send the card again, to the same or a corrected number (a corrected one asks for the passkey), once per request key.
import {
  type AdminGiftCard,
  adminGiftCardReplySchema,
  type resendGiftCardBodySchema,
} from '@quokka/contract/api/admin';
import type { input } from 'zod';
import type { ApiClient } from '../../../lib/api-client';

export type ResendGiftCardBody = input<typeof resendGiftCardBodySchema>;

export function resendGiftCard(
  api: ApiClient,
  giftCardId: number,
  body: ResendGiftCardBody,
): Promise<AdminGiftCard> {
  return api(`/gift-cards/${giftCardId}/resend`, { method: 'POST', body, schema: adminGiftCardReplySchema });
}
