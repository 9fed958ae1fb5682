import { afterEach, describe, expect, it } from 'vitest';
import { addToCart, aShopper, NS, placeOrder, saveShipping } from '../test/cart-factory.ts';
import { aSimpleProduct, importTestCatalogue } from '../test/catalog-factory.ts';
import { aMobile } from '../test/customer-factory.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// [I12-5] A carrier's NAT puts many shoppers behind one address. The limits protect what can be abused
// (code sends and confirms, registration, email checks, order placement) with budgets that fit such an
// address: a signed-in member counts against their own budget, never their neighbours'.

const NAT = '100.64.0.9';
let t: TestApp | undefined;

afterEach(async () => {
  await t?.close();
  t = undefined;
});

const categories = (app: TestApp['app'], headers: Record<string, string> = {}) =>
  app.inject({ url: `${NS}/categories`, remoteAddress: NAT, headers });

describe('[I12-5] budgets that fit a shared address', () => {
  it('[I12-5] a member behind an address that neighbours used up still checks out', async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '20' });
    const app = t.app;
    await importTestCatalogue(t.db, { products: [aSimpleProduct('SKU-NAT', { qty: 5 })] });
    const shopper = { ...(await aShopper(t)), remoteAddress: NAT };
    // Neighbours (no session) spend the address's whole budget.
    for (let i = 0; i < 20; i += 1) expect((await categories(app)).statusCode).toBe(200);
    expect((await categories(app)).statusCode).toBe(429);

    // The member's requests come from the same address and count against the member.
    expect((await categories(app, shopper.headers)).statusCode).toBe(200);
    expect((await addToCart(app, shopper, 'SKU-NAT')).status).toBe(200);
    expect((await saveShipping(app, shopper)).status).toBe(200);
    const placed = await placeOrder(app, shopper);
    expect(placed.status).toBe(200);
    expect(placed.body).toMatch(/^\d+$/);
  });

  it('[I12-5] a made-up bearer token counts against the address, not a budget of its own', async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5' });
    for (let i = 0; i < 5; i += 1) {
      const fake = { authorization: `Bearer ${String(i).padStart(43, 'x')}` };
      expect((await categories(t.app, fake)).statusCode).toBe(200);
    }
    const again = await categories(t.app, { authorization: `Bearer ${'y'.repeat(43)}` });
    expect(again.statusCode).toBe(429);
  });

  it('[I12-5] order placement has its own budget per member, with Retry-After', async () => {
    t = await createTestApp({ ORDER_PLACEMENTS_PER_MEMBER_PER_HOUR: '2' });
    const app = t.app;
    const shopper = await aShopper(t);
    const neighbour = await aShopper(t);
    // Without a cart each attempt is refused (400), and each still counts: a card tried again and again.
    expect((await placeOrder(app, shopper, 'pm_card_visa', { idempotencyKey: 'a-1' })).status).toBe(400);
    expect((await placeOrder(app, shopper, 'pm_card_visa', { idempotencyKey: 'a-2' })).status).toBe(400);
    const third = await placeOrder(app, shopper, 'pm_card_visa', { idempotencyKey: 'a-3' });
    expect(third.status).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(third.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Another member (same test address) still has a whole budget.
    expect((await placeOrder(app, neighbour, 'pm_card_visa', { idempotencyKey: 'b-1' })).status).toBe(400);
  });

  it('[I12-5] registrations per address an hour', async () => {
    t = await createTestApp({ REGISTRATIONS_PER_ADDRESS_PER_HOUR: '2' });
    const register = (from: string) =>
      t?.app.inject({
        method: 'POST',
        url: `${NS}/createAccount`,
        remoteAddress: from,
        payload: { mobile: aMobile(), r_token: 'sandbox-token', customer: {} },
      });
    expect((await register(NAT))?.statusCode).toBe(400);
    expect((await register(NAT))?.statusCode).toBe(400);
    expect((await register(NAT))?.statusCode).toBe(429);
    expect((await register('100.64.0.10'))?.statusCode).toBe(400);
  });

  it('[I12-1] code sends count IPv6 clients by /64, not by the address each device picks', async () => {
    t = await createTestApp({ OTP_SENDS_PER_ADDRESS_PER_HOUR: '2', OTP_SEND_INTERVAL_S: '1' });
    const send = (from: string) =>
      t?.app.inject({
        method: 'POST',
        url: `${NS}/sendmobilecode`,
        remoteAddress: from,
        payload: { mobile: aMobile(), r_token: 'sandbox-token' },
      });
    expect((await send('2001:db8:5:7::1'))?.statusCode).toBe(200);
    expect((await send('2001:db8:5:7::2'))?.statusCode).toBe(200);
    const third = await send('2001:db8:5:7:abcd::3');
    expect(third?.statusCode).toBe(429);
    // Another /64 is another address.
    expect((await send('2001:db8:5:8::1'))?.statusCode).toBe(200);
  });
});
