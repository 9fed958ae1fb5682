// Test data shared by every feature's tests: one small factory per shape, each a valid contract value
// with the fields a test cares about passed as overrides.
import type { AddressWire } from '@quokka/contract/api/address';

/** A saved address of the member (Magento's wire address), in Sydney unless told otherwise. */
export function anAddress(overrides: Partial<AddressWire> = {}): AddressWire {
  return {
    id: 11,
    customer_id: 7,
    firstname: 'Jane',
    lastname: 'Citizen',
    telephone: '+61412345678',
    street: ['1 Harbour St'],
    city: 'Sydney',
    postcode: '2000',
    region: { region: 'New South Wales', region_code: 'NSW', region_id: 570 },
    region_id: 570,
    country_id: 'AU',
    ...overrides,
  };
}
