import { randomBytes } from 'node:crypto';
import type { AutomationFlow } from '@quokka/contract/api/automations';
import { DEFAULT_AUTOMATION_MESSAGES } from '@quokka/contract/api/automations';
import { sql } from 'kysely';
import {
  aConfigurableProduct,
  aSeller,
  aSimpleProduct,
  importTestCatalogue,
} from '../../../test/catalog-factory.ts';
import { TEST_AUTH_SECRET } from '../../../test/customer-factory.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { campaignSenderFor } from '../../../worker/start-worker.ts';
import type { WorkerLog } from '../../messages/outbox.ts';
import { ORIGIN } from '../../orders/test/orders-test-kit.ts';
import { type NewAutomationSend, queueAutomationSend } from '../automation-sends.ts';
import { runCampaignPass } from '../campaign-job.ts';

// [I31] What the automations' tests share: an app with two sellers, a sold-out mug, a tote, a tee; flows
// switched on as a seller would have them; consents; automated texts queued with queueAutomationSend (the
// core does not depend on the jobs that queue them) and sent by the worker's real campaign sender.

export const quiet: WorkerLog = { info() {}, warn() {}, error() {} };
/** Noon in Sydney (AEDT, UTC+11). */
export const NOON_SYDNEY = '2026-11-24T01:00:00Z';

export async function automationsTestApp(): Promise<TestApp> {
  const t = await createTestApp({ AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: ORIGIN });
  await importTestCatalogue(t.db, {
    sellers: [aSeller({ name: 'Harbour Goods' }), aSeller({ seller_url: 'kims-kites', name: "Kim's Kites" })],
    products: [
      aSimpleProduct('MUG', { name: 'Sunrise Mug', price: 24, qty: 0 }),
      aSimpleProduct('TOTE', { name: 'Beach Tote', price: 30, qty: 20 }),
      aSimpleProduct('HAT', { name: 'Sun Hat', price: 40, qty: 20 }),
      aSimpleProduct('CAP', { name: 'Cap', price: 20, qty: 20 }),
      aSimpleProduct('KITE', { name: 'Box Kite', price: 50, qty: 20, seller: 'kims-kites' }),
      aConfigurableProduct('TEE', { name: 'Crew Tee' }),
    ],
  });
  return t;
}

export async function sellerIdOf(t: TestApp, url: string): Promise<number> {
  const row = await t.db
    .selectFrom('sellers')
    .select('id')
    .where('seller_url', '=', url)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function productIdOf(t: TestApp, sku: string): Promise<number> {
  const row = await t.db.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirstOrThrow();
  return row.id;
}

/** The seller's flow, on (or off), with the default words unless given: as the back office saves it. */
export async function flowOf(
  t: TestApp,
  sellerId: number,
  flow: AutomationFlow,
  set: { enabled?: boolean; message?: string; productId?: number | null } = {},
): Promise<number> {
  const now = t.clock.now();
  const values = {
    enabled: set.enabled ?? true,
    message: set.message ?? DEFAULT_AUTOMATION_MESSAGES[flow],
    delay_hours: flow === 'cart_reminder' ? 4 : flow === 'thank_you' ? 14 * 24 : 0,
    product_id: set.productId ?? null,
    enabled_at: now,
    updated_at: now,
  };
  const row = await t.db
    .insertInto('automations')
    .values({ seller_id: sellerId, flow, updated_by: null, ...values })
    .onConflict((oc) => oc.columns(['seller_id', 'flow']).doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A subscribed consent of (mobile, seller) with its opt-out code. */
export async function consentOf(t: TestApp, mobile: string, sellerId: number, customerId: number | null) {
  const now = t.clock.now();
  const code = randomBytes(5).toString('hex');
  await t.db
    .insertInto('text_consents')
    .values({
      mobile,
      seller_id: sellerId,
      customer_id: customerId,
      state: 'subscribed',
      source: 'account',
      words: 'Text me offers',
      requested_at: now,
      subscribed_at: now,
      optout_code: code,
      updated_at: now,
    })
    .execute();
  return code;
}

/** A back-in-stock ask already picked by a restock ('queued'), as the restock job leaves it. */
export async function queuedAlert(
  t: TestApp,
  of: { productId: number; sellerId: number; mobile: string; customerId?: number | null },
  state: 'queued' | 'waiting' = 'queued',
): Promise<number> {
  const now = t.clock.now();
  const row = await t.db
    .insertInto('stock_alerts')
    .values({
      product_id: of.productId,
      seller_id: of.sellerId,
      mobile: of.mobile,
      customer_id: of.customerId ?? null,
      state,
      words: 'Text me when it is back',
      proof: 'code',
      client_address: null,
      requested_at: now,
      expires_at: new Date(now.getTime() + 60 * 86_400_000),
      send_id: null,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Queues one automated text now (zone Sydney unless given). */
export async function queueSend(t: TestApp, send: Omit<NewAutomationSend, 'zone'> & { zone?: string }) {
  return t.db
    .transaction()
    .execute((trx) => queueAutomationSend(trx, { zone: 'Australia/Sydney', ...send }, t.clock.now()));
}

export function senderOf(t: TestApp, workerId = 'automations-test') {
  return campaignSenderFor(
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
}

/** Runs the campaign sender (and the campaign job) until nothing more goes. */
export async function sendDue(t: TestApp, workerId?: string) {
  const sender = senderOf(t, workerId);
  for (let i = 0; i < 5; i++) {
    t.clock.advance(1_000);
    await runCampaignPass(t.db, t.clock.now());
    if ((await sender.runOnce()) === 0 && i > 0) break;
  }
  await sql`delete from send_rate`.execute(t.db);
}

export async function sendOf(t: TestApp, id: number) {
  return t.db.selectFrom('automation_sends').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Every text handed to the provider for this number, oldest first. */
export async function textsTo(t: TestApp, mobile: string) {
  return t.db
    .selectFrom('sent_messages')
    .select(['id', 'purpose', 'body', 'send_state'])
    .where('to_number', '=', mobile)
    .where('send_state', '=', 'sent')
    .orderBy('id')
    .execute();
}
