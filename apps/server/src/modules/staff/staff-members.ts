import type { AddStaffRequest, StaffListItem } from '@quokka/contract/api/staff-admin';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { StaffRole } from '../../db/schema.ts';
import { ForbiddenError, InvalidDataError, NotFoundError } from '../../domain/errors.ts';
import type { OutboxSender } from '../messages/outbox.ts';
import { parseStaffMobile, removeStaffAccount, StaffInputError } from './staff-accounts.ts';
import { recordStaffAction } from './staff-audit.ts';
import { createStaffInvite, type StaffInviteText } from './staff-invites.ts';
import type { StaffSession } from './staff-sessions.ts';

// [I32] Staff from the back office (docs/sellers.md): operators see and manage every member of staff of
// any role; a seller's owner sees and manages only their own seller's staff (a member of any other seller,
// or an operator, is "no such member": 404); any other vendor is refused (403). A new member, and "Text a
// new invite", get the invite text (staff-invites.ts) queued in the change's transaction and sent before
// the reply. Removing a member ends their sessions and invite links at once. An owner cannot remove
// themselves; the last operator cannot be removed. Every change has its audit line.

export const STAFF_MANAGERS_ONLY = "Only an operator or the seller's owner can manage staff.";
export const NO_SUCH_MEMBER = 'There is no such member of staff.';
export const OWNER_CANNOT_REMOVE_SELF =
  "You cannot remove yourself: you are the seller's owner. Ask the shop's operator.";
export const LAST_OPERATOR = 'This is the last operator: add another operator before removing them.';
export const OWN_SELLER_ONLY = "You can add staff only to your own seller's shop.";

/** The catalogue's sellers as Staff needs them (catalog/seller-profile.ts, handed in by app.ts). */
export interface StaffSellers {
  /** Seller names by id (missing ids are left out). */
  namesOf(ids: readonly number[]): Promise<Map<number, string>>;
}

export interface StaffMembersDeps {
  db: Db;
  clock: Clock;
  outbox: Pick<OutboxSender, 'sendNow'>;
  sellers: StaffSellers;
  invite: StaffInviteText;
}

type Manager = StaffSession['staff'];

/** The seller whose staff a manager may manage: null for an operator (all), else their seller. */
function scopeOf(manager: Manager): { all: true } | { sellerId: number } {
  if (manager.role === 'operator') return { all: true };
  if (manager.seller_owner && manager.seller_id !== null) return { sellerId: manager.seller_id };
  throw new ForbiddenError(STAFF_MANAGERS_ONLY);
}

const inputError = (error: unknown) =>
  error instanceof StaffInputError ? new InvalidDataError(`${error.message}.`) : error;

