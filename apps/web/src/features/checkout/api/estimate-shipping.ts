// Shipping estimates for the chosen address [API-25, API-26]: a saved address by id, a new one in full.
// Checkout takes the cheapest [SHIP-01].
import { apiFetch } from '../../../lib/api-client';
import { CARTS_MINE } from '../../cart/api/cart-paths';
import type { AddressWire, ShippingMethodWire } from '../../cart/api/cart-wire';

export async function estimateShippingByAddressId(addressId: number): Promise<ShippingMethodWire[]> {
  const reply = await apiFetch<unknown>(`${CARTS_MINE}/estimate-shipping-methods-by-address-id`, {
    method: 'POST',
    auth: true,
    body: { addressId, address_id: addressId },
  });
  return Array.isArray(reply) ? (reply as ShippingMethodWire[]) : [];
}

export async function estimateShippingForAddress(address: AddressWire): Promise<ShippingMethodWire[]> {
  const reply = await apiFetch<unknown>(`${CARTS_MINE}/estimate-shipping-methods`, {
    method: 'POST',
    auth: true,
    body: { address },
  });
  return Array.isArray(reply) ? (reply as ShippingMethodWire[]) : [];
}
