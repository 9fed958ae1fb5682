import type { Db } from '../../db/database.ts';

// [I15] An order's timeline (order_events): what happened to it, who did it and when. Written in the
// transaction of the change it records; never updated except to attach the message sent about it.

export interface OrderEventInput {
  orderId: number;
  /** placed, payment_authorised, approved, payment_captured, refused, payment_released, shipped, refunded, cancelled, note, review_flagged, provider_refund, dispute_opened, dispute_closed. */
  type: string;
  /** 'shopper' | 'system' | 'stripe' | 'twilio' | `staff:${id}` */
  actor: string;
  staffId?: number | null;
  sellerId?: number | null;
  /** One line a person reads. */
  summary: string;
  data?: Record<string, unknown>;
  /** sent_messages.id of the text sent about this event. */
  messageId?: number | null;
}

/** Records one event; returns its id (to attach the message sent about it after the commit). */
export async function recordOrderEvent(db: Db, event: OrderEventInput): Promise<string> {
  const row = await db
    .insertInto('order_events')
    .values({
      order_id: event.orderId,
      type: event.type,
      actor: event.actor,
      staff_id: event.staffId ?? null,
      seller_id: event.sellerId ?? null,
      summary: event.summary,
      data: JSON.stringify(event.data ?? {}),
      message_id: event.messageId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Attaches the message sent about an event (after the event's transaction committed). */
export async function attachEventMessage(db: Db, eventId: string, messageId: number): Promise<void> {
  await db.updateTable('order_events').set({ message_id: messageId }).where('id', '=', eventId).execute();
}
