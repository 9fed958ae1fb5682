import { DEFAULT_TIMEZONE } from '@quokka/contract/constants';
import type { FastifyReply, FastifyRequest, onRouteHookHandler, preValidationHookHandler } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../../domain/errors.ts';
import { csrfTokenMatches, type StaffSession, type StaffSessions } from './staff-sessions.ts';

// [I15-sessions, I15-csrf] The back office's guards. A staff session is only ever read from its cookie
// (httpOnly, SameSite=Strict; see sessionCookie for its name, path and Secure): a shopper's bearer token is
// never looked at here, and the shopper API (customer-auth.ts) never looks at this cookie.
//
// [I27-guards] The guards run before the body is validated (preValidation, moved there by
// `staffGuardsBeforeValidation` for every route that lists them): a request without a session is 401 and
// one without its CSRF token 403, whatever its body, and nothing about the body's shape is told to them.
//
// CSRF: every state-changing request with a session (POST, PUT, PATCH, DELETE) must carry the session's
// token in the `X-CSRF-Token` header (given by sign-in and GET /admin/api/me). A custom header cannot be
// sent cross-site without a CORS preflight this server never grants, and its value cannot be known
// without the session; SameSite=Strict is a second, independent line.

export const STAFF_COOKIE = 'quokka_staff';
/** [I27-cookie] The cookie's name over TLS: the browser keeps it only if Secure, Path=/ and no Domain. */
export const STAFF_COOKIE_TLS = `__Host-${STAFF_COOKIE}`;
export const CSRF_HEADER = 'x-csrf-token';
export const STAFF_SIGN_IN_REQUIRED = 'Please sign in to the back office.';
export const STAFF_SESSION_EXPIRED = 'Your back-office session has ended. Please sign in again.';
export const CSRF_REFUSED =
  'This request is missing its security token. Please reload the page and try again.';
export const PASSKEY_NEEDED = 'Please add a passkey to finish signing in.';
export const STEP_UP_NEEDED = 'Please confirm with your passkey to continue.';
export const PASSKEY_PENDING = (until: string) =>
  `Your new passkey counts for this from ${until}, or sooner when another operator approves it. Until then, use a passkey you added before.`;
export const OPERATORS_ONLY = 'Only an operator can do this.';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the staff guards on /admin/api routes that need a session. */
    staffSession?: StaffSession & { id: string };
  }
}

/**
 * [I27-cookie] The staff cookie's name for a request: `__Host-quokka_staff` when it came over TLS (the
 * socket, or X-Forwarded-Proto from a proxy trusted by TRUST_PROXY: `request.protocol`), else
 * `quokka_staff`. Over TLS only the prefixed name is read, so a cookie planted without TLS or by another
 * host (a sibling subdomain) is never taken for a session.
 */
export const staffCookieName = (request: FastifyRequest) =>
  request.protocol === 'https' ? STAFF_COOKIE_TLS : STAFF_COOKIE;

/** The session id of the staff cookie, or undefined. */
export function staffCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  const wanted = staffCookieName(request);
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === wanted) {
      const id = value.join('=');
      return /^[A-Za-z0-9_-]{43}$/.test(id) ? id : undefined;
    }
  }
  return undefined;
}

/**
 * Over TLS `__Host-quokka_staff=…; Path=/; …; Secure` (the prefix requires both and no Domain); otherwise
 * `quokka_staff=…; Path=/admin`, Secure all the same when PUBLIC_URL is https.
 */
export function sessionCookie(
  request: FastifyRequest,
  value: string,
  maxAgeSeconds: number,
  alwaysTls: boolean,
) {
  const attributes = `HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}`;
  if (request.protocol === 'https') return `${STAFF_COOKIE_TLS}=${value}; Path=/; ${attributes}; Secure`;
  return `${STAFF_COOKIE}=${value}; Path=/admin; ${attributes}${alwaysTls ? '; Secure' : ''}`;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface GuardOptions {
  /** 'any' lets a session that still needs a passkey through (only to add one, or sign out). */
  stage?: 'full' | 'any';
  role?: 'operator';
}

const STAFF_GUARD = Symbol('staff guard');
type Guard = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & { [STAFF_GUARD]?: true };

/** Marks a hook as a staff guard: staffGuardsBeforeValidation runs it before the body is validated. */
export function staffGuard<T extends (request: FastifyRequest, reply: FastifyReply) => Promise<void>>(
  hook: T,
): T {
  (hook as Guard)[STAFF_GUARD] = true;
  return hook;
}

const hooksOf = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
const isGuard = (hook: unknown) => typeof hook === 'function' && (hook as Guard)[STAFF_GUARD] === true;

/**
 * [I27-guards] onRoute hook (registered by the back office before any staff route): the staff guards a
 * route lists in `preHandler` run in `preValidation` instead, in the same order and before the route's own
 * preValidation hooks. Fastify validates the body between the two, so a request without a session or a
 * CSRF token is refused as such (401, 403) and never told what is wrong with its body.
 */
export const staffGuardsBeforeValidation: onRouteHookHandler = (route) => {
  const preHandler = hooksOf(route.preHandler);
  const guards = preHandler.filter(isGuard);
  if (guards.length === 0) return;
  route.preHandler = preHandler.filter((hook) => !isGuard(hook)) as typeof route.preHandler;
  route.preValidation = [...guards, ...hooksOf(route.preValidation)] as preValidationHookHandler[];
};

/** A live session (401 otherwise), its CSRF token on state-changing requests, stage and role. */
export function requireStaff(sessions: StaffSessions, options: GuardOptions = {}) {
  return staffGuard(async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const id = staffCookieOf(request);
    if (!id) {
      if (request.headers.cookie?.includes(`${staffCookieName(request)}=`))
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
  });
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

/** [I27-recovery] The session's last check was made with a passkey still pending at `at`. */
export const passkeyPendingAt = (session: Pick<StaffSession, 'passkeyPendingUntil'>, at: Date) =>
  session.passkeyPendingUntil !== null && session.passkeyPendingUntil.getTime() > at.getTime();

const sydneyTime = new Intl.DateTimeFormat('en-AU', {
  timeZone: DEFAULT_TIMEZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
});
/** A time as staff read it: '22 Nov 2026, 11:00 am' (Sydney). */
export const staffTime = (at: Date) => sydneyTime.format(at);

/**
 * [I15-step-up] preHandler after requireStaff, for money actions (refunds, cancellations): the session's
 * last passkey check must be younger than `minutes`, else 403 STEP_UP_REQUIRED and the client asks for the
 * passkey (POST /admin/api/step-up). [I27-recovery] A check made with a pending passkey does not count:
 * 403 STEP_UP_REQUIRED as well, saying from when it will.
 */
export function requireFreshPasskey(now: () => Date, minutes = 5) {
  return staffGuard(async (request: FastifyRequest): Promise<void> => {
    const session = currentStaff(request);
    const at = now();
    const until = passkeyFreshUntil(session, minutes * 60_000);
    if (!until || until.getTime() <= at.getTime())
      throw new ForbiddenError(STEP_UP_NEEDED, 'STEP_UP_REQUIRED');
    if (session.passkeyPendingUntil && passkeyPendingAt(session, at))
      throw new ForbiddenError(PASSKEY_PENDING(staffTime(session.passkeyPendingUntil)), 'STEP_UP_REQUIRED');
  });
}
