import { orderListReplySchema } from '@quokka/contract/api/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { csvMobile } from './orders-csv.ts';
import { adminCall, anOrder, ordersTestApp, type Session, signedIn } from './test/orders-test-kit.ts';

// [I34-search, I34-csv] The orders list's search finds an order by the customer's email and by a product's
// name (or SKU) on it, in any case and by a part; a seller's staff by their own lines' products only. The
// orders CSV writes a mobile as text without the leading ' (the cell is quoted) and still defuses every
// other cell that starts like a formula. MUG-1 "MUG-1 product" and CUP-3 (Harbour Goods), BOWL-1 (Outback
// Outfitters): the catalogue factory names a product after its SKU.

let t: TestApp;
let operator: Session;
let harbourStaff: Session;

beforeAll(async () => {
  t = await ordersTestApp();
  operator = await signedIn(t, 'operator');
  harbourStaff = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' });
});
afterAll(() => t?.close());

const found = async (q: string, session: Session = operator) => {
  const reply = await adminCall(t, 'GET', `/orders?q=${encodeURIComponent(q)}`, session);
  expect(reply.statusCode, reply.body).toBe(200);
  return orderListReplySchema.parse(reply.json()).items.map((order) => order.id);
};

/** The name of an order's lines of this SKU (order lines keep the name the product had when bought). */
const rename = (orderId: number, sku: string, name: string) =>
  t.db
    .updateTable('order_items')
    .set({ name })
    .where('order_id', '=', orderId)
    .where('sku', '=', sku)
    .execute();

describe('[I34-search] finding orders', { timeout: 120_000 }, () => {
  it('by part of the customer’s email, in any case', async () => {
    const order = await anOrder(t, [['MUG-1', 1]]);
    await t.db
      .updateTable('orders')
      .set({ customer_email: 'Pat.Emailfinder@Example.com' })
      .where('id', '=', order.id)
      .execute();
    expect(await found('pat.emailfinder@example.com')).toEqual([order.id]);
    expect(await found('EMAILFINDER')).toEqual([order.id]);
    expect(await found('emailfinder@nowhere')).toEqual([]);
  });

  it('by part of a product’s name or SKU on the order, in any case; % and _ are letters, not wildcards', async () => {
    const bowls = await anOrder(t, [['BOWL-1', 1]]);
    const mugs = await anOrder(t, [['MUG-1', 1]]);
    await rename(bowls.id, 'BOWL-1', 'Speckled Zanzibar Bowl');
    await rename(mugs.id, 'MUG-1', 'Zanzibar 100% Mug');
    expect(await found('zanzibar bowl')).toEqual([bowls.id]);
    expect(new Set(await found('ZANZIBAR'))).toEqual(new Set([bowls.id, mugs.id]));
    expect(await found('100%')).toEqual([mugs.id]);
    expect(await found('zanzib_r')).toEqual([]);
    expect(await found('bowl-1')).toContain(bowls.id);
  });

  it('a seller’s staff find an order by their own products, never by another seller’s on it', async () => {
    const both = await anOrder(t, [
      ['CUP-3', 1],
      ['BOWL-1', 1],
    ]);
    await rename(both.id, 'CUP-3', 'Quenda Cup');
    await rename(both.id, 'BOWL-1', 'Quenda Bowl');
    expect(await found('quenda cup', harbourStaff)).toEqual([both.id]);
    expect(await found('quenda bowl', harbourStaff)).toEqual([]);
    expect(await found('quenda bowl')).toEqual([both.id]);
  });
});

describe('[I34-csv] the orders CSV', { timeout: 120_000 }, () => {
  it('writes the mobile as quoted text without a leading quote mark, and defuses the other cells', async () => {
    const order = await anOrder(t, [['CUP-3', 1]], { lastname: 'Mobilecell' });
    await t.db
      .updateTable('orders')
      .set({ customer_name: '+61412555003 Mobilecell', customer_mobile: '+61412555003' })
      .where('id', '=', order.id)
      .execute();
    const odd = await anOrder(t, [['CUP-3', 1]], { lastname: 'Mobilecell' });
    await t.db
      .updateTable('orders')
      .set({ customer_mobile: '=HYPERLINK("http://evil")' })
      .where('id', '=', odd.id)
      .execute();
    const reply = await adminCall(t, 'GET', '/orders.csv?q=mobilecell', operator);
    expect(reply.statusCode).toBe(200);
    const row = (incrementId: string) => reply.body.split('\r\n').find((line) => line.includes(incrementId));
    // The mobile as text; the name beside it, starting with '+', is still defused.
    expect(row(order.incrementId)).toContain(`,"'+61412555003 Mobilecell","+61412555003","Harbour Goods",`);
    expect(row(order.incrementId)).not.toContain(`"'+61412555003"`);
    // A mobile cell that is not a mobile is defused as any other cell.
    expect(row(odd.incrementId)).toContain(`,"'=HYPERLINK(""http://evil"")","Harbour Goods",`);
  });

  it('csvMobile: a plus and digits as they are; anything else defused and quoted', () => {
    expect(csvMobile('+61412555003')).toBe('"+61412555003"');
    expect(csvMobile('+6441255500')).toBe('"+6441255500"');
    expect(csvMobile('')).toBe('""');
    expect(csvMobile('+61412555003+cmd|')).toBe(`"'+61412555003+cmd|"`);
    expect(csvMobile('-2+3')).toBe(`"'-2+3"`);
    expect(csvMobile('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvMobile('+1"2')).toBe(`"'+1""2"`);
  });
});
