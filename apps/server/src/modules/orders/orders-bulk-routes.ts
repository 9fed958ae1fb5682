import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { OutboxSender } from '../messages/outbox.ts';
import type { StaffSessions } from '../staff/staff-sessions.ts';

// [I34] Bulk approve and bulk ship for operators (docs/back-office-orders.md). Stub: built by issue 34.
export interface OrdersBulkRoutesDeps {
  config: Config;
  db: Db;
  clock: Clock;
  sessions: StaffSessions;
  outbox: OutboxSender;
}

export function ordersBulkRoutes(_deps: OrdersBulkRoutesDeps) {
  return async (_app: FastifyInstance) => {};
}
