// POST /admin/api/gift-cards/lookup: a card by its 16 digits, as a counter redeems it (value, balance,
// expiry and what was spent).
import {
  type GiftCardLookupBody,
  giftCardLookupReplySchema,
} from '@quokka/contract/api/gift-card-redemption';
import type { ApiClient } from '../../../lib/api-client';

export function lookUpGiftCard(api: ApiClient, body: GiftCardLookupBody) {
  return api('/gift-cards/lookup', { method: 'POST', schema: giftCardLookupReplySchema, body });
}
