// Passwordless sign-in in a real Chromium against the real server in sandbox mode: a new shopper's
// link leads through registration, a member signs in with the code texted to them (read from the
// sandbox outbox), an expired link is renewed with a code and lands on its product, and signing out
// forgets the session. Links come from the operator's CLI, as in production.
import type { ProductTile } from '@quokka/contract/api/catalog';
import { MSG } from '@quokka/contract/messages';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser, openPage, screenshot } from './support/browser.ts';
import { settled } from './support/settle.ts';
import { API, cliSignInLink, newMobile, registerMember, signInLink } from './support/sign-in.ts';

/** The session's storage keys that sign-out must clear (SPEC.md §4). */
const SESSION_KEYS = ['token', 'is_signed_in', 'token_expiry', 'cartItems', 'customer'];

/** True when the server answers the path with the web app's page. */
async function servesThePage(path: string): Promise<boolean> {
  const reply = await fetch(`${baseURL()}${path}`);
  await reply.arrayBuffer();
  return reply.ok && (reply.headers.get('content-type') ?? '').startsWith('text/html');
}

interface OutboxMessage {
  id: number;
  to: string;
  kind: 'sms' | 'mms';
  body: string;
  created_at: string;
}

/** The newest code texted to a mobile, from the sandbox outbox; waits for it to arrive. */
async function latestCode(e164: string, after = 0): Promise<{ code: string; id: number }> {
  for (let tries = 0; tries < 50; tries += 1) {
    const reply = await fetch(`${baseURL()}/dev/messages.json`);
    const messages = (await reply.json()) as OutboxMessage[];
    const message = messages.find((entry) => entry.to === e164 && entry.kind === 'sms' && entry.id > after);
    const code = message?.body.match(/\b(\d{6})\b/)?.[1];
    if (message && code) return { code, id: message.id };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no code was texted to ${e164}`);
}

async function storage(page: Page, keys: readonly string[]): Promise<Record<string, string | null>> {
  return page.evaluate(
    (list) => Object.fromEntries(list.map((key) => [key, localStorage.getItem(key)])),
    [...keys],
  );
}

async function noSideScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

let browser: Browser;
/** The product the expired link names. */
let linkProduct: ProductTile;

beforeAll(async () => {
  browser = await launchBrowser();
  const { data } = (await (await fetch(`${baseURL()}${API}/browseProducts?page=1`)).json()) as {
    data: ProductTile[];
  };
  const first = data[0];
  if (!first) throw new Error('the demo shop has no products');
  linkProduct = first;
});

afterAll(() => browser?.close());

describe('sign-in journeys at 390×844', () => {
  it('[ROUTE-14] /signin explains the mobile sign-in and works at 320px', async () => {
    const page = await openPage(browser, '/signin');
    await page.getByRole('heading', { level: 1, name: MSG.signIn }).waitFor();
    expect(await page.getByLabel(MSG.mobileLabel).isVisible()).toBe(true);
    await noSideScroll(page);
    await screenshot(page, 'sign-in-page');
    await page.setViewportSize({ width: 320, height: 640 });
    await noSideScroll(page);
    await page.context().close();
  });

  it('[ROUTE-15] [ROUTE-16] [AUTH-09] [REG-01] [AUTH-21] (1) a link for a new mobile leads through registration to signed in on /browse', async () => {
    const mobile = newMobile();
    // The operator's CLI, as its own process, makes this journey's link.
    const link = await cliSignInLink(mobile.national);
    const page = await openPage(browser, link);

    // [REG-12..16] The welcome overlay greets the new shopper.
    const welcome = page.getByRole('dialog', { name: MSG.welcomeTitle });
    await welcome.waitFor();
    expect(await welcome.getByText(MSG.welcomeOneTime).isVisible()).toBe(true);
    expect(await welcome.getByText(MSG.welcomeNoPasswords).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/register');
    await settled(page);
    await screenshot(page, 'sign-in-register-welcome');
    await welcome.getByRole('button', { name: MSG.gotIt }).click();

    // Mistakes first: every message beside its field, the address fields revealed.
    await page.getByRole('button', { name: MSG.register }).click();
    await page.getByText(MSG.missingStreet).waitFor();
    expect(await page.getByText(MSG.fullName).isVisible()).toBe(true);
    expect(await page.getByText(MSG.acceptTerms).isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'sign-in-register-errors');

    expect(await page.getByLabel(MSG.mobileLabel).inputValue()).toBe(mobile.national);
    await page.getByLabel(MSG.fullNameLabel).fill('Nell Wattle');
    await page.getByLabel(MSG.emailLabel).fill(`nell.${mobile.e164.slice(-6)}@example.com`);
    const search = page.getByRole('combobox', { name: MSG.addressSearchLabel });
    await search.fill('');
    await search.pressSequentially('12 King St, Newtown', { delay: 20 });
    const option = page.getByRole('option').filter({ hasText: 'Newtown NSW' }).first();
    await option.waitFor();
    await screenshot(page, 'sign-in-register-address-search');
    await option.click();
    expect(await page.getByLabel(MSG.streetAddressLabel).inputValue()).toBe('12 King St');
    expect(await page.getByLabel(MSG.suburbLabel).inputValue()).toBe('Newtown');
    expect(await page.getByRole('combobox', { name: MSG.stateLabel }).inputValue()).toBe('NSW');
    if ((await page.getByLabel(MSG.postcodeLabel).inputValue()) === '')
      await page.getByLabel(MSG.postcodeLabel).fill('2042');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: MSG.register }).click();

    await page.waitForURL('**/browse');
    await page.getByRole('heading', { level: 1, name: MSG.browseHeading }).waitFor();
    const stored = await storage(page, ['token', 'is_signed_in', 'jwt']);
    expect(stored.token).toMatch(/.+/);
    expect(stored.is_signed_in).toBe('true');
    expect(stored.jwt).toBeNull();
    await page.context().close();
  });

  it('[SHELL-25] [ROLE-04] [AUTH-16] [AUTH-17] [AUTH-18] [ROUTE-06] (2) a member signs in through the popup with the texted code', async () => {
    const mobile = newMobile();
    await registerMember(mobile, 'Ada Banksia');
    const page = await openPage(browser, '/browse');
    await page.getByRole('heading', { level: 1, name: MSG.browseHeading }).waitFor();
    await page.getByRole('button', { name: /^Cart/ }).click();
    const popup = page.getByRole('dialog', { name: MSG.mobilePopupTitle });
    await popup.waitFor();
    await settled(page);
    await screenshot(page, 'sign-in-popup-mobile');

    await popup.getByRole('button', { name: MSG.sendCode }).click();
    await popup.getByText(MSG.validMobile).waitFor();
    await popup.getByLabel(MSG.mobileLabel).fill(mobile.national);
    const before = await fetch(`${baseURL()}/dev/messages.json`).then(
      async (reply) => (await reply.json()) as OutboxMessage[],
    );
    await popup.getByRole('button', { name: MSG.sendCode }).click();
    const codeInput = popup.getByLabel(MSG.codeLabel);
    await codeInput.waitFor();
    expect(await codeInput.getAttribute('autocomplete')).toBe('one-time-code');
    const { code } = await latestCode(mobile.e164, before[0]?.id ?? 0);

    await codeInput.fill(code === '000000' ? '111111' : '000000');
    await popup.getByRole('button', { name: MSG.confirmCode }).click();
    await popup.getByText(MSG.validCode).waitFor();
    await settled(page);
    await screenshot(page, 'sign-in-popup-code-error');

    await codeInput.fill(code);
    await popup.getByRole('button', { name: MSG.confirmCode }).click();
    await popup.getByText(MSG.mobileVerifiedTitle).waitFor();
    await settled(page);
    await screenshot(page, 'sign-in-popup-success');
    await popup.waitFor({ state: 'detached', timeout: 5_000 });

    await expect
      .poll(async () => (await storage(page, ['is_signed_in'])).is_signed_in, { timeout: 10_000 })
      .toBe('true');
    expect(new URL(page.url()).pathname).toBe('/browse');
    await page.context().close();
  });

  it('[AUTH-12] [AUTH-13] [AUTH-14] [AUTH-19] [AUTH-20] [EXP-01..03] [AUTH-11] (3) an expired link is renewed with a code and lands on its product', async () => {
    const mobile = newMobile();
    await registerMember(mobile, 'Bo Grevillea');
    // A link with a 1 s life, made 2.1 s ago: expired, on the server's clock too (it is never behind ours).
    const madeAt = new Date(Date.now() - 2_100);
    const link = await signInLink(
      mobile.national,
      { product: linkProduct.id, expires: '1s' },
      undefined,
      madeAt,
    );

    const page = await openPage(browser, link);
    await page.getByRole('heading', { level: 1, name: MSG.expiredLinkTitle }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/expiredlink');
    expect(await page.getByRole('link', { name: MSG.browseProducts }).isVisible()).toBe(true);
    await screenshot(page, 'sign-in-expired-link');

    const before = await fetch(`${baseURL()}/dev/messages.json`).then(
      async (reply) => (await reply.json()) as OutboxMessage[],
    );
    await page.getByRole('button', { name: MSG.reconfirmIdentity }).click();
    const popup = page.getByRole('dialog', { name: MSG.reconfirmIdentity });
    await popup.getByLabel(MSG.codeLabel).waitFor();
    const { code } = await latestCode(mobile.e164, before[0]?.id ?? 0);
    await settled(page);
    await screenshot(page, 'sign-in-popup-reconfirm');
    await popup.getByLabel(MSG.codeLabel).fill(code);
    await popup.getByRole('button', { name: MSG.confirmCode }).click();

    await page.waitForURL(`**/product/${linkProduct.id}`, { timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: linkProduct.name }).waitFor();
    expect((await storage(page, ['is_signed_in'])).is_signed_in).toBe('true');
    await page.context().close();
  });

  it('[ROUTE-15] [AUTH-15] [ERR-11] a tampered link opens the app and explains itself', async () => {
    const link = await signInLink(newMobile().national);
    // A signature of letters and digits only, as about a third of real ones are: the page must still load.
    const tampered = `${link.slice(0, link.lastIndexOf('.'))}.tampered0signature`;
    expect(await servesThePage(tampered), `${tampered} is not served as the page`).toBe(true);
    const page = await openPage(browser, tampered);
    await page.getByRole('heading', { level: 1, name: MSG.invalidLinkTitle }).waitFor();
    expect(await page.getByRole('button', { name: MSG.signInWithMobile }).isVisible()).toBe(true);
    await screenshot(page, 'sign-in-invalid-link');
    await page.context().close();
  });

  it('[SHELL-08] [AUTH-04] [AUTH-05] [AUTH-06] [AUTH-07] (4) signing out clears the session and the Account tab offers Sign In', async () => {
    const mobile = newMobile();
    await registerMember(mobile, 'Cy Acacia');
    const page = await openPage(browser, await signInLink(mobile.national));
    await page.waitForURL('**/browse');
    await expect.poll(async () => (await storage(page, ['token'])).token).toMatch(/.+/);
    await page.evaluate(() => localStorage.setItem('cartItems', JSON.stringify([{ id: 1, qty: 2 }])));

    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Site menu' });
    await menu.getByRole('tab', { name: MSG.accountTab }).click();
    await menu.getByRole('button', { name: MSG.signOut }).click();
    await expect.poll(async () => (await storage(page, ['token'])).token).toBeNull();
    const left = await storage(page, SESSION_KEYS);
    expect(left).toEqual(Object.fromEntries(SESSION_KEYS.map((key) => [key, null])));

    // Signing out lands on /browse; the Account tab now offers Sign In.
    await page.waitForURL('**/browse');
    await menu.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Menu' }).click();
    await menu.getByRole('tab', { name: MSG.accountTab }).click();
    await menu.getByRole('link', { name: MSG.signIn }).waitFor();
    expect(await menu.getByRole('button', { name: MSG.signOut }).count()).toBe(0);
    await screenshot(page, 'sign-in-signed-out-menu');
    await page.context().close();
  });
});
