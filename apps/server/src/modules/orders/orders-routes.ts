import {
  adminOrderReplySchema,
  cancelOrderBodySchema,
  dashboardSchema,
  orderListQuerySchema,
  orderListReplySchema,
  orderNoteBodySchema,
  idParamsSchema as orderParams,
  refundOrderBodySchema,
  shipmentParamsSchema,
  shipOrderBodySchema,
} from '@quokka/contract/api/admin';
import { errorReplies } from '@quokka/contract/api/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { documentRoutes } from '../../http/openapi.ts';
import { downloadReply } from '../../http/openapi-back-office.ts';
import { recordStaffAction } from '../staff/staff-audit.ts';
import { currentStaff, requireFreshPasskey, requireStaff } from '../staff/staff-guards.ts';
import { STEP_UP_MINUTES } from '../staff/staff-routes.ts';
import type { StaffSessions } from '../staff/staff-sessions.ts';
import { loadDashboard } from './dashboard.ts';
import type { OrderViewer } from './order-access.ts';
import { loadAdminOrder } from './order-detail.ts';
import type { OrderFulfilment } from './order-fulfilment.ts';
import { ordersCsv } from './orders-csv.ts';
import { DEFAULT_REVIEW_FLAG_HOURS, listAdminOrders } from './orders-list.ts';

// [I15-orders] The back office's orders under /admin/api: the list (and its CSV), one order, shipping,
// refunds, cancelling, notes and the dashboard strip. Every route needs a full staff session; the
// vendor role sees and ships only its own seller's items; refunds and cancellations need an operator
// whose passkey was checked in the last 5 minutes. Each action answers with the order as it now is.

export interface OrderRoutesDeps {
  config: Config;
  db: Db;
  clock: Clock;
  /** The back office's sessions (registerBackOffice hands them to its routes). */
  sessions: StaffSessions;
  /** Ship, refund, cancel and notes (order-fulfilment.ts, built in services.ts). */
  fulfilment: OrderFulfilment;
  /** Defaults to config.REVIEW_FLAG_HOURS (24). */
  reviewFlagHours?: number;
}

// The error replies (the shared shape): 401 without a session; 403 without the CSRF token, for a vendor
// at an operator's call or another seller's items, or STEP_UP_REQUIRED for a refund or cancellation
// without a fresh passkey check; 404 no such order (or none of a vendor's seller); 409 the order's state
// does not allow it (already shipped, refunded, cancelled).
const listErrors = errorReplies(400, 401, 403);
const readErrors = errorReplies(400, 401, 403, 404);
const actionErrors = errorReplies(400, 401, 403, 404, 409);

/** ORDER_REVIEW and REVIEW_FLAG_HOURS (config.ts, docs/order-review.md). */
function reviewSettings(config: Config) {
  return { mode: config.ORDER_REVIEW, flagHours: config.REVIEW_FLAG_HOURS ?? DEFAULT_REVIEW_FLAG_HOURS };
}

export function viewerOf(request: FastifyRequest): OrderViewer {
  const { staff } = currentStaff(request);
  return { staffId: staff.id, role: staff.role, sellerId: staff.seller_id };
}

