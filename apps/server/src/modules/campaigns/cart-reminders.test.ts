import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addToCart, aShopper, placeOrder, type Shopper, saveShipping } from '../../test/cart-factory.ts';
import type { TestApp } from '../../test/test-app.ts';
import { ordersTestApp, sellerId, setPlacedAt } from '../orders/test/orders-test-kit.ts';
import { queueAutomationSend } from './automation-sends.ts';
import { runCartReminderPass } from './cart-reminders.ts';

// [I31] The cart left behind through the real app and database (PGlite or TEST_DATABASE_URL) on the test
// clock: carts filled through the cart API, consent and the seller's automation rows written as the
// consent service and the Automations screen write them. The cart and checkout stamp carts.updated_at and
// orders.created_at with the database's clock, not the app's, so each test puts the cart's last change
// (and an order's placing time) at the test clock's instant it is about.
//
// Sydney is UTC+11 in November: 7 pm there is 08:00Z, 11 pm is 12:00Z, 6 am the next day is 19:00Z.
// MUG-1 and CUP-3 are Harbour Goods', BOWL-1 Outback Outfitters'.

let t: TestApp;
let harbour: number;
let outback: number;
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const SEVEN_PM_SYDNEY = new Date('2026-11-24T08:00:00Z');
const ELEVEN_PM_SYDNEY = new Date('2026-11-24T12:00:00Z');
const SIX_AM_SYDNEY_NEXT_DAY = new Date('2026-11-24T19:00:00Z');
const LONG_AGO = new Date('2026-01-01T00:00:00Z');

beforeAll(async () => {
  t = await ordersTestApp();
  harbour = await sellerId(t, 'harbour-goods');
  outback = await sellerId(t, 'outback-outfitters');
}, 180_000);
afterAll(() => t?.close());

beforeEach(async () => {
  await flow(harbour, { enabled: true, delayHours: 4 });
  await flow(outback, { enabled: true, delayHours: 4 });
});

/** The seller's cart_reminder row, as the Automations screen leaves it. */
async function flow(
  seller: number,
  options: { enabled: boolean; delayHours: number; enabledAt?: Date | null },
): Promise<void> {
  const values = {
    enabled: options.enabled,
    delay_hours: options.delayHours,
    enabled_at: options.enabledAt === undefined ? LONG_AGO : options.enabledAt,
    updated_at: LONG_AGO,
  };
  await t.db
    .insertInto('automations')
    .values({
      seller_id: seller,
      flow: 'cart_reminder',
      message: 'You left {items} in your cart.',
      ...values,
    })
    .onConflict((oc) => oc.columns(['seller_id', 'flow']).doUpdateSet(values))
    .execute();
}

async function subscribe(shopper: Shopper, seller: number): Promise<void> {
  await t.db
    .insertInto('text_consents')
    .values({
      mobile: shopper.mobile,
      seller_id: seller,
      customer_id: shopper.id,
      state: 'subscribed',
      source: 'account',
      words: 'Text me offers',
      requested_at: LONG_AGO,
      subscribed_at: LONG_AGO,
      optout_code: randomBytes(5).toString('hex'),
      updated_at: LONG_AGO,
    })
    .execute();
}

/** A member subscribed to these sellers' texts. */
async function aMember(...sellers: number[]): Promise<Shopper> {
  const shopper = await aShopper(t);
  for (const seller of sellers) await subscribe(shopper, seller);
  return shopper;
}

/** Lines put into the member's cart through the cart API, the cart last changed at `at`; the cart's id. */
async function leaveCart(shopper: Shopper, skus: string[], at: Date): Promise<number> {
  for (const sku of skus) expect((await addToCart(t.app, shopper, sku)).status).toBe(200);
  const cart = await t.db
    .updateTable('carts')
    .set({ updated_at: at })
    .where('customer_id', '=', shopper.id)
    .where('status', '=', 'active')
    .returning('id')
    .executeTakeFirstOrThrow();
  return cart.id;
}

const sendsTo = (shopper: Shopper) =>
  t.db
    .selectFrom('automation_sends')
    .selectAll()
    .where('mobile', '=', shopper.mobile)
    .where('flow', '=', 'cart_reminder')
    .orderBy('id')
    .execute();

const pass = (at: Date) => runCartReminderPass(t.db, at);

