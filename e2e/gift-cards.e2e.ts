// Gift cards in a real Chromium against the real server in sandbox mode (SPEC.md §4 "Gift card flow"):
// a member buys a gift card, addresses it, schedules it for tomorrow 10:00 Sydney time, picks a picture,
// sees the schedule in the checkout panel and pays; then buys one with Send Now, pays, and the picture
// message arrives in the sandbox outbox within seconds. The server runs on a test clock set to 12:00 in
// Sydney (global-setup.ts) and the browser's clock follows it, so the quiet hours never hold the send.
// Screenshots of every gift card screen at 390×844.
import type { Product, ProductTile } from '@quokka/contract/api/catalog';
import { MSG } from '@quokka/contract/messages';
import { utcToZonedWallTime } from '@quokka/contract/timezones';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseURL, hydrated, launchBrowser, openPage, screenshot } from './support/browser.ts';
import { settled } from './support/settle.ts';
import { API, newMobile, registerMember, signInWithLink, type TestMobile } from './support/sign-in.ts';

let browser: Browser;
let giftCard: Product;

interface OutboxMessage {
  id: number;
  to: string;
  kind: 'sms' | 'mms';
  body: string;
  media_url: string | null;
  created_at: string;
}

async function getJson<T>(path: string): Promise<T> {
  const reply = await fetch(`${baseURL()}${path}`);
  if (!reply.ok) throw new Error(`${path} answered ${reply.status}`);
  return (await reply.json()) as T;
}

/** The server's clock now (TEST_CLOCK running on in real time). */
function serverNow(): Date {
  const clock = inject('serverClock');
  return new Date(clock.start + (Date.now() - clock.at));
}

async function findGiftCard(): Promise<void> {
  for (let page = 1; page <= 200; page += 1) {
    const tiles = (await getJson<{ data: ProductTile[] }>(`${API}/browseProducts?page=${page}`)).data;
    const tile = tiles.find((entry) => entry.is_giftcard && entry.qty > 0);
    if (tile) {
      giftCard = await getJson<Product>(`${API}/product?product_id=${tile.id}`);
      return;
    }
    if (tiles.length === 0) break;
  }
  throw new Error('the demo shop has no gift card');
}

/** A member's page on the browser clock of the server, signed in. */
async function signedInPage(name: string): Promise<{ page: Page; mobile: TestMobile }> {
  const mobile = newMobile();
  await registerMember(mobile, name);
  const page = await openPage(browser, 'about:blank');
  await page.context().clock.install({ time: serverNow() });
  await page.goto('/browse');
  await signInWithLink(page, mobile);
  return { page, mobile };
}

/** Buy Now on the product page with the first amount chosen; lands on the recipient screen. */
async function buyNow(page: Page): Promise<void> {
  await page.goto(`/product/${giftCard.id}`);
  await page.getByRole('heading', { level: 1, name: giftCard.name, exact: true }).waitFor();
  await hydrated(page);
  const amount = giftCard.configurable_options.gift_card_price?.options[0];
  if (!amount) throw new Error('the gift card has no amounts');
  await page.locator('.pdp__options select').selectOption({ label: amount.default_title });
  await page.getByRole('button', { name: MSG.buyNow, exact: true }).click();
  await page.waitForURL(/\/giftcard\/add\/\d+\/[^/]+\/\d+\/\d+$/);
  await page.getByRole('heading', { level: 1, name: MSG.giftCardRecipientHeading }).waitFor();
}

async function address(page: Page, recipient: TestMobile, message: string, shot?: string): Promise<void> {
  await page.getByLabel(MSG.giftFirstnameLabel).fill('Ava');
  await page.getByLabel(MSG.giftLastnameLabel).fill('Nguyen');
  await page.getByLabel(MSG.giftMobileLabel).fill(recipient.national);
  await page.getByLabel(MSG.giftMessageLabel).fill(message);
  // [GIFT-06] The purchaser's own mobile is there already, for the receipt.
  expect(await page.getByLabel(MSG.giftReceiptMobileLabel).inputValue()).not.toBe('');
  if (shot) await screenshot(page, shot);
  await page.getByRole('button', { name: MSG.submit }).click();
  await page.waitForURL(/\/giftcard\/sendnoworschedule\/\d+$/);
  await page.getByTestId('gift-card-no').waitFor();
}

async function pickTemplate(page: Page, shot?: string): Promise<void> {
  await page.waitForURL(/\/giftcard\/mmstemplates\/\d+$/);
  const select = page.getByRole('button', { name: MSG.select }).first();
  await select.waitFor();
  await page
    .locator('.template__image')
    .first()
    .evaluate((image: HTMLImageElement) => image.decode());
  if (shot) await screenshot(page, shot);
  await select.click();
  await page.waitForURL('**/checkout');
  await page.getByRole('button', { name: MSG.confirmPurchase }).waitFor();
  await page.getByRole('status').filter({ hasText: MSG.fetchingCart }).waitFor({ state: 'detached' });
}

async function pay(page: Page): Promise<void> {
  const newCard = page.getByRole('radio', { name: MSG.addNewCard });
  if (!(await newCard.isChecked())) await newCard.check();
  await page.getByLabel(MSG.cardNumberLabel, { exact: true }).fill('4242 4242 4242 4242');
  await page.getByLabel(MSG.cardExpiryLabel).fill('12 / 34');
  await page.getByLabel(MSG.cardCvcLabel).fill('123');
  await page.getByRole('button', { name: MSG.confirmPurchase }).click();
  await page.waitForURL('**/success', { timeout: 20_000 });
  await page.getByRole('heading', { level: 1, name: MSG.thankYou }).waitFor();
}

