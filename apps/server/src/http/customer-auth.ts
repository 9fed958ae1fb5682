import { createHash, randomBytes } from 'node:crypto';
import { SERVER_TOKEN_LIFETIME_S } from '@quokka/contract/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { UnauthorizedError } from '../domain/errors.ts';
import {
  deleteStaleTokens,
  findLiveToken,
  insertToken,
  revokeToken,
} from '../modules/auth/token-repository.ts';

// [ROLE-05] A signed-in customer is identified by a bearer token (DECISIONS.md "Sign-in"): 32 random
// bytes, base64url, given to the client once; the server keeps only its SHA-256 and honours it for
// 60 minutes on the server clock. Every account, cart, order and gift card route puts `requireCustomer`
// in its preHandler and reads `request.customer`.

export interface AuthenticatedCustomer {
  id: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireCustomer`; absent on routes that do not require sign-in. */
    customer?: AuthenticatedCustomer;
  }
}

export const SIGN_IN_REQUIRED = 'Please sign in to continue.';
export const SIGN_IN_EXPIRED = 'Your session has expired. Please sign in again.';

// 32 bytes in base64url without padding are exactly 43 characters.
const BEARER = /^Bearer ([A-Za-z0-9_-]{43})$/;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The token of an `Authorization: Bearer …` header, or undefined when there is none or it is malformed. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  return BEARER.exec(header.trim())?.[1];
}

/** preHandler: 401 `{message}` unless the request carries a live bearer token. */
export async function requireCustomer(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const header = request.headers.authorization;
  if (header === undefined || header === '')
    throw new UnauthorizedError(SIGN_IN_REQUIRED, 'SIGN_IN_REQUIRED');
  const token = bearerTokenOf(request);
  if (!token) throw new UnauthorizedError(SIGN_IN_EXPIRED, 'SESSION_EXPIRED');
  const { db, clock } = request.server.deps;
  const live = await findLiveToken(db, hashToken(token), clock.now());
  // Unknown, revoked and expired look the same from outside.
  if (!live) throw new UnauthorizedError(SIGN_IN_EXPIRED, 'SESSION_EXPIRED');
  request.customer = { id: live.customerId };
}

/** The signed-in customer of a route guarded by `requireCustomer`. */
export function currentCustomer(request: FastifyRequest): AuthenticatedCustomer {
  if (!request.customer) throw new UnauthorizedError(SIGN_IN_REQUIRED, 'SIGN_IN_REQUIRED');
  return request.customer;
}

/** A new bearer token for the customer, valid SERVER_TOKEN_LIFETIME_S from now. */
export async function issueCustomerToken(db: Db, customerId: number, clock: Clock): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = clock.now();
  await insertToken(db, {
    tokenHash: hashToken(token),
    customerId,
    expiresAt: new Date(now.getTime() + SERVER_TOKEN_LIFETIME_S * 1000),
    createdAt: now,
  });
  await deleteStaleTokens(db, customerId, new Date(now.getTime() - 24 * 60 * 60 * 1000));
  return token;
}

/** Revokes the token; true when it was live until now. */
export function revokeCustomerToken(db: Db, token: string, clock: Clock): Promise<boolean> {
  return revokeToken(db, hashToken(token), clock.now());
}
