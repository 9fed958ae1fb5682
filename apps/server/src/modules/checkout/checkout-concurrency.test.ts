import { MSG } from '@quokka/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxPayments } from '../../providers/payments/sandbox-payments.ts';
import {
  addToCart,
  aShopper,
  call,
  placeOrder,
  REST,
  type Shopper,
  saveShipping,
  setStock,
  stockOf,
} from '../../test/cart-factory.ts';
import { aSeller, aSimpleProduct, importTestCatalogue } from '../../test/catalog-factory.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CHECKOUT_TEXT } from './checkout-text.ts';

// Real parallel requests against real rows (on PGlite they queue for its one connection; on PostgreSQL,
// TEST_DATABASE_URL, they truly race): the contended state is set up first and the outcome asserted,
// rather than hoping a race happens (STYLE.md, Saleor).

let t: TestApp;
let sandbox: SandboxPayments;

beforeAll(async () => {
  t = await createTestApp();
  const payments = t.app.deps.providers.payments;
  if (!(payments instanceof SandboxPayments)) throw new Error('tests expect the sandbox payments provider');
  sandbox = payments;
  await importTestCatalogue(t.db, {
    sellers: [aSeller()],
    products: [
      aSimpleProduct('LAST-3', { price: 40, qty: 20 }),
      aSimpleProduct('MUG-1', { price: 19.95, qty: 1000 }),
      aSimpleProduct('PAIR-A', { price: 5, qty: 1000 }),
      aSimpleProduct('PAIR-B', { price: 6, qty: 1000 }),
    ],
  });
});
afterAll(() => t.close());

const ordersCount = async (customerIds: number[]) =>
  (await t.db.selectFrom('orders').select('id').where('customer_id', 'in', customerIds).execute()).length;

const chargesOf = async (customerIds: number[]) =>
  t.db.selectFrom('sandbox_charges').selectAll().where('customer_id', 'in', customerIds).execute();

async function readyShopper(lines: [string, number][]): Promise<Shopper> {
  const shopper = await aShopper(t);
  for (const [sku, qty] of lines) expect((await addToCart(t.app, shopper, sku, qty)).status).toBe(200);
  expect((await saveShipping(t.app, shopper)).status).toBe(200);
  return shopper;
}

describe('placing orders at once', () => {
  it('[ROLE-06] 3 units left, 20 buyers at once: exactly 3 orders, stock 0, 17 clean 400s, no charge for the losers', async () => {
    // Everyone put one in the cart while there were plenty; now 3 are left.
    const buyers: Shopper[] = [];
    for (let i = 0; i < 20; i++) buyers.push(await readyShopper([['LAST-3', 1]]));
    await setStock(t.db, 'LAST-3', 3);
    const chargesBefore = sandbox.chargesMade;

    const replies = await Promise.all(buyers.map((buyer) => placeOrder(t.app, buyer)));

    const won = replies.filter((reply) => reply.status === 200);
    const lost = replies.filter((reply) => reply.status !== 200);
    expect(won).toHaveLength(3);
    expect(lost).toHaveLength(17);
    for (const reply of lost) {
      expect(reply.status).toBe(400);
      expect([MSG.productNotAvailable, MSG.qtyNotAvailable]).toContain(
        (reply.body as { message: string }).message,
      );
    }
    expect(await stockOf(t.db, 'LAST-3')).toBe(0);
    const ids = buyers.map((buyer) => buyer.id);
    expect(await ordersCount(ids)).toBe(3);
    expect(sandbox.chargesMade - chargesBefore).toBe(3);
    expect(await chargesOf(ids)).toHaveLength(3);
    // The losers keep their carts.
    const loser = buyers[replies.findIndex((reply) => reply.status !== 200)]!;
    const items = await call<unknown[]>(t.app, 'GET', `${REST}/carts/mine/items`, { headers: loser.headers });
    expect(items.body).toHaveLength(1);
  });

  it('[I12-11] 10 parallel placements of one cart without a key: one order, one charge, the others a clean 400', async () => {
    const shopper = await readyShopper([['MUG-1', 2]]);
    const stock = await stockOf(t.db, 'MUG-1');
    const chargesBefore = sandbox.chargesMade;

    const replies = await Promise.all(Array.from({ length: 10 }, () => placeOrder(t.app, shopper)));

    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
    for (const reply of replies.filter((reply) => reply.status !== 200)) {
      expect(reply).toMatchObject({ status: 400, body: { message: CHECKOUT_TEXT.noActiveCart } });
    }
    expect(await ordersCount([shopper.id])).toBe(1);
    expect(sandbox.chargesMade - chargesBefore).toBe(1);
    expect(await chargesOf([shopper.id])).toHaveLength(1);
    expect(await stockOf(t.db, 'MUG-1')).toBe(stock - 2);
  });

  it('10 parallel retries with the same Idempotency-Key: one order, one charge', async () => {
    const shopper = await readyShopper([['MUG-1', 1]]);
    const chargesBefore = sandbox.chargesMade;
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        placeOrder(t.app, shopper, 'pm_card_visa', { idempotencyKey: 'tap-1' }),
      ),
    );
    expect(replies.map((reply) => reply.status)).toEqual(Array(10).fill(200));
    expect(new Set(replies.map((reply) => reply.body)).size).toBe(1);
    expect(await ordersCount([shopper.id])).toBe(1);
    expect(sandbox.chargesMade - chargesBefore).toBe(1);
  });

  it('buyers of the same two products in opposite cart order never deadlock, and all get their order', async () => {
    const buyers: Shopper[] = [];
    for (let i = 0; i < 10; i++) {
      buyers.push(
        await readyShopper(
          i % 2 === 0
            ? [
                ['PAIR-A', 1],
                ['PAIR-B', 1],
              ]
            : [
                ['PAIR-B', 1],
                ['PAIR-A', 1],
              ],
        ),
      );
    }
    const before = { a: await stockOf(t.db, 'PAIR-A'), b: await stockOf(t.db, 'PAIR-B') };
    const replies = await Promise.all(buyers.map((buyer) => placeOrder(t.app, buyer)));
    expect(replies.map((reply) => reply.status)).toEqual(Array(10).fill(200));
    expect(await stockOf(t.db, 'PAIR-A')).toBe(before.a - 10);
    expect(await stockOf(t.db, 'PAIR-B')).toBe(before.b - 10);
  });
});

describe('adding to one cart at once', () => {
  it('[ERR-06] 8 adds of 1 at once with 3 in stock: the cart holds 3, the rest are qty not available', async () => {
    await importTestCatalogue(t.db, {
      sellers: [aSeller()],
      products: [aSimpleProduct('TRIO-1', { qty: 3 })],
    });
    const shopper = await aShopper(t);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => addToCart(t.app, shopper, 'TRIO-1', 1)),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(3);
    for (const reply of replies.filter((r) => r.status !== 200)) {
      expect(reply).toMatchObject({ status: 400, body: { message: MSG.qtyNotAvailable } });
    }
    const items = await call<{ qty: number }[]>(t.app, 'GET', `${REST}/carts/mine/items`, {
      headers: shopper.headers,
    });
    expect(items.body).toEqual([expect.objectContaining({ qty: 3 })]);
  });
});
