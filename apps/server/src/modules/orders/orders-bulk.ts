import { type OrderStatus, shipOrderBodySchema } from '@quokka/contract/api/admin';
import type { ErrorCode } from '@quokka/contract/api/errors';
import {
  BULK_TEXT,
  type BulkOrderResult,
  type BulkOrdersReply,
  type bulkShipBodySchema,
} from '@quokka/contract/api/orders-bulk';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ConflictError, DomainError, InvalidDataError, NotFoundError } from '../../domain/errors.ts';
import { ORDER_NOT_FOUND, type OrderViewer, viewerSeesOrder } from './order-access.ts';
import type { OrderFulfilment } from './order-fulfilment.ts';
import type { OrderReview } from './order-review.ts';

// [I34-bulk] Several orders at once, each through the one-order code: the review's approve
// (order-review.ts) and the fulfilment's ship (order-fulfilment.ts), which lock the order, write it, its
// timeline and its audit line in one transaction, and queue the texts. One order at a time, in the order
// asked: each is its own transaction, so a refused or failed order leaves the others as they were done,
// and a repeated approve is "already approved", as the one-order call answers it.

export interface OrdersBulkDeps {
  db: Db;
  review: Pick<OrderReview, 'approve'>;
  fulfilment: Pick<OrderFulfilment, 'ship'>;
  log: { error(details: object, message: string): void };
}

export type BulkShipInput = z.output<typeof bulkShipBodySchema>;

/** What a failure of one order reads as; a fault that is not ours to explain is logged and said plainly. */
export const BULK_FAULT = 'This order could not be done just now: try it again from its page.';

interface Known {
  increment_id: string;
  status: OrderStatus;
}

export function createOrdersBulk(deps: OrdersBulkDeps) {
  const { db, log } = deps;

  async function known(ids: readonly number[]): Promise<Map<number, Known>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'increment_id', 'status'])
      .where('id', 'in', [...ids])
      .execute();
    return new Map(rows.map((row) => [row.id, { increment_id: row.increment_id, status: row.status }]));
  }

  /** Runs one order's action; its outcome or the reason it failed, never a throw for a domain error. */
  async function each(
    orderId: number,
    before: Known | undefined,
    action: () => Promise<{ changed: boolean; message: string }>,
  ): Promise<BulkOrderResult> {
    const base = { order_id: orderId, increment_id: before?.increment_id ?? null };
    try {
      const { changed, message } = await action();
      const after = (await known([orderId])).get(orderId);
      return { ...base, ok: true, changed, status: after?.status ?? null, code: null, message };
    } catch (error) {
      const code: ErrorCode = error instanceof DomainError ? error.code : 'INTERNAL';
      if (!(error instanceof DomainError)) log.error({ err: error, orderId }, 'bulk order action failed');
      const after = (await known([orderId])).get(orderId);
      const message = error instanceof DomainError ? error.message : BULK_FAULT;
      return { ...base, ok: false, changed: false, status: after?.status ?? null, code, message };
    }
  }

  function reply(results: BulkOrderResult[]): BulkOrdersReply {
    const succeeded = results.filter((result) => result.ok).length;
    return { results, succeeded, failed: results.length - succeeded };
  }

  /** The one seller whose items are left to ship, when the caller named none. */
  async function sellerToShip(orderId: number): Promise<number> {
    const items = await db
      .selectFrom('order_items')
      .select('seller_id')
      .where('order_id', '=', orderId)
      .where('is_giftcard', '=', false)
      .execute();
    const shipped = await db
      .selectFrom('order_shipments')
      .select('seller_id')
      .where('order_id', '=', orderId)
      .execute();
    const done = new Set(shipped.map((row) => row.seller_id));
    const left = [...new Set(items.map((item) => item.seller_id))].filter((id) => !done.has(id));
    if (left.length === 0) throw new ConflictError(BULK_TEXT.nothingToShip);
    if (left.length > 1) throw new InvalidDataError(BULK_TEXT.severalSellers);
    return left[0] as number;
  }

  return {
    /** [I34-bulk] Approves each order as POST /orders/:id/approve does (operators only: the route's guard). */
    async approve(viewer: OrderViewer, orderIds: readonly number[]): Promise<BulkOrdersReply> {
      const before = await known(orderIds);
      const results: BulkOrderResult[] = [];
      for (const orderId of orderIds) {
        results.push(
          await each(orderId, before.get(orderId), async () => {
            if (!before.has(orderId)) throw new NotFoundError(ORDER_NOT_FOUND);
            const outcome = await deps.review.approve(orderId, { staffId: viewer.staffId });
            return { changed: outcome.changed, message: outcome.changed ? 'Approved.' : 'Already approved.' };
          }),
        );
      }
      return reply(results);
    },

    /**
     * [I34-bulk] Ships each order with the one carrier and its own tracking number, as
     * POST /orders/:id/shipments does. The tracking number is checked here, per order, with the one-order
     * call's schema, so a mistyped one fails that order alone.
     */
    async ship(viewer: OrderViewer, input: BulkShipInput): Promise<BulkOrdersReply> {
      const ids = input.shipments.map((shipment) => shipment.order_id);
      const before = await known(ids);
      const results: BulkOrderResult[] = [];
      for (const shipment of input.shipments) {
        const orderId = shipment.order_id;
        results.push(
          await each(orderId, before.get(orderId), async () => {
            if (!before.has(orderId) || !(await viewerSeesOrder(db, orderId, viewer)))
              throw new NotFoundError(ORDER_NOT_FOUND);
            const sellerId = shipment.seller_id ?? (await sellerToShip(orderId));
            const parsed = shipOrderBodySchema.safeParse({
              seller_id: sellerId,
              carrier: input.carrier,
              ...(input.carrier_name === undefined ? {} : { carrier_name: input.carrier_name }),
              tracking_number: shipment.tracking_number,
            });
            if (!parsed.success) throw new InvalidDataError(parsed.error.issues[0]?.message ?? BULK_FAULT);
            await deps.fulfilment.ship(viewer, orderId, parsed.data);
            const seller = await db
              .selectFrom('sellers')
              .select('name')
              .where('id', '=', sellerId)
              .executeTakeFirst();
            const carrier = parsed.data.carrier_name ?? parsed.data.carrier;
            return {
              changed: true,
              message: `${seller ? `${seller.name}: shipped` : 'Shipped'} with ${carrier}, tracking ${parsed.data.tracking_number}.`,
            };
          }),
        );
      }
      return reply(results);
    },
  };
}

export type OrdersBulk = ReturnType<typeof createOrdersBulk>;
