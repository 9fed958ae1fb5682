import type { AddressBody } from '@quokka/contract/api/address';
import type { CartCustomer as CartCustomerWire } from '@quokka/contract/api/cart';
import type {
  AccountAddressBody as AccountAddressInput,
  Customer as AccountCustomerWire,
  PutCustomerBody,
} from '@quokka/contract/api/customer';
import { REGISTRATION_STORE_ID, REGISTRATION_WEBSITE_ID } from '@quokka/contract/constants';
import { MSG } from '@quokka/contract/messages';
import { type E164Mobile, parseAuMobile } from '@quokka/contract/mobile';
import { isFullName, joinFullName, splitFullName } from '@quokka/contract/names';
import { stateRegion } from '@quokka/contract/validate-address';
import {
  type CreateAccountBody,
  isEmail,
  registrationInputFromCreateAccount,
  validateCreateAccount,
} from '@quokka/contract/validate-registration';
import { hasErrors, toInputValidation } from '@quokka/contract/wire';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { AddressSnapshot } from '../../db/schema.ts';
import {
  InputValidationError,
  InvalidDataError,
  NotFoundError,
  UnauthorizedError,
} from '../../domain/errors.ts';
import { TEXT } from '../auth/auth-texts.ts';
import { verifyLinkToken } from '../auth/link-tokens.ts';
import { addressSnapshot, validatedAddress } from './address-rules.ts';
import {
  addressIdsOf,
  type DefaultKind,
  deleteAddressesExcept,
  emailIsTaken,
  findCustomerIdByMobile,
  findMember,
  findMemberAddress,
  insertAddress,
  insertCustomerWithAddress,
  lockCustomer,
  type MemberAddressRow,
  type MemberRow,
  memberAddresses,
  type NewAddressRow,
  setDefaultAddress,
  UniqueViolation,
  uniqueViolationField,
  updateAddress,
  updateCustomerDetails,
} from './customer-repository.ts';

// Members and their address books: the customers and customer_addresses tables are this module's alone.
// - Registration (SPEC.md §5 Registration, §7 createAccount; DECISIONS.md "Sign-in"): every rule the form
//   checks is checked here again, with the same messages keyed by the form's fields, and the mobile must
//   be proven by a link or verified-mobile token.
// - My Account (SPEC.md §2 Account screens, §7 Account; DECISIONS.md "Wire"): the member as Magento's
//   `customers/me`, the address book replaced the way Magento's `PUT customers/me` does, and the two
//   defaults. Every id is checked against the caller: another member's address is a 404, as if it did
//   not exist, and nothing changes.
// - What the cart and checkout need of a member: the customer the cart shows, the payer, and an address
//   by id or typed in, checked with the rules of address-rules.ts.

const MAX_CAMPAIGN_LENGTH = 64;

export const CUSTOMER_TEXT = {
  addressNotFound: 'The address does not exist.',
  customerNotFound: 'The customer does not exist.',
  duplicateAddress: 'The same address id appears twice in the list.',
} as const;

/** A member as the order and the card provider see them. */
export interface Member {
  id: number;
  email: string;
  firstname: string;
  lastname: string;
  mobile: string;
}

/** What the cart shows of its member (SPEC.md §2 Personal details reads it from the cart). */
export interface CartMember {
  customer: CartCustomerWire;
  email: string;
  /** The default billing address, as the cart's billing address until one is chosen. */
  defaultBilling: AddressSnapshot | null;
}

export interface CustomerService {
  /** The member with this E.164 mobile, if any. */
  findIdByMobile(mobile: string): Promise<number | undefined>;
  /**
   * [API-19] False when a member already has this email (any case). Only for a shopper holding a live
   * verified-mobile token [I12-13]: without one, emails cannot be listed.
   */
  isEmailAvailable(email: string, jwt: string | undefined): Promise<boolean>;
  /** [API-17, API-18] Creates the member and their first address; throws InputValidationError. */
  register(body: CreateAccountBody): Promise<{ customerId: number }>;

  /** [DATA-34] The member with addresses and defaults. */
  get(customerId: number): Promise<AccountCustomerWire>;
  /**
   * [API-31] Details and, when a list is given, the whole address book; answers the customer. A new
   * email ends every other session of the member [I12-6]; `currentToken` is the one kept.
   */
  update(customerId: number, body: PutCustomerBody, currentToken?: string): Promise<AccountCustomerWire>;
  /** [API-32, API-33] Only the member's own address; 404 for any other id. */
  setDefault(customerId: number, kind: DefaultKind, addressId: number): Promise<void>;

