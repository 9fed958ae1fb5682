import { orderListReplySchema } from '@quokka/contract/api/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.ts';
import { LIST_TEXT } from './orders-list.ts';
import {
  adminCall,
  anOrder,
  ordersTestApp,
  type Session,
  sellerId,
  setPlacedAt,
  signedIn,
  stepUp,
} from './test/orders-test-kit.ts';

// [I34-seller-state] A seller's staff see, in the orders list, the state of THEIR part of each order, from
// their own lines (seller-order-state.ts): an order another seller shipped is still "to ship" for them,
// and their "to ship" filter is their own work left. Operator-only things (the review flag and its filter)
// are not a seller's. MUG-1 and CUP-3 (Harbour Goods), BOWL-1 (Outback Outfitters); checkout approves at
// once here (ORDER_REVIEW unset).

let t: TestApp;
let operator: Session;
let harbourStaff: Session;
let outbackStaff: Session;
let harbour: number;
let outback: number;

beforeAll(async () => {
  t = await ordersTestApp();
  operator = await signedIn(t, 'operator');
  harbourStaff = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' });
  outbackStaff = await signedIn(t, 'vendor', { name: 'Ola Outback', sellerUrl: 'outback-outfitters' });
  harbour = await sellerId(t, 'harbour-goods');
  outback = await sellerId(t, 'outback-outfitters');
});
afterAll(() => t?.close());

const list = async (query: string, session: Session) => {
  const reply = await adminCall(t, 'GET', `/orders?${query}`, session);
  expect(reply.statusCode, reply.body).toBe(200);
  return orderListReplySchema.parse(reply.json());
};
const stateOf = async (orderId: number, session: Session, query = '') =>
  (await list(query, session)).items.find((order) => order.id === orderId);
const ids = async (query: string, session: Session) => (await list(query, session)).items.map((o) => o.id);

describe('a seller’s own state in the orders list', { timeout: 120_000 }, () => {
  it('another seller shipping leaves the order "to ship" for this one, whose filter still finds it', async () => {
    const both = await anOrder(t, [
      ['MUG-1', 1],
      ['BOWL-1', 1],
    ]);
    const ship = await adminCall(t, 'POST', `/orders/${both.id}/shipments`, outbackStaff, {
      seller_id: outback,
      carrier: 'Sendle',
      tracking_number: 'SNDL42',
    });
    expect(ship.statusCode, ship.body).toBe(200);

    // The whole order is partly shipped; each seller sees its own part.
    expect(await stateOf(both.id, harbourStaff)).toMatchObject({
      status: 'partially_shipped',
      seller_state: 'to_ship',
    });
    expect(await stateOf(both.id, outbackStaff)).toMatchObject({ seller_state: 'shipped' });
    // The operator sees the whole order, with no seller's state.
    expect((await stateOf(both.id, operator))?.seller_state).toBeUndefined();

    expect(await ids('seller_state=to_ship', harbourStaff)).toContain(both.id);
    expect(await ids('seller_state=to_ship', outbackStaff)).not.toContain(both.id);
    expect(await ids('seller_state=shipped', outbackStaff)).toContain(both.id);
    // An operator asks for a seller's state by naming the seller.
    expect(await ids(`seller_state=to_ship&seller_id=${harbour}`, operator)).toContain(both.id);
    expect(await ids(`seller_state=to_ship&seller_id=${outback}`, operator)).not.toContain(both.id);
  });

  it('a seller whose lines were all refunded reads "refunded"; the other seller still has its own to ship', async () => {
    const both = await anOrder(t, [
      ['CUP-3', 2],
      ['BOWL-1', 1],
    ]);
    const cup = await t.db
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', both.id)
      .where('sku', '=', 'CUP-3')
      .executeTakeFirstOrThrow();
    await stepUp(t, operator);
    const refund = await adminCall(t, 'POST', `/orders/${both.id}/refunds`, operator, {
      lines: [{ order_item_id: cup.id, qty: 2 }],
      idempotency_key: `state-${both.id}-cups`,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(await stateOf(both.id, harbourStaff)).toMatchObject({
      seller_state: 'refunded',
      refunded_cents: 2000,
    });
    expect(await stateOf(both.id, outbackStaff)).toMatchObject({ seller_state: 'to_ship' });
    expect(await ids('seller_state=refunded', harbourStaff)).toContain(both.id);
    expect(await ids('seller_state=to_ship', harbourStaff)).not.toContain(both.id);
  });

  it('an operator’s state filter without a seller is a 400 naming the field; a bad state too', async () => {
    const missing = await adminCall(t, 'GET', '/orders?seller_state=to_ship', operator);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().input_validation).toEqual({ seller_state: [LIST_TEXT.sellerStateNeedsSeller] });
    const bad = await adminCall(t, 'GET', '/orders?seller_state=lost', harbourStaff);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().input_validation)).toEqual(['seller_state']);
  });

  it('the review flag is the operator’s: a seller is not shown it, and its filter does not narrow their list', async () => {
    const waiting = await anOrder(t, [['MUG-1', 1]]);
    const fresh = await anOrder(t, [['MUG-1', 1]]);
    await setPlacedAt(t, waiting.id, new Date(t.clock.now().getTime() - 30 * 3_600_000), {
      status: 'pending_review',
    });
    expect(await stateOf(waiting.id, operator)).toMatchObject({ flagged: true });
    expect(await stateOf(waiting.id, harbourStaff)).toMatchObject({
      flagged: false,
      seller_state: 'awaiting_review',
    });
    expect(await ids('flagged=1', operator)).not.toContain(fresh.id);
    expect(await ids('flagged=1', harbourStaff)).toEqual(expect.arrayContaining([waiting.id, fresh.id]));
  });
});
