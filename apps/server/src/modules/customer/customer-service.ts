import { REGISTRATION_STORE_ID, REGISTRATION_WEBSITE_ID } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { type E164Mobile, parseAuMobile } from '@quokka/contract/mobile';
import { isFullName, joinFullName, splitFullName } from '@quokka/contract/names';
import { stateRegion } from '@quokka/contract/validate-address';
import {
  type CreateAccountBody,
  registrationInputFromCreateAccount,
  validateCreateAccount,
} from '@quokka/contract/validate-registration';
import { hasErrors, toInputValidation } from '@quokka/contract/wire';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { InputValidationError } from '../../domain/errors.ts';
import { TEXT } from '../auth/auth-texts.ts';
import { verifyLinkToken } from '../auth/link-tokens.ts';
import {
  emailIsTaken,
  findCustomerIdByMobile,
  insertCustomerWithAddress,
  UniqueViolation,
} from './customer-repository.ts';

// Members: registration (SPEC.md §5 Registration, §7 createAccount; DECISIONS.md "Sign-in") and the
// lookups other modules need. Every rule the form checks is checked here again, with the same messages
// keyed by the form's fields, and the mobile must be proven by a link or verified-mobile token.

const MAX_CAMPAIGN_LENGTH = 64;

export interface CustomerServiceDeps {
  db: Db;
  clock: Clock;
  /** The key of link and verified-mobile tokens, to check a registration's proof of its mobile. */
  tokenKey: Uint8Array;
}

export interface CustomerService {
  /** The member with this E.164 mobile, if any. */
  findIdByMobile(mobile: string): Promise<number | undefined>;
  /** [API-19] False when a member already has this email (any case). */
  isEmailAvailable(email: string): Promise<boolean>;
  /** [API-17, API-18] Creates the member and their first address; throws InputValidationError. */
  register(body: CreateAccountBody): Promise<{ customerId: number }>;
}

const refuse = (field: string, message: string) => new InputValidationError({ [field]: [message] });
/** [VAL-15, ERR-13] The email is another member's: the field's message, and a code a client can switch on. */
const emailTaken = () => new InputValidationError({ email: [MSG.emailExists] }, { code: 'EMAIL_TAKEN' });

export function createCustomerService({ db, clock, tokenKey }: CustomerServiceDeps): CustomerService {
  async function provenMobile(jwt: string | undefined, mobile: E164Mobile) {
    const proof = await verifyLinkToken(tokenKey, jwt, clock.now());
    if (proof.status === 'expired' && proof.claims.mobile === mobile)
      throw refuse('mobile', TEXT.mobileProofExpired);
    // Nobody can register a number they have not proven (DECISIONS.md "Sign-in").
    if (proof.status !== 'valid' || proof.claims.mobile !== mobile)
      throw refuse('mobile', TEXT.mobileNotProven);
    return proof.claims;
  }

  return {
    findIdByMobile: (mobile) => findCustomerIdByMobile(db, mobile),

    async isEmailAvailable(email) {
      return !(await emailIsTaken(db, email.trim()));
    },

    async register(body) {
      // [VAL-03..12, VAL-18, REG-02, CONST-28] The form's rules, per field.
      const errors = validateCreateAccount(body);
      if (hasErrors(errors)) throw new InputValidationError(toInputValidation(errors));
      const mobile = parseAuMobile(body.mobile);
      const form = registrationInputFromCreateAccount(body);
      const region = stateRegion(form.state);
      const address = body.customer.addresses[0];
      if (!mobile || !region || !address) throw refuse('mobile', MSG.validMobile); // unreachable: validated above

      const claims = await provenMobile(body.jwt, mobile);
      const email = body.customer.email.trim();
      // [VAL-15, ERR-13] Checked first for a friendly answer; the unique index decides under a race.
      if (await emailIsTaken(db, email)) throw emailTaken();
      if ((await findCustomerIdByMobile(db, mobile)) !== undefined)
        throw refuse('mobile', TEXT.mobileAlreadyRegistered);

      // [VAL-16, VAL-17] The first word of the full name is the firstname, the rest the lastname.
      const name = splitFullName(form.fullname);
      const addressFullName = joinFullName(address.firstname, address.lastname);
      const addressName = isFullName(addressFullName) ? splitFullName(addressFullName) : name;
      const campaign = body.campaign_id ?? claims.campaignId;
      const now = clock.now();
      try {
        const { customerId } = await insertCustomerWithAddress(
          db,
          {
            mobile,
            email,
            firstname: name.firstname,
            lastname: name.lastname,
            // [CONST-17, CONST-18] Also enforced by the body schema.
            store_id: REGISTRATION_STORE_ID,
            website_id: REGISTRATION_WEBSITE_ID,
            campaign_id:
              campaign === null || campaign === undefined || campaign === ''
                ? null
                : String(campaign).slice(0, MAX_CAMPAIGN_LENGTH),
            created_at: now,
          },
          {
            firstname: addressName.firstname,
            lastname: addressName.lastname,
            telephone: parseAuMobile(address.telephone) ?? mobile,
            street: address.street.map((line) => line.trim()).filter(Boolean),
            city: form.suburb?.trim() ?? '',
            postcode: form.postcode?.trim() ?? '',
            // [CONST-21] Australian, with the region of SPEC.md §3 (the stored values are ours, not the body's).
            region_id: region.id,
            region_code: region.code,
            region: region.name,
          },
        );
        return { customerId };
      } catch (error) {
        if (error instanceof UniqueViolation) {
          throw error.field === 'email' ? emailTaken() : refuse('mobile', TEXT.mobileAlreadyRegistered);
        }
        throw error;
      }
    },
  };
}
