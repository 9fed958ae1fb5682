import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { messageRenderers } from '../../../worker/order-receipt-message.ts';
import { OutboxLookup } from '../../messages/message-lookup.ts';
import { createOutboxSender, type OutboxSenderOptions, type WorkerLog } from '../../messages/outbox.ts';
import { GIFT_CARD, GIFT_CARD_RECEIPT } from '../gift-card-sending.ts';
import { isQuietHour, nextSendableInstant } from '../quiet-hours.ts';

// Test support: the outbox's sender as the worker runs it (the app's renderers, gift cards' included, and
// quiet hours), on the test app's database, clock and sandbox provider, sending gift cards' messages only
// (the order receipts of the orders that bought them are other tests'); any option can be replaced (a
// provider that fails, hangs or dies, another worker's id).

export const silentLog: WorkerLog = { info() {}, warn() {}, error() {} };

export function aGiftCardSender(
  t: TestApp,
  options: Partial<OutboxSenderOptions> & { publicUrl?: string } = {},
) {
  const sandbox = t.app.deps.providers.outbox;
  if (!sandbox) throw new Error('the test app runs messaging in sandbox mode');
  const { publicUrl = t.config.PUBLIC_URL ?? 'https://shop.example.com', ...rest } = options;
  return createOutboxSender({
    db: t.db,
    clock: t.clock,
    messaging: sandbox,
    lookup: new OutboxLookup(sandbox),
    renderers: messageRenderers({ storeName: t.config.STORE_NAME, identity: t.config.identity, publicUrl }),
    quietHours: { isQuietHour, nextSendableInstant },
    log: silentLog,
    purposes: [GIFT_CARD, GIFT_CARD_RECEIPT],
    ...rest,
  });
}

/** The card's first picture message in the outbox (keyed by the card's delivery key). */
export async function pictureRowOf(db: Db, cardId: number) {
  return db
    .selectFrom('sent_messages as m')
    .innerJoin('gift_card_details as c', 'c.id', 'm.gift_card_id')
    .selectAll('m')
    .where('c.id', '=', cardId)
    .where(sql<boolean>`m.idempotency_key = 'gift_card:' || c.delivery_key`)
    .executeTakeFirst();
}

/** The card's reference key (its texts end 'Ref G-<key>', 'Ref R-<key>'). */
export async function deliveryKeyOf(db: Db, cardId: number): Promise<string> {
  const card = await db
    .selectFrom('gift_card_details')
    .select('delivery_key')
    .where('id', '=', cardId)
    .executeTakeFirstOrThrow();
  if (!card.delivery_key) throw new Error(`gift card ${cardId} has not been ordered`);
  return card.delivery_key;
}
