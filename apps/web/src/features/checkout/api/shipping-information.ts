// POST /rest/au/V1/carts/mine/shipping-information {addressInformation} [API-27, API-28]: the 'au'
// store segment, exactly as SPEC.md lists the path. Saves the address and method on the cart.
import { apiFetch } from '../../../lib/api-client';
import type { AddressWire, ShippingMethodWire } from '../../cart/api/cart-wire';

export const SHIPPING_INFORMATION_PATH = '/rest/au/V1/carts/mine/shipping-information';

export interface ShippingInformationReply {
  payment_methods?: { code: string; title: string }[];
  totals?: { grand_total: number; shipping_amount: number; subtotal: number };
}

export function saveShippingInformation(
  address: AddressWire,
  method: ShippingMethodWire | null,
): Promise<ShippingInformationReply> {
  return apiFetch<ShippingInformationReply>(SHIPPING_INFORMATION_PATH, {
    method: 'POST',
    auth: true,
    body: {
      addressInformation: {
        shipping_address: address,
        billing_address: address,
        ...(method
          ? { shipping_carrier_code: method.carrier_code, shipping_method_code: method.method_code }
          : {}),
      },
    },
  });
}
