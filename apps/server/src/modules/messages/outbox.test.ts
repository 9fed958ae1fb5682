import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, type Db, openDatabase, withDatabase } from '../../db/database.ts';
import type { MessagingProvider, SentMessage } from '../../providers/messaging/messaging-provider.ts';
import { SandboxMessaging } from '../../providers/messaging/sandbox-messaging.ts';
import { addToCart, aShopper, placeOrder, saveShipping } from '../../test/cart-factory.ts';
import type { TestApp } from '../../test/test-app.ts';
import { messageRenderers } from '../../worker/order-receipt-message.ts';
import {
  adminCall,
  anOrder,
  ordersTestApp,
  outbox,
  type Session,
  sellerId,
  signedIn,
  stepUp,
} from '../orders/test/orders-test-kit.ts';
import { OutboxLookup } from './message-lookup.ts';
import { createOutboxSender, enqueueMessage, type OutboxSenderOptions, type WorkerLog } from './outbox.ts';

// [I28-outbox] One outbox for every text: each kind is queued IN the transaction of the change that causes
// it (a change that fails leaves no row and sends nothing; a committed one always has exactly one row,
// written at the same transaction time as the change's timeline event), and each row is sent exactly once
// when the process dies between the provider accepting it and the row recording it, and when two workers
// drain one PostgreSQL. The real app on PGlite or TEST_DATABASE_URL, ORDER_REVIEW=manual, the sandbox as
// the provider, the app's fake clock.

let t: TestApp;
let operator: Session;
let sandbox: SandboxMessaging;
const quiet: WorkerLog = { info() {}, warn() {}, error() {} };
const PUBLIC_URL = 'https://shop.example';

beforeAll(async () => {
  t = await ordersTestApp({ ORDER_REVIEW: 'manual' });
  operator = await signedIn(t, 'operator');
  // The new-order text goes to a vendor of the order's seller.
  await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' });
  const provider = t.app.deps.providers.outbox;
  if (!provider) throw new Error('the test app runs messaging in sandbox mode');
  sandbox = provider;
}, 120_000);
afterAll(() => t?.close());

const admin = (method: 'POST', path: string, body: object = {}) => adminCall(t, method, path, operator, body);

/** Makes every insert of an outbox row of `purpose` fail, as a fault late in the change's transaction would. */
async function refuseRowsOf(purpose: string) {
  await sql
    .raw(`create or replace function outbox_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'outbox test: % refused', new.purpose; end $$`)
    .execute(t.db);
  await sql
    .raw(`create trigger outbox_test_refuse after insert on sent_messages for each row
      when (new.purpose = '${purpose}') execute function outbox_test_refuse()`)
    .execute(t.db);
}
const allowRows = () => sql.raw('drop trigger if exists outbox_test_refuse on sent_messages').execute(t.db);

const rowsOf = (orderId: number, purpose: string) =>
  t.db
    .selectFrom('sent_messages')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('purpose', '=', purpose)
    .execute();

const orderStatus = async (orderId: number) =>
  (await t.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow())
    .status;

/** The time of the change's transaction: its timeline event's created_at (now() is the transaction's start). */
const eventAt = async (orderId: number, type: string) =>
  (
    await t.db
      .selectFrom('order_events')
      .select('created_at')
      .where('order_id', '=', orderId)
      .where('type', '=', type)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  ).created_at.getTime();

/** Exactly one row of `purpose`, written in the transaction of the `type` event. */
async function expectOneRowWith(orderId: number, purpose: string, type: string) {
  const rows = await rowsOf(orderId, purpose);
  expect(rows).toHaveLength(1);
  expect(rows[0]?.created_at.getTime()).toBe(await eventAt(orderId, type));
  return rows[0];
}

