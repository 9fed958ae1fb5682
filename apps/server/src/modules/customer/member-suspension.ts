import type { AdminMember } from '@quokka/contract/api/members';
import { MEMBER_SEARCH_LIMIT } from '@quokka/contract/api/members';
import { type BusinessIdentity, supportContactText } from '@quokka/contract/business-identity';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../domain/errors.ts';

// [I32] Suspending a member and lifting it (docs/sellers.md): the customer module's side. An operator finds
// a member by mobile or email and suspends them with a reason (the routes, modules/sellers/
// suspension-routes.ts, write the audit line and end the member's sessions in the same transaction).
// While suspended the member cannot sign in: the code confirm and the link sign-in refuse them with
// `memberSuspendedMessage` (auth-service.ts, through `refuseSuspendedMember`), and with no live token
// they cannot order nor use a gift card at checkout. A gift card they sent is the recipient's: nothing
// here touches it. Lifting clears the suspension; the member signs in again.

export const MEMBER_NOT_FOUND = 'There is no such member.';
export const MEMBER_ALREADY_SUSPENDED = 'This member is already suspended. Lift the suspension first.';
export const MEMBER_NOT_SUSPENDED = 'This member is not suspended.';

/** What a suspended member is told when they try to sign in. */
export function memberSuspendedMessage(identity: BusinessIdentity): string {
  const contact = supportContactText(identity);
  return contact ? `This account is suspended. Contact ${contact}.` : 'This account is suspended.';
}

const columns = [
  'id',
  'firstname',
  'lastname',
  'mobile',
  'email',
  'suspended_at',
  'suspended_reason',
  'created_at',
] as const;

interface Row {
  id: number;
  firstname: string;
  lastname: string;
  mobile: string;
  email: string;
  suspended_at: Date | null;
  suspended_reason: string | null;
  created_at: Date | string;
}

const iso = (at: Date | string) => new Date(at).toISOString();

function adminMember(row: Row): AdminMember {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    mobile: row.mobile,
    email: row.email,
    suspended_at: row.suspended_at ? iso(row.suspended_at) : null,
    suspended_reason: row.suspended_reason,
    created_at: iso(row.created_at),
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Members whose mobile or email contains `q` (any case). A mobile typed the national way (0412 345 678)
 * is also looked for as +61412345678; spaces in a typed number are ignored.
 */
export async function searchMembers(db: Db, q: string): Promise<AdminMember[]> {
  const typed = q.trim();
  const digits = typed.replace(/[\s()-]/g, '');
  const mobiles = new Set([digits]);
  if (/^0\d+$/.test(digits)) mobiles.add(`+61${digits.slice(1)}`);
  if (/^61\d+$/.test(digits)) mobiles.add(`+${digits}`);
  const like = (value: string) => sql<string>`${`%${escapeLike(value)}%`} escape '\\'`;
  const rows = await db
    .selectFrom('customers')
    .select(columns)
    .where((eb) =>
      eb.or([
        eb('email', 'ilike', like(typed)),
        ...[...mobiles].filter((m) => m.length > 0).map((m) => eb('mobile', 'like', like(m))),
      ]),
    )
    .orderBy('id')
    .limit(MEMBER_SEARCH_LIMIT)
    .execute();
  return rows.map(adminMember);
}

export async function findAdminMember(db: Db, customerId: number): Promise<AdminMember> {
  const row = await db
    .selectFrom('customers')
    .select(columns)
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(MEMBER_NOT_FOUND);
  return adminMember(row);
}

export interface MemberSuspensionChange {
  before: AdminMember;
  after: AdminMember;
}

async function lockMember(trx: Db, customerId: number): Promise<Row> {
  const row = await trx
    .selectFrom('customers')
    .select(columns)
    .where('id', '=', customerId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new NotFoundError(MEMBER_NOT_FOUND);
  return row;
}

/** Inside `trx`: suspends the member (409 when they already are). */
export async function suspendMemberIn(
  trx: Db,
  input: { customerId: number; reason: string; now: Date },
): Promise<MemberSuspensionChange> {
  const row = await lockMember(trx, input.customerId);
  if (row.suspended_at !== null) throw new ConflictError(MEMBER_ALREADY_SUSPENDED);
  const updated = await trx
    .updateTable('customers')
    .set({ suspended_at: input.now, suspended_reason: input.reason })
    .where('id', '=', input.customerId)
    .returning(columns)
    .executeTakeFirstOrThrow();
  return { before: adminMember(row), after: adminMember(updated) };
}

/** Inside `trx`: lifts the member's suspension (409 when there is none). */
export async function liftMemberSuspensionIn(
  trx: Db,
  input: { customerId: number },
): Promise<MemberSuspensionChange> {
  const row = await lockMember(trx, input.customerId);
  if (row.suspended_at === null) throw new ConflictError(MEMBER_NOT_SUSPENDED);
  const updated = await trx
    .updateTable('customers')
    .set({ suspended_at: null, suspended_reason: null })
    .where('id', '=', input.customerId)
    .returning(columns)
    .executeTakeFirstOrThrow();
  return { before: adminMember(row), after: adminMember(updated) };
}

/** Whether the member is suspended now (false for no such member). */
export async function memberSuspended(db: Db, customerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('customers')
    .select('suspended_at')
    .where('id', '=', customerId)
    .executeTakeFirst();
  return row?.suspended_at != null;
}

/** 403 with `memberSuspendedMessage` when the member is suspended (sign-in, auth-service.ts). */
export async function refuseSuspendedMember(
  db: Db,
  customerId: number,
  identity: BusinessIdentity,
): Promise<void> {
  if (await memberSuspended(db, customerId)) throw new ForbiddenError(memberSuspendedMessage(identity));
}
