// [I15-admin] The back office in a real Chromium against the real server in sandbox mode: an operator
// made by the CLI signs in with a code (read from the sandbox outbox), adds a passkey (Chromium's virtual
// authenticator, over the DevTools protocol), signs out, and signs in again with the passkey alone; each
// step is in the audit log. Sign-in only for now: the order, gift card and dashboard journeys follow once
// their routes land.
//
// The CLI writes to the embedded database, which one process opens at a time, so this journey runs its own
// server: the account is made first, then the server starts on that data directory. The page is opened on
// `localhost` (not 127.0.0.1): without PUBLIC_URL the relying party is http://localhost:PORT, and a
// passkey is bound to it.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './support/browser.ts';
import { ROOT, type RunningServer, startServer } from './support/server.ts';

const run = promisify(execFile);

interface OutboxMessage {
  id: number;
  to: string;
  kind: 'sms' | 'mms';
  body: string;
}

const operator = {
  national: `0413 ${String(Math.floor(Math.random() * 1_000_000))
    .padStart(6, '0')
    .replace(/^(\d{3})/, '$1 ')}`,
  name: 'Jo Operator',
};
const e164 = `+61${operator.national.replace(/\s/g, '').slice(1)}`;

describe('[I15-admin] back office sign-in in Chromium', () => {
  let server: RunningServer;
  let dataDir: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let origin: string;

  /** The newest code texted to the operator (the outbox lists newest first). */
  async function latestCode(after = 0): Promise<{ code: string; id: number }> {
    for (let tries = 0; tries < 50; tries += 1) {
      const messages = (await (await fetch(`${server.baseURL}/dev/messages.json`)).json()) as OutboxMessage[];
      const message = messages.find((entry) => entry.to === e164 && entry.kind === 'sms' && entry.id > after);
      const code = message?.body.match(/\b(\d{6})\b/)?.[1];
      if (message && code) return { code, id: message.id };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`no code was texted to ${e164}`);
  }

  beforeAll(async () => {
    // @ts-expect-error: a plain .mjs module shared with `npm start`
    const { ensureAdminBuild } = await import('../scripts/build-admin.mjs');
    ensureAdminBuild({ quiet: true });
    dataDir = mkdtempSync(join(tmpdir(), 'quokka-e2e-admin-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', SEED_DEMO: '0' };
    const args = ['--import', 'tsx', 'apps/server/src/cli/main.ts', 'staff', 'add'];
    await run(
      process.execPath,
      [...args, '--mobile', operator.national, '--name', operator.name, '--role', 'operator'],
      {
        cwd: ROOT,
        env,
      },
    );
    server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: '0' });
    origin = server.baseURL.replace('127.0.0.1', 'localhost');
    browser = await launchBrowser();
    context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      baseURL: origin,
      locale: 'en-AU',
      timezoneId: 'Australia/Sydney',
    });
    page = await context.newPage();
    // A platform authenticator with user verification, as a phone's passkey is.
    const cdp = await context.newCDPSession(page);
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
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('code → add a passkey → sign out → sign in with the passkey; each step in the audit log', async () => {
    await page.goto('/admin/orders');
    await page.getByLabel('Mobile number').fill(operator.national);
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await expect.poll(() => page.getByLabel('Code').isVisible()).toBe(true);
    const { code } = await latestCode();
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();

    // A code alone never opens the back office: the first sign-in adds a passkey.
    await page.getByRole('heading', { name: 'Add a passkey' }).waitFor();
    await screenshot(page, 'back-office-add-passkey');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    expect(await page.getByRole('banner').textContent()).toContain(operator.name);
    // Still on the address first asked for.
    expect(new URL(page.url()).pathname).toBe('/admin/orders');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Mobile number').waitFor();
    // Signed out on the server too: the cookie no longer opens /me.
    expect(await page.evaluate(async () => (await fetch('/admin/api/me')).status)).toBe(401);

    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('heading', { name: 'Orders' }).waitFor();

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    const actions = await page.locator('td[data-label="Action"]').allTextContents();
    expect(actions.slice(0, 5)).toEqual([
      'sign_in.passkey',
      'sign_out',
      'passkey.added',
      'sign_in.code',
      'staff.added',
    ]);
    await screenshot(page, 'back-office-audit');
  });
});
