import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// customers and customer_addresses: the only SQL on members and their addresses.

export interface NewAddressRow {
  firstname: string;
  lastname: string;
  telephone: string;
  street: string[];
  city: string;
  postcode: string;
  region_id: number;
  region_code: string;
  region: string;
}

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

/** Which unique rule a PostgreSQL error (pg or PGlite) broke: 23505 on the email or mobile index. */
export function uniqueViolationField(error: unknown): 'email' | 'mobile' | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, constraint, detail, message } = error as Record<string, unknown>;
  if (code !== '23505') return undefined;
  const text = [constraint, detail, message].filter((part) => typeof part === 'string').join(' ');
  if (/customers_email|lower\(email\)/.test(text)) return 'email';
  if (/customers_mobile|\(mobile\)/.test(text)) return 'mobile';
  return undefined;
}
