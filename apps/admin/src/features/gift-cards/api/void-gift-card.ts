// POST /admin/api/gift-cards/:id/void: the card can no longer be spent and the purchaser gets back what is left on it; asks for the passkey.
import {
  type AdminGiftCard,
  adminGiftCardReplySchema,
  type voidGiftCardBodySchema,
} from '@quokka/contract/api/admin';
import type { input } from 'zod';
import type { ApiClient } from '../../../lib/api-client';

export type VoidGiftCardBody = input<typeof voidGiftCardBodySchema>;

export function voidGiftCard(
  api: ApiClient,
  giftCardId: number,
  body: VoidGiftCardBody,
): Promise<AdminGiftCard> {
  return api(`/gift-cards/${giftCardId}/void`, { method: 'POST', body, schema: adminGiftCardReplySchema });
}