describe('[I28-outbox] each message is queued in the transaction of its change', { timeout: 120_000 }, () => {
  it('[I28-outbox] the order receipt: a placement that fails queues none; a placed order has exactly one', async () => {
    const shopper = await aShopper(t);
    expect((await addToCart(t.app, shopper, 'MUG-1')).status).toBe(200);
    expect((await saveShipping(t.app, shopper)).status).toBe(200);
    await refuseRowsOf('order_receipt');
    try {
      expect((await placeOrder(t.app, shopper)).status).toBe(500);
    } finally {
      await allowRows();
    }
    const none = await t.db
      .selectFrom('orders')
      .select('id')
      .where('customer_mobile', '=', shopper.mobile)
      .execute();
    expect(none).toEqual([]);
    const placed = await placeOrder(t.app, shopper);
    expect(placed.status).toBe(200);
    const row = await expectOneRowWith(Number(placed.body), 'order_receipt', 'placed');
    expect(row).toMatchObject({ send_state: 'queued', render: 'order_receipt', to_number: shopper.mobile });
  });

  it('[I28-outbox] the sellers’ new-order texts: an approval that fails queues none and texts nobody; a committed one queues them', async () => {
    const order = await anOrder(t, [['MUG-1', 1]]);
    await refuseRowsOf('vendor_new_order');
    try {
      expect((await admin('POST', `/orders/${order.id}/approve`)).statusCode).toBe(500);
    } finally {
      await allowRows();
    }
    expect(await orderStatus(order.id)).toBe('pending_review');
    expect(await rowsOf(order.id, 'vendor_new_order')).toEqual([]);
    expect((await admin('POST', `/orders/${order.id}/approve`)).statusCode).toBe(200);
    const row = await expectOneRowWith(order.id, 'vendor_new_order', 'vendor_notified');
    // Sent before the reply, as before.
    expect(row?.send_state).toBe('sent');
  });

  it('[I28-outbox] the refusal text: a refusal that fails is undone with its text; a committed one has it', async () => {
    const order = await anOrder(t, [['MUG-1', 1]]);
    await refuseRowsOf('order_refused');
    try {
      expect(
        (await admin('POST', `/orders/${order.id}/refuse`, { reason: 'Address looks wrong' })).statusCode,
      ).toBe(500);
    } finally {
      await allowRows();
    }
    expect(await orderStatus(order.id)).toBe('pending_review');
    expect(await rowsOf(order.id, 'order_refused')).toEqual([]);
    expect(
      (await outbox(t, order.shopper.mobile)).filter((body) => body.includes('could not accept')),
    ).toEqual([]);
    expect(
      (await admin('POST', `/orders/${order.id}/refuse`, { reason: 'Address looks wrong' })).statusCode,
    ).toBe(200);
    expect((await expectOneRowWith(order.id, 'order_refused', 'refused'))?.send_state).toBe('sent');
  });

  it('[I28-outbox] the shipped, refunded and cancelled texts: each undone with its change, each queued with it', async () => {
    const harbour = await sellerId(t, 'harbour-goods');
    const shipped = await anOrder(t, [['MUG-1', 1]]);
    const refunded = await anOrder(t, [['MUG-1', 2]]);
    const cancelled = await anOrder(t, [['MUG-1', 1]]);
    for (const order of [shipped, refunded, cancelled])
      expect((await admin('POST', `/orders/${order.id}/approve`)).statusCode).toBe(200);
    const item = await t.db
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', refunded.id)
      .executeTakeFirstOrThrow();
    const changes = [
      {
        order: shipped,
        purpose: 'order_shipped',
        event: 'shipped',
        path: `/orders/${shipped.id}/shipments`,
        body: { seller_id: harbour, carrier: 'Sendle', tracking_number: 'SNDL0001' },
      },
      {
        order: refunded,
        purpose: 'order_refunded',
        event: 'refunded',
        path: `/orders/${refunded.id}/refunds`,
        body: {
          lines: [{ order_item_id: item.id, qty: 1 }],
          shipping_cents: 0,
          restock: false,
          idempotency_key: 'outbox-refund-1',
        },
      },
      {
        order: cancelled,
        purpose: 'order_cancelled',
        event: 'cancelled',
        path: `/orders/${cancelled.id}/cancel`,
        body: { reason: 'Shopper asked', restock: true },
      },
    ];
    for (const change of changes) {
      await stepUp(t, operator);
      const before = await orderStatus(change.order.id);
      const textsBefore = await outbox(t, change.order.shopper.mobile);
      await refuseRowsOf(change.purpose);
      try {
        expect((await admin('POST', change.path, change.body)).statusCode, change.purpose).toBe(500);
      } finally {
        await allowRows();
      }
      expect(await orderStatus(change.order.id)).toBe(before);
      expect(await rowsOf(change.order.id, change.purpose)).toEqual([]);
      expect(await outbox(t, change.order.shopper.mobile)).toEqual(textsBefore);

      const done = await admin('POST', change.path, change.body);
      expect(done.statusCode, done.body).toBe(200);
      expect((await expectOneRowWith(change.order.id, change.purpose, change.event))?.send_state).toBe(
        'sent',
      );
      expect(await outbox(t, change.order.shopper.mobile)).toHaveLength(textsBefore.length + 1);
    }
  });
});

