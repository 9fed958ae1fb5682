import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../../domain/errors.ts';
import { clientAddressKey } from '../../http/client-address.ts';
import type { TokenService } from './token-service.ts';

// [ROLE-05] A signed-in customer is identified by a bearer token (token-service.ts). Every account, cart,
// order and gift card route puts `requireCustomer` in its preHandler and reads `currentCustomer(request)`;
// the app hands the token service over once with `registerCustomerAuth`.

export interface AuthenticatedCustomer {
  id: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The bearer tokens `requireCustomer` checks; set by `registerCustomerAuth`. */
    customerTokens: TokenService;
  }
  interface FastifyRequest {
    /** Set by `requireCustomer`; absent on routes that do not require sign-in. */
    customer?: AuthenticatedCustomer;
  }
}

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';
export const SIGN_IN_EXPIRED = 'Your session has expired. Please sign in again.';

// 32 bytes in base64url without padding are exactly 43 characters. The scheme is case-insensitive
// (RFC 7235 §2.1): `bearer` is as good as `Bearer`.
const BEARER = /^Bearer ([A-Za-z0-9_-]{43})$/i;

/** Before any route: `requireCustomer` finds tokens through the service given here. */
export function registerCustomerAuth(app: FastifyInstance, tokens: TokenService): void {
  app.decorate('customerTokens', tokens);
}

/** The token of an `Authorization: Bearer …` header, or undefined when there is none or it is malformed. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  return BEARER.exec(header.trim())?.[1];
}

// One lookup per request: the rate limit (http/rate-limits.ts) asks first, requireCustomer reuses it.
const lookups = new WeakMap<FastifyRequest, Promise<{ customerId: number } | undefined>>();

/**
 * [I12-5] The member whose live bearer token the request carries, or undefined (no header, a malformed
 * one, or a token that is unknown, revoked or expired). Looked up once per request.
 */
export function liveCustomerOf(request: FastifyRequest): Promise<{ customerId: number } | undefined> {
  let lookup = lookups.get(request);
  if (!lookup) {
    const token = bearerTokenOf(request);
    lookup = token ? request.server.customerTokens.find(token) : Promise.resolve(undefined);
    lookups.set(request, lookup);
  }
  return lookup;
}

/** preHandler: 401 `{message, code}` unless the request carries a live bearer token. */
export async function requireCustomer(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const header = request.headers.authorization;
  if (header === undefined || header === '')
    throw new UnauthorizedError(SIGN_IN_REQUIRED, 'SIGN_IN_REQUIRED');
  const token = bearerTokenOf(request);
  if (!token) throw new UnauthorizedError(SIGN_IN_EXPIRED, 'SESSION_EXPIRED');
  const live = await liveCustomerOf(request);
  // Unknown, revoked and expired look the same from outside.
  if (!live) throw new UnauthorizedError(SIGN_IN_EXPIRED, 'SESSION_EXPIRED');
  request.customer = { id: live.customerId };
}

/** The signed-in customer of a route guarded by `requireCustomer`. */
export function currentCustomer(request: FastifyRequest): AuthenticatedCustomer {
  if (!request.customer) throw new UnauthorizedError(SIGN_IN_REQUIRED, 'SIGN_IN_REQUIRED');
  return request.customer;
}

/**
 * [I12-5] Whom a request counts against: a signed-in member counts against their own budget, wherever
 * they are (a carrier's NAT puts thousands of shoppers behind one address, and a neighbour's requests
 * must never cost a member their checkout); everyone else against their address (IPv6 by /64). A
 * bearer that is not live counts against the address, so made-up tokens buy nothing.
 */
export async function memberOrAddressKey(request: FastifyRequest): Promise<string> {
  const live = await liveCustomerOf(request);
  return live ? `member:${live.customerId}` : `address:${clientAddressKey(request.ip)}`;
}
