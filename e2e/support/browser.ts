import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.ts';
import { ROOT } from './server.ts';

export const SCREENSHOTS = join(ROOT, 'e2e/screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
}

export function baseURL(): string {
  return inject('baseURL');
}

/**
 * A phone-sized page (390×844) on the storefront under test, at `path`; `null` opens nothing yet (a
 * journey about to open a sign-in link need not load /browse first).
 */
export async function openPage(browser: Browser, path: string | null = '/browse'): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    baseURL: baseURL(),
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
  });
  const page = await context.newPage();
  if (path !== null) await page.goto(path);
  return page;
}

/** Saves a screenshot under e2e/screenshots (git-ignored) for people to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

/**
 * Waits until React has hydrated the server-rendered page (its root holds React's container). A choice made
 * in a server-rendered form before then is in the page but not in the app's state: on a slow machine a
 * gift card amount picked at once was lost, and Buy Now then went nowhere.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root') as (HTMLElement & Record<string, unknown>) | null;
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}