describe('the cart left behind', { timeout: 120_000 }, () => {
  it('[I31] a cart left at 7 pm in Sydney with a 4-hour delay is queued at 11 pm and due at 6 am the next day (quiet hours)', async () => {
    const shopper = await aMember(harbour);
    const cartId = await leaveCart(shopper, ['MUG-1'], SEVEN_PM_SYDNEY);

    await pass(new Date(ELEVEN_PM_SYDNEY.getTime() - 60_000));
    expect(await sendsTo(shopper)).toEqual([]);

    await pass(ELEVEN_PM_SYDNEY);
    const sends = await sendsTo(shopper);
    expect(sends).toHaveLength(1);
    const [send] = sends;
    expect(send).toMatchObject({
      seller_id: harbour,
      cart_id: cartId,
      customer_id: shopper.id,
      product_id: null,
      state: 'queued',
      zone: 'Australia/Sydney',
      quiet_delayed: true,
    });
    expect(send?.queued_at).toEqual(ELEVEN_PM_SYDNEY);
    expect(send?.due_at).toEqual(SIX_AM_SYDNEY_NEXT_DAY);
    const outboxRow = await t.db
      .selectFrom('sent_messages')
      .select(['to_number', 'purpose', 'next_attempt_at', 'quiet_zone'])
      .where('automation_send_id', '=', send?.id ?? -1)
      .executeTakeFirstOrThrow();
    expect(outboxRow).toEqual({
      to_number: shopper.mobile,
      purpose: 'automation',
      next_attempt_at: SIX_AM_SYDNEY_NEXT_DAY,
      quiet_zone: 'Australia/Sydney',
    });
  });

  it('[I31] a member who placed an order after the cart’s last change gets no reminder', async () => {
    const shopper = await aMember(harbour);
    await leaveCart(shopper, ['MUG-1'], SEVEN_PM_SYDNEY);
    // An order placed at 8 pm through the checkout, the cart left behind filled again at 7 pm before it.
    expect((await saveShipping(t.app, shopper)).status).toBe(200);
    const placed = await placeOrder(t.app, shopper);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await setPlacedAt(t, Number(placed.body), new Date(SEVEN_PM_SYDNEY.getTime() + HOUR));
    await leaveCart(shopper, ['CUP-3'], SEVEN_PM_SYDNEY);

    await pass(new Date(ELEVEN_PM_SYDNEY.getTime() + HOUR));
    expect(await sendsTo(shopper)).toEqual([]);

    // The control: an order placed before the cart's last change does not hold the reminder back.
    await setPlacedAt(t, Number(placed.body), new Date(SEVEN_PM_SYDNEY.getTime() - HOUR));
    await pass(new Date(ELEVEN_PM_SYDNEY.getTime() + HOUR));
    expect(await sendsTo(shopper)).toHaveLength(1);
  });

  it('[I31] a member not subscribed to the cart’s seller gets no reminder (another seller’s consent does not count)', async () => {
    const nobody = await aMember();
    const otherSeller = await aMember(outback);
    await leaveCart(nobody, ['MUG-1'], SEVEN_PM_SYDNEY);
    await leaveCart(otherSeller, ['MUG-1'], SEVEN_PM_SYDNEY);
    await pass(ELEVEN_PM_SYDNEY);
    expect(await sendsTo(nobody)).toEqual([]);
    expect(await sendsTo(otherSeller)).toEqual([]);

    await sql`update text_consents set state = 'unsubscribed' where mobile = ${otherSeller.mobile}`.execute(
      t.db,
    );
    await subscribe(nobody, harbour);
    await sql`update text_consents set state = 'unsubscribed' where mobile = ${nobody.mobile}`.execute(t.db);
    await pass(ELEVEN_PM_SYDNEY);
    expect(await sendsTo(nobody)).toEqual([]);
  });

  it('[I31] a STOP silences the cart reminder', async () => {
    const shopper = await aMember(harbour);
    await leaveCart(shopper, ['MUG-1'], SEVEN_PM_SYDNEY);
    await t.db
      .insertInto('text_stops')
      .values({ mobile: shopper.mobile, stopped: true, stopped_at: SEVEN_PM_SYDNEY, via: 'STOP' })
      .execute();
    await pass(ELEVEN_PM_SYDNEY);
    expect(await sendsTo(shopper)).toEqual([]);

    // START lifts it: the same cart is then reminded.
    await sql`update text_stops set stopped = false where mobile = ${shopper.mobile}`.execute(t.db);
    await pass(ELEVEN_PM_SYDNEY);
    expect(await sendsTo(shopper)).toHaveLength(1);
  });

  it('[I31] no reminder while the seller’s flow is off, nor for a cart left before the flow was switched on', async () => {
    const shopper = await aMember(harbour);
    await leaveCart(shopper, ['MUG-1'], SEVEN_PM_SYDNEY);
    await flow(harbour, { enabled: false, delayHours: 4 });
    await pass(ELEVEN_PM_SYDNEY);
    expect(await sendsTo(shopper)).toEqual([]);

    await flow(harbour, {
      enabled: true,
      delayHours: 4,
      enabledAt: new Date(SEVEN_PM_SYDNEY.getTime() + HOUR),
    });
    await pass(ELEVEN_PM_SYDNEY);
    expect(await sendsTo(shopper)).toEqual([]);

    await flow(harbour, { enabled: true, delayHours: 4, enabledAt: SEVEN_PM_SYDNEY });
    await pass(ELEVEN_PM_SYDNEY);
    expect(await sendsTo(shopper)).toHaveLength(1);
  });

  it('[I31] never twice for the same cart: a second pass, and the same cart changed again a week later', async () => {
    const shopper = await aMember(harbour, outback);
    const cartId = await leaveCart(shopper, ['MUG-1'], SEVEN_PM_SYDNEY);
    expect(await pass(ELEVEN_PM_SYDNEY)).toBeGreaterThanOrEqual(1);
    await pass(new Date(ELEVEN_PM_SYDNEY.getTime() + HOUR));
    expect(await sendsTo(shopper)).toHaveLength(1);

    // Eight days on (past the week), the same cart gets another seller's line and is left again.
    const later = new Date(SEVEN_PM_SYDNEY.getTime() + 8 * DAY);
    expect(await leaveCart(shopper, ['BOWL-1'], later)).toBe(cartId);
    await pass(new Date(later.getTime() + 5 * HOUR));
    expect(await sendsTo(shopper)).toHaveLength(1);
  });

  it('[I31] two carts in a week get one text; a cart after the week gets its own', async () => {
    const shopper = await aMember(harbour, outback);
    await leaveCart(shopper, ['MUG-1'], SEVEN_PM_SYDNEY);
    await pass(ELEVEN_PM_SYDNEY);
    expect(await sendsTo(shopper)).toHaveLength(1);

    // The member buys the next morning; a new cart (another seller's) is left two days later.
    expect((await saveShipping(t.app, shopper)).status).toBe(200);
    const placed = await placeOrder(t.app, shopper);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    await setPlacedAt(t, Number(placed.body), new Date(SEVEN_PM_SYDNEY.getTime() + 15 * HOUR));
    const twoDaysOn = new Date(SEVEN_PM_SYDNEY.getTime() + 2 * DAY);
    await leaveCart(shopper, ['BOWL-1'], twoDaysOn);
    await pass(new Date(twoDaysOn.getTime() + 5 * HOUR));
    expect(await sendsTo(shopper)).toHaveLength(1);

    // Another cart left eight days after the first text: the week is over.
    const placedAgain = await (async () => {
      expect((await saveShipping(t.app, shopper)).status).toBe(200);
      return placeOrder(t.app, shopper);
    })();
    expect(placedAgain.status, JSON.stringify(placedAgain.body)).toBe(200);
    await setPlacedAt(t, Number(placedAgain.body), new Date(twoDaysOn.getTime() + 6 * HOUR));
    const eightDaysOn = new Date(SEVEN_PM_SYDNEY.getTime() + 8 * DAY);
    await leaveCart(shopper, ['CUP-3'], eightDaysOn);
    await pass(new Date(eightDaysOn.getTime() + 5 * HOUR));
    expect(await sendsTo(shopper)).toHaveLength(2);
  });

  it('[I31] two workers running passes at once queue one text', async () => {
    const shoppers = await Promise.all([aMember(harbour), aMember(harbour), aMember(harbour, outback)]);
    await leaveCart(shoppers[0] as Shopper, ['MUG-1'], SEVEN_PM_SYDNEY);
    await leaveCart(shoppers[1] as Shopper, ['CUP-3'], SEVEN_PM_SYDNEY);
    await leaveCart(shoppers[2] as Shopper, ['MUG-1', 'BOWL-1'], SEVEN_PM_SYDNEY);
    const counts = await Promise.all([
      pass(ELEVEN_PM_SYDNEY),
      pass(ELEVEN_PM_SYDNEY),
      pass(ELEVEN_PM_SYDNEY),
    ]);
    for (const shopper of shoppers) expect(await sendsTo(shopper)).toHaveLength(1);
    // Each text queued by exactly one of the passes, with one outbox row each.
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(3);
    for (const shopper of shoppers) {
      const rows = await t.db
        .selectFrom('sent_messages')
        .select('id')
        .where('to_number', '=', shopper.mobile)
        .where('purpose', '=', 'automation')
        .execute();
      expect(rows).toHaveLength(1);
    }
  });

  it('[I31] a worker killed (kill -9) before its commit leaves no text behind; the next pass queues it once', async () => {
    const shopper = await aMember(harbour);
    const cartId = await leaveCart(shopper, ['MUG-1'], SEVEN_PM_SYDNEY);
    const automation = await t.db
      .selectFrom('automations')
      .select('id')
      .where('seller_id', '=', harbour)
      .where('flow', '=', 'cart_reminder')
      .executeTakeFirstOrThrow();
    // What a pass does for this cart, cut off before the commit: the database rolls the whole of it back.
    await expect(
      t.db.transaction().execute(async (trx) => {
        await queueAutomationSend(
          trx,
          {
            automationId: automation.id,
            flow: 'cart_reminder',
            sellerId: harbour,
            mobile: shopper.mobile,
            customerId: shopper.id,
            zone: 'Australia/Sydney',
            cartId,
          },
          ELEVEN_PM_SYDNEY,
        );
        throw new Error('kill -9');
      }),
    ).rejects.toThrow('kill -9');
    expect(await sendsTo(shopper)).toEqual([]);

    expect(await pass(ELEVEN_PM_SYDNEY)).toBe(1);
    expect(await pass(ELEVEN_PM_SYDNEY)).toBe(0);
    expect(await sendsTo(shopper)).toHaveLength(1);
  });

  it('[I31] an emptied cart is not reminded', async () => {
    const shopper = await aMember(harbour);
    const cartId = await leaveCart(shopper, ['MUG-1'], SEVEN_PM_SYDNEY);
    await t.db.deleteFrom('cart_items').where('cart_id', '=', cartId).execute();
    await pass(ELEVEN_PM_SYDNEY);
    expect(await sendsTo(shopper)).toEqual([]);
  });

  it('[I31] a cart with two sellers’ lines is reminded once, by the seller whose line went in first', async () => {
    const shopper = await aMember(harbour, outback);
    await leaveCart(shopper, ['BOWL-1', 'MUG-1'], SEVEN_PM_SYDNEY);
    await pass(ELEVEN_PM_SYDNEY);
    const sends = await sendsTo(shopper);
    expect(sends.map((send) => send.seller_id)).toEqual([outback]);

    // Only the sellers the member is subscribed to count: subscribed to Harbour Goods alone, it is theirs.
    const harbourOnly = await aMember(harbour);
    await leaveCart(harbourOnly, ['BOWL-1', 'MUG-1'], SEVEN_PM_SYDNEY);
    await pass(ELEVEN_PM_SYDNEY);
    expect((await sendsTo(harbourOnly)).map((send) => send.seller_id)).toEqual([harbour]);
  });

  it('[I31] each seller’s own delay: a 2-hour seller’s reminder goes at 9 pm, a 4-hour seller’s not before 11 pm', async () => {
    await flow(outback, { enabled: true, delayHours: 2 });
    const both = await aMember(harbour, outback);
    const harbourOnly = await aMember(harbour);
    await leaveCart(both, ['MUG-1', 'BOWL-1'], SEVEN_PM_SYDNEY);
    await leaveCart(harbourOnly, ['MUG-1', 'BOWL-1'], SEVEN_PM_SYDNEY);

    const ninePm = new Date(SEVEN_PM_SYDNEY.getTime() + 2 * HOUR);
    await pass(ninePm);
    expect((await sendsTo(both)).map((send) => send.seller_id)).toEqual([outback]);
    expect(await sendsTo(harbourOnly)).toEqual([]);

    await pass(ELEVEN_PM_SYDNEY);
    expect((await sendsTo(both)).map((send) => send.seller_id)).toEqual([outback]);
    expect((await sendsTo(harbourOnly)).map((send) => send.seller_id)).toEqual([harbour]);
  });
});
