import { adminCustomerReplySchema, customerParamsSchema } from '@quokka/contract/api/customer-admin';
import { errorReplies } from '@quokka/contract/api/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { OutboxSender } from '../messages/outbox.ts';
import { requireStaff } from '../staff/staff-guards.ts';
import type { StaffSessions } from '../staff/staff-sessions.ts';
import { loadCustomerRecord } from './customer-record.ts';

// [I34] The customer page for operators: who they are, their orders, gift cards, texts and consent
// (customer-record.ts; docs/back-office.md "A customer's page").
//
//   GET /customers/:id     operators only (a seller's staff: 403); no such member: 404

export interface CustomerAdminRoutesDeps {
  config: Config;
  db: Db;
  clock: Clock;
  sessions: StaffSessions;
  outbox: OutboxSender;
}

export function customerAdminRoutes({ db, sessions }: CustomerAdminRoutesDeps) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    documentRoutes(api, 'Back office: customers');
    const operator = requireStaff(sessions, { role: 'operator' });

    api.get(
      '/customers/:id',
      {
        schema: {
          params: customerParamsSchema,
          response: { 200: adminCustomerReplySchema, ...errorReplies(400, 401, 403, 404) },
        },
        preHandler: operator,
      },
      async (request) => loadCustomerRecord(db, request.params.id),
    );
  };
}
