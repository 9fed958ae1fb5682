// [I34] "Done when": browser journeys at 320×568 and 1280×800 cover a seller's day and an operator's day
// in the back office, each screen on the way checked for sideways scroll (document scrollWidth ≤ the
// viewport's width) and axe findings (none), with screenshots to $DAY_SHOTS_DIR (default /tmp/h/shots)
// as day-<journey>-<screen>-<width>.png.
//
// A seller's day (once per size, each with its own seller, staff member and shopper):
// - two orders of the seller are approved; its staff member signs in and lands on Home, which lists both
//   under To ship; from each order page (its own state "To ship", the ship sheet listing what is left)
//   they mark it shipped with a carrier and a tracking number; the order with another seller's item reads
//   "Shipped" to them while the whole order is only partly shipped; Home then has nothing to ship;
// - a third order of theirs (two of their items) is approved and an operator refunds one line in the
//   refund dialog; the seller is texted through the outbox ("Refund on order … for <seller>: 1 × …"),
//   Home lists it under Refunded lately (and this week's takings count it), and the order shows its
//   refund by line, the refund text on its timeline, its state still "To ship", and a ship sheet with only
//   the item left.
// An operator's day (once per size, each with its own operator, seller's products and shopper):
// - two orders wait for review (ORDER_REVIEW=manual); the operator finds them by the shopper's email,
//   ticks both and approves them at once (captured), then ticks both and ships them at once with one
//   carrier and a tracking number each (the shopper is texted each);
// - another operator changed a product's price; the operator filters the audit log by action, thing and
//   its ID and reads who did it (their name) and the price's old → new;
// - the operator opens one of the orders and from it the customer's page, which lists the order.
//
// The server is this file's own (the CLI adds the staff before it starts), on a test clock that starts on
// a Monday at 10:00 in Sydney, so "this week's takings" start that morning and no text waits for quiet
// hours; nothing moves the clock. No journey reads another's orders: each has its own seller(s) and shopper.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { AdminOrder } from '@quokka/contract/api/admin';
import type { AuditEntry } from '@quokka/contract/api/audit';
import type { ProductTile } from '@quokka/contract/api/catalog';
import { formatCents } from '@quokka/contract/money';
import { utcToZonedWallTime, zonedWallTimeToUtc } from '@quokka/contract/timezones';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, sidewaysOverflow } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer } from './support/server.ts';
import { settled } from './support/settle.ts';
import { ShopJourney, seededDataDir } from './support/shop-journey.ts';
import { API, newMobile, type TestMobile } from './support/sign-in.ts';
import { signInStaff, staffCall } from './support/staff.ts';

const SYDNEY = 'Australia/Sydney';
const SHOTS = process.env.DAY_SHOTS_DIR || '/tmp/h/shots';
const PHONE = { width: 320, height: 568 };
const DESKTOP = { width: 1280, height: 800 };
type Size = typeof PHONE;
interface Staff {
  mobile: TestMobile;
  name: string;
}

/** The other seller in a seller's two-seller order (no journey ships or reads its part). */
const OTHER_SELLER = 'collingwood-clay-studio';
const SELLER_DAYS = [
  {
    size: PHONE,
    seller: 'saltline-surf-co',
    vendor: { mobile: newMobile(), name: 'Sam Saltline' },
    shopper: ['Nell', 'Acacia'],
  },
  {
    size: DESKTOP,
    seller: 'wategos-linen-studio',
    vendor: { mobile: newMobile(), name: 'Wren Wategos' },
    shopper: ['Ivy', 'Banksia'],
  },
] as const;
const OPERATOR_DAYS = [
  {
    size: PHONE,
    seller: 'wildflower-and-wick',
    operator: { mobile: newMobile(), name: 'Ari Operator' },
    shopper: ['Tess', 'Waratah'],
  },
  {
    size: DESKTOP,
    seller: 'leatherwood-ridge-apiary',
    operator: { mobile: newMobile(), name: 'Bo Operator' },
    shopper: ['Max', 'Grevillea'],
  },
] as const;
/** The operator who approves and refunds in a seller's day and changes a price in an operator's. */
const desk: Staff = { mobile: newMobile(), name: 'Kim Desk' };

