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
