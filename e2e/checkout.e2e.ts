// Cart, checkout and card payments in a real Chromium against the real server in sandbox mode: a member
// adds a configurable product and a simple one, changes a quantity in the cart popup, pays with the test
// card 4242 4242 4242 4242 and saves it, buys again with the saved card, and a declined card shows the
// payment error with the cart intact. Screenshots at 390×844 for people to look at.
import type { Product, ProductTile } from '@quokka/contract/api/catalog';
import { MSG } from '@quokka/contract/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, screenshot } from './support/browser.ts';
import { settled } from './support/settle.ts';
import { API, newMobile, registerMember, signInWithLink } from './support/sign-in.ts';

let browser: Browser;
let simple: ProductTile;
let configurable: Product;

async function getJson<T>(path: string): Promise<T> {
  const reply = await fetch(`${baseURL()}${API}/${path}`);
  if (!reply.ok) throw new Error(`${path} answered ${reply.status}`);
  return (await reply.json()) as T;
}

/** A simple product and a configurable one (with colour and size in stock) from the demo shop. */
async function pickProducts(): Promise<void> {
  const tiles: ProductTile[] = [];
  for (let page = 1; page <= 5; page += 1) {
    tiles.push(...(await getJson<{ data: ProductTile[] }>(`browseProducts?page=${page}`)).data);
  }
  const simpleTile = tiles.find((tile) => tile.type_id === 'simple' && !tile.is_giftcard && tile.qty >= 20);
  if (!simpleTile) throw new Error('the demo shop has no simple product with stock');
  simple = simpleTile;
  for (const tile of tiles.filter((entry) => entry.type_id === 'configurable' && !entry.is_giftcard)) {
    const product = await getJson<Product>(`product?product_id=${tile.id}`);
    const child = product.configurable_products.find(
      (entry) => entry.qty >= 5 && entry.options.color !== undefined && entry.options.size !== undefined,
    );
    if (child) {
      configurable = product;
      return;
    }
  }
  throw new Error('the demo shop has no configurable product with colour and size in stock');
}

async function storedCart(page: Page): Promise<{ sku: string; qty: number; item_id: number }[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]'));
}

async function addConfigurable(page: Page): Promise<void> {
  const child = configurable.configurable_products.find(
    (entry) => entry.qty >= 5 && entry.options.color !== undefined && entry.options.size !== undefined,
  );
  const colour = configurable.configurable_options.color?.options.find(
    (o) => o.option_value === child?.options.color,
  );
  const size = configurable.configurable_options.size?.options.find(
    (o) => o.option_value === child?.options.size,
  );
  if (!colour || !size) throw new Error('no colour and size to choose');
  await page.goto(`/product/${configurable.id}`);
  await page.getByRole('heading', { level: 1, name: configurable.name, exact: true }).waitFor();
  await page
    .getByRole('group', { name: /^Colou?r/ })
    .getByRole('button', { name: colour.default_title, exact: true })
    .click();
  await page
    .getByRole('group', { name: /^Size/ })
    .getByRole('button', { name: size.default_title, exact: true })
    .click();
  await page.getByRole('button', { name: MSG.addToCart, exact: true }).click();
  await page.getByRole('dialog', { name: MSG.cartTitle }).waitFor();
}

async function addSimple(page: Page): Promise<void> {
  await page.goto(`/product/${simple.id}`);
  await page.getByRole('heading', { level: 1, name: simple.name, exact: true }).waitFor();
  await page.getByRole('button', { name: MSG.addToCart, exact: true }).click();
  await page.getByRole('dialog', { name: MSG.cartTitle }).waitFor();
}

async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByRole('radio', { name: MSG.addNewCard }).check();
  await page.getByLabel(MSG.cardNumberLabel, { exact: true }).fill(number);
  await page.getByLabel(MSG.cardExpiryLabel).fill('12 / 34');
  await page.getByLabel(MSG.cardCvcLabel).fill('123');
}

async function waitForCheckout(page: Page): Promise<void> {
  await page.waitForURL('**/checkout');
  await page.getByRole('button', { name: MSG.confirmPurchase }).waitFor();
  await page.getByRole('status').filter({ hasText: MSG.fetchingCart }).waitFor({ state: 'detached' });
}

beforeAll(async () => {
  browser = await launchBrowser();
  await pickProducts();
});

afterAll(() => browser?.close());

