// 'Save Address' at checkout [CHK-12]: PUT customers/me with the member's address book plus the new
// address (Magento replaces the list, so every address that stays is sent back with its id). Answers
// the saved address, or null when the account could not take it: the order then uses the address
// as typed (shipping-information accepts a full address).
import { apiFetch } from '../../../lib/api-client';
import type { AddressWire, CartCustomerWire } from '../../cart/api/cart-wire';

export async function saveCustomerAddress(
  customer: CartCustomerWire,
  address: AddressWire,
): Promise<AddressWire | null> {
  const before = new Set(customer.addresses.map((entry) => entry.id));
  try {
    const reply = await apiFetch<{ addresses?: AddressWire[] } | null>('/rest/default/V1/customers/me', {
      method: 'PUT',
      auth: true,
      silent: true,
      body: {
        customer: {
          email: customer.email,
          firstname: customer.firstname,
          lastname: customer.lastname,
          addresses: [...customer.addresses, { ...address, save_in_address_book: 1 }],
        },
      },
    });
    return reply?.addresses?.find((entry) => entry.id !== undefined && !before.has(entry.id)) ?? null;
  } catch {
    return null;
  }
}
