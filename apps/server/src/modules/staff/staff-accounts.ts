import { type E164Mobile, parseAuMobile } from '@quokka/contract/mobile';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { StaffRole } from '../../db/schema.ts';
import { recordStaffAction, type StaffActor } from './staff-audit.ts';

// [I15-staff-cli] Staff accounts: an operator (sees everything) or a vendor (one seller's staff, used by
// the next issue). Made and removed by the operator's CLI; a mobile has at most one live account. Removal
// keeps the row (the audit log points at it) and ends the member's sessions at once.

export const STAFF_ROLES: readonly StaffRole[] = ['operator', 'vendor'];

export interface StaffMember {
  id: number;
  mobile: E164Mobile;
  name: string;
  role: StaffRole;
  seller_id: number | null;
  created_at: Date;
}

/** A request the operator can fix: printed as it is by the CLI. */
export class StaffInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StaffInputError';
  }
}

export interface NewStaff {
  mobile: string;
  name: string;
  role: string;
  /** A seller's URL key; required for a vendor, refused for an operator. */
  sellerUrl?: string | undefined;
}

export interface StaffAccountsDeps {
  db: Db;
  clock: Clock;
  /** The catalogue's seller of a URL key, undefined when there is none. */
  findSellerId(sellerUrl: string): Promise<number | undefined>;
}

const CLI: StaffActor = { cli: true };

export function parseStaffMobile(text: string): E164Mobile {
  const mobile = parseAuMobile(text);
  if (!mobile)
    throw new StaffInputError(`"${text}" is not an Australian mobile (0412 345 678 or +61412345678)`);
  return mobile;
}

const toMember = (row: {
  id: number;
  mobile: string;
  name: string;
  role: StaffRole;
  seller_id: number | null;
  created_at: Date;
}): StaffMember => ({ ...row, mobile: row.mobile as E164Mobile });

export function createStaffAccounts({ db, clock, findSellerId }: StaffAccountsDeps) {
  return {
    /** Validates everything before writing anything; the account and its audit line in one transaction. */
    async add(input: NewStaff, actor: StaffActor = CLI): Promise<StaffMember> {
      const mobile = parseStaffMobile(input.mobile);
      const name = input.name.trim().replace(/\s+/g, ' ');
      if (name.length < 2 || name.length > 80)
        throw new StaffInputError('The name must be 2 to 80 characters');
      if (!STAFF_ROLES.includes(input.role as StaffRole))
        throw new StaffInputError(`Unknown role "${input.role}": use operator or vendor`);
      const role = input.role as StaffRole;
      let sellerId: number | null = null;
      if (role === 'vendor') {
        if (!input.sellerUrl) throw new StaffInputError('A vendor needs --seller <seller_url>');
        const found = await findSellerId(input.sellerUrl);
        if (found === undefined) throw new StaffInputError(`No seller "${input.sellerUrl}"`);
        sellerId = found;
      } else if (input.sellerUrl) {
        throw new StaffInputError('An operator sees every seller: --seller is only for --role vendor');
      }
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('staff')
          .values({ mobile, name, role, seller_id: sellerId, created_at: now })
          .onConflict((oc) => oc.column('mobile').where('removed_at', 'is', null).doNothing())
          .returning(['id', 'mobile', 'name', 'role', 'seller_id', 'created_at'])
          .executeTakeFirst();
        if (!row) throw new StaffInputError(`${mobile} already has a staff account`);
        const member = toMember(row);
        await recordStaffAction(trx, {
          actor,
          action: 'staff.added',
          subject: `staff:${member.id}`,
          after: { mobile, name, role, seller_id: sellerId },
          at: now,
        });
        return member;
      });
    },

    /** Live accounts, oldest first. */
    async list(): Promise<StaffMember[]> {
      const rows = await db
        .selectFrom('staff')
        .select(['id', 'mobile', 'name', 'role', 'seller_id', 'created_at'])
        .where('removed_at', 'is', null)
        .orderBy('id')
        .execute();
      return rows.map(toMember);
    },

    /** Removes the live account of the mobile; its sessions stop working at once. */
    async remove(mobileText: string, actor: StaffActor = CLI): Promise<StaffMember> {
      const mobile = parseStaffMobile(mobileText);
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const found = await trx
          .selectFrom('staff')
          .select('id')
          .where('mobile', '=', mobile)
          .where('removed_at', 'is', null)
          .executeTakeFirst();
        const member = found && (await removeStaffAccount(trx, found.id, actor, now));
        if (!member) throw new StaffInputError(`${mobile} has no staff account`);
        return member;
      });
    },
  };
}

export type StaffAccounts = ReturnType<typeof createStaffAccounts>;

/**
 * [I32] Removes a live account by its id in the caller's transaction `trx` (the CLI's remove, and Staff in
 * the back office): its sessions end at once (and its invite links stop working: useStaffInvite asks for a
 * live account), with its audit line. Answers the member, or undefined when there is no such live account.
 */
export async function removeStaffAccount(
  trx: Db,
  staffId: number,
  actor: StaffActor,
  now: Date,
): Promise<StaffMember | undefined> {
  const row = await trx
    .updateTable('staff')
    .set({ removed_at: now })
    .where('id', '=', staffId)
    .where('removed_at', 'is', null)
    .returning(['id', 'mobile', 'name', 'role', 'seller_id', 'created_at'])
    .executeTakeFirst();
  if (!row) return undefined;
  await trx.deleteFrom('staff_sessions').where('staff_id', '=', row.id).execute();
  await recordStaffAction(trx, {
    actor,
    action: 'staff.removed',
    subject: `staff:${row.id}`,
    before: { mobile: row.mobile, name: row.name, role: row.role, seller_id: row.seller_id },
    at: now,
  });
  return toMember(row);
}
