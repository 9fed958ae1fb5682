// The catalogue's part of shopper trust, in a real Chromium on phones (390×844 and 320×568) against the
// real server and its demo shop: a product call that fails offers a retry instead of 'No Product.', a
// colour swatch shows that colour's picture (and the cart keeps it), every catalogue screen passes axe
// (WCAG 2.1 A/AA), prices stay readable at 200% text size, and a shopper sent to the seller profile by
// the checkout countdown is told why. Screenshots land in e2e/screenshots for people to look at.
import { createRequire } from 'node:module';
import type { Category, ConfigurableChild, Product, ProductTile } from '@quokka/contract/api/catalog';
import { MSG } from '@quokka/contract/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, screenshot } from './support/browser.ts';
import { settled } from './support/settle.ts';
import { API, newMobile, registerMember, signInWithLink } from './support/sign-in.ts';

const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const PHONE = { width: 390, height: 844 };
const SMALL_PHONE = { width: 320, height: 568 };
type Viewport = typeof PHONE;

const TIMED_OUT_TEXT = 'Your checkout timed out — your cart is saved';

async function api<T>(path: string): Promise<T> {
  const reply = await fetch(`${baseURL()}${API}/${path}`);
  if (!reply.ok) throw new Error(`${path} answered ${reply.status}`);
  return (await reply.json()) as T;
}

/** `path` null: nothing opened yet (a sign-in link comes next). */
async function openPhone(browser: Browser, path: string | null, viewport: Viewport = PHONE): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    baseURL: baseURL(),
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
    // The shop's Content-Security-Policy forbids inline scripts, which is how axe-core is injected.
    bypassCSP: true,
  });
  const page = await context.newPage();
  if (path !== null) await page.goto(path);
  return page;
}

