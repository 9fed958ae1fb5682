// Server-rendered first screens in a real Chromium against the real server and its demo shop: with
// JavaScript off, /browse and a product page still show names and prices; with it on, the page hydrates
// without a console error and asks the API nothing for the data the page already carried. Screenshots
// (390×844, JavaScript off and on) land in e2e/screenshots for people to look at.
import type { ProductTile } from '@quokka/contract/api/catalog';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, hydrated, launchBrowser, screenshot } from './support/browser.ts';

const API = '/rest/default/V1/storefront';

let browser: Browser;
let firstPage: ProductTile[];

beforeAll(async () => {
  browser = await launchBrowser();
  const reply = await fetch(`${baseURL()}${API}/browseProducts?page=1`);
  firstPage = ((await reply.json()) as { data: ProductTile[] }).data;
});

afterAll(async () => {
  await browser?.close();
});

async function phone(javaScriptEnabled: boolean): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    baseURL: baseURL(),
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
    javaScriptEnabled,
  });
}

/** A price as the tiles and the product page show it (after "From" for a product with options). */
const dollars = (price: number) => `$${price.toFixed(2)}`;

/** Console errors and warnings, and every catalogue API call the page makes. */
function watch(page: Page) {
  const problems: string[] = [];
  const catalogueCalls: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith(API)) catalogueCalls.push(`${url.pathname.slice(API.length)}${url.search}`);
  });
  return { problems, catalogueCalls };
}

/** React has hydrated the page, and its effects after hydration (session, cart) have run. */
async function hydratedAndSettled(page: Page) {
  await hydrated(page);
  // Effects after hydration (session, cart) have run once the network is quiet.
  await page.waitForLoadState('networkidle');
}

describe('[I13-ssr] first screens render on the server', () => {
  it('with JavaScript disabled, /browse shows the products’ names, prices and pictures', async () => {
    const context = await phone(false);
    const page = await context.newPage();
    await page.goto('/browse');
    await expect(page.getByRole('heading', { level: 1, name: 'Browse Products' }).isVisible()).resolves.toBe(
      true,
    );
    for (const tile of firstPage.slice(0, 4)) {
      const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: tile.name }) });
      await expect(item.first().getByText(dollars(tile.price)).isVisible()).resolves.toBe(true);
    }
    const pictures = await page.locator('.product-grid img').count();
    expect(pictures).toBeGreaterThanOrEqual(firstPage.length);
    // Buttons that need the app say so until it has hydrated them (here: never).
    const add = page.getByRole('button', { name: 'Add To Cart' }).first();
    expect(await add.getAttribute('aria-disabled')).toBe('true');
    await screenshot(page, 'ssr-browse-no-js');
    await context.close();
  });

  it('with JavaScript disabled, a product page shows its name, price and picture', async () => {
    const tile = firstPage.find((item) => !item.is_giftcard) ?? firstPage[0];
    if (!tile) throw new Error('the demo shop has no products');
    const context = await phone(false);
    const page = await context.newPage();
    await page.goto(`/product/${tile.id}`);
    await expect(page.getByRole('heading', { level: 1, name: tile.name }).isVisible()).resolves.toBe(true);
    await expect(page.getByText(dollars(tile.price)).first().isVisible()).resolves.toBe(true);
    const picture = page.locator(`img[src="${tile.image}"]`).first();
    await expect(picture.isVisible()).resolves.toBe(true);
    await screenshot(page, 'ssr-product-no-js');
    await context.close();
  });
});

describe('[I13-ssr] the page hydrates with the data it was given', () => {
  it('/browse hydrates without console errors and asks for no product list or category tree', async () => {
    const context = await phone(true);
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto('/browse');
    await hydratedAndSettled(page);
    expect(seen.problems).toEqual([]);
    expect(
      seen.catalogueCalls.filter((call) => /^\/(browseProducts\?page=1|categories)\b/.test(call)),
    ).toEqual([]);
    // It is a live app: the first tile's name leads to its product page without a reload.
    const first = firstPage[0];
    if (!first) throw new Error('the demo shop has no products');
    expect(
      await page.getByRole('button', { name: 'Add To Cart' }).first().getAttribute('aria-disabled'),
    ).toBeNull();
    await screenshot(page, 'ssr-browse-js');
    await page.getByRole('link', { name: first.name, exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: first.name }).waitFor();
    expect(seen.catalogueCalls).toContain(`/product?product_id=${first.id}`);
    expect(seen.problems).toEqual([]);
    await context.close();
  });

  it('a product page hydrates without console errors and does not fetch the product again', async () => {
    const tile =
      firstPage.find((item) => item.type_id === 'configurable' && !item.is_giftcard) ?? firstPage[0];
    if (!tile) throw new Error('the demo shop has no products');
    const context = await phone(true);
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto(`/product/${tile.id}`);
    await hydratedAndSettled(page);
    expect(seen.problems).toEqual([]);
    expect(
      seen.catalogueCalls.filter((call) => call.startsWith('/product?') || call === '/categories'),
    ).toEqual([]);
    await screenshot(page, 'ssr-product-js');
    await context.close();
  });

  it('a signed-in shopper’s stored session and cart show after hydration, without a mismatch', async () => {
    const context = await phone(true);
    await context.addInitScript(() => {
      // A stored cart line (the header counts it); the session itself is checked with the server later.
      localStorage.setItem('cartItems', JSON.stringify([{ id: 1, qty: 2, name: 'Stored line' }]));
    });
    const page = await context.newPage();
    const seen = watch(page);
    await page.goto('/browse');
    await hydratedAndSettled(page);
    const problems = seen.problems.filter((text) => /hydrat|did not match|server rendered/i.test(text));
    expect(problems).toEqual([]);
    // The server rendered an empty cart; the stored one shows right after hydration.
    await page.locator('.app-header__badge', { hasText: '2' }).waitFor();
    await context.close();
  });
});
