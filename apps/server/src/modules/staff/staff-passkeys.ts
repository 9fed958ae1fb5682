import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { InvalidDataError } from '../../domain/errors.ts';

// [I15-passkeys] Passkeys (WebAuthn) with @simplewebauthn/server. The relying party is the shop's public
// address (PUBLIC_URL, else http://localhost:PORT): its host name is the RP ID, its origin the only origin
// accepted. Passkeys are discoverable and user-verified (the phone's lock), with no attestation asked.
// Each challenge is stored (staff_webauthn_challenges), works once, for CHALLENGE_TTL_MS, for one purpose
// and, for registration and step-up, one member of staff.
//
// [I27-recovery] A passkey registered in a session opened by a one-time code, for a member who already has
// a passkey, is pending until `pending_until`: it signs in, but a check with it does not count for money
// actions (staff-guards.ts requireFreshPasskey). Another operator may approve it sooner; its owner, with a
// passkey that counts, may remove it. A member's first passkey is enrolment, not recovery: it counts at once.

const CHALLENGE_TTL_MS = 5 * 60_000;
export const PASSKEY_REFUSED = 'This passkey could not be verified. Please try again.';

export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingPartyOf(config: {
  PUBLIC_URL?: string | undefined;
  PORT: number;
  STORE_NAME: string;
}) {
  const url = new URL(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`);
  return { id: url.hostname, origin: url.origin, name: `${config.STORE_NAME} back office` };
}

type Purpose = 'registration' | 'sign_in' | 'step_up';

const refused = () => new InvalidDataError(PASSKEY_REFUSED);

/** The challenge a response answers, read from its clientDataJSON (verified again by the library). */
function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string | undefined {
  const encoded = response.response?.clientDataJSON;
  if (typeof encoded !== 'string') return undefined;
  try {
    const data = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

/** A passkey's credential as its verified registration gives it. */
export type VerifiedCredential = NonNullable<
  Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo']
>['credential'];

export function createStaffPasskeys({ db, clock, rp }: { db: Db; clock: Clock; rp: RelyingParty }) {
  async function keepChallenge(challenge: string, purpose: Purpose, staffId: number | null) {
    const now = clock.now();
    await db.deleteFrom('staff_webauthn_challenges').where('expires_at', '<=', now).execute();
    await db
      .insertInto('staff_webauthn_challenges')
      .values({
        challenge,
        purpose,
        staff_id: staffId,
        expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS),
      })
      .execute();
  }

  /** Spends the response's challenge: true once, for a live challenge of this purpose and member. */
  async function spendChallenge(response: object, purpose: Purpose, staffId: number | null) {
    const challenge = challengeOf(response as { response?: { clientDataJSON?: unknown } });
    if (!challenge) return undefined;
    const query = db
      .deleteFrom('staff_webauthn_challenges')
      .where('challenge', '=', challenge)
      .where('purpose', '=', purpose)
      .where('expires_at', '>', clock.now());
    const spent = await (staffId === null
      ? query.where('staff_id', 'is', null)
      : query.where('staff_id', '=', staffId)
    )
      .returning('challenge')
      .executeTakeFirst();
    return spent?.challenge;
  }

  const credentialsOf = (staffId: number) =>
    db
      .selectFrom('staff_passkeys')
      .select(['credential_id', 'transports'])
      .where('staff_id', '=', staffId)
      .execute();

  async function verifyAssertion(
    response: AuthenticationResponseJSON,
    purpose: Purpose,
    staffId: number | null,
  ) {
    const expectedChallenge = await spendChallenge(response, purpose, staffId);
    if (!expectedChallenge || typeof response.id !== 'string') throw refused();
    const passkey = await db
      .selectFrom('staff_passkeys')
      .innerJoin('staff', 'staff.id', 'staff_passkeys.staff_id')
      .select([
        'staff_passkeys.id',
        'staff_passkeys.staff_id',
        'credential_id',
        'public_key',
        'counter',
        'transports',
        'staff_passkeys.pending_until',
      ])
      .where('credential_id', '=', response.id)
      .where('staff.removed_at', 'is', null)
      .executeTakeFirst();
    if (!passkey || (staffId !== null && passkey.staff_id !== staffId)) throw refused();
    let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
        credential: {
          id: passkey.credential_id,
          publicKey: new Uint8Array(passkey.public_key),
          counter: Number(passkey.counter),
          transports: passkey.transports as never,
        },
      });
    } catch {
      throw refused();
    }
    if (!verification.verified) throw refused();
    await db
      .updateTable('staff_passkeys')
      .set({ counter: verification.authenticationInfo.newCounter, last_used_at: clock.now() })
      .where('id', '=', passkey.id)
      .execute();
    return {
      staffId: passkey.staff_id,
      credentialId: passkey.credential_id,
      passkeyId: passkey.id,
      pendingUntil: passkey.pending_until,
    };
  }

  const listed = () =>
    db
      .selectFrom('staff_passkeys')
      .innerJoin('staff', 'staff.id', 'staff_passkeys.staff_id')
      .select([
        'staff_passkeys.id',
        'staff_passkeys.staff_id',
        'staff.name as staff_name',
        'staff_passkeys.credential_id',
        'staff_passkeys.created_at',
        'staff_passkeys.last_used_at',
        'staff_passkeys.pending_until',
      ])
      .where('staff.removed_at', 'is', null)
      .orderBy('staff_passkeys.id');

  return {
    async registrationOptions(staff: { id: number; name: string; mobile: string }) {
      const existing = await credentialsOf(staff.id);
      const options = await generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userID: new TextEncoder().encode(`staff:${staff.id}`),
        userName: staff.mobile,
        userDisplayName: staff.name,
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({
          id: row.credential_id,
          transports: row.transports as never,
        })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await keepChallenge(options.challenge, 'registration', staff.id);
      return options;
    },

    /**
     * Verifies a new passkey's registration (spending its challenge, committed on its own: a refused
     * response can never be tried again with it). The credential is kept by `keep`, in the caller's
     * transaction with what goes with it (the audit line, the notices).
     */
    async verifyRegistration(staffId: number, response: RegistrationResponseJSON) {
      const expectedChallenge = await spendChallenge(response, 'registration', staffId);
      if (!expectedChallenge) throw refused();
      let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verification = await verifyRegistrationResponse({
          response,
          expectedChallenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: true,
        });
      } catch {
        throw refused();
      }
      if (!verification.verified || !verification.registrationInfo) throw refused();
      return verification.registrationInfo.credential;
    },

    /**
     * Keeps a verified credential as the member's passkey, in `on` (the caller's transaction).
     * `pendingUntil`: the passkey is pending until then when the member already has one (a first passkey
     * always counts at once); the reply says what was decided.
     */
    async keep(
      staffId: number,
      credential: VerifiedCredential,
      pendingUntil: Date | null,
      on: Db = db,
    ): Promise<{ credentialId: string; passkeyId: number; pendingUntil: Date | null; first: boolean }> {
      const inserted = await on
        .insertInto('staff_passkeys')
        .values({
          staff_id: staffId,
          credential_id: credential.id,
          public_key: credential.publicKey,
          counter: credential.counter,
          transports: JSON.stringify(credential.transports ?? []),
          created_at: clock.now(),
          // Decided in the statement that inserts: pending only when another passkey of the member exists.
          pending_until:
            pendingUntil === null
              ? null
              : sql<Date | null>`case when exists (select 1 from staff_passkeys where staff_id = ${staffId})
                  then ${pendingUntil}::timestamptz else null end`,
        })
        .onConflict((oc) => oc.column('credential_id').doNothing())
        .returning(['id', 'pending_until'])
        .executeTakeFirst();
      if (!inserted) throw refused();
      return {
        credentialId: credential.id,
        passkeyId: inserted.id,
        pendingUntil: inserted.pending_until,
        first: pendingUntil !== null && inserted.pending_until === null,
      };
    },

    /** A live member's passkeys, oldest first. */
    ofStaff: (staffId: number) => listed().where('staff_passkeys.staff_id', '=', staffId).execute(),

    /** Every live member's passkeys still pending now, oldest first. */
    pending: () => listed().where('staff_passkeys.pending_until', '>', clock.now()).execute(),

    /** One passkey of a live member, or undefined. */
    find: (id: number) => listed().where('staff_passkeys.id', '=', id).executeTakeFirst(),

    /** Makes a pending passkey count now; undefined when it was not pending (any more). */
    async approve(id: number, on: Db = db) {
      return on
        .updateTable('staff_passkeys')
        .set({ pending_until: null })
        .where('id', '=', id)
        .where('pending_until', '>', clock.now())
        .returning(['id', 'staff_id', 'credential_id'])
        .executeTakeFirst();
    },

    /** Deletes a passkey; the sessions whose last check it answered end with it (foreign key cascade). */
    async remove(id: number, on: Db = db) {
      return on
        .deleteFrom('staff_passkeys')
        .where('id', '=', id)
        .returning(['id', 'staff_id', 'credential_id', 'pending_until'])
        .executeTakeFirst();
    },

    /** Options for a passkey sign-in: any of the shop's passkeys (discoverable), user verification. */
    async signInOptions() {
      const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
      await keepChallenge(options.challenge, 'sign_in', null);
      return options;
    },

    signIn: (response: AuthenticationResponseJSON) => verifyAssertion(response, 'sign_in', null),

    /** Options for checking the signed-in member's passkey again (step-up before money actions). */
    async stepUpOptions(staffId: number) {
      const existing = await credentialsOf(staffId);
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: 'required',
        allowCredentials: existing.map((row) => ({
          id: row.credential_id,
          transports: row.transports as never,
        })),
      });
      await keepChallenge(options.challenge, 'step_up', staffId);
      return options;
    },

    stepUp: (staffId: number, response: AuthenticationResponseJSON) =>
      verifyAssertion(response, 'step_up', staffId),
  };
}

export type StaffPasskeys = ReturnType<typeof createStaffPasskeys>;
