import { REGISTRATION_STORE_ID, REGISTRATION_WEBSITE_ID } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aLinkToken,
  aMember,
  aMobile,
  aRegistration,
  TEST_AUTH_SECRET,
} from '../../test/customer-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { TEXT } from '../auth/auth-texts.ts';
import { UniqueViolation } from './customer-repository.ts';

// Registration over HTTP (SPEC.md §5 Registration, §7 createAccount and isEmailAvailable): every form rule
// again on the server with per-field messages, the mobile proven by its token, the email free.

const ns = '/rest/default/V1/storefront';
const DAY_S = 24 * 60 * 60;

let t: TestApp;

async function post(url: string, payload: unknown) {
  const reply = await t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
  return { status: reply.statusCode, body: reply.json() };
}

const createAccount = (body: unknown) => post(`${ns}/createAccount`, body);

/** A verified-mobile token for the mobile, as confirmmobilecode or a sign-in link gives it. */
const proofFor = (mobile: Parameters<typeof aLinkToken>[0]['mobile'], ttlSeconds = 30 * 60) =>
  aLinkToken({ mobile }, { now: t.clock.now(), ttlSeconds });

async function customerByMobile(mobile: string) {
  return t.db.selectFrom('customers').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}

beforeAll(async () => {
  t = await createTestApp({ AUTH_SECRET: TEST_AUTH_SECRET });
});
afterAll(() => t.close());

