// [I15-admin] The back office in a real Chromium against the real server in sandbox mode, under manual
// review (ORDER_REVIEW=manual):
// 1. an operator made by the CLI signs in with a code (read from the sandbox outbox), adds a passkey
//    (Chromium's virtual authenticator, over the DevTools protocol), signs out, and signs in again with
//    the passkey alone; each step is in the audit log;
// 2. a shopper buys two products in the storefront; the operator finds the order by the shopper's mobile,
//    approves it (the sandbox payment is captured), marks it shipped with a tracking number (the shopper's
//    text is in the outbox), refunds one line with restock (the text, the refund at the provider, the stock
//    back), and sees each step on the timeline and in the audit log;
// 3. a refused order releases its payment and returns its stock;
// 4. a gift card sent to a number that cannot take it (the sandbox's failing number) shows as failed, and
//    'Resend' to a corrected number delivers it once.
//
// The CLI writes to the embedded database, which one process opens at a time, so this journey runs its own
// server: the account is made first, then the server starts on that data directory. The staff page is
// opened on `localhost` (not 127.0.0.1): without PUBLIC_URL the relying party is http://localhost:PORT, and
// a passkey is bound to it.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { AdminOrder } from '@quokka/contract/api/admin';
import type { Product, ProductTile } from '@quokka/contract/api/catalog';
import { MSG } from '@quokka/contract/messages';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextSydneyNoon } from './global-setup.ts';
import { launchBrowser, screenshot } from './support/browser.ts';
import { putInCart } from './support/cart.ts';
import { outboxPassedAgain } from './support/jobs.ts';
import { ROOT, type RunningServer, startServer } from './support/server.ts';
import { elementsPastRightEdge } from './support/shop-journey.ts';
import { API, newMobile, signInLink, type TestMobile } from './support/sign-in.ts';

const run = promisify(execFile);

interface OutboxMessage {
  id: number;
  to: string;
  kind: 'sms' | 'mms';
  body: string;
  status?: string;
}

const operator = { mobile: newMobile(), name: 'Jo Operator' };
/** ACMA's fiction range: the sandbox reports a message to it as undelivered (docs/webhooks.md). */
const FAILING_MOBILE = { national: '0491 570 110', e164: '+61491570110' };

