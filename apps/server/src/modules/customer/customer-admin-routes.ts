import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { OutboxSender } from '../messages/outbox.ts';
import type { StaffSessions } from '../staff/staff-sessions.ts';

// [I34] The customer page for operators: their orders, gift cards, texts and consent. Stub: built by issue 34.
export interface CustomerAdminRoutesDeps {
  config: Config;
  db: Db;
  clock: Clock;
  sessions: StaffSessions;
  outbox: OutboxSender;
}

export function customerAdminRoutes(_deps: CustomerAdminRoutesDeps) {
  return async (_app: FastifyInstance) => {};
}
