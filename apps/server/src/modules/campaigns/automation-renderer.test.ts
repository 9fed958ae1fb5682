import type { Campaign } from '@quokka/contract/api/campaigns';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addToCart, aShopper, placeOrder, type Shopper, saveShipping } from '../../test/cart-factory.ts';
import type { TestApp } from '../../test/test-app.ts';
import { outboxSenderFor } from '../../worker/start-worker.ts';
import { adminCall, ORIGIN, outbox, type Session, signedIn } from '../orders/test/orders-test-kit.ts';
import { itemsPhrase } from './automation-renderer.ts';
import { stopAll, unsubscribeSeller } from './consent.ts';
import {
  automationsTestApp,
  consentOf,
  flowOf,
  NOON_SYDNEY,
  productIdOf,
  queuedAlert,
  queueSend,
  quiet,
  sellerIdOf,
  sendDue,
  senderOf,
  sendOf,
  textsTo,
} from './test/automation-test-kit.ts';

// [I31] The 'automation' renderer through the worker's real campaign sender (PGlite, the app's test clock):
// automated texts queued with queueAutomationSend, then checked and written when the outbox claims them.

let t: TestApp;
let harbour: number;
let kites: number;
let mug: number;
let tote: number;

beforeAll(async () => {
  t = await automationsTestApp();
  harbour = await sellerIdOf(t, 'harbour-goods');
  kites = await sellerIdOf(t, 'kims-kites');
  mug = await productIdOf(t, 'MUG');
  tote = await productIdOf(t, 'TOTE');
}, 180_000);
afterAll(() => t?.close());

beforeEach(async () => {
  await sql`update text_consents set state = 'unsubscribed'`.execute(t.db);
  await sql`delete from send_rate`.execute(t.db);
  t.clock.set(NOON_SYDNEY);
});

/** A member subscribed to Harbour Goods' texts. */
async function aSubscriber(): Promise<Shopper & { optout: string }> {
  const shopper = await aShopper(t);
  const optout = await consentOf(t, shopper.mobile, harbour, shopper.id);
  return { ...shopper, optout };
}

