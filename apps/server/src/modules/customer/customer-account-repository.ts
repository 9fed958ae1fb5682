import type { Db } from '../../db/database.ts';
import type { NewAddressRow } from './customer-repository.ts';

// Writes of the address book and the member's details (SPEC.md §7 Account). Every statement names the
// member as well as the row, so an id of another member's address changes nothing.

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
