import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { OutboxSender } from '../messages/outbox.ts';
import type { StaffSessions } from '../staff/staff-sessions.ts';

// [I32] Products › Waiting for approval: new products and held changes (PRODUCT_REVIEW=manual) (docs/sellers.md).

export interface ProductReviewRoutesDeps {
  config: Config;
  db: Db;
  clock: Clock;
  sessions: StaffSessions;
  /** The outbox's sender: the texts a change queued go before the reply. */
  outbox: Pick<OutboxSender, 'sendNow'>;
  /** PUBLIC_URL as the app resolved it. */
  publicUrl: string;
  /** Stores a photo in the media store; answers its /media URL (throws InvalidDataError for a bad one). */
  storePicture: (bytes: Buffer) => Promise<string>;
}

export function productReviewRoutes(_deps: ProductReviewRoutesDeps) {
  return async (_app: FastifyInstance) => {};
}
