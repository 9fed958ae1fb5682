import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagingProvider } from '../../providers/messaging/messaging-provider.ts';
import type { TestApp } from '../../test/test-app.ts';
import { OutboxLookup } from '../messages/message-lookup.ts';
import { createOutboxSender } from '../messages/outbox.ts';
import { createStaffAccounts } from '../staff/staff-accounts.ts';
import {
  adminCall,
  anOrder,
  ORIGIN,
  ordersTestApp,
  outbox,
  type Session,
  sellerId,
  signedIn,
} from './test/orders-test-kit.ts';
import { createVendorOrderTexts, VENDOR_NEW_ORDER_PURPOSE } from './vendor-order-texts.ts';

// [I16-vendor-sms] A new approved order texts each live vendor member of staff of each of its sellers, once
// per order and member, after the approval commits; recorded in sent_messages and on the timeline. The
// real app on PGlite (or TEST_DATABASE_URL), ORDER_REVIEW=manual so approval is an operator's click; the
// sandbox outbox is the provider.

let t: TestApp;
let operator: Session;
let harbour: Session;
let harbour2: Session;
let outback: Session;

beforeAll(async () => {
  t = await ordersTestApp({ ORDER_REVIEW: 'manual' });
  operator = await signedIn(t, 'operator');
  harbour = await signedIn(t, 'vendor', { name: 'Hana Harbour', sellerUrl: 'harbour-goods' });
  harbour2 = await signedIn(t, 'vendor', { name: 'Hugo Harbour', sellerUrl: 'harbour-goods' });
  outback = await signedIn(t, 'vendor', { name: 'Olly Outback', sellerUrl: 'outback-outfitters' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const newOrderTexts = async (mobile: string, on: TestApp = t) =>
  (await outbox(on, mobile)).filter((body) => body.startsWith('New order '));

/** The outbox's sender on `messaging` (the app's sandbox by default), as services.ts builds it. */
const anOutbox = (messaging: MessagingProvider = t.app.deps.providers.messaging) => {
  const sandbox = t.app.deps.providers.outbox;
  if (!sandbox) throw new Error('the test app runs messaging in sandbox mode');
  const log = { info() {}, warn() {}, error() {} };
  return createOutboxSender({ db: t.db, clock: t.clock, messaging, lookup: new OutboxLookup(sandbox), log });
};

const statusOf = async (on: TestApp, orderId: number) =>
  (await on.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow())
    .status;

describe('[I16-vendor-sms] new approved order → SMS to the seller staff', () => {
  it('[I16-vendor-sms] each live vendor of each seller in the order gets one text with the back office link; retries send nothing more', async () => {
    const order = await anOrder(t, [
      ['MUG-1', 1],
      ['BOWL-1', 2],
    ]);
    // Pending review: nobody is told yet.
    expect(await newOrderTexts(harbour.member.mobile)).toEqual([]);
    const approved = await adminCall(t, 'POST', `/orders/${order.id}/approve`, operator, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const link = `${ORIGIN}/admin/orders/${order.id}`;
    expect(await newOrderTexts(harbour.member.mobile)).toEqual([
      `New order ${order.incrementId} for Harbour Goods: ${link}`,
    ]);
    expect(await newOrderTexts(harbour2.member.mobile)).toEqual([
      `New order ${order.incrementId} for Harbour Goods: ${link}`,
    ]);
    expect(await newOrderTexts(outback.member.mobile)).toEqual([
      `New order ${order.incrementId} for Outback Outfitters: ${link}`,
    ]);
    // Not to the operator.
    expect(await newOrderTexts(operator.member.mobile)).toEqual([]);

    // Approve again (a double click), and two processes racing to text: nothing more is sent.
    expect((await adminCall(t, 'POST', `/orders/${order.id}/approve`, operator, {})).statusCode).toBe(200);
    const texts = createVendorOrderTexts({
      db: t.db,
      clock: t.clock,
      outbox: anOutbox(),
      publicUrl: ORIGIN,
      log: { warn() {} },
    });
    await Promise.all([texts.newOrder(order.id), texts.newOrder(order.id)]);
    for (const member of [harbour, harbour2, outback]) {
      expect(await newOrderTexts(member.member.mobile)).toHaveLength(1);
    }
    const rows = await t.db
      .selectFrom('sent_messages')
      .select(['to_number', 'status', 'provider_message_id'])
      .where('order_id', '=', order.id)
      .where('purpose', '=', VENDOR_NEW_ORDER_PURPOSE)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.to_number).sort()).toEqual(
      [harbour.member.mobile, harbour2.member.mobile, outback.member.mobile].sort(),
    );
    for (const row of rows) {
      expect(row.status).toBe('delivered');
      expect(row.provider_message_id.startsWith('claim:')).toBe(false);
    }

    // On the timeline: the vendor sees their own seller's texts, not the other seller's.
    const seen = await adminCall(t, 'GET', `/orders/${order.id}`, harbour);
    expect(seen.statusCode, seen.body).toBe(200);
    const notified = (seen.json().timeline as { type: string; summary: string; message: unknown }[]).filter(
      (event) => event.type === 'vendor_notified',
    );
    expect(notified.map((event) => event.summary).sort()).toEqual([
      'New order text to Hana Harbour (Harbour Goods)',
      'New order text to Hugo Harbour (Harbour Goods)',
    ]);
    expect(notified.every((event) => event.message !== null)).toBe(true);
  });

  it('[I16-vendor-sms] removed staff, operators and sellers without items in the order get nothing', async () => {
    const accounts = createStaffAccounts({
      db: t.db,
      clock: t.clock,
      findSellerId: async (url) => (url === 'harbour-goods' ? sellerId(t, 'harbour-goods') : undefined),
    });
    const gone = await accounts.add({
      mobile: '+61491570156',
      name: 'Gone Harbour',
      role: 'vendor',
      sellerUrl: 'harbour-goods',
    });
    await t.db.updateTable('staff').set({ removed_at: t.clock.now() }).where('id', '=', gone.id).execute();
    const order = await anOrder(t, [['CUP-3', 1]]);
    expect((await adminCall(t, 'POST', `/orders/${order.id}/approve`, operator, {})).statusCode).toBe(200);
    expect(
      (await newOrderTexts(harbour.member.mobile)).filter((body) =>
        body.startsWith(`New order ${order.incrementId} for Harbour Goods`),
      ),
    ).toHaveLength(1);
    expect((await newOrderTexts(gone.mobile)).filter((body) => body.includes(order.incrementId))).toEqual([]);
    expect(
      (await newOrderTexts(outback.member.mobile)).filter((body) => body.includes(order.incrementId)),
    ).toEqual([]);
  });

  it('[I16-vendor-sms] a provider that fails: the order stays approved, the text is recorded failed and not sent again', async () => {
    const failing = {
      ...t.app.deps.providers.messaging,
      mode: t.app.deps.providers.messaging.mode,
      sendSms: async () => {
        throw new Error('provider down');
      },
    } as MessagingProvider;
    const order = await anOrder(t, [['BOWL-1', 1]]);
    // The approval committed (as approve's transaction does before it texts anyone).
    await t.db.updateTable('orders').set({ status: 'approved' }).where('id', '=', order.id).execute();
    const texts = createVendorOrderTexts({
      db: t.db,
      clock: t.clock,
      outbox: anOutbox(failing),
      publicUrl: ORIGIN,
      log: { warn() {} },
    });
    await expect(texts.newOrder(order.id)).resolves.toBeUndefined();
    const row = await t.db
      .selectFrom('sent_messages')
      .select(['status', 'error_code'])
      .where('order_id', '=', order.id)
      .where('purpose', '=', VENDOR_NEW_ORDER_PURPOSE)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', error_code: 'send_failed' });
    const state = await t.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(state.status).toBe('approved');
    // A retried approve with a working provider does not send it twice (at most once).
    expect((await adminCall(t, 'POST', `/orders/${order.id}/approve`, operator, {})).statusCode).toBe(200);
    expect(
      (await newOrderTexts(outback.member.mobile)).filter((body) => body.includes(order.incrementId)),
    ).toEqual([]);
  });
});

describe('[I16-vendor-sms] ORDER_REVIEW=auto', () => {
  it('[I16-vendor-sms] an order approved automatically at checkout texts the seller staff the same way', async () => {
    const auto = await ordersTestApp();
    try {
      const member = await signedIn(auto, 'vendor', { name: 'Ada Auto', sellerUrl: 'outback-outfitters' });
      const order = await anOrder(auto, [['BOWL-1', 1]]);
      expect(await statusOf(auto, order.id)).toBe('approved');
      // The texts go after the checkout's reply (next test): they arrive soon after it.
      await expect
        .poll(() => newOrderTexts(member.member.mobile, auto))
        .toEqual([
          `New order ${order.incrementId} for Outback Outfitters: ${ORIGIN}/admin/orders/${order.id}`,
        ]);
    } finally {
      await auto.close();
    }
  }, 60_000);

  it("[I16-vendor-sms][I15-auto] the shopper's checkout does not wait for the sellers' texts; closing the app waits for them", async () => {
    const auto = await ordersTestApp();
    try {
      const member = await signedIn(auto, 'vendor', { name: 'Sam Slow', sellerUrl: 'outback-outfitters' });
      // The SMS provider answers the sellers' text only when the test lets it (a slow provider).
      const messaging = auto.app.deps.providers.messaging;
      const send = messaging.sendSms.bind(messaging);
      let letThrough!: () => void;
      const gate = new Promise<void>((resolve) => {
        letThrough = resolve;
      });
      let held = 0;
      messaging.sendSms = async (to, body) => {
        if (body.startsWith('New order ')) {
          held += 1;
          await gate;
        }
        return send(to, body);
      };
      const order = await anOrder(auto, [['BOWL-1', 1]]);
      // Checkout answered and the order is approved while the text is still held by the provider.
      expect(await statusOf(auto, order.id)).toBe('approved');
      await expect.poll(() => held).toBe(1);
      expect(await newOrderTexts(member.member.mobile, auto)).toEqual([]);
      letThrough();
      await auto.app.close(); // waits for the text (onClose: orderReview.settle)
      const sent = await auto.db
        .selectFrom('sent_messages')
        .select(['to_number', 'status'])
        .where('purpose', '=', VENDOR_NEW_ORDER_PURPOSE)
        .where('order_id', '=', order.id)
        .execute();
      expect(sent).toEqual([{ to_number: member.member.mobile, status: 'delivered' }]);
    } finally {
      await auto.close();
    }
  }, 60_000);
});
