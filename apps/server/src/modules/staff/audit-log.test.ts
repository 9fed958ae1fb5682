// [I34] The audit log people can read (issue 34, "What was seen" 4), through GET /admin/api/audit on the
// real app and database: people named (name, role, seller), things named with their back-office page (a
// product's name, an order's number, a gift card's last four, a seller, a member), actions in words with
// a price change's old → new, and the filters (person, action, thing kind and id, Sydney days), paging
// kept. Lines of kinds no route makes here are written by the real recordStaffAction.

import type { AuditEntry, AuditReply } from '@quokka/contract/api/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aCategory,
  aConfigurableProduct,
  aSeller,
  aSimpleProduct,
  importTestCatalogue,
} from '../../test/catalog-factory.ts';
import { aMember, TEST_AUTH_SECRET } from '../../test/customer-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { anOrder, ORIGIN, type Session, signedIn } from '../orders/test/orders-test-kit.ts';
import { recordStaffAction } from './staff-audit.ts';

let t: TestApp;
let operator: Session;
let vendor: Session;
let tee: { id: number; variantId: number };
let harbour: number;
let order: { id: number; incrementId: string };
let customer: number;

const audit = async (query = '', session: Session = operator) => {
  const reply = await t.app.inject({
    method: 'GET',
    url: `/admin/api/audit${query}`,
    headers: { cookie: session.cookie },
  });
  return reply;
};

async function page(query = ''): Promise<AuditReply> {
  const reply = await audit(query);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<AuditReply>();
}

beforeAll(async () => {
  t = await createTestApp({ AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: ORIGIN });
  await importTestCatalogue(t.db, {
    sellers: [
      aSeller({ name: 'Harbour Goods' }),
      aSeller({ seller_url: 'outback-outfitters', name: 'Outback Outfitters' }),
    ],
    categories: [aCategory('tees')],
    products: [
      aConfigurableProduct('TEE-1', { name: 'Beach Run Tee', categories: ['tees'] }),
      aSimpleProduct('MUG-1', { price: 19.95, qty: 100 }),
    ],
  });
  const parent = await t.db
    .selectFrom('products')
    .select(['id', 'seller_id'])
    .where('sku', '=', 'TEE-1')
    .executeTakeFirstOrThrow();
  const variant = await t.db
    .selectFrom('products')
    .select('id')
    .where('sku', '=', 'TEE-1-RED-S')
    .executeTakeFirstOrThrow();
  tee = { id: parent.id, variantId: variant.id };
  harbour = parent.seller_id;
  operator = await signedIn(t, 'operator', { name: 'Ola Operator' });
  vendor = await signedIn(t, 'vendor', { name: 'Sam Seller', sellerUrl: 'harbour-goods' });
  order = await anOrder(t, [['MUG-1', 1]]);
  customer = (await aMember(t.db, { firstname: 'Mia', lastname: 'Shopper' })).id;
});
afterAll(() => t?.close());

