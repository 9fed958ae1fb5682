import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { OutboxSender } from '../messages/outbox.ts';
import type { StaffSessions } from '../staff/staff-sessions.ts';

// [I34] A seller's home screen: what to ship, what was refunded, this week's takings. Stub: built by issue 34.
export interface SellerHomeRoutesDeps {
  config: Config;
  db: Db;
  clock: Clock;
  sessions: StaffSessions;
  outbox: OutboxSender;
}

export function sellerHomeRoutes(_deps: SellerHomeRoutesDeps) {
  return async (_app: FastifyInstance) => {};
}
