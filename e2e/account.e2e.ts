// My Account in a real Chromium against the real server in sandbox mode: a member adds an address with
// the places search, makes it the default shipping address, finds it preselected at checkout, pays (and
// saves the card), then opens the order from the orders list. Every account page is photographed at
// 390×844 for people to look at.
import type { ProductTile } from '@quokka/contract/api/catalog';
import { MSG } from '@quokka/contract/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, screenshot } from './support/browser.ts';
import { settled } from './support/settle.ts';
import { API, newMobile, registerMember, signInWithLink } from './support/sign-in.ts';

let browser: Browser;
let product: ProductTile;

async function noSideScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

/** An account page, loaded: its heading and no loading text left. */
async function accountPage(page: Page, heading: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  await loaded(page);
  await noSideScroll(page);
}

/** No part of the page is still loading. */
async function loaded(page: Page): Promise<void> {
  await expect.poll(() => page.getByRole('status').filter({ hasText: MSG.loadingAccount }).count()).toBe(0);
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

beforeAll(async () => {
  browser = await launchBrowser();
  const tiles: ProductTile[] = [];
  for (let page = 1; page <= 5; page += 1) {
    const reply = await fetch(`${baseURL()}${API}/browseProducts?page=${page}`);
    tiles.push(...((await reply.json()) as { data: ProductTile[] }).data);
  }
  const tile = tiles.find((entry) => entry.type_id === 'simple' && !entry.is_giftcard && entry.qty >= 5);
  if (!tile) throw new Error('the demo shop has no simple product with stock');
  product = tile;
});

afterAll(() => browser?.close());

describe('My Account at 390×844', () => {
  it('[ROUTE-20] [ROUTE-21] [ROUTE-22] [ROUTE-23] [ROUTE-24] [ROUTE-25] [ROUTE-26] [ACCT-01] [ACCT-02] [ACCT-05] [ACCT-06] [ACCT-07] [ACCT-08] [ACCT-09] [ACCT-10] [ACCT-12] [ACCT-13] [ACCT-14] [ACCT-15] [ACCT-16] [ACCT-17] [ACCT-18] [ACCT-19] [ACCT-20] [ACCT-21] [CHK-10] a member adds an address, makes it the default shipping address, sees it preselected at checkout, and opens the order', async () => {
    const mobile = newMobile();
    await registerMember(mobile, 'Kit Banksia');
    const page = await openPage(browser, null);
    await signInWithLink(page, mobile);

    // [ACCT-01] My Account, from the side menu's Account tab.
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Site menu' });
    await menu.getByRole('tab', { name: MSG.accountTab }).click();
    await menu.getByRole('link', { name: MSG.myAccount }).click();
    await accountPage(page, MSG.myAccount);
    expect(await region(page, MSG.billingAddress).getByText('5 Ocean St').isVisible()).toBe(true);
    expect(await region(page, MSG.defaultShippingAddress).getByText('5 Ocean St').isVisible()).toBe(true);
    expect(await region(page, MSG.orders).getByText(MSG.noOrders).isVisible()).toBe(true);
    await screenshot(page, 'account');

    // [ACCT-02] Address information, then Add New Address.
    await page.getByRole('link', { name: MSG.addressInformation }).click();
    await accountPage(page, MSG.addressInformation);
    await screenshot(page, 'account-address-information');
    await page.getByRole('link', { name: MSG.addNewAddress }).click();
    await accountPage(page, MSG.addNewAddress);

    // [ACCT-09..12] The member's name and mobile to start with; Save Address with no address shows the
    // §5 messages and reveals the manual fields [VAL-29].
    expect(await page.getByLabel(MSG.fullNameLabel).inputValue()).toBe('Kit Banksia');
    expect(await page.getByLabel(MSG.mobileLabel).inputValue()).toBe(mobile.national);
    await page.getByRole('button', { name: MSG.saveAddress }).click();
    await page.getByText(MSG.missingStreet).waitFor();
    expect(await page.getByText(MSG.missingPostcode).isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'account-add-address-errors');

    // [ACCT-10] The places search fills the manual fields.
    const search = page.getByRole('combobox', { name: MSG.addressSearchLabel });
    await search.pressSequentially('12 King St, Newtown', { delay: 20 });
    const option = page.getByRole('option').filter({ hasText: 'Newtown NSW' }).first();
    await option.waitFor();
    await screenshot(page, 'account-add-address-search');
    await option.click();
    expect(await page.getByLabel(MSG.streetAddressLabel).inputValue()).toBe('12 King St');
    expect(await page.getByLabel(MSG.suburbLabel).inputValue()).toBe('Newtown');
    expect(await page.getByRole('combobox', { name: MSG.stateLabel }).inputValue()).toBe('NSW');
    if ((await page.getByLabel(MSG.postcodeLabel).inputValue()) === '')
      await page.getByLabel(MSG.postcodeLabel).fill('2042');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'account-add-address');
    await page.getByRole('button', { name: MSG.saveAddress }).click();

    // Back on the address page with the new address listed; the defaults are where they were.
    await page.waitForURL('**/account/addressinformation');
    await accountPage(page, MSG.addressInformation);
    await region(page, MSG.shippingAddresses).getByText('12 King St').waitFor();
    expect(await region(page, MSG.defaultShippingAddress).getByText('5 Ocean St').isVisible()).toBe(true);

    // [ACCT-05..08] Set Default Shipping: a Set button per address; then the cart is fetched again and
    // the page shows the new default.
    await page.getByRole('button', { name: MSG.setDefaultShipping }).click();
    const popup = page.getByRole('dialog', { name: MSG.setDefaultShipping });
    await popup.waitFor();
    expect(await popup.getByRole('button', { name: /^Set / }).count()).toBe(2);
    await settled(page);
    await screenshot(page, 'account-set-default-shipping');
    const cartFetched = page.waitForResponse(
      (response) => response.url().endsWith('/carts/mine') && response.request().method() === 'GET',
    );
    await popup.getByRole('button', { name: /^Set 12 King St/ }).click();
    await popup.waitFor({ state: 'detached' });
    await cartFetched;
    await region(page, MSG.defaultShippingAddress).getByText('12 King St').waitFor();
    expect(await region(page, MSG.billingAddress).getByText('5 Ocean St').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/account/addressinformation');
    await screenshot(page, 'account-address-information-new-default');

    // [CHK-10] Checkout preselects the new default shipping address.
    await page.goto(`/product/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.name, exact: true }).waitFor();
    await page.getByRole('button', { name: MSG.addToCart, exact: true }).click();
    await page
      .getByRole('dialog', { name: MSG.cartTitle })
      .getByRole('button', { name: MSG.checkout })
      .click();
    await page.waitForURL('**/checkout');
    await page.getByRole('button', { name: MSG.confirmPurchase }).waitFor();
    await page.getByRole('status').filter({ hasText: MSG.fetchingCart }).waitFor({ state: 'detached' });
    const preselected = page.getByRole('radio', { name: /12 King St/ });
    expect(await preselected.isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /5 Ocean St/ }).isChecked()).toBe(false);
    await page.getByRole('heading', { name: MSG.shippingInformation }).scrollIntoViewIfNeeded();
    await screenshot(page, 'account-checkout-preselected');

    // Pay with the sandbox's test Visa and keep it for the saved cards page.
    await page.getByRole('radio', { name: MSG.addNewCard }).check();
    await page.getByLabel(MSG.cardNumberLabel, { exact: true }).fill('4242 4242 4242 4242');
    await page.getByLabel(MSG.cardExpiryLabel).fill('12 / 34');
    await page.getByLabel(MSG.cardCvcLabel).fill('123');
    await page.getByLabel(MSG.saveCard).check();
    await page.getByRole('button', { name: MSG.confirmPurchase }).click();
    await page.waitForURL('**/success', { timeout: 20_000 });
    const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
    expect(orderNumber).toMatch(/^\d{9}$/);

    // [ACCT-17, ACCT-18] The orders list, from My Account.
    await page.goto('/account');
    await accountPage(page, MSG.myAccount);
    await region(page, MSG.orders)
      .getByRole('heading', { name: `#${orderNumber}` })
      .waitFor();
    await page.getByRole('link', { name: MSG.myOrders }).click();
    await accountPage(page, MSG.myOrders);
    const order = page.getByRole('article', { name: `#${orderNumber}` });
    expect(await order.getByText('Kit Banksia').isVisible()).toBe(true);
    expect(await order.getByText(/^12 King St, Newtown NSW/).isVisible()).toBe(true);
    expect(await order.getByText(/^\$\d+\.\d\d$/).isVisible()).toBe(true);
    await screenshot(page, 'account-orders');

    // [ACCT-19..21] View Order.
    await order.getByRole('link', { name: /^View Order/ }).click();
    await page.waitForURL('**/account/order/*');
    await accountPage(page, MSG.viewOrder);
    const items = page.getByRole('table');
    expect(await items.getByRole('rowheader', { name: product.name }).isVisible()).toBe(true);
    expect(await page.getByText(MSG.shippingAmount, { exact: true }).isVisible()).toBe(true);
    expect(await region(page, MSG.shippingAddress).getByText('12 King St').isVisible()).toBe(true);
    // Checkout bills the address it ships to.
    expect(await region(page, MSG.billingAddress).getByText('Kit Banksia').isVisible()).toBe(true);
    await screenshot(page, 'account-order');
    await region(page, MSG.billingAddress).scrollIntoViewIfNeeded();
    await screenshot(page, 'account-order-addresses');

    // [ACCT-14..16] The card saved at checkout.
    await page.goto('/account/savedcards');
    await accountPage(page, MSG.savedCards);
    const card = page.getByRole('listitem', { name: 'Visa ending in 4242' });
    expect(await card.getByRole('img', { name: 'Visa' }).isVisible()).toBe(true);
    expect(await card.getByText('**4242').isVisible()).toBe(true);
    // The sandbox keeps its own test expiry (as Stripe's test cards do), shown as MM/YY.
    expect(await card.getByText(/^\d\d\/\d\d$/).isVisible()).toBe(true);
    await screenshot(page, 'account-saved-cards');

    // [ACCT-13] Name and email.
    await page.goto('/account/personaldetails');
    await accountPage(page, MSG.personalDetails);
    expect(await page.getByText('Kit Banksia').isVisible()).toBe(true);
    expect(await page.getByText(`kit.${mobile.e164.slice(-6)}@example.com`).isVisible()).toBe(true);
    await screenshot(page, 'account-personal-details');

    // Usable at 320px too.
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of ['/account', '/account/addressinformation', '/account/orders']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await loaded(page);
      await noSideScroll(page);
    }
    await page.context().close();
  });

  it('[ROUTE-36] [ROLE-08] a signed-out visitor opening an account page lands on /browse', async () => {
    const page = await openPage(browser, '/account/orders');
    await page.waitForURL('**/browse');
    await page.getByRole('heading', { level: 1, name: MSG.browseHeading }).waitFor();
    await page.context().close();
  });
});
