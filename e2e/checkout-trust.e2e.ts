// The checkout the shopper can trust, in a real Chromium against the real server (sandbox
// mode): a typed address is the one shipped to [I11-1], the countdown is a sticky m:ss chip that warns
// and keeps the cart and the typed address when time is up [I11-6], a failed submit shows its first
// error above the sticky bar with focus on it [I11-7], and saved cards read '**4242' everywhere [I11-19].
import type { ProductTile } from '@quokka/contract/api/catalog';
import { MSG } from '@quokka/contract/messages';
import type { Browser, BrowserContextOptions, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, screenshot } from './support/browser.ts';
import { putInCart } from './support/cart.ts';
import { settled } from './support/settle.ts';
import { API, newMobile, registerMember, signInWithLink } from './support/sign-in.ts';

const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 320, height: 568 };

let browser: Browser;
let simple: ProductTile;

beforeAll(async () => {
  browser = await launchBrowser();
  const tiles: ProductTile[] = [];
  for (let page = 1; page <= 5; page += 1) {
    const reply = await fetch(`${baseURL()}${API}/browseProducts?page=${page}`);
    tiles.push(...((await reply.json()) as { data: ProductTile[] }).data);
  }
  const tile = tiles.find((entry) => entry.type_id === 'simple' && !entry.is_giftcard && entry.qty >= 20);
  if (!tile) throw new Error('the demo shop has no simple product with stock');
  simple = tile;
});

afterAll(() => browser?.close());

async function phonePage(
  viewport = PHONE,
  { fakeClock = false }: { fakeClock?: boolean } = {},
): Promise<Page> {
  const options: BrowserContextOptions = {
    viewport,
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    baseURL: baseURL(),
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
  };
  const page = await (await browser.newContext(options)).newPage();
  // The countdown's 180 s pass in a moment: the page's clock is ours from its first script.
  if (fakeClock) await page.clock.install();
  return page;
}

/** A registered member (default address 5 Ocean St, Bondi), signed in. */
async function signedInMember(page: Page, name: string): Promise<void> {
  const mobile = newMobile();
  await registerMember(mobile, name);
  await signInWithLink(page, mobile);
}

/** A signed-in member who has just tapped Add To Cart on a product page: the cart popup. */
async function memberWithCartOpen(page: Page, name = 'Ivy Waratah'): Promise<Locator> {
  await signedInMember(page, name);
  await page.goto(`/product/${simple.id}`);
  await page.getByRole('heading', { level: 1, name: simple.name, exact: true }).waitFor();
  await page.getByRole('button', { name: MSG.addToCart, exact: true }).click();
  const popup = page.getByRole('dialog', { name: MSG.cartTitle });
  await popup.waitFor();
  return popup;
}

/**
 * A signed-in member at checkout with one product. The product goes into the cart through the API, as
 * Add To Cart would put it (support/cart.ts): these journeys test checkout, and the product page and its
 * popup are tested elsewhere (and by [I13-checkout] and [I11-19] below).
 */
async function memberAtCheckout(page: Page, name = 'Ivy Waratah'): Promise<void> {
  await signedInMember(page, name);
  await putInCart(page, simple);
  await page.goto('/checkout');
  await waitForCheckout(page);
}

async function waitForCheckout(page: Page): Promise<void> {
  await page.waitForURL('**/checkout');
  await page.getByRole('button', { name: MSG.confirmPurchase }).waitFor();
  await page.getByRole('status').filter({ hasText: MSG.fetchingCart }).waitFor({ state: 'detached' });
}

async function fillCard(page: Page, number: string): Promise<void> {
  await page.getByRole('radio', { name: MSG.addNewCard }).check();
  await page.getByLabel(MSG.cardNumberLabel, { exact: true }).fill(number);
  await page.getByLabel(MSG.cardExpiryLabel).fill('12 / 34');
  await page.getByLabel(MSG.cardCvcLabel).fill('123');
}

/** '+ Add New', then the address typed by hand; 'Save Address' is not tapped. */
async function typeNewAddress(page: Page, parts: { street: string; postcode: string }): Promise<void> {
  await page.getByRole('button', { name: MSG.addNew, exact: true }).click();
  const form = page.getByRole('form', { name: MSG.addNewAddress });
  await form.getByRole('button', { name: MSG.enterAddressManually }).click();
  await form.getByLabel(MSG.streetAddressLabel).fill(parts.street);
  await form.getByLabel(MSG.suburbLabel).fill('Perth');
  await form.getByLabel(MSG.stateLabel).selectOption('WA');
  await form.getByLabel(MSG.postcodeLabel).fill(parts.postcode);
}

