// [I32] A seller runs their own shop from a phone, in a real Chromium against the real server in sandbox
// mode (PRODUCT_REVIEW=manual, ORDER_REVIEW=auto):
// 1. someone applies at /sell (from the footer) on a 390×844 phone, proving their mobile with a code;
// 2. an operator (made by the CLI, the only one it makes) approves the application on a 1280-wide desktop;
// 3. the applicant opens the invite text's link, adds a passkey and fills the profile (a logo from files);
// 4. they add a product in two colours with photos from the file picker: it waits, hidden from shoppers;
// 5. the operator approves it; a shopper buys it (red) on the product page;
// 6. the owner invites a second member of staff, who opens their own invite, adds a passkey and ships it;
// 7. the operator suspends the seller: the product leaves /browse and its category at once; lifting the
//    suspension brings it back.
// The server runs on a test clock at 10:00 in Sydney (texts are never held by quiet hours).
import { rmSync } from 'node:fs';
import type { AdminOrder } from '@quokka/contract/api/admin';
import type { ProductTile } from '@quokka/contract/api/catalog';
import { utcToZonedWallTime, zonedWallTimeToUtc } from '@quokka/contract/timezones';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePicture } from '../apps/server/src/modules/media/test-pictures.ts';
import { hydrated, launchBrowser, screenshot } from './support/browser.ts';
import { startServer } from './support/server.ts';
import { elementsPastRightEdge, ShopJourney, seededDataDir } from './support/shop-journey.ts';
import { API, newMobile } from './support/sign-in.ts';

const SYDNEY = 'Australia/Sydney';
const operator = { mobile: newMobile(), name: 'Opal Operator' };
const applicant = { mobile: newMobile(), name: 'Wren Waratah' };
const helper = { mobile: newMobile(), name: 'Kip Kestrel' };
const member = newMobile();
const BUSINESS = 'Waratah Wax Works';
const PRODUCT = 'Beeswax Pillar Candle';

/** Tomorrow at 10:00 in Sydney. */
function tomorrowTen(now: Date): Date {
  const date = utcToZonedWallTime(new Date(now.getTime() + 86_400_000), SYDNEY).slice(0, 10);
  return zonedWallTimeToUtc(`${date} 10:00:00`, SYDNEY);
}