describe('createAccount', () => {
  it('[API-17, API-18, REG-01, CONST-17, CONST-18] registers a proven mobile: customer and default address', async () => {
    const mobile = aMobile();
    const reply = await createAccount(
      aRegistration(mobile, { jwt: await proofFor(mobile), campaign_id: 'cmp-1' }),
    );
    expect(reply).toEqual({ status: 200, body: { status: true } });

    const customer = await customerByMobile(mobile);
    expect(customer).toMatchObject({
      mobile,
      email: `new${mobile.slice(-6)}@example.com`,
      firstname: 'Sam',
      lastname: 'Walker',
      store_id: REGISTRATION_STORE_ID,
      website_id: REGISTRATION_WEBSITE_ID,
      campaign_id: 'cmp-1',
    });
    const addresses = await t.db
      .selectFrom('customer_addresses')
      .selectAll()
      .where('customer_id', '=', customer!.id)
      .execute();
    expect(addresses).toHaveLength(1);
    expect(addresses[0]).toMatchObject({
      firstname: 'Sam',
      lastname: 'Walker',
      telephone: mobile,
      street: ['12 Swan St'],
      city: 'Richmond',
      postcode: '3121',
      region_id: 571,
      region_code: 'VIC',
      region: 'Victoria',
      country_id: 'AU',
    });
    // [API-18] The one address is the default billing and shipping address.
    expect(customer!.default_billing_id).toBe(addresses[0]!.id);
    expect(customer!.default_shipping_id).toBe(addresses[0]!.id);
  });

  it('[REG-01] the new member then signs in with the same token: existing_user', async () => {
    const mobile = aMobile();
    const jwt = await proofFor(mobile);
    expect((await createAccount(aRegistration(mobile, { jwt }))).status).toBe(200);
    const auth = await post(`${ns}/auth`, { jwt, autologin: true });
    expect(auth.body).toMatchObject({ status: true, existing_user: true, mobile, token: expect.any(String) });
  });

  it('[VAL-16, VAL-17] the first word of the full name is the firstname, the rest the lastname', async () => {
    const mobile = aMobile();
    const body = aRegistration(mobile, {
      jwt: await proofFor(mobile),
      firstname: 'Mary Anne',
      lastname: 'van  Dyke',
    });
    expect((await createAccount(body)).status).toBe(200);
    expect(await customerByMobile(mobile)).toMatchObject({ firstname: 'Mary', lastname: 'Anne van Dyke' });
  });

  it('takes the campaign from the sign-in link when the body has none', async () => {
    const mobile = aMobile();
    const jwt = await aLinkToken({ mobile, campaignId: 'from-link' }, { now: t.clock.now() });
    expect((await createAccount(aRegistration(mobile, { jwt }))).status).toBe(200);
    expect((await customerByMobile(mobile))?.campaign_id).toBe('from-link');
  });

  describe('answers 400 with the §5 message beside the field', () => {
    const cases: [string, Parameters<typeof aRegistration>[1], string, string][] = [
      ['[VAL-04] a one-word full name', { firstname: 'Cher', lastname: '' }, 'fullname', MSG.fullName],
      ['[VAL-04] a missing full name', { firstname: '', lastname: '' }, 'fullname', MSG.fullName],
      ['[VAL-05] a missing email', { email: '' }, 'email', MSG.validEmail],
      ['[VAL-05] an email without a domain', { email: 'sam@' }, 'email', MSG.validEmail],
      ['[VAL-06] a missing street address', { street: [''] }, 'street_address', MSG.missingStreet],
      ['[VAL-07] a missing suburb', { city: ' ' }, 'suburb', MSG.missingSuburb],
      ['[VAL-08] an unknown region', { regionCode: 'XX', regionId: 999 }, 'state', MSG.missingState],
      ['[VAL-09] the state placeholder', { regionCode: MSG.statePlaceholder }, 'state', MSG.missingState],
      [
        '[VAL-10, VAL-18, CONST-21] a country other than AU',
        { countryId: 'NZ' },
        'country',
        MSG.missingCountry,
      ],
      ['[VAL-11] a missing postcode', { postcode: '' }, 'postcode', MSG.missingPostcode],
      ['[VAL-11] a postcode that is not 4 digits', { postcode: '31' }, 'postcode', MSG.missingPostcode],
    ];
    for (const [name, overrides, field, message] of cases) {
      it(name, async () => {
        const mobile = aMobile();
        const reply = await createAccount(
          aRegistration(mobile, { ...overrides, jwt: await proofFor(mobile) }),
        );
        expect(reply.status).toBe(400);
        expect(reply.body).toEqual({
          status: false,
          message,
          code: 'INPUT_VALIDATION',
          input_validation: { [field]: [message] },
        });
        expect(await customerByMobile(mobile)).toBeUndefined();
      });
    }

    it('[VAL-03, REG-02] a missing or non-Australian mobile', async () => {
      for (const mobile of ['', '+64211234567', '02 9999 9999']) {
        const reply = await createAccount(aRegistration(mobile, { jwt: await proofFor(aMobile()) }));
        expect(reply.status).toBe(400);
        expect(reply.body.input_validation.mobile).toEqual([MSG.validMobile]);
      }
    });

    it('every broken field at once, each with its own message', async () => {
      const mobile = aMobile();
      const body = aRegistration(mobile, { email: 'x', street: [], city: '', postcode: '', countryId: 'US' });
      const reply = await createAccount({ ...body, jwt: await proofFor(mobile) });
      expect(reply.body.input_validation).toEqual({
        email: [MSG.validEmail],
        street_address: [MSG.missingStreet],
        suburb: [MSG.missingSuburb],
        country: [MSG.missingCountry],
        postcode: [MSG.missingPostcode],
      });
    });

    it('no address at all: every address part is missing', async () => {
      const mobile = aMobile();
      const body = aRegistration(mobile, { jwt: await proofFor(mobile) });
      body.customer.addresses = [];
      const reply = await createAccount(body);
      expect(Object.keys(reply.body.input_validation).sort()).toEqual(
        ['country', 'postcode', 'state', 'street_address', 'suburb'].sort(),
      );
    });
  });

  it('[VAL-15, ERR-13] refuses an email that is taken, whatever its case', async () => {
    const member = await aMember(t.db, { email: 'taken@example.com' });
    expect(member.email).toBe('taken@example.com');
    const mobile = aMobile();
    const reply = await createAccount(
      aRegistration(mobile, { email: 'Taken@Example.COM', jwt: await proofFor(mobile) }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      status: false,
      message: MSG.emailExists,
      code: 'EMAIL_TAKEN',
      input_validation: { email: [MSG.emailExists] },
    });
  });

  it('[VAL-15] the unique index decides a race: the second insert of an email in another case is refused', async () => {
    await aMember(t.db, { email: 'race@example.com' });
    await expect(aMember(t.db, { email: 'RACE@example.com' })).rejects.toBeInstanceOf(UniqueViolation);
    await expect(aMember(t.db, { email: 'RACE@example.com' })).rejects.toMatchObject({ field: 'email' });
    const mobile = aMobile();
    await aMember(t.db, { mobile });
    await expect(aMember(t.db, { mobile })).rejects.toMatchObject({ field: 'mobile' });
    // Nothing half-done is left behind: the failed registrations created no address.
    const orphans = await t.db
      .selectFrom('customer_addresses')
      .leftJoin('customers', 'customers.id', 'customer_addresses.customer_id')
      .where('customers.id', 'is', null)
      .select('customer_addresses.id')
      .execute();
    expect(orphans).toEqual([]);
  });

  it('[VAL-15] of two registrations racing for one email, exactly one wins', async () => {
    const [first, second] = [aMobile(), aMobile()];
    const replies = await Promise.all([
      createAccount(aRegistration(first, { email: 'both@example.com', jwt: await proofFor(first) })),
      createAccount(aRegistration(second, { email: 'both@example.com', jwt: await proofFor(second) })),
    ]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400]);
    expect(replies.find((reply) => reply.status === 400)?.body.input_validation).toEqual({
      email: [MSG.emailExists],
    });
  });

  it('refuses to register a mobile without its token', async () => {
    const mobile = aMobile();
    const reply = await createAccount(aRegistration(mobile));
    expect(reply.status).toBe(400);
    expect(reply.body.input_validation).toEqual({ mobile: [TEXT.mobileNotProven] });
    expect(await customerByMobile(mobile)).toBeUndefined();
  });

  it('refuses a token proving another mobile, a forged one and garbage', async () => {
    const mobile = aMobile();
    const tokens = [
      await proofFor(aMobile()),
      await aLinkToken({ mobile }, { now: t.clock.now(), secret: 'x'.repeat(40) }),
      'not-a-token',
    ];
    for (const jwt of tokens) {
      const reply = await createAccount(aRegistration(mobile, { jwt }));
      expect(reply.status).toBe(400);
      expect(reply.body.input_validation).toEqual({ mobile: [TEXT.mobileNotProven] });
    }
    expect(await customerByMobile(mobile)).toBeUndefined();
  });

  it('refuses an expired proof and says to confirm the mobile again', async () => {
    const mobile = aMobile();
    const jwt = await proofFor(mobile, 60);
    t.clock.advance(61_000);
    const reply = await createAccount(aRegistration(mobile, { jwt }));
    expect(reply.body.input_validation).toEqual({ mobile: [TEXT.mobileProofExpired] });
  });

  it('takes a sign-in link as proof too (7 days)', async () => {
    const mobile = aMobile();
    const jwt = await aLinkToken({ mobile }, { now: t.clock.now(), ttlSeconds: 7 * DAY_S });
    t.clock.advance(6 * DAY_S * 1000);
    expect((await createAccount(aRegistration(mobile, { jwt }))).status).toBe(200);
  });

  it('refuses a mobile that is already registered', async () => {
    const member = await aMember(t.db);
    const reply = await createAccount(aRegistration(member.mobile, { jwt: await proofFor(member.mobile) }));
    expect(reply.body.input_validation).toEqual({ mobile: [TEXT.mobileAlreadyRegistered] });
  });

  it('[CONST-17, CONST-18] refuses another store or website', async () => {
    const mobile = aMobile();
    const body = aRegistration(mobile, { jwt: await proofFor(mobile) });
    const reply = await createAccount({ ...body, customer: { ...body.customer, store_id: 1 } });
    expect(reply.status).toBe(400);
    expect(reply.body.status).toBe(false);
    expect(await customerByMobile(mobile)).toBeUndefined();
  });

  it('refuses a missing bot-check token with 400 {message}', async () => {
    const mobile = aMobile();
    const body = aRegistration(mobile, { jwt: await proofFor(mobile), r_token: '' });
    expect(await createAccount(body)).toEqual({
      status: 400,
      body: { message: TEXT.botCheckFailed, code: 'INVALID_DATA' },
    });
  });
});

