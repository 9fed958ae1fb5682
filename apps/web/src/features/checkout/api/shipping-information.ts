// POST /rest/au/V1/carts/mine/shipping-information {addressInformation} [API-27, API-28]: the 'au'
// store segment, exactly as SPEC.md lists the path. Saves the address and method on the cart.
import type { AddressWire } from '@quokka/contract/api/address';
import {
  type ShippingInformationReply,
  type ShippingInformationRequest,
  type ShippingMethod,
  shippingInformationReplySchema,
} from '@quokka/contract/api/checkout';
import { apiFetch } from '../../../lib/api-client';

export const SHIPPING_INFORMATION_PATH = '/rest/au/V1/carts/mine/shipping-information';

export function saveShippingInformation(
  address: AddressWire,
  method: Pick<ShippingMethod, 'carrier_code' | 'method_code'> | null,
): Promise<ShippingInformationReply> {
  const body: ShippingInformationRequest = {
    addressInformation: {
      shipping_address: address,
      billing_address: address,
      ...(method
        ? { shipping_carrier_code: method.carrier_code, shipping_method_code: method.method_code }
        : {}),
    },
  };
  return apiFetch(SHIPPING_INFORMATION_PATH, {
    schema: shippingInformationReplySchema,
    method: 'POST',
    auth: true,
    body,
  });
}