  // For other modules. `executor` is the caller's transaction when it calls from inside one.
  /** The member, or undefined when there is none. */
  member(customerId: number, executor?: Db): Promise<Member | undefined>;
  /** The cart's customer; undefined when there is no such member. */
  cartMember(customerId: number, executor?: Db): Promise<CartMember | undefined>;
  /** The member's saved address by id; undefined for anyone else's (which the caller answers 404). */
  savedAddress(customerId: number, addressId: number, executor?: Db): Promise<AddressSnapshot | undefined>;
  /**
   * The address a checkout names: a saved one by id (404 for anyone else's), or a new one checked with
   * the address form's rules (SPEC.md §5), the same messages per field.
   */
  resolveAddress(customerId: number, address: AddressBody, executor?: Db): Promise<AddressSnapshot>;
}

export interface CustomerServiceDeps {
  db: Db;
  clock: Clock;
  /** [I12-6] Ends the member's sessions but `keepToken`'s: called when their email changes. */
  revokeOtherSessions?: (customerId: number, keepToken: string | undefined) => Promise<unknown>;
  /** The key of link and verified-mobile tokens, to check a registration's proof of its mobile. */
  tokenKey: Uint8Array;
}

const refuse = (field: string, message: string) => new InputValidationError({ [field]: [message] });
/** [VAL-15, ERR-13] The email is another member's: the field's message, and a code a client can switch on. */
const emailTaken = () => new InputValidationError({ email: [MSG.emailExists] }, { code: 'EMAIL_TAKEN' });

function memberAddressWire(row: MemberAddressRow, member: MemberRow) {
  const { customer_address_id: _snapshotId, ...address } = addressSnapshot(row);
  return {
    id: row.id,
    customer_id: row.customer_id,
    ...address,
    default_shipping: row.id === member.default_shipping_id,
    default_billing: row.id === member.default_billing_id,
  };
}

/** [DATA-34] The member as Magento shows a customer; the cart and GET customers/me answer this shape. */
export function customerWire(member: MemberRow, addresses: MemberAddressRow[]): CartCustomerWire {
  return {
    id: member.id,
    email: member.email,
    firstname: member.firstname,
    lastname: member.lastname,
    fullname: joinFullName(member.firstname, member.lastname),
    mobile: member.mobile,
    store_id: member.store_id,
    website_id: member.website_id,
    ...(member.default_shipping_id !== null ? { default_shipping: String(member.default_shipping_id) } : {}),
    ...(member.default_billing_id !== null ? { default_billing: String(member.default_billing_id) } : {}),
    addresses: addresses.map((row) => memberAddressWire(row, member)),
  };
}

/** An address of the list checked with the §5 rules, as the row it becomes. */
function addressRow(input: AccountAddressInput): NewAddressRow {
  const address: AddressSnapshot = validatedAddress(input);
  // [VAL-22, VAL-23] The first word of the name is the first name, the rest the last name.
  const name = splitFullName(joinFullName(address.firstname, address.lastname));
  return {
    firstname: name.firstname,
    lastname: name.lastname,
    telephone: address.telephone,
    street: address.street,
    city: address.city,
    postcode: address.postcode,
    region_id: address.region.region_id,
    region_code: address.region.region_code,
    region: address.region.region,
  };
}

