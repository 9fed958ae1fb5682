import type { Db } from '../../db/database.ts';

// customer_tokens: the only SQL on bearer tokens. Rows hold the SHA-256 of a token, never the token.

export async function insertToken(
  db: Db,
  row: { tokenHash: string; customerId: number; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db
    .insertInto('customer_tokens')
    .values({
      token_hash: row.tokenHash,
      customer_id: row.customerId,
      expires_at: row.expiresAt,
      created_at: row.createdAt,
    })
    .execute();
}

/** The customer of a live token: known, not revoked, not expired at `now`. */
export async function findLiveToken(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ customerId: number } | undefined> {
  const row = await db
    .selectFrom('customer_tokens')
    .select('customer_id')
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? { customerId: row.customer_id } : undefined;
}

/** True when a live token was revoked now. */
export async function revokeToken(db: Db, tokenHash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('customer_tokens')
    .set({ revoked_at: now })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Housekeeping: tokens that expired more than a day ago are of no use to anyone. */
export async function deleteStaleTokens(db: Db, customerId: number, before: Date): Promise<void> {
  await db
    .deleteFrom('customer_tokens')
    .where('customer_id', '=', customerId)
    .where('expires_at', '<', before)
    .execute();
}

/** [I12-6] Revokes every live token of the customer but `keepHash`'s; answers how many were revoked. */
export async function revokeCustomerTokens(
  db: Db,
  customerId: number,
  now: Date,
  keepHash?: string,
): Promise<number> {
  let query = db
    .updateTable('customer_tokens')
    .set({ revoked_at: now })
    .where('customer_id', '=', customerId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (keepHash !== undefined) query = query.where('token_hash', '!=', keepHash);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