async function storedCart(page: Page): Promise<{ sku: string; qty: number }[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]'));
}

/** Where an element sits in the viewport, and where the sticky Confirm bar begins. */
async function placeOf(page: Page, selector: string) {
  return page.evaluate((target) => {
    const element = document.querySelector(target);
    const bar = document.querySelector('.checkout__confirm');
    const box = element?.getBoundingClientRect();
    return {
      top: box?.top ?? -1,
      bottom: box?.bottom ?? -1,
      barTop: bar?.getBoundingClientRect().top ?? -1,
    };
  }, selector);
}

async function focused(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement;
    return {
      tag: active?.tagName.toLowerCase() ?? '',
      label: active?.id ? (document.querySelector(`label[for="${active.id}"]`)?.textContent ?? '') : '',
      text: active?.textContent ?? '',
    };
  });
}

const payBar = (page: Page) => page.locator('.checkout__confirm');

type Box = { x: number; y: number; width: number; height: number };

/** At least 4 px between two boxes, side by side or one above the other. */
function apart(a: Box, b: Box): boolean {
  return (
    a.x + a.width + 4 <= b.x ||
    b.x + b.width + 4 <= a.x ||
    a.y + a.height + 4 <= b.y ||
    b.y + b.height + 4 <= a.y
  );
}

