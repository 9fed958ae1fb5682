// The moments after paying, as a shopper on a phone sees them: /success restates what was bought, what
// was charged, where it goes and how it was paid, with a way to the order; a receipt text arrives once
// (the sandbox outbox); the order page shows its status and payment; the footer, /success and the terms
// name who runs the shop (trading name, ABN) and how to reach support. At 390×844 and 320×568.
import type { ProductTile } from '@quokka/contract/api/catalog';
import { ORDER_STATUS_LABELS } from '@quokka/contract/api/customer';
import { MSG } from '@quokka/contract/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, screenshot } from './support/browser.ts';
import { putInCart } from './support/cart.ts';
import { outboxPassedAgain } from './support/jobs.ts';
import { API, newMobile, registerMember, signInWithLink } from './support/sign-in.ts';

// The sandbox identity the server runs with when no setting names the operator (config.ts).
const TRADING_NAME = 'Quokka Marketplace Pty Ltd';
const ABN = '12 345 679 016';
const SUPPORT_EMAIL = 'support@example.com';

interface OutboxMessage {
  id: number;
  to: string;
  kind: 'sms' | 'mms';
  body: string;
}

let browser: Browser;
let product: ProductTile;

async function getJson<T>(path: string): Promise<T> {
  const reply = await fetch(`${baseURL()}${path}`);
  if (!reply.ok) throw new Error(`${path} answered ${reply.status}`);
  return (await reply.json()) as T;
}

async function pickProduct(): Promise<ProductTile> {
  for (let page = 1; page <= 5; page += 1) {
    const { data } = await getJson<{ data: ProductTile[] }>(`${API}/browseProducts?page=${page}`);
    const tile = data.find((entry) => entry.type_id === 'simple' && !entry.is_giftcard && entry.qty >= 20);
    if (tile) return tile;
  }
  throw new Error('the demo shop has no simple product with stock');
}

/** A page of the given size: 390×844 (openPage) or the small phone 320×568; `null`: nothing opened yet. */
async function phonePage(size: 'regular' | 'small', path: string | null = '/browse'): Promise<Page> {
  if (size === 'regular') return openPage(browser, path);
  const context = await browser.newContext({
    viewport: { width: 320, height: 568 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    baseURL: baseURL(),
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
  });
  const page = await context.newPage();
  if (path !== null) await page.goto(path);
  return page;
}

async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/**
 * Puts the product in the cart as Add To Cart does (through the API: this file tests what follows the
 * payment), checks out with the sandbox Visa 4242 and lands on /success.
 */
async function buyWithVisa(page: Page): Promise<void> {
  await putInCart(page, product);
  await page.goto('/checkout');
  await page.getByRole('button', { name: MSG.confirmPurchase }).waitFor();
  await page.getByRole('status').filter({ hasText: MSG.fetchingCart }).waitFor({ state: 'detached' });
  await page.getByRole('radio', { name: MSG.addNewCard }).check();
  await page.getByLabel(MSG.cardNumberLabel, { exact: true }).fill('4242 4242 4242 4242');
  await page.getByLabel(MSG.cardExpiryLabel).fill('12 / 34');
  await page.getByLabel(MSG.cardCvcLabel).fill('123');
  await page.getByRole('button', { name: MSG.confirmPurchase }).click();
  await page.waitForURL('**/success', { timeout: 20_000 });
  await page.getByRole('heading', { level: 1, name: MSG.thankYou }).waitFor();
}

/** The texts sent to a number so far, waiting up to 15 s for at least `atLeast` of them. */
async function textsTo(mobile: string, atLeast: number): Promise<OutboxMessage[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const outbox = await getJson<OutboxMessage[]>('/dev/messages.json');
    const texts = outbox.filter((message) => message.to === mobile && message.kind === 'sms');
    if (texts.length >= atLeast || Date.now() > deadline) return texts;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
  product = await pickProduct();
});

afterAll(() => browser?.close());

