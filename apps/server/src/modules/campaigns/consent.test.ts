import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, aShopper, call, NS, REST, type Shopper, saveShipping } from '../../test/cart-factory.ts';
import { aMobile } from '../../test/customer-factory.ts';
import type { TestApp } from '../../test/test-app.ts';
import {
  adminCall,
  ordersTestApp,
  type Session,
  sellerId,
  signedIn,
} from '../orders/test/orders-test-kit.ts';
import { isStoppedAll, marketingAllowed, optOutCodeFor, recordConsent } from './consent.ts';

// [I29] Consent on the real app: the checkout box, My Account › Text offers, the /u opt-out page (no
// sign-in), and a seller's subscribers in the back office (list, CSV with the evidence, import), each
// seller's staff seeing only their own.

let t: TestApp;
let harbour: number;
let outback: number;
let operator: Session;
let harbourVendor: Session;
let outbackVendor: Session;

beforeAll(async () => {
  t = await ordersTestApp();
  harbour = await sellerId(t, 'harbour-goods');
  outback = await sellerId(t, 'outback-outfitters');
  operator = await signedIn(t, 'operator');
  harbourVendor = await signedIn(t, 'vendor', { sellerUrl: 'harbour-goods' });
  outbackVendor = await signedIn(t, 'vendor', { name: 'Olive Outback', sellerUrl: 'outback-outfitters' });
});
afterAll(() => t?.close());

const consentOf = (mobile: string, seller: number) =>
  t.db
    .selectFrom('text_consents')
    .selectAll()
    .where('mobile', '=', mobile)
    .where('seller_id', '=', seller)
    .executeTakeFirst();

async function subscribe(mobile: string, seller: number) {
  await t.db
    .transaction()
    .execute((trx) =>
      recordConsent(
        trx,
        { mobile, sellerId: seller, source: 'account', words: 'Text me offers' },
        t.clock.now(),
      ),
    );
}

/** payment-information as the web app sends it, with the ticked boxes. */
async function placeWithBoxes(shopper: Shopper, textOffers: unknown) {
  expect((await addToCart(t.app, shopper, 'MUG-1', 1)).status).toBe(200);
  expect((await saveShipping(t.app, shopper)).status).toBe(200);
  return call<string>(t.app, 'POST', `${REST}/carts/mine/payment-information`, {
    headers: shopper.headers,
    remoteAddress: '203.0.113.29',
    payload: {
      billingAddress: { customer_address_id: shopper.addressId },
      paymentMethod: {
        method: 'stripe_payments',
        additional_data: { cc_save: false, token: 'pm_card_visa' },
      },
      ...(textOffers === undefined ? {} : { text_offers: textOffers }),
    },
  });
}

describe('[I29] the checkout box', () => {
  it("[I29] ticked for the order's seller: a checkout consent with its evidence; another seller in the list is ignored", async () => {
    const shopper = await aShopper(t);
    const placed = await placeWithBoxes(shopper, [harbour, outback, 999_999]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const consent = await consentOf(shopper.mobile, harbour);
    expect(consent).toMatchObject({
      state: 'subscribed',
      source: 'checkout',
      words: 'Text me offers from Harbour Goods',
      client_address: '203.0.113.29',
      customer_id: shopper.id,
    });
    expect(consent?.subscribed_at?.getTime()).toBe(t.clock.now().getTime());
    expect(consent?.optout_code).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(await consentOf(shopper.mobile, outback)).toBeUndefined();
    expect(await marketingAllowed(t.db, shopper.mobile, harbour)).toBe(true);
    const events = await t.db
      .selectFrom('text_consent_events')
      .selectAll()
      .where('mobile', '=', shopper.mobile)
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event: 'subscribed',
      source: 'checkout',
      detail: `order ${Number(placed.body)}`,
    });
  });

  it('[I29] unticked (no list, or an empty one): no consent', async () => {
    for (const boxes of [undefined, []]) {
      const shopper = await aShopper(t);
      expect((await placeWithBoxes(shopper, boxes)).status).toBe(200);
      expect(await consentOf(shopper.mobile, harbour)).toBeUndefined();
    }
  });
});

