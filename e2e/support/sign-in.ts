// Signing a member in for a journey, as sign-in.e2e.ts does it: a fresh Australian mobile, the member
// registered through the API with a mobile proven by the operator's CLI link, then the link opened.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { baseURL } from './browser.ts';
import { ROOT } from './server.ts';

const run = promisify(execFile);
export const API = '/rest/default/V1/storefront';

export interface TestMobile {
  national: string;
  e164: string;
}

/** A fresh Australian mobile per journey, so no send limit of another journey applies. */
export function newMobile(): TestMobile {
  const digits = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  return { national: `0413 ${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+61413${digits}` };
}

/** A sign-in link made by the operator's CLI; the path part, so it opens on the server under test. */
export async function signInLink(
  mobile: string,
  options: { product?: number; seller?: string; expires?: string } = {},
): Promise<string> {
  const args = ['--import', 'tsx', 'apps/server/src/cli/main.ts', 'link', '--mobile', mobile];
  if (options.product !== undefined) args.push('--product', String(options.product));
  if (options.seller !== undefined) args.push('--seller', options.seller);
  if (options.expires !== undefined) args.push('--expires', options.expires);
  const { stdout } = await run(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: inject('dataDir'), DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });
  const url = stdout.trim().split('\n').at(-1) ?? '';
  const { pathname } = new URL(url);
  if (!/^\/autologin\/[\w-]+\.[\w-]+\.[\w-]+$/.test(pathname)) throw new Error(`not a sign-in link: ${url}`);
  return pathname;
}

async function post<T>(path: string, body: unknown): Promise<T> {
  const reply = await fetch(`${baseURL()}${API}/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await reply.text();
  if (!reply.ok) throw new Error(`${path} answered ${reply.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Registers a member through the API, as the registration page would, with one NSW address. */
export async function registerMember(mobile: TestMobile, name: string): Promise<void> {
  const jwt = decodeURIComponent((await signInLink(mobile.national)).replace('/autologin/', ''));
  const [firstname = '', lastname = ''] = name.split(' ');
  const address = {
    firstname,
    lastname,
    telephone: mobile.e164,
    street: ['5 Ocean St'],
    city: 'Bondi',
    postcode: '2026',
    region: { region: 'New South Wales', region_code: 'NSW', region_id: 570 },
    region_id: 570,
    country_id: 'AU',
    default_shipping: true,
    default_billing: true,
  };
  const email = `${firstname.toLowerCase()}.${mobile.e164.slice(-6)}@example.com`;
  await post('createAccount', {
    customer: { email, firstname, lastname, store_id: 19, website_id: 1, addresses: [address] },
    mobile: mobile.e164,
    r_token: 'e2e',
    campaign_id: null,
    jwt,
  });
}

/** Opens a member's sign-in link and waits until the browser holds the session. */
export async function signInWithLink(page: Page, mobile: TestMobile): Promise<void> {
  await page.goto(await signInLink(mobile.national));
  await page.waitForURL('**/browse');
  await page.waitForFunction(() => localStorage.getItem('is_signed_in') === 'true');
}