export function createCustomerService({
  db,
  clock,
  tokenKey,
  revokeOtherSessions,
}: CustomerServiceDeps): CustomerService {
  async function provenMobile(jwt: string | undefined, mobile: E164Mobile) {
    const proof = await verifyLinkToken(tokenKey, jwt, clock.now());
    if (proof.status === 'expired' && proof.claims.mobile === mobile)
      throw refuse('mobile', TEXT.mobileProofExpired);
    // Nobody can register a number they have not proven (DECISIONS.md "Sign-in").
    if (proof.status !== 'valid' || proof.claims.mobile !== mobile)
      throw refuse('mobile', TEXT.mobileNotProven);
    return proof.claims;
  }

  async function get(customerId: number): Promise<AccountCustomerWire> {
    const member = await findMember(db, customerId);
    if (!member) throw new NotFoundError(CUSTOMER_TEXT.customerNotFound);
    const wire = customerWire(member, await memberAddresses(db, customerId));
    return { ...wire, custom_attributes: [{ attribute_code: 'mobile', value: member.mobile }] };
  }

  /** The details as they will be stored, checked with the registration's rules when they change. */
  async function checkedDetails(customerId: number, customer: PutCustomerBody['customer']) {
    const member = await findMember(db, customerId);
    if (!member) throw new NotFoundError(CUSTOMER_TEXT.customerNotFound);
    const fullname = joinFullName(
      customer.firstname ?? member.firstname,
      customer.lastname ?? member.lastname,
    );
    const email = customer.email?.trim() || member.email;
    const errors: Record<string, string[]> = {};
    if (!isFullName(fullname)) errors.fullname = [MSG.fullName]; // [VAL-21]
    if (!isEmail(email)) errors.email = [MSG.validEmail];
    else if (email.toLowerCase() !== member.email.toLowerCase() && (await emailIsTaken(db, email)))
      errors.email = [MSG.emailExists]; // [ERR-13]
    const failed = Object.keys(errors);
    // EMAIL_TAKEN only when the clash is the one thing wrong: a client then knows what to say.
    if (failed.length > 0)
      throw new InputValidationError(
        errors,
        failed.length === 1 && errors.email?.[0] === MSG.emailExists ? { code: 'EMAIL_TAKEN' } : {},
      );
    return { email, ...splitFullName(fullname) };
  }

  async function savedAddress(customerId: number, addressId: number, executor: Db = db) {
    const row = await findMemberAddress(executor, customerId, addressId);
    return row ? addressSnapshot(row) : undefined;
  }

  return {
    findIdByMobile: (mobile) => findCustomerIdByMobile(db, mobile),

    async isEmailAvailable(email, jwt) {
      const proof = await verifyLinkToken(tokenKey, jwt, clock.now());
      if (proof.status !== 'valid')
        throw new UnauthorizedError(TEXT.emailCheckNeedsMobile, 'SIGN_IN_REQUIRED');
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

    get,

    async update(customerId, { customer }, currentToken) {
      const before = await findMember(db, customerId);
      const details = await checkedDetails(customerId, customer);
      const list = customer.addresses;
      // Every address is checked before anything is written: one bad address changes nothing.
      const rows = list?.map((input) => ({ id: input.id ?? undefined, input, row: addressRow(input) }));
      const ids = (rows ?? []).flatMap((entry) => (entry.id === undefined ? [] : [entry.id]));
      if (new Set(ids).size !== ids.length) throw new InvalidDataError(CUSTOMER_TEXT.duplicateAddress);

      try {
        await db.transaction().execute(async (trx) => {
          if (!(await lockCustomer(trx, customerId))) throw new NotFoundError(CUSTOMER_TEXT.customerNotFound);
          await updateCustomerDetails(trx, customerId, details);
          if (!rows) return;
          const own = new Set(await addressIdsOf(trx, customerId));
          // [ROLE-07] Another member's address id (or one that is gone) is a 404 and nothing is written.
          if (ids.some((id) => !own.has(id))) throw new NotFoundError(CUSTOMER_TEXT.addressNotFound);
          const now = clock.now();
          const saved: { id: number; input: AccountAddressInput }[] = [];
          for (const entry of rows) {
            if (entry.id !== undefined) {
              await updateAddress(trx, customerId, entry.id, entry.row);
              saved.push({ id: entry.id, input: entry.input });
            } else {
              saved.push({ id: await insertAddress(trx, customerId, entry.row, now), input: entry.input });
            }
          }
          // Magento's replace: addresses left out of the list are deleted.
          await deleteAddressesExcept(
            trx,
            customerId,
            saved.map((entry) => entry.id),
          );
          // An address marked default becomes it; unmarked ones leave the default where it is. A client
          // sending the whole customer back echoes the current default's flag too, so the address newly
          // marked wins over the one that already is the default.
          const member = await findMember(trx, customerId);
          for (const kind of ['shipping', 'billing'] as const) {
            const current = kind === 'shipping' ? member?.default_shipping_id : member?.default_billing_id;
            const marked = saved.filter((entry) => entry.input[`default_${kind}`]);
            const chosen = marked.find((entry) => entry.id !== current) ?? marked[0];
            if (chosen && chosen.id !== current) await setDefaultAddress(trx, customerId, kind, chosen.id);
          }
        });
      } catch (error) {
        // [ERR-13] Another member took the email between the check and the write.
        if (uniqueViolationField(error) === 'email') throw emailTaken();
        throw error;
      }
      // A changed email is a changed identity: a session someone else holds must not outlive it.
      if (before && before.email.toLowerCase() !== details.email.toLowerCase())
        await revokeOtherSessions?.(customerId, currentToken);
      return get(customerId);
    },

    async setDefault(customerId, kind, addressId) {
      if (!(await setDefaultAddress(db, customerId, kind, addressId)))
        throw new NotFoundError(CUSTOMER_TEXT.addressNotFound);
    },

    async member(customerId, executor = db) {
      const row = await findMember(executor, customerId);
      if (!row) return undefined;
      const { id, email, firstname, lastname, mobile } = row;
      return { id, email, firstname, lastname, mobile };
    },

    async cartMember(customerId, executor = db) {
      const member = await findMember(executor, customerId);
      if (!member) return undefined;
      const addresses = await memberAddresses(executor, customerId);
      const defaultBilling = addresses.find((row) => row.id === member.default_billing_id);
      return {
        customer: customerWire(member, addresses),
        email: member.email,
        defaultBilling: defaultBilling ? addressSnapshot(defaultBilling) : null,
      };
    },

    savedAddress,

    async resolveAddress(customerId, address, executor = db) {
      const id = address.customer_address_id ?? address.customerAddressId;
      if (id === null || id === undefined) return validatedAddress(address);
      const saved = await savedAddress(customerId, id, executor);
      if (!saved) throw new NotFoundError(CUSTOMER_TEXT.addressNotFound);
      return saved;
    },
  };
}