/** The next Monday at 10:00 in Sydney, at least a day away from now. */
function nextMondayTen(now: Date): Date {
  for (let day = 1; day <= 8; day += 1) {
    const date = utcToZonedWallTime(new Date(now.getTime() + day * 86_400_000), SYDNEY).slice(0, 10);
    const at = zonedWallTimeToUtc(`${date} 10:00:00`, SYDNEY);
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 1) return at;
  }
  throw new Error('no Monday in the next 8 days');
}

/** Waits for the screen's heading and for loading to end, then for it to stop moving. */
async function screenReady(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, null, {
    timeout: 20_000,
  });
  await page.waitForFunction(
    () =>
      !Array.from(document.querySelectorAll('main p')).some((p) =>
        /^Loading/.test(p.textContent?.trim() ?? ''),
      ),
    null,
    { timeout: 20_000 },
  );
  await settled(page);
}

/**
 * The screen as it is now: a screenshot, then nothing scrolls sideways and axe finds nothing. Soft, so
 * one run lists every screen that fails.
 */
async function check(page: Page, name: string): Promise<void> {
  await settled(page);
  const width = page.viewportSize()?.width ?? 0;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `day-${name}-${width}.png`), fullPage: false });
  const overflow = await sidewaysOverflow(page);
  const violations = await axeViolations(page);
  expect
    .soft({ screen: `${name} at ${width}`, overflow, violations })
    .toEqual({ screen: `${name} at ${width}`, overflow: 0, violations: [] });
}

/**
 * Waits for a bulk action's result, a heading the focus moves to, and expects it to say `words`, with no
 * error on screen.
 */
async function outcome(page: Page, words: string): Promise<void> {
  const title = page.getByRole('heading', { level: 2, name: words });
  await title.waitFor();
  await expect.poll(() => title.evaluate((heading) => heading === document.activeElement)).toBe(true);
  expect(await page.locator('main [role="alert"]').allTextContents()).toEqual([]);
}

