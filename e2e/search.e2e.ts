// [I33] A shopper finds it by searching, on a phone (390×844, and the results at 320×568), in a real
// Chromium against the demo shop: the header's search icon opens the field; a typo ("hodie") still
// suggests hoodies, with the matched part marked, and choosing one by keyboard opens it; a search for
// "hoodie" lists the results, filtered by size and a price ceiling (the filters kept in the URL); a result
// goes into the cart.
import type { ProductTile } from '@quokka/contract/api/catalog';
import type { SearchReply } from '@quokka/contract/api/search';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, screenshot } from './support/browser.ts';
import { elementsPastRightEdge } from './support/shop-journey.ts';
import { API, newMobile, registerMember, signInWithLink } from './support/sign-in.ts';

async function api<T>(path: string): Promise<T> {
  const reply = await fetch(`${baseURL()}${API}/${path}`);
  if (!reply.ok) throw new Error(`${path} answered ${reply.status}`);
  return (await reply.json()) as T;
}

describe('[I33] search from the header on a phone', () => {
  let browser: Browser;
  let page: Page;
  const member = newMobile();

  beforeAll(async () => {
    browser = await launchBrowser();
    await registerMember(member, 'Sam Seeker');
    page = await openPage(browser, null);
    await signInWithLink(page, member);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('a typo still suggests hoodies, the match marked; choosing one by keyboard opens it', async () => {
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const field = page.getByRole('combobox', { name: 'Search products' });
    await field.fill('hodie');
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await list.getByRole('option').first().waitFor();
    const first = (await list.getByRole('option').first().textContent()) ?? '';
    expect(first).toMatch(/hoodie/i);
    // The matched part of the name is marked (the typo's correction, "Hoodie").
    expect((await list.locator('mark').first().textContent())?.toLowerCase()).toBe('hoodie');
    await screenshot(page, 'search-suggestions-phone');
    await field.press('ArrowDown');
    await field.press('Enter');
    await page.waitForURL(/\/product\/\d+$/);
    await page.getByRole('heading', { level: 1, name: /Hoodie/ }).waitFor();
  });

  it('searches "hoodie", filters by size and price in the URL, and adds a result to the cart', async () => {
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const field = page.getByRole('combobox', { name: 'Search products' });
    await field.fill('hoodie');
    await field.press('Enter');
    await page.waitForURL(/\/search\?q=hoodie/);
    await page.getByRole('heading', { level: 1, name: "Results for 'hoodie'" }).waitFor();
    await page.locator('article.tile').first().waitFor();
    await screenshot(page, 'search-results-phone');

    // The filters: size M and at most $90, as the API counts them.
    const all = await api<SearchReply>('search?q=hoodie');
    const sizeM = all.facets.size.find((value) => value.label === 'M');
    expect(sizeM, JSON.stringify(all.facets.size)).toBeDefined();
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByLabel('Size', { exact: true }).selectOption(sizeM?.value ?? 'M');
    await page.getByLabel('Max price').fill('90');
    await page.getByRole('button', { name: 'Apply price' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('size')).toBe(sizeM?.value ?? 'M');
    await expect.poll(() => new URL(page.url()).searchParams.get('price_max')).toBe('90');
    const filtered = await api<SearchReply>(
      `search?q=hoodie&size=${encodeURIComponent(sizeM?.value ?? 'M')}&price_max=90`,
    );
    expect(filtered.total_count).toBeGreaterThan(0);
    expect(filtered.data.every((tile: ProductTile) => tile.price <= 90)).toBe(true);
    await screenshot(page, 'search-filters-phone');
    const show = page.getByRole('button', { name: /^Show \d+ results?$/ });
    if (await show.isVisible()) await show.click();
    await expect.poll(() => page.locator('article.tile').count()).toBe(Math.min(filtered.total_count, 10));
    await page.setViewportSize({ width: 320, height: 568 });
    await screenshot(page, 'search-results-small-phone');
    expect(await elementsPastRightEdge(page, 320), '/search at 320×568').toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });

    // A result into the cart: its page, size M and the first colour in stock.
    const [result] = filtered.data;
    if (!result) throw new Error('no result');
    await page.locator('article.tile').first().getByRole('link').first().click();
    await page.waitForURL(`**/product/${result.id}`);
    await page.getByRole('heading', { level: 1, name: result.name }).waitFor();
    const colours = page.getByRole('group', { name: /^Colou?r/ }).getByRole('button');
    if ((await colours.count()) > 0) {
      for (let index = 0; index < (await colours.count()); index += 1) {
        if (await colours.nth(index).isEnabled()) {
          await colours.nth(index).click();
          break;
        }
      }
    }
    await page.getByRole('group', { name: /^Size/ }).getByRole('button', { name: 'M', exact: true }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]').length))
      .toBe(1);
  });
});