describe('[I29] My Account › Text offers', () => {
  it('[I29] lists every seller; the switch on records an account consent, off unsubscribes at once', async () => {
    const shopper = await aShopper(t);
    const list = await call<{
      sellers: { seller_id: number; subscribed: boolean; words: string }[];
      stopped_all: boolean;
    }>(t.app, 'GET', `${NS}/textoffers`, { headers: shopper.headers });
    expect(list.status).toBe(200);
    expect(list.body.sellers.map((s) => s.seller_id).sort()).toEqual([harbour, outback].sort());
    expect(list.body.sellers.every((s) => !s.subscribed)).toBe(true);
    const on = await call<{ sellers: { seller_id: number; subscribed: boolean }[] }>(
      t.app,
      'PUT',
      `${NS}/textoffers/${outback}`,
      { headers: shopper.headers, payload: { subscribed: true }, remoteAddress: '198.51.100.7' },
    );
    expect(on.status).toBe(200);
    expect(on.body.sellers.find((s) => s.seller_id === outback)?.subscribed).toBe(true);
    expect(await consentOf(shopper.mobile, outback)).toMatchObject({
      state: 'subscribed',
      source: 'account',
      words: 'Text me offers from Outback Outfitters',
      client_address: '198.51.100.7',
    });
    const off = await call<{ sellers: { seller_id: number; subscribed: boolean }[] }>(
      t.app,
      'PUT',
      `${NS}/textoffers/${outback}`,
      { headers: shopper.headers, payload: { subscribed: false } },
    );
    expect(off.body.sellers.find((s) => s.seller_id === outback)?.subscribed).toBe(false);
    expect(await consentOf(shopper.mobile, outback)).toMatchObject({
      state: 'unsubscribed',
      unsubscribed_via: 'account',
    });
    expect(await marketingAllowed(t.db, shopper.mobile, outback)).toBe(false);
  });

  it('[I29] needs a signed-in member; an unknown seller is 404', async () => {
    expect((await call(t.app, 'GET', `${NS}/textoffers`)).status).toBe(401);
    const shopper = await aShopper(t);
    const unknown = await call(t.app, 'PUT', `${NS}/textoffers/999999`, {
      headers: shopper.headers,
      payload: { subscribed: true },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('[I29] the opt-out page /u/<code>, without signing in', () => {
  it('[I29] names the seller and offers both buttons in a form, with no script', async () => {
    const mobile = aMobile();
    await subscribe(mobile, harbour);
    const code = await optOutCodeFor(t.db, mobile, harbour);
    const page = await t.app.inject({ method: 'GET', url: `/u/${code}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Stop texts from Harbour Goods');
    expect(page.body).toContain('Stop all offers');
    expect(page.body).toContain(`action="/u/${code}"`);
    expect(page.body).not.toContain('<script');
    expect(page.body).not.toContain(mobile);
  });

  it('[I29] "Stop texts from <seller>" stops that seller only', async () => {
    const mobile = aMobile();
    await subscribe(mobile, harbour);
    await subscribe(mobile, outback);
    const code = await optOutCodeFor(t.db, mobile, harbour);
    const done = await t.app.inject({
      method: 'POST',
      url: `/u/${code}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'scope=seller',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Done — you will get no more offers from Harbour Goods');
    expect(await marketingAllowed(t.db, mobile, harbour)).toBe(false);
    expect(await marketingAllowed(t.db, mobile, outback)).toBe(true);
    expect(await consentOf(mobile, harbour)).toMatchObject({
      state: 'unsubscribed',
      unsubscribed_via: 'link',
    });
  });

  it('[I29] "Stop all offers" stops every seller, as a STOP does', async () => {
    const mobile = aMobile();
    await subscribe(mobile, harbour);
    await subscribe(mobile, outback);
    const code = await optOutCodeFor(t.db, mobile, outback);
    const done = await t.app.inject({
      method: 'POST',
      url: `/u/${code}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'scope=all',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('no more offers by text from anyone');
    expect(await isStoppedAll(t.db, mobile)).toBe(true);
    expect(await marketingAllowed(t.db, mobile, harbour)).toBe(false);
    expect(await marketingAllowed(t.db, mobile, outback)).toBe(false);
  });

  it('[I29] an unknown code is a 404 page that reveals nothing; a bad scope is a 400', async () => {
    for (const url of ['/u/abcdefghjk', '/u/x', '/u/%3Cscript%3E']) {
      const reply = await t.app.inject({ method: 'GET', url });
      expect(reply.statusCode).toBe(404);
      expect(reply.body).toContain('This link is not valid.');
    }
    const posted = await t.app.inject({
      method: 'POST',
      url: '/u/abcdefghjk',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'scope=all',
    });
    expect(posted.statusCode).toBe(404);
    const mobile = aMobile();
    await subscribe(mobile, harbour);
    const code = await optOutCodeFor(t.db, mobile, harbour);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/u/${code}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'scope=everyone',
    });
    expect(bad.statusCode).toBe(400);
    expect(await marketingAllowed(t.db, mobile, harbour)).toBe(true);
  });

  it('[I29] guessing codes is rate-limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const reply = await t.app.inject({ method: 'GET', url: `/u/guess${i}`, remoteAddress: '192.0.2.44' });
      statuses.push(reply.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("[I29] a seller's subscribers in the back office", () => {
  it("[I29] a vendor lists its own seller's subscribers with counts, never another seller's", async () => {
    const mobile = aMobile();
    await subscribe(mobile, harbour);
    await subscribe(aMobile(), outback);
    const mine = await adminCall(t, 'GET', '/subscribers', harbourVendor);
    expect(mine.statusCode, mine.body).toBe(200);
    const body = mine.json() as { items: { seller_id: number; mobile: string }[]; subscribed: number };
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.every((item) => item.seller_id === harbour)).toBe(true);
    expect(body.items.some((item) => item.mobile === mobile)).toBe(true);
    expect(body.subscribed).toBeGreaterThan(0);
    const other = await adminCall(t, 'GET', `/subscribers?seller_id=${outback}`, harbourVendor);
    expect(other.statusCode).toBe(404);
    const csv = await adminCall(t, 'GET', `/subscribers.csv?seller_id=${outback}`, harbourVendor);
    expect(csv.statusCode).toBe(404);
    const all = await adminCall(t, 'GET', '/subscribers', operator);
    const sellers = new Set(
      (all.json() as { items: { seller_id: number }[] }).items.map((item) => item.seller_id),
    );
    expect(sellers).toEqual(new Set([harbour, outback]));
  });

  it("[I29] the CSV carries each consent's evidence", async () => {
    const shopper = await aShopper(t);
    await call(t.app, 'PUT', `${NS}/textoffers/${outback}`, {
      headers: shopper.headers,
      payload: { subscribed: true },
      remoteAddress: '198.51.100.8',
    });
    const csv = await adminCall(t, 'GET', '/subscribers.csv', outbackVendor);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      '"mobile","seller_id","seller","state","source","words","client_address","requested_at","subscribed_at","unsubscribed_at","stopped_all"',
    );
    const line = lines.find((l) => l.includes(shopper.mobile.slice(1)));
    expect(line).toContain(
      '"Outback Outfitters","subscribed","account","Text me offers from Outback Outfitters","198.51.100.8"',
    );
    expect(line).toContain(`"${t.clock.now().toISOString()}"`);
    expect(lines.slice(1).every((l) => l.includes(`,${outback},"Outback Outfitters"`))).toBe(true);
  });

  it('[I29] an import asks each new number for YES, counts subscribed and stopped ones, and reports bad lines', async () => {
    const fresh = aMobile();
    const already = aMobile();
    const stopped = aMobile();
    await subscribe(already, harbour);
    await subscribe(stopped, harbour);
    await t.app.services.inboundTexts.receive({
      sid: `SMimport${stopped}`,
      from: stopped,
      to: 'x',
      body: 'STOP',
    });
    const national = `0${fresh.slice(3, 6)} ${fresh.slice(6, 9)} ${fresh.slice(9)}`;
    const csv = [
      'mobile,consent_source,consented_at,words',
      `${national},market stall sign-up sheet,2026-10-01,Yes text me Harbour deals`,
      `${already},website form,,`,
      `${stopped},website form,,`,
      '02 9999 0000,website form,,',
      `${aMobile()},,,`,
      `${aMobile()},website form,not a date,`,
      `${fresh},again,,`,
    ].join('\n');
    const imported = await adminCall(t, 'POST', '/subscribers/import', harbourVendor, { csv });
    expect(imported.statusCode, imported.body).toBe(200);
    const reply = imported.json() as {
      rows: number;
      asked: number;
      already_subscribed: number;
      stopped: number;
      errors: { line: number }[];
    };
    expect(reply).toMatchObject({ rows: 7, asked: 1, already_subscribed: 1, stopped: 1 });
    expect(reply.errors.map((e) => e.line)).toEqual([5, 6, 7, 8]);
    expect(await consentOf(fresh, harbour)).toMatchObject({
      state: 'pending',
      source: 'import',
      words: 'Yes text me Harbour deals',
    });
    const texts = await t.db
      .selectFrom('sent_messages')
      .select(['to_number', 'purpose', 'body'])
      .where('purpose', '=', 'consent_request')
      .execute();
    expect(texts.filter((m) => m.to_number === fresh)).toHaveLength(1);
    expect(texts.find((m) => m.to_number === fresh)?.body).toContain(
      'Reply YES to get offers from Harbour Goods',
    );
    expect(texts.some((m) => m.to_number === stopped || m.to_number === already)).toBe(false);
    // Its YES within 24 h subscribes it.
    await t.app.services.inboundTexts.receive({ sid: `SMyes${fresh}`, from: fresh, to: 'x', body: 'yes' });
    expect(await marketingAllowed(t.db, fresh, harbour)).toBe(true);
  });

  it('[I29] a vendor cannot import for another seller; an operator must name the seller', async () => {
    const csv = `mobile,consent_source\n${aMobile()},form`;
    const other = await adminCall(t, 'POST', '/subscribers/import', harbourVendor, {
      csv,
      seller_id: outback,
    });
    expect(other.statusCode).toBe(404);
    const unnamed = await adminCall(t, 'POST', '/subscribers/import', operator, { csv });
    expect(unnamed.statusCode).toBe(400);
    const named = await adminCall(t, 'POST', '/subscribers/import', operator, { csv, seller_id: outback });
    expect(named.statusCode, named.body).toBe(200);
    const noHeader = await adminCall(t, 'POST', '/subscribers/import', harbourVendor, {
      csv: `${aMobile()},form`,
    });
    expect(noHeader.statusCode).toBe(400);
  });
});
