import { MSG } from '@quokka/contract/messages';
import { isFullName, joinFullName, splitFullName } from '@quokka/contract/names';
import { isEmail } from '@quokka/contract/validate-registration';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { AddressSnapshot } from '../../db/schema.ts';
import { InputValidationError, InvalidDataError, NotFoundError } from '../../domain/errors.ts';
import { findMember, memberAddresses } from '../cart/cart-repository.ts';
import { customerWire } from '../cart/cart-service.ts';
import type { CartCustomerWire } from '../cart/cart-wire.ts';
import { CHECKOUT_TEXT, validatedAddress } from '../checkout/checkout-service.ts';
import {
  addressIdsOf,
  type DefaultKind,
  deleteAddressesExcept,
  insertAddress,
  lockCustomer,
  setDefaultAddress,
  updateAddress,
  updateCustomerDetails,
} from './customer-account-repository.ts';
import type { AccountAddressInput, PutCustomerBody } from './customer-account-wire.ts';
import { emailIsTaken, type NewAddressRow, uniqueViolationField } from './customer-repository.ts';

// My Account (SPEC.md §2 Account screens, §7 Account; DECISIONS.md "Wire"): the member as Magento's
// `customers/me`, the address book replaced the way Magento's `PUT customers/me` does, and the two
// defaults. Every id is checked against the caller: another member's address is a 404, as if it did
// not exist, and nothing changes.

export const ACCOUNT_TEXT = {
  addressNotFound: CHECKOUT_TEXT.addressNotFound,
  customerNotFound: 'The customer does not exist.',
  duplicateAddress: 'The same address id appears twice in the list.',
} as const;

/** [DATA-34] `GET customers/me`: the cart's customer shape, plus the mobile as Magento's custom attribute. */
export interface AccountCustomerWire extends CartCustomerWire {
  custom_attributes: { attribute_code: 'mobile'; value: string }[];
}

export interface CustomerAccountService {
  /** [DATA-34] The member with addresses and defaults. */
  get(customerId: number): Promise<AccountCustomerWire>;
  /** [API-31] Details and, when a list is given, the whole address book; answers the customer. */
  update(customerId: number, body: PutCustomerBody): Promise<AccountCustomerWire>;
  /** [API-32, API-33] Only the member's own address; 404 for any other id. */
  setDefault(customerId: number, kind: DefaultKind, addressId: number): Promise<void>;
}

export interface CustomerAccountServiceDeps {
  db: Db;
  clock: Clock;
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

export function createCustomerAccountService({
  db,
  clock,
}: CustomerAccountServiceDeps): CustomerAccountService {
  async function get(customerId: number): Promise<AccountCustomerWire> {
    const member = await findMember(db, customerId);
    if (!member) throw new NotFoundError(ACCOUNT_TEXT.customerNotFound);
    const wire = customerWire(member, await memberAddresses(db, customerId));
    return { ...wire, custom_attributes: [{ attribute_code: 'mobile', value: member.mobile }] };
  }

  /** The details as they will be stored, checked with the registration's rules when they change. */
  async function checkedDetails(customerId: number, customer: PutCustomerBody['customer']) {
    const member = await findMember(db, customerId);
    if (!member) throw new NotFoundError(ACCOUNT_TEXT.customerNotFound);
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

  return {
    get,

    async update(customerId, { customer }) {
      const details = await checkedDetails(customerId, customer);
      const list = customer.addresses;
      // Every address is checked before anything is written: one bad address changes nothing.
      const rows = list?.map((input) => ({ id: input.id ?? undefined, input, row: addressRow(input) }));
      const ids = (rows ?? []).flatMap((entry) => (entry.id === undefined ? [] : [entry.id]));
      if (new Set(ids).size !== ids.length) throw new InvalidDataError(ACCOUNT_TEXT.duplicateAddress);

      try {
        await db.transaction().execute(async (trx) => {
          if (!(await lockCustomer(trx, customerId))) throw new NotFoundError(ACCOUNT_TEXT.customerNotFound);
          await updateCustomerDetails(trx, customerId, details);
          if (!rows) return;
          const own = new Set(await addressIdsOf(trx, customerId));
          // [ROLE-07] Another member's address id (or one that is gone) is a 404 and nothing is written.
          if (ids.some((id) => !own.has(id))) throw new NotFoundError(ACCOUNT_TEXT.addressNotFound);
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
        if (uniqueViolationField(error) === 'email')
          throw new InputValidationError({ email: [MSG.emailExists] }, { code: 'EMAIL_TAKEN' });
        throw error;
      }
      return get(customerId);
    },

    async setDefault(customerId, kind, addressId) {
      if (!(await setDefaultAddress(db, customerId, kind, addressId)))
        throw new NotFoundError(ACCOUNT_TEXT.addressNotFound);
    },
  };
}
