import { REGISTRATION_STORE_ID, REGISTRATION_WEBSITE_ID } from '@quokka/contract/constants';
import { type E164Mobile, parseAuMobile } from '@quokka/contract/mobile';
import { findRegionByCode, toRegionWire } from '@quokka/contract/regions';
import type { CreateAccountBody } from '@quokka/contract/validate-registration';
import type { Db } from '../db/database.ts';
import { deriveAuthKeys } from '../modules/auth/auth-secret.ts';
import { type LinkClaims, signLinkToken } from '../modules/auth/link-tokens.ts';
import { insertCustomerWithAddress } from '../modules/customer/customer-repository.ts';

// Small builders for sign-in and registration tests: members straight into the database through the
// customer repository, createAccount bodies as the web app sends them, and link tokens signed like the CLI.

/** A secret for tests that sign their own tokens: pass it as AUTH_SECRET to createTestApp. */
export const TEST_AUTH_SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

let serial = 0;

/** A fresh valid Australian mobile in E.164: +61412xxxxxx. */
export function aMobile(): E164Mobile {
  serial += 1;
  const mobile = parseAuMobile(`+61412${String(100_000 + serial).slice(-6)}`);
  if (!mobile) throw new Error('test mobile is not valid');
  return mobile;
}

export interface MemberOverrides {
  mobile?: E164Mobile;
  email?: string;
  firstname?: string;
  lastname?: string;
}

export async function aMember(db: Db, overrides: MemberOverrides = {}) {
  const mobile = overrides.mobile ?? aMobile();
  const email = overrides.email ?? `member${mobile.slice(-6)}@example.com`;
  const firstname = overrides.firstname ?? 'Jane';
  const lastname = overrides.lastname ?? 'Citizen';
  const region = findRegionByCode('NSW');
  if (!region) throw new Error('NSW missing');
  const { customerId, addressId } = await insertCustomerWithAddress(
    db,
    {
      mobile,
      email,
      firstname,
      lastname,
      store_id: REGISTRATION_STORE_ID,
      website_id: REGISTRATION_WEBSITE_ID,
      campaign_id: null,
      created_at: new Date(),
    },
    {
      firstname,
      lastname,
      telephone: mobile,
      street: ['1 Harbour St'],
      city: 'Sydney',
      postcode: '2000',
      region_id: region.id,
      region_code: region.code,
      region: region.name,
    },
  );
  return { id: customerId, addressId, mobile, email };
}

export interface RegistrationOverrides {
  email?: string;
  firstname?: string;
  lastname?: string;
  street?: string[];
  city?: string;
  postcode?: string;
  regionCode?: string;
  regionId?: number;
  countryId?: string;
  jwt?: string;
  r_token?: string;
  campaign_id?: string | number | null;
}

/** A createAccount body (SPEC.md §7) for the mobile, valid unless overridden. */
export function aRegistration(mobile: string, overrides: RegistrationOverrides = {}): CreateAccountBody {
  const region = findRegionByCode(overrides.regionCode ?? 'VIC');
  const firstname = overrides.firstname ?? 'Sam';
  const lastname = overrides.lastname ?? 'Walker';
  return {
    customer: {
      email: overrides.email ?? `new${mobile.slice(-6)}@example.com`,
      firstname,
      lastname,
      store_id: REGISTRATION_STORE_ID,
      website_id: REGISTRATION_WEBSITE_ID,
      addresses: [
        {
          firstname,
          lastname,
          telephone: mobile,
          street: overrides.street ?? ['12 Swan St'],
          city: overrides.city ?? 'Richmond',
          postcode: overrides.postcode ?? '3121',
          ...(region
            ? { region: toRegionWire(region), region_id: overrides.regionId ?? region.id }
            : overrides.regionId !== undefined
              ? { region_id: overrides.regionId }
              : {}),
          country_id: overrides.countryId ?? 'AU',
          default_shipping: true,
          default_billing: true,
        },
      ],
    },
    mobile,
    r_token: overrides.r_token ?? 'sandbox-token',
    campaign_id: overrides.campaign_id ?? null,
    ...(overrides.jwt !== undefined ? { jwt: overrides.jwt } : {}),
  };
}

/** A link token as the CLI signs it, with TEST_AUTH_SECRET unless another secret is given. */
export function aLinkToken(
  claims: LinkClaims,
  options: { now: Date; ttlSeconds?: number; secret?: string } = { now: new Date() },
): Promise<string> {
  const { tokenKey } = deriveAuthKeys(options.secret ?? TEST_AUTH_SECRET);
  return signLinkToken(tokenKey, claims, {
    now: options.now,
    ttlSeconds: options.ttlSeconds ?? 7 * 24 * 3600,
  });
}
