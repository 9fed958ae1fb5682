import type { FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../../domain/errors.ts';
import { csrfTokenMatches, type StaffSession, type StaffSessions } from './staff-sessions.ts';

// [I15-sessions, I15-csrf] The back office's guards. A staff session is only ever read from its cookie
// (path /admin, httpOnly, SameSite=Strict, Secure over TLS): a shopper's bearer token is never looked at
// here, and the shopper API (customer-auth.ts) never looks at this cookie.
//
// CSRF: every state-changing request with a session (POST, PUT, PATCH, DELETE) must carry the session's
// token in the `X-CSRF-Token` header (given by sign-in and GET /admin/api/me). A custom header cannot be
// sent cross-site without a CORS preflight this server never grants, and its value cannot be known
// without the session; SameSite=Strict is a second, independent line.

export const STAFF_COOKIE = 'quokka_staff';
export const CSRF_HEADER = 'x-csrf-token';
export const STAFF_SIGN_IN_REQUIRED = 'Please sign in to the back office.';
export const STAFF_SESSION_EXPIRED = 'Your back-office session has ended. Please sign in again.';
export const CSRF_REFUSED =
  'This request is missing its security token. Please reload the page and try again.';
export const PASSKEY_NEEDED = 'Please add a passkey to finish signing in.';
export const STEP_UP_NEEDED = 'Please confirm with your passkey to continue.';
export const OPERATORS_ONLY = 'Only an operator can do this.';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the staff guards on /admin/api routes that need a session. */
    staffSession?: StaffSession & { id: string };
  }
}

/** The session id of the staff cookie, or undefined. */
export function staffCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === STAFF_COOKIE) {
      const id = value.join('=');
      return /^[A-Za-z0-9_-]{43}$/.test(id) ? id : undefined;
    }
  }
  return undefined;
}

/** Secure when the request came over TLS (socket or a trusted proxy's X-Forwarded-Proto) or PUBLIC_URL is https. */
export function sessionCookie(
  request: FastifyRequest,
  value: string,
  maxAgeSeconds: number,
  alwaysTls: boolean,
) {
  const secure = alwaysTls || request.protocol === 'https' ? '; Secure' : '';
  return `${STAFF_COOKIE}=${value}; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface GuardOptions {
  /** 'any' lets a session that still needs a passkey through (only to add one, or sign out). */
  stage?: 'full' | 'any';
  role?: 'operator';
}

/** preHandler: a live session (401 otherwise), its CSRF token on state-changing requests, stage and role. */
export function requireStaff(sessions: StaffSessions, options: GuardOptions = {}) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const id = staffCookieOf(request);
    if (!id) {
      if (request.headers.cookie?.includes(`${STAFF_COOKIE}=`))
        throw new UnauthorizedError(STAFF_SESSION_EXPIRED, 'SESSION_EXPIRED');
      throw new UnauthorizedError(STAFF_SIGN_IN_REQUIRED, 'SIGN_IN_REQUIRED');
    }
    const session = await sessions.find(id);
    if (!session) throw new UnauthorizedError(STAFF_SESSION_EXPIRED, 'SESSION_EXPIRED');
    if (STATE_CHANGING.has(request.method) && !csrfTokenMatches(id, request.headers[CSRF_HEADER]))
      throw new ForbiddenError(CSRF_REFUSED);
    if ((options.stage ?? 'full') === 'full' && session.stage !== 'full')
      throw new ForbiddenError(PASSKEY_NEEDED);
    if (options.role === 'operator' && session.staff.role !== 'operator')
      throw new ForbiddenError(OPERATORS_ONLY);
    request.staffSession = { ...session, id };
  };
}

/** The session of a route guarded by requireStaff. */
export function currentStaff(request: FastifyRequest): StaffSession & { id: string } {
  if (!request.staffSession) throw new UnauthorizedError(STAFF_SIGN_IN_REQUIRED, 'SIGN_IN_REQUIRED');
  return request.staffSession;
}

/** The time until which the session's last passkey check counts as fresh, or null. */
export function passkeyFreshUntil(
  session: Pick<StaffSession, 'passkeyVerifiedAt'>,
  maxAgeMs: number,
): Date | null {
  return session.passkeyVerifiedAt ? new Date(session.passkeyVerifiedAt.getTime() + maxAgeMs) : null;
}

/**
 * [I15-step-up] preHandler after requireStaff, for money actions (refunds, cancellations): the session's
 * last passkey check must be younger than `minutes`, else 403 STEP_UP_REQUIRED and the client asks for the
 * passkey (POST /admin/api/step-up).
 */
export function requireFreshPasskey(now: () => Date, minutes = 5) {
  return async (request: FastifyRequest): Promise<void> => {
    const until = passkeyFreshUntil(currentStaff(request), minutes * 60_000);
    if (!until || until.getTime() <= now().getTime())
      throw new ForbiddenError(STEP_UP_NEEDED, 'STEP_UP_REQUIRED');
  };
}
