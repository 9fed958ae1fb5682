// [I34] Every back-office screen on the smallest phone we support (320×568), as an operator and as a
// seller's staff member: nothing scrolls sideways (document scrollWidth ≤ the screen's width) and axe-core
// finds no WCAG 2.1 A/AA violation or best-practice finding, as the storefront's every-route journey does.
// Also:
// - the sections: on a phone the current one is scrolled into view in the tab strip and a fade marks the
//   side with more; the Menu lists every section with the current one marked (aria-current) and names
//   the member; at 1280 every section shows in the tab bar and there is no Menu;
// - the ship sheet ("Mark Collingwood Clay Studio's items as shipped", the longest seller name of the demo
//   shop) fits 320×568 and its Cancel and Mark as shipped buttons are on screen without scrolling.
// Screenshots of the shell, the Menu and the ship sheet at 320×568, 390×844 and 1280×800 go to
// $ADMIN_SHOTS_DIR (default e2e/screenshots), every screen's at 320 as admin-320-*.png.
//
// The journey runs its own server on a test clock that starts on a Monday at 10:00 in Sydney: the CLI
// seeds the demo shop and adds both staff members; a shopper buys from Saltline Surf Co. and Collingwood
// Clay Studio (orders are approved at once), the clock passes the Monday cut-off so the week's statement is
// made, and only then do the staff sign in (a clock jump would end their sessions).
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ProductTile } from '@quokka/contract/api/catalog';
import { utcToZonedWallTime, zonedWallTimeToUtc } from '@quokka/contract/timezones';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, sidewaysOverflow } from './support/axe.ts';
import { launchBrowser, SCREENSHOTS } from './support/browser.ts';
import { startServer } from './support/server.ts';
import { settled } from './support/settle.ts';
import { ShopJourney, seededDataDir } from './support/shop-journey.ts';
import { API, newMobile } from './support/sign-in.ts';
import { signInStaff, staffCall } from './support/staff.ts';

const SYDNEY = 'Australia/Sydney';
const SELLER = 'saltline-surf-co';
const LONG_SELLER = 'collingwood-clay-studio';
const LONG_SELLER_NAME = 'Collingwood Clay Studio';
const operator = { mobile: newMobile(), name: 'Jo Operator' };
const vendor = { mobile: newMobile(), name: 'Sam Saltline' };
const SHOTS = process.env.ADMIN_SHOTS_DIR || SCREENSHOTS;
const PHONE = { width: 320, height: 568 };
const SIZES = [PHONE, { width: 390, height: 844 }, { width: 1280, height: 800 }];
type Size = typeof PHONE;

/** The next Monday at 10:00 in Sydney, at least a day away from now. */
function nextMondayTen(now: Date): Date {
  for (let day = 1; day <= 8; day += 1) {
    const date = utcToZonedWallTime(new Date(now.getTime() + day * 86_400_000), SYDNEY).slice(0, 10);
    const at = zonedWallTimeToUtc(`${date} 10:00:00`, SYDNEY);
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 1) return at;
  }
  throw new Error('no Monday in the next 8 days');
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}

/** Waits for the screen's heading and for loading to end, then for it to stop moving. */
async function screenReady(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor({ timeout: 20_000 });
  await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, null, {
    timeout: 20_000,
  });
  await page.waitForFunction(
    () => !/^\s*Loading…\s*$/.test(document.querySelector('main')?.textContent ?? ''),
  );
  await settled(page);
}

/** The screen fits 320 px and axe finds nothing; the screenshot is taken either way. Soft: one run lists all. */
async function check(page: Page, name: string): Promise<void> {
  await shot(page, `admin-320-${name}`);
  const overflow = await sidewaysOverflow(page);
  const violations = await axeViolations(page);
  expect.soft({ screen: name, overflow, violations }).toEqual({ screen: name, overflow: 0, violations: [] });
}

async function visit(page: Page, path: string, name: string): Promise<void> {
  await page.goto(`/admin${path}`);
  await screenReady(page);
  await check(page, name);
}