describe('[I15-admin] the back office in Chromium: sign-in, review, shipping, refunds, gift cards', () => {
  let server: RunningServer;
  let dataDir: string;
  let browser: Browser;
  let staffContext: BrowserContext;
  let staff: Page;
  let shopperContext: BrowserContext;
  let shopper: Page;
  let origin: string;
  const member = newMobile();
  let products: ProductTile[];

  const cliEnv = () => ({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' });

  async function getJson<T>(path: string): Promise<T> {
    const reply = await fetch(`${server.baseURL}${path}`);
    if (!reply.ok) throw new Error(`${path} answered ${reply.status}`);
    return (await reply.json()) as T;
  }

  async function outbox(): Promise<OutboxMessage[]> {
    return getJson<OutboxMessage[]>('/dev/messages.json');
  }

  /** The texts and picture messages to a number, waiting up to 15 s for at least `atLeast`. */
  async function messagesTo(mobile: string, atLeast: number, kind?: 'sms' | 'mms'): Promise<OutboxMessage[]> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = (await outbox()).filter((m) => m.to === mobile && (!kind || m.kind === kind));
      if (found.length >= atLeast || Date.now() > deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }

  /** The newest code texted to the operator. */
  async function latestCode(): Promise<string> {
    const [message] = await messagesTo(operator.mobile.e164, 1, 'sms');
    const code = message?.body.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code was texted to ${operator.mobile.e164}`);
    return code;
  }

  /** A sign-in link for the member, as the operator's CLI makes it, on this journey's data directory. */
  async function signInPath(mobile: TestMobile): Promise<string> {
    return signInLink(mobile.national, {}, dataDir);
  }

  async function registerShopper(mobile: TestMobile, firstname: string, lastname: string): Promise<void> {
    const jwt = decodeURIComponent((await signInPath(mobile)).replace('/autologin/', ''));
    const address = {
      firstname,
      lastname,
      telephone: mobile.e164,
      street: ['5 Ocean St'],
      city: 'Bondi',
      postcode: '2026',
      region: { region: 'New South Wales', region_code: 'NSW', region_id: 570 },
      region_id: 570,
      country_id: 'AU',
      default_shipping: true,
      default_billing: true,
    };
    const reply = await fetch(`${server.baseURL}${API}/createAccount`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        customer: {
          email: `${firstname.toLowerCase()}.${mobile.e164.slice(-6)}@example.com`,
          firstname,
          lastname,
          store_id: 19,
          website_id: 1,
          addresses: [address],
        },
        mobile: mobile.e164,
        r_token: 'e2e',
        campaign_id: null,
        jwt,
      }),
    });
    if (!reply.ok) throw new Error(`createAccount answered ${reply.status}: ${await reply.text()}`);
  }

  /** The product's stock as the storefront shows it. */
  async function stockOf(productId: number): Promise<number> {
    return (await getJson<Product>(`${API}/product?product_id=${productId}`)).qty;
  }

  /**
   * Adds one of each product to the shopper's cart as Add To Cart does, through the API (support/cart.ts):
   * this journey is about the order in the back office; the button is the storefront journeys' to test.
   */
  async function fillCart(lines: ProductTile[]): Promise<void> {
    for (const product of lines) await putInCart(shopper, product, { origin: server.baseURL });
  }

  /** Pays the cart at /checkout with the sandbox Visa 4242; returns the order number /success shows. */
  async function payWithVisa(): Promise<string> {
    await shopper.goto('/checkout');
    await shopper.getByRole('button', { name: MSG.confirmPurchase }).waitFor();
    await shopper.getByRole('status').filter({ hasText: MSG.fetchingCart }).waitFor({ state: 'detached' });
    const newCard = shopper.getByRole('radio', { name: MSG.addNewCard });
    if (!(await newCard.isChecked())) await newCard.check();
    await shopper.getByLabel(MSG.cardNumberLabel, { exact: true }).fill('4242 4242 4242 4242');
    await shopper.getByLabel(MSG.cardExpiryLabel).fill('12 / 34');
    await shopper.getByLabel(MSG.cardCvcLabel).fill('123');
    await shopper.getByRole('button', { name: MSG.confirmPurchase }).click();
    await shopper.waitForURL('**/success', { timeout: 20_000 });
    return ((await shopper.getByTestId('order-number').textContent()) ?? '').replace(/\D/g, '');
  }

  /** The back office's order, read with the staff member's session. */
  async function adminOrder(id: number): Promise<AdminOrder> {
    return staff.evaluate(async (orderId) => {
      const reply = await fetch(`/admin/api/orders/${orderId}`);
      return reply.json();
    }, id);
  }

  /** Finds the order by the shopper's mobile and opens it. */
  async function openOrder(incrementId: string): Promise<number> {
    await staff.getByRole('link', { name: 'Orders', exact: true }).click();
    await staff.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await staff.getByLabel('Search').fill(member.national);
    await staff.getByRole('button', { name: 'Search', exact: true }).click();
    await staff.getByRole('link', { name: `#${incrementId}` }).click();
    await staff.getByRole('heading', { level: 1, name: `Order #${incrementId}` }).waitFor();
    return Number(new URL(staff.url()).pathname.split('/').at(-1));
  }

  async function timeline(): Promise<string> {
    return (await staff.locator('section:has(#timeline-h)').textContent()) ?? '';
  }

  beforeAll(async () => {
    // @ts-expect-error: a plain .mjs module shared with `npm start`
    const { ensureAdminBuild } = await import('../scripts/build-admin.mjs');
    ensureAdminBuild({ quiet: true });
    dataDir = mkdtempSync(join(tmpdir(), 'quokka-e2e-admin-'));
    await run(
      process.execPath,
      [
        ...['--import', 'tsx', 'apps/server/src/cli/main.ts', 'staff', 'add'],
        ...['--mobile', operator.mobile.national, '--name', operator.name, '--role', 'operator'],
      ],
      { cwd: ROOT, env: cliEnv() },
    );
    // Noon in Sydney: gift cards are not held back by quiet hours.
    const clockStart = nextSydneyNoon(new Date());
    server = await startServer({
      DATA_DIR: dataDir,
      ORDER_REVIEW: 'manual',
      TEST_CLOCK: clockStart.toISOString(),
    });
    // The server's clock runs on from clockStart; the shopper's browser runs on the same clock, a moment
    // behind (a schedule made in the browser is never in the server's past).
    const clockAt = Date.now();
    origin = server.baseURL.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();
    staffContext = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      baseURL: origin,
      locale: 'en-AU',
      timezoneId: 'Australia/Sydney',
    });
    staff = await staffContext.newPage();
    // A platform authenticator with user verification, as a phone's or a laptop's passkey is.
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
    shopperContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      baseURL: server.baseURL,
      locale: 'en-AU',
      timezoneId: 'Australia/Sydney',
    });
    await shopperContext.clock.install({ time: new Date(clockStart.getTime() + (Date.now() - clockAt)) });
    shopper = await shopperContext.newPage();
    await registerShopper(member, 'Nell', 'Acacia');
    await shopper.goto(await signInPath(member));
    await shopper.waitForURL('**/browse');
    await shopper.waitForFunction(() => localStorage.getItem('is_signed_in') === 'true');
    products = [];
    for (let page = 1; products.length < 2 && page <= 50; page += 1) {
      const { data } = await getJson<{ data: ProductTile[] }>(`${API}/browseProducts?page=${page}`);
      products.push(
        ...data.filter((tile) => tile.type_id === 'simple' && !tile.is_giftcard && tile.qty >= 10),
      );
      if (data.length === 0) break;
    }
    expect(products.length).toBeGreaterThanOrEqual(2);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('(1) code → add a passkey → sign out → sign in with the passkey; each step in the audit log', async () => {
    await staff.goto('/admin/orders');
    await staff.getByLabel('Mobile number').fill(operator.mobile.national);
    await staff.getByRole('button', { name: 'Text me a code' }).click();
    await expect.poll(() => staff.getByLabel('Code').isVisible()).toBe(true);
    await staff.getByLabel('Code').fill(await latestCode());
    await staff.getByRole('button', { name: 'Continue' }).click();

    // A code alone never opens the back office: the first sign-in adds a passkey.
    await staff.getByRole('heading', { name: 'Add a passkey' }).waitFor();
    await staff.setViewportSize({ width: 390, height: 844 });
    await screenshot(staff, 'back-office-add-passkey');
    await staff.setViewportSize({ width: 1280, height: 800 });
    await staff.getByRole('button', { name: 'Add a passkey' }).click();
    await staff.getByRole('heading', { name: 'Orders' }).waitFor();
    expect(await staff.getByRole('banner').textContent()).toContain(operator.name);
    // Still on the address first asked for.
    expect(new URL(staff.url()).pathname).toBe('/admin/orders');

    await staff.getByRole('button', { name: 'Sign out' }).click();
    await staff.getByLabel('Mobile number').waitFor();
    // Signed out on the server too: the cookie no longer opens /me.
    expect(await staff.evaluate(async () => (await fetch('/admin/api/me')).status)).toBe(401);

    await staff.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await staff.getByRole('heading', { name: 'Orders' }).waitFor();

    await staff.getByRole('link', { name: 'Audit log' }).click();
    await staff.getByRole('heading', { name: 'Audit log' }).waitFor();
    // [I34] The log says each action in words.
    await staff.locator('td[data-label="Did what"]').first().waitFor();
    const actions = await staff.locator('td[data-label="Did what"]').allTextContents();
    expect(actions.slice(0, 5)).toEqual([
      'signed in with a passkey',
      'signed out',
      'added a passkey',
      'signed in with a code',
      'added a member of staff',
    ]);
  });

  it('(2) finds the order by mobile, approves it (captured), ships it (text with tracking), refunds one line (text, provider refund, stock back)', async () => {
    const [first, second] = products as [ProductTile, ProductTile];
    const before = { first: await stockOf(first.id), second: await stockOf(second.id) };
    await fillCart([first, second]);
    const incrementId = await payWithVisa();
    await expect.poll(() => stockOf(first.id)).toBe(before.first - 1);
    const textsBefore = (await messagesTo(member.e164, 1, 'sms')).length; // the receipt

    const orderId = await openOrder(incrementId);
    expect(await adminOrder(orderId)).toMatchObject({
      status: 'pending_review',
      payment_state: 'authorised',
    });
    await screenshot(staff, 'back-office-order-pending-desktop');

    // Approve: the sandbox captures the authorised amount.
    await staff.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(async () => (await adminOrder(orderId)).payment_state).toBe('captured');
    const approved = await adminOrder(orderId);
    expect(approved.status).toBe('approved');
    expect(approved.captured_cents).toBe(approved.grand_total_cents);

    // Ship every seller's items with Australia Post; the shopper is texted the tracking link.
    for (const sellerId of approved.actions.ship_sellers) {
      const sellerName = approved.items.find((item) => item.seller_id === sellerId)?.seller_name ?? '';
      const button = staff.getByRole('button', { name: /^Mark as shipped/ }).first();
      await button.click();
      const dialog = staff.getByRole('dialog', { name: `Mark ${sellerName}'s items as shipped` });
      await dialog.getByLabel('Carrier', { exact: true }).selectOption('Australia Post');
      await dialog.getByLabel('Tracking number').fill(`JD01460000${sellerId}123456`);
      await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await expect.poll(async () => (await adminOrder(orderId)).status).toBe('shipped');
    const shippedTexts = await messagesTo(
      member.e164,
      textsBefore + approved.actions.ship_sellers.length,
      'sms',
    );
    expect(
      shippedTexts.some((text) => /auspost\.com\.au\/mypost\/track\/details\/JD01460000/.test(text.body)),
    ).toBe(true);

    // Refund the first product's line, back in stock. The passkey check is fresh from signing in.
    await staff.getByRole('button', { name: 'Refund', exact: true }).click();
    const refund = staff.getByRole('dialog', { name: `Refund order #${incrementId}` });
    await refund.getByRole('button', { name: `One more ${first.name}` }).click();
    await refund.getByRole('checkbox', { name: 'Put the refunded items back in stock' }).check();
    const firstLine = approved.items.find((item) => item.sku === first.sku);
    const lineCents = firstLine?.row_total_cents ?? 0;
    expect(await refund.getByTestId('refund-total').textContent()).toBe(`$${(lineCents / 100).toFixed(2)}`);
    await screenshot(staff, 'back-office-refund-dialog-desktop');
    await refund.getByRole('button', { name: /^Refund \$/ }).click();
    await refund.waitFor({ state: 'detached' });

    await expect.poll(async () => (await adminOrder(orderId)).refunded_cents).toBe(lineCents);
    const refunded = await adminOrder(orderId);
    expect(refunded.payment_state).toBe('partially_refunded');
    expect(refunded.refunds).toEqual([
      expect.objectContaining({ amount_cents: lineCents, restocked: true, source: 'staff' }),
    ]);
    expect(refunded.refunds[0]?.provider_refund_id).toMatch(/^re_sandbox_/);
    expect(refunded.items.find((item) => item.sku === first.sku)).toMatchObject({ refunded_qty: 1 });
    await expect.poll(() => stockOf(first.id)).toBe(before.first);
    expect(await stockOf(second.id)).toBe(before.second - 1);
    const refundTexts = await messagesTo(member.e164, shippedTexts.length + 1, 'sms');
    expect(refundTexts.some((text) => text.body.includes(`$${(lineCents / 100).toFixed(2)}`))).toBe(true);

    // Each step is on the timeline and in the audit log.
    await staff.reload();
    await staff.getByRole('heading', { level: 1, name: `Order #${incrementId}` }).waitFor();
    const types = refunded.timeline.map((event) => event.type);
    for (const type of [
      'placed',
      'payment_authorised',
      'approved',
      'payment_captured',
      'shipped',
      'refunded',
    ])
      expect(types).toContain(type);
    const shown = await timeline();
    expect(shown).toContain(operator.name);
    for (const event of refunded.timeline) expect(shown).toContain(event.summary);
    await screenshot(staff, 'back-office-order-desktop');
    await staff.setViewportSize({ width: 390, height: 844 });
    await screenshot(staff, 'back-office-order-phone');
    // The narrowest phone: nothing runs off the side.
    await staff.setViewportSize({ width: 320, height: 568 });
    await screenshot(staff, 'back-office-order-small-phone');
    const wide = await elementsPastRightEdge(staff, 320);
    expect(wide, 'elements past the right edge at 320×568').toEqual([]);
    await staff.setViewportSize({ width: 1280, height: 800 });

    await staff.getByRole('link', { name: 'Audit log' }).click();
    await staff.getByRole('heading', { name: 'Audit log' }).waitFor();
    await staff.locator('td[data-label="Did what"]').first().waitFor();
    await expect
      .poll(() => staff.locator('td[data-label="Did what"]').allTextContents())
      .toEqual(expect.arrayContaining(['approved an order', 'marked an order shipped', 'refunded an order']));

    // The shopper's order page says where it stands.
    await shopper.goto(`/account/order/${orderId}`);
    await shopper.getByText('Shipped', { exact: true }).first().waitFor();
    await screenshot(shopper, 'back-office-shopper-order-shipped');
  });

  it('(3) a refused order releases its payment, returns its stock and texts the shopper', async () => {
    const [first] = products as [ProductTile];
    const before = await stockOf(first.id);
    await fillCart([first]);
    const incrementId = await payWithVisa();
    await expect.poll(() => stockOf(first.id)).toBe(before - 1);
    const texts = (await messagesTo(member.e164, 1, 'sms')).length;

    const orderId = await openOrder(incrementId);
    await staff.getByRole('button', { name: 'Refuse', exact: true }).click();
    const dialog = staff.getByRole('dialog', { name: `Refuse order #${incrementId}` });
    await dialog.getByLabel('Reason (the shopper reads it)').fill('We cannot deliver to this address.');
    await dialog.getByRole('button', { name: 'Refuse order' }).click();
    await dialog.waitFor({ state: 'detached' });

    await expect.poll(async () => (await adminOrder(orderId)).status).toBe('refused');
    const refused = await adminOrder(orderId);
    expect(refused).toMatchObject({ payment_state: 'released', captured_cents: 0 });
    await expect.poll(() => stockOf(first.id)).toBe(before);
    const after = await messagesTo(member.e164, texts + 1, 'sms');
    expect(after.some((text) => text.body.includes('We cannot deliver to this address.'))).toBe(true);
    await staff.getByText('Refused: We cannot deliver to this address.').first().waitFor();
  });

  it('(4) a gift card to a number that cannot take it shows as failed; Resend to a corrected number delivers it once', async () => {
    let giftCard: Product | undefined;
    for (let page = 1; !giftCard && page <= 50; page += 1) {
      const { data } = await getJson<{ data: ProductTile[] }>(`${API}/browseProducts?page=${page}`);
      const tile = data.find((entry) => entry.is_giftcard && entry.qty > 0);
      if (tile) giftCard = await getJson<Product>(`${API}/product?product_id=${tile.id}`);
      if (data.length === 0) break;
    }
    if (!giftCard) throw new Error('the demo shop has no gift card');
    const amount = giftCard.configurable_options.gift_card_price?.options[0];
    if (!amount) throw new Error('the gift card has no amounts');

    await shopper.goto(`/product/${giftCard.id}`);
    await shopper.getByRole('heading', { level: 1, name: giftCard.name, exact: true }).waitFor();
    await shopper.locator('.pdp__options select').selectOption({ label: amount.default_title });
    await shopper.getByRole('button', { name: MSG.buyNow, exact: true }).click();
    await shopper.getByRole('heading', { level: 1, name: MSG.giftCardRecipientHeading }).waitFor();
    await shopper.getByLabel(MSG.giftFirstnameLabel).fill('Ava');
    await shopper.getByLabel(MSG.giftLastnameLabel).fill('Nguyen');
    await shopper.getByLabel(MSG.giftMobileLabel).fill(FAILING_MOBILE.national);
    await shopper.getByLabel(MSG.giftMessageLabel).fill('Happy birthday!');
    await shopper.getByRole('button', { name: MSG.submit }).click();
    await shopper.waitForURL(/\/giftcard\/sendnoworschedule\/\d+$/);
    const cardNumber = ((await shopper.getByTestId('gift-card-no').textContent()) ?? '').replace(/\D/g, '');
    await shopper.getByRole('button', { name: MSG.sendNow, exact: true }).click();
    await shopper.waitForURL(/\/giftcard\/mmstemplates\/\d+$/);
    await shopper.getByRole('button', { name: MSG.select }).first().click();
    const incrementId = await payWithVisa();

    // Under manual review the card waits for the order's approval.
    await openOrder(incrementId);
    await staff.getByRole('button', { name: 'Approve', exact: true }).click();
    await staff.getByRole('button', { name: 'Approve', exact: true }).waitFor({ state: 'detached' });
    const failed = await messagesTo(FAILING_MOBILE.e164, 1, 'mms');
    expect(failed).toHaveLength(1);

    await staff.getByRole('link', { name: 'Gift cards' }).click();
    await staff.getByRole('heading', { level: 1, name: 'Gift cards' }).waitFor();
    await staff.getByLabel('Search').fill(cardNumber);
    await staff.getByRole('button', { name: 'Search', exact: true }).click();
    // [I27-mask] Listed masked to its last 4 digits; found by the whole number.
    const card = staff.getByRole('listitem', { name: `Gift card ending ${cardNumber.slice(-4)}` });
    await expect.poll(async () => (await card.textContent()) ?? '').toMatch(/failed/i);
    await screenshot(staff, 'back-office-gift-card-failed-desktop');

    const corrected = newMobile();
    await card.getByRole('button', { name: 'Resend' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Resend the gift card' });
    await dialog.getByLabel('Corrected mobile (optional)').fill(corrected.national);
    // A corrected number asks for the passkey when the last check is stale (the virtual authenticator answers).
    await dialog.getByRole('button', { name: 'Send again' }).click();
    await dialog.waitFor({ state: 'detached' });

    const delivered = await messagesTo(corrected.e164, 1, 'mms');
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.body).toContain(failed[0]?.body.split('\n')[0] ?? '');
    await expect.poll(async () => (await card.textContent()) ?? '').toMatch(/delivered/i);
    // Once: after the outbox has looked at every row again there is still one message to the corrected number.
    await outboxPassedAgain(server.baseURL);
    expect(await messagesTo(corrected.e164, 1, 'mms')).toHaveLength(1);
    await staff.setViewportSize({ width: 390, height: 844 });
    await screenshot(staff, 'back-office-gift-cards-phone');
    await staff.setViewportSize({ width: 1280, height: 800 });
  });

  it('(5) [I16] [I27-recovery] the operator’s money screens (statements, payouts, tax invoices) and Passkeys open and fit a phone', async () => {
    for (const [link, heading] of [
      ['Products', 'Products'],
      ['Statements', 'Statements'],
      ['Payouts', 'Payouts'],
      ['Tax invoices', 'Tax invoices'],
      ['Passkeys', 'Passkeys'],
    ] as const) {
      await staff.setViewportSize({ width: 1280, height: 800 });
      await staff.getByRole('link', { name: link, exact: true }).click();
      await staff.getByRole('heading', { level: 1, name: heading }).waitFor();
      await staff
        .locator('[aria-busy="true"]')
        .first()
        .waitFor({ state: 'detached' })
        .catch(() => {});
      const name = heading.toLowerCase().replace(/\s+/g, '-');
      await screenshot(staff, `back-office-${name}-desktop`);
      await staff.setViewportSize({ width: 320, height: 568 });
      await screenshot(staff, `back-office-${name}-small-phone`);
      expect(await elementsPastRightEdge(staff, 320), `${heading} at 320×568`).toEqual([]);
    }
    await staff.setViewportSize({ width: 1280, height: 800 });
  });
});