export function createStaffMembers({ db, clock, outbox, sellers, invite }: StaffMembersDeps) {
  /** The live members the manager may see, oldest first, with their invite state. */
  async function list(manager: Manager, onlyId?: number): Promise<StaffListItem[]> {
    const scope = scopeOf(manager);
    const now = clock.now();
    let query = db
      .selectFrom('staff')
      .select([
        'staff.id',
        'staff.name',
        'staff.mobile',
        'staff.role',
        'staff.seller_id',
        'staff.seller_owner',
        'staff.created_at',
      ])
      .select((eb) => [
        eb
          .exists(
            eb
              .selectFrom('staff_passkeys')
              .select('staff_passkeys.id')
              .whereRef('staff_passkeys.staff_id', '=', 'staff.id'),
          )
          .as('has_passkey'),
        eb
          .selectFrom('staff_invites')
          .select((inner) => inner.fn.max('staff_invites.expires_at').as('until'))
          .whereRef('staff_invites.staff_id', '=', 'staff.id')
          .where('staff_invites.used_at', 'is', null)
          .where('staff_invites.expires_at', '>', now)
          .as('invite_until'),
      ])
      .where('staff.removed_at', 'is', null);
    if ('sellerId' in scope)
      query = query.where('staff.role', '=', 'vendor').where('staff.seller_id', '=', scope.sellerId);
    if (onlyId !== undefined) query = query.where('staff.id', '=', onlyId);
    const rows = await query.orderBy('staff.id').execute();
    const names = await sellers.namesOf(
      rows.flatMap((row) => (row.seller_id === null ? [] : [row.seller_id])),
    );
    return rows.map((row) => {
      const until = row.invite_until ? new Date(row.invite_until as unknown as string | Date) : null;
      return {
        id: row.id,
        name: row.name,
        mobile: row.mobile,
        role: row.role,
        seller_id: row.seller_id,
        seller_name: row.seller_id === null ? null : (names.get(row.seller_id) ?? null),
        seller_owner: row.seller_owner,
        invite_state: row.has_passkey ? 'active' : until ? 'invited' : 'invite_expired',
        invite_expires_at: until ? until.toISOString() : null,
        created_at: row.created_at.toISOString(),
      };
    });
  }

  /** The one member the manager may see, or 404. */
  async function visible(manager: Manager, id: number): Promise<StaffListItem> {
    const [member] = await list(manager, id);
    if (!member) throw new NotFoundError(NO_SUCH_MEMBER);
    return member;
  }

  /** Queues the member's invite in `trx`; answers the outbox row's id. */
  const queueInvite = async (trx: Db, member: StaffListItem, by: Manager, now: Date) => {
    const { messageId, expiresAt } = await createStaffInvite(
      trx,
      {
        staffId: member.id,
        mobile: member.mobile,
        name: member.name,
        sellerName: member.seller_name,
        owner: member.seller_owner,
        createdBy: by.id,
      },
      invite,
      now,
    );
    await recordStaffAction(trx, {
      actor: { staffId: by.id },
      action: 'staff.invited',
      subject: `staff:${member.id}`,
      after: { expires_at: expiresAt.toISOString() },
      at: now,
    });
    return messageId;
  };

  return {
    list: (manager: Manager) => list(manager),

    /** Adds a member and texts their invite; answers the member as listed. */
    async add(manager: Manager, body: AddStaffRequest): Promise<StaffListItem> {
      const scope = scopeOf(manager);
      let role: StaffRole;
      let sellerId: number | null;
      if ('sellerId' in scope) {
        if (
          (body.role ?? 'vendor') !== 'vendor' ||
          (body.seller_id != null && body.seller_id !== scope.sellerId)
        )
          throw new ForbiddenError(OWN_SELLER_ONLY);
        role = 'vendor';
        sellerId = scope.sellerId;
      } else {
        if (!body.role)
          throw new InvalidDataError("Choose the role: operator, or vendor (a seller's staff).");
        role = body.role;
        sellerId = body.seller_id ?? null;
        if (role === 'vendor' && sellerId === null)
          throw new InvalidDataError('Choose the seller this member works for.');
        if (role === 'operator' && sellerId !== null)
          throw new InvalidDataError('An operator sees every seller: leave the seller empty.');
      }
      // Read before the transaction (the catalogue's service answers from its own connection).
      const names = sellerId === null ? new Map<number, string>() : await sellers.namesOf([sellerId]);
      if (sellerId !== null && !names.has(sellerId)) throw new InvalidDataError('There is no such seller.');
      let mobile: string;
      try {
        mobile = parseStaffMobile(body.mobile);
      } catch (error) {
        throw inputError(error);
      }
      const name = body.name;
      const now = clock.now();
      const { member, messageId } = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('staff')
          .values({ mobile, name, role, seller_id: sellerId, created_at: now })
          .onConflict((oc) => oc.column('mobile').where('removed_at', 'is', null).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) throw new InvalidDataError(`${mobile} already has a staff account.`);
        await recordStaffAction(trx, {
          actor: { staffId: manager.id },
          action: 'staff.added',
          subject: `staff:${row.id}`,
          after: { mobile, name, role, seller_id: sellerId },
          at: now,
        });
        const member: StaffListItem = {
          id: row.id,
          name,
          mobile,
          role,
          seller_id: sellerId,
          seller_name: sellerId === null ? null : (names.get(sellerId) ?? null),
          seller_owner: false,
          invite_state: 'invited',
          invite_expires_at: null,
          created_at: now.toISOString(),
        };
        return { member, messageId: await queueInvite(trx, member, manager, now) };
      });
      await outbox.sendNow([messageId]);
      return visible(manager, member.id);
    },

    /** Removes a member the manager may see: their sessions and invite links end at once. */
    async remove(manager: Manager, id: number): Promise<void> {
      const member = await visible(manager, id);
      if (member.id === manager.id && manager.role !== 'operator')
        throw new InvalidDataError(OWNER_CANNOT_REMOVE_SELF);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        if (member.role === 'operator') {
          // Locks every live operator's row: two operators removing each other at once cannot both win.
          const operators = await trx
            .selectFrom('staff')
            .select('id')
            .where('role', '=', 'operator')
            .where('removed_at', 'is', null)
            .forUpdate()
            .execute();
          if (operators.length <= 1) throw new InvalidDataError(LAST_OPERATOR);
        }
        const removed = await removeStaffAccount(trx, member.id, { staffId: manager.id }, now);
        if (!removed) throw new NotFoundError(NO_SUCH_MEMBER);
      });
    },

    /** Texts a member a new invite: the links sent before stop working. */
    async reinvite(manager: Manager, id: number): Promise<StaffListItem> {
      const member = await visible(manager, id);
      const now = clock.now();
      const messageId = await db.transaction().execute(async (trx) => {
        // The member may have been removed since: the row lock makes the two wait on each other.
        const live = await trx
          .selectFrom('staff')
          .select('id')
          .where('id', '=', member.id)
          .where('removed_at', 'is', null)
          .forUpdate()
          .executeTakeFirst();
        if (!live) throw new NotFoundError(NO_SUCH_MEMBER);
        return queueInvite(trx, member, manager, now);
      });
      await outbox.sendNow([messageId]);
      return visible(manager, member.id);
    },
  };
}

export type StaffMembers = ReturnType<typeof createStaffMembers>;