export function orderRoutes(deps: OrderRoutesDeps) {
  const { db, clock, config, sessions } = deps;
  const settings = reviewSettings(config);
  const reviewFlagHours = deps.reviewFlagHours ?? settings.flagHours;
  const fulfilment = deps.fulfilment;
  const readOptions = () => ({ now: clock.now(), reviewFlagHours });
  const orderOf = (request: FastifyRequest, id: number) =>
    loadAdminOrder(db, id, viewerOf(request), readOptions());

  return async (app: FastifyInstance) => {
    const api = app.withTypeProvider<ZodTypeProvider>();
    const staff = requireStaff(sessions);
    const operator = requireStaff(sessions, { role: 'operator' });
    const freshPasskey = requireFreshPasskey(() => clock.now(), STEP_UP_MINUTES);

    documentRoutes(api, 'Back office: orders');
    api.get(
      '/orders',
      {
        schema: { querystring: orderListQuerySchema, response: { 200: orderListReplySchema, ...listErrors } },
        preHandler: staff,
      },
      async (request) => listAdminOrders(db, request.query, viewerOf(request), readOptions()),
    );

    api.get(
      '/orders.csv',
      {
        schema: {
          querystring: orderListQuerySchema,
          response: { 200: downloadReply('text/csv', 'The filtered orders as CSV'), ...listErrors },
        },
        preHandler: staff,
      },
      async (request, reply) => {
        const viewer = viewerOf(request);
        const { csv, rows } = await ordersCsv(db, request.query, viewer, readOptions());
        // [I27-audit] A download of shoppers' names and mobiles is on the audit log: who, which filters, how many.
        const { page: _page, page_size: _pageSize, ...filters } = request.query;
        await recordStaffAction(db, {
          actor: { staffId: viewer.staffId },
          action: 'orders.csv_downloaded',
          subject: 'orders',
          after: { filters, rows },
          at: clock.now(),
        });
        const day = clock.now().toISOString().slice(0, 10);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );

    api.get(
      '/orders/:id',
      {
        schema: { params: orderParams, response: { 200: adminOrderReplySchema, ...readErrors } },
        preHandler: staff,
      },
      async (request) => orderOf(request, request.params.id),
    );

    api.post(
      '/orders/:id/shipments',
      {
        schema: {
          params: orderParams,
          body: shipOrderBodySchema,
          response: { 200: adminOrderReplySchema, ...actionErrors },
        },
        preHandler: staff,
      },
      async (request) => {
        await fulfilment.ship(viewerOf(request), request.params.id, request.body);
        return orderOf(request, request.params.id);
      },
    );

    // [I31] A shipment marked delivered: the seller's staff (their own seller's shipment; any other is 404)
    // or an operator. Once: marking it again answers the order as it is, with the first time kept.
    api.post(
      '/orders/:id/shipments/:shipment_id/delivered',
      {
        schema: {
          params: shipmentParamsSchema,
          response: { 200: adminOrderReplySchema, ...actionErrors },
        },
        preHandler: staff,
      },
      async (request) => {
        await fulfilment.delivered(viewerOf(request), request.params.id, request.params.shipment_id);
        return orderOf(request, request.params.id);
      },
    );

    api.post(
      '/orders/:id/refunds',
      {
        schema: {
          params: orderParams,
          body: refundOrderBodySchema,
          response: { 200: adminOrderReplySchema, ...actionErrors },
        },
        preHandler: [operator, freshPasskey],
      },
      async (request) => {
        await fulfilment.refund(viewerOf(request), request.params.id, request.body);
        return orderOf(request, request.params.id);
      },
    );

    api.post(
      '/orders/:id/cancel',
      {
        schema: {
          params: orderParams,
          body: cancelOrderBodySchema,
          response: { 200: adminOrderReplySchema, ...actionErrors },
        },
        preHandler: [operator, freshPasskey],
      },
      async (request) => {
        await fulfilment.cancel(viewerOf(request), request.params.id, request.body);
        return orderOf(request, request.params.id);
      },
    );

    api.post(
      '/orders/:id/notes',
      {
        schema: {
          params: orderParams,
          body: orderNoteBodySchema,
          response: { 200: adminOrderReplySchema, ...readErrors },
        },
        preHandler: operator,
      },
      async (request) => {
        await fulfilment.note(viewerOf(request), request.params.id, request.body.note);
        return orderOf(request, request.params.id);
      },
    );

    api.get(
      '/dashboard',
      { schema: { response: { 200: dashboardSchema, ...errorReplies(401, 403) } }, preHandler: operator },
      async () => loadDashboard(db, { now: clock.now(), reviewFlagHours, reviewMode: settings.mode }),
    );
  };
}
