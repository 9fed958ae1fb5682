import { errorReplies } from '@quokka/contract/api/errors';
import {
  subscriberImportBodySchema,
  subscriberImportReplySchema,
  subscriberListQuerySchema,
  subscriberListReplySchema,
} from '@quokka/contract/api/text-offers';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { downloadReply } from '../../http/openapi-back-office.ts';
import { currentStaff, requireStaff } from '../staff/staff-guards.ts';
import type { StaffSessions } from '../staff/staff-sessions.ts';
import { importSubscribers, listSubscribers, type SubscriberViewer, subscribersCsv } from './subscribers.ts';

// [I29] /admin/api/subscribers (docs/campaigns.md "Consent and opt-out"): a seller's subscribers, their
// CSV with the evidence of each consent, and the import of a list. Every route needs a full staff
// session; a vendor's staff only their own seller's (another seller's: 404).

export interface SubscriberRoutesDeps {
  db: Db;
  clock: Clock;
  sessions: StaffSessions;
  storeName: string;
}

function viewerOf(request: FastifyRequest): SubscriberViewer {
  const { staff } = currentStaff(request);
  return { role: staff.role, sellerId: staff.seller_id, staffId: staff.id };
}

const noStore = { 'cache-control': 'no-store' };

export function subscriberRoutes({ db, clock, sessions, storeName }: SubscriberRoutesDeps) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const staff = requireStaff(sessions);
    documentRoutes(api, 'Back office: subscribers');

    api.get(
      '/subscribers',
      {
        schema: {
          querystring: subscriberListQuerySchema,
          response: { 200: subscriberListReplySchema, ...errorReplies(400, 401, 403, 404) },
        },
        preHandler: staff,
      },
      async (request, reply) =>
        reply.headers(noStore).send(await listSubscribers(db, viewerOf(request), request.query)),
    );

    api.get(
      '/subscribers.csv',
      {
        schema: {
          querystring: subscriberListQuerySchema.pick({ seller_id: true, state: true }),
          response: {
            200: downloadReply('text/csv', 'Every subscriber with the evidence of the consent'),
            ...errorReplies(400, 401, 403, 404),
          },
        },
        preHandler: staff,
      },
      async (request, reply) => {
        const csv = await subscribersCsv(db, viewerOf(request), request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="subscribers.csv"')
          .headers(noStore)
          .send(csv);
      },
    );

    api.post(
      '/subscribers/import',
      {
        schema: {
          body: subscriberImportBodySchema,
          response: { 200: subscriberImportReplySchema, ...errorReplies(400, 401, 403, 404) },
        },
        preHandler: staff,
      },
      async (request) => {
        const { messageIds: _queued, ...counts } = await importSubscribers(
          db,
          viewerOf(request),
          { seller_id: request.body.seller_id, csv: request.body.csv, storeName },
          clock.now(),
        );
        return counts;
      },
    );
  };
}
