// [I31] Texts that go by themselves, in a real Chromium against the real server in sandbox mode, on its own
// data directory and a test clock that starts at 6:50 pm in Sydney:
// 1. Collingwood Clay Studio's staff member turns on "Back in stock" and "Cart left behind" in the back
//    office's Automations, on a phone;
// 2. the Big Morning Mug sells out; three shoppers ask to be texted when it is back (a member taps once on
//    the product page, a visitor proves their mobile with a code on it, a member through the same call),
//    and a fourth who asked replies STOP;
// 3. the seller restocks two units: two texts go, in order of asking, and the third shopper waits; the next
//    restock texts the third; the STOP'd one never;
// 4. at 7 pm three members who said yes to the seller's texts leave the mug in their carts; one orders it
//    at 7:10 pm, one replies STOP; at 11:05 pm (four hours on) nothing goes: it is night in Sydney;
// 5. at 6:05 am the one still waiting is texted, opens the link, is signed in with the cart open, and
//    orders; the automation counts the order; the one who ordered and the one who said STOP get nothing.
import { rmSync } from 'node:fs';
import type { AutomationListReply } from '@quokka/contract/api/automations';
import type { ProductTile } from '@quokka/contract/api/catalog';
import type { VendorProduct } from '@quokka/contract/api/vendor-products';
import { MSG } from '@quokka/contract/messages';
import { utcToZonedWallTime, zonedWallTimeToUtc } from '@quokka/contract/timezones';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.ts';
import { putInCart } from './support/cart.ts';
import { startServer } from './support/server.ts';
import { settled } from './support/settle.ts';
import {
  elementsPastRightEdge,
  type OutboxMessage,
  ShopJourney,
  seededDataDir,
} from './support/shop-journey.ts';
import { API, newMobile, signInLink, type TestMobile } from './support/sign-in.ts';

const SELLER_URL = 'collingwood-clay-studio';
const SELLER_NAME = 'Collingwood Clay Studio';
const SYDNEY = 'Australia/Sydney';
const staffMember = { mobile: newMobile(), name: 'Cory Clay' };

/** A Sydney wall time on the day after `now` (at least a day ahead, so the whole journey fits in it). */
function tomorrowInSydney(now: Date, time: string): Date {
  const day = utcToZonedWallTime(new Date(now.getTime() + 36 * 3_600_000), SYDNEY).slice(0, 10);
  return zonedWallTimeToUtc(`${day} ${time}:00`, SYDNEY);
}

const fromSeller = (message: OutboxMessage) => message.body.startsWith(`${SELLER_NAME}:`);