describe('the address shipped to is the one the shopper sees [I11-1]', () => {
  it('[I11-1] [CHK-11] [CHK-12] [CHKF-10] [CHKF-11] a typed, unsaved address: incomplete stops Confirm with its messages; complete, Confirm saves it and ships there, said beside the pay button', async () => {
    const page = await phonePage();
    await memberAtCheckout(page);
    expect(
      await payBar(page)
        .getByText(/^Ship to:/)
        .textContent(),
    ).toBe('Ship to: 5 Ocean St, Bondi');

    const placements: Request[] = [];
    const shippings: Request[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'POST') return;
      if (request.url().endsWith('/payment-information')) placements.push(request);
      if (request.url().endsWith('/shipping-information')) shippings.push(request);
    });

    // Incomplete (no postcode): nothing is charged, the form says what is missing.
    await typeNewAddress(page, { street: '5 Hay St', postcode: '' });
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: MSG.confirmPurchase }).click();
    const form = page.getByRole('form', { name: MSG.addNewAddress });
    await form.getByText(MSG.missingPostcode).waitFor();
    expect((await focused(page)).label).toBe(MSG.postcodeLabel);
    expect(await payBar(page).getByRole('alert').textContent()).toBeTruthy();
    // Nothing to wait for but time: a payment sent in spite of the messages would be on its way by now.
    await page.waitForTimeout(500);
    expect(placements).toHaveLength(0);
    await screenshot(page, 'i11-1-incomplete-address');

    // Complete: Confirm saves it, restates it and ships there.
    await form.getByLabel(MSG.postcodeLabel).fill('6000');
    await page.getByRole('button', { name: MSG.confirmPurchase }).click();
    await page.waitForURL('**/success', { timeout: 20_000 });
    expect(shippings).toHaveLength(1);
    const sent = shippings[0]?.postDataJSON() as {
      addressInformation: { shipping_address: { street: string[]; city: string; postcode: string } };
    };
    expect(sent.addressInformation.shipping_address).toMatchObject({
      street: ['5 Hay St'],
      city: 'Perth',
      postcode: '6000',
    });
    // It is in the address book now, for next time.
    const book = await page.evaluate(async () => {
      const reply = await fetch('/rest/default/V1/customers/me', {
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return ((await reply.json()) as { addresses: { street: string[] }[] }).addresses.map(
        (a) => a.street[0],
      );
    });
    expect(book).toContain('5 Hay St');
    await page.context().close();
  });

  it('[I11-1] the pay button restates the chosen address, and a member with no saved address buys with the one typed at checkout', async () => {
    const page = await phonePage();
    await memberAtCheckout(page, 'Noor Jarrah');
    // The member's only address goes: this checkout starts with none.
    await page.evaluate(async () => {
      await fetch('/rest/default/V1/customers/me', {
        method: 'PUT',
        headers: {
          Authorization: `Bearer ${localStorage.getItem('token')}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ customer: { addresses: [] } }),
      });
    });
    await page.reload();
    await waitForCheckout(page);
    const form = page.getByRole('form', { name: MSG.addNewAddress });
    await form.getByRole('button', { name: MSG.enterAddressManually }).click();
    await form.getByLabel(MSG.streetAddressLabel).fill('5 Hay St');
    await form.getByLabel(MSG.suburbLabel).fill('Perth');
    await form.getByLabel(MSG.stateLabel).selectOption('WA');
    await form.getByLabel(MSG.postcodeLabel).fill('6000');
    expect(
      await payBar(page)
        .getByText(/^Ship to:/)
        .textContent(),
    ).toBe('Ship to: the new address above');
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: MSG.confirmPurchase }).click();
    // Saved and chosen; the total on screen had no delivery yet, so it is shown before it is charged.
    await payBar(page).getByRole('alert').filter({ hasText: 'Delivery here is' }).waitFor();
    expect(
      await payBar(page)
        .getByText(/^Ship to:/)
        .textContent(),
    ).toBe('Ship to: 5 Hay St, Perth');
    await screenshot(page, 'i11-1-new-total');
    await page.getByRole('button', { name: MSG.confirmPurchase }).click();
    await page.waitForURL('**/success', { timeout: 20_000 });
    await page.context().close();
  });
});

describe('the countdown [I11-6]', () => {
  it('[I11-6] [CHK-01] [CHKF-08] [CHKF-09] [CONST-05] a sticky m:ss chip by the pay button, a warning at 30 s, no restart after a failed Confirm; at 0 the seller profile, with the cart and the typed address kept', async () => {
    const page = await phonePage(PHONE, { fakeClock: true });
    await memberAtCheckout(page);
    const chip = payBar(page).getByRole('timer');
    expect(await chip.textContent()).toMatch(/^Confirm in\s*(3:00|2:5\d)$/);

    // Sticky: still beside the pay button at the top of the page and at its foot.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await chip.isVisible()).toBe(true);
    const top = await chip.boundingBox();
    expect((top?.y ?? 0) + (top?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);

    // A failed Confirm (no card) does not start it again.
    await page.clock.runFor(60_000);
    await page.getByRole('button', { name: MSG.confirmPurchase }).click();
    await page.getByText(MSG.enterCard).first().waitFor();
    await page.clock.runFor(2_000);
    expect(await chip.textContent()).toMatch(/Confirm in\s*1:5\d$/);

    // Typed, not saved: kept through the timeout.
    await typeNewAddress(page, { street: '5 Hay St', postcode: '6000' });
    // Typing took real time too: go to 32 s left, then past 30.
    const [, minutes = '0', seconds = '0'] = /(\d):(\d\d)$/.exec((await chip.textContent()) ?? '') ?? [];
    await page.clock.runFor((Number(minutes) * 60 + Number(seconds) - 32) * 1000);
    expect(await chip.textContent()).toMatch(/Confirm in\s*0:3[12]$/);
    expect(await payBar(page).locator('.countdown--urgent').count()).toBe(0);
    expect(await page.getByRole('status').filter({ hasText: '30 seconds left' }).count()).toBe(0);
    await page.clock.runFor(2_000);
    expect(await chip.textContent()).toMatch(/Confirm in\s*0:(30|29)$/);
    expect(await payBar(page).locator('.countdown--urgent').count()).toBe(1);
    expect(await page.getByRole('status').filter({ hasText: '30 seconds left' }).count()).toBe(1);
    await screenshot(page, 'i11-6-countdown-warning');

    const cart = await storedCart(page);
    await page.clock.runFor(31_000);
    await page.waitForURL('**/sellerprofile/**');
    const state = await page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr);
    expect(state).toEqual({ checkoutTimedOut: true });
    // The seller profile says why the shopper is there.
    await page
      .getByRole('status')
      .filter({ hasText: 'Your checkout timed out — your cart is saved' })
      .waitFor({ timeout: 10_000 });
    await screenshot(page, 'i11-6-seller-profile-timed-out');
    expect(await storedCart(page)).toEqual(cart);

    // Back through the cart, as a shopper would: the address typed is still there.
    await page.getByRole('button', { name: /^Cart, 1 item/ }).click();
    await page
      .getByRole('dialog', { name: MSG.cartTitle })
      .getByRole('button', { name: MSG.checkout })
      .click();
    await waitForCheckout(page);
    const form = page.getByRole('form', { name: MSG.addNewAddress });
    expect(await form.getByLabel(MSG.streetAddressLabel).inputValue()).toBe('5 Hay St');
    expect(await form.getByLabel(MSG.postcodeLabel).inputValue()).toBe('6000');
    expect(await chip.textContent()).toMatch(/Confirm in\s*(3:00|2:5\d)$/);
    await page.context().close();
  });

  it('[I11-6] at 320×568 the title does not touch the countdown chip, which stays on screen by the pay button', async () => {
    const page = await phonePage(SMALL_PHONE);
    await memberAtCheckout(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    const title = await page.getByRole('heading', { level: 1, name: MSG.checkout }).boundingBox();
    const chip = await payBar(page).getByRole('timer').boundingBox();
    const total = await payBar(page).locator('.checkout__pay-total strong').boundingBox();
    if (!title || !chip || !total) throw new Error('no title, chip or total');
    // Neither the title nor the total touches the chip.
    expect(apart(title, chip)).toBe(true);
    expect(apart(total, chip)).toBe(true);
    expect(chip.x + chip.width).toBeLessThanOrEqual(SMALL_PHONE.width);
    expect(chip.y + chip.height).toBeLessThanOrEqual(SMALL_PHONE.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      SMALL_PHONE.width,
    );
    await screenshot(page, 'i11-6-checkout-320-top');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await screenshot(page, 'i11-6-checkout-320-pay');
    await page.context().close();
  });
});

describe('errors where the shopper sees them [I11-7]', () => {
  for (const [size, viewport] of [
    ['390×844', PHONE],
    ['320×568', SMALL_PHONE],
  ] as const) {
    it(`[I11-7] [VAL-31] at ${size}, 'Please enter a Card for Payment' is scrolled above the sticky bar, its field focused, and summed up above the pay button`, async () => {
      const page = await phonePage(viewport);
      await memberAtCheckout(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('button', { name: MSG.confirmPurchase }).click();
      await page.getByText(MSG.enterCard).first().waitFor();
      await settled(page); // the smooth scroll to the error has ended
      const place = await placeOf(page, '.card-field .field-error');
      expect(place.top).toBeGreaterThan(56); // below the shell header
      expect(place.bottom).toBeLessThanOrEqual(place.barTop);
      expect((await focused(page)).label).toBe(MSG.cardNumberLabel);
      expect(await payBar(page).getByRole('alert').textContent()).toBe(MSG.enterCard);
      await screenshot(page, `i11-7-enter-card-${viewport.width}`);
      await page.context().close();
    });
  }

  it('[I11-7] [ERR-08] [VAL-33] a declined card: the reason above the sticky bar, focus on the card field (never <body>), the summary above the pay button', async () => {
    const page = await phonePage();
    await memberAtCheckout(page);
    await fillCard(page, '4000 0000 0000 0002');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: MSG.confirmPurchase }).click();
    await page.getByText('Your card was declined.').first().waitFor({ timeout: 15_000 });
    await settled(page); // the smooth scroll to the error has ended
    const place = await placeOf(page, '.card-field .field-error');
    expect(place.top).toBeGreaterThan(56);
    expect(place.bottom).toBeLessThanOrEqual(place.barTop);
    const active = await focused(page);
    expect(active.tag).not.toBe('body');
    expect(active.label).toBe(MSG.cardNumberLabel);
    expect(await payBar(page).getByRole('alert').textContent()).toContain(MSG.paymentError);
    await screenshot(page, 'i11-7-declined');
    await page.context().close();
  });
});

describe('checkout ready in as few round trips as its calls allow [I13-checkout]', () => {
  it('[I13-checkout] with 300 ms on every API call, the calls that do not wait for each other overlap: the page is ready after at most 5 round trips, one delivery estimate', async () => {
    const page = await phonePage();
    const popup = await memberWithCartOpen(page, 'Rae Grevillea');

    const calls: { name: string; start: number; end: number }[] = [];
    await page.route('**/rest/**', async (route) => {
      const start = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const response = await route.fetch();
      calls.push({
        name: `${route.request().method()} ${new URL(route.request().url()).pathname}`,
        start,
        end: Date.now(),
      });
      await route.fulfill({ response });
    });
    const opened = Date.now();
    await popup.getByRole('button', { name: MSG.checkout }).click();
    await waitForCheckout(page);
    const ready = Date.now();
    await page.unroute('**/rest/**');
    // A call's round trip is one more than the deepest call that had answered before it was sent.
    const depth = new Map<(typeof calls)[number], number>();
    const sorted = calls.filter((call) => call.start >= opened).sort((a, b) => a.start - b.start);
    for (const call of sorted) {
      const before = sorted.filter((other) => other.end <= call.start).map((other) => depth.get(other) ?? 1);
      depth.set(call, 1 + Math.max(0, ...before));
    }
    const roundTrips = Math.max(...depth.values());
    console.log(
      `[I13-checkout] ${sorted.length} calls in ${roundTrips} round trips, ready in ${ready - opened} ms`,
    );
    console.log(sorted.map((call) => `  ${depth.get(call)} ${call.name}`).join('\n'));
    expect(roundTrips).toBeLessThanOrEqual(5);
    expect(
      sorted.filter((call) => call.name.endsWith('/estimate-shipping-methods-by-address-id')),
    ).toHaveLength(1);
    expect(await payBar(page).textContent()).toMatch(/\$\d/);
    await page.context().close();
  });
});

/**
 * The first payment attempt is answered 429 with `retryAfter` seconds (the server did not act on it); the
 * next goes through. Returns the Idempotency-Key of every attempt, in order.
 */
async function refuseFirstPayment(page: Page, retryAfter: number, message: string): Promise<string[]> {
  const keys: string[] = [];
  await page.route('**/carts/mine/payment-information', async (route) => {
    keys.push((await route.request().allHeaders())['idempotency-key'] ?? '');
    if (keys.length > 1) return route.continue();
    return route.fulfill({
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': String(retryAfter) },
      body: JSON.stringify({ message, code: 'TOO_MANY_REQUESTS' }),
    });
  });
  return keys;
}

describe('a limit or a restart never loses a checkout [I12-5, I12-12]', () => {
  it('[I12-5] [I12-12] payment answered 429 with a short Retry-After: the app waits, sends the same attempt (same Idempotency-Key) again, and the order is placed once', async () => {
    const page = await phonePage();
    await memberAtCheckout(page);
    await fillCard(page, '4242 4242 4242 4242');
    const keys = await refuseFirstPayment(page, 1, 'Too many requests. Please wait 1 seconds and try again.');
    await page.getByRole('button', { name: MSG.confirmPurchase }).click();
    await page.waitForURL('**/success', { timeout: 20_000 });
    await page.getByTestId('order-number').waitFor();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^checkout-/);
    expect(keys[1]).toBe(keys[0]);
    await page.context().close();
  });
  it('[I12-5] a long Retry-After at payment is said in the pay bar, nothing is charged, and the next press places the same attempt', async () => {
    const page = await phonePage();
    await memberAtCheckout(page, 'Tess Wattle');
    await fillCard(page, '4242 4242 4242 4242');
    const message = 'Too many requests. Please wait 60 seconds and try again.';
    const keys = await refuseFirstPayment(page, 60, message);
    await page.getByRole('button', { name: MSG.confirmPurchase }).click();
    await payBar(page).getByText(message).waitFor();
    expect(await page.getByText(MSG.paymentError).count()).toBe(0);
    expect(page.url()).toMatch(/\/checkout$/);
    await screenshot(page, 'i12-5-try-later-390');
    await page.getByRole('button', { name: MSG.confirmPurchase }).click();
    await page.waitForURL('**/success', { timeout: 20_000 });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    await page.context().close();
  });
});

describe('small texts [I11-19]', () => {
  it("[I11-19] [CHK-09] [CHK-14] [ACCT-15] a saved card reads '**4242' on checkout and on Saved Cards; 'Add New' is named 'Add New'", async () => {
    const page = await phonePage();
    await memberAtCheckout(page);
    expect(await page.getByRole('button', { name: 'Add New', exact: true }).count()).toBe(1);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByLabel(MSG.saveCard).check();
    await page.getByRole('button', { name: MSG.confirmPurchase }).click();
    await page.waitForURL('**/success', { timeout: 20_000 });

    await page.goto(`/product/${simple.id}`);
    await page.getByRole('button', { name: MSG.addToCart, exact: true }).click();
    await page
      .getByRole('dialog', { name: MSG.cartTitle })
      .getByRole('button', { name: MSG.checkout })
      .click();
    await waitForCheckout(page);
    const payment = page.getByRole('region', { name: MSG.paymentInformation });
    const onCheckout = await payment.locator('.choice--selected .card-number').innerText();
    expect(onCheckout).toBe('**4242');
    expect(await payment.getByRole('radio', { name: /Visa.*ending in 4242/ }).isChecked()).toBe(true);
    await payment.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await screenshot(page, 'i11-19-checkout-saved-card');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await screenshot(page, 'i11-checkout-390-pay');

    await page.goto('/account/savedcards');
    await page.getByRole('heading', { level: 1, name: MSG.savedCards }).waitFor();
    expect(await page.locator('.acct-saved-card__number').first().innerText()).toBe(onCheckout);
    await page.context().close();
  });
});
