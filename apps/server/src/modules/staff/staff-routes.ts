import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { clientAddressKey } from '../../http/client-address.ts';
import { listStaffAudit, recordStaffAction } from './staff-audit.ts';
import type { createStaffCodeSignIn } from './staff-code-sign-in.ts';
import {
  currentStaff,
  passkeyFreshUntil,
  requireFreshPasskey,
  requireStaff,
  sessionCookie,
  staffCookieOf,
} from './staff-guards.ts';
import type { StaffPasskeys } from './staff-passkeys.ts';
import type { StaffSession, StaffSessions } from './staff-sessions.ts';

// [I15] The back office's API under /admin/api: its own prefix, its own cookie session, never the shopper's
// bearer tokens. Sign-in: a code (always → a session that may only add a passkey), then passkeys. Each
// sign-in, passkey added, passkey check and sign-out is written to the audit log. Thin routes over the
// staff module's services (docs/back-office.md).

/** Money actions ask for the passkey again when the last check is older than this. */
export const STEP_UP_MINUTES = 5;

export interface StaffRoutesDeps {
  db: Db;
  clock: Clock;
  codes: ReturnType<typeof createStaffCodeSignIn>;
  sessions: StaffSessions;
  passkeys: StaffPasskeys;
  /** PUBLIC_URL is https: the cookie is Secure whatever the request says. */
  alwaysTls: boolean;
}

const mobileBody = z.object({ mobile: z.string().max(40) });
const confirmBody = z.object({ mobile: z.string().max(40), code: z.string().max(20) });
// A WebAuthn response as @simplewebauthn/browser sends it; the library checks every part of it.
const webauthnBody = z.object({ response: z.looseObject({ id: z.string().max(1024) }) });