/** The paths of the tab bar's sections, in order. */
async function sectionPaths(page: Page): Promise<string[]> {
  return page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
}

describe('[I34] every back-office screen at 320×568, as an operator and as a seller', () => {
  let journey: ShopJourney;
  let dataDir: string;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let orderId = 0;
  let customerId = 0;
  let saltlineProductId = 0;
  /** The order's number (#000000001), as the shopper's success page shows it. */
  let orderNumber = '';

  /** A phone-sized staff page with a platform passkey (Chromium's virtual authenticator), signed in. */
  async function staffPage(who: { mobile: { national: string; e164: string } }): Promise<Page> {
    const context = await browser.newContext({
      viewport: PHONE,
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      baseURL: journey.server.baseURL.replace('127.0.0.1', 'localhost'),
      locale: 'en-AU',
      timezoneId: SYDNEY,
    });
    contexts.push(context);
    const page = await context.newPage();
    await signInStaff(page, journey, who);
    return page;
  }

  /** The newest statement's id, waiting for the statement job after the cut-off. */
  async function newestStatement(page: Page): Promise<number> {
    let id = 0;
    await expect
      .poll(
        async () => {
          const list = await staffCall<{ items: { id: number }[] }>(page, 'GET', '/statements');
          id = list.items[0]?.id ?? 0;
          return id;
        },
        { timeout: 90_000, interval: 2_000 },
      )
      .toBeGreaterThan(0);
    return id;
  }

  /** The phone's tab strip: the current section is wholly in view, and a fade says which side has more. */
  async function expectCurrentTabInView(page: Page, label: string): Promise<void> {
    const strip = page.getByRole('navigation', { name: 'Sections' });
    const tab = strip.getByRole('link', { name: label, exact: true });
    expect(await tab.getAttribute('aria-current')).toBe('page');
    const [tabBox, stripBox] = [await tab.boundingBox(), await strip.boundingBox()];
    if (!tabBox || !stripBox) throw new Error('the tab strip is not on screen');
    expect(tabBox.x).toBeGreaterThanOrEqual(stripBox.x - 0.5);
    expect(tabBox.x + tabBox.width).toBeLessThanOrEqual(stripBox.x + stripBox.width + 0.5);
    const frame = await strip.evaluate((element) => element.parentElement?.className ?? '');
    expect(frame).toMatch(/more-(before|after)/);
  }

  /** The Menu lists every section of the tab bar, the current one marked, and who is signed in. */
  async function expectMenu(page: Page, current: string, name: string): Promise<void> {
    const sections = await sectionPaths(page);
    const button = page.getByRole('button', { name: 'Menu' });
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByRole('navigation', { name: 'All sections' });
    await menu.waitFor();
    const listed = await menu
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    expect(listed).toEqual(sections);
    expect(await menu.locator('[aria-current="page"]').allTextContents()).toEqual([current]);
    expect(await page.getByText('Signed in as').textContent()).toContain(name);
    // On a phone Sign out is in the Menu (one, the top bar's is hidden), so the shop's name keeps its room.
    const signOut = page.getByRole('button', { name: 'Sign out' });
    expect(await signOut.count()).toBe(1);
    expect(await signOut.evaluate((button) => button.closest('.menu-panel') !== null)).toBe(true);
    // Every section is on screen without scrolling sideways.
    for (const link of await menu.getByRole('link').all()) {
      const box = await link.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width + 0.5).toBe(true);
    }
    await settled(page);
    await check(page, `menu-${name.split(' ')[0]?.toLowerCase()}`);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
  }

  /** The sheet's Cancel and Mark as shipped are wholly on screen, and the sheet is no wider than it. */
  async function expectButtonsOnScreen(dialog: Locator, size: Size, what: string): Promise<void> {
    for (const label of ['Cancel', 'Mark as shipped']) {
      const box = await dialog.getByRole('button', { name: label, exact: true }).boundingBox();
      const inView =
        box !== null &&
        box.x >= 0 &&
        box.y >= 0 &&
        box.x + box.width <= size.width &&
        box.y + box.height <= size.height;
      expect
        .soft({ what, label, size: `${size.width}×${size.height}`, inView }, JSON.stringify(box))
        .toEqual({ what, label, size: `${size.width}×${size.height}`, inView: true });
    }
    const sheet = await dialog.boundingBox();
    expect
      .soft(sheet && sheet.x >= 0 && sheet.x + sheet.width <= size.width, `${what}: the sheet's width`)
      .toBe(true);
  }

  /**
   * Opens the order's ship sheet for `seller`: at each size it fits and both its buttons are on screen;
   * at 320×568 with the carrier "Other" and both fields refused (the sheet taller than the screen) its
   * body scrolls and the buttons stay on screen.
   */
  async function openShipSheet(page: Page, seller: string, name: string): Promise<void> {
    await page.goto(`/admin/orders/${orderId}`);
    await screenReady(page);
    const dialog = page.getByRole('dialog', { name: `Mark ${seller}'s items as shipped` });
    const opener = page.getByRole('button', {
      name: new RegExp(`^Mark as shipped.*${seller}|^Mark as shipped$`),
    });
    await opener.first().click();
    await dialog.waitFor();
    await settled(page);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await settled(page);
      await shot(page, `ship-sheet-${name}-${size.width}`);
      expect.soft(await sidewaysOverflow(page), `the ship sheet at ${size.width} scrolls sideways`).toBe(0);
      await expectButtonsOnScreen(dialog, size, 'the ship sheet');
    }
    await page.setViewportSize(PHONE);
    await settled(page);
    await check(page, `ship-sheet-${name}`);

    await dialog.getByLabel('Carrier', { exact: true }).selectOption('Other');
    await dialog.getByRole('button', { name: 'Mark as shipped', exact: true }).click();
    await dialog
      .getByText(/tracking number/i)
      .last()
      .waitFor();
    await settled(page);
    await shot(page, `ship-sheet-${name}-320-errors`);
    const scrolls = await dialog.evaluate((element) => element.scrollHeight > element.clientHeight);
    expect(scrolls, 'the sheet with its errors is taller than 320×568, so its body scrolls').toBe(true);
    await expectButtonsOnScreen(dialog, PHONE, 'the ship sheet with errors');
    expect.soft(await sidewaysOverflow(page), 'the ship sheet with errors scrolls sideways').toBe(0);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** The shell on the statements screen (late in the tab bar) at the three sizes. */
  async function shellShots(page: Page, name: string): Promise<void> {
    await page.goto('/admin/statements');
    await screenReady(page);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.reload();
      await screenReady(page);
      await shot(page, `shell-${name}-${size.width}`);
      const menu = page.getByRole('button', { name: 'Menu' });
      if (size.width >= 1200) {
        // A desktop: every section in view in the tab bar, and no Menu.
        expect(await menu.isVisible()).toBe(false);
        for (const link of await page.getByRole('navigation', { name: 'Sections' }).getByRole('link').all()) {
          const box = await link.boundingBox();
          expect(box && box.x >= 0 && box.x + box.width <= size.width).toBe(true);
        }
      } else {
        await expectCurrentTabInView(page, 'Statements');
        await menu.click();
        await page.getByRole('navigation', { name: 'All sections' }).waitFor();
        await settled(page);
        await shot(page, `shell-${name}-menu-${size.width}`);
        await page.keyboard.press('Escape');
      }
    }
    await page.setViewportSize(PHONE);
  }

  beforeAll(async () => {
    // @ts-expect-error: a plain .mjs module shared with `npm start`
    const { ensureAdminBuild } = await import('../scripts/build-admin.mjs');
    ensureAdminBuild({ quiet: true });
    dataDir = await seededDataDir('quokka-e2e-every-screen-');
    const setup = new ShopJourney({ baseURL: '', dataDir, stop: async () => {} }, dataDir);
    await setup.addStaff([
      ['--mobile', operator.mobile.national, '--name', operator.name, '--role', 'operator'],
      ['--mobile', vendor.mobile.national, '--name', vendor.name, '--role', 'vendor', '--seller', SELLER],
    ]);
    const clockStart = nextMondayTen(new Date());
    const server = await startServer({
      DATA_DIR: dataDir,
      ORDER_REVIEW: 'auto',
      SEED_DEMO: '0',
      TEST_CLOCK: clockStart.toISOString(),
    });
    const clockAt = Date.now();
    journey = new ShopJourney(server, dataDir);
    browser = await launchBrowser();

    // A shopper buys one Saltline item and one Collingwood Clay Studio item.
    const shopperContext = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      baseURL: server.baseURL,
      locale: 'en-AU',
      timezoneId: SYDNEY,
    });
    contexts.push(shopperContext);
    await shopperContext.clock.install({ time: new Date(clockStart.getTime() + (Date.now() - clockAt)) });
    const shopper = await shopperContext.newPage();
    const member = newMobile();
    await journey.registerShopper(member, 'Nell', 'Acacia');
    await shopper.goto(await journey.signInPath(member));
    await shopper.waitForURL('**/browse');
    await shopper.waitForFunction(() => localStorage.getItem('is_signed_in') === 'true');
    const tiles: ProductTile[] = [];
    for (let page = 1; page <= 50; page += 1) {
      const { data } = await journey.getJson<{ data: ProductTile[] }>(`${API}/browseProducts?page=${page}`);
      tiles.push(...data.filter((tile) => tile.type_id === 'simple' && !tile.is_giftcard && tile.qty >= 10));
      if (data.length === 0) break;
    }
    const ours = tiles.find((tile) => tile.seller_url === SELLER);
    const clay = tiles.find((tile) => tile.seller_url === LONG_SELLER);
    if (!ours || !clay) throw new Error('the demo shop lacks simple products of Saltline and Collingwood');
    saltlineProductId = ours.id;
    await journey.fillCart(shopper, [ours, clay]);
    const incrementId = await journey.payWithVisa(shopper);
    const texts = await journey.messagesTo(member.e164, 1, 'sms');
    expect(texts.length, 'the receipt').toBeGreaterThan(0);

    // Past Monday 12:01:10: the week's statement is made (moving the clock wakes the worker).
    const cutOff = zonedWallTimeToUtc(
      `${utcToZonedWallTime(clockStart, SYDNEY).slice(0, 10)} 12:01:10`,
      SYDNEY,
    );
    const serverNow = await journey.advanceClock(1);
    if (serverNow < cutOff) await journey.advanceClock(cutOff.getTime() - serverNow.getTime());
    orderNumber = incrementId;
  }, 300_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await journey?.server.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('[I34] an operator: every section and screen fits 320 px and is axe-clean; the Menu; the ship sheet', {
    timeout: 420_000,
  }, async () => {
    const page = await staffPage(operator);
    const found = await staffCall<{ items: { id: number; increment_id: string; customer_id?: number }[] }>(
      page,
      'GET',
      `/orders?q=${encodeURIComponent(orderNumber)}`,
    );
    const order = found.items.find((item) => item.increment_id === orderNumber);
    if (!order) throw new Error(`order #${orderNumber} is not in the operator's list`);
    orderId = order.id;
    const full = await staffCall<{ customer_id: number }>(page, 'GET', `/orders/${orderId}`);
    customerId = full.customer_id;
    const statementId = await newestStatement(page);
    const sellers = await staffCall<{ items: { id: number; seller_url: string }[] }>(page, 'GET', '/sellers');
    const campaign = await staffCall<{ id: number }>(page, 'POST', '/campaigns', {
      seller_id: sellers.items.find((seller) => seller.seller_url === SELLER)?.id,
      name: 'Summer boards',
      message: 'New boards are in. 10% off this week.',
      product_id: saltlineProductId,
      audience: { kind: 'all' },
    });

    await page.goto('/admin/orders');
    await screenReady(page);
    const sections = await sectionPaths(page);
    expect(sections).toEqual([
      '/admin/orders',
      '/admin/products',
      '/admin/gift-cards',
      '/admin/campaigns',
      '/admin/automations',
      '/admin/subscribers',
      '/admin/statements',
      '/admin/payouts',
      '/admin/invoices',
      '/admin/sellers',
      '/admin/members',
      '/admin/staff',
      '/admin/audit',
      '/admin/passkeys',
    ]);
    for (const path of sections)
      await visit(page, path.replace('/admin', ''), `operator${path.slice(6).replaceAll('/', '-')}`);
    await visit(page, `/orders/${orderId}`, 'operator-order');
    await visit(page, `/customers/${customerId}`, 'operator-customer');
    await visit(page, `/products/${saltlineProductId}`, 'operator-product');
    await visit(page, '/products/new', 'operator-product-new');
    await visit(page, '/products/import', 'operator-product-import');
    await visit(page, '/products/review', 'operator-product-review');
    await visit(page, `/statements/${statementId}`, 'operator-statement');
    await visit(page, `/campaigns/${campaign.id}`, 'operator-campaign');
    await visit(page, '/campaigns/new', 'operator-campaign-new');
    await visit(page, '/sellers/applications', 'operator-applications');
    await visit(page, '/gift-cards/redeem', 'operator-gift-card-redeem');
    await visit(page, '/no-such-screen', 'operator-not-found');

    await page.goto('/admin/statements');
    await screenReady(page);
    await expectCurrentTabInView(page, 'Statements');
    await expectMenu(page, 'Statements', operator.name);
    await page.goto('/admin/audit');
    await screenReady(page);
    await expectCurrentTabInView(page, 'Audit log');

    await openShipSheet(page, LONG_SELLER_NAME, 'operator');
    await shellShots(page, 'operator');
  });

  it('[I34] a seller’s staff member: every section and screen fits 320 px and is axe-clean; the Menu; the ship sheet', {
    timeout: 420_000,
  }, async () => {
    const page = await staffPage(vendor);
    const statementId = await newestStatement(page);
    const campaign = await staffCall<{ id: number }>(page, 'POST', '/campaigns', {
      name: 'Summer boards',
      message: 'New boards are in. 10% off this week.',
      product_id: saltlineProductId,
      audience: { kind: 'all' },
    });
    // A seller starts on its home screen.
    await page.goto('/admin/');
    await page.waitForURL('**/admin/home');
    await screenReady(page);
    const sections = await sectionPaths(page);
    expect(sections[0]).toBe('/admin/home');
    expect(sections).toEqual(
      expect.arrayContaining([
        '/admin/home',
        '/admin/orders',
        '/admin/products',
        '/admin/gift-cards',
        '/admin/campaigns',
        '/admin/automations',
        '/admin/subscribers',
        '/admin/statements',
        '/admin/bank-account',
        '/admin/invoices',
        '/admin/profile',
        '/admin/passkeys',
      ]),
    );
    for (const path of sections)
      await visit(page, path.replace('/admin', ''), `seller${path.slice(6).replaceAll('/', '-')}`);
    await visit(page, `/orders/${orderId}`, 'seller-order');
    await visit(page, `/products/${saltlineProductId}`, 'seller-product');
    await visit(page, '/products/new', 'seller-product-new');
    await visit(page, '/products/import', 'seller-product-import');
    await visit(page, `/statements/${statementId}`, 'seller-statement');
    await visit(page, `/campaigns/${campaign.id}`, 'seller-campaign');
    await visit(page, `/campaigns/${campaign.id}/edit`, 'seller-campaign-edit');
    await visit(page, '/campaigns/new', 'seller-campaign-new');
    await visit(page, '/gift-cards/redeem', 'seller-gift-card-redeem');

    await page.goto('/admin/statements');
    await screenReady(page);
    await expectCurrentTabInView(page, 'Statements');
    await expectMenu(page, 'Statements', vendor.name);

    await openShipSheet(page, 'Saltline Surf Co.', 'seller');
    await shellShots(page, 'seller');
  });
});
