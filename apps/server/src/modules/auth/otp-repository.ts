import { timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

// otp_codes and otp_sends: the only SQL on one-time codes. Everything that must hold across several
// server processes is decided inside PostgreSQL: send limits under advisory locks, code attempts under a
// row lock, so parallel requests can neither exceed a limit nor use a code twice.

const HOUR_MS = 60 * 60 * 1000;

export interface SendLimits {
  intervalSeconds: number;
  perNumberPerHour: number;
  perAddressPerHour: number;
}

export type SendRefusal = { reason: 'interval' | 'number' | 'address'; retryAfterSeconds: number };

export interface NewCode {
  mobile: string;
  clientAddress: string;
  codeHash: string;
  now: Date;
  expiresAt: Date;
}

/**
 * Counts the send against the limits and, when allowed, stores the new code in place of any old one,
 * all in one transaction. Returns the refusal when a limit is reached (nothing is stored then).
 */
export async function storeCodeWithinLimits(
  db: Db,
  code: NewCode,
  limits: SendLimits,
): Promise<SendRefusal | undefined> {
  return db.transaction().execute(async (trx) => {
    // One sender at a time per number and per address, in this order everywhere (no deadlock).
    await sql`select pg_advisory_xact_lock(hashtextextended(${`otp-mobile:${code.mobile}`}, 0))`.execute(trx);
    await sql`select pg_advisory_xact_lock(hashtextextended(${`otp-address:${code.clientAddress}`}, 0))`.execute(
      trx,
    );
    const hourAgo = new Date(code.now.getTime() - HOUR_MS);
    await trx
      .deleteFrom('otp_sends')
      .where('created_at', '<=', hourAgo)
      .where((eb) => eb.or([eb('mobile', '=', code.mobile), eb('client_address', '=', code.clientAddress)]))
      .execute();
    const recent = await trx
      .selectFrom('otp_sends')
      .select(['mobile', 'client_address', 'created_at'])
      .where('created_at', '>', hourAgo)
      .where((eb) => eb.or([eb('mobile', '=', code.mobile), eb('client_address', '=', code.clientAddress)]))
      .orderBy('created_at', 'asc')
      .execute();
    const toNumber = recent.filter((row) => row.mobile === code.mobile).map((row) => row.created_at);
    const fromAddress = recent
      .filter((row) => row.client_address === code.clientAddress)
      .map((row) => row.created_at);

    const refusal =
      intervalRefusal(toNumber, code.now, limits.intervalSeconds) ??
      hourlyRefusal('number', toNumber, code.now, limits.perNumberPerHour) ??
      hourlyRefusal('address', fromAddress, code.now, limits.perAddressPerHour);
    if (refusal) return refusal;

    await trx
      .insertInto('otp_sends')
      .values({ mobile: code.mobile, client_address: code.clientAddress, created_at: code.now })
      .execute();
    // [DECISIONS "Sign-in"] A new send replaces the old code, and its wrong tries start again at 0.
    await trx
      .insertInto('otp_codes')
      .values({
        mobile: code.mobile,
        code_hash: code.codeHash,
        expires_at: code.expiresAt,
        attempts: 0,
        created_at: code.now,
      })
      .onConflict((oc) =>
        oc.column('mobile').doUpdateSet({
          code_hash: code.codeHash,
          expires_at: code.expiresAt,
          attempts: 0,
        }),
      )
      .execute();
    return undefined;
  });
}

const secondsUntil = (at: number, now: Date) => Math.max(1, Math.ceil((at - now.getTime()) / 1000));

function intervalRefusal(sends: Date[], now: Date, intervalSeconds: number): SendRefusal | undefined {
  const latest = sends.at(-1);
  if (!latest) return undefined;
  const allowedAt = latest.getTime() + intervalSeconds * 1000;
  return allowedAt > now.getTime()
    ? { reason: 'interval', retryAfterSeconds: secondsUntil(allowedAt, now) }
    : undefined;
}

function hourlyRefusal(
  reason: 'number' | 'address',
  sends: Date[],
  now: Date,
  limit: number,
): SendRefusal | undefined {
  if (sends.length < limit) return undefined;
  // The window has room again once enough of the oldest sends are an hour old.
  const freeing = sends[sends.length - limit];
  if (!freeing) return undefined;
  return { reason, retryAfterSeconds: secondsUntil(freeing.getTime() + HOUR_MS, now) };
}

export type CodeCheck = 'accepted' | 'wrong' | 'none';

/**
 * Checks a code under a row lock: the right code deletes the row (it works once), a wrong one counts an
 * attempt. A missing, expired or spent code (`maxAttempts` wrong tries) answers `none` and is removed.
 */
export async function checkCode(
  db: Db,
  input: { mobile: string; codeHash: string; now: Date; maxAttempts: number },
): Promise<CodeCheck> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('otp_codes')
      .select(['code_hash', 'expires_at', 'attempts'])
      .where('mobile', '=', input.mobile)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return 'none';
    if (row.expires_at.getTime() <= input.now.getTime() || row.attempts >= input.maxAttempts) {
      await trx.deleteFrom('otp_codes').where('mobile', '=', input.mobile).execute();
      return 'none';
    }
    if (sameHash(row.code_hash, input.codeHash)) {
      await trx.deleteFrom('otp_codes').where('mobile', '=', input.mobile).execute();
      return 'accepted';
    }
    await trx
      .updateTable('otp_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('mobile', '=', input.mobile)
      .execute();
    return 'wrong';
  });
}

function sameHash(storedHex: string, givenHex: string): boolean {
  const stored = Buffer.from(storedHex, 'hex');
  const given = Buffer.from(givenHex, 'hex');
  return stored.length === given.length && timingSafeEqual(stored, given);
}