describe('receipt and business identity', () => {
  it.each(['regular', 'small'] as const)(
    '[I11-11] [I11-12] [SUCC-01] [SUCC-02] [SUCC-03] after paying with Visa 4242 (%s phone): /success restates the order, a receipt text arrives once, the order page shows status and payment',
    async (size) => {
      const mobile = newMobile();
      await registerMember(mobile, 'Nell Acacia');
      const page = await phonePage(size, null);
      await signInWithLink(page, mobile);
      await buyWithVisa(page);

      // /success: what was bought, the total charged, where it goes, how it was paid, and the way on.
      const orderNumber = (await page.getByTestId('order-number').textContent()) ?? '';
      expect(orderNumber).toMatch(/^\d{9}$/);
      const receipt = page.getByRole('region', { name: MSG.receiptHeading });
      await receipt.waitFor();
      await receipt.getByText(product.name).waitFor();
      expect(await receipt.getByText(/\$\d+\.\d\d/).count()).toBeGreaterThan(0);
      expect(await receipt.getByText('5 Ocean St').count()).toBe(1);
      expect(await receipt.getByText('Visa •••• 4242').count()).toBe(1);
      const viewOrder = page.getByRole('link', { name: MSG.viewOrder });
      expect(await viewOrder.getAttribute('href')).toMatch(/^\/account\/order\/\d+$/);
      // Who took the money, and how to reach them.
      expect(await page.getByText(TRADING_NAME).count()).toBeGreaterThan(0);
      expect(await page.getByRole('link', { name: SUPPORT_EMAIL }).count()).toBeGreaterThan(0);
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `receipt-success-${size}`);
      await receipt.scrollIntoViewIfNeeded();
      await screenshot(page, `receipt-success-details-${size}`);
      await page.getByText(MSG.orderQuestions).scrollIntoViewIfNeeded();
      await screenshot(page, `receipt-success-help-${size}`);

      // The receipt text: order number, total, seller and the link to the order; sent once.
      const texts = await textsTo(mobile.e164, 1);
      const receipts = texts.filter((text) => text.body.includes(orderNumber));
      expect(receipts).toHaveLength(1);
      const body = receipts[0]?.body ?? '';
      expect(body).toMatch(/\$\d+\.\d\d/);
      expect(body).toMatch(/\/account\/order\/\d+/);
      expect(body).toContain(SUPPORT_EMAIL);
      // Still once after the outbox has looked at every row again: the worker does not send it twice.
      await outboxPassedAgain(baseURL());
      expect((await textsTo(mobile.e164, 1)).filter((text) => text.body.includes(orderNumber))).toHaveLength(
        1,
      );

      // The sandbox outbox page a developer reads shows it too.
      const outboxPage = await page.context().newPage();
      await outboxPage.goto('/dev/messages');
      await outboxPage.getByText(`order ${orderNumber}`).first().waitFor();
      await screenshot(outboxPage, `receipt-outbox-${size}`);
      await outboxPage.close();

      // The order page: its status and payment.
      await viewOrder.click();
      await page.waitForURL(/\/account\/order\/\d+$/);
      // The route's screen loads on demand: wait for its heading before reading it.
      await page.getByRole('heading', { level: 1, name: MSG.viewOrder }).waitFor();
      await page.getByText('Visa •••• 4242').waitFor();
      // [I15-shopper-status] Approved at once (ORDER_REVIEW=auto, the default): the card is captured.
      await page.getByText(ORDER_STATUS_LABELS.approved ?? '', { exact: true }).waitFor();
      expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `receipt-order-page-${size}`);
      await page.context().close();
    },
  );

  it.each(['regular', 'small'] as const)(
    '[I11-12] [SHELL-09] the footer and the terms name the operator, its ABN and support (%s phone)',
    async (size) => {
      const page = await phonePage(size, '/browse');
      const footer = page.getByRole('contentinfo');
      await footer.waitFor();
      expect(await footer.getByText(TRADING_NAME).count()).toBe(1);
      expect(await footer.getByText(`ABN ${ABN}`).count()).toBe(1);
      expect(await footer.getByRole('link', { name: SUPPORT_EMAIL }).getAttribute('href')).toBe(
        `mailto:${SUPPORT_EMAIL}`,
      );
      expect(await fitsWidth(page)).toBe(true);
      // /browse keeps loading products as it scrolls: the footer is looked at under a short page.
      await page.goto('/404');
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      await screenshot(page, `receipt-footer-${size}`);

      await page.goto('/terms');
      await page.getByRole('heading', { level: 1 }).waitFor();
      const main = page.getByRole('main');
      expect(await main.getByText(`ABN ${ABN}`).count()).toBeGreaterThan(0);
      expect(await main.getByRole('link', { name: SUPPORT_EMAIL }).count()).toBeGreaterThan(0);
      await main.getByRole('link', { name: SUPPORT_EMAIL }).first().scrollIntoViewIfNeeded();
      await screenshot(page, `receipt-terms-contact-${size}`);
      await page.context().close();
    },
  );
});
