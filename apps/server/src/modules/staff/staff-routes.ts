import {
  auditQuerySchema,
  auditReplySchema,
  passkeyParamsSchema,
  staffCodeBodySchema,
  staffConfirmCodeBodySchema,
  staffMeSchema,
  staffPasskeysSchema,
  staffSessionReplySchema,
  webAuthnBodySchema,
  webAuthnOptionsSchema,
} from '@quokka/contract/api/admin';
import { statusReplySchema } from '@quokka/contract/api/common';
import { errorReplies } from '@quokka/contract/api/errors';
import { acceptInviteBodySchema } from '@quokka/contract/api/staff-admin';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { ForbiddenError, NotFoundError } from '../../domain/errors.ts';
import { clientAddressKey } from '../../http/client-address.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { OutboxSender } from '../messages/outbox.ts';
import { auditChoices, listStaffAudit, recordStaffAction } from './staff-audit.ts';
import type { createStaffCodeSignIn } from './staff-code-sign-in.ts';
import {
  currentStaff,
  passkeyFreshUntil,
  passkeyPendingAt,
  requireFreshPasskey,
  requireStaff,
  sessionCookie,
  staffCookieOf,
  staffGuard,
} from './staff-guards.ts';
import { useStaffInvite } from './staff-invites.ts';
import type { PasskeyNotices } from './staff-notices.ts';
import type { StaffPasskeys } from './staff-passkeys.ts';
import type { StaffSession, StaffSessions } from './staff-sessions.ts';

// [I15] The back office's API under /admin/api: its own prefix, its own cookie session, never the shopper's
// bearer tokens. Sign-in: a code (always → a session that may only add a passkey), then passkeys. Each
// sign-in, passkey added, passkey check and sign-out is written to the audit log. Thin routes over the
// staff module's services (docs/back-office.md).

/** Money actions ask for the passkey again when the last check is older than this. */
export const STEP_UP_MINUTES = 5;

/**
 * [I27-recovery] A passkey added after a code sign-in, by a member who already has one, counts for money
 * actions this long after it was added, or sooner when another operator approves it.
 */
export const PASSKEY_WAIT_HOURS = 24;

export interface StaffRoutesDeps {
  db: Db;
  clock: Clock;
  codes: ReturnType<typeof createStaffCodeSignIn>;
  sessions: StaffSessions;
  passkeys: StaffPasskeys;
  notices: PasskeyNotices;
  /** The outbox's sender (services.ts): the notices a change queued go before the reply. */
  outbox: Pick<OutboxSender, 'sendNow'>;
  /** PUBLIC_URL is https: the cookie is Secure whatever the request says. */
  alwaysTls: boolean;
}

// The error replies of each kind of route (the shared shape, errorReplies): a session's guard answers 401
// without one, 403 for a missing CSRF token, a session still needing a passkey or a vendor at an
// operator's call, and 403 STEP_UP_REQUIRED when the passkey check is stale.
const staffErrors = errorReplies(401, 403);
const staffInputErrors = errorReplies(400, 401, 403);
const passkeyActionErrors = errorReplies(400, 401, 403, 404);
/** The sign-in calls: no session asked, so no security in the document. */
const signIn = { security: [] };

