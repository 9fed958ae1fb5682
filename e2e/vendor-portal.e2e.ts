// [I16-vendor] A seller's staff member runs their shop from the back office, in a real Chromium on a phone
// (390×844) against the real server in sandbox mode (ORDER_REVIEW=auto: orders are approved at once):
// 1. the vendor, added by the CLI for Saltline Surf Co., signs in with a code and adds a passkey; a shopper
//    buys one Saltline item with another seller's item, and another seller's item alone; the vendor is
//    texted a link to the first order, sees it with only Saltline's line and the delivery address, never
//    the second (404 by address too), and marks it shipped;
// 2. the vendor changes a product's price and the storefront shows the new price;
// 3. a shopper sends a Saltline gift card; the vendor looks it up and redeems part of it in store;
// 4. the shopper spends the rest of the card at checkout (the Visa pays the rest);
// 5. the server's clock passes Monday 11:59:59.999 (POST /dev/clock), the statement job makes the week's
//    statement, and the vendor opens it and downloads it as CSV and PDF.
//
// The server runs on a test clock that starts on a Monday at 10:00 in Sydney (quiet hours never hold the
// gift card), on its own data directory: the CLI seeds the demo shop and adds the vendor first.
import { readFileSync, rmSync } from 'node:fs';
import type { AdminOrder } from '@quokka/contract/api/admin';
import type { Product, ProductTile } from '@quokka/contract/api/catalog';
import { dayDate } from '@quokka/contract/calendar-dates';
import { MSG } from '@quokka/contract/messages';
import { utcToZonedWallTime, zonedWallTimeToUtc } from '@quokka/contract/timezones';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.ts';
import { startServer } from './support/server.ts';
import { elementsPastRightEdge, ShopJourney, seededDataDir } from './support/shop-journey.ts';
import { API, newMobile } from './support/sign-in.ts';

const VENDOR_SELLER = 'saltline-surf-co';
const vendor = { mobile: newMobile(), name: 'Sam Saltline' };
const SYDNEY = 'Australia/Sydney';

/** The next Monday at 10:00 in Sydney, at least a day away from now. */
function nextMondayTen(now: Date): Date {
  for (let day = 1; day <= 8; day += 1) {
    const date = utcToZonedWallTime(new Date(now.getTime() + day * 86_400_000), SYDNEY).slice(0, 10);
    const at = zonedWallTimeToUtc(`${date} 10:00:00`, SYDNEY);
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 1) return at;
  }
  throw new Error('no Monday in the next 8 days');
}

