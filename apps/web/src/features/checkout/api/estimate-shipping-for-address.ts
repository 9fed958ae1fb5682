// POST carts/mine/estimate-shipping-methods [API-26]: the methods for a new address, sent in full.
// Checkout takes the cheapest [SHIP-01].
import type { AddressWire } from '@quokka/contract/api/address';
import {
  type EstimateRequest,
  estimateReplySchema,
  type ShippingMethod,
} from '@quokka/contract/api/checkout';
import { apiFetch } from '../../../lib/api-client';
import { CARTS_MINE } from '../../cart/public';

export function estimateShippingForAddress(address: AddressWire): Promise<ShippingMethod[]> {
  const body: EstimateRequest = { address };
  return apiFetch(`${CARTS_MINE}/estimate-shipping-methods`, {
    schema: estimateReplySchema,
    method: 'POST',
    auth: true,
    body,
  });
}
