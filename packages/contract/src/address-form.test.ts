import { describe, expect, it } from 'vitest';
import { addressInputFromWire, toAddressWire } from './address-form.ts';
import { type AddressWire, addressWireSchema } from './api/address.ts';
import type { AddressInput } from './validate-address.ts';

const anAddress = (overrides: Partial<AddressInput> = {}): AddressInput => ({
  mobile: '0412 345 678',
  fullname: '  Jane   van Dyke ',
  street_address: ' 1 George Street ',
  suburb: 'Sydney',
  state: 'nsw',
  country: 'AU',
  postcode: '2000',
  ...overrides,
});

describe('toAddressWire', () => {
  it('[VAL-22] [VAL-23] [VAL-30] [DATA-36] [DATA-37] [API-18] builds the backend address of a form', () => {
    expect(toAddressWire(anAddress(), { default_shipping: true, default_billing: false })).toEqual({
      firstname: 'Jane',
      lastname: 'van Dyke',
      telephone: '+61412345678',
      street: ['1 George Street'],
      city: 'Sydney',
      postcode: '2000',
      region: { region: 'New South Wales', region_code: 'NSW', region_id: 570 },
      region_id: 570,
      country_id: 'AU',
      default_shipping: true,
      default_billing: false,
    });
  });

  it('[VAL-30] the country is AU whatever the form held', () => {
    expect(toAddressWire(anAddress({ country: 'Australia' })).country_id).toBe('AU');
  });

  it('[ERR-14] a state that names no region leaves the region out instead of throwing', () => {
    const wire = toAddressWire(anAddress({ state: 'Enter State' }));
    expect(wire.region).toBeUndefined();
    expect(wire.region_id).toBeUndefined();
    expect(addressWireSchema.safeParse(wire).success).toBe(true);
  });

  it('[DATA-38] the result passes the address schema', () => {
    expect(addressWireSchema.parse(toAddressWire(anAddress()))).toBeTruthy();
  });
});

describe('addressInputFromWire', () => {
  const stored: AddressWire = {
    id: 12,
    customer_id: 3,
    firstname: 'Jane',
    lastname: 'van Dyke',
    telephone: '+61412345678',
    street: ['1 George Street', 'Level 2'],
    city: 'Sydney',
    postcode: '2000',
    region: { region: 'Victoria', region_code: 'VIC', region_id: 571 },
    region_id: 571,
    country_id: 'AU',
    default_shipping: true,
  };

  it('[DATA-36] [DATA-37] fills the edit form, first street line only', () => {
    expect(addressInputFromWire(stored)).toEqual({
      mobile: '+61412345678',
      fullname: 'Jane van Dyke',
      street_address: '1 George Street',
      suburb: 'Sydney',
      state: 'VIC',
      country: 'AU',
      postcode: '2000',
    });
  });

  it('[DATA-37] falls back to the top-level region_id, and to no state when none is known', () => {
    const { region: _region, ...withoutRegion } = stored;
    expect(addressInputFromWire({ ...withoutRegion, region_id: 576 }).state).toBe('NT');
    expect(addressInputFromWire({ ...withoutRegion, region_id: 1 }).state).toBe('');
  });
});
