import { createHmac } from 'node:crypto';
import { OTP_MAX_ATTEMPTS, OTP_TTL_S } from '@quokka/contract/constants';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { TooManyRequestsError } from '../../domain/errors.ts';
import { newCode, refusalError } from './auth-service.ts';
import { describeWait, TEXT } from './auth-texts.ts';
import { checkCode, type SendLimits, storeCodeWithinLimits } from './otp-repository.ts';

// The one-time code machinery as a service for other modules (the back office's staff sign-in,
// [I15-code-sign-in]): a code per *slot* (a key such as `staff:+61412345678`), with the shoppers' rules
// (DECISIONS.md "Sign-in"): a cryptographic code stored as a keyed hash, OTP_TTL_S, one use, OTP_MAX_ATTEMPTS
// wrong tries, the send and guessing limits. Slots keep codes apart: a code issued in one never works in
// another.

export interface OneTimeCodesDeps {
  db: Db;
  clock: Clock;
  codeKey: Buffer;
  limits: SendLimits;
}

export function createOneTimeCodes({ db, clock, codeKey, limits }: OneTimeCodesDeps) {
  const hash = (slot: string, code: string) =>
    createHmac('sha256', codeKey).update(`${slot}:${code}`).digest('hex');
  return {
    /** A new code in the slot, replacing any older one; throws a 429 (with Retry-After) over a limit. */
    async issue(slot: string, clientAddress: string): Promise<string> {
      const code = newCode();
      const now = clock.now();
      const refusal = await storeCodeWithinLimits(
        db,
        {
          mobile: slot,
          clientAddress,
          codeHash: hash(slot, code),
          now,
          expiresAt: new Date(now.getTime() + OTP_TTL_S * 1000),
        },
        limits,
      );
      if (refusal) throw refusalError(refusal);
      return code;
    },

    /** True once for the slot's live code; false for any other code; a 429 while guessing is locked. */
    async check(slot: string, code: string, clientAddress: string): Promise<boolean> {
      const result = await checkCode(
        db,
        {
          mobile: slot,
          clientAddress,
          codeHash: hash(slot, code),
          now: clock.now(),
          maxAttempts: OTP_MAX_ATTEMPTS,
        },
        limits.guessing,
      );
      if (typeof result === 'object') {
        const wait = describeWait(result.retryAfterSeconds);
        throw new TooManyRequestsError(
          result.reason === 'guessing'
            ? TEXT.tooManyWrongCodes(wait)
            : TEXT.tooManyWrongCodesFromAddress(wait),
          result.retryAfterSeconds,
        );
      }
      return result === 'accepted';
    },
  };
}

export type OneTimeCodes = ReturnType<typeof createOneTimeCodes>;
