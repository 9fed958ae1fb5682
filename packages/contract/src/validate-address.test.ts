import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import {
  type AddressInput,
  addressPartsMissing,
  addressSchema,
  isAustralia,
  isPostcode,
  stateRegion,
  validateAddress,
} from './validate-address.ts';

const anAddress = (overrides: Partial<AddressInput> = {}): AddressInput => ({
  mobile: '0412 345 678',
  fullname: 'Jane van Dyke',
  street_address: '1 George Street',
  suburb: 'Sydney',
  state: 'NSW',
  country: 'AU',
  postcode: '2000',
  ...overrides,
});

describe('validateAddress', () => {
  it('a complete address has no messages', () => {
    expect(validateAddress(anAddress())).toEqual({});
  });

  it.each([
    ['VAL-20', 'a missing mobile', { mobile: '' }, 'mobile', MSG.validMobile],
    ['VAL-20', 'a landline', { mobile: '02 9876 5432' }, 'mobile', MSG.validMobile],
    ['VAL-20', 'a foreign mobile', { mobile: '+44 7700 900123' }, 'mobile', MSG.validMobile],
    ['VAL-21', 'a missing full name', { fullname: '' }, 'fullname', MSG.fullName],
    ['VAL-21', 'a one-word name', { fullname: 'Jane' }, 'fullname', MSG.fullName],
    ['VAL-21', 'a one-word name with spaces', { fullname: '  Jane  ' }, 'fullname', MSG.fullName],
    ['VAL-24', 'a missing street address', { street_address: '' }, 'street_address', MSG.missingStreet],
    ['VAL-24', 'a blank street address', { street_address: '   ' }, 'street_address', MSG.missingStreet],
    ['VAL-25', 'a missing suburb', { suburb: '' }, 'suburb', MSG.missingSuburb],
    ['VAL-26', 'a missing state', { state: '' }, 'state', MSG.missingState],
    ['VAL-26', 'the state placeholder', { state: 'Enter State' }, 'state', MSG.missingState],
    ['VAL-26', 'an unknown state', { state: 'California' }, 'state', MSG.missingState],
    ['VAL-27', 'a missing country', { country: '' }, 'country', MSG.missingCountry],
    ['VAL-30', 'a country other than AU', { country: 'NZ' }, 'country', MSG.missingCountry],
    ['VAL-28', 'a missing postcode', { postcode: '' }, 'postcode', MSG.missingPostcode],
    ['VAL-28', 'a postcode of 3 digits', { postcode: '200' }, 'postcode', MSG.missingPostcode],
    ['VAL-28', 'a postcode with letters', { postcode: '20OO' }, 'postcode', MSG.missingPostcode],
  ] as const)('[%s] %s shows its message', (_id, _label, overrides, field, message) => {
    expect(validateAddress(anAddress(overrides))).toEqual({ [field]: message });
  });

  it('[VAL-20] [VAL-21] [VAL-24] [VAL-25] [VAL-26] [VAL-27] [VAL-28] an empty form shows every message, in form order', () => {
    const errors = validateAddress({});
    expect(errors).toEqual({
      mobile: MSG.validMobile,
      fullname: MSG.fullName,
      street_address: MSG.missingStreet,
      suburb: MSG.missingSuburb,
      state: MSG.missingState,
      country: MSG.missingCountry,
      postcode: MSG.missingPostcode,
    });
    expect(Object.keys(errors)).toEqual([
      'mobile',
      'fullname',
      'street_address',
      'suburb',
      'state',
      'country',
      'postcode',
    ]);
  });

  it('[VAL-26] accepts the state as a code, a name or a region id', () => {
    expect(validateAddress(anAddress({ state: 'vic' }))).toEqual({});
    expect(validateAddress(anAddress({ state: 'Victoria' }))).toEqual({});
    expect(validateAddress(anAddress({ state: '571' }))).toEqual({});
    expect(stateRegion('Enter State')).toBeUndefined();
    expect(stateRegion(' enter state ')).toBeUndefined();
    expect(stateRegion('QLD')?.id).toBe(572);
  });

  it('[VAL-30] [CONST-21] the only country is Australia', () => {
    expect(isAustralia('AU')).toBe(true);
    expect(isAustralia(' au ')).toBe(true);
    expect(isAustralia('Australia')).toBe(true);
    expect(isAustralia('NZ')).toBe(false);
    expect(isAustralia('AUS')).toBe(false);
    expect(isAustralia(undefined)).toBe(false);
  });

  it('[VAL-28] postcodes have four digits', () => {
    expect(isPostcode('0800')).toBe(true);
    expect(isPostcode(' 2000 ')).toBe(true);
    expect(isPostcode('20000')).toBe(false);
    expect(isPostcode(null)).toBe(false);
  });
});

describe('addressPartsMissing', () => {
  it.each([
    ['street_address', MSG.missingStreet],
    ['suburb', MSG.missingSuburb],
    ['state', MSG.missingState],
    ['country', MSG.missingCountry],
    ['postcode', MSG.missingPostcode],
  ])('[VAL-13] [VAL-29] a missing %s reveals the manual fields', (field, message) => {
    expect(addressPartsMissing({ [field]: message })).toBe(true);
  });

  it('[VAL-13] [VAL-29] mobile or name errors alone keep the manual fields hidden', () => {
    expect(addressPartsMissing({ mobile: MSG.validMobile, fullname: MSG.fullName })).toBe(false);
    expect(addressPartsMissing({})).toBe(false);
  });

  it('[VAL-29] works on what validateAddress returns', () => {
    expect(addressPartsMissing(validateAddress(anAddress({ postcode: '' })))).toBe(true);
    expect(addressPartsMissing(validateAddress(anAddress({ fullname: 'Jane' })))).toBe(false);
  });
});

describe('addressSchema', () => {
  it('[VAL-20..28] reports the same messages as zod issues at each field', () => {
    const result = addressSchema.safeParse(anAddress({ fullname: 'Jane', state: 'Enter State' }));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['fullname', MSG.fullName],
      ['state', MSG.missingState],
    ]);
  });

  it('accepts a valid address unchanged', () => {
    expect(addressSchema.parse(anAddress())).toEqual(anAddress());
  });
});
