// The catalogue journey in a real Chromium against the real server and its demo shop: browse to the end
// of the list, open a category from the side menu, see a size become unavailable for a colour, and go
// from a product to its seller. Screenshots land in e2e/screenshots for people to look at.
import type { Category, Product, ProductTile } from '@quokka/contract/api/catalog';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, screenshot } from './support/browser.ts';
import { settled } from './support/settle.ts';

const API = '/rest/default/V1/storefront';

async function api<T>(path: string): Promise<T> {
  const reply = await fetch(`${baseURL()}${API}/${path}`);
  if (!reply.ok) throw new Error(`${path} answered ${reply.status}`);
  return (await reply.json()) as T;
}

/** Every product of the shop, read through the API page by page. */
async function allTiles(): Promise<ProductTile[]> {
  const tiles: ProductTile[] = [];
  for (let page = 1; page < 1000; page += 1) {
    const { data } = await api<{ data: ProductTile[] }>(`browseProducts?page=${page}`);
    tiles.push(...data);
    if (data.length < 10) return tiles;
  }
  return tiles;
}

/** A configurable product, a colour and a size that has no in-stock child in that colour (but has in another). */
async function colourWithMissingSize(tiles: readonly ProductTile[]) {
  for (const tile of tiles.filter((item) => item.type_id === 'configurable' && !item.is_giftcard)) {
    const product = await api<Product>(`product?product_id=${tile.id}`);
    const colours = product.configurable_options.color?.options ?? [];
    const sizes = product.configurable_options.size?.options ?? [];
    const inStock = (colour: number, size: number) =>
      product.configurable_products.some(
        (child) => child.qty > 0 && child.options.color === colour && child.options.size === size,
      );
    for (const colour of colours) {
      for (const size of sizes) {
        const elsewhere = colours.some((other) => inStock(other.option_value, size.option_value));
        if (!inStock(colour.option_value, size.option_value) && elsewhere) return { product, colour, size };
      }
    }
  }
  throw new Error('the demo shop has no colour with a size out of stock');
}

async function heading(page: Page, name: string) {
  const locator = page.getByRole('heading', { level: 1, name, exact: true });
  await locator.waitFor();
  return locator;
}

let browser: Browser;
let tiles: ProductTile[];

beforeAll(async () => {
  browser = await launchBrowser();
  tiles = await allTiles();
});

afterAll(async () => {
  await browser?.close();
});

describe('catalogue', () => {
  it('[ROUTE-03] [ROUTE-04] [ROUTE-05] [LIST-04] browses every product to No More Products', async () => {
    expect(tiles.length).toBeGreaterThanOrEqual(150);
    const page = await openPage(browser, '/browse');
    await heading(page, 'Browse Products');
    await page.locator('.tile img').first().waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'browse');

    const end = page.getByText('No More Products');
    for (let step = 0; step < 100 && !(await end.isVisible()); step += 1) {
      // The sentinel goes away with the last page, so it is looked up afresh each time.
      await page.evaluate(() => document.querySelector('.product-list__sentinel')?.scrollIntoView());
      await page.waitForTimeout(100);
    }
    await end.waitFor();
    expect(await page.locator('article.tile').count()).toBe(tiles.length);
    await end.scrollIntoViewIfNeeded();
    await screenshot(page, 'browse-end');

    // [SHELL-18] A supplier logo opens the seller's description.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('.tile__supplier').first().click();
    const { seller } = await api<{ seller: Product['seller'] }>(`seller?product_id=${tiles[0]?.id}`);
    const popup = page.getByRole('dialog', { name: `Supplied by ${seller.name}` });
    await popup.waitFor();
    expect(await popup.textContent()).toContain(seller.description);
    await settled(page); // the popup's entrance animation has ended
    await screenshot(page, 'supplied-by');
    await page.context().close();
  });

  it('[ROUTE-08] [SHELL-05] opens a category from the side menu, headed by its name', async () => {
    const [first] = await api<Category[]>('categories');
    if (!first) throw new Error('the demo shop has no categories');
    const page = await openPage(browser, '/browse');
    await heading(page, 'Browse Products');
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Site menu' });
    await menu.getByRole('link', { name: first.value, exact: true }).click();
    await heading(page, first.value);
    expect(new URL(page.url()).pathname).toBe(`/category/${first.entity_id}`);
    await page.locator('.tile img').first().waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'category');
    await page.context().close();
  });

  it('[VAL-37] [PDP-07] picking a colour makes a size it lacks unavailable', async () => {
    const { product, colour, size } = await colourWithMissingSize(tiles);
    const page = await openPage(browser, `/product/${product.id}`);
    await heading(page, product.name);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'product-configurable');

    const sizeButton = page
      .getByRole('group', { name: /^Size/ })
      .getByRole('button', { name: size.default_title, exact: true });
    expect(await sizeButton.isEnabled()).toBe(true);
    await page
      .getByRole('group', { name: /^Color/ })
      .getByRole('button', { name: colour.default_title, exact: true })
      .click();
    expect(await sizeButton.isDisabled()).toBe(true);
    await sizeButton.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 120));
    await screenshot(page, 'product-configurable-options');

    // [VAL-35] Add to Cart without a size names the missing choice.
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('You must select a size').waitFor();
    await page.context().close();
  });

  it('[PDP-14] [ROUTE-11] goes from a product to its seller’s profile', async () => {
    const simple = tiles.find((tile) => tile.type_id === 'simple' && tile.qty > 0);
    if (!simple) throw new Error('the demo shop has no simple product in stock');
    const product = await api<Product>(`product?product_id=${simple.id}`);
    const page = await openPage(browser, `/product/${simple.id}`);
    await heading(page, product.name);
    // [PDP-01] The header names the seller.
    await page.getByRole('banner').getByText(product.seller.name, { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'product-simple');

    await page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(product.seller.name) })
      .click();
    await heading(page, product.seller.name);
    expect(new URL(page.url()).pathname).toBe(`/sellerprofile/${product.seller.seller_url}`);
    await page.locator('.tile img').first().waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'seller-profile');
    await page.context().close();
  });

  it('[PDP-12] a gift card offers its amounts and Buy Now', async () => {
    const giftCard = tiles.find((tile) => tile.is_giftcard);
    if (!giftCard) throw new Error('the demo shop has no gift card');
    const page = await openPage(browser, `/product/${giftCard.id}`);
    await heading(page, giftCard.name);
    await page.getByRole('combobox', { name: 'Gift Card Price' }).waitFor();
    await page.getByRole('button', { name: 'Buy Now' }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'product-gift-card');
    await page.context().close();
  });

  it('stays readable on a 320px screen', async () => {
    const page = await openPage(browser, '/browse');
    await page.setViewportSize({ width: 320, height: 640 });
    await heading(page, 'Browse Products');
    await page.locator('.tile img').first().waitFor();
    await page.waitForLoadState('networkidle');
    // Nothing runs off the side.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(page, 'browse-320');
    await page.goto(
      `/product/${tiles.find((tile) => tile.type_id === 'configurable' && !tile.is_giftcard)?.id}`,
    );
    await page.locator('.pdp__name').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.evaluate(() => window.scrollBy(0, 480));
    await screenshot(page, 'product-320');
    await page.context().close();
  });
});