describe('[I34] the audit log names people and things, in words, with links', { timeout: 180_000 }, () => {
  it('[I34] a vendor changing a variant price reads "Sam Seller (Harbour Goods) changed the price of a variant Beach Run Tee", $25.00 → $27.50, linked to the product', async () => {
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/admin/api/products/${tee.id}/variants/${tee.variantId}`,
      headers: { cookie: vendor.cookie, 'x-csrf-token': vendor.csrf },
      payload: { price_cents: 2750 },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const { items } = await page('?action=product.variant_updated');
    expect(items).toHaveLength(1);
    const [line] = items as [AuditEntry];
    expect(line.who).toEqual({
      staff_id: vendor.member.id,
      name: 'Sam Seller',
      role: 'vendor',
      seller_name: 'Harbour Goods',
      path: '/staff',
    });
    expect(line.did).toBe('changed the price of a variant');
    expect(line.thing).toEqual({
      kind: 'product',
      id: tee.id,
      label: 'Beach Run Tee',
      path: `/products/${tee.id}`,
    });
    expect(line.changes).toEqual(['Price of TEE-1-RED-S: $25.00 → $27.50']);
    // The raw line is still there for whoever needs it.
    expect(line).toMatchObject({ action: 'product.variant_updated', subject: `product:${tee.id}` });
  });

  it('[I34] an order by its number, a gift card by its last four only, a seller, a member, a member of staff, the orders list, the CLI', async () => {
    const at = t.clock.now();
    // A card of the order (written as checkout's gift card step would, without the journey).
    const placed = await t.db
      .selectFrom('orders')
      .select(['cart_id', 'customer_id'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const card = await t.db
      .insertInto('gift_card_details')
      .values({
        customer_id: placed.customer_id,
        cart_id: placed.cart_id,
        cart_item_id: null,
        product_id: tee.id,
        configurable_product_sku: 'TEE-1-RED-S',
        product_name: 'Gift card',
        amount_cents: 5000,
        gift_card_no: '4000123412342883',
        recipient_firstname: 'Rae',
        recipient_lastname: 'Friend',
        recipient_mobile: '+61412000001',
        recipient_message: 'Enjoy',
        purchaser_mobile: '+61412000002',
        mms_template_id: null,
        mms_template_url: null,
        pass_id: null,
        scheduled_at: null,
        delivery_timezone: null,
        valid_until: null,
        order_id: order.id,
        voided_at: null,
        voided_by: null,
        void_reason: null,
        delivery_key: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lines: [string, string][] = [
      ['order.approved', `order:${order.id}`],
      ['seller.suspended', `seller:${harbour}`],
      ['member.suspended', `customer:${customer}`],
      ['staff.added', `staff:${vendor.member.id}`],
      ['orders.csv_downloaded', 'orders'],
      ['order.note_added', 'order:999999'],
      ['gift_card.voided', `gift_card:${card.id}`],
    ];
    for (const [action, subject] of lines)
      await recordStaffAction(t.db, { actor: { staffId: operator.member.id }, action, subject, at });
    await recordStaffAction(t.db, { actor: { cli: true }, action: 'staff.added', subject: 'staff:1', at });

    const { items } = await page(`?page_size=${lines.length + 1}`);
    const read = (entry: AuditEntry) => [entry.who.name, entry.did, entry.thing?.label, entry.thing?.path];
    expect(items.map(read)).toEqual([
      ['CLI', 'added a member of staff', 'Ola Operator', '/staff'],
      ['Ola Operator', 'voided a gift card', 'gift card •••• 2883', `/gift-cards?q=${order.incrementId}`],
      ['Ola Operator', 'added a note to an order', 'order #999999', null],
      ['Ola Operator', 'downloaded the orders as a spreadsheet (CSV)', 'the orders list', '/orders'],
      ['Ola Operator', 'added a member of staff', 'Sam Seller', '/staff'],
      ['Ola Operator', 'suspended a member', 'Mia Shopper', `/customers/${customer}`],
      ['Ola Operator', 'suspended a seller', 'Harbour Goods', '/sellers'],
      ['Ola Operator', 'approved an order', `order #${order.incrementId}`, `/orders/${order.id}`],
    ]);
    expect(items[0]?.who).toMatchObject({ staff_id: null, role: null, path: null });
    expect(items.at(-1)?.who).toMatchObject({ role: 'operator', seller_name: null });
    // The card's whole number never leaves the server.
    expect(JSON.stringify(items)).not.toContain('4000123412342883');
  });

  it('[I34] a statement, a payout run, an application to sell and a campaign, by what people call them', async () => {
    const at = t.clock.now();
    const statement = await t.db
      .insertInto('seller_statements')
      .values({
        seller_id: harbour,
        seller_name: 'Harbour Goods',
        week_ends_on: '2026-11-29',
        period_start: new Date('2026-11-22T13:00:00Z'),
        period_end: new Date('2026-11-29T13:00:00Z'),
        remittance_on: '2026-12-03',
        totals: JSON.stringify({}),
        entry_count: 0,
        net_cents: 0,
        brought_forward_cents: 0,
        payable_cents: 0,
        carried_forward_cents: 0,
        generated_at: at,
        paid_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const run = await t.db
      .insertInto('payout_runs')
      .values({
        process_on: '2026-09-03',
        total_cents: 0,
        created_at: at,
        created_by: null,
        remitted_at: null,
        remitted_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const application = await t.db
      .insertInto('seller_applications')
      .values({
        business_name: 'Wattle Candles',
        abn: '51824753556',
        contact_name: 'Wren Wattle',
        mobile: '+61412000003',
        email: 'wren@example.com',
        sells: 'Candles',
        website: '',
        terms_version: '1',
        terms_accepted_at: at,
        client_address: null,
        decided_at: null,
        decided_by: null,
        refusal_reason: null,
        seller_id: null,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const campaign = await t.db
      .insertInto('campaigns')
      .values({
        seller_id: harbour,
        name: 'Summer tees',
        message: 'New tees',
        product_id: null,
        audience: JSON.stringify({}),
        state: 'draft',
        scheduled_at: null,
        schedule_zone: null,
        review_reason: null,
        reviewed_by: null,
        reviewed_at: null,
        created_by: null,
        created_at: at,
        updated_at: at,
        started_at: null,
        finished_at: null,
        queued_at: null,
        offer_product_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const actor = { staffId: operator.member.id };
    for (const [action, subject] of [
      ['statement.downloaded', `statement:${statement.id}`],
      ['payout_run.remitted', `payout_run:${run.id}`],
      ['seller_application.approved', `seller_application:${application.id}`],
      ['staff.added', `campaign:${campaign.id}`],
    ] as const)
      await recordStaffAction(t.db, { actor, action, subject, at });

    const { items } = await page('?page_size=4');
    expect(items.map((entry) => [entry.did, entry.thing?.label, entry.thing?.path])).toEqual([
      ['added a member of staff', 'Summer tees', `/campaigns/${campaign.id}`],
      ['approved an application to sell', 'application from Wattle Candles', '/sellers/applications'],
      ['marked a payout run paid', 'payout run of 3 Sep 2026', '/payouts'],
      [
        'downloaded a statement',
        'statement of Harbour Goods, week ending 29 Nov 2026',
        `/statements/${statement.id}`,
      ],
    ]);
  });

  it('[I34] the reply carries the filter form choices: every member of staff and every action in words', async () => {
    const { choices } = await page();
    expect(choices.people.map((person) => person.name)).toEqual(
      expect.arrayContaining(['Ola Operator', 'Sam Seller']),
    );
    expect(choices.actions).toContainEqual({ code: 'order.approved', words: 'Approved an order' });
    expect(choices.actions).toContainEqual({
      code: 'product.variant_updated',
      words: 'Changed a variant',
    });
  });
});

describe('[I34] the audit log filters by person, action, thing and Sydney day, paging kept', {
  timeout: 180_000,
}, () => {
  it('[I34] by person: only what that member did', async () => {
    const { items, total } = await page(`?staff_id=${vendor.member.id}`);
    expect(total).toBeGreaterThan(0);
    expect(items.every((entry) => entry.staff_id === vendor.member.id)).toBe(true);
    expect(new Set(items.map((entry) => entry.action))).toEqual(
      new Set(['sign_in.code', 'passkey.added', 'product.variant_updated']),
    );
  });

  it('[I34] by action, and by thing: kind and id, kind alone, id alone', async () => {
    expect((await page('?action=order.approved')).items.map((entry) => entry.subject)).toEqual([
      `order:${order.id}`,
    ]);
    expect((await page(`?kind=product&thing_id=${tee.id}`)).items.map((entry) => entry.action)).toEqual([
      'product.variant_updated',
    ]);
    const orders = await page('?kind=order');
    expect(orders.items.map((entry) => entry.subject).sort()).toEqual([`order:${order.id}`, 'order:999999']);
    expect((await page('?kind=orders')).items.map((entry) => entry.subject)).toEqual(['orders']);
    const byId = await page(`?thing_id=${customer}`);
    expect(byId.items.length).toBeGreaterThan(0);
    expect(byId.items.every((entry) => entry.subject?.endsWith(`:${customer}`))).toBe(true);
    expect((await page(`?kind=order&action=order.note_added`)).total).toBe(1);
  });

  it('[I34] "changed a price" finds the price changes of products and variants, not their other changes', async () => {
    const stock = await t.app.inject({
      method: 'PATCH',
      url: `/admin/api/products/${tee.id}/variants/${tee.variantId}`,
      headers: { cookie: vendor.cookie, 'x-csrf-token': vendor.csrf },
      payload: { stock: 9 },
    });
    expect(stock.statusCode, stock.body).toBe(200);
    const prices = await page('?action=product.price_changed');
    expect(
      prices.items.map((entry) => [entry.who.name, entry.did, entry.thing?.label, entry.changes]),
    ).toEqual([
      [
        'Sam Seller',
        'changed the price of a variant',
        'Beach Run Tee',
        ['Price of TEE-1-RED-S: $25.00 → $27.50'],
      ],
    ]);
    const variants = await page('?action=product.variant_updated');
    expect(variants.items.map((entry) => entry.did)).toEqual([
      'changed the stock of a variant',
      'changed the price of a variant',
    ]);
  });

  it('[I34] by day in Sydney: 00:30 on 28 Nov (AEDT) is the 28th, 23:30 on the 27th is not; paging keeps the filter', async () => {
    const late27 = new Date('2026-11-27T12:30:00Z'); // 27 Nov 11:30 pm in Sydney
    const early28 = new Date('2026-11-27T13:30:00Z'); // 28 Nov 12:30 am in Sydney
    const late28 = new Date('2026-11-28T12:59:00Z'); // 28 Nov 11:59 pm in Sydney
    const actor = { staffId: operator.member.id };
    for (const at of [late27, early28, late28])
      await recordStaffAction(t.db, { actor, action: 'payout_run.created', subject: 'payout_run:77', at });

    const day = await page('?action=payout_run.created&from=2026-11-28&to=2026-11-28');
    expect(day.items.map((entry) => entry.created_at)).toEqual([late28.toISOString(), early28.toISOString()]);
    expect(day.total).toBe(2);
    expect((await page('?action=payout_run.created&to=2026-11-27')).items.map((e) => e.created_at)).toEqual([
      late27.toISOString(),
    ]);
    expect((await page('?action=payout_run.created&from=2026-11-27')).total).toBe(3);

    const first = await page('?action=payout_run.created&from=2026-11-27&page_size=2');
    const second = await page('?action=payout_run.created&from=2026-11-27&page_size=2&page=2');
    expect([first.total, first.items.length, second.total, second.items.length]).toEqual([3, 2, 3, 1]);
    expect(second.items[0]?.created_at).toBe(late27.toISOString());
    // A run that no longer exists reads by its kind and number, with no link.
    expect(first.items[0]?.thing).toEqual({
      kind: 'payout_run',
      id: 77,
      label: 'payout run #77',
      path: null,
    });
  });

  it('[I34] bad filters are a 400 naming the field; vendors are refused', async () => {
    const cases: [string, string][] = [
      ['?from=2026-02-30', 'from'],
      ['?to=28-11-2026', 'to'],
      ['?from=2026-11-28&to=2026-11-27', 'to'],
      ['?kind=planet', 'kind'],
      ['?thing_id=0', 'thing_id'],
      ['?staff_id=abc', 'staff_id'],
      ['?action=DROP%20TABLE', 'action'],
    ];
    for (const [query, field] of cases) {
      const reply = await audit(query);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json().message, query).toContain(field);
    }
    expect((await audit('', vendor)).statusCode).toBe(403);
  });
});
