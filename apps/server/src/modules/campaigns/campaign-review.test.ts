import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aShopper } from '../../test/cart-factory.ts';
import type { TestApp } from '../../test/test-app.ts';
import { campaignSenderFor } from '../../worker/start-worker.ts';
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

// [I29] CAMPAIGN_REVIEW=manual: a seller's campaign waits for an operator, who approves it (and is then
// its sender of record) or refuses it with a reason; nothing is texted before the approval.

let t: TestApp;
let vendor: Session;
let operator: Session;
const quiet: WorkerLog = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  t = await ordersTestApp({ CAMPAIGN_REVIEW: 'manual' });
  t.clock.set('2026-11-24T01:00:00Z'); // midday in Sydney
  vendor = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' });
  operator = await signedIn(t, 'operator');
}, 180_000);
afterAll(() => t?.close());

async function work() {
  const sender = campaignSenderFor(
    {
      config: t.config,
      db: t.db,
      clock: t.clock,
      providers: t.app.deps.providers,
      publicUrl: ORIGIN,
      log: quiet,
    },
    { workerId: 'review-test' },
  );
  t.clock.advance(1_000);
  await runCampaignPass(t.db, t.clock.now());
  await sender.runOnce();
}

describe('[I29] manual review', { timeout: 120_000 }, () => {
  it('[I29] a seller’s campaign waits for an operator: refused with a reason, edited, sent again, approved, then sent', async () => {
    const shopper = await aShopper(t);
    await t.db
      .insertInto('text_consents')
      .values({
        mobile: shopper.mobile,
        seller_id: await sellerId(t, 'harbour-goods'),
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
    const created = await adminCall(t, 'POST', '/campaigns', vendor, {
      name: 'Mugs',
      message: 'Mugs!',
      product_id: null,
      audience: { kind: 'all' },
    });
    const id = created.json().id as number;
    expect((await adminCall(t, 'POST', `/campaigns/${id}/send`, vendor)).json().state).toBe('review');
    await work();
    expect(await outbox(t, shopper.mobile)).toEqual([]);

    // A seller's staff cannot approve their own.
    expect((await adminCall(t, 'POST', `/campaigns/${id}/approve`, vendor)).statusCode).toBe(403);
    const noReason = await adminCall(t, 'POST', `/campaigns/${id}/refuse`, operator, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    const refused = await adminCall(t, 'POST', `/campaigns/${id}/refuse`, operator, {
      reason: 'Say which mugs, please.',
    });
    expect(refused.json()).toMatchObject({ state: 'refused', review_reason: 'Say which mugs, please.' });
    expect((await adminCall(t, 'POST', `/campaigns/${id}/approve`, operator)).statusCode).toBe(409);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/admin/api/campaigns/${id}`,
      headers: { cookie: vendor.cookie, 'x-csrf-token': vendor.csrf },
      payload: {
        name: 'Mugs',
        message: 'Blue enamel mugs, 20% off.',
        product_id: null,
        audience: { kind: 'all' },
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().state).toBe('draft');
    expect((await adminCall(t, 'POST', `/campaigns/${id}/send`, vendor)).json().state).toBe('review');
    const approved = await adminCall(t, 'POST', `/campaigns/${id}/approve`, operator);
    expect(approved.json().state).toBe('sending');
    const row = await t.db
      .selectFrom('campaigns')
      .select(['reviewed_by'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.reviewed_by).toBe(operator.member.id);
    await work();
    expect(await outbox(t, shopper.mobile)).toEqual([
      expect.stringMatching(/^Harbour Goods: Blue enamel mugs, 20% off\.\nOpt out: /),
    ]);
  });

  it('[I29] an operator’s own campaign needs no other approval: it sends, with the operator on record', async () => {
    const created = await adminCall(t, 'POST', '/campaigns', operator, {
      seller_id: await sellerId(t, 'harbour-goods'),
      name: 'Cups',
      message: 'Cups!',
      product_id: null,
      audience: { kind: 'all' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const sent = await adminCall(t, 'POST', `/campaigns/${created.json().id}/send`, operator);
    expect(sent.json().state).toBe('sending');
    // An operator must name the seller.
    const unnamed = await adminCall(t, 'POST', '/campaigns', operator, {
      name: 'Cups',
      message: 'Cups!',
      product_id: null,
      audience: { kind: 'all' },
    });
    expect(unnamed.statusCode).toBe(400);
  });
});
