// Every route and popup of the storefront on the smallest phone we support (320×568): nothing scrolls
// sideways, and axe-core finds no WCAG 2.1 A/AA violation. Each screen also gets a screenshot, so a
// person can look at all of them in e2e/screenshots/route-320-*.png.
import type { Category, Product, ProductTile } from '@quokka/contract/api/catalog';
import { MSG } from '@quokka/contract/messages';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, sidewaysOverflow } from './support/axe.ts';
import { baseURL, launchBrowser, openPage, screenshot } from './support/browser.ts';
import { settled } from './support/settle.ts';
import { API, newMobile, registerMember, signInLink, signInWithLink } from './support/sign-in.ts';

let browser: Browser;
let simple: ProductTile;
let configurable: ProductTile;
let giftCard: Product;
let category: Category;

async function getJson<T>(path: string): Promise<T> {
  const reply = await fetch(`${baseURL()}${API}/${path}`);
  if (!reply.ok) throw new Error(`${path} answered ${reply.status}`);
  return (await reply.json()) as T;
}

async function findGiftCard(): Promise<Product> {
  for (let page = 1; page <= 200; page += 1) {
    const tiles = (await getJson<{ data: ProductTile[] }>(`browseProducts?page=${page}`)).data;
    const tile = tiles.find((entry) => entry.is_giftcard && entry.qty > 0);
    if (tile) return getJson<Product>(`product?product_id=${tile.id}`);
    if (tiles.length === 0) break;
  }
  throw new Error('the demo shop has no gift card');
}

async function pickData(): Promise<void> {
  const tiles: ProductTile[] = [];
  for (let page = 1; page <= 8; page += 1) {
    tiles.push(...(await getJson<{ data: ProductTile[] }>(`browseProducts?page=${page}`)).data);
  }
  const pick = (test: (tile: ProductTile) => boolean, what: string) => {
    const tile = tiles.find(test);
    if (!tile) throw new Error(`the demo shop has no ${what}`);
    return tile;
  };
  simple = pick((tile) => tile.type_id === 'simple' && !tile.is_giftcard && tile.qty >= 20, 'simple product');
  configurable = pick((tile) => tile.type_id === 'configurable' && !tile.is_giftcard, 'configurable product');
  giftCard = await findGiftCard();
  const categories = await getJson<Category[]>('categories');
  const first = categories[0]?.children[0] ?? categories[0];
  if (!first) throw new Error('the demo shop has no category');
  category = first;
}

function smallPhone(): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 320, height: 568 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    baseURL: baseURL(),
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
  });
}

/** Waits for the screen's heading and for loading spinners to go, then for it to stop moving. */
async function screenReady(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, null, {
    timeout: 15_000,
  });
  await settled(page);
}

/** The screen fits 320 px and axe finds nothing; the screenshot is taken either way. */
async function check(page: Page, name: string): Promise<void> {
  await screenshot(page, `route-320-${name}`);
  const overflow = await sidewaysOverflow(page);
  const violations = await axeViolations(page);
  // Soft: one run lists every screen that fails, not only the first.
  expect.soft({ screen: name, overflow, violations }).toEqual({ screen: name, overflow: 0, violations: [] });
}

async function visit(page: Page, path: string, name: string): Promise<void> {
  await page.goto(path);
  await screenReady(page);
  await check(page, name);
}

beforeAll(async () => {
  browser = await launchBrowser();
  await pickData();
});

afterAll(() => browser?.close());