/** A member's active cart id. */
async function cartIdOf(shopper: Shopper): Promise<number> {
  const row = await t.db
    .selectFrom('carts')
    .select('id')
    .where('customer_id', '=', shopper.id)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('[I31] the automation renderer', { timeout: 120_000 }, () => {
  it('[I31] items are named one, "A and B", or "A and 2 more"', () => {
    expect(itemsPhrase(['Beach Tote'])).toBe('Beach Tote');
    expect(itemsPhrase(['Beach Tote', 'Sun Hat'])).toBe('Beach Tote and Sun Hat');
    expect(itemsPhrase(['Beach Tote', 'Sun Hat', 'Cap'])).toBe('Beach Tote and 2 more');
  });

  it('[I31] a back-in-stock text names the seller, the product, its short link and the send’s own opt-out when there is no consent', async () => {
    const automation = await flowOf(t, harbour, 'back_in_stock');
    const mobile = (await aShopper(t)).mobile;
    const alert = await queuedAlert(t, { productId: mug, sellerId: harbour, mobile });
    const queued = await queueSend(t, {
      automationId: automation,
      flow: 'back_in_stock',
      sellerId: harbour,
      mobile,
      customerId: null,
      productId: mug,
      stockAlertId: alert,
    });
    expect(queued).not.toBeNull();
    await sendDue(t);
    const texts = await textsTo(t, mobile);
    expect(await outbox(t, mobile)).toEqual([
      `Harbour Goods: Sunrise Mug is back in stock. Get yours before it goes again:\n${ORIGIN}/t/${queued?.code}\nOpt out: ${ORIGIN}/u/${queued?.code}`,
    ]);
    const send = await sendOf(t, queued?.id ?? 0);
    expect(send.state).toBe('sent');
    expect(send.message_id).toBe(texts[0]?.id);
  });

  it('[I31] a cart reminder names the cart’s items of that seller, the link, and the consent’s opt-out', async () => {
    const automation = await flowOf(t, harbour, 'cart_reminder');
    const member = await aSubscriber();
    for (const sku of ['TOTE', 'HAT', 'CAP', 'KITE'])
      expect((await addToCart(t.app, member, sku)).status).toBe(200);
    const queued = await queueSend(t, {
      automationId: automation,
      flow: 'cart_reminder',
      sellerId: harbour,
      mobile: member.mobile,
      customerId: member.id,
      cartId: await cartIdOf(member),
    });
    await sendDue(t);
    expect(await outbox(t, member.mobile)).toEqual([
      `Harbour Goods: You left Beach Tote and 2 more in your cart. It is waiting for you:\n${ORIGIN}/t/${queued?.code}\nOpt out: ${ORIGIN}/u/${member.optout}`,
    ]);
  });

  it('[I31] a thank-you without a product has no link (its {product} is left as written)', async () => {
    const automation = await flowOf(t, harbour, 'thank_you', { message: 'Thanks {product}!' });
    const member = await aSubscriber();
    await queueSend(t, {
      automationId: automation,
      flow: 'thank_you',
      sellerId: harbour,
      mobile: member.mobile,
      customerId: member.id,
    });
    await sendDue(t);
    const bodies = await outbox(t, member.mobile);
    expect(bodies).toEqual([`Harbour Goods: Thanks {product}!\nOpt out: ${ORIGIN}/u/${member.optout}`]);
  });

  it('[I31] a STOP before the send: the text is skipped, nothing goes, and the waiting asks are cancelled (every seller’s)', async () => {
    const automation = await flowOf(t, harbour, 'back_in_stock');
    const mobile = (await aShopper(t)).mobile;
    const alert = await queuedAlert(t, { productId: mug, sellerId: harbour, mobile });
    const waitingHere = await queuedAlert(t, { productId: tote, sellerId: harbour, mobile }, 'waiting');
    const waitingThere = await queuedAlert(
      t,
      { productId: await productIdOf(t, 'KITE'), sellerId: kites, mobile },
      'waiting',
    );
    const queued = await queueSend(t, {
      automationId: automation,
      flow: 'back_in_stock',
      sellerId: harbour,
      mobile,
      customerId: null,
      productId: mug,
      stockAlertId: alert,
    });
    await t.db.transaction().execute((trx) => stopAll(trx, { mobile, via: 'keyword' }, t.clock.now()));
    await sendDue(t);
    expect(await textsTo(t, mobile)).toEqual([]);
    expect((await sendOf(t, queued?.id ?? 0)).state).toBe('skipped_opted_out');
    const message = await t.db
      .selectFrom('sent_messages')
      .select('send_state')
      .where('automation_send_id', '=', queued?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(message.send_state).toBe('cancelled');
    const alerts = await t.db
      .selectFrom('stock_alerts')
      .select(['id', 'state'])
      .where('id', 'in', [waitingHere, waitingThere])
      .orderBy('id')
      .execute();
    expect(alerts.map((a) => a.state)).toEqual(['cancelled', 'cancelled']);
  });

  it('[I31] a STOP that reached the renderer only (the outbox row left queued) still skips the text', async () => {
    const automation = await flowOf(t, harbour, 'thank_you', { productId: tote });
    const member = await aSubscriber();
    const queued = await queueSend(t, {
      automationId: automation,
      flow: 'thank_you',
      sellerId: harbour,
      mobile: member.mobile,
      customerId: member.id,
      productId: tote,
    });
    await t.db
      .insertInto('text_stops')
      .values({
        mobile: member.mobile,
        stopped: true,
        stopped_at: t.clock.now(),
        via: 'keyword',
        restored_at: null,
      })
      .execute();
    await sendDue(t);
    expect(await textsTo(t, member.mobile)).toEqual([]);
    expect((await sendOf(t, queued?.id ?? 0)).state).toBe('skipped_opted_out');
  });

  it('[I31] a seller opt-out withdraws that seller’s automated texts and waiting asks, not another seller’s', async () => {
    const automation = await flowOf(t, harbour, 'thank_you', { productId: tote });
    const member = await aSubscriber();
    const otherAsk = await queuedAlert(
      t,
      { productId: await productIdOf(t, 'KITE'), sellerId: kites, mobile: member.mobile },
      'waiting',
    );
    const ownAsk = await queuedAlert(
      t,
      { productId: mug, sellerId: harbour, mobile: member.mobile },
      'waiting',
    );
    const queued = await queueSend(t, {
      automationId: automation,
      flow: 'thank_you',
      sellerId: harbour,
      mobile: member.mobile,
      customerId: member.id,
      productId: tote,
    });
    await t.db
      .transaction()
      .execute((trx) =>
        unsubscribeSeller(trx, { mobile: member.mobile, sellerId: harbour, via: 'link' }, t.clock.now()),
      );
    await sendDue(t);
    expect(await textsTo(t, member.mobile)).toEqual([]);
    expect((await sendOf(t, queued?.id ?? 0)).state).toBe('skipped_opted_out');
    const states = await t.db
      .selectFrom('stock_alerts')
      .select(['id', 'state'])
      .where('id', 'in', [ownAsk, otherAsk])
      .execute();
    expect(Object.fromEntries(states.map((a) => [a.id, a.state]))).toEqual({
      [ownAsk]: 'cancelled',
      [otherAsk]: 'waiting',
    });
  });

  it('[I31] the flow switched off before the send: the text is cancelled and nothing goes', async () => {
    const automation = await flowOf(t, harbour, 'thank_you', { productId: tote });
    const member = await aSubscriber();
    const queued = await queueSend(t, {
      automationId: automation,
      flow: 'thank_you',
      sellerId: harbour,
      mobile: member.mobile,
      customerId: member.id,
      productId: tote,
    });
    await flowOf(t, harbour, 'thank_you', { enabled: false, productId: tote });
    await sendDue(t);
    expect(await textsTo(t, member.mobile)).toEqual([]);
    expect((await sendOf(t, queued?.id ?? 0)).state).toBe('cancelled');
    await flowOf(t, harbour, 'thank_you', { productId: tote });
  });

  it('[I31] a back-in-stock ask cancelled before the send: the text is cancelled', async () => {
    const automation = await flowOf(t, harbour, 'back_in_stock');
    const mobile = (await aShopper(t)).mobile;
    const alert = await queuedAlert(t, { productId: mug, sellerId: harbour, mobile });
    const queued = await queueSend(t, {
      automationId: automation,
      flow: 'back_in_stock',
      sellerId: harbour,
      mobile,
      customerId: null,
      productId: mug,
      stockAlertId: alert,
    });
    await t.db.updateTable('stock_alerts').set({ state: 'cancelled' }).where('id', '=', alert).execute();
    await sendDue(t);
    expect(await textsTo(t, mobile)).toEqual([]);
    expect((await sendOf(t, queued?.id ?? 0)).state).toBe('cancelled');
  });

  it('[I31] the weekly cap is shared with campaigns: two campaign texts, then an automated one is skipped_cap', async () => {
    const member = await aSubscriber();
    const vendor: Session = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' });
    for (const name of ['One', 'Two']) {
      const created = await adminCall(t, 'POST', '/campaigns', vendor, {
        name,
        message: 'Our totes.',
        product_id: tote,
        audience: { kind: 'all' },
      });
      expect(created.statusCode, created.body).toBe(200);
      const sent = await adminCall(t, 'POST', `/campaigns/${(created.json() as Campaign).id}/send`, vendor);
      expect(sent.statusCode, sent.body).toBe(200);
      await sendDue(t);
    }
    expect((await textsTo(t, member.mobile)).map((m) => m.purpose)).toEqual(['campaign', 'campaign']);
    const automation = await flowOf(t, harbour, 'thank_you', { productId: tote });
    const queued = await queueSend(t, {
      automationId: automation,
      flow: 'thank_you',
      sellerId: harbour,
      mobile: member.mobile,
      customerId: member.id,
      productId: tote,
    });
    await sendDue(t);
    expect((await textsTo(t, member.mobile)).map((m) => m.purpose)).toEqual(['campaign', 'campaign']);
    expect((await sendOf(t, queued?.id ?? 0)).state).toBe('skipped_cap');
    // A week on, the cap has room again.
    t.clock.advance(7 * 86_400_000 + 60_000);
    const later = await queueSend(t, {
      automationId: automation,
      flow: 'thank_you',
      sellerId: harbour,
      mobile: member.mobile,
      customerId: member.id,
      productId: mug,
    });
    await sendDue(t);
    expect((await sendOf(t, later?.id ?? 0)).state).toBe('sent');
  });

  it('[I31] quiet hours: queued at 11 pm in Sydney it goes at 6 am there, not before; in Perth at 6 am Perth time', async () => {
    t.clock.set('2026-11-24T12:00:00Z'); // 11 pm in Sydney, 8 pm in Perth
    const automation = await flowOf(t, harbour, 'thank_you', { productId: tote });
    const sydney = await aSubscriber();
    const perth = await aSubscriber();
    const one = await queueSend(t, {
      automationId: automation,
      flow: 'thank_you',
      sellerId: harbour,
      mobile: sydney.mobile,
      customerId: sydney.id,
      productId: tote,
    });
    const two = await queueSend(t, {
      automationId: automation,
      flow: 'thank_you',
      sellerId: harbour,
      mobile: perth.mobile,
      customerId: perth.id,
      productId: tote,
      zone: 'Australia/Perth',
    });
    expect(one?.quietDelayed).toBe(true);
    expect(two?.dueAt.toISOString()).toBe('2026-11-24T22:00:00.000Z');
    t.clock.set('2026-11-24T18:59:00Z'); // 5:59 am in Sydney
    await sendDue(t);
    expect(await textsTo(t, sydney.mobile)).toEqual([]);
    t.clock.set('2026-11-24T19:00:00Z'); // 6 am in Sydney, 3 am in Perth
    await sendDue(t);
    expect(await textsTo(t, sydney.mobile)).toHaveLength(1);
    expect(await textsTo(t, perth.mobile)).toEqual([]);
    t.clock.set('2026-11-24T22:00:00Z'); // 6 am in Perth
    await sendDue(t);
    expect(await textsTo(t, perth.mobile)).toHaveLength(1);
    expect((await sendOf(t, one?.id ?? 0)).quiet_delayed).toBe(true);
  });

  it('[I31] a cart reminder is cancelled when the member ordered since the cart’s last change, or emptied it', async () => {
    const automation = await flowOf(t, harbour, 'cart_reminder');
    const orderedMember = await aSubscriber();
    expect((await addToCart(t.app, orderedMember, 'TOTE')).status).toBe(200);
    const cart = await cartIdOf(orderedMember);
    const ordered = await queueSend(t, {
      automationId: automation,
      flow: 'cart_reminder',
      sellerId: harbour,
      mobile: orderedMember.mobile,
      customerId: orderedMember.id,
      cartId: cart,
    });
    // The member orders meanwhile, through the real checkout.
    t.clock.advance(60_000);
    expect((await saveShipping(t.app, orderedMember)).status).toBe(200);
    const placed = await placeOrder(t.app, orderedMember);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const emptiedMember = await aSubscriber();
    expect((await addToCart(t.app, emptiedMember, 'TOTE')).status).toBe(200);
    const emptiedCart = await cartIdOf(emptiedMember);
    const emptied = await queueSend(t, {
      automationId: automation,
      flow: 'cart_reminder',
      sellerId: harbour,
      mobile: emptiedMember.mobile,
      customerId: emptiedMember.id,
      cartId: emptiedCart,
    });
    await t.db.deleteFrom('cart_items').where('cart_id', '=', emptiedCart).execute();
    await sendDue(t);
    expect(await textsTo(t, orderedMember.mobile)).toEqual([]);
    expect(await textsTo(t, emptiedMember.mobile)).toEqual([]);
    expect((await sendOf(t, ordered?.id ?? 0)).state).toBe('cancelled');
    expect((await sendOf(t, emptied?.id ?? 0)).state).toBe('cancelled');
  });

  it('[I31] exactly once: the same cart queued twice is one send, and two senders at once send one text', async () => {
    const automation = await flowOf(t, harbour, 'cart_reminder');
    const member = await aSubscriber();
    expect((await addToCart(t.app, member, 'HAT')).status).toBe(200);
    const cart = await cartIdOf(member);
    const send = {
      automationId: automation,
      flow: 'cart_reminder' as const,
      sellerId: harbour,
      mobile: member.mobile,
      customerId: member.id,
      cartId: cart,
    };
    expect(await queueSend(t, send)).not.toBeNull();
    expect(await queueSend(t, send)).toBeNull();
    t.clock.advance(1_000);
    const [a, b] = [senderOf(t, 'one'), senderOf(t, 'two')];
    await Promise.all([a.runOnce(), b.runOnce()]);
    await Promise.all([a.runOnce(), b.runOnce()]);
    expect(await textsTo(t, member.mobile)).toHaveLength(1);
    const rows = await t.db
      .selectFrom('automation_sends')
      .select('state')
      .where('cart_id', '=', cart)
      .execute();
    expect(rows).toEqual([{ state: 'sent' }]);
  });

  it('[I31] the main sender leaves automated texts to the campaign sender', async () => {
    const automation = await flowOf(t, harbour, 'thank_you', { productId: tote });
    const member = await aSubscriber();
    const queued = await queueSend(t, {
      automationId: automation,
      flow: 'thank_you',
      sellerId: harbour,
      mobile: member.mobile,
      customerId: member.id,
      productId: tote,
    });
    t.clock.advance(1_000);
    const main = outboxSenderFor(
      {
        config: t.config,
        db: t.db,
        clock: t.clock,
        providers: t.app.deps.providers,
        publicUrl: ORIGIN,
        log: quiet,
      },
      { workerId: 'main-test' },
    );
    await main.runOnce();
    expect(await textsTo(t, member.mobile)).toEqual([]);
    await sendDue(t);
    expect((await sendOf(t, queued?.id ?? 0)).state).toBe('sent');
  });
});