describe('[I28-outbox] sign-in codes', () => {
  it('[I28-outbox] a sign-in code is sent at once and recorded in the outbox table as sent, without its text', async () => {
    const mobile = '+61491579212';
    const reply = await t.app.inject({
      method: 'POST',
      url: '/rest/default/V1/storefront/sendmobilecode',
      payload: { mobile, r_token: 'sandbox-token' },
      remoteAddress: '10.9.9.9',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const [text] = await outbox(t, mobile);
    const code = /\b(\d{6})\b/.exec(text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.db.selectFrom('sent_messages').selectAll().where('to_number', '=', mobile).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'sign_in_code', kind: 'sms', send_state: 'sent', body: null });
    expect(rows[0]?.provider_message_id).toMatch(/^sandbox-\d+$/);
    // The code is in no column of the row.
    expect(JSON.stringify(rows[0])).not.toContain(code);
  });
});

/** A provider that hands the message to the sandbox and then never answers: the process died right there. */
function diesAfterAccepting(): {
  messaging: MessagingProvider;
  accepted: () => number;
  /** Ends the hung provider calls (the test is over), so no send of the "dead" sender outlives its database. */
  end: () => void;
} {
  let accepted = 0;
  const hung: Array<(error: Error) => void> = [];
  const hang = () => new Promise<SentMessage>((_resolve, reject) => hung.push(reject));
  return {
    messaging: {
      mode: 'sandbox',
      sendSms: async (to, body) => {
        await sandbox.sendSms(to, body);
        accepted += 1;
        return hang();
      },
      sendMms: async (to, body, media) => {
        await sandbox.sendMms(to, body, media);
        accepted += 1;
        return hang();
      },
    },
    accepted: () => accepted,
    end: () => {
      for (const reject of hung.splice(0)) reject(new Error('the process is gone'));
    },
  };
}

const aSender = (options: Partial<OutboxSenderOptions> & { db?: Db } = {}) =>
  createOutboxSender({
    db: t.db,
    clock: t.clock,
    messaging: sandbox,
    lookup: new OutboxLookup(sandbox),
    renderers: messageRenderers({
      storeName: t.config.STORE_NAME,
      identity: t.config.identity,
      publicUrl: PUBLIC_URL,
    }),
    log: quiet,
    ...options,
  });

/** Nothing earlier tests left queued is due (they run without a worker). */
const settleEarlierRows = () =>
  t.db.updateTable('sent_messages').set({ send_state: 'sent' }).where('send_state', '!=', 'sent').execute();

describe('[I28-outbox] exactly once', { timeout: 180_000 }, () => {
  it('[I28-outbox] killed between the provider accepting and the row recording: the next worker looks each message up and sends none again', async () => {
    await settleEarlierRows();
    // A receipt (written when it goes, by its renderer) and a text with its body, both committed.
    const order = await anOrder(t, [['MUG-1', 1]]);
    const statusText = `Quokka: your order ${order.incrementId} is on its way with Sendle. Tracking number: X1`;
    await t.db.transaction().execute((trx) =>
      enqueueMessage(
        trx,
        {
          to: order.shopper.mobile,
          kind: 'sms',
          purpose: 'order_shipped',
          orderId: order.id,
          key: `crash:${order.id}`,
          body: statusText,
        },
        t.clock.now(),
      ),
    );
    const receiptsTo = async () =>
      (await outbox(t, order.shopper.mobile)).filter((body) => body.includes('receipt: thank you'));
    const statusTo = async () =>
      (await outbox(t, order.shopper.mobile)).filter((body) => body === statusText);

    // Worker one claims one row at a time; each send is accepted and then the process is gone.
    const dead: Array<{ dying: ReturnType<typeof diesAfterAccepting>; run: Promise<number> }> = [];
    for (const _row of [1, 2]) {
      const dying = diesAfterAccepting();
      const run = aSender({ messaging: dying.messaging, batchSize: 1, workerId: 'dies' }).runOnce();
      dead.push({ dying, run });
      while (dying.accepted() === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await receiptsTo()).toHaveLength(1);
    expect(await statusTo()).toHaveLength(1);

    // The next worker: nothing while the dead one's leases hold; after them, both found, none resent.
    const log: string[] = [];
    const next = aSender({
      workerId: 'next',
      log: { info() {}, error() {}, warn: (_details, message) => log.push(message) },
    });
    expect(await next.runOnce()).toBe(0);
    t.clock.advance(5 * 60_000 + 1_000);
    expect(await next.runOnce()).toBe(2);
    expect(await receiptsTo()).toHaveLength(1);
    expect(await statusTo()).toHaveLength(1);
    expect(log.filter((message) => message.includes('not sending it again'))).toHaveLength(2);
    const rows = await t.db
      .selectFrom('sent_messages')
      .select(['send_state', 'provider_message_id', 'attempts'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(
      rows.map((row) => [row.send_state, row.provider_message_id.startsWith('sandbox-'), row.attempts]),
    ).toEqual([
      ['sent', true, 2],
      ['sent', true, 2],
    ]);
    // The hung calls end before the database closes; their leases were taken over, so they change nothing.
    for (const { dying } of dead) dying.end();
    await Promise.all(dead.map(({ run }) => run));
    expect(
      (
        await t.db
          .selectFrom('sent_messages')
          .select(['send_state', 'attempts'])
          .where('order_id', '=', order.id)
          .orderBy('id')
          .execute()
      ).map((row) => [row.send_state, row.attempts]),
    ).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
  });

  it('[I28-outbox] two workers on one database (each with its own connections on PostgreSQL) drain 200 rows: each sent exactly once', async () => {
    await settleEarlierRows();
    const ids = await t.db.transaction().execute(async (trx) => {
      const made: number[] = [];
      for (let n = 0; n < 200; n++) {
        made.push(
          await enqueueMessage(
            trx,
            {
              to: `+6149157${String(1000 + n).padStart(4, '0')}`,
              kind: 'sms',
              purpose: 'outbox_test',
              key: `drain:${n}`,
              body: `Outbox drain ${n}`,
            },
            t.clock.now(),
          ),
        );
      }
      return made;
    });
    // On PostgreSQL the second worker is a process of its own in all but name: its own pool on the same database.
    let second: DatabaseHandle | undefined;
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      const where = await sql<{
        db: string;
        schema: string;
      }>`select current_database() as db, current_schema() as schema`.execute(t.db);
      const at = where.rows[0];
      if (!at) throw new Error('no database name');
      second = await openDatabase({ url: withDatabase(url, at.db), schema: at.schema, poolSize: 4 });
    }
    try {
      const otherDb = second?.db ?? t.db;
      const otherSandbox = new SandboxMessaging(otherDb);
      const slowly = (provider: SandboxMessaging): MessagingProvider => ({
        mode: 'sandbox',
        sendSms: async (to, body) => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          return provider.sendSms(to, body);
        },
        sendMms: (to, body, media) => provider.sendMms(to, body, media),
      });
      const [a, b] = await Promise.all([
        aSender({ workerId: 'a', batchSize: 5, messaging: slowly(sandbox) }).runOnce(),
        aSender({
          workerId: 'b',
          batchSize: 5,
          db: otherDb,
          messaging: slowly(otherSandbox),
          lookup: new OutboxLookup(otherSandbox),
        }).runOnce(),
      ]);
      expect(a + b).toBe(200);
      expect(a).toBeGreaterThan(0);
      expect(b).toBeGreaterThan(0);
    } finally {
      await second?.close();
    }
    const rows = await t.db
      .selectFrom('sent_messages')
      .select(['send_state', 'attempts', 'provider_message_id'])
      .where('id', 'in', ids)
      .execute();
    expect(rows.filter((row) => row.send_state === 'sent' && row.attempts === 1)).toHaveLength(200);
    expect(new Set(rows.map((row) => row.provider_message_id)).size).toBe(200);
    const sent = await t.db
      .selectFrom('outbox_messages')
      .select((eb) => ['body', eb.fn.countAll<number>().as('n')])
      .where('body', 'like', 'Outbox drain %')
      .groupBy('body')
      .execute();
    expect(sent).toHaveLength(200);
    expect(sent.every((row) => Number(row.n) === 1)).toBe(true);
  });
});
