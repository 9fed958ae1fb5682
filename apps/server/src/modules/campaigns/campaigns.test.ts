import { randomBytes } from 'node:crypto';
import type { Campaign } from '@quokka/contract/api/campaigns';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addToCart, aShopper, placeOrder, type Shopper, saveShipping } from '../../test/cart-factory.ts';
import type { TestApp } from '../../test/test-app.ts';
import { campaignSenderFor } from '../../worker/start-worker.ts';
import { verifyLinkToken } from '../auth/link-tokens.ts';
import { issueCustomerToken } from '../auth/token-service.ts';
import type { WorkerLog } from '../messages/outbox.ts';
import {
  adminCall,
  ORIGIN,
  ordersTestApp,
  outbox,
  type Session,
  sellerId,
  signedIn,
} from '../orders/test/orders-test-kit.ts';
import { runCampaignPass } from './campaign-job.ts';
import { withdrawCampaignTexts } from './campaign-sends.ts';

// [I29] Text campaigns through the real app (PGlite or TEST_DATABASE_URL), the sandbox provider and the
// app's fake clock: the back office's routes, the worker's campaign job and the outbox's campaign sender
// exactly as start-worker.ts builds them. Subscribers are real members (their default shipping address
// gives their zone) with a subscribed consent row; before each test every earlier consent is withdrawn,
// so each campaign reaches only its own test's subscribers.

let t: TestApp;
type Who = 'harbour' | 'outback' | 'operator';
const sessions = new Map<Who, { session: Session; at: number }>();
let mugId: number;
let bowlId: number;
const quiet: WorkerLog = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  t = await ordersTestApp();
  const product = (sku: string) =>
    t.db.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirstOrThrow();
  mugId = (await product('MUG-1')).id;
  bowlId = (await product('BOWL-1')).id;
}, 180_000);
afterAll(() => t?.close());

beforeEach(async () => {
  await sql`update text_consents set state = 'unsubscribed'`.execute(t.db);
  // Tests set the clock back: the seconds an earlier test used up are not this test's.
  await sql`delete from send_rate`.execute(t.db);
});

/** A signed-in member of staff; signed in again once the test clock has moved on (sessions end). */
async function as(who: Who): Promise<Session> {
  const now = t.clock.now().getTime();
  const cached = sessions.get(who);
  if (cached && now >= cached.at && now - cached.at < 10 * 60_000) return cached.session;
  const session =
    who === 'operator'
      ? await signedIn(t, 'operator')
      : await signedIn(t, 'vendor', {
          name: who === 'harbour' ? 'Sam Seller' : 'Olive Outback',
          sellerUrl: who === 'harbour' ? 'harbour-goods' : 'outback-outfitters',
        });
  sessions.set(who, { session, at: t.clock.now().getTime() });
  return session;
}

const sender = (workerId = 'campaign-test') =>
  campaignSenderFor(
    {
      config: t.config,
      db: t.db,
      clock: t.clock,
      providers: t.app.deps.providers,
      publicUrl: ORIGIN,
      log: quiet,
    },
    { workerId },
  );

/** A member with a default address in `state`, subscribed to these sellers' texts. */
async function aSubscriber(state: string, sellers: string[] = ['harbour-goods']): Promise<Shopper> {
  const shopper = await aShopper(t);
  await t.db
    .updateTable('customer_addresses')
    .set({ region_code: state })
    .where('id', '=', shopper.addressId)
    .execute();
  for (const url of sellers) {
    await t.db
      .insertInto('text_consents')
      .values({
        mobile: shopper.mobile,
        seller_id: await sellerId(t, url),
        customer_id: shopper.id,
        state: 'subscribed',
        source: 'account',
        words: 'Text me offers',
        requested_at: t.clock.now(),
        subscribed_at: t.clock.now(),
        optout_code: randomBytes(5).toString('hex'),
        updated_at: t.clock.now(),
      })
      .execute();
  }
  return shopper;
}

