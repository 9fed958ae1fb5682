// [I12-6] 'Sign out everywhere' from My Account: a member signed in on two phones ends both sessions
// from one of them; the other phone's next account call finds itself signed out.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_OUT_EVERYWHERE_TEXT as TEXT } from '../apps/web/src/features/auth/components/sign-out-everywhere-texts.ts';
import { baseURL, launchBrowser, screenshot } from './support/browser.ts';
import { settled } from './support/settle.ts';
import { newMobile, registerMember, signInLink } from './support/sign-in.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function phone(width: number, height: number): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    baseURL: baseURL(),
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
  });
  return context.newPage();
}

async function signedInOn(page: Page, mobile: string): Promise<void> {
  await page.goto(await signInLink(mobile));
  await page.waitForURL('**/browse');
  await page.waitForFunction(() => localStorage.getItem('is_signed_in') === 'true');
}

describe('sign out everywhere', { timeout: 120_000 }, () => {
  it('[I12-6] ends the sessions of both phones after a confirm', async () => {
    const mobile = newMobile();
    await registerMember(mobile, 'Ada Banksia');
    const small = await phone(320, 568);
    const other = await phone(390, 844);
    await signedInOn(small, mobile.national);
    await signedInOn(other, mobile.national);

    await small.goto('/account');
    const button = small.getByRole('button', { name: TEXT.button });
    await button.scrollIntoViewIfNeeded();
    await screenshot(small, 'sign-out-everywhere-320');
    await button.click();
    const dialog = small.getByRole('dialog', { name: TEXT.confirmTitle });
    await dialog.waitFor();
    await settled(small); // the popup's fade-in has ended
    await screenshot(small, 'sign-out-everywhere-confirm-320');
    await other.goto('/account');
    await other.getByRole('button', { name: TEXT.button }).scrollIntoViewIfNeeded();
    await screenshot(other, 'sign-out-everywhere-390');

    await dialog.getByRole('button', { name: TEXT.button }).click();
    await small.waitForFunction(() => localStorage.getItem('is_signed_in') !== 'true');
    // The other phone's session is gone on the server: its next account call signs it out.
    await other.reload();
    // A 401 signs the page out and reloads it into the sign-in page.
    await other.waitForURL((url) => !url.pathname.startsWith('/account'), { timeout: 15_000 });
    await other.waitForLoadState();
    expect(await other.evaluate(() => localStorage.getItem('is_signed_in'))).not.toBe('true');
  });
});