describe('[I34] a seller’s day and an operator’s day in the back office, at 320×568 and 1280×800', () => {
  let journey: ShopJourney;
  let dataDir: string;
  let browser: Browser;
  let clockStart: Date;
  let clockAt = 0;
  const contexts: BrowserContext[] = [];
  /** The simple products with stock, by seller. */
  const tiles = new Map<string, ProductTile[]>();
  /** The desk operator's page (1280×800), signed in once. */
  let deskPage: Page;

  /** A staff page at `size` with a platform passkey (Chromium's virtual authenticator), signed in by code. */
  async function staffPage(who: Staff, size: Size): Promise<Page> {
    const phone = size.width < 640;
    const context = await browser.newContext({
      viewport: size,
      deviceScaleFactor: 1,
      isMobile: phone,
      hasTouch: phone,
      baseURL: journey.server.baseURL.replace('127.0.0.1', 'localhost'),
      locale: 'en-AU',
      timezoneId: SYDNEY,
    });
    contexts.push(context);
    const page = await context.newPage();
    await signInStaff(page, journey, who);
    return page;
  }

  /** A registered shopper, signed in on a phone whose clock runs with the server's. */
  async function newShopper([first, last]: readonly [string, string]): Promise<{
    page: Page;
    mobile: TestMobile;
    email: string;
  }> {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      baseURL: journey.server.baseURL,
      locale: 'en-AU',
      timezoneId: SYDNEY,
    });
    contexts.push(context);
    await context.clock.install({ time: new Date(clockStart.getTime() + (Date.now() - clockAt)) });
    const page = await context.newPage();
    const mobile = newMobile();
    await journey.registerShopper(mobile, first, last);
    await page.goto(await journey.signInPath(mobile));
    await page.waitForURL('**/browse');
    await page.waitForFunction(() => localStorage.getItem('is_signed_in') === 'true');
    return { page, mobile, email: `${first.toLowerCase()}.${mobile.e164.slice(-6)}@example.com` };
  }

  /** Buys the products in one order; its number and id. */
  async function buy(shopper: Page, products: ProductTile[]): Promise<{ number: string; id: number }> {
    await journey.fillCart(shopper, products);
    const number = await journey.payWithVisa(shopper);
    const found = await staffCall<{ items: { id: number; increment_id: string }[] }>(
      deskPage,
      'GET',
      `/orders?q=${encodeURIComponent(number)}`,
    );
    const order = found.items.find((item) => item.increment_id === number);
    if (!order) throw new Error(`order #${number} is not in the operator's list`);
    return { number, id: order.id };
  }

  /** Waits up to 15 s for a text to `mobile` that `matches`; the texts to it at the end. */
  async function textsUntil(mobile: string, matches: (body: string) => boolean): Promise<string[]> {
    let bodies: string[] = [];
    await expect
      .poll(
        async () => {
          bodies = (await journey.messagesTo(mobile, 0, 'sms')).map((text) => text.body);
          return bodies.some(matches);
        },
        { timeout: 15_000, interval: 300 },
      )
      .toBe(true);
    return bodies;
  }

  function productsOf(seller: string, count: number): ProductTile[] {
    const found = tiles.get(seller) ?? [];
    if (found.length < count)
      throw new Error(`the demo shop has ${found.length} simple products of ${seller}`);
    return found.slice(0, count);
  }

  beforeAll(async () => {
    // @ts-expect-error: a plain .mjs module shared with `npm start`
    const { ensureAdminBuild } = await import('../scripts/build-admin.mjs');
    ensureAdminBuild({ quiet: true });
    dataDir = await seededDataDir('quokka-e2e-day-');
    const setup = new ShopJourney({ baseURL: '', dataDir, stop: async () => {} }, dataDir);
    const add = (who: Staff, role: string[]) => [
      '--mobile',
      who.mobile.national,
      '--name',
      who.name,
      '--role',
      ...role,
    ];
    await setup.addStaff([
      add(desk, ['operator']),
      ...OPERATOR_DAYS.map((day) => add(day.operator, ['operator'])),
      ...SELLER_DAYS.map((day) => add(day.vendor, ['vendor', '--seller', day.seller])),
    ]);
    clockStart = nextMondayTen(new Date());
    const server = await startServer({
      DATA_DIR: dataDir,
      ORDER_REVIEW: 'manual',
      SEED_DEMO: '0',
      TEST_CLOCK: clockStart.toISOString(),
    });
    clockAt = Date.now();
    journey = new ShopJourney(server, dataDir);
    browser = await launchBrowser();
    for (let page = 1; page <= 50; page += 1) {
      const { data } = await journey.getJson<{ data: ProductTile[] }>(`${API}/browseProducts?page=${page}`);
      if (data.length === 0) break;
      for (const tile of data.filter((t) => t.type_id === 'simple' && !t.is_giftcard && t.qty >= 10))
        tiles.set(tile.seller_url, [...(tiles.get(tile.seller_url) ?? []), tile]);
    }
    deskPage = await staffPage(desk, DESKTOP);
  }, 300_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await journey?.server.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  for (const day of SELLER_DAYS) {
    const at = `${day.size.width}×${day.size.height}`;
    it(`[I34] a seller’s day at ${at}: Home, ship two orders, see a refund arrive`, {
      timeout: 420_000,
    }, async () => {
      const name = 'seller';
      const [first, second] = productsOf(day.seller, 2) as [ProductTile, ProductTile];
      const [other] = productsOf(OTHER_SELLER, 1) as [ProductTile];
      const shopper = await newShopper(day.shopper);
      // Two orders with the seller's items, approved by an operator (they waited for review).
      const one = await buy(shopper.page, [first]);
      const two = await buy(shopper.page, [second, other]);
      await staffCall(deskPage, 'POST', '/orders/bulk-approve', { order_ids: [one.id, two.id] });

      // The seller's staff member signs in and lands on Home: both orders are there to ship.
      const page = await staffPage(day.vendor, day.size);
      await page.goto('/admin/');
      await page.waitForURL('**/admin/home');
      await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
      const toShip = page.getByRole('region', { name: 'To ship' });
      await toShip.getByRole('link', { name: `Order #${one.number}` }).waitFor();
      await screenReady(page);
      expect(await toShip.getByRole('listitem', { name: /^Order #/ }).count()).toBe(2);
      expect(await toShip.textContent()).toContain('2 orders with your items to send');
      expect(await toShip.getByRole('link', { name: `Order #${two.number}` }).count()).toBe(1);
      await check(page, `${name}-home`);

      // Each is shipped from its order page: its own state, and the sheet lists what is to go.
      for (const [order, item, withOther] of [
        [one, first, false],
        [two, second, true],
      ] as const) {
        await page
          .getByRole('region', { name: 'To ship' })
          .getByRole('link', { name: `Order #${order.number}` })
          .click();
        await page.getByRole('heading', { level: 1, name: `Order #${order.number}` }).waitFor();
        await screenReady(page);
        const head = page.locator('.order-head');
        expect(await head.getByText('To ship', { exact: true }).count()).toBe(1);
        expect((await page.locator('main').textContent()) ?? '').not.toContain(other.name);
        await check(page, `${name}-order-to-ship`);
        await page
          .getByRole('button', { name: /^Mark as shipped/ })
          .first()
          .click();
        const sheet = page.getByRole('dialog', { name: /as shipped$/ });
        await sheet.waitFor();
        expect(await sheet.textContent()).toContain(`1 × ${item.name}`);
        await sheet.getByLabel('Carrier', { exact: true }).selectOption('Australia Post');
        await sheet.getByLabel('Tracking number').fill(`JD0146${day.size.width}${order.id}0001`);
        await check(page, `${name}-ship-sheet`);
        await sheet.getByRole('button', { name: 'Mark as shipped', exact: true }).click();
        await sheet.waitFor({ state: 'detached' });
        await head.getByText('Shipped', { exact: true }).waitFor();
        const seen = await staffCall<AdminOrder>(page, 'GET', `/orders/${order.id}`);
        expect(seen.seller_state).toBe('shipped');
        if (withOther) {
          // The other seller has not shipped: the order is partly shipped, but the seller's part is done.
          const whole = await staffCall<AdminOrder>(deskPage, 'GET', `/orders/${order.id}`);
          expect(whole.status).toBe('partially_shipped');
          expect(await head.getByText('Partly shipped', { exact: true }).count()).toBe(0);
        }
        await check(page, `${name}-order-shipped`);
        await page.goto('/admin/home');
        await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
        await screenReady(page);
      }
      await page
        .getByRole('region', { name: 'To ship' })
        .getByText('Nothing to ship.', { exact: false })
        .waitFor();
      await check(page, `${name}-home-all-shipped`);

      // A third order of theirs: two of their items. An operator refunds one line in the refund dialog.
      const three = await buy(shopper.page, [first, second]);
      await staffCall(deskPage, 'POST', `/orders/${three.id}/approve`, {});
      await deskPage.goto(`/admin/orders/${three.id}`);
      await deskPage.getByRole('heading', { level: 1, name: `Order #${three.number}` }).waitFor();
      await deskPage.getByRole('button', { name: 'Refund', exact: true }).click();
      const refund = deskPage.getByRole('dialog', { name: `Refund order #${three.number}` });
      await refund.getByRole('button', { name: `One more ${first.name}` }).click();
      await refund.getByRole('button', { name: /^Refund \$/ }).click();
      await refund.waitFor({ state: 'detached' });
      let refundedCents = 0;
      await expect
        .poll(async () => {
          refundedCents = (await staffCall<AdminOrder>(deskPage, 'GET', `/orders/${three.id}`))
            .refunded_cents;
          return refundedCents;
        })
        .toBeGreaterThan(0);
      const amount = formatCents(refundedCents);

      // The seller is texted through the outbox.
      const refundText = (body: string) => body.startsWith(`Refund on order ${three.number} for `);
      const texts = await textsUntil(day.vendor.mobile.e164, refundText);
      const told = texts.filter(refundText);
      expect(told).toHaveLength(1);
      expect(told[0]).toContain(`1 × ${first.name}, ${amount} back to the shopper.`);
      expect(told[0]).toContain(`/admin/orders/${three.id}`);

      // Home: under Refunded lately, in this week's takings, and the order's item left to ship.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
      await screenReady(page);
      const refunded = page.getByRole('region', { name: 'Refunded lately' });
      await refunded.getByRole('link', { name: `Order #${three.number}` }).waitFor();
      const refundedText = (await refunded.textContent()) ?? '';
      expect(refundedText).toContain(`1 × ${first.name}`);
      expect(refundedText).toContain(`Refunded ${amount}`);
      // This week's takings: the seller's lines of the three orders (captured this Monday), less the refund.
      let salesCents = 0;
      for (const order of [one, two, three])
        salesCents += (await staffCall<AdminOrder>(page, 'GET', `/orders/${order.id}`)).subtotal_cents;
      const takings = page.getByRole('region', { name: 'This week’s takings' });
      expect(await takings.locator('.home-figure').textContent()).toBe(
        formatCents(salesCents - refundedCents),
      );
      expect(await takings.textContent()).toContain(
        `sales ${formatCents(salesCents)}, less refunds ${amount}`,
      );
      const homeToShip = page.getByRole('region', { name: 'To ship' });
      expect(await homeToShip.getByRole('link', { name: `Order #${three.number}` }).count()).toBe(1);
      await check(page, `${name}-home-refunded`);

      // The order: its refund by line, the text on its timeline, still to ship, and only what is left.
      await refunded.getByRole('link', { name: `Order #${three.number}` }).click();
      await page.getByRole('heading', { level: 1, name: `Order #${three.number}` }).waitFor();
      await screenReady(page);
      expect(await page.locator('.order-head').getByText('To ship', { exact: true }).count()).toBe(1);
      const refunds = page.getByRole('region', { name: 'Refunds of your items' });
      expect(await refunds.textContent()).toContain(amount);
      expect(await refunds.textContent()).toContain(`1 × ${first.name}`);
      const timeline = (await page.getByRole('region', { name: 'Timeline' }).textContent()) ?? '';
      expect.soft(timeline).toContain(`Refund text to ${day.vendor.name}`);
      expect.soft(timeline).toMatch(new RegExp(`Refunded \\${amount}`));
      await check(page, `${name}-order-refunded`);
      await page
        .getByRole('button', { name: /^Mark as shipped/ })
        .first()
        .click();
      const sheet = page.getByRole('dialog', { name: /as shipped$/ });
      await sheet.waitFor();
      const sheetText = (await sheet.textContent()) ?? '';
      expect(sheetText).toContain(`1 × ${second.name}`);
      expect(sheetText).not.toContain(`× ${first.name}`);
      await check(page, `${name}-ship-sheet-after-refund`);
      await sheet.getByRole('button', { name: 'Cancel', exact: true }).click();
      await sheet.waitFor({ state: 'detached' });
    });
  }

  for (const day of OPERATOR_DAYS) {
    const at = `${day.size.width}×${day.size.height}`;
    it(`[I34] an operator’s day at ${at}: bulk approve, bulk ship, who changed a price, a customer`, {
      timeout: 420_000,
    }, async () => {
      const name = 'operator';
      const [first, second, priced] = productsOf(day.seller, 3) as [ProductTile, ProductTile, ProductTile];
      const shopper = await newShopper(day.shopper);
      const one = await buy(shopper.page, [first]);
      const two = await buy(shopper.page, [second]);
      const page = await staffPage(day.operator, day.size);

      // Both wait for review; found by the shopper's email.
      await page.goto('/admin/orders');
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
      await page.getByLabel('Search', { exact: true }).fill(shopper.email);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByRole('link', { name: `#${one.number}` }).waitFor();
      await page.getByRole('link', { name: `#${two.number}` }).waitFor();
      await screenReady(page);
      expect(await page.locator('tbody tr').count()).toBe(2);
      await check(page, `${name}-orders-found`);

      // Bulk approve: both captured.
      const tick = async () => {
        for (const order of [one, two])
          await page.getByRole('checkbox', { name: `Select order #${order.number}` }).check();
      };
      await tick();
      const bar = page.getByRole('region', { name: 'Selected orders' });
      await bar.getByText('2 orders selected').waitFor();
      await check(page, `${name}-orders-selected`);
      await bar.getByRole('button', { name: 'Approve selected' }).click();
      await outcome(page, 'Approved 2 of 2 orders');
      await check(page, `${name}-bulk-approved`);
      for (const order of [one, two])
        expect(await staffCall<AdminOrder>(page, 'GET', `/orders/${order.id}`)).toMatchObject({
          status: 'approved',
          payment_state: 'captured',
        });

      // Bulk ship: one carrier, a tracking number each.
      await tick();
      await bar.getByRole('button', { name: 'Ship selected' }).click();
      const sheet = page.getByRole('dialog', { name: 'Ship 2 orders' });
      await sheet.waitFor();
      await sheet.getByLabel('Carrier for every order').selectOption('Australia Post');
      const tracking = (order: { id: number }) => `JD0147${day.size.width}${order.id}0002`;
      for (const order of [one, two])
        await sheet.getByLabel(`Tracking number for #${order.number}`).fill(tracking(order));
      await check(page, `${name}-bulk-ship-sheet`);
      await sheet.getByRole('button', { name: 'Mark 2 orders as shipped' }).click();
      await sheet.waitFor({ state: 'detached' });
      await outcome(page, 'Shipped 2 of 2 orders');
      await check(page, `${name}-bulk-shipped`);
      for (const order of [one, two]) {
        const shipped = await staffCall<AdminOrder>(page, 'GET', `/orders/${order.id}`);
        expect(shipped.status).toBe('shipped');
        expect(shipped.shipments.map((shipment) => shipment.tracking_number)).toEqual([tracking(order)]);
      }
      for (const order of [one, two])
        await textsUntil(shopper.mobile.e164, (body) => body.includes(tracking(order)));

      // Who changed a price: another operator changed one; the audit log, filtered, names them.
      const before = Math.round(priced.price * 100);
      const after = before + 100 + day.size.width;
      await staffCall(deskPage, 'PATCH', `/products/${priced.id}/variants`, {
        variants: [{ id: priced.id, price_cents: after }],
      });
      const history = await staffCall<{ items: AuditEntry[] }>(
        page,
        'GET',
        `/audit?kind=product&thing_id=${priced.id}`,
      );
      const line = history.items.find((entry) => entry.changes.some((change) => change.startsWith('Price')));
      if (!line) throw new Error(`no price change of product ${priced.id} in the audit log`);
      await page.goto('/admin/audit');
      await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
      await screenReady(page);
      const filters = page.getByRole('form', { name: 'Filter the audit log' });
      await filters.getByLabel('Action').selectOption(line.action);
      await filters.getByLabel('About').selectOption('product');
      await filters.getByLabel('Its ID').fill(String(priced.id));
      await filters.getByRole('button', { name: 'Filter', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('thing_id') === String(priced.id));
      const row = page
        .locator('tbody tr')
        .filter({ hasText: `${formatCents(before)} → ${formatCents(after)}` });
      // The unfiltered list (still shown while the filtered one loads) holds this change too: wait for the
      // filtered list, which holds it alone.
      await expect.poll(() => page.locator('tbody tr').count(), { timeout: 15_000 }).toBe(1);
      await row.first().waitFor();
      await screenReady(page);
      expect(await row.locator('td[data-label="Who"]').textContent()).toContain(desk.name);
      expect(await row.locator('td[data-label="Did what"]').textContent()).toBe(
        'changed the price of a variant',
      );
      expect(
        await row
          .locator('td[data-label="To what"]')
          .getByRole('link', { name: priced.name, exact: true })
          .count(),
      ).toBe(1);
      await check(page, `${name}-audit-price`);

      // A customer, opened from an order.
      await page.goto(`/admin/orders/${one.id}`);
      await page.getByRole('heading', { level: 1, name: `Order #${one.number}` }).waitFor();
      await screenReady(page);
      await check(page, `${name}-order`);
      const customerName = `${day.shopper[0]} ${day.shopper[1]}`;
      await page.getByRole('region', { name: 'Customer' }).getByRole('link', { name: customerName }).click();
      await page.waitForURL(/\/admin\/customers\/\d+$/);
      await page.getByRole('heading', { level: 1, name: customerName }).waitFor();
      await screenReady(page);
      const orders = page.getByRole('region', { name: /^Orders \(/ });
      await orders.getByRole('link', { name: `Order #${one.number}` }).waitFor();
      expect(await orders.getByRole('link', { name: `Order #${two.number}` }).count()).toBe(1);
      expect(await page.locator('main').textContent()).toContain(shopper.email);
      await check(page, `${name}-customer`);
    });
  }
});