async function stepTo(page: Page, label: string, up: string, down: string, target: number): Promise<void> {
  const value = page.getByRole('spinbutton', { name: label });
  for (let guard = 0; guard < 60; guard += 1) {
    const now = Number(await value.getAttribute('aria-valuenow'));
    if (now === target) return;
    await page.getByRole('button', { name: now < target ? up : down }).click();
  }
  throw new Error(`could not step ${label} to ${target}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  await findGiftCard();
});

afterAll(() => browser?.close());

describe('gift cards at 390×844', () => {
  it('[GIFTF-01] [GIFTF-05] [GIFTF-06] [GIFT-16] [CHK-04] [CHK-05] [CHKF-14] [ROUTE-27] [ROUTE-29] [ROUTE-30] [ROUTE-31] a member buys a gift card, schedules it for tomorrow 10:00 Sydney time, picks a picture, sees the schedule at checkout and pays', async () => {
    const { page } = await signedInPage('Mia Banksia');
    await buyNow(page);
    await address(page, newMobile(), 'Happy birthday! Dinner is on me 🎂', 'gift-card-recipient');
    await settled(page);
    await screenshot(page, 'gift-card-send-now-or-schedule');

    await page.getByRole('button', { name: MSG.schedule, exact: true }).click();
    await page.waitForURL(/\/giftcard\/schedule\/\d+$/);
    const zone = page.getByRole('combobox', { name: MSG.timeZoneLabel });
    expect(await zone.inputValue()).toBe('Australia/Sydney');
    const tomorrow = utcToZonedWallTime(
      new Date(serverNow().getTime() + 24 * 3600 * 1000),
      'Australia/Sydney',
    );
    const dayName = new Intl.DateTimeFormat('en-AU', {
      timeZone: 'UTC',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(new Date(`${tomorrow.slice(0, 10)}T00:00:00Z`));
    await page.getByRole('button', { name: dayName, exact: true }).click();
    await stepTo(page, MSG.hourLabel, MSG.increaseHour, MSG.decreaseHour, 10);
    await stepTo(page, MSG.minuteLabel, MSG.increaseMinute, MSG.decreaseMinute, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'gift-card-schedule');
    await page.getByRole('button', { name: MSG.schedule, exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'gift-card-schedule-time');
    await page.getByRole('button', { name: MSG.schedule, exact: true }).click();

    await pickTemplate(page, 'gift-card-templates');
    const card = page.getByTestId('gift-card');
    expect(await card.count()).toBe(1);
    const sendTime = (await card.getByTestId('gift-card-send-time').textContent()) ?? '';
    expect(sendTime).toMatch(/10:00\s?am \(Sydney\)/);
    expect(sendTime).toContain(String(Number(tomorrow.slice(8, 10))));
    expect(
      await card.getByRole('img').evaluate((image: HTMLImageElement) => image.getBoundingClientRect().width),
    ).toBe(150);
    // The panel's top under the sticky header.
    await page.getByRole('button', { name: MSG.showHideGiftCards }).evaluate((toggle) => {
      toggle.closest('section')?.scrollIntoView({ block: 'start' });
      window.scrollBy(0, -72);
    });
    await settled(page);
    await screenshot(page, 'gift-card-checkout-panel');

    await pay(page);
    await screenshot(page, 'gift-card-success');
    expect(await page.getByRole('dialog', { name: MSG.giftCardSaveErrorTitle }).count()).toBe(0);
    await page.context().close();
  });

  it('[GIFTF-03] [GIFTF-04] [GIFT-01] [GIFT-02] a gift card sent with Send Now reaches the recipient as a picture message within seconds', async () => {
    const { page, mobile: purchaser } = await signedInPage('Leo Wattle');
    const recipient = newMobile();
    await buyNow(page);
    await address(page, recipient, 'Enjoy!');
    await page.getByRole('button', { name: MSG.sendNow, exact: true }).click();
    await pickTemplate(page);
    expect(await page.getByTestId('gift-card-send-time').textContent()).toMatch(/\(Sydney\)/);
    await pay(page);
    expect(await page.getByRole('dialog', { name: MSG.giftCardSaveErrorTitle }).count()).toBe(0);

    let mms: OutboxMessage | undefined;
    let receipt: OutboxMessage | undefined;
    const deadline = Date.now() + 15_000;
    while ((!mms || !receipt) && Date.now() < deadline) {
      const outbox = await getJson<OutboxMessage[]>('/dev/messages.json');
      mms = outbox.find((message) => message.to === recipient.e164 && message.kind === 'mms');
      receipt = outbox.find((message) => message.to === purchaser.e164 && message.kind === 'sms');
      if (!mms || !receipt) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(mms, 'the picture message to the recipient').toBeDefined();
    expect(mms?.body).toContain('Enjoy!');
    expect(mms?.body).toContain('Ava');
    expect(mms?.media_url).toMatch(/\/media\/templates\/.+\.png$/);
    const picture = await fetch(new URL(mms?.media_url ?? '', baseURL()));
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toContain('image/png');
    expect(receipt, 'the receipt to the purchaser').toBeDefined();

    // The sandbox outbox page shows the picture too. Without PUBLIC_URL the server writes picture URLs on
    // http://localhost:PORT and the page allows pictures of its own origin only: it is opened there.
    const outbox = new URL('/dev/messages', baseURL());
    outbox.hostname = 'localhost';
    await page.goto(outbox.href);
    const shown = page.locator('img[src*="/media/templates/"]').first();
    await shown.waitFor();
    // decode() settles once the picture is loaded and rejects when it cannot be (no timers: the page's
    // clock is the test clock).
    await shown.evaluate((image: HTMLImageElement) => image.decode());
    await screenshot(page, 'gift-card-outbox');
    await page.context().close();
  });
});
