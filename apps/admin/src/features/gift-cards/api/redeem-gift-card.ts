// POST /admin/api/gift-cards/redeem: spend all or part of a card in store, once per idempotency key (a retry
// after a lost answer cannot spend twice); asks for the passkey when the last check is older than 5 minutes.
import {
  type RedeemGiftCardBody,
  redeemGiftCardReplySchema,
} from '@quokka/contract/api/gift-card-redemption';
import type { ApiClient } from '../../../lib/api-client';

export function redeemGiftCard(api: ApiClient, body: RedeemGiftCardBody) {
  return api('/gift-cards/redeem', { method: 'POST', schema: redeemGiftCardReplySchema, body });
}