describe('[I31] texts that go by themselves: back in stock and the cart left behind, on the test clock', () => {
  let journey: ShopJourney;
  let dataDir: string;
  let browser: Browser;
  let staffContext: BrowserContext;
  let staff: Page;
  let clockStart: Date;
  let sellerId = 0;
  let mug: ProductTile;
  const askers = [newMobile(), newMobile(), newMobile()];
  const alertStopper = newMobile();
  const carted = newMobile();
  const ordered = newMobile();
  const cartStopper = newMobile();

  /** The server's clock now (a 1 ms step: POST /dev/clock only goes forward). */
  const serverNow = () => journey.advanceClock(1);

  async function clockTo(at: Date): Promise<void> {
    const now = await serverNow();
    if (at.getTime() > now.getTime()) await journey.advanceClock(at.getTime() - now.getTime());
  }

  async function staffFetch<T>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    return staff.evaluate(
      async ({ method, path, body }) => {
        // A change carries the session's CSRF token, as the back office's own calls do (from /me).
        const headers: Record<string, string> =
          body === undefined ? {} : { 'Content-Type': 'application/json' };
        if (method !== 'GET') {
          const me = await fetch('/admin/api/me');
          headers['x-csrf-token'] = ((await me.json()) as { csrf_token: string }).csrf_token;
        }
        const reply = await fetch(path, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: reply.status, body: await reply.json().catch(() => null) };
      },
      { method, path, body },
    );
  }

  /** Opens a back-office page, signing in again with the passkey after a jump of the clock. */
  async function openAsStaff(path: string, heading: string): Promise<void> {
    await staff.goto(path);
    const page = staff.getByRole('heading', { level: 1, name: heading });
    const passkey = staff.getByRole('button', { name: 'Sign in with a passkey' });
    await Promise.race([page.waitFor(), passkey.waitFor()]);
    if (await passkey.isVisible()) {
      await passkey.click();
      await page.waitFor();
    }
  }

  /** Sets the mug's stock from the back office's product call (a simple product is its own variant). */
  async function setStock(stock: number): Promise<void> {
    await openAsStaff('/admin/products', 'Products');
    const now = await staffFetch<VendorProduct>('GET', `/admin/api/products/${mug.id}`);
    expect(now.status).toBe(200);
    const reply = await staffFetch('PATCH', `/admin/api/products/${mug.id}/variants/${mug.id}`, {
      stock,
      expected_stock: now.body.variants[0]?.stock,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  }

  async function automations(): Promise<AutomationListReply> {
    let { status, body } = await staffFetch<AutomationListReply>('GET', '/admin/api/automations');
    if (status === 401) {
      // The clock jumped past the staff session's idle time: sign in again with the passkey.
      await openAsStaff('/admin/automations', 'Automations');
      ({ status, body } = await staffFetch<AutomationListReply>('GET', '/admin/api/automations'));
    }
    if (status !== 200) throw new Error(`GET /admin/api/automations answered ${status}`);
    return body;
  }
  const resultsOf = async (flow: 'back_in_stock' | 'cart_reminder') =>
    (await automations()).items.find((item) => item.flow === flow)?.results;

  /** The member's bearer token, from a sign-in link (POST auth, as /autologin does). */
  async function tokenOf(mobile: TestMobile): Promise<string> {
    const jwt = decodeURIComponent(
      (await signInLink(mobile.national, {}, dataDir, await serverNow())).replace('/autologin/', ''),
    );
    const reply = await fetch(`${journey.server.baseURL}${API}/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jwt }),
    });
    const body = (await reply.json()) as { token?: string };
    if (!body.token) throw new Error(`no token for ${mobile.national}: ${JSON.stringify(body)}`);
    return body.token;
  }

  async function asMember(mobile: TestMobile, method: string, path: string, body?: unknown) {
    return fetch(`${journey.server.baseURL}${API}/${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await tokenOf(mobile)}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** A browser of its own, signed in as the member through a sign-in link made at the server's time. */
  async function signedInPage(mobile: TestMobile): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      baseURL: journey.server.baseURL,
      locale: 'en-AU',
      timezoneId: SYDNEY,
    });
    const page = await context.newPage();
    await page.goto(await signInLink(mobile.national, {}, dataDir, await serverNow()));
    await page.waitForURL('**/browse');
    return page;
  }

  /** The seller's texts to a number, waiting up to 15 s for at least `atLeast`. */
  async function sellerTexts(mobile: TestMobile, atLeast: number): Promise<OutboxMessage[]> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const texts = (await journey.messagesTo(mobile.e164, 0, 'sms')).filter(fromSeller);
      if (texts.length >= atLeast || Date.now() > deadline) return texts;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }

  /**
   * No text from the seller to the number now. Called only once the flow's results show every text it
   * queued as sent (`figuresAre`): the absence is then proven by the server's own figures, not by waiting.
   */
  async function noSellerText(mobile: TestMobile): Promise<void> {
    expect((await journey.messagesTo(mobile.e164, 0, 'sms')).filter(fromSeller), mobile.national).toEqual([]);
  }

  /** Waits until the flow's figures (since it was switched on) are exactly these. */
  async function figuresAre(
    flow: 'back_in_stock' | 'cart_reminder',
    figures: { sent: number; queued: number; delayed_quiet_hours?: number; waiting?: number },
  ): Promise<void> {
    await expect
      .poll(async () => {
        const results = await resultsOf(flow);
        return Object.fromEntries(
          Object.keys(figures).map((key) => [key, results?.[key as keyof typeof figures]]),
        );
      })
      .toEqual(figures);
  }

  async function replyFrom(mobile: TestMobile, body: string): Promise<void> {
    const reply = await fetch(`${journey.server.baseURL}/dev/messages/reply`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ from: mobile.e164, body }),
    });
    expect(reply.status).toBe(200);
  }

  beforeAll(async () => {
    // @ts-expect-error: a plain .mjs module shared with `npm start`
    const { ensureAdminBuild } = await import('../scripts/build-admin.mjs');
    ensureAdminBuild({ quiet: true });
    dataDir = await seededDataDir('quokka-e2e-automations-');
    const setup = new ShopJourney({ baseURL: '', dataDir, stop: async () => {} }, dataDir);
    await setup.cli([
      ...['staff', 'add', '--mobile', staffMember.mobile.national, '--name', staffMember.name],
      ...['--role', 'vendor', '--seller', SELLER_URL],
    ]);
    clockStart = tomorrowInSydney(new Date(), '18:50');
    const server = await startServer({
      DATA_DIR: dataDir,
      ORDER_REVIEW: 'auto',
      SEED_DEMO: '0',
      TEST_CLOCK: clockStart.toISOString(),
    });
    journey = new ShopJourney(server, dataDir);
    browser = await launchBrowser();
    staffContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      baseURL: server.baseURL.replace('127.0.0.1', 'localhost'),
      locale: 'en-AU',
      timezoneId: SYDNEY,
    });
    staff = await staffContext.newPage();
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

    for (const [i, mobile] of [askers[0], askers[2], alertStopper, carted, ordered, cartStopper].entries())
      await journey.registerShopper(mobile as TestMobile, `Clay${'ABCDEF'[i]}`, 'Fan');

    const tiles: ProductTile[] = [];
    for (let page = 1; page <= 50 && !tiles.length; page += 1) {
      const { data } = await journey.getJson<{ data: ProductTile[] }>(`${API}/browseProducts?page=${page}`);
      tiles.push(
        ...data.filter(
          (tile) =>
            tile.type_id === 'simple' &&
            !tile.is_giftcard &&
            tile.name.includes('Mug') &&
            tile.seller_url === SELLER_URL,
        ),
      );
      if (data.length === 0) break;
    }
    if (!tiles[0]) throw new Error(`the demo shop has no simple mug of ${SELLER_URL}`);
    mug = tiles[0];
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await journey?.server.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('(1) the seller turns on Back in stock and Cart left behind, on a phone', async () => {
    // The staff member's first sign-in: a code, then a passkey (as the campaigns' journey does).
    await staff.goto('/admin/automations');
    await staff.getByLabel('Mobile number').fill(staffMember.mobile.national);
    await staff.getByRole('button', { name: 'Text me a code' }).click();
    await staff.getByLabel('Code').waitFor();
    await staff.getByLabel('Code').fill(await journey.latestCode(staffMember.mobile.e164));
    await staff.getByRole('button', { name: 'Continue' }).click();
    await staff.getByRole('button', { name: 'Add a passkey' }).click();
    await staff.getByRole('heading', { level: 1, name: 'Automations' }).waitFor();
    for (const name of ['Back in stock', 'Cart left behind']) {
      const toggle = staff.getByRole('switch', { name });
      await toggle.waitFor();
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    }
    const list = await automations();
    sellerId = list.seller_id;
    expect(list.items.filter((item) => item.enabled).map((item) => item.flow)).toEqual([
      'back_in_stock',
      'cart_reminder',
    ]);
    await settled(staff);
    await screenshot(staff, 'automations-phone');
    await staff.setViewportSize({ width: 320, height: 568 });
    await settled(staff);
    await screenshot(staff, 'automations-small-phone');
    expect(await elementsPastRightEdge(staff, 320), 'Automations at 320×568').toEqual([]);
    await staff.setViewportSize({ width: 1280, height: 900 });
    await settled(staff);
    await screenshot(staff, 'automations-desktop');
    await staff.setViewportSize({ width: 390, height: 844 });
  });

  it('(2) the mug sells out; three shoppers ask to be texted when it is back, and a fourth then says STOP', async () => {
    await setStock(0);
    // A member taps once on the product page.
    const member = await signedInPage(askers[0] as TestMobile);
    await member.goto(`/product/${mug.id}`);
    const ask = member.getByRole('button', { name: 'Text me when it’s back' });
    await ask.waitFor();
    await member.getByText('Only this one text').first().waitFor();
    await settled(member);
    await screenshot(member, 'back-in-stock-ask-phone');
    await ask.click();
    await member.getByText('We’ll text you when it’s back.').waitFor();
    await settled(member);
    await screenshot(member, 'back-in-stock-waiting-phone');
    await member.setViewportSize({ width: 320, height: 568 });
    await settled(member);
    await screenshot(member, 'back-in-stock-waiting-small-phone');
    expect(await elementsPastRightEdge(member, 320), 'the product page at 320×568').toEqual([]);
    await member.context().close();

    // A visitor gives their mobile and proves it with the code.
    const visitorContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      baseURL: journey.server.baseURL,
      locale: 'en-AU',
      timezoneId: SYDNEY,
    });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/product/${mug.id}`);
    await visitor.getByRole('button', { name: 'Text me when it’s back' }).click();
    await visitor.getByLabel('Mobile number').fill((askers[1] as TestMobile).national);
    await visitor.getByRole('button', { name: 'Send code' }).click();
    const code = visitor.getByLabel('Code');
    await code.waitFor();
    await settled(visitor);
    await screenshot(visitor, 'back-in-stock-visitor-code-phone');
    await code.fill(await journey.latestCode((askers[1] as TestMobile).e164));
    await visitor.getByRole('button', { name: 'Confirm' }).click();
    // The visitor is told which number will be texted (masked).
    await visitor.getByText(/We’ll text 04\d\d ••• \d{3} once when it’s back\./).waitFor();
    await settled(visitor);
    await screenshot(visitor, 'back-in-stock-visitor-done-phone');
    await visitorContext.close();

    // The third member, and one who then says STOP, through the same call.
    for (const mobile of [askers[2], alertStopper] as TestMobile[]) {
      await journey.advanceClock(1_000);
      const reply = await asMember(mobile, 'POST', 'stockAlerts', { product_id: mug.id });
      expect(reply.status, await reply.clone().text()).toBe(200);
    }
    await replyFrom(alertStopper, 'STOP');
    expect((await resultsOf('back_in_stock'))?.waiting).toBe(3);
  });

  it('(3) two units come back: two texts, in order of asking; the third waits for the next restock; the STOP never', async () => {
    await setStock(2);
    const [first, second, third] = askers as [TestMobile, TestMobile, TestMobile];
    const [toFirst] = await sellerTexts(first, 1);
    const [toSecond] = await sellerTexts(second, 1);
    expect(toFirst?.body).toContain(`${SELLER_NAME}: `);
    expect(toFirst?.body).toMatch(/\/t\/\w+/);
    expect(toFirst?.body).toMatch(/Opt out: \S+\/u\/\w+/);
    expect(toSecond?.body).toMatch(/\/t\/\w+/);
    // The restock queued its texts in its own transaction: two, both sent, one shopper still waiting.
    await figuresAre('back_in_stock', { sent: 2, queued: 0, waiting: 1 });
    await noSellerText(third);

    await setStock(12);
    expect(await sellerTexts(third, 1)).toHaveLength(1);
    await figuresAre('back_in_stock', { sent: 3, queued: 0, waiting: 0 });
    await noSellerText(alertStopper);
  });

  it('(4) at 7 pm three members leave the mug in their carts; one orders, one says STOP; four hours on it is night in Sydney, so nothing goes', async () => {
    for (const mobile of [carted, ordered, cartStopper]) {
      const reply = await asMember(mobile, 'PUT', `textoffers/${sellerId}`, { subscribed: true });
      expect(reply.status, await reply.clone().text()).toBe(200);
    }
    await clockTo(new Date(clockStart.getTime() + 10 * 60_000)); // 7:00 pm Sydney
    const pages: Page[] = [];
    for (const mobile of [carted, ordered, cartStopper]) {
      const page = await signedInPage(mobile);
      await putInCart(page, mug, { origin: journey.server.baseURL });
      pages.push(page);
    }
    await clockTo(new Date(clockStart.getTime() + 20 * 60_000)); // 7:10 pm: one orders
    const orderNumber = await journey.payWithVisa(pages[1] as Page);
    expect(orderNumber).not.toBe('');
    await replyFrom(cartStopper, 'STOP');
    for (const page of pages) await page.context().close();

    await clockTo(new Date(clockStart.getTime() + 4 * 3_600_000 + 15 * 60_000)); // 11:05 pm Sydney
    // The pass has queued one reminder (the member who ordered and the one who said STOP get none), held
    // by quiet hours until 6 am in Sydney.
    await figuresAre('cart_reminder', { sent: 0, queued: 1, delayed_quiet_hours: 1 });
    await noSellerText(carted);
  });

  it('(5) at 6:05 am the member still waiting is texted, opens the link, finds the cart open, and orders; the automation counts it', async () => {
    await clockTo(new Date(clockStart.getTime() + 11 * 3_600_000 + 15 * 60_000)); // 6:05 am Sydney
    const [reminder] = await sellerTexts(carted, 1);
    expect(reminder?.body).toContain(mug.name);
    const link = reminder?.body.match(/\/t\/\w+/)?.[0];
    expect(link, reminder?.body).toBeDefined();
    await figuresAre('cart_reminder', { sent: 1, queued: 0 });
    await noSellerText(ordered);
    await noSellerText(cartStopper);

    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      baseURL: journey.server.baseURL,
      locale: 'en-AU',
      timezoneId: SYDNEY,
    });
    const page = await context.newPage();
    await page.goto(link ?? '');
    const cart = page.getByRole('dialog', { name: MSG.cartTitle });
    await cart.waitFor();
    await cart.getByText(mug.name).first().waitFor();
    await settled(page);
    await screenshot(page, 'cart-reminder-link-phone');
    const orderNumber = await journey.payWithVisa(page);
    expect(orderNumber).not.toBe('');
    await context.close();

    await expect
      .poll(async () => {
        const results = await resultsOf('cart_reminder');
        return [results?.sent, results?.clicked, results?.orders, (results?.revenue_cents ?? 0) > 0];
      })
      .toEqual([1, 1, 1, true]);
    await openAsStaff('/admin/automations', 'Automations');
    await settled(staff);
    await screenshot(staff, 'automations-results-phone');
  });
});
