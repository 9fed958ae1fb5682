// 'Save Address' at checkout [CHK-12]: the member's address book plus the new address, put through the
// account's one customers/me call [API-31] (Magento replaces the list, so every address that stays is
// sent back with its id). Answers the saved address, or null when the account could not take it: the
// order then uses the address as typed (shipping-information accepts a full address), so the call is
// silent.
import type { AddressWire } from '@quokka/contract/api/address';
import type { CartCustomer } from '@quokka/contract/api/cart';
import { saveAddresses } from '../../account/public';

export async function saveCustomerAddress(
  customer: CartCustomer,
  address: AddressWire,
): Promise<AddressWire | null> {
  const before = new Set(customer.addresses.map((entry) => entry.id));
  try {
    const reply = await saveAddresses(
      customer,
      [...customer.addresses, { ...address, save_in_address_book: 1 }],
      { silent: true },
    );
    // The new address is the one whose id the book did not have before.
    return reply.addresses.find((entry) => entry.id !== undefined && !before.has(entry.id)) ?? null;
  } catch {
    return null;
  }
}
