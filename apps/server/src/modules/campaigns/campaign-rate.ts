import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { SendRate } from '../messages/outbox.ts';

// [I29] SMS_SENDS_PER_SECOND across processes: one send_rate row per (bucket, second) counts the slots
// taken in that second on the app's clock; a sender takes slots under the row's lock before it claims,
// so every process together claims at most `perSecond` texts in a second. Sign-in codes are not counted
// here (they keep SMS_SENDS_PER_HOUR), so neither budget starves the other.

export const CAMPAIGN_RATE_BUCKET = 'campaign';

export function sendRateFor(
  db: Db,
  clock: Clock,
  perSecond: number,
  bucket = CAMPAIGN_RATE_BUCKET,
): SendRate {
  let lastSecond: Date | undefined;
  return {
    async take(wanted) {
      const now = clock.now();
      const second = new Date(Math.floor(now.getTime() / 1000) * 1000);
      lastSecond = second;
      return db.transaction().execute(async (trx) => {
        await sql`insert into send_rate (bucket, second, used) values (${bucket}, ${second}, 0)
          on conflict (bucket, second) do nothing`.execute(trx);
        const row = await sql<{ used: number }>`select used from send_rate
          where bucket = ${bucket} and second = ${second} for update`.execute(trx);
        const granted = Math.max(0, Math.min(wanted, perSecond - (row.rows[0]?.used ?? perSecond)));
        if (granted > 0)
          await sql`update send_rate set used = used + ${granted}
            where bucket = ${bucket} and second = ${second}`.execute(trx);
        // Seconds long gone are of no use to anyone.
        await sql`delete from send_rate where bucket = ${bucket}
          and second < ${new Date(second.getTime() - 3_600_000)}`.execute(trx);
        return granted;
      });
    },
    async giveBack(unused) {
      if (!lastSecond || unused <= 0) return;
      await sql`update send_rate set used = greatest(0, used - ${unused})
        where bucket = ${bucket} and second = ${lastSecond}`.execute(db);
    },
  };
}