describe('[I16-vendor] the vendor portal in Chromium: scoped orders, shipping, prices, gift cards, statements', () => {
  let journey: ShopJourney;
  let dataDir: string;
  let browser: Browser;
  let staffContext: BrowserContext;
  let staff: Page;
  let shopper: Page;
  let clockStart: Date;
  const member = newMobile();
  let ours: ProductTile;
  let theirs: ProductTile;
  let ourOrder: { incrementId: string; id: number };
  let otherOrder: { incrementId: string; id: number };
  /** The Saltline gift card redeemed in part in store (step 3), spent online in step 4. */
  let cardNumber = '';

  async function staffJson<T>(path: string): Promise<{ status: number; body: T }> {
    return staff.evaluate(async (url) => {
      const reply = await fetch(url);
      return { status: reply.status, body: await reply.json().catch(() => null) };
    }, path);
  }

  beforeAll(async () => {
    // @ts-expect-error: a plain .mjs module shared with `npm start`
    const { ensureAdminBuild } = await import('../scripts/build-admin.mjs');
    ensureAdminBuild({ quiet: true });
    dataDir = await seededDataDir('quokka-e2e-vendor-');
    const setup = new ShopJourney({ baseURL: '', dataDir, stop: async () => {} }, dataDir);
    await setup.cli([
      ...['staff', 'add', '--mobile', vendor.mobile.national, '--name', vendor.name],
      ...['--role', 'vendor', '--seller', VENDOR_SELLER],
    ]);
    clockStart = nextMondayTen(new Date());
    const server = await startServer({
      DATA_DIR: dataDir,
      ORDER_REVIEW: 'auto',
      SEED_DEMO: '0',
      TEST_CLOCK: clockStart.toISOString(),
    });
    const clockAt = Date.now();
    journey = new ShopJourney(server, dataDir);
    const origin = server.baseURL.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();
    staffContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      baseURL: origin,
      locale: 'en-AU',
      timezoneId: SYDNEY,
      acceptDownloads: true,
    });
    staff = await staffContext.newPage();
    const cdp = await staffContext.newCDPSession(staff);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    const shopperContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      baseURL: server.baseURL,
      locale: 'en-AU',
      timezoneId: SYDNEY,
    });
    await shopperContext.clock.install({ time: new Date(clockStart.getTime() + (Date.now() - clockAt)) });
    shopper = await shopperContext.newPage();
    await journey.registerShopper(member, 'Nell', 'Acacia');
    await shopper.goto(await journey.signInPath(member));
    await shopper.waitForURL('**/browse');
    await shopper.waitForFunction(() => localStorage.getItem('is_signed_in') === 'true');

    const tiles: ProductTile[] = [];
    for (let page = 1; page <= 50; page += 1) {
      const { data } = await journey.getJson<{ data: ProductTile[] }>(`${API}/browseProducts?page=${page}`);
      tiles.push(...data.filter((tile) => tile.type_id === 'simple' && !tile.is_giftcard && tile.qty >= 10));
      if (data.length === 0) break;
    }
    const mine = tiles.find((tile) => tile.seller_url === VENDOR_SELLER);
    const other = tiles.find((tile) => tile.seller_url !== VENDOR_SELLER);
    if (!mine || !other) throw new Error('the demo shop lacks simple products of two sellers');
    ours = mine;
    theirs = other;
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await journey?.server.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('(1) signs in, is texted the new order, sees only their order and line, and ships it', async () => {
    await staff.goto('/admin/orders');
    await staff.getByLabel('Mobile number').fill(vendor.mobile.national);
    await staff.getByRole('button', { name: 'Text me a code' }).click();
    await expect.poll(() => staff.getByLabel('Code').isVisible()).toBe(true);
    await staff.getByLabel('Code').fill(await journey.latestCode(vendor.mobile.e164));
    await staff.getByRole('button', { name: 'Continue' }).click();
    await staff.getByRole('button', { name: 'Add a passkey' }).click();
    await staff.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();

    await journey.fillCart(shopper, [ours, theirs]);
    const first = await journey.payWithVisa(shopper);
    await journey.fillCart(shopper, [theirs]);
    const second = await journey.payWithVisa(shopper);
    // The vendor's staff are texted a link to the approved order (and nothing about the other one).
    const texts = await journey.messagesTo(vendor.mobile.e164, 2, 'sms');
    const link = texts.map((text) => text.body.match(/\/admin\/orders\/(\d+)/)?.[1]).find(Boolean);
    expect(link, texts.map((text) => text.body).join('\n')).toBeDefined();
    ourOrder = { incrementId: first, id: Number(link) };
    // The other order was the next one placed in this shop.
    otherOrder = { incrementId: second, id: ourOrder.id + 1 };
    expect(texts.some((text) => text.body.includes(first))).toBe(true);
    expect(texts.some((text) => text.body.includes(second))).toBe(false);

    await staff.reload();
    await staff.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await staff.getByRole('link', { name: `#${ourOrder.incrementId}` }).waitFor();
    expect(await staff.getByRole('link', { name: `#${otherOrder.incrementId}` }).count()).toBe(0);
    expect((await staffJson(`/admin/api/orders/${otherOrder.id}`)).status).toBe(404);
    await screenshot(staff, 'vendor-orders-phone');

    await staff.getByRole('link', { name: `#${ourOrder.incrementId}` }).click();
    await staff.getByRole('heading', { level: 1, name: `Order #${ourOrder.incrementId}` }).waitFor();
    const main = staff.locator('main');
    await main.getByText(ours.name).first().waitFor();
    expect(await main.textContent()).not.toContain(theirs.name);
    expect(await main.textContent()).toContain('5 Ocean St');
    await screenshot(staff, 'vendor-order-phone');

    await staff
      .getByRole('button', { name: /^Mark as shipped/ })
      .first()
      .click();
    const dialog = staff.getByRole('dialog', { name: /as shipped$/ });
    await dialog.getByLabel('Carrier', { exact: true }).selectOption('Australia Post');
    await dialog.getByLabel('Tracking number').fill('JD014600003123456');
    await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(
        async () => (await staffJson<AdminOrder>(`/admin/api/orders/${ourOrder.id}`)).body.shipments.length,
      )
      .toBe(1);
  });

  it('(2) changes a price, and the storefront shows it', async () => {
    const before = await journey.getJson<Product>(`${API}/product?product_id=${ours.id}`);
    const newPrice = (Math.round(Number(before.price) * 100) + 500) / 100;
    await staff.getByRole('link', { name: 'Products', exact: true }).click();
    await staff.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await staff.getByLabel('Search products').fill(ours.name);
    await staff.getByRole('button', { name: 'Search', exact: true }).click();
    await staff.getByRole('link', { name: ours.name }).first().click();
    await staff.getByRole('heading', { level: 1, name: ours.name }).waitFor();
    await screenshot(staff, 'vendor-product-phone');
    await staff.setViewportSize({ width: 320, height: 568 });
    await screenshot(staff, 'vendor-product-small-phone');
    expect(await elementsPastRightEdge(staff, 320), 'the product page at 320×568').toEqual([]);
    await staff.setViewportSize({ width: 390, height: 844 });
    await staff.getByLabel(`Price of ${ours.sku}`).fill(newPrice.toFixed(2));
    // [I34-variants] One Save for the table, then the check of each changed row.
    await staff.getByRole('button', { name: 'Save changes' }).click();
    await staff
      .getByRole('dialog', { name: 'Save 1 variant?' })
      .getByRole('button', { name: 'Save 1 variant' })
      .click();
    await staff.getByText('Saved 1 variant.').waitFor();
    await expect
      .poll(
        async () => Number((await journey.getJson<Product>(`${API}/product?product_id=${ours.id}`)).price),
        {
          timeout: 2_000,
        },
      )
      .toBe(newPrice);
    await shopper.goto(`/product/${ours.id}`);
    await shopper
      .getByText(`$${newPrice.toFixed(2)}`)
      .first()
      .waitFor();
  });

  it('(3) redeems part of a gift card of their seller in store', async () => {
    let giftCard: Product | undefined;
    for (let page = 1; !giftCard && page <= 50; page += 1) {
      const { data } = await journey.getJson<{ data: ProductTile[] }>(`${API}/browseProducts?page=${page}`);
      const tile = data.find((entry) => entry.is_giftcard && entry.seller_url === VENDOR_SELLER);
      if (tile) giftCard = await journey.getJson<Product>(`${API}/product?product_id=${tile.id}`);
      if (data.length === 0) break;
    }
    if (!giftCard) throw new Error(`the demo shop has no gift card of ${VENDOR_SELLER}`);
    const amount = giftCard.configurable_options.gift_card_price?.options.find((option) =>
      option.default_title.includes('50'),
    );
    if (!amount) throw new Error('the gift card has no $50 amount');
    const recipient = newMobile();
    await shopper.goto(`/product/${giftCard.id}`);
    await shopper.getByRole('heading', { level: 1, name: giftCard.name, exact: true }).waitFor();
    await shopper.locator('.pdp__options select').selectOption({ label: amount.default_title });
    await shopper.getByRole('button', { name: MSG.buyNow, exact: true }).click();
    await shopper.getByRole('heading', { level: 1, name: MSG.giftCardRecipientHeading }).waitFor();
    await shopper.getByLabel(MSG.giftFirstnameLabel).fill('Ava');
    await shopper.getByLabel(MSG.giftLastnameLabel).fill('Nguyen');
    await shopper.getByLabel(MSG.giftMobileLabel).fill(recipient.national);
    await shopper.getByLabel(MSG.giftMessageLabel).fill('Happy birthday!');
    await shopper.getByRole('button', { name: MSG.submit }).click();
    await shopper.waitForURL(/\/giftcard\/sendnoworschedule\/\d+$/);
    cardNumber = ((await shopper.getByTestId('gift-card-no').textContent()) ?? '').replace(/\D/g, '');
    await shopper.getByRole('button', { name: MSG.sendNow, exact: true }).click();
    await shopper.waitForURL(/\/giftcard\/mmstemplates\/\d+$/);
    await shopper.getByRole('button', { name: MSG.select }).first().click();
    await journey.payWithVisa(shopper);
    const [mms] = await journey.messagesTo(recipient.e164, 1, 'mms');
    expect(mms?.body).toContain('Saltline Surf Co.');

    await staff.getByRole('link', { name: 'Gift cards', exact: true }).click();
    await staff.getByRole('heading', { level: 1, name: 'Redeem a gift card' }).waitFor();
    await staff.getByLabel('Gift card number').fill(cardNumber);
    await staff.getByRole('button', { name: 'Look up', exact: true }).click();
    const card = staff.getByRole('article', { name: /^Gift card / });
    await card.getByText('$50.00').first().waitFor();
    await card.getByRole('radio', { name: 'Part' }).check();
    await card.getByLabel('Amount ($)').fill('12.50');
    await card.getByRole('button', { name: 'Redeem', exact: true }).click();
    const done = staff.getByRole('status').filter({ hasText: 'New balance' });
    await done.waitFor();
    expect(await done.textContent()).toContain('$12.50');
    expect(await done.textContent()).toContain('$37.50');
    await screenshot(staff, 'vendor-redeem-phone');
    await staff.setViewportSize({ width: 320, height: 568 });
    expect(await elementsPastRightEdge(staff, 320), 'the redemption at 320×568').toEqual([]);
    await staff.setViewportSize({ width: 390, height: 844 });
  });

  it('(4) the shopper spends the rest of the card online on Saltline items; the card pays its part', async () => {
    const price = Number((await journey.getJson<Product>(`${API}/product?product_id=${ours.id}`)).price);
    // Two of the Saltline product: more than the $37.50 left on the card, so the Visa pays the rest.
    await journey.fillCart(shopper, [ours, ours]);
    await journey.openCheckout(shopper);
    const apply = shopper.getByRole('region', { name: 'Apply gift card' });
    await apply.getByLabel('Gift card number').fill(cardNumber);
    await apply.getByRole('button', { name: 'Apply', exact: true }).click();
    await shopper.getByTestId('checkout-gift-card').waitFor();
    expect(await shopper.getByTestId('checkout-gift-card').textContent()).toContain('37.50');
    await screenshot(shopper, 'checkout-gift-card-applied');
    const toPay = (await shopper.getByTestId('checkout-to-pay').textContent()) ?? '';
    const linesCents = Math.round(price * 100) * 2;
    expect(linesCents).toBeGreaterThan(3750);
    const incrementId = await journey.payWithVisa(shopper, { open: false });
    // The vendor's new-order text links the order; the back office has the card's part and the Visa's.
    const texts = await journey.messagesTo(vendor.mobile.e164, 3, 'sms');
    const text = texts.find((message) => message.body.includes(incrementId));
    const orderId = Number(text?.body.match(/\/admin\/orders\/(\d+)/)?.[1]);
    // The vendor's view of the order has their own lines' money only (two caps), nothing of the card's.
    const order = (await staffJson<AdminOrder>(`/admin/api/orders/${orderId}`)).body;
    expect(order).toMatchObject({ grand_total_cents: linesCents, gift_card_cents: 0, captured_cents: 0 });
    // The shopper's order page: the card paid $37.50, the Visa the rest (what the checkout said to pay).
    await shopper.goto(`/account/order/${orderId}`);
    const paidByCard = shopper.getByText('Paid by gift card', { exact: true });
    await paidByCard.waitFor();
    expect(await paidByCard.evaluate((term) => term.nextElementSibling?.textContent)).toBe('−$37.50');
    const charged = shopper.getByText(MSG.totalCharged, { exact: true });
    expect(await charged.evaluate((term) => term.nextElementSibling?.textContent)).toBe(
      toPay.match(/\$\d+\.\d{2}/)?.[0],
    );

    // The card is used up: the vendor's look-up shows $0.00 left.
    await staff.getByRole('link', { name: 'Gift cards', exact: true }).click();
    await staff.getByRole('heading', { level: 1, name: 'Redeem a gift card' }).waitFor();
    await staff.getByLabel('Gift card number').fill(cardNumber);
    await staff.getByRole('button', { name: 'Look up', exact: true }).click();
    const card = staff.getByRole('article', { name: /^Gift card / });
    await card.getByText('Balance', { exact: true }).waitFor();
    await expect.poll(async () => (await card.textContent()) ?? '').toContain('$0.00');
  });

  it('(5) after the Monday cut-off, opens the week’s statement and downloads it as CSV and PDF', async () => {
    // From Monday 10:00 (and the minutes this journey took) to 12:01:10: the week has ended and the job's
    // minute of settling (STATEMENT_SETTLE_MS) has passed. Moving the clock wakes the worker, so the job runs at once.
    const cutOff = zonedWallTimeToUtc(
      `${utcToZonedWallTime(clockStart, SYDNEY).slice(0, 10)} 12:01:10`,
      SYDNEY,
    );
    const serverNow = await journey.advanceClock(1);
    if (serverNow < cutOff) await journey.advanceClock(cutOff.getTime() - serverNow.getTime());

    // Two hours on, the back-office session has ended (30 minutes idle): the vendor signs in again with
    // the passkey alone, on the statements page.
    await staff.goto('/admin/statements');
    await staff.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await staff.getByRole('heading', { level: 1, name: 'Statements' }).waitFor();
    const weekEnding = dayDate(utcToZonedWallTime(clockStart, SYDNEY).slice(0, 10));
    // The list shows the statement once the job has made it.
    const row = staff.getByRole('link', { name: weekEnding, exact: true });
    await expect
      .poll(
        async () => {
          await staff.reload();
          await staff.getByRole('heading', { level: 1, name: 'Statements' }).waitFor();
          return row.count();
        },
        { timeout: 90_000, interval: 3_000 },
      )
      .toBeGreaterThan(0);
    await screenshot(staff, 'vendor-statements-phone');
    await row.click();
    await staff.getByRole('heading', { level: 1, name: `Statement: week ending ${weekEnding}` }).waitFor();
    const text = (await staff.locator('main').textContent()) ?? '';
    expect(text).toContain(ourOrder.incrementId);
    expect(text).not.toContain(otherOrder.incrementId);
    await screenshot(staff, 'vendor-statement-phone');
    await staff.setViewportSize({ width: 320, height: 568 });
    expect(await elementsPastRightEdge(staff, 320), 'the statement at 320×568').toEqual([]);
    await staff.setViewportSize({ width: 390, height: 844 });

    const csvDownload = staff.waitForEvent('download');
    await staff.getByRole('link', { name: /Download CSV/ }).click();
    const csv = readFileSync((await (await csvDownload).path()) ?? '', 'utf8');
    expect(csv).toContain(ourOrder.incrementId);
    const pdfDownload = staff.waitForEvent('download');
    await staff.getByRole('link', { name: /Download PDF/ }).click();
    const pdf = readFileSync((await (await pdfDownload).path()) ?? '');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
