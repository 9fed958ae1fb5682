import type { Db } from '../../db/database.ts';

// used_sign_in_links: the only SQL on spent sign-in links. Rows hold the SHA-256 of a link, never the link.

/**
 * Marks the link as used; true only for the one caller that marked it first. The primary key decides,
 * so two requests with the same link at the same moment cannot both get true. Rows of links past their
 * expiry are swept on the way: an expired link is refused by its own `exp`.
 */
export async function claimLinkUse(
  db: Db,
  row: { tokenHash: string; expiresAt: Date; now: Date },
): Promise<boolean> {
  await db.deleteFrom('used_sign_in_links').where('expires_at', '<', row.now).execute();
  const inserted = await db
    .insertInto('used_sign_in_links')
    .values({ token_hash: row.tokenHash, expires_at: row.expiresAt, used_at: row.now })
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .returning('token_hash')
    .executeTakeFirst();
  return inserted !== undefined;
}
