import type { AutomationFlow } from '@quokka/contract/api/automations';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { isQuietHour, nextSendableInstant } from '../giftcards/quiet-hours.ts';
import { enqueueMessage } from '../messages/outbox.ts';
import { DEFAULT_RECIPIENT_ZONE, shortCode, ZONE_OF_STATE } from './campaign-queue.ts';

// [I31] One automated text, queued (docs/automations.md "Sending"): the automation_sends row (its flow,
// recipient, zone, short-link code and what it is about) and its outbox row (purpose and renderer
// 'automation', key 'automation:<id>', quiet_zone the recipient's zone, due now or at 6 am there when it is
// night there now), in the caller's transaction. The unique keys of automation_sends (one per alert, one
// per automation and cart, one per automation and order) make a second queueing of the same thing, by a
// second worker or after a kill -9, a no-op that answers null. The rules that may change between now and
// the send (consent, STOP, the weekly cap, the flow switched off) are the renderer's, checked when the
// outbox claims the row (automation-renderer.ts).

/** The outbox purpose and renderer of automated texts; the campaign sender sends them, at its rate. */
export const AUTOMATION_PURPOSE = 'automation';

export interface NewAutomationSend {
  automationId: number;
  flow: AutomationFlow;
  sellerId: number;
  mobile: string;
  customerId: number | null;
  /** The recipient's zone (zoneOfCustomer); Sydney when unknown. */
  zone: string;
  /** The product the link opens (back in stock, thank-you). */
  productId?: number | null;
  stockAlertId?: number | null;
  cartId?: number | null;
  orderId?: number | null;
}

export interface QueuedAutomationSend {
  id: number;
  messageId: number;
  code: string;
  dueAt: Date;
  quietDelayed: boolean;
}

/** When a text queued now may go in `zone`: now, or 6 am there when it is night there. */
export function firstSendableAt(now: Date, zone: string): Date {
  return isQuietHour(now, zone) ? nextSendableInstant(now, zone) : now;
}

/**
 * Queues one automated text and its outbox row in `trx`. Null when the same thing was queued before
 * (the unique keys), and then nothing is written.
 */
export async function queueAutomationSend(
  trx: Db,
  send: NewAutomationSend,
  now: Date,
): Promise<QueuedAutomationSend | null> {
  const dueAt = firstSendableAt(now, send.zone);
  const quietDelayed = dueAt.getTime() > now.getTime();
  const code = shortCode();
  const row = await trx
    .insertInto('automation_sends')
    .values({
      automation_id: send.automationId,
      flow: send.flow,
      seller_id: send.sellerId,
      mobile: send.mobile,
      customer_id: send.customerId,
      zone: send.zone,
      code,
      product_id: send.productId ?? null,
      stock_alert_id: send.stockAlertId ?? null,
      cart_id: send.cartId ?? null,
      order_id: send.orderId ?? null,
      state: 'queued',
      queued_at: now,
      due_at: dueAt,
      quiet_delayed: quietDelayed,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return null;
  const messageId = await enqueueMessage(
    trx,
    {
      to: send.mobile,
      kind: 'sms',
      purpose: AUTOMATION_PURPOSE,
      render: AUTOMATION_PURPOSE,
      key: `automation:${row.id}`,
      notBefore: dueAt,
      quietZone: send.zone,
      automationSendId: row.id,
    },
    now,
  );
  return { id: row.id, messageId, code, dueAt, quietDelayed };
}

/** The zone of a member's default shipping address's state; Sydney when unknown (as for campaigns). */
export async function zoneOfCustomer(db: Db, customerId: number | null): Promise<string> {
  if (customerId === null) return DEFAULT_RECIPIENT_ZONE;
  const row = await sql<{ region_code: string | null }>`select a.region_code from customers c
    left join customer_addresses a on a.id = c.default_shipping_id where c.id = ${customerId}`.execute(db);
  const region = row.rows[0]?.region_code?.toUpperCase() ?? '';
  return ZONE_OF_STATE[region] ?? DEFAULT_RECIPIENT_ZONE;
}