export function staffRoutes({
  db,
  clock,
  codes,
  sessions,
  passkeys,
  notices,
  outbox,
  alwaysTls,
}: StaffRoutesDeps) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const anySession = requireStaff(sessions, { stage: 'any' });
    const fullSession = requireStaff(sessions);
    const operator = requireStaff(sessions, { role: 'operator' });
    const freshPasskey = requireFreshPasskey(() => clock.now(), STEP_UP_MINUTES);
    const stepUpMs = STEP_UP_MINUTES * 60_000;

    const describe = (
      session: Pick<
        StaffSession,
        'staff' | 'stage' | 'passkeyVerifiedAt' | 'passkeyPendingUntil' | 'csrfToken'
      >,
    ) => {
      const now = clock.now();
      const freshUntil = passkeyFreshUntil(session, stepUpMs);
      const pending = passkeyPendingAt(session, now);
      return {
        staff: session.staff,
        stage: session.stage,
        csrf_token: session.csrfToken,
        passkey_checked_at: session.passkeyVerifiedAt?.toISOString() ?? null,
        // Whether a money action would go through now: a check with a pending passkey does not count.
        passkey_fresh: freshUntil !== null && freshUntil.getTime() > now.getTime() && !pending,
        passkey_fresh_until: freshUntil?.toISOString() ?? null,
        passkey_pending_until: pending ? (session.passkeyPendingUntil?.toISOString() ?? null) : null,
      };
    };

    /** Ends a session the request may already carry, starts a new one and sets its cookie. */
    async function startSession(
      request: FastifyRequest,
      reply: FastifyReply,
      staffId: number,
      passkeyId: number | null,
      action: string,
      details?: unknown,
    ) {
      const previous = staffCookieOf(request);
      if (previous) await sessions.end(previous);
      const now = clock.now();
      const id = await sessions.start(
        staffId,
        passkeyId === null ? 'needs_passkey' : 'full',
        passkeyId === null ? null : { at: now, id: passkeyId },
      );
      await recordStaffAction(db, {
        actor: { staffId },
        action,
        subject: `staff:${staffId}`,
        after: details,
        at: now,
      });
      reply.header('set-cookie', sessionCookie(request, id, sessions.maxAgeSeconds, alwaysTls));
      const session = await sessions.find(id);
      if (!session) throw new Error('a session just started was not found');
      return describe(session);
    }

    documentRoutes(api, 'Back office: sign-in and passkeys');

    // [I15-code-sign-in] The same answer for every valid mobile, staff or not.
    api.post(
      '/sign-in/code',
      {
        schema: {
          ...signIn,
          body: staffCodeBodySchema,
          response: { 200: statusReplySchema, ...errorReplies(400, 429, 503) },
        },
      },
      async (request) => {
        await codes.send(request.body, clientAddressKey(request.ip));
        return { status: true } as const;
      },
    );

    api.post(
      '/sign-in/code/confirm',
      {
        schema: {
          ...signIn,
          body: staffConfirmCodeBodySchema,
          response: { 200: staffSessionReplySchema, ...errorReplies(400, 429) },
        },
      },
      async (request, reply) => {
        const staffId = await codes.confirm(request.body, clientAddressKey(request.ip));
        return {
          status: true as const,
          ...(await startSession(request, reply, staffId, null, 'sign_in.code')),
        };
      },
    );

    // [I32] The invite text's link (/admin/invite/<token>): used once, within 72 hours, by the member it
    // was sent to, it signs them in as a code does (a session that may only add a passkey). A POST, so a
    // link preview fetching the URL never uses it up.
    api.post(
      '/invites/accept',
      {
        schema: {
          ...signIn,
          body: acceptInviteBodySchema,
          response: { 200: staffSessionReplySchema, ...errorReplies(400) },
        },
      },
      async (request, reply) => {
        const staffId = await useStaffInvite(db, request.body.token, clock.now());
        return {
          status: true as const,
          ...(await startSession(request, reply, staffId, null, 'sign_in.invite')),
        };
      },
    );

    // [I15-passkeys] Passkey sign-in: options, then the authenticator's answer → a full session.
    api.post(
      '/sign-in/passkey/options',
      { schema: { ...signIn, response: { 200: webAuthnOptionsSchema } } },
      async () => ({ ...(await passkeys.signInOptions()) }),
    );

    api.post(
      '/sign-in/passkey',
      {
        schema: {
          ...signIn,
          body: webAuthnBodySchema,
          response: { 200: staffSessionReplySchema, ...errorReplies(400, 429) },
        },
      },
      async (request, reply) => {
        const { staffId, credentialId, passkeyId, pendingUntil } = await passkeys.signIn(
          request.body.response as unknown as AuthenticationResponseJSON,
        );
        return {
          status: true as const,
          ...(await startSession(request, reply, staffId, passkeyId, 'sign_in.passkey', {
            credential_id: credentialId,
            ...(pendingUntil && passkeyPendingAt({ passkeyPendingUntil: pendingUntil }, clock.now())
              ? { pending_until: pendingUntil.toISOString() }
              : {}),
          })),
        };
      },
    );

    api.get(
      '/me',
      { schema: { response: { 200: staffMeSchema, ...staffErrors } }, preHandler: anySession },
      async (request) => describe(currentStaff(request)),
    );

    // Adding a passkey: the session of a code sign-in, or a full session whose passkey check is fresh
    // (a stolen, unlocked laptop must not add the thief's passkey) and made with a passkey that counts.
    const mayAddPasskey = staffGuard(async (request: FastifyRequest) => {
      if (currentStaff(request).stage === 'full') await freshPasskey(request);
    });
    api.post(
      '/passkeys/options',
      {
        schema: { response: { 200: webAuthnOptionsSchema, ...staffErrors } },
        preHandler: [anySession, mayAddPasskey],
      },
      async (request) => ({ ...(await passkeys.registrationOptions(currentStaff(request).staff)) }),
    );

    api.post(
      '/passkeys',
      {
        schema: { body: webAuthnBodySchema, response: { 200: staffSessionReplySchema, ...staffInputErrors } },
        preHandler: [anySession, mayAddPasskey],
      },
      async (request) => {
        const session = currentStaff(request);
        const now = clock.now();
        // [I27-recovery] After a code sign-in, a member who already has a passkey gets a pending one: a code
        // alone (a swapped SIM, an intercepted text) must not give an operator's full power. A full
        // session got here with a fresh check of a passkey that counts (mayAddPasskey).
        const byCode = session.stage === 'needs_passkey';
        const credential = await passkeys.verifyRegistration(
          session.staff.id,
          request.body.response as unknown as RegistrationResponseJSON,
        );
        // The passkey, its audit line and the notices about it commit together.
        const { added, texts } = await db.transaction().execute(async (trx) => {
          const added = await passkeys.keep(
            session.staff.id,
            credential,
            byCode ? new Date(now.getTime() + PASSKEY_WAIT_HOURS * 3_600_000) : null,
            trx,
          );
          await recordStaffAction(trx, {
            actor: { staffId: session.staff.id },
            action: 'passkey.added',
            subject: `staff:${session.staff.id}`,
            after: {
              credential_id: added.credentialId,
              passkey_id: added.passkeyId,
              via: byCode ? 'code' : 'passkey',
              pending_until: added.pendingUntil?.toISOString() ?? null,
            },
            at: now,
          });
          return {
            added,
            texts: await notices.added(trx, added.passkeyId, session.staff, added.pendingUntil),
          };
        });
        // The registration was a user-verified ceremony: the session is full, its passkey check now.
        await sessions.passkeyVerified(session.id, now, added.passkeyId);
        await outbox.sendNow(texts);
        return {
          status: true as const,
          ...describe({
            ...session,
            stage: 'full',
            passkeyVerifiedAt: now,
            passkeyPendingUntil: added.pendingUntil,
          }),
        };
      },
    );

    const toReply = (
      row: NonNullable<Awaited<ReturnType<StaffPasskeys['find']>>>,
      session: StaffSession,
    ) => ({
      id: row.id,
      staff_id: row.staff_id,
      staff_name: row.staff_name,
      created_at: row.created_at.toISOString(),
      last_used_at: row.last_used_at?.toISOString() ?? null,
      pending_until:
        row.pending_until && row.pending_until.getTime() > clock.now().getTime()
          ? row.pending_until.toISOString()
          : null,
      current: row.id === session.passkeyId,
    });

    // [I27-recovery] One's own passkeys, pending ones marked.
    api.get(
      '/passkeys',
      { schema: { response: { 200: staffPasskeysSchema, ...staffErrors } }, preHandler: fullSession },
      async (request) => {
        const session = currentStaff(request);
        const rows = await passkeys.ofStaff(session.staff.id);
        return { items: rows.map((row) => toReply(row, session)) };
      },
    );

    // [I27-recovery] Other members' pending passkeys, for operators to approve (or remove).
    api.get(
      '/passkeys/pending',
      { schema: { response: { 200: staffPasskeysSchema, ...staffErrors } }, preHandler: operator },
      async (request) => {
        const session = currentStaff(request);
        const rows = await passkeys.pending();
        return {
          items: rows.filter((row) => row.staff_id !== session.staff.id).map((row) => toReply(row, session)),
        };
      },
    );

    const memberOf = async (staffId: number) =>
      db
        .selectFrom('staff')
        .select(['id', 'name', 'mobile'])
        .where('id', '=', staffId)
        .executeTakeFirstOrThrow();

    // [I27-recovery] Another operator approves a pending passkey: it counts at once. Never one's own.
    api.post(
      '/passkeys/:id/approve',
      {
        schema: { params: passkeyParamsSchema, response: { 200: statusReplySchema, ...passkeyActionErrors } },
        preHandler: [operator, freshPasskey],
      },
      async (request) => {
        const session = currentStaff(request);
        const found = await passkeys.find(request.params.id);
        if (!found || found.staff_id === session.staff.id)
          throw new NotFoundError('There is no such passkey waiting for approval.');
        const member = await memberOf(found.staff_id);
        const texts = await db.transaction().execute(async (trx) => {
          const approved = await passkeys.approve(found.id, trx);
          if (!approved) throw new NotFoundError('There is no such passkey waiting for approval.');
          await recordStaffAction(trx, {
            actor: { staffId: session.staff.id },
            action: 'passkey.approved',
            subject: `staff:${found.staff_id}`,
            before: { pending_until: found.pending_until?.toISOString() ?? null },
            after: { credential_id: found.credential_id, passkey_id: found.id, pending_until: null },
            at: clock.now(),
          });
          return notices.approved(trx, found.id, member, session.staff);
        });
        await outbox.sendNow(texts);
        return { status: true } as const;
      },
    );

    // [I27-recovery] Removing a passkey: one's own (a pending one is 'cancelled'), or, by an operator,
    // another member's pending one. It takes a fresh check with a passkey that counts, so a pending passkey
    // can never remove the old one. Sessions resting on the removed passkey end with it.
    api.post(
      '/passkeys/:id/remove',
      {
        schema: { params: passkeyParamsSchema, response: { 200: statusReplySchema, ...passkeyActionErrors } },
        preHandler: [fullSession, freshPasskey],
      },
      async (request) => {
        const session = currentStaff(request);
        const now = clock.now();
        const found = await passkeys.find(request.params.id);
        const pending = found?.pending_until != null && found.pending_until.getTime() > now.getTime();
        const own = found?.staff_id === session.staff.id;
        if (!found || (!own && !(pending && session.staff.role === 'operator')))
          throw new NotFoundError('There is no such passkey.');
        if (found.id === session.passkeyId)
          throw new ForbiddenError(
            'You are signed in with this passkey. Sign in with another one to remove it.',
          );
        const member = await memberOf(found.staff_id);
        const texts = await db.transaction().execute(async (trx) => {
          const removed = await passkeys.remove(found.id, trx);
          if (!removed) throw new NotFoundError('There is no such passkey.');
          await recordStaffAction(trx, {
            actor: { staffId: session.staff.id },
            action: pending ? 'passkey.cancelled' : 'passkey.removed',
            subject: `staff:${found.staff_id}`,
            before: {
              credential_id: found.credential_id,
              passkey_id: found.id,
              pending_until: pending ? found.pending_until?.toISOString() : null,
            },
            at: now,
          });
          return notices.removed(trx, found.id, member, session.staff);
        });
        await outbox.sendNow(texts);
        return { status: true } as const;
      },
    );

    // [I15-step-up] Checking the passkey again before money actions.
    api.post(
      '/step-up/options',
      { schema: { response: { 200: webAuthnOptionsSchema, ...staffErrors } }, preHandler: fullSession },
      async (request) => ({ ...(await passkeys.stepUpOptions(currentStaff(request).staff.id)) }),
    );

    api.post(
      '/step-up',
      {
        schema: { body: webAuthnBodySchema, response: { 200: staffSessionReplySchema, ...staffInputErrors } },
        preHandler: fullSession,
      },
      async (request) => {
        const session = currentStaff(request);
        const { credentialId, passkeyId, pendingUntil } = await passkeys.stepUp(
          session.staff.id,
          request.body.response as unknown as AuthenticationResponseJSON,
        );
        const now = clock.now();
        await sessions.passkeyVerified(session.id, now, passkeyId);
        const pending = passkeyPendingAt({ passkeyPendingUntil: pendingUntil }, now);
        await recordStaffAction(db, {
          actor: { staffId: session.staff.id },
          action: 'passkey.checked',
          subject: `staff:${session.staff.id}`,
          after: {
            credential_id: credentialId,
            ...(pending ? { pending_until: pendingUntil?.toISOString() } : {}),
          },
          at: now,
        });
        return {
          status: true as const,
          ...describe({ ...session, passkeyVerifiedAt: now, passkeyPendingUntil: pendingUntil }),
        };
      },
    );

    // A no-op behind the money-action guards, so clients and tests can ask "would a refund go through?".
    api.post(
      '/step-up-check',
      {
        schema: { response: { 200: statusReplySchema, ...staffErrors } },
        preHandler: [fullSession, freshPasskey],
      },
      async () => ({ status: true }) as const,
    );

    api.post(
      '/sign-out',
      { schema: { response: { 200: statusReplySchema, ...staffErrors } }, preHandler: anySession },
      async (request, reply) => {
        const session = currentStaff(request);
        await sessions.end(session.id);
        await recordStaffAction(db, {
          actor: { staffId: session.staff.id },
          action: 'sign_out',
          subject: `staff:${session.staff.id}`,
          at: clock.now(),
        });
        reply.header('set-cookie', sessionCookie(request, '', 0, alwaysTls));
        return { status: true } as const;
      },
    );

    // [I15-audit, I34] The audit log, newest first, for operators only: in words, with links, filtered by
    // person, action, thing and Sydney days (staff-audit.ts).
    api.get(
      '/audit',
      {
        schema: {
          querystring: auditQuerySchema,
          response: { 200: auditReplySchema, ...staffInputErrors },
        },
        preHandler: operator,
      },
      async (request) => {
        const { page, page_size, staff_id, action, kind, thing_id, from, to } = request.query;
        const { items, total } = await listStaffAudit(
          db,
          { page, pageSize: page_size },
          { staffId: staff_id, action, kind, thingId: thing_id, from, to },
        );
        return { items, total, page, page_size, choices: await auditChoices(db) };
      },
    );
  };
}
