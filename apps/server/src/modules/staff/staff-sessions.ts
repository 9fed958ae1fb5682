import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { StaffRole } from '../../db/schema.ts';

// [I15-sessions] Back-office sessions, stored in PostgreSQL (staff_sessions). The session id is 32 random
// bytes that live only in the staff member's cookie; the table keeps their SHA-256. A session ends after
// STAFF_SESSION_IDLE_MINUTES without a request, STAFF_SESSION_MAX_HOURS after sign-in whatever happens,
// at sign-out, and the moment its member is removed (the lookup joins live staff only).
//
// A session has a stage: 'needs_passkey' after a code sign-in (it may only add a passkey) and 'full'
// after a passkey ceremony. `passkey_verified_at` is the last passkey check, for money actions, and
// `passkey_id` the passkey that answered it: [I27-recovery] a check with a pending passkey (staff-passkeys.ts)
// does not count for money actions, and removing a passkey ends the sessions resting on it (the foreign
// key cascades).
//
// [I15-csrf] The CSRF token of a session is derived from its id (SHA-256 of 'csrf:' + id): it needs no
// storage, differs from the stored hash, and cannot be computed without the cookie, which scripts
// cannot read (httpOnly).

export type SessionStage = 'needs_passkey' | 'full';

export interface StaffSession {
  staff: {
    id: number;
    name: string;
    mobile: string;
    role: StaffRole;
    seller_id: number | null;
    /** [I32] The seller's owner: adds and removes that seller's staff. */
    seller_owner: boolean;
  };
  stage: SessionStage;
  createdAt: Date;
  passkeyVerifiedAt: Date | null;
  /** The passkey of the last check, and until when it is pending (null: it counts for money actions). */
  passkeyId: number | null;
  passkeyPendingUntil: Date | null;
  csrfToken: string;
}

export interface SessionTimes {
  idleMinutes: number;
  maxHours: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
export const csrfTokenOf = (sessionId: string) =>
  createHash('sha256').update(`csrf:${sessionId}`).digest('base64url');

/** Constant-time comparison of a CSRF header with the session's token. */
export function csrfTokenMatches(sessionId: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(csrfTokenOf(sessionId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export function createStaffSessions({ db, clock, times }: { db: Db; clock: Clock; times: SessionTimes }) {
  const idleMs = times.idleMinutes * 60_000;
  const maxMs = times.maxHours * 3_600_000;
  return {
    maxAgeSeconds: times.maxHours * 3600,

    /** A new session for a live member; returns the id for the cookie. */
    async start(
      staffId: number,
      stage: SessionStage,
      passkey: { at: Date; id: number } | null,
    ): Promise<string> {
      const id = randomBytes(32).toString('base64url');
      const now = clock.now();
      // Housekeeping: the member's dead sessions go when a new one starts.
      await db
        .deleteFrom('staff_sessions')
        .where('staff_id', '=', staffId)
        .where((eb) =>
          eb.or([
            eb('last_seen_at', '<=', new Date(now.getTime() - idleMs)),
            eb('created_at', '<=', new Date(now.getTime() - maxMs)),
          ]),
        )
        .execute();
      await db
        .insertInto('staff_sessions')
        .values({
          id_hash: sha256(id),
          staff_id: staffId,
          stage,
          created_at: now,
          last_seen_at: now,
          passkey_verified_at: passkey?.at ?? null,
          passkey_id: passkey?.id ?? null,
        })
        .execute();
      return id;
    },

    /**
     * The live session of an id, its last-seen time moved to now; undefined when unknown, idle too long,
     * too old, or its member was removed. An expired session is deleted on sight.
     */
    async find(sessionId: string): Promise<StaffSession | undefined> {
      const now = clock.now();
      const idHash = sha256(sessionId);
      const row = await db
        .updateTable('staff_sessions')
        .set({ last_seen_at: now })
        .from('staff')
        .whereRef('staff.id', '=', 'staff_sessions.staff_id')
        .where('staff.removed_at', 'is', null)
        .where('staff_sessions.id_hash', '=', idHash)
        .where('staff_sessions.last_seen_at', '>', new Date(now.getTime() - idleMs))
        .where('staff_sessions.created_at', '>', new Date(now.getTime() - maxMs))
        .returning((eb) => [
          'staff.id',
          'staff.name',
          'staff.mobile',
          'staff.role',
          'staff.seller_id',
          'staff.seller_owner',
          'staff_sessions.stage',
          'staff_sessions.created_at',
          'staff_sessions.passkey_verified_at',
          'staff_sessions.passkey_id',
          eb
            .selectFrom('staff_passkeys')
            .select('staff_passkeys.pending_until')
            .whereRef('staff_passkeys.id', '=', 'staff_sessions.passkey_id')
            .as('passkey_pending_until'),
        ])
        .executeTakeFirst();
      if (!row) {
        await db.deleteFrom('staff_sessions').where('id_hash', '=', idHash).execute();
        return undefined;
      }
      return {
        staff: {
          id: row.id,
          name: row.name,
          mobile: row.mobile,
          role: row.role,
          seller_id: row.seller_id,
          seller_owner: row.seller_owner,
        },
        stage: row.stage,
        createdAt: row.created_at,
        passkeyVerifiedAt: row.passkey_verified_at,
        passkeyId: row.passkey_id,
        passkeyPendingUntil: row.passkey_pending_until ?? null,
        csrfToken: csrfTokenOf(sessionId),
      };
    },

    /** After a passkey ceremony: the session is full and its passkey check is now, with that passkey. */
    async passkeyVerified(sessionId: string, at: Date, passkeyId: number): Promise<void> {
      await db
        .updateTable('staff_sessions')
        .set({ stage: 'full', passkey_verified_at: at, passkey_id: passkeyId })
        .where('id_hash', '=', sha256(sessionId))
        .execute();
    },

    async end(sessionId: string): Promise<void> {
      await db.deleteFrom('staff_sessions').where('id_hash', '=', sha256(sessionId)).execute();
    },
  };
}

export type StaffSessions = ReturnType<typeof createStaffSessions>;
