// The cart: what the shopper sees in the cart popup is what the server holds and what checkout
// would charge. A stale server cart never inflates a quantity after signing in again [I11-2]; '+' stops at
// the stock the product reply gives and a refusal is said inside the line, the cart kept [I11-3]; 'Clear
// Cart' asks first [I11-4]; on a small phone the popup is a bottom sheet whose Total and Checkout stay in
// view while the lines scroll, with 44×44 steppers [I11-15]. Screenshots at 390×844 and 320×568.
import type { ProductTile } from '@quokka/contract/api/catalog';
import { MSG } from '@quokka/contract/messages';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, screenshot } from './support/browser.ts';
import { putInCart } from './support/cart.ts';
import { settled } from './support/settle.ts';
import { API, newMobile, registerMember, signInWithLink } from './support/sign-in.ts';

let browser: Browser;
let tiles: ProductTile[] = [];

async function getJson<T>(path: string): Promise<T> {
  const reply = await fetch(`${baseURL()}${API}/${path}`);
  if (!reply.ok) throw new Error(`${path} answered ${reply.status}`);
  return (await reply.json()) as T;
}

/** Simple products of the demo shop on sale, most stock first. */
function simples(minStock: number): ProductTile[] {
  return tiles
    .filter((tile) => tile.type_id === 'simple' && !tile.is_giftcard && tile.qty >= minStock)
    .sort((a, b) => b.qty - a.qty);
}

async function storedCart(page: Page): Promise<{ sku: string; qty: number }[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]'));
}

/** The server cart's lines as [sku, qty], read with the page's own token. */
async function serverCart(page: Page): Promise<[string, number][]> {
  const lines = await page.evaluate(async (api) => {
    const reply = await fetch(`${api.replace('/storefront', '')}/carts/mine/items`, {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return (await reply.json()) as { sku: string; qty: number }[];
  }, API);
  return lines.map((line) => [line.sku, line.qty]);
}

/** What another device of the same member does: a product added straight to the server cart. */
async function addOnServer(page: Page, sku: string, qty: number): Promise<void> {
  await page.evaluate(
    async ({ api, sku, qty }) => {
      const headers = {
        Authorization: `Bearer ${localStorage.getItem('token')}`,
        'Content-Type': 'application/json',
      };
      const base = api.replace('/storefront', '');
      await fetch(`${base}/carts/mine`, { method: 'POST', headers });
      await fetch(`${base}/carts/mine/items`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ cartItem: { sku, qty } }),
      });
    },
    { api: API, sku, qty },
  );
}

async function addFromProductPage(page: Page, tile: ProductTile): Promise<Locator> {
  await page.goto(`/product/${tile.id}`);
  await page.getByRole('heading', { level: 1, name: tile.name, exact: true }).waitFor();
  await page.getByRole('button', { name: MSG.addToCart, exact: true }).click();
  const popup = page.getByRole('dialog', { name: MSG.cartTitle });
  await popup.waitFor();
  return popup;
}

async function signOutFromMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Site menu' });
  await menu.getByRole('tab', { name: MSG.accountTab }).click();
  await menu.getByRole('button', { name: MSG.signOut }).click();
  await page.waitForFunction(() => localStorage.getItem('token') === null);
  await menu.waitFor({ state: 'detached' });
}

async function newMember(name: string, viewport?: { width: number; height: number }) {
  const mobile = newMobile();
  await registerMember(mobile, name);
  const page = await openPage(browser, null);
  if (viewport) await page.setViewportSize(viewport);
  await signInWithLink(page, mobile);
  return { page, mobile };
}

/** True when the element is inside the viewport and nothing covers its centre. */
async function inView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  if (box.y < 0 || box.x < 0 || box.y + box.height > viewport.height || box.x + box.width > viewport.width)
    return false;
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  for (let page = 1; page <= 5; page += 1) {
    tiles.push(...(await getJson<{ data: ProductTile[] }>(`browseProducts?page=${page}`)).data);
  }
  tiles = tiles.filter((tile, at) => tiles.findIndex((other) => other.id === tile.id) === at);
});

afterAll(() => browser?.close());

