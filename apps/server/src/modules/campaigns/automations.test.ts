import {
  AUTOMATION_ERRORS,
  type Automation,
  type AutomationListReply,
  type AutomationPreview,
  DEFAULT_AUTOMATION_MESSAGES,
} from '@quokka/contract/api/automations';
import type { Campaign } from '@quokka/contract/api/campaigns';
import { countSms } from '@quokka/contract/sms';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addToCart, aShopper, placeOrder, type Shopper, saveShipping } from '../../test/cart-factory.ts';
import type { TestApp } from '../../test/test-app.ts';
import { verifyLinkToken } from '../auth/link-tokens.ts';
import { issueCustomerToken } from '../auth/token-service.ts';
import { adminCall, ORIGIN, type Session, signedIn } from '../orders/test/orders-test-kit.ts';
import {
  automationsTestApp,
  consentOf,
  flowOf,
  NOON_SYDNEY,
  productIdOf,
  queuedAlert,
  queueSend,
  sellerIdOf,
  sendDue,
  sendOf,
} from './test/automation-test-kit.ts';

// [I31] Automated texts' links, opt-out page, attribution and the back office's routes, through the real
// app (PGlite, the app's test clock). Texts are queued with queueAutomationSend and sent by the real
// campaign sender.

let t: TestApp;
let harbour: number;
let kites: number;
let mug: number;
let tote: number;
const sessions: Record<string, { session: Session; at: number }> = {};

/** A staff session signed in at the test clock's now (the clock moves, and sessions expire). */
async function staffOf(role: 'vendor' | 'operator'): Promise<Session> {
  const now = t.clock.now().getTime();
  const held = sessions[role];
  if (held && now >= held.at && now - held.at < 10 * 60_000) return held.session;
  const session = await signedIn(t, role, role === 'vendor' ? { sellerUrl: 'harbour-goods' } : {});
  sessions[role] = { session, at: now };
  return session;
}

beforeAll(async () => {
  t = await automationsTestApp();
  harbour = await sellerIdOf(t, 'harbour-goods');
  kites = await sellerIdOf(t, 'kims-kites');
  mug = await productIdOf(t, 'MUG');
  tote = await productIdOf(t, 'TOTE');
  t.clock.set(NOON_SYDNEY);
}, 180_000);
afterAll(() => t?.close());

beforeEach(async () => {
  await sql`update text_consents set state = 'unsubscribed'`.execute(t.db);
  await sql`delete from send_rate`.execute(t.db);
});

function put(session: Session, flow: string, payload: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: `/admin/api/automations/${flow}`,
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
    payload: payload as object,
  });
}

/** Follows a /t link: the redirect, and the link token's claims. */
async function follow(code: string, checkout = false) {
  const opened = await t.app.inject(`/t/${code}${checkout ? '/checkout' : ''}`);
  expect(opened.statusCode).toBe(302);
  const jwt = /^\/autologin\/(.+)$/.exec(String(opened.headers.location))?.[1];
  const verified = await verifyLinkToken(t.app.services.keys.tokenKey, jwt, t.clock.now());
  if (verified.status !== 'valid') throw new Error(`link ${verified.status}`);
  return verified.claims;
}

async function aSubscriber(): Promise<Shopper> {
  const shopper = await aShopper(t);
  await consentOf(t, shopper.mobile, harbour, shopper.id);
  return shopper;
}