describe('[I32] a seller applies, is approved, lists a product, hires staff, sells, is suspended', () => {
  let journey: ShopJourney;
  let dataDir: string;
  let browser: Browser;
  let seller: Page;
  let desk: Page;
  let shopper: Page;
  let second: Page;
  let sellerUrl = '';
  let productId = 0;
  let categoryId = '';
  let orderNumber = '';

  async function newContext(options: { desktop?: boolean; passkeys?: boolean; origin: string }) {
    const context: BrowserContext = await browser.newContext({
      viewport: options.desktop ? { width: 1280, height: 800 } : { width: 390, height: 844 },
      ...(options.desktop ? {} : { isMobile: true, hasTouch: true }),
      baseURL: options.origin,
      locale: 'en-AU',
      timezoneId: SYDNEY,
    });
    const page = await context.newPage();
    if (options.passkeys) {
      // A platform authenticator with user verification, as a phone's or a laptop's passkey is.
      const cdp = await context.newCDPSession(page);
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
    }
    return page;
  }

  /** The staff API as the page's session sees it. */
  async function staffJson<T>(page: Page, path: string): Promise<{ status: number; body: T }> {
    return page.evaluate(async (url) => {
      const reply = await fetch(url);
      return { status: reply.status, body: await reply.json().catch(() => null) };
    }, path);
  }

  /** The invite link of the newest invite text to a mobile. */
  async function inviteLink(mobile: string, atLeast: number): Promise<string> {
    const texts = await journey.messagesTo(mobile, atLeast, 'sms');
    const link = texts.map((text) => text.body.match(/\/admin\/invite\/[A-Za-z0-9_-]+/)?.[0]).find(Boolean);
    if (!link) throw new Error(`no invite text to ${mobile}: ${texts.map((t) => t.body).join(' | ')}`);
    return link;
  }

  /** Every listed tile of /browse and of a category (their ids). */
  async function listedIds(path: string): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; page <= 60; page += 1) {
      const { data } = await journey.getJson<{ data: ProductTile[] }>(
        `${API}/${path}${path.includes('?') ? '&' : '?'}page=${page}`,
      );
      ids.push(...data.map((tile) => tile.id));
      if (data.length === 0) break;
    }
    return ids;
  }

  beforeAll(async () => {
    // @ts-expect-error: a plain .mjs module shared with `npm start`
    const { ensureAdminBuild } = await import('../scripts/build-admin.mjs');
    ensureAdminBuild({ quiet: true });
    dataDir = await seededDataDir('quokka-e2e-sellers-');
    const setup = new ShopJourney({ baseURL: '', dataDir, stop: async () => {} }, dataDir);
    await setup.cli([
      ...['staff', 'add', '--mobile', operator.mobile.national, '--name', operator.name],
      ...['--role', 'operator'],
    ]);
    const clockStart = tomorrowTen(new Date());
    const server = await startServer({
      DATA_DIR: dataDir,
      ORDER_REVIEW: 'auto',
      PRODUCT_REVIEW: 'manual',
      SEED_DEMO: '0',
      TEST_CLOCK: clockStart.toISOString(),
    });
    journey = new ShopJourney(server, dataDir);
    const origin = server.baseURL.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();
    seller = await newContext({ passkeys: true, origin });
    desk = await newContext({ desktop: true, passkeys: true, origin });
    second = await newContext({ passkeys: true, origin });
    shopper = await newContext({ origin: server.baseURL });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await journey?.server.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('(1) applies at /sell from the footer, proving the mobile with a code', async () => {
    await seller.goto('/browse');
    // The footer's link is followed by the app once it has hydrated the server-rendered page.
    await hydrated(seller);
    await seller.getByRole('link', { name: 'Sell with us' }).click();
    await seller.getByRole('heading', { level: 1, name: 'Sell with us' }).waitFor();
    await seller.getByLabel('Business name').fill(BUSINESS);
    await seller.getByLabel('ABN').fill('51 824 753 556');
    await seller.getByLabel('Contact name').fill(applicant.name);
    await seller.getByLabel('Mobile').fill(applicant.mobile.national);
    await seller.getByLabel('Email').fill('wren@waratahwax.example');
    await seller.getByLabel('What you sell').fill('Hand-poured beeswax candles from the Blue Mountains.');
    await seller.getByLabel('Website or social link').fill('https://instagram.com/waratahwax');
    await seller.getByRole('button', { name: 'Send code' }).click();
    await seller.getByLabel('Code').fill(await journey.latestCode(applicant.mobile.e164));
    await seller.getByRole('button', { name: 'Confirm' }).click();
    await seller.getByLabel('I accept the vendor terms').check();
    await screenshot(seller, 'sell-with-us-phone');
    await seller.setViewportSize({ width: 320, height: 568 });
    await screenshot(seller, 'sell-with-us-small-phone');
    expect(await elementsPastRightEdge(seller, 320), '/sell at 320×568').toEqual([]);
    await seller.setViewportSize({ width: 390, height: 844 });
    await seller.getByRole('button', { name: 'Apply to sell' }).click();
    await seller.getByRole('heading', { name: 'Application sent' }).waitFor();
    await screenshot(seller, 'sell-with-us-sent-phone');
  });

  it('(2) an operator approves it on a desktop; the applicant is texted an invite', async () => {
    await desk.goto('/admin/sellers/applications');
    await desk.getByLabel('Mobile number').fill(operator.mobile.national);
    await desk.getByRole('button', { name: 'Text me a code' }).click();
    await expect.poll(() => desk.getByLabel('Code').isVisible()).toBe(true);
    await desk.getByLabel('Code').fill(await journey.latestCode(operator.mobile.e164));
    await desk.getByRole('button', { name: 'Continue' }).click();
    await desk.getByRole('button', { name: 'Add a passkey' }).click();
    await desk.getByRole('heading', { level: 1, name: 'Applications' }).waitFor();
    await desk.getByText(BUSINESS).first().waitFor();
    await screenshot(desk, 'sellers-applications-desktop');
    await desk.getByRole('button', { name: 'Approve' }).first().click();
    await expect
      .poll(async () => (await journey.messagesTo(applicant.mobile.e164, 3, 'sms')).length)
      .toBeGreaterThanOrEqual(3);
    const texts = (await journey.messagesTo(applicant.mobile.e164, 3, 'sms')).map((text) => text.body);
    expect(texts.some((body) => body.includes('approved'))).toBe(true);
    const sellers = await staffJson<{ items: { name: string; seller_url: string }[] }>(
      desk,
      '/admin/api/sellers',
    );
    const made = sellers.body.items.find((item) => item.name === BUSINESS);
    expect(made).toBeDefined();
    sellerUrl = made?.seller_url ?? '';
  });

  it('(3) the applicant opens the invite, adds a passkey and fills the profile', async () => {
    await seller.goto(await inviteLink(applicant.mobile.e164, 3));
    await seller.getByRole('button', { name: 'Open the back office' }).waitFor();
    await screenshot(seller, 'staff-invite-phone');
    await seller.getByRole('button', { name: 'Open the back office' }).click();
    await seller.getByRole('button', { name: 'Add a passkey' }).click();
    // [I34] A seller's staff start on their Home screen.
    await seller.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    // Single use: the same link again does not sign anyone in.
    const again = await seller.evaluate(
      async (token) => {
        const csrf = ((await (await fetch('/admin/api/me')).json()) as { csrf_token: string }).csrf_token;
        const reply = await fetch('/admin/api/invites/accept', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
          body: JSON.stringify({ token }),
        });
        return reply.status;
      },
      (await inviteLink(applicant.mobile.e164, 3)).split('/').pop() ?? '',
    );
    expect(again).toBe(400);

    await seller.getByRole('link', { name: 'Profile', exact: true }).click();
    await seller.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await seller.getByLabel('Description').fill('Small-batch beeswax candles, poured by hand in Katoomba.');
    await seller.getByLabel('Shipping info').fill('Posted within 2 business days from Katoomba NSW.');
    await seller.getByLabel('Logo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await makePicture('png', { width: 400, height: 400, hue: '#b8860b' }),
    });
    await seller.getByRole('button', { name: 'Save profile' }).click();
    await expect
      .poll(async () => {
        const info = await journey.getJson<{ seller: { description: string } }>(
          `${API}/sellerInformation?seller_url=${sellerUrl}`,
        );
        return info.seller.description;
      })
      .toContain('Katoomba');
    await screenshot(seller, 'seller-profile-phone');
  });

  it('(4) adds a product in two colours with photos from the file picker; it waits for approval', async () => {
    await seller.getByRole('link', { name: 'Products', exact: true }).click();
    await seller.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await seller.getByRole('link', { name: 'Add product' }).click();
    await seller.getByRole('heading', { level: 1, name: 'Add product' }).waitFor();
    await seller.getByLabel('Name', { exact: true }).fill(PRODUCT);
    await seller
      .getByLabel('Description')
      .fill('A 15 cm pillar of pure Australian beeswax; burns for 60 hours.');
    const category = seller.getByLabel('Category');
    // The categories arrive after the form: wait for one before reading the list.
    await category.locator('option:not([value=""])').first().waitFor({ state: 'attached' });
    const options = await category
      .locator('option')
      .evaluateAll((nodes) =>
        nodes.map((node) => ({ value: (node as HTMLOptionElement).value, label: node.textContent ?? '' })),
      );
    const chosen = options.find((option) => option.value !== '');
    if (!chosen) throw new Error('no category to choose');
    categoryId = chosen.value;
    await category.selectOption(chosen.value);
    for (const colour of ['Red', 'Natural']) {
      await seller.getByLabel('Colours', { exact: true }).fill(colour);
      await seller.getByLabel('Colours', { exact: true }).press('Enter');
    }
    await seller.getByLabel('Price for Red').fill('34.00');
    await seller.getByLabel('Stock for Red').fill('5');
    await seller.getByLabel('Price for Natural').fill('32.00');
    await seller.getByLabel('Stock for Natural').fill('7');
    await seller.getByLabel('Choose photos').setInputFiles([
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await makePicture('jpeg', { hue: '#8b4513' }) },
      { name: 'side.jpg', mimeType: 'image/jpeg', buffer: await makePicture('jpeg', { hue: '#cd853f' }) },
    ]);
    await seller.getByLabel('Picture for Red').setInputFiles({
      name: 'red.jpg',
      mimeType: 'image/jpeg',
      buffer: await makePicture('jpeg', { hue: '#b22222' }),
    });
    await seller.getByLabel('Picture for Natural').setInputFiles({
      name: 'natural.jpg',
      mimeType: 'image/jpeg',
      buffer: await makePicture('jpeg', { hue: '#f5deb3' }),
    });
    await screenshot(seller, 'add-product-phone');
    await seller.setViewportSize({ width: 320, height: 568 });
    await screenshot(seller, 'add-product-small-phone');
    expect(await elementsPastRightEdge(seller, 320), 'Add product at 320×568').toEqual([]);
    await seller.setViewportSize({ width: 390, height: 844 });
    await seller.getByRole('button', { name: 'Add product' }).click();
    await seller.waitForURL(/\/admin\/products\/\d+$/, { timeout: 30_000 });
    productId = Number(new URL(seller.url()).pathname.split('/').pop());
    await seller
      .getByText(/waiting for approval/i)
      .first()
      .waitFor();
    await screenshot(seller, 'product-waiting-phone');
    expect(await listedIds('browseProducts')).not.toContain(productId);
  });

  it('(5) the operator approves it; a shopper buys it in red', async () => {
    await desk.getByRole('link', { name: 'Products', exact: true }).click();
    await desk.getByRole('link', { name: /Waiting for approval/ }).click();
    await desk.getByRole('heading', { level: 1, name: 'Waiting for approval' }).waitFor();
    await desk.getByText(PRODUCT).first().waitFor();
    await screenshot(desk, 'products-review-desktop');
    await desk.getByRole('button', { name: 'Approve' }).first().click();
    await expect.poll(async () => (await listedIds('browseProducts')).includes(productId)).toBe(true);

    await journey.registerShopper(member, 'Nell', 'Acacia');
    await shopper.goto(await journey.signInPath(member));
    await shopper.waitForURL('**/browse');
    await shopper.waitForFunction(() => localStorage.getItem('is_signed_in') === 'true');
    await shopper.goto(`/product/${productId}`);
    await shopper.getByRole('heading', { level: 1, name: PRODUCT }).waitFor();
    await shopper
      .getByRole('group', { name: /^Colou?r/ })
      .getByRole('button', { name: 'Red', exact: true })
      .click();
    await shopper.getByRole('button', { name: 'Add to Cart' }).click();
    await expect
      .poll(() => shopper.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]').length))
      .toBe(1);
    orderNumber = await journey.payWithVisa(shopper);
    expect(orderNumber).toMatch(/^\d+$/);
  });

  it('(6) the owner invites a second member of staff, who ships the order', async () => {
    await seller.getByRole('link', { name: 'Staff', exact: true }).click();
    await seller.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
    await seller.getByLabel('Name').fill(helper.name);
    await seller.getByLabel('Mobile').fill(helper.mobile.national);
    await seller.getByRole('button', { name: 'Add and text invite' }).click();
    await seller.getByText(helper.name).first().waitFor();
    await screenshot(seller, 'staff-phone');

    await second.goto(await inviteLink(helper.mobile.e164, 1));
    await second.getByRole('button', { name: 'Open the back office' }).click();
    await second.getByRole('button', { name: 'Add a passkey' }).click();
    await second.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
    await second.goto('/admin/orders');
    await second.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await second.getByRole('link', { name: `#${orderNumber}` }).click();
    await second.getByRole('heading', { level: 1, name: `Order #${orderNumber}` }).waitFor();
    await second
      .getByRole('button', { name: /^Mark as shipped/ })
      .first()
      .click();
    const dialog = second.getByRole('dialog', { name: /as shipped$/ });
    await dialog.getByLabel('Carrier', { exact: true }).selectOption('Australia Post');
    await dialog.getByLabel('Tracking number').fill('JD014600003654321');
    await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
    await dialog.waitFor({ state: 'detached' });
    const orderId = Number(new URL(second.url()).pathname.split('/').pop());
    await expect
      .poll(
        async () =>
          (await staffJson<AdminOrder>(second, `/admin/api/orders/${orderId}`)).body.shipments.length,
      )
      .toBe(1);
    // The shopper is texted the shipment with its tracking number.
    await expect
      .poll(async () =>
        (await journey.messagesTo(member.e164, 1, 'sms')).some((text) =>
          text.body.includes('JD014600003654321'),
        ),
      )
      .toBe(true);
  });

  it('(7) the operator suspends the seller: the product leaves /browse and its category at once; lifting brings it back', async () => {
    await desk.getByRole('link', { name: 'Sellers', exact: true }).click();
    await desk.getByRole('heading', { level: 1, name: 'Sellers' }).waitFor();
    const row = desk.getByRole('listitem', { name: BUSINESS });
    await row.getByRole('button', { name: 'Suspend' }).click();
    await desk.getByLabel('Reason').fill('Unpaid subscription since October.');
    await desk.getByRole('button', { name: 'Suspend seller' }).click();
    await row.getByRole('button', { name: 'Lift suspension' }).waitFor();
    await screenshot(desk, 'sellers-suspended-desktop');
    // At once: the next read of either list leaves it out (no wait).
    expect(await listedIds('browseProducts')).not.toContain(productId);
    expect(await listedIds(`categoryProducts?category_id=${categoryId}`)).not.toContain(productId);
    await shopper.goto(`/sellerprofile/${sellerUrl}`);
    await shopper.getByText(`${BUSINESS} is not selling at the moment.`).waitFor();
    await screenshot(shopper, 'seller-not-selling-phone');

    await row.getByRole('button', { name: 'Lift suspension' }).click();
    await row.getByRole('button', { name: 'Suspend' }).waitFor();
    expect(await listedIds('browseProducts')).toContain(productId);
    expect(await listedIds(`categoryProducts?category_id=${categoryId}`)).toContain(productId);
  });
});
