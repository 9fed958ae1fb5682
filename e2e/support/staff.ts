import type { Page } from 'playwright-core';
import type { ShopJourney } from './shop-journey.ts';
import type { TestMobile } from './sign-in.ts';

// [I34] Back-office staff in a journey: signed in on a page of their own (a virtual authenticator holds the
// passkey they add), and the back office's API called with that page's session and CSRF token.

/**
 * Signs `who` in on `page` as a new member does: the code texted to their mobile, then a passkey added in a
 * virtual authenticator; done when the sections are on screen.
 */
export async function signInStaff(
  page: Page,
  journey: ShopJourney,
  who: { mobile: TestMobile },
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
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
  await page.goto('/admin/orders');
  await page.getByLabel('Mobile number').fill(who.mobile.national);
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await page.getByLabel('Code').waitFor();
  await page.getByLabel('Code').fill(await journey.latestCode(who.mobile.e164));
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByRole('navigation', { name: 'Sections' }).waitFor();
}

/** A call of the back office's API with the page's session (and its CSRF token for a change). */
export async function staffCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const reply = await page.evaluate(
    async ({ method, path, body }) => {
      const me = await (await fetch('/admin/api/me')).json();
      const answer = await fetch(`/admin/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': me.csrf_token ?? '' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: answer.status, text: await answer.text() };
    },
    { method, path, body },
  );
  if (reply.status >= 300) throw new Error(`${method} ${path} answered ${reply.status}: ${reply.text}`);
  return JSON.parse(reply.text) as T;
}
