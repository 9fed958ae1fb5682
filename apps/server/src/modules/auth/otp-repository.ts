import { timingSafeEqual } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

// otp_codes, otp_sends and otp_failures: the only SQL on one-time codes. Everything that must hold across several
// server processes is decided inside PostgreSQL: send limits under advisory locks, code attempts under a
// row lock, so parallel requests can neither exceed a limit nor use a code twice.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * [I12-7] Code guessing: once a number has had `failuresPerNumberPerDay` refused codes in a day, its code
 * is void and each further try (a send or a confirm) waits `cooldownSeconds` after the last refusal; one
 * client address may have `failuresPerAddressPerHour` refused codes an hour, whatever the numbers.
 */
export interface GuessLimits {
  failuresPerNumberPerDay: number;
  cooldownSeconds: number;
  failuresPerAddressPerHour: number;
}

export interface SendLimits {
  intervalSeconds: number;
  perNumberPerHour: number;
  perAddressPerHour: number;
  guessing: GuessLimits;
}

export type SendRefusal = {
  reason: 'interval' | 'number' | 'address' | 'guessing';
  retryAfterSeconds: number;
};

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
      (await guessingLock(trx, code.mobile, code.now, limits.guessing)) ??
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

/** A confirm refused before its code was looked at: the number is cooling down, or the address. */
export type ConfirmRefusal = { reason: 'guessing' | 'address'; retryAfterSeconds: number };

type Trx = Transaction<Database>;

/** [I12-7] The number's cool-down after its daily cap of refused codes, if it is in one now. */
async function guessingLock(
  trx: Trx,
  mobile: string,
  now: Date,
  limits: GuessLimits,
): Promise<{ reason: 'guessing'; retryAfterSeconds: number } | undefined> {
  const failures = await trx
    .selectFrom('otp_failures')
    .select('created_at')
    .where('mobile', '=', mobile)
    .where('created_at', '>', new Date(now.getTime() - DAY_MS))
    .orderBy('created_at', 'desc')
    .execute();
  const latest = failures[0];
  if (failures.length < limits.failuresPerNumberPerDay || !latest) return undefined;
  const until = latest.created_at.getTime() + limits.cooldownSeconds * 1000;
  return until > now.getTime()
    ? { reason: 'guessing', retryAfterSeconds: secondsUntil(until, now) }
    : undefined;
}

async function addressLock(
  trx: Trx,
  clientAddress: string,
  now: Date,
  limits: GuessLimits,
): Promise<ConfirmRefusal | undefined> {
  const failures = await trx
    .selectFrom('otp_failures')
    .select('created_at')
    .where('client_address', '=', clientAddress)
    .where('created_at', '>', new Date(now.getTime() - HOUR_MS))
    .orderBy('created_at', 'asc')
    .execute();
  const refusal = hourlyRefusal(
    'address',
    failures.map((row) => row.created_at),
    now,
    limits.failuresPerAddressPerHour,
  );
  return refusal ? { reason: 'address', retryAfterSeconds: refusal.retryAfterSeconds } : undefined;
}

/**
 * Checks a code under a row lock: the right code deletes the row (it works once), a wrong one counts an
 * attempt. A missing, expired or spent code (`maxAttempts` wrong tries) answers `none` and is removed.
 * Every refusal is remembered against the number and the address (GuessLimits); a number or address
 * over its limit is refused before the code is looked at, and the number's code is void at its cap.
 */
export async function checkCode(
  db: Db,
  input: { mobile: string; clientAddress: string; codeHash: string; now: Date; maxAttempts: number },
  limits: GuessLimits,
): Promise<CodeCheck | ConfirmRefusal> {
  return db.transaction().execute(async (trx) => {
    // The senders' locks, in the senders' order: counts stay exact under parallel confirms.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`otp-mobile:${input.mobile}`}, 0))`.execute(
      trx,
    );
    await sql`select pg_advisory_xact_lock(hashtextextended(${`otp-address:${input.clientAddress}`}, 0))`.execute(
      trx,
    );
    await trx
      .deleteFrom('otp_failures')
      .where('created_at', '<=', new Date(input.now.getTime() - DAY_MS))
      .where((eb) => eb.or([eb('mobile', '=', input.mobile), eb('client_address', '=', input.clientAddress)]))
      .execute();
    const locked =
      (await guessingLock(trx, input.mobile, input.now, limits)) ??
      (await addressLock(trx, input.clientAddress, input.now, limits));
    if (locked) return locked;

    const result = await checkCodeRow(trx, input);
    if (result === 'accepted') return result;
    await trx
      .insertInto('otp_failures')
      .values({ mobile: input.mobile, client_address: input.clientAddress, created_at: input.now })
      .execute();
    // At the cap the code in hand is void: after the cool-down only a fresh code can work.
    if (await guessingLock(trx, input.mobile, input.now, limits))
      await trx.deleteFrom('otp_codes').where('mobile', '=', input.mobile).execute();
    return result;
  });
}

async function checkCodeRow(
  trx: Trx,
  input: { mobile: string; codeHash: string; now: Date; maxAttempts: number },
): Promise<CodeCheck> {
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
}

function sameHash(storedHex: string, givenHex: string): boolean {
  const stored = Buffer.from(storedHex, 'hex');
  const given = Buffer.from(givenHex, 'hex');
  return stored.length === given.length && timingSafeEqual(stored, given);
}
