import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { StaffSessions } from '../staff/staff-sessions.ts';

// [I31] /admin/api/automations (docs/automations.md): a seller's flows, their settings and results.
// (Filled in by the automations core; registered in app.ts.)

export interface AutomationRoutesDeps {
  config: Config;
  db: Db;
  clock: Clock;
  sessions: StaffSessions;
}

export function automationRoutes(_deps: AutomationRoutesDeps) {
  return async (_app: FastifyInstance) => {};
}
