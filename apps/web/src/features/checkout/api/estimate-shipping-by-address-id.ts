// POST carts/mine/estimate-shipping-methods-by-address-id [API-25]: the methods for a saved address.
// Checkout takes the cheapest [SHIP-01].
import {
  type EstimateByAddressIdRequest,
  estimateReplySchema,
  type ShippingMethod,
} from '@quokka/contract/api/checkout';
import { apiFetch } from '../../../lib/api-client';
import { CARTS_MINE } from '../../cart/public';

export function estimateShippingByAddressId(addressId: number): Promise<ShippingMethod[]> {
  // Both spellings, as Magento clients send them.
  const body: EstimateByAddressIdRequest = { addressId, address_id: addressId };
  return apiFetch(`${CARTS_MINE}/estimate-shipping-methods-by-address-id`, {
    schema: estimateReplySchema,
    method: 'POST',
    auth: true,
    body,
  });
}