describe('cart and checkout at 390×844', () => {
  it('[ROLE-06] [CART-01] [CART-02] [SHELL-12] [SHELL-13] [SHELL-14] [ROUTE-18] [CHK-01] [CHK-03] [CHK-08] [CHK-10] [CHK-13] [CHK-15] [CHK-16] [CHKF-10] [CHKF-15] [SUCC-01] [SUCC-02] [SUCC-03] [CHK-14] [ERR-08] [VAL-33] a member buys with a new card, saves it, buys again with it, and a declined card leaves the cart intact', async () => {
    const mobile = newMobile();
    await registerMember(mobile, 'Ivy Waratah');
    const page = await openPage(browser, null);
    await signInWithLink(page, mobile);

    // A configurable product with its colour and size, then a simple one.
    await addConfigurable(page);
    await addSimple(page);
    const popup = page.getByRole('dialog', { name: MSG.cartTitle });
    expect(await popup.getByRole('listitem').count()).toBe(2);
    expect(await popup.getByText(MSG.delivery).isVisible()).toBe(true);

    // [CART-02] Stepping up twice sends one update a second after the last tap.
    const updates: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/carts/mine/items/'))
        updates.push(request.url());
    });
    const increase = popup.getByRole('button', { name: `${MSG.increaseQuantity}, ${simple.name}` });
    await increase.click();
    await increase.click();
    await expect.poll(() => updates.length, { timeout: 5_000 }).toBe(1);
    expect((await storedCart(page)).find((line) => line.sku === simple.sku)?.qty).toBe(3);
    await settled(page);
    await screenshot(page, 'checkout-cart-popup');

    await popup.getByRole('button', { name: MSG.checkout }).click();
    await waitForCheckout(page);
    expect(await page.getByRole('timer').textContent()).toMatch(/Confirm in\s*(3:00|2:[45]\d)/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'checkout-top');

    // [CHKF-10] Nothing chosen for the card: the §5 message, nothing sent.
    await fillCard(page, '');
    await page.getByRole('button', { name: MSG.confirmPurchase }).click();
    await page.getByText(MSG.enterCard).first().waitFor();

    await fillCard(page, '4242 4242 4242 4242');
    await page.getByLabel(MSG.saveCard).check();
    await page.getByRole('heading', { name: MSG.paymentInformation }).scrollIntoViewIfNeeded();
    await screenshot(page, 'checkout-payment');
    await page.getByRole('button', { name: MSG.confirmPurchase }).click();

    await page.waitForURL('**/success', { timeout: 20_000 });
    await page.getByRole('heading', { level: 1, name: MSG.thankYou }).waitFor();
    const orderNumber = await page.getByTestId('order-number').textContent();
    expect(orderNumber).toMatch(/^\d{9}$/);
    expect(await storedCart(page)).toEqual([]);
    await screenshot(page, 'checkout-success');

    // Again, with the saved card [CHK-14].
    await addSimple(page);
    await page
      .getByRole('dialog', { name: MSG.cartTitle })
      .getByRole('button', { name: MSG.checkout })
      .click();
    await waitForCheckout(page);
    const saved = page.getByRole('radio', { name: /4242/ });
    expect(await saved.isChecked()).toBe(true);
    expect(await page.getByText(/Expires \d\d\/\d\d/).count()).toBeGreaterThan(0);
    await page.getByRole('heading', { name: MSG.paymentInformation }).scrollIntoViewIfNeeded();
    await screenshot(page, 'checkout-saved-card');
    await page.getByRole('button', { name: MSG.confirmPurchase }).click();
    await page.waitForURL('**/success', { timeout: 20_000 });
    const second = await page.getByTestId('order-number').textContent();
    expect(second).toMatch(/^\d{9}$/);
    expect(second).not.toBe(orderNumber);

    // A declined card: the payment error on the card field, and the cart as it was [ERR-08, VAL-33].
    await addSimple(page);
    await page
      .getByRole('dialog', { name: MSG.cartTitle })
      .getByRole('button', { name: MSG.checkout })
      .click();
    await waitForCheckout(page);
    const before = await storedCart(page);
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: MSG.confirmPurchase }).click();
    await page.getByText(MSG.paymentError).first().waitFor({ timeout: 15_000 });
    expect(await page.getByText('Your card was declined.').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/checkout');
    expect(await storedCart(page)).toEqual(before);
    const serverCart = await page.evaluate(async (api) => {
      const reply = await fetch(`${api.replace('/storefront', '')}/carts/mine/items`, {
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return (await reply.json()) as { sku: string; qty: number }[];
    }, API);
    expect(serverCart.map((line) => [line.sku, line.qty])).toEqual(
      before.map((line) => [line.sku, line.qty]),
    );
    await page.getByText(MSG.paymentError).first().scrollIntoViewIfNeeded();
    await screenshot(page, 'checkout-declined');
    await page.context().close();
  });
});