describe('customers/isEmailAvailable', () => {
  const isAvailable = (customerEmail: string, jwt?: string) =>
    post('/rest/default/V1/customers/isEmailAvailable', {
      customerEmail,
      websiteId: REGISTRATION_WEBSITE_ID,
      ...(jwt === undefined ? {} : { jwt }),
    });

  it('[API-19] answers true for a free email and false for a taken one, whatever its case', async () => {
    await aMember(t.db, { email: 'Someone@Example.com' });
    const jwt = await proofFor(aMobile());
    expect(await isAvailable('free@example.com', jwt)).toEqual({ status: 200, body: true });
    expect(await isAvailable('someone@example.com', jwt)).toEqual({ status: 200, body: false });
    expect(await isAvailable(' SOMEONE@EXAMPLE.COM ', jwt)).toEqual({ status: 200, body: false });
  });

  it('[I12-13] refuses to say whether an email is taken without a verified-mobile token', async () => {
    await aMember(t.db, { email: 'listed@example.com' });
    const expired = await proofFor(aMobile(), 30);
    t.clock.advance(31_000);
    for (const jwt of [undefined, '', 'not.a.jwt', expired]) {
      const reply = await isAvailable('listed@example.com', jwt);
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ message: TEXT.emailCheckNeedsMobile, code: 'SIGN_IN_REQUIRED' });
    }
  });

  it('[I12-13] answers a verified token only so many checks an hour', async () => {
    const jwt = await proofFor(aMobile());
    const other = await proofFor(aMobile());
    const limit = t.app.deps.config.EMAIL_CHECKS_PER_TOKEN_PER_HOUR;
    for (let i = 0; i < limit; i++) {
      expect((await isAvailable(`probe${i}@example.com`, jwt)).status).toBe(200);
    }
    const refused = await isAvailable('one-more@example.com', jwt);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: expect.any(String) });
    // Another shopper's token has its own budget.
    expect((await isAvailable('free@example.com', other)).status).toBe(200);
  });
});