describe('every route fits 320×568 and is axe-clean [I11-14] [I11-16]', () => {
  it('[I11-14] [I11-16] signed-out screens: lists, products, seller, sign-in, legal, 404', {
    timeout: 120_000,
  }, async () => {
    const context = await smallPhone();
    const page = await context.newPage();
    await visit(page, '/browse', 'browse');
    await visit(page, `/search?q=${encodeURIComponent(simple.name.split(' ')[0] ?? '')}`, 'search'); // [I33]
    await visit(page, `/category/${category.entity_id}`, 'category');
    await visit(page, `/product/${simple.id}`, 'product-simple');
    await visit(page, `/product/${configurable.id}`, 'product-configurable');
    await visit(page, `/product/${giftCard.id}`, 'product-gift-card');
    await visit(page, `/sellerprofile/${encodeURIComponent(simple.seller_url)}`, 'seller-profile');
    await visit(page, '/signin', 'signin');
    await visit(page, '/expiredlink', 'expired-link');
    await visit(page, '/terms', 'terms');
    await visit(page, '/privacy', 'privacy');
    // [I32] Sell with us: applying to sell.
    await visit(page, '/sell', 'sell');
    await visit(page, '/404', 'not-found');
    await context.close();
  });

  it('[I11-14] [I11-16] the popups of a signed-out shopper: menu, mobile, info', async () => {
    const context = await smallPhone();
    const page = await context.newPage();
    await page.goto('/browse');
    await screenReady(page);
    await page.getByRole('button', { name: /menu/i }).first().click();
    await page.getByRole('dialog').first().waitFor();
    await settled(page);
    await check(page, 'side-menu');
    await page.keyboard.press('Escape');
    await page.goto(`/product/${simple.id}`);
    await screenReady(page);
    await page.getByRole('button', { name: MSG.addToCart, exact: true }).click();
    await page.getByRole('dialog').first().waitFor();
    await settled(page);
    await check(page, 'mobile-popup');
    await context.close();
  });

  it('[I11-14] [I11-16] registration with its welcome popup, then the form', async () => {
    const context = await smallPhone();
    const page = await context.newPage();
    await page.goto(await signInLink(newMobile().national));
    const welcome = page.getByRole('dialog', { name: MSG.welcomeTitle });
    await welcome.waitFor();
    await settled(page);
    await check(page, 'register-welcome');
    await welcome.getByRole('button', { name: MSG.gotIt }).click();
    await welcome.waitFor({ state: 'detached' });
    await settled(page);
    await check(page, 'register');
    await context.close();
  });

  it('[I11-14] [I11-16] a member: account pages, cart popup, checkout, success, order', {
    timeout: 180_000,
  }, async () => {
    const mobile = newMobile();
    await registerMember(mobile, 'Wren Banksia');
    const context = await smallPhone();
    const page = await context.newPage();
    await signInWithLink(page, mobile);
    await visit(page, '/account', 'account');
    await visit(page, '/account/personaldetails', 'account-personal-details');
    await visit(page, '/account/addressinformation', 'account-addresses');
    await visit(page, '/account/addaddress', 'account-add-address');
    await visit(page, '/account/savedcards', 'account-saved-cards');
    await visit(page, '/account/textoffers', 'account-text-offers'); // [I29]
    await visit(page, '/account/orders', 'account-orders-empty');

    await page.goto(`/product/${simple.id}`);
    await screenReady(page);
    await page.getByRole('button', { name: MSG.addToCart, exact: true }).click();
    const cart = page.getByRole('dialog', { name: MSG.cartTitle });
    await cart.waitFor();
    await settled(page);
    await check(page, 'cart-popup');
    await visit(page, `/updateproduct/${simple.id}`, 'update-product');

    // The cart popup closed when /updateproduct opened (that screen has none), so checkout opens by its
    // address. Clicking the popup's Checkout here used to wait out the 30 s action timeout first.
    await page.goto('/checkout');
    await page.getByRole('button', { name: MSG.confirmPurchase }).waitFor();
    await page.getByRole('status').filter({ hasText: MSG.fetchingCart }).waitFor({ state: 'detached' });
    await settled(page);
    await check(page, 'checkout');

    const newCard = page.getByRole('radio', { name: MSG.addNewCard });
    if (!(await newCard.isChecked())) await newCard.check();
    await page.getByLabel(MSG.cardNumberLabel, { exact: true }).fill('4242 4242 4242 4242');
    await page.getByLabel(MSG.cardExpiryLabel).fill('12 / 34');
    await page.getByLabel(MSG.cardCvcLabel).fill('123');
    await page.getByRole('button', { name: MSG.confirmPurchase }).click();
    await page.waitForURL('**/success', { timeout: 20_000 });
    await screenReady(page);
    await check(page, 'success');

    await visit(page, '/account/orders', 'account-orders');
    await page.locator('main a[href*="/account/order/"]').first().click();
    await page.waitForURL(/\/account\/order\/\d+$/);
    await screenReady(page);
    await check(page, 'account-order');
    await context.close();
  });

  it('[I11-14] [I11-16] a member sending a gift card: recipient, send now or schedule, schedule, templates', {
    timeout: 120_000,
  }, async () => {
    const mobile = newMobile();
    await registerMember(mobile, 'Kai Wattle');
    const context = await smallPhone();
    const page = await context.newPage();
    await signInWithLink(page, mobile);
    await page.goto(`/product/${giftCard.id}`);
    await screenReady(page);
    const amount = giftCard.configurable_options.gift_card_price?.options[0];
    if (!amount) throw new Error('the gift card has no amounts');
    await page.locator('.pdp__options select').selectOption({ label: amount.default_title });
    await page.getByRole('button', { name: MSG.buyNow, exact: true }).click();
    await page.waitForURL(/\/giftcard\/add\/\d+\/[^/]+\/\d+\/\d+$/);
    await screenReady(page);
    await check(page, 'gift-card-add');

    await page.getByLabel(MSG.giftFirstnameLabel).fill('Ava');
    await page.getByLabel(MSG.giftLastnameLabel).fill('Nguyen');
    await page.getByLabel(MSG.giftMobileLabel).fill(newMobile().national);
    await page.getByLabel(MSG.giftMessageLabel).fill('Happy birthday!');
    await page.getByRole('button', { name: MSG.submit }).click();
    await page.waitForURL(/\/giftcard\/sendnoworschedule\/\d+$/);
    const detailsId = new URL(page.url()).pathname.split('/').at(-1);
    await screenReady(page);
    await check(page, 'gift-card-send-now-or-schedule');
    await visit(page, `/giftcard/edit/${detailsId}`, 'gift-card-edit');
    await visit(page, `/giftcard/schedule/${detailsId}`, 'gift-card-schedule');
    await visit(page, `/giftcard/mmstemplates/${detailsId}`, 'gift-card-templates');
    await context.close();
  });
});

describe('route changes at 390×844 [I11-16]', () => {
  it('[I11-16] a route change moves focus to the new heading and announces it', async () => {
    const page = await openPage(browser, '/browse');
    await screenReady(page);
    // Opening a product from its tile: focus lands on the product's name, which is announced.
    await page.locator('main a[href^="/product/"]').first().click();
    await page.waitForURL(/\/product\/\d+$/);
    const heading = page.locator('main h1').first();
    await heading.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    const name = (await heading.textContent())?.trim();
    expect(name).toBeTruthy();
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe(name);
    await expect.poll(() => page.getByTestId('route-announcer').textContent()).toBe(name);
    // Back to the list: the list's heading this time, not the link that was clicked (now gone).
    await page.goBack();
    await page.waitForURL('**/browse');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await page.context().close();
  });
});