async function aCampaign(who: Who, body: object = {}): Promise<Campaign> {
  const reply = await adminCall(t, 'POST', '/campaigns', await as(who), {
    name: 'Spring mugs',
    message: 'New mugs are in. 20% off this week.',
    product_id: who === 'outback' ? bowlId : mugId,
    audience: { kind: 'all' },
    ...body,
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
}

async function sent(who: Who, body: object = {}): Promise<Campaign> {
  const campaign = await aCampaign(who, body);
  const reply = await adminCall(t, 'POST', `/campaigns/${campaign.id}/send`, await as(who));
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
}

/** The worker's campaign job, then one pass of the campaign sender. */
async function work(runner = sender()) {
  await runCampaignPass(t.db, t.clock.now());
  await runner.runOnce();
  await runCampaignPass(t.db, t.clock.now());
}

const textsTo = (mobile: string) => outbox(t, mobile);

async function resultsOf(id: number, who: Who = 'operator') {
  const reply = await adminCall(t, 'GET', `/campaigns/${id}`, await as(who));
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as Campaign;
}

/** Runs the job and the sender, a second at a time (each second has its own sends), until none is left. */
async function drain(runners = [sender()]) {
  for (let i = 0; i < 50; i++) {
    t.clock.advance(1_000);
    await runCampaignPass(t.db, t.clock.now());
    const handled = await Promise.all(runners.map((runner) => runner.runOnce()));
    if (handled.every((n) => n === 0)) return;
  }
}

describe('[I29] composing', { timeout: 120_000 }, () => {
  it('[I29] preview: the text as a phone shows it, its segments, the recipients and the estimated cost', async () => {
    await aSubscriber('NSW');
    await aSubscriber('WA');
    const reply = await adminCall(t, 'POST', '/campaigns/preview', await as('harbour'), {
      name: 'x',
      message: 'New mugs are in.',
      product_id: mugId,
      audience: { kind: 'all' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const preview = reply.json();
    expect(preview.text).toBe(
      `Harbour Goods: New mugs are in.\n${ORIGIN}/t/xxxxxxxxxx\nOpt out: ${ORIGIN}/u/xxxxxxxxxx`,
    );
    expect(preview).toMatchObject({ encoding: 'GSM-7', segments: 1, recipients: 2 });
    expect(preview.estimated_cost_cents).toBe(1 * 2 * t.config.SMS_PRICE_CENTS);
    const byState = await adminCall(t, 'POST', '/campaigns/preview', await as('harbour'), {
      name: 'x',
      message: 'New mugs are in.',
      product_id: null,
      audience: { kind: 'states', states: ['WA'] },
    });
    expect(byState.json().recipients).toBe(1);
  });

  it('[I29] bad input is a clear 400 and saves nothing: another seller’s product, an empty message, a past schedule', async () => {
    const before = await t.db
      .selectFrom('campaigns')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const foreign = await adminCall(t, 'POST', '/campaigns', await as('harbour'), {
      name: 'x',
      message: 'Hi',
      product_id: bowlId,
      audience: { kind: 'all' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toMatch(/not one of this seller/);
    const empty = await adminCall(t, 'POST', '/campaigns', await as('harbour'), {
      name: 'x',
      message: '',
      product_id: null,
      audience: { kind: 'all' },
    });
    expect(empty.statusCode).toBe(400);
    const after = await t.db
      .selectFrom('campaigns')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const campaign = await aCampaign('harbour');
    const past = await adminCall(t, 'POST', `/campaigns/${campaign.id}/send`, await as('harbour'), {
      at: '2020-01-01 10:00',
      zone: 'Australia/Sydney',
    });
    expect(past.statusCode).toBe(400);
    expect((await resultsOf(campaign.id)).state).toBe('draft');
  });

  it('[I29] send test: the member of staff’s own mobile gets the text at once', async () => {
    const campaign = await aCampaign('harbour');
    const reply = await adminCall(t, 'POST', `/campaigns/${campaign.id}/test`, await as('harbour'));
    expect(reply.statusCode, reply.body).toBe(200);
    const mobile = (await as('harbour')).member.mobile;
    expect(reply.json().to).toBe(mobile);
    expect(await textsTo(mobile)).toContain(reply.json().text);
  });
});

describe('[I29] sending rules', { timeout: 180_000 }, () => {
  it('[I29] quiet hours per zone: sent at 7:55 pm Sydney, Perth gets it at once, Sydney and Melbourne at 6 am', async () => {
    // 2026-11-23 19:55 in Sydney (AEDT, UTC+11); 16:55 in Perth.
    t.clock.set('2026-11-23T08:55:00Z');
    const perth = await aSubscriber('WA');
    const sydney = await aSubscriber('NSW');
    const melbourne = await aSubscriber('VIC');
    const campaign = await sent('harbour');
    t.clock.set('2026-11-23T08:55:00Z'); // (signing in moved the clock on)
    await work();
    const [perthText] = await textsTo(perth.mobile);
    expect(perthText).toMatch(
      /^Harbour Goods: New mugs are in\. 20% off this week\.\nhttps:\/\/shop\.example\/t\/\w{10}\nOpt out: https:\/\/shop\.example\/u\/\w+$/,
    );
    expect(await textsTo(sydney.mobile)).toEqual([]);
    expect(await textsTo(melbourne.mobile)).toEqual([]);
    const night = await resultsOf(campaign.id, 'harbour');
    expect(night.results).toMatchObject({ recipients: 3, sent: 1, waiting_quiet_hours: 2, queued: 0 });
    expect(night.state).toBe('sending');
    t.clock.set('2026-11-23T18:59:00Z'); // 5:59 am in Sydney
    await work();
    expect(await textsTo(sydney.mobile)).toEqual([]);
    t.clock.set('2026-11-23T19:00:00Z'); // 6:00 am in Sydney and Melbourne
    await work();
    expect(await textsTo(sydney.mobile)).toHaveLength(1);
    expect(await textsTo(melbourne.mobile)).toHaveLength(1);
    const done = await resultsOf(campaign.id, 'harbour');
    expect(done.state).toBe('sent');
    expect(done.results).toMatchObject({ sent: 3, waiting_quiet_hours: 0 });
    expect(done.results.cost_cents).toBe(3 * done.segments * t.config.SMS_PRICE_CENTS);
  });

  it('[I29] quiet hours at the claim: a text due at 7:30 pm in Sydney but claimed after 8 pm waits for 6 am', async () => {
    t.clock.set('2026-11-23T08:30:00Z'); // 7:30 pm in Sydney
    const sydney = await aSubscriber('NSW');
    await sent('harbour');
    t.clock.set('2026-11-23T08:30:00Z');
    await runCampaignPass(t.db, t.clock.now());
    t.clock.set('2026-11-23T09:00:30Z'); // 8:00 pm
    await work();
    expect(await textsTo(sydney.mobile)).toEqual([]);
    t.clock.set('2026-11-23T19:00:00Z');
    await work();
    expect(await textsTo(sydney.mobile)).toHaveLength(1);
  });

  it('[I29] the weekly cap: the third marketing text in 7 days, across two sellers, is skipped and counted', async () => {
    t.clock.set('2026-11-24T01:00:00Z'); // midday in Sydney
    const shopper = await aSubscriber('NSW', ['harbour-goods', 'outback-outfitters']);
    const first = await sent('harbour');
    await work();
    const second = await sent('outback');
    await work();
    t.clock.advance(6 * 24 * 3_600_000);
    const third = await sent('harbour');
    await work();
    expect(await textsTo(shopper.mobile)).toHaveLength(2);
    expect((await resultsOf(first.id)).results.sent).toBe(1);
    expect((await resultsOf(second.id)).results.sent).toBe(1);
    expect((await resultsOf(third.id)).results).toMatchObject({ sent: 0, skipped_cap: 1 });
    // Seven days after the first, a text is allowed again.
    t.clock.advance(24 * 3_600_000 + 60_000);
    await sent('harbour');
    await work();
    expect(await textsTo(shopper.mobile)).toHaveLength(3);
  });

  it('[I29] exactly once: two workers queue and two senders send 25 recipients, each texted once, at most SMS_SENDS_PER_SECOND a second', async () => {
    t.clock.set('2026-11-24T01:00:00Z');
    const shoppers = await Promise.all(Array.from({ length: 25 }, () => aSubscriber('QLD')));
    const campaign = await sent('harbour');
    await Promise.all([runCampaignPass(t.db, t.clock.now()), runCampaignPass(t.db, t.clock.now())]);
    // The main sender (receipts, codes) leaves campaign texts to the campaign sender.
    await t.app.services.outbox.runOnce();
    expect(await textsTo(shoppers[0]?.mobile ?? '')).toEqual([]);
    const [a, b] = [sender('worker-a'), sender('worker-b')];
    const firstSecond = await Promise.all([a.runOnce(), b.runOnce()]);
    // Both senders together claimed at most the rate in this second.
    expect(firstSecond[0] + firstSecond[1]).toBe(t.config.SMS_SENDS_PER_SECOND);
    await drain([a, b]);
    for (const shopper of shoppers) expect(await textsTo(shopper.mobile)).toHaveLength(1);
    const rows = await sql<{ n: string }>`select count(*) as n from sent_messages m
      join campaign_recipients r on r.id = m.campaign_recipient_id where r.campaign_id = ${campaign.id}`.execute(
      t.db,
    );
    expect(Number(rows.rows[0]?.n)).toBe(25);
    expect((await resultsOf(campaign.id)).results).toMatchObject({ recipients: 25, sent: 25 });
  });

  it('[I29] killed -9 while queueing: the next pass queues the rest, each recipient once', async () => {
    t.clock.set('2026-11-24T01:00:00Z');
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => aSubscriber('SA')));
    const campaign = await sent('harbour');
    await runCampaignPass(t.db, t.clock.now());
    // As a worker killed between a recipient batch and its outbox rows leaves it: half the rows missing,
    // the campaign not marked queued.
    await sql`update campaigns set queued_at = null where id = ${campaign.id}`.execute(t.db);
    await sql`with gone as (delete from sent_messages where campaign_recipient_id in (
        select id from campaign_recipients where campaign_id = ${campaign.id} order by id limit 3) returning campaign_recipient_id)
      update campaign_recipients set message_id = null where id in (select campaign_recipient_id from gone)`.execute(
      t.db,
    );
    await drain();
    for (const shopper of shoppers) expect(await textsTo(shopper.mobile)).toHaveLength(1);
    expect((await resultsOf(campaign.id)).results).toMatchObject({ recipients: 6, sent: 6 });
  });

  it('[I29] an opt-out before the claim wins: a withdrawn text and an unsubscribed consent are never sent', async () => {
    t.clock.set('2026-11-24T01:00:00Z');
    const stopper = await aSubscriber('NSW');
    const unsubscriber = await aSubscriber('NSW');
    const stays = await aSubscriber('NSW');
    const campaign = await sent('harbour');
    await runCampaignPass(t.db, t.clock.now());
    // A STOP (helper of consent) withdraws the queued text in its own transaction.
    await t.db.transaction().execute(async (trx) => {
      await sql`insert into text_stops (mobile, stopped, stopped_at, via) values (${stopper.mobile}, true, ${t.clock.now()}, 'STOP')`.execute(
        trx,
      );
      expect(
        await withdrawCampaignTexts(trx, { mobile: stopper.mobile, sellerId: null }, t.clock.now()),
      ).toBe(1);
    });
    // An opt-out that did not withdraw anything is still caught at the claim.
    await t.db
      .updateTable('text_consents')
      .set({ state: 'unsubscribed' })
      .where('mobile', '=', unsubscriber.mobile)
      .execute();
    await drain();
    expect(await textsTo(stopper.mobile)).toEqual([]);
    expect(await textsTo(unsubscriber.mobile)).toEqual([]);
    expect(await textsTo(stays.mobile)).toHaveLength(1);
    expect((await resultsOf(campaign.id)).results).toMatchObject({ sent: 1, skipped_opted_out: 2 });
    // Opting out after the text came counts as "opted out" (and the CSV says when).
    t.clock.advance(60_000);
    await t.db
      .updateTable('text_consents')
      .set({ state: 'unsubscribed', unsubscribed_at: t.clock.now() })
      .where('mobile', '=', stays.mobile)
      .execute();
    expect((await resultsOf(campaign.id)).results).toMatchObject({ sent: 1, opted_out: 1 });
    // And the next campaign does not reach the one who replied STOP.
    await sent('harbour');
    await drain();
    expect(await textsTo(stopper.mobile)).toEqual([]);
  });

  it('[I29] pause holds every text, resume sends them, cancel withdraws what was not sent', async () => {
    t.clock.set('2026-11-24T01:00:00Z');
    const shopper = await aSubscriber('TAS');
    const campaign = await sent('harbour');
    expect(
      (await adminCall(t, 'POST', `/campaigns/${campaign.id}/pause`, await as('harbour'))).json().state,
    ).toBe('paused');
    await drain();
    expect(await textsTo(shopper.mobile)).toEqual([]);
    expect(
      (await adminCall(t, 'POST', `/campaigns/${campaign.id}/pause`, await as('harbour'))).statusCode,
    ).toBe(409);
    expect(
      (await adminCall(t, 'POST', `/campaigns/${campaign.id}/resume`, await as('harbour'))).json().state,
    ).toBe('sending');
    await drain();
    expect(await textsTo(shopper.mobile)).toHaveLength(1);

    const other = await aSubscriber('TAS');
    const cancelled = await sent('harbour');
    await runCampaignPass(t.db, t.clock.now());
    const reply = await adminCall(t, 'POST', `/campaigns/${cancelled.id}/cancel`, await as('harbour'));
    expect(reply.json().state).toBe('cancelled');
    await drain();
    expect(await textsTo(other.mobile)).toEqual([]);
    expect(
      (await adminCall(t, 'POST', `/campaigns/${cancelled.id}/resume`, await as('harbour'))).statusCode,
    ).toBe(409);
  });

  it('[I29] a scheduled campaign starts at its wall time in its zone', async () => {
    t.clock.set('2026-11-24T01:00:00Z'); // 12:00 in Sydney
    const shopper = await aSubscriber('NSW');
    const campaign = await aCampaign('harbour');
    const reply = await adminCall(t, 'POST', `/campaigns/${campaign.id}/send`, await as('harbour'), {
      at: '2026-11-24 14:30',
      zone: 'Australia/Sydney',
    });
    expect(reply.json()).toMatchObject({ state: 'scheduled', scheduled_at: '2026-11-24T03:30:00.000Z' });
    t.clock.set('2026-11-24T03:29:00Z');
    await drain();
    expect(await textsTo(shopper.mobile)).toEqual([]);
    t.clock.set('2026-11-24T03:30:00Z');
    await drain();
    expect(await textsTo(shopper.mobile)).toHaveLength(1);
  });
});

describe('[I29] links, attribution and results', { timeout: 180_000 }, () => {
  const linkOf = async (mobile: string) => {
    const text = (await textsTo(mobile))[0] ?? ''; // newest first
    const code = /\/t\/(\w+)/.exec(text)?.[1];
    if (!code) throw new Error(`no link in ${text}`);
    return code;
  };

  async function buy(member: Shopper, sku = 'MUG-1') {
    // A fresh sign-in: days pass between the purchases.
    const token = await issueCustomerToken(t.db, member.id, t.clock);
    const shopper = { ...member, token, headers: { authorization: `Bearer ${token}` } };
    expect((await addToCart(t.app, shopper, sku, 1)).status).toBe(200);
    expect((await saveShipping(t.app, shopper)).status).toBe(200);
    const placed = await placeOrder(t.app, shopper);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return t.db
      .selectFrom('orders')
      .select(['id', 'campaign_id', 'campaign_recipient_id', 'grand_total_cents'])
      .where('id', '=', Number(placed.body))
      .executeTakeFirstOrThrow();
  }

  it('[I29] /t/<code> records the click and redirects into the link flow naming the product, the campaign and the seller', async () => {
    t.clock.set('2026-11-25T01:00:00Z');
    const shopper = await aSubscriber('NSW');
    const campaign = await sent('harbour');
    await drain();
    const code = await linkOf(shopper.mobile);
    const firstClick = t.clock.now().toISOString();
    const reply = await t.app.inject(`/t/${code}`);
    expect(reply.statusCode).toBe(302);
    const jwt = /^\/autologin\/(.+)$/.exec(String(reply.headers.location))?.[1];
    const verified = await verifyLinkToken(t.app.services.keys.tokenKey, jwt, t.clock.now());
    expect(verified).toMatchObject({
      status: 'valid',
      claims: {
        mobile: shopper.mobile,
        productId: mugId,
        campaignId: String(campaign.id),
        sellerUrl: 'harbour-goods',
      },
    });
    t.clock.advance(60_000);
    const lastClick = t.clock.now().toISOString();
    await t.app.inject(`/t/${code}`);
    const row = await t.db
      .selectFrom('campaign_recipients')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(row.clicks).toBe(2);
    expect(row.first_clicked_at?.toISOString()).toBe(firstClick);
    expect(row.last_clicked_at?.toISOString()).toBe(lastClick);
    expect((await resultsOf(campaign.id)).results.clicked).toBe(1);

    // A wrong code says nothing; an expired one leads to the expired-link page through the link flow.
    const wrong = await t.app.inject('/t/aaaaaaaaaa');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).toBe('Not found');
    t.clock.advance(31 * 24 * 3_600_000);
    const old = await t.app.inject(`/t/${code}`);
    expect(old.statusCode).toBe(302);
    const oldJwt = /^\/autologin\/(.+)$/.exec(String(old.headers.location))?.[1];
    expect((await verifyLinkToken(t.app.services.keys.tokenKey, oldJwt, t.clock.now())).status).toBe(
      'expired',
    );
  });

  it('[I29] guessing codes is rate-limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push((await t.app.inject({ url: `/t/guess${i}`, remoteAddress: '203.0.113.77' })).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('[I29] attribution: an order 4 days after a click belongs to the campaign, 6 days after does not, the last click wins', async () => {
    t.clock.set('2026-11-26T01:00:00Z');
    const shopper = await aSubscriber('NSW', ['harbour-goods', 'outback-outfitters']);
    const harbourCampaign = await sent('harbour');
    await drain();
    await t.app.inject(`/t/${await linkOf(shopper.mobile)}`);
    t.clock.advance(4 * 24 * 3_600_000);
    const within = await buy(shopper);
    expect(within.campaign_id).toBe(harbourCampaign.id);

    t.clock.advance(2 * 24 * 3_600_000); // 6 days after the click
    const outside = await buy(shopper);
    expect(outside.campaign_id).toBeNull();

    const outbackCampaign = await sent('outback');
    await drain();
    const outbackCode = await linkOf(shopper.mobile);
    await t.app.inject(`/t/${outbackCode}`);
    const results = await resultsOf(harbourCampaign.id);
    expect(results.results).toMatchObject({ orders: 1, revenue_cents: 1995 });
    // Two clicks: the later one (the outback campaign's) wins.
    t.clock.advance(60_000);
    await t.app.inject(`/t/${outbackCode}`);
    const last = await buy(shopper, 'BOWL-1');
    expect(last.campaign_id).toBe(outbackCampaign.id);
    expect((await resultsOf(outbackCampaign.id)).results).toMatchObject({ orders: 1, revenue_cents: 750 });

    const csv = await adminCall(
      t,
      'GET',
      `/campaigns/${harbourCampaign.id}/recipients.csv`,
      await as('harbour'),
    );
    expect(csv.statusCode).toBe(200);
    const [header, line] = csv.body.split('\r\n');
    expect(header).toBe(
      '"mobile","zone","state","queued_at","sent_at","delivery_status","first_clicked_at","last_clicked_at","clicks","order_number","order_total_cents","opted_out_at"',
    );
    expect(line).toContain('"sent"');
    expect(line).toContain(`,${within.grand_total_cents},`);
  });

  it('[I29] seller isolation: another seller’s staff get 404 on every route; operators see every seller’s', async () => {
    const campaign = await aCampaign('harbour');
    for (const [method, path] of [
      ['GET', `/campaigns/${campaign.id}`],
      ['POST', `/campaigns/${campaign.id}/send`],
      ['POST', `/campaigns/${campaign.id}/test`],
      ['POST', `/campaigns/${campaign.id}/cancel`],
      ['GET', `/campaigns/${campaign.id}/recipients.csv`],
    ] as const)
      expect((await adminCall(t, method, path, await as('outback'))).statusCode, path).toBe(404);
    const theirs = (await adminCall(t, 'GET', '/campaigns?page_size=100', await as('outback'))).json();
    expect(theirs.items.every((item: Campaign) => item.seller_name === 'Outback Outfitters')).toBe(true);
    const all = (await adminCall(t, 'GET', '/campaigns?page_size=100', await as('operator'))).json();
    expect(all.items.map((item: Campaign) => item.id)).toContain(campaign.id);
    expect(new Set(all.items.map((item: Campaign) => item.seller_name)).size).toBe(2);
    // A vendor cannot approve.
    expect(
      (await adminCall(t, 'POST', `/campaigns/${campaign.id}/approve`, await as('harbour'))).statusCode,
    ).toBe(403);
  });
});
