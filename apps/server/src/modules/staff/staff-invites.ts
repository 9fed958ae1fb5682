import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { InvalidDataError } from '../../domain/errors.ts';
import { enqueueMessage } from '../messages/outbox.ts';

// [I32] The invite text of a new member of staff: a single-use link, valid INVITE_HOURS, that opens
// /admin, signs the member in (a session that may only add a passkey, as a code sign-in's) and asks for
// their passkey. Made in the transaction that makes the account (an operator's approval of an application,
// or a member added from Staff), so an account never exists without its text. The database keeps only the
// token's sha-256; a new invite for the same member ends the ones before it. The text is transactional
// (no quiet hours, no opt-out): the caller sends it after its commit (outbox.sendNow), and the worker
// retries what failed.

export const INVITE_HOURS = 72;
export const STAFF_INVITE_PURPOSE = 'staff_invite';

export interface StaffInviteText {
  storeName: string;
  /** PUBLIC_URL as the app resolved it: the link is `${publicUrl}/admin/invite/<token>`. */
  publicUrl: string;
}

export interface NewInvite {
  staffId: number;
  mobile: string;
  name: string;
  /** The seller they will work for; null for an operator. */
  sellerName: string | null;
  owner: boolean;
  /** Who made it; null for the system (an approval is made by its operator: pass them). */
  createdBy: number | null;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Queues the invite in `trx`: answers the link, its expiry and the outbox row's id. */
export async function createStaffInvite(
  trx: Db,
  invite: NewInvite,
  text: StaffInviteText,
  now: Date,
): Promise<{ url: string; expiresAt: Date; messageId: number }> {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITE_HOURS * 3_600_000);
  // The links sent before stop working: only the newest text opens the back office.
  await trx
    .updateTable('staff_invites')
    .set({ expires_at: now })
    .where('staff_id', '=', invite.staffId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
  const row = await trx
    .insertInto('staff_invites')
    .values({
      token_hash: hashOf(token),
      staff_id: invite.staffId,
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
      created_by: invite.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const url = `${text.publicUrl.replace(/\/+$/, '')}/admin/invite/${token}`;
  const as = invite.sellerName
    ? `${invite.owner ? 'the owner' : 'staff'} of ${invite.sellerName}`
    : 'an operator';
  const messageId = await enqueueMessage(
    trx,
    {
      kind: 'sms',
      to: invite.mobile,
      purpose: STAFF_INVITE_PURPOSE,
      body: `${text.storeName}: ${invite.name}, you're invited to the back office as ${as}. Open this link within ${INVITE_HOURS} hours to sign in and add your passkey: ${url}`,
      key: `staff_invite:${row.id}`,
    },
    now,
  );
  return { url, expiresAt, messageId };
}

/**
 * Uses an invite once: answers its member's id, or throws a clear error (unknown, used, expired, or the
 * member removed since). One conditional update: two openings at once, one wins.
 */
export async function useStaffInvite(db: Db, token: string, now: Date): Promise<number> {
  const hash = hashOf(token);
  const used = await db
    .updateTable('staff_invites')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('staff')
          .select('staff.id')
          .whereRef('staff.id', '=', 'staff_invites.staff_id')
          .where('staff.removed_at', 'is', null),
      ),
    )
    .returning('staff_id')
    .executeTakeFirst();
  if (used) return used.staff_id;
  const row = await db
    .selectFrom('staff_invites')
    .select(['used_at', 'expires_at', 'created_at'])
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  if (!row) throw new InvalidDataError('This invite link is not valid. Ask for a new one.');
  if (row.used_at)
    throw new InvalidDataError('This invite link was used already. Sign in with your mobile instead.');
  if (row.expires_at.getTime() <= now.getTime())
    throw new InvalidDataError('This invite link has expired. Ask for a new one.');
  throw new InvalidDataError('This invite link is no longer valid: the account was removed.');
}
