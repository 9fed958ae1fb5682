// POST carts/mine/estimate-shipping-methods [API-26]: the methods for a new address, sent in full.
// Checkout takes the cheapest [SHIP-01].
import type { AddressWire } from '@quokka/contract/api/address';
import { type estimateBody, estimateReplySchema, type ShippingMethod } from '@quokka/contract/api/checkout';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { CARTS_MINE } from '../../cart/public';

export function estimateShippingForAddress(address: AddressWire): Promise<ShippingMethod[]> {
  const body: z.input<typeof estimateBody> = { address };
  return apiFetch(`${CARTS_MINE}/estimate-shipping-methods`, {
    schema: estimateReplySchema,
    method: 'POST',
    auth: true,
    body,
  });
}
