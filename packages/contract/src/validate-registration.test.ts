import { describe, expect, it } from 'vitest';
import { toAddressWire } from './address-form.ts';
import { MSG } from './messages.ts';
import {
  type CreateAccountBody,
  createAccountBodySchema,
  isEmail,
  type RegistrationInput,
  registrationInputFromCreateAccount,
  registrationSchema,
  validateCreateAccount,
  validateRegistration,
} from './validate-registration.ts';

const aRegistration = (overrides: Partial<RegistrationInput> = {}): RegistrationInput => ({
  mobile: '+61412345678',
  fullname: 'Jane van Dyke',
  email: 'jane@example.com.au',
  street_address: '1 George Street',
  suburb: 'Sydney',
  state: 'NSW',
  country: 'AU',
  postcode: '2000',
  terms: true,
  ...overrides,
});

const aCreateAccountBody = (form: RegistrationInput = aRegistration()): CreateAccountBody => ({
  customer: {
    email: form.email,
    firstname: form.fullname.split(' ')[0] ?? '',
    lastname: form.fullname.split(' ').slice(1).join(' '),
    store_id: 19,
    website_id: 1,
    addresses: [toAddressWire(form, { default_billing: true, default_shipping: true })],
  },
  mobile: form.mobile,
  r_token: 'token',
  campaign_id: 7,
});

describe('validateRegistration', () => {
  it('a complete registration has no messages', () => {
    expect(validateRegistration(aRegistration())).toEqual({});
  });

  it.each([
    ['VAL-03', 'a missing mobile', { mobile: '' }, 'mobile', MSG.validMobile],
    ['VAL-03', 'a mobile that is not AU', { mobile: '+1 415 555 0123' }, 'mobile', MSG.validMobile],
    ['VAL-04', 'a missing fullname', { fullname: '' }, 'fullname', MSG.fullName],
    ['VAL-04', 'a one-word fullname', { fullname: 'Jane' }, 'fullname', MSG.fullName],
    ['VAL-05', 'a missing email', { email: '' }, 'email', MSG.validEmail],
    ['VAL-05', 'an email without @', { email: 'jane.example.com' }, 'email', MSG.validEmail],
    ['VAL-05', 'an email without a domain dot', { email: 'jane@example' }, 'email', MSG.validEmail],
    ['VAL-05', 'an email with a space', { email: 'jane doe@example.com' }, 'email', MSG.validEmail],
    ['VAL-05', 'an email with two @', { email: 'jane@@example.com' }, 'email', MSG.validEmail],
    ['VAL-06', 'a missing street address', { street_address: '' }, 'street_address', MSG.missingStreet],
    ['VAL-07', 'a missing suburb', { suburb: ' ' }, 'suburb', MSG.missingSuburb],
    ['VAL-08', 'a missing state', { state: '' }, 'state', MSG.missingState],
    ['VAL-09', "the placeholder 'Enter State'", { state: 'Enter State' }, 'state', MSG.missingState],
    ['VAL-08', 'an unknown state', { state: 'ZZ' }, 'state', MSG.missingState],
    ['VAL-10', 'a missing country', { country: '' }, 'country', MSG.missingCountry],
    ['VAL-18', 'a country other than AU', { country: 'US' }, 'country', MSG.missingCountry],
    ['VAL-11', 'a missing postcode', { postcode: '' }, 'postcode', MSG.missingPostcode],
    ['VAL-12', 'an unticked terms tickbox', { terms: false }, 'terms', MSG.acceptTerms],
  ] as const)('[%s] %s shows its message', (_id, _label, overrides, field, message) => {
    expect(validateRegistration(aRegistration(overrides))).toEqual({ [field]: message });
  });

  it('[VAL-03..12] an empty form shows every message, in form order', () => {
    expect(Object.entries(validateRegistration({}))).toEqual([
      ['mobile', MSG.validMobile],
      ['fullname', MSG.fullName],
      ['email', MSG.validEmail],
      ['street_address', MSG.missingStreet],
      ['suburb', MSG.missingSuburb],
      ['state', MSG.missingState],
      ['country', MSG.missingCountry],
      ['postcode', MSG.missingPostcode],
      ['terms', MSG.acceptTerms],
    ]);
  });

  it.each([
    'jane@example.com',
    'jane.van-dyke+shop@mail.example.com.au',
    ' jane@example.com ',
    "o'neil@example.org",
  ])('[VAL-05] %j is a valid email', (email) => {
    expect(isEmail(email)).toBe(true);
  });

  it('[VAL-05] refuses an email longer than 254 characters', () => {
    expect(isEmail(`${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.com`)).toBe(true);
    expect(isEmail(`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`)).toBe(
      false,
    );
  });

  it('[VAL-12] terms must be exactly ticked', () => {
    expect(validateRegistration({ ...aRegistration(), terms: null }).terms).toBe(MSG.acceptTerms);
  });
});

describe('registrationSchema', () => {
  it('[VAL-04] [VAL-12] turns the rules into zod issues per field', () => {
    const result = registrationSchema.safeParse(aRegistration({ fullname: 'Jane', terms: false }));
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['fullname', MSG.fullName],
      ['terms', MSG.acceptTerms],
    ]);
    expect(registrationSchema.safeParse(aRegistration()).success).toBe(true);
  });
});

describe('createAccount body', () => {
  it('[CONST-17] [CONST-18] [API-17] accepts a well-formed body with store 19 and website 1', () => {
    expect(createAccountBodySchema.safeParse(aCreateAccountBody()).success).toBe(true);
    const wrongStore = {
      ...aCreateAccountBody(),
      customer: { ...aCreateAccountBody().customer, store_id: 1 },
    };
    expect(createAccountBodySchema.safeParse(wrongStore).success).toBe(false);
  });

  it('[VAL-16] [VAL-17] maps back to the form fields the rules are written for', () => {
    expect(registrationInputFromCreateAccount(aCreateAccountBody())).toEqual({
      ...aRegistration(),
      state: 'NSW',
    });
  });

  it('[VAL-19] checks the same rules and keys the messages by form field', () => {
    expect(validateCreateAccount(aCreateAccountBody())).toEqual({});
    const body = aCreateAccountBody(aRegistration({ email: 'nope', postcode: '20' }));
    expect(validateCreateAccount(body)).toEqual({ email: MSG.validEmail, postcode: MSG.missingPostcode });
  });

  it('[VAL-19] a body with no address reports every address part missing', () => {
    const body = aCreateAccountBody();
    body.customer.addresses = [];
    expect(validateCreateAccount(body)).toEqual({
      street_address: MSG.missingStreet,
      suburb: MSG.missingSuburb,
      state: MSG.missingState,
      country: MSG.missingCountry,
      postcode: MSG.missingPostcode,
    });
  });

  it('[VAL-04] a body whose last name is empty breaks the two-word rule', () => {
    const body = aCreateAccountBody();
    body.customer.lastname = '';
    expect(validateCreateAccount(body)).toEqual({ fullname: MSG.fullName });
  });
});
