// Shipping estimates for the chosen address [API-25, API-26]: a saved address by id, a new one in full.
// Checkout takes the cheapest [SHIP-01].
import type { AddressWire } from '@quokka/contract/api/address';
import {
  type estimateBody,
  type estimateByAddressIdBody,
  estimateReplySchema,
  type ShippingMethod,
} from '@quokka/contract/api/checkout';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { CARTS_MINE } from '../../cart/public';

export function estimateShippingByAddressId(addressId: number): Promise<ShippingMethod[]> {
  const body: z.input<typeof estimateByAddressIdBody> = { addressId, address_id: addressId };
  return apiFetch(`${CARTS_MINE}/estimate-shipping-methods-by-address-id`, {
    schema: estimateReplySchema,
    method: 'POST',
    auth: true,
    body,
  });
}

export function estimateShippingForAddress(address: AddressWire): Promise<ShippingMethod[]> {
  const body: z.input<typeof estimateBody> = { address };
  return apiFetch(`${CARTS_MINE}/estimate-shipping-methods`, {
    schema: estimateReplySchema,
    method: 'POST',
    auth: true,
    body,
  });
}
