// POST /admin/api/gift-cards/:id/reschedule: a card not yet sent goes at another time (wall clock in its zone).
import {
  type AdminGiftCard,
  adminGiftCardReplySchema,
  type rescheduleGiftCardBodySchema,
} from '@quokka/contract/api/admin';
import type { input } from 'zod';
import type { ApiClient } from '../../../lib/api-client';

export type RescheduleGiftCardBody = input<typeof rescheduleGiftCardBodySchema>;

export function rescheduleGiftCard(
  api: ApiClient,
  giftCardId: number,
  body: RescheduleGiftCardBody,
): Promise<AdminGiftCard> {
  return api(`/gift-cards/${giftCardId}/reschedule`, {
    method: 'POST',
    body,
    schema: adminGiftCardReplySchema,
  });
}
