import { errorReplies } from '@quokka/contract/api/errors';
import {
  bulkApproveBodySchema,
  bulkOrdersReplySchema,
  bulkShipBodySchema,
} from '@quokka/contract/api/orders-bulk';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { documentRoutes } from '../../http/openapi.ts';
import type { OutboxSender } from '../messages/outbox.ts';
import { requireStaff } from '../staff/staff-guards.ts';
import type { StaffSessions } from '../staff/staff-sessions.ts';
import { createOrdersBulk, type OrdersBulkDeps } from './orders-bulk.ts';
import { viewerOf } from './orders-routes.ts';

// [I34-bulk] POST /admin/api/orders/bulk-approve and /bulk-ship (docs/back-office-orders.md): operators
// only (a full session, its CSRF token, the operator role). At most 100 orders; each goes through the
// one-order code (orders-bulk.ts) and the reply says, per order, what happened or why not: it is 200 even
// when every order failed. 400 for a body that is wrong as a whole (no orders, too many, one twice, no
// carrier); a bad tracking number fails its order only.
//
// The review and the fulfilment are the services app.ts builds and hands in (its composition root).

export interface OrdersBulkRoutesDeps {
  config: Config;
  db: Db;
  clock: Clock;
  sessions: StaffSessions;
  outbox: OutboxSender;
  review: OrdersBulkDeps['review'];
  fulfilment: OrdersBulkDeps['fulfilment'];
}

const errors = errorReplies(400, 401, 403);

export function ordersBulkRoutes(deps: OrdersBulkRoutesDeps) {
  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const operator = requireStaff(deps.sessions, { role: 'operator' });
    const bulk = createOrdersBulk({
      db: deps.db,
      review: deps.review,
      fulfilment: deps.fulfilment,
      log: app.log,
    });

    documentRoutes(api, 'Back office: orders');
    api.post(
      '/orders/bulk-approve',
      {
        schema: { body: bulkApproveBodySchema, response: { 200: bulkOrdersReplySchema, ...errors } },
        preHandler: operator,
      },
      async (request) => bulk.approve(viewerOf(request), request.body.order_ids),
    );

    api.post(
      '/orders/bulk-ship',
      {
        schema: { body: bulkShipBodySchema, response: { 200: bulkOrdersReplySchema, ...errors } },
        preHandler: operator,
      },
      async (request) => bulk.ship(viewerOf(request), request.body),
    );
  };
}
