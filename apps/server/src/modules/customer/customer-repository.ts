import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CustomerAddressTable, CustomerTable } from '../../db/schema.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';

// customers and customer_addresses: the only SQL on members and their addresses. Writes of the address
// book name the member as well as the row, so an id of another member's address changes nothing.

const addressColumns = [
  'id',
  'customer_id',
  'firstname',
  'lastname',
  'telephone',
  'street',
  'city',
  'postcode',
  'region_id',
  'region_code',
  'region',
  'country_id',
] as const;

/** An address of the book as the member's own: the stored row less its creation time. */
export type MemberAddressRow = Pick<Selectable<CustomerAddressTable>, (typeof addressColumns)[number]>;

/** What a new address of the book carries (the row fills in its id, the member and the country). */
export type NewAddressRow = Omit<MemberAddressRow, 'id' | 'customer_id' | 'country_id'>;

export interface NewCustomerRow {
  mobile: string;
  email: string;
  firstname: string;
  lastname: string;
  store_id: number;
  website_id: number;
  campaign_id: string | null;
  created_at: Date;
}

export class UniqueViolation extends Error {
  constructor(readonly field: 'email' | 'mobile') {
    super(`${field} is taken`);
  }
}

export async function findCustomerIdByMobile(db: Db, mobile: string): Promise<number | undefined> {
  const row = await db.selectFrom('customers').select('id').where('mobile', '=', mobile).executeTakeFirst();
  return row?.id;
}

/** Case-insensitive, like the unique index `customers_email` on lower(email). */
export async function emailIsTaken(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('customers')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The customer and the first address, which becomes the default billing and shipping address, in one
 * transaction. A taken email or mobile (also when another registration won a race) is a UniqueViolation.
 */
export async function insertCustomerWithAddress(
  db: Db,
  customer: NewCustomerRow,
  address: NewAddressRow,
): Promise<{ customerId: number; addressId: number }> {
  try {
    return await db.transaction().execute(async (trx) => {
      const { id: customerId } = await trx
        .insertInto('customers')
        .values(customer)
        .returning('id')
        .executeTakeFirstOrThrow();
      const { id: addressId } = await trx
        .insertInto('customer_addresses')
        .values({
          ...address,
          customer_id: customerId,
          street: JSON.stringify(address.street),
          created_at: customer.created_at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('customers')
        .set({ default_billing_id: addressId, default_shipping_id: addressId })
        .where('id', '=', customerId)
        .execute();
      return { customerId, addressId };
    });
  } catch (error) {
    const field = uniqueViolationField(error);
    if (field) throw new UniqueViolation(field);
    throw error;
  }
}

/** Which unique rule of a member a write broke: the email index (any case) or the mobile one. */
export function uniqueViolationField(error: unknown): 'email' | 'mobile' | undefined {
  if (isUniqueViolation(error, /customers_email|lower\(email\)/)) return 'email';
  if (isUniqueViolation(error, /customers_mobile|\(mobile\)/)) return 'mobile';
  return undefined;
}

/** A member as the other modules see one: the row without the campaign and the creation time. */
export type MemberRow = Omit<
  Selectable<CustomerTable>,
  'campaign_id' | 'created_at' | 'suspended_at' | 'suspended_reason'
>;

export function findMember(db: Db, customerId: number): Promise<MemberRow | undefined> {
  return db
    .selectFrom('customers')
    .select([
      'id',
      'mobile',
      'email',
      'firstname',
      'lastname',
      'store_id',
      'website_id',
      'default_billing_id',
      'default_shipping_id',
    ])
    .where('id', '=', customerId)
    .executeTakeFirst();
}

export function memberAddresses(db: Db, customerId: number): Promise<MemberAddressRow[]> {
  return db
    .selectFrom('customer_addresses')
    .select(addressColumns)
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
}

/** The member's address with this id; undefined for another member's (which is then a 404). */
export function findMemberAddress(
  db: Db,
  customerId: number,
  addressId: number,
): Promise<MemberAddressRow | undefined> {
  return db
    .selectFrom('customer_addresses')
    .select(addressColumns)
    .where('customer_id', '=', customerId)
    .where('id', '=', addressId)
    .executeTakeFirst();
}

/** Locks the member's row until the transaction ends: changes of one address book happen in turn. */
export async function lockCustomer(db: Db, customerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('customers')
    .select('id')
    .where('id', '=', customerId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

export async function addressIdsOf(db: Db, customerId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('customer_addresses')
    .select('id')
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function insertAddress(
  db: Db,
  customerId: number,
  address: NewAddressRow,
  now: Date,
): Promise<number> {
  const { id } = await db
    .insertInto('customer_addresses')
    .values({ ...address, customer_id: customerId, street: JSON.stringify(address.street), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateAddress(
  db: Db,
  customerId: number,
  addressId: number,
  address: NewAddressRow,
): Promise<boolean> {
  const result = await db
    .updateTable('customer_addresses')
    .set({ ...address, street: JSON.stringify(address.street) })
    .where('id', '=', addressId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the member's addresses not in `keep`; a default among them is unset by its foreign key. */
export async function deleteAddressesExcept(db: Db, customerId: number, keep: number[]): Promise<void> {
  let query = db.deleteFrom('customer_addresses').where('customer_id', '=', customerId);
  if (keep.length > 0) query = query.where('id', 'not in', keep);
  await query.execute();
}

export type DefaultKind = 'billing' | 'shipping';

/**
 * Makes the address the member's default billing or shipping address in one statement, only when it
 * is the member's own; false (and nothing changed) otherwise.
 */
export async function setDefaultAddress(
  db: Db,
  customerId: number,
  kind: DefaultKind,
  addressId: number,
): Promise<boolean> {
  const column = kind === 'billing' ? 'default_billing_id' : 'default_shipping_id';
  const result = await db
    .updateTable('customers')
    .set({ [column]: addressId })
    .where('id', '=', customerId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('customer_addresses')
          .select('customer_addresses.id')
          .where('customer_addresses.id', '=', addressId)
          .where('customer_addresses.customer_id', '=', customerId),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateCustomerDetails(
  db: Db,
  customerId: number,
  details: { email: string; firstname: string; lastname: string },
): Promise<void> {
  await db.updateTable('customers').set(details).where('id', '=', customerId).execute();
}
