// POST {ns}/savegiftcardorderbycart {r_token, cart_id, order_id} [API-44]: after payment the cart's cards
// go to the paid order and into the delivery queue. Silent: its failure is the 'Error Processing'
// popup of Confirm Purchase [ERR-10], not the shell's 'Unexpected Error'.
import { apiFetch, nsPath } from '../../../lib/api-client';
import type { GiftCardDetails } from './gift-card-wire';

export interface GiftCardOrderReply {
  status: boolean;
  order_id?: string;
  data?: GiftCardDetails[];
}

export function saveGiftCardOrderByCart(request: {
  r_token: string;
  cart_id: number;
  order_id: string;
}): Promise<GiftCardOrderReply> {
  return apiFetch<GiftCardOrderReply>(nsPath('savegiftcardorderbycart'), {
    method: 'POST',
    auth: true,
    body: request,
    silent: true,
  });
}