describe('cart trust', () => {
  it('[I11-2] [CART-01] [CART-06] after signing out and in again, adding an item once holds qty 1 in the browser and on the server', async () => {
    const [product] = simples(20);
    if (!product) throw new Error('the demo shop has no simple product with stock');
    const { page, mobile } = await newMember('Ada Banksia');

    const first = await addFromProductPage(page, product);
    expect(await serverCart(page)).toEqual([[product.sku, 1]]);
    await first.getByRole('button', { name: MSG.closeWindow }).click();
    await signOutFromMenu(page);
    await signInWithLink(page, mobile);

    const popup = await addFromProductPage(page, product);
    const line = popup.getByRole('listitem').filter({ hasText: product.name });
    expect(await line.locator('output').textContent()).toBe('1');
    expect((await storedCart(page)).map((item) => [item.sku, item.qty])).toEqual([[product.sku, 1]]);
    expect(await serverCart(page)).toEqual([[product.sku, 1]]);

    // Checkout charges what the popup shows.
    await popup.getByRole('button', { name: MSG.checkout }).click();
    await page.waitForURL('**/checkout');
    await page.getByRole('button', { name: MSG.confirmPurchase }).waitFor();
    await page.getByRole('status').filter({ hasText: MSG.fetchingCart }).waitFor({ state: 'detached' });
    expect(await serverCart(page)).toEqual([[product.sku, 1]]);
    await page.context().close();
  });

  it('[I11-2] a line the server holds but the browser does not (another device) is dropped by the next add', async () => {
    const [product, other] = simples(20);
    if (!product || !other) throw new Error('the demo shop has too few simple products');
    const { page } = await newMember('Bo Grevillea');
    // Another device of the same member puts a product in the server cart.
    await addOnServer(page, other.sku, 2);
    await addFromProductPage(page, product);
    expect(await serverCart(page)).toEqual([[product.sku, 1]]);
    await page.context().close();
  });

  it('[I11-2] [CHKF-12] a line another device puts in the server cart during checkout is not charged', async () => {
    const [product, other] = simples(20);
    if (!product || !other) throw new Error('the demo shop has too few simple products');
    const { page } = await newMember('Fay Hakea');
    const popup = await addFromProductPage(page, product);
    await popup.getByRole('button', { name: MSG.checkout }).click();
    await page.waitForURL('**/checkout');
    await page.getByRole('button', { name: MSG.confirmPurchase }).waitFor();
    await page.getByRole('status').filter({ hasText: MSG.fetchingCart }).waitFor({ state: 'detached' });

    // Meanwhile another device of the same member adds a product to the server cart.
    const stockBefore = (await getJson<{ qty: number }>(`product?product_id=${other.id}`)).qty;
    await addOnServer(page, other.sku, 1);
    expect(await serverCart(page)).toHaveLength(2);

    await page.getByRole('radio', { name: MSG.addNewCard }).check();
    await page.getByLabel(MSG.cardNumberLabel, { exact: true }).fill('4242 4242 4242 4242');
    await page.getByLabel(MSG.cardExpiryLabel).fill('12 / 34');
    await page.getByLabel(MSG.cardCvcLabel).fill('123');
    await page.getByRole('button', { name: MSG.confirmPurchase }).click();
    await page.waitForURL('**/success', { timeout: 20_000 });
    // The other product was not bought: its stock is as it was.
    expect((await getJson<{ qty: number }>(`product?product_id=${other.id}`)).qty).toBe(stockBefore);
    await page.context().close();
  });

  it("[I11-3] [CART-03] [ERR-06] '+' stops at the stock the product reply gives; a refusal shows in the line and the cart stays", async () => {
    const product = simples(3).at(-1);
    if (!product) throw new Error('the demo shop has no simple product with stock');
    const stock = product.qty;
    const { page } = await newMember('Cy Wattle');
    const popup = await addFromProductPage(page, product);
    const line = popup.getByRole('listitem').filter({ hasText: product.name });
    const plus = line.getByRole('button', { name: `${MSG.increaseQuantity}, ${product.name}` });
    for (let qty = 1; qty < stock; qty += 1) await plus.click();
    expect(await line.locator('output').textContent()).toBe(String(stock));
    expect(await plus.isDisabled()).toBe(true);
    expect(await line.getByText(`Only ${stock} left`).isVisible()).toBe(true);
    await expect.poll(async () => (await serverCart(page))[0]?.[1], { timeout: 5_000 }).toBe(stock);

    // The server refuses a change (the stock went down meanwhile).
    await page.route('**/carts/mine/items/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ message: MSG.qtyNotAvailable, code: 'QTY_NOT_AVAILABLE' }),
          })
        : route.continue(),
    );
    await line.getByRole('button', { name: `${MSG.decreaseQuantity}, ${product.name}` }).click();
    await line.getByText(MSG.qtyNotAvailable).waitFor({ timeout: 5_000 });
    expect(await popup.isVisible()).toBe(true);
    expect(await page.getByRole('dialog', { name: MSG.qtyNotAvailableTitle }).count()).toBe(0);
    expect(await line.locator('output').textContent()).toBe(String(stock));
    await settled(page);
    await screenshot(page, 'cart-trust-stock-cap');
    await page.context().close();
  });

  it("[I11-4] [CART-04] [ROUTE-07] 'Clear Cart' asks first; 'Keep Items' keeps them, confirming empties the cart", async () => {
    const [first, second] = simples(20);
    if (!first || !second) throw new Error('the demo shop has too few simple products');
    const { page } = await newMember('Di Boronia');
    // The first line as Add To Cart leaves it, through the API; the second added on its product page.
    await putInCart(page, first);
    const popup = await addFromProductPage(page, second);

    await popup.getByRole('button', { name: MSG.clearCart }).click();
    await popup.getByText(/Remove all 2 items/).waitFor();
    expect(await storedCart(page)).toHaveLength(2);
    await settled(page);
    await screenshot(page, 'cart-trust-clear-confirm');
    await popup.getByRole('button', { name: 'Keep Items' }).click();
    expect(await popup.getByRole('listitem').count()).toBe(2);
    expect(await serverCart(page)).toHaveLength(2);

    await popup.getByRole('button', { name: MSG.clearCart }).click();
    await popup.getByRole('button', { name: 'Yes, Clear Cart' }).click();
    await page.waitForURL('**/browse');
    expect(await storedCart(page)).toEqual([]);
    await expect.poll(() => serverCart(page)).toEqual([]);
    await page.context().close();
  });

  for (const viewport of [
    { width: 320, height: 568 },
    { width: 390, height: 844 },
  ]) {
    it(`[I11-15] [SHELL-12] [SHELL-14] at ${viewport.width}×${viewport.height} the cart is a bottom sheet: Total and a full-width Checkout stay in view while the lines scroll; steppers are 44×44`, async () => {
      const products = simples(20).slice(0, 4);
      const { page } = await newMember('Eve Correa', viewport);
      // Three lines as Add To Cart leaves them, through the API; the fourth added on its product page,
      // which opens the popup.
      const last = products.at(-1);
      if (!last) throw new Error('the demo shop has too few simple products');
      for (const product of products.slice(0, -1)) await putInCart(page, product);
      const popup = await addFromProductPage(page, last);
      await settled(page);

      const sheet = await popup.boundingBox();
      if (!sheet) throw new Error('no cart popup');
      expect(Math.round(sheet.y + sheet.height)).toBe(viewport.height); // a bottom sheet
      expect(Math.round(sheet.width)).toBe(viewport.width);

      const checkout = popup.getByRole('button', { name: MSG.checkout });
      const total = popup.getByText(MSG.total, { exact: true });
      const checkoutBox = await checkout.boundingBox();
      expect(checkoutBox?.width ?? 0).toBeGreaterThanOrEqual(viewport.width - 48);
      for (const stepper of await popup.locator('.cart-stepper__button').all()) {
        const box = await stepper.boundingBox();
        expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      }

      const lines = popup.getByRole('listitem');
      expect(await lines.count()).toBe(4);
      await lines.first().scrollIntoViewIfNeeded();
      expect(await inView(page, checkout)).toBe(true);
      expect(await inView(page, total)).toBe(true);
      await screenshot(page, `cart-trust-sheet-${viewport.width}-top`);
      await lines.last().scrollIntoViewIfNeeded();
      expect(await inView(page, lines.last().getByRole('button', { name: /^Increase/ }))).toBe(true);
      expect(await inView(page, checkout)).toBe(true);
      expect(await inView(page, total)).toBe(true);
      await screenshot(page, `cart-trust-sheet-${viewport.width}-bottom`);
      await page.context().close();
    });
  }
});