export function staffRoutes({ db, clock, codes, sessions, passkeys, alwaysTls }: StaffRoutesDeps) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const anySession = requireStaff(sessions, { stage: 'any' });
    const fullSession = requireStaff(sessions);
    const operator = requireStaff(sessions, { role: 'operator' });
    const freshPasskey = requireFreshPasskey(() => clock.now(), STEP_UP_MINUTES);
    const stepUpMs = STEP_UP_MINUTES * 60_000;

    const describe = (session: Pick<StaffSession, 'staff' | 'stage' | 'passkeyVerifiedAt' | 'csrfToken'>) => {
      const freshUntil = passkeyFreshUntil(session, stepUpMs);
      return {
        staff: session.staff,
        stage: session.stage,
        csrf_token: session.csrfToken,
        passkey_checked_at: session.passkeyVerifiedAt?.toISOString() ?? null,
        passkey_fresh: freshUntil !== null && freshUntil.getTime() > clock.now().getTime(),
        passkey_fresh_until: freshUntil?.toISOString() ?? null,
      };
    };

    /** Ends a session the request may already carry, starts a new one and sets its cookie. */
    async function startSession(
      request: FastifyRequest,
      reply: FastifyReply,
      staffId: number,
      stage: 'needs_passkey' | 'full',
      action: string,
      details?: unknown,
    ) {
      const previous = staffCookieOf(request);
      if (previous) await sessions.end(previous);
      const now = clock.now();
      const id = await sessions.start(staffId, stage, stage === 'full' ? now : null);
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

    // [I15-code-sign-in] The same answer for every valid mobile, staff or not.
    api.post('/sign-in/code', { schema: { body: mobileBody } }, async (request) => {
      await codes.send(request.body, clientAddressKey(request.ip));
      return { status: true };
    });

    api.post('/sign-in/code/confirm', { schema: { body: confirmBody } }, async (request, reply) => {
      const staffId = await codes.confirm(request.body, clientAddressKey(request.ip));
      return {
        status: true,
        ...(await startSession(request, reply, staffId, 'needs_passkey', 'sign_in.code')),
      };
    });

    // [I15-passkeys] Passkey sign-in: options, then the authenticator's answer → a full session.
    api.post('/sign-in/passkey/options', async () => passkeys.signInOptions());

    api.post('/sign-in/passkey', { schema: { body: webauthnBody } }, async (request, reply) => {
      const { staffId, credentialId } = await passkeys.signIn(
        request.body.response as unknown as AuthenticationResponseJSON,
      );
      return {
        status: true,
        ...(await startSession(request, reply, staffId, 'full', 'sign_in.passkey', {
          credential_id: credentialId,
        })),
      };
    });

    api.get('/me', { preHandler: anySession }, async (request) => describe(currentStaff(request)));

    // Adding a passkey: the session of a code sign-in, or a full session whose passkey check is fresh
    // (a stolen, unlocked laptop must not add the thief's passkey).
    const mayAddPasskey = async (request: FastifyRequest) => {
      if (currentStaff(request).stage === 'full') await freshPasskey(request);
    };
    api.post('/passkeys/options', { preHandler: [anySession, mayAddPasskey] }, async (request) =>
      passkeys.registrationOptions(currentStaff(request).staff),
    );

    api.post(
      '/passkeys',
      { schema: { body: webauthnBody }, preHandler: [anySession, mayAddPasskey] },
      async (request) => {
        const session = currentStaff(request);
        const { credentialId } = await passkeys.register(
          session.staff.id,
          request.body.response as unknown as RegistrationResponseJSON,
        );
        const now = clock.now();
        // The registration was a user-verified ceremony: the session is full, its passkey check now.
        await sessions.passkeyVerified(session.id, now);
        await recordStaffAction(db, {
          actor: { staffId: session.staff.id },
          action: 'passkey.added',
          subject: `staff:${session.staff.id}`,
          after: { credential_id: credentialId },
          at: now,
        });
        return { status: true, ...describe({ ...session, stage: 'full', passkeyVerifiedAt: now }) };
      },
    );

    // [I15-step-up] Checking the passkey again before money actions.
    api.post('/step-up/options', { preHandler: fullSession }, async (request) =>
      passkeys.stepUpOptions(currentStaff(request).staff.id),
    );

    api.post('/step-up', { schema: { body: webauthnBody }, preHandler: fullSession }, async (request) => {
      const session = currentStaff(request);
      const { credentialId } = await passkeys.stepUp(
        session.staff.id,
        request.body.response as unknown as AuthenticationResponseJSON,
      );
      const now = clock.now();
      await sessions.passkeyVerified(session.id, now);
      await recordStaffAction(db, {
        actor: { staffId: session.staff.id },
        action: 'passkey.checked',
        subject: `staff:${session.staff.id}`,
        after: { credential_id: credentialId },
        at: now,
      });
      return { status: true, ...describe({ ...session, passkeyVerifiedAt: now }) };
    });

    // A no-op behind the money-action guards, so clients and tests can ask "would a refund go through?".
    api.post('/step-up-check', { preHandler: [fullSession, freshPasskey] }, async () => ({ status: true }));

    api.post('/sign-out', { preHandler: anySession }, async (request, reply) => {
      const session = currentStaff(request);
      await sessions.end(session.id);
      await recordStaffAction(db, {
        actor: { staffId: session.staff.id },
        action: 'sign_out',
        subject: `staff:${session.staff.id}`,
        at: clock.now(),
      });
      reply.header('set-cookie', sessionCookie(request, '', 0, alwaysTls));
      return { status: true };
    });

    // [I15-audit] The audit log, newest first, for operators only.
    api.get(
      '/audit',
      {
        schema: {
          querystring: z.object({
            page: z.coerce.number().int().min(1).max(100_000).default(1),
            page_size: z.coerce.number().int().min(1).max(200).default(50),
          }),
        },
        preHandler: operator,
      },
      async (request) => {
        const { page, page_size } = request.query;
        const { items, total } = await listStaffAudit(db, { page, pageSize: page_size });
        return { items, total, page, page_size };
      },
    );
  };
}