/** The member buys one of `sku` through the real checkout; answers the order row. */
async function buys(shopper: Shopper, sku: string) {
  // Signed in now (the clock moves past a token's life).
  shopper.headers = { authorization: `Bearer ${await issueCustomerToken(t.db, shopper.id, t.clock)}` };
  expect((await addToCart(t.app, shopper, sku)).status).toBe(200);
  expect((await saveShipping(t.app, shopper)).status).toBe(200);
  const placed = await placeOrder(t.app, shopper);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return t.db
    .selectFrom('orders')
    .select(['id', 'campaign_id', 'campaign_recipient_id', 'automation_send_id'])
    .where('customer_id', '=', shopper.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

describe('[I31] automated texts’ links', { timeout: 120_000 }, () => {
  it('[I31] /t of a back-in-stock text records the click and names the mobile, the seller and the product (a child’s parent)', async () => {
    const automation = await flowOf(t, harbour, 'back_in_stock');
    const mobile = (await aShopper(t)).mobile;
    const child = await productIdOf(t, 'TEE-RED-S');
    const parent = await productIdOf(t, 'TEE');
    const alert = await queuedAlert(t, { productId: child, sellerId: harbour, mobile });
    const queued = await queueSend(t, {
      automationId: automation,
      flow: 'back_in_stock',
      sellerId: harbour,
      mobile,
      customerId: null,
      productId: child,
      stockAlertId: alert,
    });
    const claims = await follow(queued?.code ?? '');
    expect(claims).toMatchObject({
      mobile,
      productId: parent,
      sellerUrl: 'harbour-goods',
      campaignId: null,
      openCart: false,
    });
    t.clock.advance(60_000);
    await follow(queued?.code ?? '');
    const send = await sendOf(t, queued?.id ?? 0);
    expect(send.clicks).toBe(2);
    expect(send.first_clicked_at?.getTime()).toBe(t.clock.now().getTime() - 60_000);
    expect(send.last_clicked_at?.getTime()).toBe(t.clock.now().getTime());
  });

  it('[I31] /t of a cart reminder carries openCart (the web app opens the cart signed in); a wrong code is 404', async () => {
    const automation = await flowOf(t, harbour, 'cart_reminder');
    const member = await aSubscriber();
    expect((await addToCart(t.app, member, 'HAT')).status).toBe(200);
    const cart = await t.db
      .selectFrom('carts')
      .select('id')
      .where('customer_id', '=', member.id)
      .executeTakeFirstOrThrow();
    const queued = await queueSend(t, {
      automationId: automation,
      flow: 'cart_reminder',
      sellerId: harbour,
      mobile: member.mobile,
      customerId: member.id,
      cartId: cart.id,
    });
    expect(await follow(queued?.code ?? '')).toMatchObject({
      mobile: member.mobile,
      productId: null,
      openCart: true,
    });
    expect(await follow(queued?.code ?? '', true)).toMatchObject({ openCart: true, checkoutProductId: null });
    expect((await t.app.inject('/t/NoSuchCode1')).statusCode).toBe(404);
  });

  it('[I31] /u with a back-in-stock text’s own code names the seller; "Stop texts from <seller>" cancels that seller’s waiting asks only', async () => {
    const automation = await flowOf(t, harbour, 'back_in_stock');
    const mobile = (await aShopper(t)).mobile;
    const alert = await queuedAlert(t, { productId: mug, sellerId: harbour, mobile });
    const own = await queuedAlert(t, { productId: tote, sellerId: harbour, mobile }, 'waiting');
    const other = await queuedAlert(
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
    const page = await t.app.inject(`/u/${queued?.code}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Harbour Goods');
    const stopped = await t.app.inject({
      method: 'POST',
      url: `/u/${queued?.code}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'scope=seller',
    });
    expect(stopped.statusCode).toBe(200);
    const states = await t.db
      .selectFrom('stock_alerts')
      .select(['id', 'state'])
      .where('id', 'in', [own, other])
      .execute();
    expect(Object.fromEntries(states.map((a) => [a.id, a.state]))).toEqual({
      [own]: 'cancelled',
      [other]: 'waiting',
    });
    expect((await sendOf(t, queued?.id ?? 0)).state).toBe('skipped_opted_out');
    // "Stop all offers" is the STOP: every seller's asks.
    const all = await t.app.inject({
      method: 'POST',
      url: `/u/${queued?.code}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'scope=all',
    });
    expect(all.statusCode).toBe(200);
    expect(
      (
        await t.db
          .selectFrom('stock_alerts')
          .select('state')
          .where('id', '=', other)
          .executeTakeFirstOrThrow()
      ).state,
    ).toBe('cancelled');
    expect(
      (
        await t.db
          .selectFrom('text_stops')
          .select('stopped')
          .where('mobile', '=', mobile)
          .executeTakeFirstOrThrow()
      ).stopped,
    ).toBe(true);
  });

  it('[I31] /u does not accept a cart reminder’s code (its text ends with the consent’s)', async () => {
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
    expect((await t.app.inject(`/u/${queued?.code}`)).statusCode).toBe(404);
  });
});

describe('[I31] attribution', { timeout: 180_000 }, () => {
  it('[I31] the later of a campaign click and an automated click within 5 days wins the order', async () => {
    const member = await aSubscriber();
    const created = await adminCall(t, 'POST', '/campaigns', await staffOf('vendor'), {
      name: 'Totes',
      message: 'Totes.',
      product_id: tote,
      audience: { kind: 'all' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const campaign = created.json() as Campaign;
    expect(
      (await adminCall(t, 'POST', `/campaigns/${campaign.id}/send`, await staffOf('vendor'))).statusCode,
    ).toBe(200);
    await sendDue(t);
    const recipient = await t.db
      .selectFrom('campaign_recipients')
      .select(['id', 'code'])
      .where('campaign_id', '=', campaign.id)
      .where('mobile', '=', member.mobile)
      .executeTakeFirstOrThrow();
    const automation = await flowOf(t, harbour, 'thank_you', { productId: tote });
    const send = await queueSend(t, {
      automationId: automation,
      flow: 'thank_you',
      sellerId: harbour,
      mobile: member.mobile,
      customerId: member.id,
      productId: tote,
    });

    // The campaign first, the automated text an hour later: the automated text's order.
    await follow(recipient.code);
    t.clock.advance(3_600_000);
    await follow(send?.code ?? '');
    t.clock.advance(60_000);
    expect(await buys(member, 'TOTE')).toMatchObject({
      automation_send_id: send?.id,
      campaign_id: null,
      campaign_recipient_id: null,
    });

    // Then the campaign's link again: the next order is the campaign's.
    t.clock.advance(60_000);
    await follow(recipient.code);
    t.clock.advance(60_000);
    expect(await buys(member, 'TOTE')).toMatchObject({
      automation_send_id: null,
      campaign_id: campaign.id,
      campaign_recipient_id: recipient.id,
    });

    // Past 5 days after the last click: nobody's.
    t.clock.advance(5 * 86_400_000 + 60_000);
    expect(await buys(member, 'TOTE')).toMatchObject({ automation_send_id: null, campaign_id: null });
  });
});

describe('[I31] /admin/api/automations', { timeout: 180_000 }, () => {
  it('[I31] a flow never saved reads as off, with the default words and timing; a vendor sees only their own seller', async () => {
    const fresh = await signedIn(t, 'vendor', { sellerUrl: 'kims-kites' });
    const list = await adminCall(t, 'GET', '/automations', fresh);
    expect(list.statusCode, list.body).toBe(200);
    const reply = list.json() as AutomationListReply;
    expect(reply).toMatchObject({ seller_id: kites, seller_name: "Kim's Kites" });
    expect(
      reply.items.map((i) => [i.flow, i.enabled, i.message, i.delay_hours, i.enabled_at, i.results.since]),
    ).toEqual([
      ['back_in_stock', false, DEFAULT_AUTOMATION_MESSAGES.back_in_stock, 0, null, null],
      ['cart_reminder', false, DEFAULT_AUTOMATION_MESSAGES.cart_reminder, 4, null, null],
      ['thank_you', false, DEFAULT_AUTOMATION_MESSAGES.thank_you, 14 * 24, null, null],
    ]);
    expect(reply.items[0]?.segments).toBe(
      countSms(
        `Kim's Kites: Sunrise Mug is back in stock. Get yours before it goes again:\n${ORIGIN}/t/xxxxxxxxxx\nOpt out: ${ORIGIN}/u/xxxxxxxxxx`,
      ).parts,
    );
    // Another seller's id: 404, on every route.
    expect((await adminCall(t, 'GET', `/automations?seller_id=${harbour}`, fresh)).statusCode).toBe(404);
    expect((await adminCall(t, 'GET', `/automations?seller_id=${kites}`, fresh)).statusCode).toBe(200);
    const other = await put(fresh, 'cart_reminder', {
      seller_id: harbour,
      enabled: true,
      message: 'Hi',
      delay_hours: 4,
    });
    expect(other.statusCode).toBe(404);
    expect(
      (
        await adminCall(t, 'POST', '/automations/preview', fresh, {
          seller_id: harbour,
          flow: 'cart_reminder',
          message: 'Hi',
        })
      ).statusCode,
    ).toBe(404);
    expect((await adminCall(t, 'GET', '/automations')).statusCode).toBe(401);
  });

  it('[I31] an operator must name the seller', async () => {
    const none = await adminCall(t, 'GET', '/automations', await staffOf('operator'));
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(AUTOMATION_ERRORS.sellerRequired);
    const unknown = await adminCall(t, 'GET', '/automations?seller_id=99999', await staffOf('operator'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(AUTOMATION_ERRORS.sellerNotFound);
    const named = await adminCall(t, 'GET', `/automations?seller_id=${kites}`, await staffOf('operator'));
    expect((named.json() as AutomationListReply).seller_id).toBe(kites);
  });

  it('[I31] PUT checks the timing per flow and the thank-you’s product, with clear messages', async () => {
    const cases: [string, object, string][] = [
      ['cart_reminder', { delay_hours: 0 }, AUTOMATION_ERRORS.cartHours],
      ['cart_reminder', { delay_hours: 73 }, AUTOMATION_ERRORS.cartHours],
      ['thank_you', { delay_hours: 25 }, AUTOMATION_ERRORS.thankYouDays],
      ['thank_you', { delay_hours: 91 * 24 }, AUTOMATION_ERRORS.thankYouDays],
      [
        'thank_you',
        { delay_hours: 48, message: 'Love the {product}?' },
        AUTOMATION_ERRORS.productPlaceholder,
      ],
      [
        'thank_you',
        { delay_hours: 48, product_id: await productIdOf(t, 'KITE') },
        AUTOMATION_ERRORS.productNotFound,
      ],
    ];
    for (const [flow, body, message] of cases) {
      const reply = await put(await staffOf('vendor'), flow, {
        enabled: true,
        message: 'Hello',
        delay_hours: 4,
        ...body,
      });
      expect(reply.statusCode, `${flow} ${JSON.stringify(body)}`).toBe(400);
      expect(reply.body).toContain(message.slice(0, 20));
    }
    const empty = await put(await staffOf('vendor'), 'cart_reminder', {
      enabled: true,
      message: '',
      delay_hours: 4,
    });
    expect(empty.statusCode).toBe(400);
    expect(
      (await put(await staffOf('vendor'), 'nonsense', { enabled: true, message: 'x', delay_hours: 4 }))
        .statusCode,
    ).toBe(400);
    // Back in stock has no timing: whatever is sent, it is 0.
    const bis = await put(await staffOf('vendor'), 'back_in_stock', {
      enabled: false,
      message: '{product} is back:',
      delay_hours: 5,
    });
    expect(bis.statusCode, bis.body).toBe(200);
    expect((bis.json() as Automation).delay_hours).toBe(0);
  });

  it('[I31] switching a flow on sets enabled_at (off→on only) and updated_by; preview fills sample values', async () => {
    t.clock.set('2026-12-01T00:00:00Z');
    const off = await put(await staffOf('vendor'), 'thank_you', {
      enabled: false,
      message: 'Thanks',
      delay_hours: 24,
    });
    expect(off.statusCode, off.body).toBe(200);
    t.clock.set('2026-12-01T01:00:00Z');
    let me = await staffOf('vendor');
    const onAt = t.clock.now().toISOString();
    const on = await put(me, 'thank_you', {
      enabled: true,
      message: 'Thanks! Try {product}:',
      delay_hours: 7 * 24,
      product_id: mug,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({
      enabled: true,
      enabled_at: onAt,
      product_id: mug,
      product_name: 'Sunrise Mug',
      delay_hours: 168,
    });
    // Saved again while on: enabled_at stays.
    t.clock.advance(3_600_000);
    me = await staffOf('vendor');
    const stillAt = t.clock.now().toISOString();
    const still = await put(me, 'thank_you', {
      enabled: true,
      message: 'Thanks again:',
      delay_hours: 7 * 24,
      product_id: null,
    });
    expect(still.json()).toMatchObject({ enabled_at: onAt, product_id: null, updated_at: stillAt });
    // Off, then on again: enabled_at moves to the new switch-on.
    await put(me, 'thank_you', { enabled: false, message: 'Thanks again:', delay_hours: 7 * 24 });
    t.clock.advance(3_600_000);
    me = await staffOf('vendor');
    const againAt = t.clock.now().toISOString();
    const again = await put(me, 'thank_you', {
      enabled: true,
      message: 'Thanks again:',
      delay_hours: 7 * 24,
    });
    expect((again.json() as Automation).enabled_at).toBe(againAt);
    const row = await t.db
      .selectFrom('automations')
      .select('updated_by')
      .where('seller_id', '=', harbour)
      .where('flow', '=', 'thank_you')
      .executeTakeFirstOrThrow();
    expect(row.updated_by).toBe(me.member.id);

    const preview = await adminCall(t, 'POST', '/automations/preview', await staffOf('vendor'), {
      flow: 'cart_reminder',
      message: 'You left {items} behind:',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const text = `Harbour Goods: You left Beach Tote and 2 more behind:\n${ORIGIN}/t/xxxxxxxxxx\nOpt out: ${ORIGIN}/u/xxxxxxxxxx`;
    const count = countSms(text);
    expect(preview.json() as AutomationPreview).toEqual({
      text,
      encoding: count.encoding,
      characters: count.characters,
      segments: count.parts,
    });
    const noLink = await adminCall(t, 'POST', '/automations/preview', await staffOf('vendor'), {
      flow: 'thank_you',
      message: 'Thanks 😊',
    });
    expect((noLink.json() as AutomationPreview).text).toBe(
      `Harbour Goods: Thanks 😊\nOpt out: ${ORIGIN}/u/xxxxxxxxxx`,
    );
    expect((noLink.json() as AutomationPreview).encoding).toBe('UCS-2');
  });

  it('[I31] results since the flow was switched on, counted by hand', async () => {
    t.clock.set('2026-12-10T01:00:00Z');
    await put(await staffOf('vendor'), 'cart_reminder', {
      enabled: false,
      message: 'You left {items}:',
      delay_hours: 4,
    });
    // A send from before the flow was switched on is not counted.
    const automation = await flowOf(t, harbour, 'cart_reminder', { message: 'You left {items}:' });
    const before = await aSubscriber();
    expect((await addToCart(t.app, before, 'CAP')).status).toBe(200);
    const beforeCart = await t.db
      .selectFrom('carts')
      .select('id')
      .where('customer_id', '=', before.id)
      .executeTakeFirstOrThrow();
    await queueSend(t, {
      automationId: automation,
      flow: 'cart_reminder',
      sellerId: harbour,
      mobile: before.mobile,
      customerId: before.id,
      cartId: beforeCart.id,
    });
    t.clock.advance(60_000);
    const on = await put(await staffOf('vendor'), 'cart_reminder', {
      enabled: false,
      message: 'You left {items}:',
      delay_hours: 4,
    });
    expect(on.statusCode).toBe(200);
    t.clock.advance(60_000);
    const enabled = await put(await staffOf('vendor'), 'cart_reminder', {
      enabled: true,
      message: 'You left {items}:',
      delay_hours: 4,
    });
    expect((enabled.json() as Automation).results).toMatchObject({ sent: 0, queued: 0 });

    // Three members left carts: A is texted, clicks, buys, then STOPs; B is texted (delivered);
    // C's text is over the weekly cap.
    const members = [await aSubscriber(), await aSubscriber(), await aSubscriber()];
    const sends: number[] = [];
    const codes: string[] = [];
    for (const member of members) {
      expect((await addToCart(t.app, member, 'HAT')).status).toBe(200);
      const cart = await t.db
        .selectFrom('carts')
        .select('id')
        .where('customer_id', '=', member.id)
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      const queued = await queueSend(t, {
        automationId: automation,
        flow: 'cart_reminder',
        sellerId: harbour,
        mobile: member.mobile,
        customerId: member.id,
        cartId: cart.id,
      });
      sends.push(queued?.id ?? 0);
      codes.push(queued?.code ?? '');
    }
    const [a, , c] = members as [Shopper, Shopper, Shopper];
    for (let i = 0; i < 2; i++)
      await t.db
        .insertInto('marketing_quota')
        .values({ mobile: c.mobile, recipient_id: null, automation_send_id: null, at: t.clock.now() })
        .execute();
    await sendDue(t);
    expect((await sendOf(t, sends[2] ?? 0)).state).toBe('skipped_cap');
    const bMessage = (await sendOf(t, sends[1] ?? 0)).message_id ?? 0;
    // The sandbox reports both delivered; B's phone was off: undelivered.
    await t.db
      .updateTable('sent_messages')
      .set({ status: 'undelivered' })
      .where('id', '=', bMessage)
      .execute();
    t.clock.advance(60_000);
    await follow(codes[0] ?? '');
    t.clock.advance(60_000);
    const order = await buys(a, 'TOTE');
    expect(order.automation_send_id).toBe(sends[0]);
    t.clock.advance(60_000);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/dev/messages/reply',
          payload: { from: a.mobile, body: 'STOP' },
        })
      ).statusCode,
    ).toBe(200);

    const list = (
      await adminCall(t, 'GET', '/automations', await staffOf('vendor'))
    ).json() as AutomationListReply;
    const cartFlow = list.items.find((i) => i.flow === 'cart_reminder');
    // Revenue: Harbour Goods' lines of A's order (the hat and the tote: $40 + $30), not the delivery.
    expect(cartFlow?.results).toEqual({
      since: (enabled.json() as Automation).enabled_at,
      sent: 2,
      delivered: 1,
      clicked: 1,
      orders: 1,
      revenue_cents: 7000,
      opted_out: 1,
      delayed_quiet_hours: 0,
      skipped_cap: 1,
      skipped_opted_out: 0,
      queued: 0,
      waiting: 0,
    });
    const bis = list.items.find((i) => i.flow === 'back_in_stock');
    const waiting = await t.db
      .selectFrom('stock_alerts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('seller_id', '=', harbour)
      .where('state', '=', 'waiting')
      .executeTakeFirstOrThrow();
    expect(bis?.results.waiting).toBe(Number(waiting.n));
  });

  it('[I31] a text the outbox gave up on makes its send failed (read with the results)', async () => {
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
      .updateTable('sent_messages')
      .set({ send_state: 'failed' })
      .where('automation_send_id', '=', queued?.id ?? 0)
      .execute();
    expect((await adminCall(t, 'GET', '/automations', await staffOf('vendor'))).statusCode).toBe(200);
    expect((await sendOf(t, queued?.id ?? 0)).state).toBe('failed');
  });

  it('[I31] back in stock’s results: a text queued at night counts as delayed by quiet hours and queued; waiting asks are counted', async () => {
    t.clock.set('2026-12-20T01:00:00Z');
    const me = await staffOf('vendor');
    await put(me, 'back_in_stock', { enabled: false, message: '{product} is back:', delay_hours: 0 });
    const on = await put(me, 'back_in_stock', {
      enabled: true,
      message: '{product} is back:',
      delay_hours: 0,
    });
    expect(on.statusCode, on.body).toBe(200);
    const automation = (
      await t.db
        .selectFrom('automations')
        .select('id')
        .where('seller_id', '=', harbour)
        .where('flow', '=', 'back_in_stock')
        .executeTakeFirstOrThrow()
    ).id;
    await t.db.updateTable('stock_alerts').set({ state: 'expired' }).where('state', '=', 'waiting').execute();
    const waiting = [(await aShopper(t)).mobile, (await aShopper(t)).mobile];
    for (const mobile of waiting)
      await queuedAlert(t, { productId: mug, sellerId: harbour, mobile }, 'waiting');
    t.clock.set('2026-12-20T12:00:00Z'); // 11 pm in Sydney
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
    expect(queued?.quietDelayed).toBe(true);
    const list = (
      await adminCall(t, 'GET', '/automations', await staffOf('vendor'))
    ).json() as AutomationListReply;
    expect(list.items.find((i) => i.flow === 'back_in_stock')?.results).toMatchObject({
      sent: 0,
      delayed_quiet_hours: 1,
      queued: 1,
      waiting: 2,
    });
  });
});
