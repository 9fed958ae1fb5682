import { MSG } from '@quokka/contract/messages';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, screenshot } from './support/browser.ts';

describe('the shell in a phone-sized Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('[SHELL-01] [SHELL-03] [SHELL-09] shows header, brand and footer at 390×844', async () => {
    const page = await openPage(browser, '/browse');
    await expect.poll(() => page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Quokka' }).first().isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Cart/ }).isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).count()).toBe(1);
    expect(
      await page.getByRole('contentinfo').getByRole('link', { name: 'Terms & Conditions' }).count(),
    ).toBe(1);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'shell-browse');
    await page.context().close();
  });

  it('[SHELL-04] [SHELL-05] [SHELL-07] opens the side menu and closes it again', async () => {
    const page = await openPage(browser, '/browse');
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Site menu' });
    await menu.waitFor();
    expect(await menu.getByRole('tab', { name: MSG.menuTab }).isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: MSG.browse }).first().isVisible()).toBe(true);
    await screenshot(page, 'shell-menu');
    await menu.getByRole('tab', { name: MSG.accountTab }).click();
    expect(await menu.getByRole('link', { name: MSG.signIn }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Menu' }).click();
    await menu.waitFor();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await menu.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('[ROUTE-35] [ROUTE-34] sends an unknown path to /404 and shows Page not found', async () => {
    const page = await openPage(browser, '/no/such/place');
    await page.getByRole('heading', { name: MSG.pageNotFound }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/404');
    await screenshot(page, 'shell-404');
    await page.context().close();
  });

  it('[ROUTE-32] [ROUTE-33] shows /terms with its documents and a Back button that goes back', async () => {
    const page = await openPage(browser, '/browse');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms & Conditions' }).click();
    await page.getByRole('heading', { level: 1, name: 'Terms & Conditions' }).waitFor();
    for (const title of ['Member Terms', 'Vendor Terms', 'Data Processing Agreement']) {
      expect(await page.getByRole('heading', { level: 2, name: title }).count()).toBe(1);
    }
    await screenshot(page, 'shell-terms');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL('**/browse');
    await page.context().close();
  });

  it('[SHELL-10] hides the footer on /checkout and /register, shows it on /privacy', async () => {
    const page = await openPage(browser, '/checkout');
    await page.getByRole('banner').waitFor();
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    await page.goto('/register');
    await page.getByRole('banner').waitFor();
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    await page.goto('/privacy');
    await page.getByRole('contentinfo').waitFor();
    await page.context().close();
  });

  it('[ROUTE-01] [ROUTE-02] sends / to the marketing page without showing the shell', async () => {
    const reply = await fetch(`${baseURL()}/`, { redirect: 'manual' });
    expect(reply.status).toBe(302);
    expect(reply.headers.get('location')).toBe('https://marketing.quokka.test/');
  });

  it('[ERR-01] [CONN-02] [SHELL-20] [SHELL-21] shows the offline popup when the API stops answering', async () => {
    const page = await openPage(browser, '/terms');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.route('**/rest/**', (route) => route.abort('connectionrefused'));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).waitFor();
    // A screen that needs the API: the product list.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/browse');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const popup = page.getByRole('dialog').filter({ hasText: MSG.offline });
    await popup.waitFor();
    expect(await popup.getByRole('button', { name: MSG.refresh }).isVisible()).toBe(true);
    await screenshot(page, 'shell-offline');
    await page.context().close();
  });
});
