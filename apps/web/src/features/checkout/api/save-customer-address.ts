// 'Save Address' at checkout [CHK-12]: PUT customers/me with the member's address book plus the new
// address (Magento replaces the list, so every address that stays is sent back with its id). Answers
// the saved address, or null when the account could not take it: the order then uses the address
// as typed (shipping-information accepts a full address).
import type { AddressWire } from '@quokka/contract/api/address';
import type { CartCustomer } from '@quokka/contract/api/cart';
import { customerSchema, type PutCustomerRequest } from '@quokka/contract/api/customer';
import { apiFetch } from '../../../lib/api-client';

export async function saveCustomerAddress(
  customer: CartCustomer,
  address: AddressWire,
): Promise<AddressWire | null> {
  const before = new Set(customer.addresses.map((entry) => entry.id));
  const body: PutCustomerRequest = {
    customer: {
      email: customer.email,
      firstname: customer.firstname,
      lastname: customer.lastname,
      addresses: [...customer.addresses, { ...address, save_in_address_book: 1 }],
    },
  };
  try {
    const reply = await apiFetch('/rest/default/V1/customers/me', {
      schema: customerSchema,
      method: 'PUT',
      auth: true,
      silent: true,
      body,
    });
    return reply.addresses.find((entry) => entry.id !== undefined && !before.has(entry.id)) ?? null;
  } catch {
    return null;
  }
}
