import { SELLER_APPLICATION_TEXTS } from '@quokka/contract/api/seller-applications';
import type { Db } from '../../db/database.ts';
import { InvalidDataError } from '../../domain/errors.ts';
import { recordStaffAction } from './staff-audit.ts';
import { createStaffInvite, type StaffInviteText } from './staff-invites.ts';

// [I32] The owner of a seller made by an operator's approval of an application to sell (docs/sellers.md):
// the staff module's service for it, inside the approval's transaction. The account (role vendor, the
// seller's, seller_owner), its audit line and its invite text are written together, so an owner never
// exists without the link that lets them in. A mobile has at most one live staff account (the unique
// index on staff.mobile where removed_at is null): a mobile that has one is refused with a clear 400.

export interface NewSellerOwner {
  /** E.164, as the application keeps it. */
  mobile: string;
  name: string;
  sellerId: number;
  sellerName: string;
  /** The operator who approved. */
  approvedBy: number;
}

export interface AddedSellerOwner {
  staffId: number;
  /** The outbox row of the invite text: send it after the commit (outbox.sendNow). */
  inviteMessageId: number;
}

export async function addSellerOwner(
  trx: Db,
  owner: NewSellerOwner,
  text: StaffInviteText,
  now: Date,
): Promise<AddedSellerOwner> {
  const row = await trx
    .insertInto('staff')
    .values({
      mobile: owner.mobile,
      name: owner.name,
      role: 'vendor',
      seller_id: owner.sellerId,
      seller_owner: true,
      created_at: now,
    })
    .onConflict((oc) => oc.column('mobile').where('removed_at', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw new InvalidDataError(SELLER_APPLICATION_TEXTS.mobileHasStaff);
  await recordStaffAction(trx, {
    actor: { staffId: owner.approvedBy },
    action: 'staff.added',
    subject: `staff:${row.id}`,
    after: {
      mobile: owner.mobile,
      name: owner.name,
      role: 'vendor',
      seller_id: owner.sellerId,
      seller_owner: true,
    },
    at: now,
  });
  const invite = await createStaffInvite(
    trx,
    {
      staffId: row.id,
      mobile: owner.mobile,
      name: owner.name,
      sellerName: owner.sellerName,
      owner: true,
      createdBy: owner.approvedBy,
    },
    text,
    now,
  );
  return { staffId: row.id, inviteMessageId: invite.messageId };
}