async function heading(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/**
 * Opens a path inside the running app, as its links do. A full load of a product page arrives
 * server-rendered with its data [I13-ssr], so a failing call of the browser's needs an in-app visit.
 */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Lets the page's calls finish (after a full load), then its pictures load and its popups finish their
 * entrance, before a screenshot or an axe run.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await settled(page);
}

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** Runs axe-core on the page as it is now; a readable list of every WCAG 2.1 A/AA violation. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
    const run = async (runOnly: unknown) =>
      ((await axe.run(document, { runOnly })) as { violations: AxeViolation[] }).violations;
    // Heading order is a best practice rather than a WCAG rule, but screen-reader users navigate by it.
    const violations = [
      ...(await run({ type: 'tag', values: tags })),
      ...(await run({ type: 'rule', values: ['heading-order'] })),
    ];
    return violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }));
  }, AXE_TAGS);
  const where = new URL(page.url()).pathname;
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${where} ${violation.id} (${violation.impact}): ${violation.help}\n    at ${node.target.join(' ')}\n    ${(node.failureSummary ?? '').replaceAll('\n', '\n    ')}`,
    ),
  );
}

/**
 * Why an element's text is not fully readable, or null when it is: its text overflows the element, an
 * ancestor that clips cuts it off, or another piece of text in the same box is drawn over it.
 */
async function unreadable(page: Page, selector: string): Promise<string | null> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return 'it is not shown';
      if (element.scrollWidth > element.clientWidth + 1) {
        return `its text is ${element.scrollWidth}px wide in a ${element.clientWidth}px box`;
      }
      if (element.scrollHeight > element.clientHeight + 1) return 'its text is cut off at the bottom';
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        if (box.left < clip.left - 1 || box.right > clip.right + 1 || box.bottom > clip.bottom + 1) {
          return `it is clipped by .${parent.className.split(' ').join('.')}`;
        }
      }
      const overlap = (other: DOMRect) =>
        other.width > 0 &&
        other.height > 0 &&
        box.left < other.right - 1 &&
        other.left < box.right - 1 &&
        box.top < other.bottom - 1 &&
        other.top < box.bottom - 1;
      const container = element.parentElement;
      for (const other of Array.from(container?.children ?? [])) {
        if (other === element || other.contains(element)) continue;
        if (overlap(other.getBoundingClientRect())) return `it overlaps .${other.className}`;
      }
      return null;
    });
}

let browser: Browser;
let tiles: ProductTile[];

/** Every product of the shop, read through the API page by page. */
async function allTiles(): Promise<ProductTile[]> {
  const found: ProductTile[] = [];
  for (let page = 1; page < 1000; page += 1) {
    const { data } = await api<{ data: ProductTile[] }>(`browseProducts?page=${page}`);
    found.push(...data);
    if (data.length < 10) break;
  }
  return found;
}

function tileOf(kind: 'simple' | 'configurable' | 'giftcard'): ProductTile {
  const tile = tiles.find((entry) =>
    kind === 'giftcard' ? entry.is_giftcard : entry.type_id === kind && !entry.is_giftcard && entry.qty > 0,
  );
  if (!tile) throw new Error(`the demo shop has no ${kind} product`);
  return tile;
}

/** A configurable product with two or more colours, and a colour other than the first with stock. */
async function colourfulProduct(): Promise<{ product: Product; colour: string; child: ConfigurableChild }> {
  for (const tile of tiles.filter((entry) => entry.type_id === 'configurable' && !entry.is_giftcard)) {
    const product = await api<Product>(`product?product_id=${tile.id}`);
    const colours = product.configurable_options.color?.options ?? [];
    if (colours.length < 2) continue;
    for (const colour of colours.slice(1)) {
      const child = product.configurable_products.find(
        (entry) => entry.options.color === colour.option_value && entry.qty > 0,
      );
      if (child) return { product, colour: colour.default_title, child };
    }
  }
  throw new Error('the demo shop has no configurable product in two colours');
}

beforeAll(async () => {
  browser = await launchBrowser();
  tiles = await allTiles();
});

afterAll(async () => {
  await browser?.close();
});

describe('a product call that fails', () => {
  const isProductCall = (url: URL) => url.pathname.endsWith('/storefront/product');

  it('[I11-10] [PDP-02] [ERR-15] [CONN-02] with no response, closing the popup leaves an error with Try again that loads the product (320×568)', async () => {
    const product = tileOf('simple');
    const page = await openPhone(browser, '/browse', SMALL_PHONE);
    await heading(page, MSG.browseHeading);
    let online = false;
    await page.route(isProductCall, (route) =>
      online ? route.continue() : route.abort('internetdisconnected'),
    );
    await goInApp(page, `/product/${product.id}`);
    const popup = page.getByRole('dialog', { name: MSG.offlineTitle });
    await popup.waitFor();
    await popup.getByRole('button', { name: MSG.close }).click();
    await popup.waitFor({ state: 'detached' });

    const retry = page.getByRole('button', { name: MSG.tryAgain });
    await retry.waitFor();
    expect(await page.getByText(MSG.noProduct).count()).toBe(0);
    await settle(page);
    await screenshot(page, 'i11-product-error-offline-320');
    expect(await axeViolations(page)).toEqual([]);

    online = true;
    await retry.click();
    await heading(page, product.name);
    expect(await retry.count()).toBe(0);
    await page.context().close();
  });

  it('[I11-10] [PDP-02] [ERR-15] [ERR-02] a server error shows the error state, and Try again loads the product (390×844)', async () => {
    const product = tileOf('configurable');
    const page = await openPhone(browser, '/browse');
    await heading(page, MSG.browseHeading);
    let failing = true;
    await page.route(isProductCall, (route) =>
      failing
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' })
        : route.continue(),
    );
    await goInApp(page, `/product/${product.id}`);
    const popup = page.getByRole('dialog', { name: MSG.unexpectedErrorTitle });
    await popup.waitFor();
    await popup.getByRole('button', { name: MSG.close }).first().click();
    await popup.waitFor({ state: 'detached' });

    const retry = page.getByRole('button', { name: MSG.tryAgain });
    await retry.waitFor();
    expect(await page.getByText(MSG.noProduct).count()).toBe(0);
    await settle(page);
    await screenshot(page, 'i11-product-error-390');
    expect(await axeViolations(page)).toEqual([]);

    failing = false;
    await retry.click();
    await heading(page, product.name);
    await page.context().close();
  });

  it('[I11-10] [ERR-04] [PDP-02] a product that does not exist still says No Product.', async () => {
    const page = await openPhone(browser, '/product/2000000000', SMALL_PHONE);
    const popup = page.getByRole('dialog', { name: MSG.productNotExistsTitle });
    await popup.waitFor();
    await popup.getByRole('button', { name: MSG.close }).first().click();
    await page.getByText(MSG.noProduct).waitFor();
    expect(await page.getByRole('button', { name: MSG.tryAgain }).count()).toBe(0);
    await page.context().close();
  });
});

describe('colour pictures', () => {
  it('[I11-17] [PDP-03] [PDP-07] [CART-01] the colour swatch shows that colour’s picture, and the cart line keeps it', async () => {
    const { product, colour, child } = await colourfulProduct();
    expect(child.image, `${product.name} has no picture for ${colour}`).toBeTruthy();
    expect(child.image).not.toBe(product.image);

    const mobile = newMobile();
    await registerMember(mobile, 'Wren Banksia');
    const page = await openPhone(browser, null);
    await signInWithLink(page, mobile);
    await page.goto(`/product/${product.id}`);
    await heading(page, product.name);
    const main = page.locator('.gallery__main img');
    expect(await main.getAttribute('src')).toBe(product.image);

    await page
      .getByRole('group', { name: /^Colou?r/ })
      .getByRole('button', { name: colour, exact: true })
      .click();
    await expect.poll(() => main.getAttribute('src')).toBe(child.image);
    await settle(page);
    await screenshot(page, 'i11-product-colour-390');

    const size = product.configurable_options.size?.options.find(
      (choice) => choice.option_value === child.options.size,
    );
    if (size) {
      await page
        .getByRole('group', { name: /^Size/ })
        .getByRole('button', { name: size.default_title, exact: true })
        .click();
    }
    await page.getByRole('button', { name: MSG.addToCart, exact: true }).click();
    const cart = page.getByRole('dialog', { name: MSG.cartTitle });
    await cart.waitFor();
    expect(await cart.locator('img').first().getAttribute('src')).toBe(child.image);
    await settle(page);
    await screenshot(page, 'i11-cart-colour-390');
    await page.context().close();
  });

  it('[I11-17] the picture follows the colour on the narrowest phone (320×568)', async () => {
    const { product, colour, child } = await colourfulProduct();
    const page = await openPhone(browser, `/product/${product.id}`, SMALL_PHONE);
    await heading(page, product.name);
    await page
      .getByRole('group', { name: /^Colou?r/ })
      .getByRole('button', { name: colour, exact: true })
      .click();
    await expect.poll(() => page.locator('.gallery__main img').getAttribute('src')).toBe(child.image);
    await settle(page);
    await screenshot(page, 'i11-product-colour-320');
    await page.context().close();
  });
});

describe('accessibility of the catalogue screens', () => {
  it('[I11-16] axe finds no WCAG 2.1 A/AA violation on /browse, a category, each kind of product page and a seller profile', async () => {
    const [category] = await api<Category[]>('categories');
    if (!category) throw new Error('the demo shop has no categories');
    const simple = tileOf('simple');
    const configurable = await colourfulProduct();
    const giftCard = tileOf('giftcard');
    const soldOut = tiles.find((tile) => tile.qty <= 0);
    const page = await openPhone(browser, '/browse');
    const found: string[] = [];

    await heading(page, MSG.browseHeading);
    await settle(page);
    await screenshot(page, 'i11-browse-390');
    found.push(...(await axeViolations(page)));
    if (soldOut) {
      // The sold-out label, on whichever page of the list it is.
      const soldOutTile = page.locator('article.tile', { hasText: soldOut.name });
      for (let step = 0; step < 20 && (await soldOutTile.count()) === 0; step += 1) {
        const shown = await page.locator('article.tile').count();
        await page.evaluate(() => document.querySelector('.product-list__sentinel')?.scrollIntoView());
        // The next page of tiles arrives (or, at the list's end, nothing does within 5 s).
        await page
          .waitForFunction((before) => document.querySelectorAll('article.tile').length > before, shown, {
            timeout: 5_000,
          })
          .catch(() => undefined);
      }
      await soldOutTile.scrollIntoViewIfNeeded();
      found.push(...(await axeViolations(page)));
    }

    await page.goto(`/category/${category.entity_id}`);
    await heading(page, category.value);
    await settle(page);
    found.push(...(await axeViolations(page)));

    await page.goto(`/product/${simple.id}`);
    await heading(page, simple.name);
    await settle(page);
    found.push(...(await axeViolations(page)));

    await page.goto(`/product/${configurable.product.id}`);
    await heading(page, configurable.product.name);
    await page
      .getByRole('group', { name: /^Colou?r/ })
      .getByRole('button', { name: configurable.colour, exact: true })
      .click();
    await settle(page);
    found.push(...(await axeViolations(page)));

    await page.goto(`/product/${giftCard.id}`);
    await heading(page, giftCard.name);
    await settle(page);
    found.push(...(await axeViolations(page)));

    await page.goto(`/sellerprofile/${simple.seller_url}`);
    await page.locator('.seller-header__name').waitFor();
    await page.locator('article.tile').first().waitFor();
    await settle(page);
    found.push(...(await axeViolations(page)));

    expect(found, `axe found:\n${found.join('\n')}`).toEqual([]);
    await page.context().close();
  });

  it('[I11-16] prices stay readable at 200% text size on a tile and on the product page (390×844 and 320×568)', async () => {
    const configurable = tileOf('configurable');
    for (const viewport of [PHONE, SMALL_PHONE]) {
      const page = await openPhone(browser, '/browse', viewport);
      await heading(page, MSG.browseHeading);
      await settle(page);
      await screenshot(page, `i11-browse-${viewport.width}`);
      await page.evaluate(() => {
        document.documentElement.style.fontSize = '200%';
      });
      await page.locator('article.tile .tile__price').first().waitFor();
      const tilePrices = await page.locator('article.tile .tile__price').count();
      for (let index = 0; index < Math.min(tilePrices, 6); index += 1) {
        const problem = await unreadable(page, `li:nth-child(${index + 1}) .tile__price`);
        expect(problem, `tile ${index + 1}'s price at ${viewport.width}px: ${problem}`).toBeNull();
      }
      await settle(page);
      await screenshot(page, `i11-browse-200pct-${viewport.width}`);

      await page.evaluate((path) => {
        window.history.pushState({}, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, `/product/${configurable.id}`);
      await heading(page, configurable.name);
      const problem = await unreadable(page, '.pdp__price');
      expect(problem, `the product page's price at ${viewport.width}px: ${problem}`).toBeNull();
      await page.locator('.pdp__price').scrollIntoViewIfNeeded();
      await settle(page);
      await screenshot(page, `i11-product-200pct-${viewport.width}`);
      await page.context().close();
    }
  });
});

describe('the seller profile after a checkout timeout', () => {
  it('[I11-6] [ROUTE-11] a shopper sent by the checkout countdown is told the checkout timed out and the cart is saved', async () => {
    const seller = tileOf('simple').seller_url;
    const page = await openPhone(browser, `/sellerprofile/${seller}`, SMALL_PHONE);
    await page.locator('.seller-header__name').waitFor();
    expect(await page.getByText(TIMED_OUT_TEXT).count()).toBe(0);

    // The checkout navigates here with router state { checkoutTimedOut: true }; React Router keeps
    // that state under history.state.usr, which a reload reads back.
    await page.evaluate(() => {
      window.history.replaceState({ usr: { checkoutTimedOut: true }, key: 'timeout', idx: 0 }, '');
    });
    await page.reload();
    const banner = page.getByRole('status').filter({ hasText: TIMED_OUT_TEXT });
    await banner.waitFor();
    await page.locator('article.tile').first().waitFor();
    await settle(page);
    await screenshot(page, 'i11-seller-timed-out-320');
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
