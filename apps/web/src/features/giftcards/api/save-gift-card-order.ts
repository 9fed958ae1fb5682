// POST {ns}/savegiftcardorderbycart {r_token, cart_id, order_id} [API-44]: after payment the cart's cards
// go to the paid order and into the delivery queue. Silent: its failure is the 'Error Processing'
// popup of Confirm Purchase [ERR-10], not the shell's 'Unexpected Error'.
import { type OrderLinkReply, type orderBody, orderLinkReplySchema } from '@quokka/contract/api/giftcards';
import type { z } from 'zod';
import { apiFetch, nsPath } from '../../../lib/api-client';

export function saveGiftCardOrderByCart(request: {
  r_token: string;
  cart_id: number;
  order_id: string;
}): Promise<OrderLinkReply> {
  const body: z.input<typeof orderBody> = request;
  return apiFetch(nsPath('savegiftcardorderbycart'), {
    schema: orderLinkReplySchema,
    method: 'POST',
    auth: true,
    body,
    silent: true,
  });
}
