import { createHash, randomBytes } from 'node:crypto';
import { SERVER_TOKEN_LIFETIME_S } from '@quokka/contract/constants';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import {
  deleteStaleTokens,
  findLiveToken,
  insertToken,
  revokeCustomerTokens,
  revokeToken,
} from './token-repository.ts';

// [ROLE-05] Bearer tokens (DECISIONS.md "Sign-in"): 32 random bytes, base64url, given to the client once;
// the server keeps only their SHA-256 and honours one for SERVER_TOKEN_LIFETIME_S (60 minutes) on the
// server clock. The sign-in calls issue and revoke them; `requireCustomer` (customer-auth.ts) finds them.

export interface TokenService {
  /** A new bearer token for the customer, valid SERVER_TOKEN_LIFETIME_S from now. */
  issue(customerId: number): Promise<string>;
  /** The customer of a live token: known, not revoked, not expired. */
  find(token: string): Promise<{ customerId: number } | undefined>;
  /** Revokes the token; true when it was live until now. */
  revoke(token: string): Promise<boolean>;
  /** [I12-6] Revokes every session of the customer, but the one of `keepToken` when given. */
  revokeAll(customerId: number, keepToken?: string): Promise<number>;
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Tokens that expired longer ago than this are deleted when the customer signs in again. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

export function createTokenService({ db, clock }: { db: Db; clock: Clock }): TokenService {
  return {
    async issue(customerId) {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await insertToken(db, {
        tokenHash: hashToken(token),
        customerId,
        expiresAt: new Date(now.getTime() + SERVER_TOKEN_LIFETIME_S * 1000),
        createdAt: now,
      });
      await deleteStaleTokens(db, customerId, new Date(now.getTime() - STALE_AFTER_MS));
      return token;
    },
    find: (token) => findLiveToken(db, hashToken(token), clock.now()),
    revoke: (token) => revokeToken(db, hashToken(token), clock.now()),
    revokeAll: (customerId, keepToken) =>
      revokeCustomerTokens(
        db,
        customerId,
        clock.now(),
        keepToken === undefined ? undefined : hashToken(keepToken),
      ),
  };
}

/** A token for a customer in one call: for tests and tools that have no app at hand. */
export function issueCustomerToken(db: Db, customerId: number, clock: Clock): Promise<string> {
  return createTokenService({ db, clock }).issue(customerId);
}
